"""The quantity scanner: every number a text states, with its scale, unit and span.

:func:`scan_quantities` finds each number (digits or words) with one linear regex
pass, then reads a few characters around it with anchored regexes (prefix: sign,
currency, approximation or bound words; suffix: scale, percent, currency words,
unit, ratio, range). No pattern can backtrack over a digit run, so the scan is
linear in the text length (1 MB of digits, numbers or prose: well under a second).

Dimensions: ``currency``, ``percent``, ``pp`` (percentage points), ``length``,
``mass``, ``volume``, ``time``, ``area``, ``speed``, ``temperature``, ``energy``,
``power``, ``concentration``, ``lab:<unit>``, ``ratio``, ``count`` (a number next to
the noun it counts) and ``number`` (a plain number).

Scale words and suffixes: thousand / k / K, million / M / m / mn / mln, billion /
bn / B / b, trillion / tn. ``m`` and ``b`` mean million / billion only after a
currency (``$1.5m``); otherwise ``1200 m`` is metres. ``K`` after a space and without
a currency is kelvin.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from veracity.numeric import lexicon, units
from veracity.numeric.numbers import NUMBER_WORDS, ParsedNumber, parse_digits, parse_words

__all__ = ["Quantity", "scan_quantities"]

_SP = r"[ \t\u00a0\u2009\u202f]"
_DIGITS = r"\d+(?:[,.\u2009\u202f_'’]\d+)*"


def _trie_regex(words: frozenset[str]) -> str:
    """A regex alternation of ``words`` shaped as a trie (fast to reject)."""
    trie: dict[str, Any] = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        alts = [re.escape(ch) + emit(sub) for ch, sub in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        if "" in node:
            return body + "?" if len(alts) == 1 and len(body) == 1 else f"(?:{body})?"
        return body

    return emit(trie)


_WORDS_ALT = _trie_regex(NUMBER_WORDS)
_CODES = "|".join(sorted(units.CURRENCY_CODES))
_CUR_PREFIX = re.compile(
    rf"(?:(?P<sym>(?:US|A|AU|C|CA|NZ|HK|S|R)?\$|€|£|¥|₹|₩)|(?<![A-Za-z])(?P<code>{_CODES}){_SP}?){_SP}*$"
)
_SYM_CODE = {
    "$": "$",
    "US$": "USD",
    "A$": "AUD",
    "AU$": "AUD",
    "C$": "CAD",
    "CA$": "CAD",
    "NZ$": "NZD",
    "HK$": "HKD",
    "S$": "SGD",
    "R$": "BRL",
    "€": "EUR",
    "£": "GBP",
    "¥": "¥",
    "₹": "INR",
    "₩": "KRW",
}
_CUR_WORDS = "|".join(
    sorted(
        (re.escape(w).replace(r"\ ", f"{_SP}+") for w in units.CURRENCY_WORDS),
        key=len,
        reverse=True,
    )
)
_SUFFIX = re.compile(
    rf"{_SP}*"
    rf"(?:(?P<scale>(?i:thousand|million|billion|trillion)|mn|mln|bn|tn|k|K|M|B|m|b)(?![A-Za-z0-9]){_SP}*)?"
    r"(?:"
    rf"(?P<pp>(?i:percentage{_SP}+points?|percent(?:age)?{_SP}+pts?)(?![A-Za-z])|%{_SP}*points?(?![A-Za-z])|pp(?![A-Za-z])|p\.p\.|ppts?(?![A-Za-z]))"
    rf"|(?P<bp>(?i:basis{_SP}+points?|bps?)(?![A-Za-z]))"
    rf"|(?P<pct>%|(?i:per{_SP}?cent|pct)(?![A-Za-z]))"
    rf"|(?P<cur>(?:{_CODES})(?![A-Za-z])|[€£]|(?i:{_CUR_WORDS})(?![A-Za-z]))"
    rf"|(?P<ratio>(?:x|×)(?![A-Za-z0-9])|(?i:times)(?![A-Za-z])|-?(?i:fold)(?![A-Za-z]))"
    rf"|(?P<hy>-{_SP}*)?(?P<unit>{units.unit_regex_source()})(?![A-Za-z0-9])"
    r")?"
)
_UNIT_ONLY = re.compile(rf"{_SP}*(?P<unit>{units.unit_regex_source()})(?![A-Za-z0-9])")
_SCALES = {
    "k": 1e3,
    "K": 1e3,
    "M": 1e6,
    "m": 1e6,
    "mn": 1e6,
    "mln": 1e6,
    "B": 1e9,
    "b": 1e9,
    "bn": 1e9,
    "tn": 1e12,
}
_LAST_WORD = re.compile(r"([A-Za-z§#][A-Za-z.]*)[ \t\u00a0]*$")
_RANGE = re.compile(
    rf"(?:{_SP}*(?P<dash>[-–—]){_SP}*|{_SP}+(?P<word>to|and|through){_SP}+)(?=[$€£¥₹]?\d)"
)
_CHAIN = re.compile(r"[-/.:]\d+[-/.:]\d")
_AFTER_ID = re.compile(r"[ \t]*(?:U\.S\.C\.|USC|C\.F\.R\.|CFR)")
_TIME_AFTER = re.compile(r"[ \t]*(?:[ap]\.?m\.?(?![A-Za-z])|o'clock|hrs\b|h\b)", re.IGNORECASE)
_PHONE_BEFORE = re.compile(
    r"\b(?:phone|tel|telephone|call|fax|mobile|ph)\b[.:]?[^A-Za-z]{0,20}$", re.IGNORECASE
)
_TABLE_MARK = re.compile(
    r"(?i)(?:\(\s*)?(?:(?P<cur>US\$|\$|€|£|USD|EUR|GBP|AUD)\s*)?(?:amounts\s+)?in\s+"
    r"(?:(?P<cur2>US\$|\$|€|£|USD|EUR|GBP|AUD)\s*)?(?P<sc>thousands|millions|billions)\b"
    r"|\(\s*(?P<cur3>\$|€|£)\s*(?P<sc3>'?000s?|m|mn|bn)\s*\)"
)
_TABLE_SCALES = {
    "thousands": 1e3,
    "millions": 1e6,
    "billions": 1e9,
    "000": 1e3,
    "000s": 1e3,
    "'000": 1e3,
    "'000s": 1e3,
    "m": 1e6,
    "mn": 1e6,
    "bn": 1e9,
}
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_DIGITS_RE = re.compile(_DIGITS)
_WORDS_LOWER = re.compile(rf"\b(?:{_WORDS_ALT})(?:(?:{_SP}+|-)(?:{_WORDS_ALT}))*\b")
_WORDS_ANY = re.compile(rf"(?i)\b(?:{_WORDS_ALT})(?:(?:{_SP}+|-)(?:{_WORDS_ALT}))*\b")
_CHAIN_START = frozenset("-/.:")
_CUR_END = frozenset("$€£¥₹₩")
_ALPHA_RUN = re.compile(r"[ \t\u00a0\u2009\u202f]*([A-Za-z]+)")
_SUFFIX_WORDS = frozenset(
    w.lower()
    for w in (
        *(re.match(r"[A-Za-z]*", alias).group() for alias in units.UNITS),  # type: ignore[union-attr]
        *units.CURRENCY_CODES,
        *(w.split()[0] for w in units.CURRENCY_WORDS),
        *"thousand million billion trillion mn mln bn tn k m b percentage percent per pct pp p "
        "ppt ppts basis bps bp x times fold".split(),
    )
    if w
)
_NO_SUFFIX_AFTER = frozenset("\n([\"'“‘,;:$")
_SUFFIX_START = frozenset(" \t\u00a0\u2009\u202f-%€£×°º²µμ")
_NO_MATCH_RE = re.compile(
    r"(?P<scale>x)?(?P<pp>x)?(?P<bp>x)?(?P<pct>x)?(?P<cur>x)?(?P<ratio>x)?(?P<hy>x)?(?P<unit>x)?"
)
_NO_MATCH = _NO_MATCH_RE.match("")
_AM_PM = re.compile(r"[ \t]*[ap]\.?m\.?(?![A-Za-z])", re.IGNORECASE)
_MONTH_AFTER = re.compile(r"[ \t]+(?:of[ \t]+)?([A-Z][a-z]+)\.?")
_PAREN_ITEM = re.compile(r"\)[ \t]+[a-z]")
_MONTHS_LOWER = frozenset(m.lower() for m in lexicon.MONTHS)


@dataclass(slots=True)
class Quantity:
    """One stated quantity.

    ``value`` is in the dimension's base unit (see :mod:`veracity.numeric.units`;
    currency, percent, pp, ratio, count and plain numbers are their own base).
    ``stated`` is the value in the unit as written (after any scale word).
    ``low``/``high`` are set for ranges (base unit). ``half_unit`` is half of the
    last stated digit, in the base unit (``12.5 %`` -> 0.05).
    """

    start: int
    end: int
    value: float
    stated: float
    dimension: str
    unit: str
    low: float | None = None
    high: float | None = None
    approx: bool = False
    bound: str = ""
    half_unit: float = 0.5
    significant: int = 1
    noun: str = ""
    scale: float = 1.0
    excluded: str = ""
    from_words: bool = False
    table_scaled: bool = False
    direction: str = ""
    """``down`` when a word such as "fell" / "decline" states the sign ("fell 3 %")."""

    @property
    def is_range(self) -> bool:
        return self.low is not None and self.high is not None


@dataclass(slots=True)
class _Raw:
    start: int
    end: int
    number: ParsedNumber
    words: bool


def scan_quantities(
    text: str,
    *,
    exclusions: frozenset[str] | None = None,
    table_scale: bool = True,
    keep_excluded: bool = False,
    keep_parts: bool = False,
) -> list[Quantity]:
    """All quantities stated in ``text``, in order of position.

    ``exclusions`` names the active exclusion rules (default: all of
    :data:`veracity.numeric.lexicon.EXCLUSIONS`); excluded numbers are dropped, or
    kept with ``excluded`` set to the rule's name when ``keep_excluded``.
    ``table_scale`` applies markers such as ``(in thousands)`` / ``$ in millions``
    to the bare numbers that follow them up to the next blank line. Compound
    measures (``2 hours 5 minutes``, ``5 ft 10 in``, ``3 years and 6 months``) become
    one quantity; ``keep_parts`` also keeps their parts (for evidence).
    """
    active = frozenset(lexicon.EXCLUSIONS) if exclusions is None else exclusions
    out: list[Quantity] = []
    consumed = 0
    n = len(text)
    phone_end = -2
    for m in _anchors(text):
        if m.start() < consumed:
            continue
        if m.re is _DIGITS_RE:
            s, e = m.span()
            num = parse_digits(m.group()) or _BAD
            if (
                num is not _BAD
                and (s == 0 or (text[s - 1] == " " and s > 1 and text[s - 2].isdigit()))
                and (e == n or (text[e] == " " and e + 1 < n and text[e + 1].isdigit()))
                and not (e - s == 4 and 1800 <= num.value <= 2100)
            ):
                # fast path: a bare number in a run of bare numbers ("12 345.6 7 ...");
                # a run that continues a phone number stays a phone number
                if phone_end == s - 1:
                    phone_end = e
                    consumed = e
                    if keep_excluded and "phone" in active:
                        out.append(Quantity(s, e, 0.0, 0.0, "number", "", excluded="phone"))
                    continue
                out.append(
                    Quantity(
                        s,
                        e,
                        num.value,
                        num.value,
                        "number",
                        "",
                        half_unit=_half(num),
                        significant=num.significant,
                    )
                )
                consumed = e
                continue
            raw = _Raw(s, e, num, False)
        else:
            word_raw = _word_number(text, m)
            if word_raw is None:
                continue
            raw = word_raw
        found, consumed = _read(text, raw, active)
        for q in found:
            if q.excluded == "phone":
                phone_end = q.end
            if q.excluded and not keep_excluded:
                continue
            out.append(q)
    if table_scale and _might_have_table_marker(text):
        _apply_table_scale(text, out)
    return _compound(text, out, keep_parts) if len(out) > 1 else out


_COMPOUND_DIMS = frozenset({"time", "length", "mass"})
_COMPOUND_GAP = re.compile(r"[ \t]*(?:,[ \t]*)?(?:and[ \t]+)?")


def _compound(text: str, found: list[Quantity], keep_parts: bool) -> list[Quantity]:
    """Join ``2 hours 5 minutes`` into one quantity (a larger unit then a smaller one)."""
    out: list[Quantity] = []
    i = 0
    while i < len(found):
        q = found[i]
        j = i
        merged = q
        while j + 1 < len(found):
            nxt = found[j + 1]
            cur = found[j]
            if (
                nxt.dimension != merged.dimension
                or merged.dimension not in _COMPOUND_DIMS
                or merged.is_range
                or nxt.is_range
                or nxt.excluded
                or merged.excluded
                or nxt.stated < 0
                or _COMPOUND_GAP.fullmatch(text, cur.end, nxt.start) is None
                or not _smaller_unit(nxt.unit, cur.unit)
            ):
                break
            factor = units.UNITS[merged.unit].factor
            merged = Quantity(
                merged.start,
                nxt.end,
                merged.value + nxt.value,
                merged.stated + nxt.value / factor,
                merged.dimension,
                merged.unit,
                approx=merged.approx,
                bound=merged.bound,
                half_unit=nxt.half_unit,
                significant=merged.significant + nxt.significant,
            )
            j += 1
        if j > i:
            if keep_parts:
                out.extend(found[i : j + 1])
            out.append(merged)
        else:
            out.append(q)
        i = j + 1
    return out


def _smaller_unit(small: str, big: str) -> bool:
    a, b = units.UNITS.get(small), units.UNITS.get(big)
    return a is not None and b is not None and a.factor < b.factor and a.offset == b.offset == 0


_BAD = ParsedNumber(float("nan"), 0, 0)


def _anchors(text: str) -> list[re.Match[str]]:
    """Digit runs and number-word runs, in order (two linear scans, merged)."""
    found = list(_DIGITS_RE.finditer(text))
    low = text.lower()
    words = _WORDS_LOWER.finditer(low) if len(low) == len(text) else _WORDS_ANY.finditer(text)
    more = list(words)
    if more:
        found = sorted(found + more, key=lambda m: m.start())
    return found


def _word_number(text: str, m: re.Match[str]) -> _Raw | None:
    words = [
        w.lower() for w in re.split(r"[ \t\u00a0\u2009\u202f-]+", text[m.start() : m.end()]) if w
    ]
    start, end = m.start(), m.end()
    # "two hundred and fifty"
    if words[-1] in ("hundred", "thousand", "million", "billion"):
        more = re.match(
            rf"{_SP}+and{_SP}+((?i:{_WORDS_ALT})(?:(?:{_SP}+|-)(?i:{_WORDS_ALT}))*)\b",
            text[end : end + 60],
        )
        if more:
            words += [w.lower() for w in re.split(r"[ \t\u00a0\u2009\u202f-]+", more.group(1)) if w]
            end += more.end()
    if words[0] in ("hundred", "thousand", "million", "billion", "trillion", "dozen"):
        before = text[max(0, start - 4) : start].lower()
        if not re.search(r"\ban?\s+$", before):
            return None
    if words == ["one"]:
        return None
    value = parse_words(words)
    if value is None:
        return None
    return _Raw(start, end, ParsedNumber(value, 0, len(str(int(value)).rstrip("0")) or 1), True)


def _read(text: str, raw: _Raw, active: frozenset[str]) -> tuple[list[Quantity], int]:
    """Read the quantity around one number; returns quantities and where reading stopped."""
    q, stop = _read_one(text, raw, active)
    if q is None:
        return [], stop
    rng = _RANGE.match(text, stop)
    if (
        rng is None
        or q.excluded
        or q.noun
        or (rng.group("word") == "and" and not _before(text, q.start, "between"))
    ):
        return [q], stop
    second_start = rng.end()
    if text[second_start] in "$€£¥₹":
        second_start += 1
    dm = _DIGITS_RE.match(text, second_start)
    if dm is None:
        return [q], stop
    num = parse_digits(dm.group())
    if num is None:
        return [q], stop
    q2, stop2 = _read_one(text, _Raw(dm.start(), dm.end(), num, False), active, prefix_ok=False)
    if q2 is None:
        return [q], stop
    _inherit(q, q2)
    if q.excluded or q2.excluded:
        reason = q.excluded or q2.excluded
        q.excluded = q2.excluded = reason
        return [q, q2], stop2
    pair = rng.group("word") == "to" and _before(text, q.start, "from")
    if pair or q.dimension != q2.dimension:
        return [q, q2], stop2
    lo, hi = sorted((q.value, q2.value))
    q.low, q.high = lo, hi
    q.value = (lo + hi) / 2
    q.stated = (q.stated + q2.stated) / 2
    q.end = q2.end
    q.noun = q2.noun
    q.half_unit = min(q.half_unit, q2.half_unit)
    return [q], stop2


def _before(text: str, pos: int, word: str) -> bool:
    window = text[max(0, pos - 40) : pos].lower()
    return re.search(rf"\b{word}\b[^.;:!?]*$", window) is not None


def _inherit(first: Quantity, second: Quantity) -> None:
    """``3-5 million`` / ``$3-5m`` / ``3 to 5 km``: share scale, currency, unit."""
    if first.scale == 1.0 and second.scale != 1.0 and first.dimension in ("number", "currency"):
        first.value *= second.scale
        first.stated *= second.scale
        first.half_unit *= second.scale
        first.scale = second.scale
    if first.dimension == "number" and second.dimension not in ("number", "count"):
        conv = units.UNITS.get(second.unit)
        first.dimension, first.unit = second.dimension, second.unit
        if conv is not None:
            first.value = first.stated * conv.factor + conv.offset
            first.half_unit *= conv.factor
    elif first.dimension == "currency" and second.dimension == "number":
        second.dimension, second.unit = "currency", first.unit
        if second.scale == 1.0 and first.scale != 1.0:
            for attr in ("value", "stated", "half_unit"):
                setattr(second, attr, getattr(second, attr) * first.scale)
            second.scale = first.scale


def _read_one(
    text: str, raw: _Raw, active: frozenset[str], *, prefix_ok: bool = True
) -> tuple[Quantity | None, int]:
    s, e = raw.start, raw.end
    n = len(text)
    prev = text[s - 1] if s > 0 else ""
    excluded = ""
    num = raw.number
    if num is _BAD:
        # lists (1,2,3), versions (2.1.3) and huge digit runs are not quantities
        return Quantity(s, e, 0.0, 0.0, "number", "", excluded="identifier"), e
    # --- glued to letters or other digits: identifiers, dates, times
    if prev.isalpha() or prev == "_" or (prev in "-‐/" and s >= 2 and text[s - 2].isalpha()):
        excluded = "identifier"
    elif prev in "/:" and s >= 2 and text[s - 2].isdigit():
        excluded = "date" if prev == "/" else "time_of_day"
    nxt = text[e] if e < n else ""
    chain = _CHAIN.match(text, e) if nxt in _CHAIN_START else None
    if not excluded and chain and not raw.words:
        sep = chain.group()[0]
        excluded = "time_of_day" if sep == ":" else ("identifier" if sep == "." else "date")
        if (sep in "-." and _maybe_phone(text, s)) or (
            sep == "-" and re.match(r"-\d{3,4}-\d{4}", text[e : e + 10])
        ):
            excluded = "phone"
        end = e
        while end < n and (text[end].isdigit() or text[end] in "-/.:"):
            end += 1
        if text[end - 1] in "-/.:":
            end -= 1
        return Quantity(s, end, 0.0, 0.0, "number", "", excluded=excluded), end
    if not excluded and e + 1 < n and text[e] in ":/" and text[e + 1].isdigit():
        excluded = "time_of_day" if text[e] == ":" else "date"
    # --- prefix: sign, currency, approximation, bound
    start = s
    currency = ""
    left = text[max(0, s - 8) : s]
    before_char = left.rstrip(" \t\u00a0\u2009\u202f-−+(")[-1:]
    cm = None
    if (
        before_char
        and (before_char in _CUR_END or before_char.isupper())
        and (prefix_ok or left.endswith(("$", "€", "£")))
    ):
        cm = _CUR_PREFIX.search(left)
    if cm:
        currency = _SYM_CODE.get(cm.group("sym") or "", "") or (cm.group("code") or "")
        if currency == "RMB":
            currency = "CNY"
        start = s - (len(left) - cm.start())
    negative = False
    sign_pos = start - 1
    if (
        sign_pos >= 0
        and text[sign_pos] in "-−"
        and (sign_pos == 0 or text[sign_pos - 1] in " \t\n(=:[")
        and not excluded
    ):
        negative = True
        start = sign_pos
    elif sign_pos >= 0 and text[sign_pos] == "+":
        start = sign_pos
    # --- suffix
    sm = _NO_MATCH
    if nxt.isalpha() or nxt in _SUFFIX_START:
        after2 = text[e + 1 : e + 2]
        if not (nxt in " \t" and (after2.isdigit() or after2 in _NO_SUFFIX_AFTER)):
            word = _ALPHA_RUN.match(text, e)
            if word is None or word.group(1).lower() in _SUFFIX_WORDS:
                sm = _SUFFIX.match(text, e)
    assert sm is not None  # everything in _SUFFIX is optional
    scale_tok = sm.group("scale")
    stop = sm.end()
    if sm.lastgroup in (None, "scale"):
        stop = sm.end("scale") if scale_tok else e
    if sm.group("unit") == "s" and sm.start("unit") == e:
        stop = e  # 1990s: a decade, not seconds
        sm = _NO_MATCH
        assert sm is not None
    scale = 1.0
    dimension, unit_sym = "number", ""
    conv_factor, conv_offset = 1.0, 0.0
    if scale_tok:
        low = scale_tok.lower()
        if (
            scale_tok == "m"
            and not currency
            and sm.start("scale") == e
            and _counts_people(text, sm.end("scale"))
        ):
            scale = 1e6  # "1.2m people": a million, not metres
        elif scale_tok in ("m", "b") and not currency:
            scale_tok = None
            um = _UNIT_ONLY.match(text, e)
            if um and um.group("unit") in units.UNITS:
                u = units.UNITS[um.group("unit")]
                dimension, unit_sym, conv_factor, conv_offset = (
                    u.dimension,
                    u.symbol,
                    u.factor,
                    u.offset,
                )
                stop = um.end()
            else:
                stop = e
        elif scale_tok == "K" and not currency and text[e] != "K":
            scale_tok = None
            dimension, unit_sym, conv_factor, conv_offset = "temperature", "K", 1.0, -273.15
        else:
            scale = units.SCALE_WORDS.get(low) or _SCALES[scale_tok]
    if dimension == "number":
        if sm.group("pp"):
            dimension, unit_sym = "pp", "pp"
        elif sm.group("bp"):
            dimension, unit_sym, conv_factor = "pp", "bp", 0.01
        elif sm.group("pct"):
            dimension, unit_sym = "percent", "%"
        elif sm.group("cur"):
            word = re.sub(rf"{_SP}+", " ", sm.group("cur")).lower()
            currency = (
                units.CURRENCY_WORDS.get(word) or _SYM_CODE.get(word) or sm.group("cur").upper()
            )
        elif sm.group("ratio"):
            dimension, unit_sym = "ratio", "x"
        elif sm.group("unit"):
            alias = re.sub(r"[ \t]+", " ", sm.group("unit"))
            found = units.UNITS.get(alias) or units.UNITS.get(alias.lower())
            if found is None or (sm.group("hy") and len(alias) < 2):
                stop = sm.start("hy") if sm.group("hy") else sm.start("unit")
                stop = _rstrip(text, e, stop)
            else:
                dimension, unit_sym, conv_factor, conv_offset = (
                    found.dimension,
                    found.symbol,
                    found.factor,
                    found.offset,
                )
    if currency.endswith("¢"):  # 96 cents = $0.96
        currency = currency[:-1]
        conv_factor = 0.01
    if currency:
        dimension, unit_sym = "currency", currency
    value = num.value * scale
    if negative:
        value = -value
    # accounting negative: (1,234) or ($1,234)
    if (
        not negative
        and start > 0
        and text[start - 1] == "("
        and stop < n
        and text[stop] == ")"
        and (num.grouped or currency)
        and dimension in ("number", "currency")
    ):
        value = -value
        negative = True
    stated = value
    base = value * conv_factor + conv_offset
    half = _half(num) * scale * conv_factor
    q = Quantity(
        start,
        stop if stop > e else e,
        base,
        stated,
        dimension,
        unit_sym,
        half_unit=half,
        significant=num.significant,
        scale=scale,
        from_words=raw.words,
    )
    # --- approximations and bounds
    before = text[max(0, start - 24) : start]
    last = before.rstrip()[-1:]
    if last and (last.isalpha() or last in "~≈<>≥≤=."):
        kind = _prefix_kind(before)
        if kind == "approx":
            q.approx = True
        elif kind:
            q.bound = kind
    if last and last.isalpha() and dimension in ("percent", "pp", "currency", "number"):
        q.direction = _direction(before, text, q.end)
    # --- exclusions
    if not excluded:
        excluded = _exclusion(text, q, num, raw, prev, e)
    if dimension == "number" and not excluded:
        q.noun = _noun(text, q.end)
        if q.noun:
            q.dimension = "count"
        elif raw.words:
            excluded = "bare_word"
    q.excluded = excluded if (excluded in active or excluded == "bare_word") else ""
    return q, q.end


def _rstrip(text: str, lo: int, hi: int) -> int:
    while hi > lo and text[hi - 1] in " \t\u00a0\u2009\u202f":
        hi -= 1
    return hi


def _exclusion(text: str, q: Quantity, num: ParsedNumber, raw: _Raw, prev: str, e: int) -> str:
    s = raw.start
    n = len(text)
    nxt = text[e] if e < n else ""
    plain = q.dimension == "number"
    if nxt.isalpha() and q.end == e:
        tail = text[e : e + 3].lower()
        if tail[:2] in ("st", "nd", "rd", "th") and (len(tail) < 3 or not tail[2].isalpha()):
            return "ordinal"
        if tail[:1] == "s" and (len(tail) < 2 or not tail[1].isalpha()) and num.value >= 10:
            return "year"  # 1990s, 80s
        if _TIME_AFTER.match(text, e):
            return "time_of_day"
        return "identifier"
    if plain and nxt == "-" and e + 1 < n and text[e + 1].isupper():
        return "identifier"  # 10-K
    after = text[e : e + 16]
    if plain and not raw.words and after[1:2].isalpha():
        if _TIME_AFTER.match(after) and _AM_PM.match(after):
            return "time_of_day"
        if _AFTER_ID.match(after):
            return "identifier"
    left = text[max(0, s - 24) : s]
    last = left.rstrip()[-1:]
    if last and (last.isalpha() or last in "§#."):
        lw = _LAST_WORD.search(left)
        if lw and q.start == s and plain:
            word = lw.group(1).rstrip(".").lower()
            if word in lexicon.IDENTIFIER_WORDS or word.startswith(("§", "#")):
                return "identifier"
            if lw.group(1).rstrip(".") in lexicon.MONTHS:
                return "date"
        if last in "§#":
            return "identifier"
    if plain and after[1:2].isupper():
        nm = _MONTH_AFTER.match(after)
        if nm and nm.group(1) in lexicon.MONTHS:
            return "date"
    if prev == "[" and nxt == "]":
        return "citation"
    if plain and num.decimals == 0 and not num.grouped:
        if nxt in ".)" and (e + 1 >= n or text[e + 1] in " \t") and _at_line_start(text, s):
            return "list_marker"
        if prev == "(" and nxt == ")" and num.value < 20 and _PAREN_ITEM.match(after):
            return "list_marker"
        if _maybe_phone(text, s) or (prev == "+" and after[:1] in " \t(" and after[1:2].isdigit()):
            return "phone"
        if not raw.words and q.scale == 1.0 and e - s == 4 and 1800 <= num.value <= 2100:
            noun = _noun(text, q.end)
            pw = _LAST_WORD.search(left[-16:])
            prev_word = pw.group(1).lower() if pw else ""
            if not (
                noun.endswith("s")
                and prev_word not in lexicon.YEAR_PREPOSITIONS
                and prev_word not in _MONTHS_LOWER
            ):
                return "year"
    return ""


_PEOPLE = frozenset("people children men women staff adults residents".split())


def _counts_people(text: str, pos: int) -> bool:
    noun = _noun(text, pos)
    return bool(noun) and (noun in _PEOPLE or (noun.endswith("s") and noun not in units.UNITS))


_PREFIX_PHRASES: dict[str, str] = {
    **dict.fromkeys(
        "about around approximately approx approx. roughly nearly almost some circa c. "
        "estimated ~ ≈".split(),
        "approx",
    ),
    **dict.fromkeys(
        ["close to", "an estimated", "just under", "just over", "more or less", "on the order of"],
        "approx",
    ),
    **dict.fromkeys("over above exceeding > ≥ >=".split(), "min"),
    **dict.fromkeys(
        ["more than", "greater than", "in excess of", "at least", "upwards of", "no less than"],
        "min",
    ),
    **dict.fromkeys("under below < ≤ <=".split(), "max"),
    **dict.fromkeys(["less than", "fewer than", "up to", "at most", "no more than"], "max"),
}


def _prefix_kind(before: str) -> str:
    """``approx`` / ``min`` / ``max`` / ``""`` from the words right before a number."""
    toks = before.lower().split()[-4:]
    if not toks or (toks[-1] not in _PREFIX_LAST and toks[-1][-1:] not in "~≈<>≥≤"):
        return ""
    if toks[-1] not in _PREFIX_PHRASES and toks[-1][-1:] in "~≈<>≥≤":
        toks[-1] = toks[-1][-1]  # "(~5", "is>5"
    toks = [t.lstrip("(\"'“") for t in toks]
    for size in (4, 3, 2, 1):
        if len(toks) >= size:
            kind = _PREFIX_PHRASES.get(" ".join(toks[-size:]))
            if kind:
                return kind
    return ""


_PREFIX_LAST = frozenset(p.split()[-1] for p in _PREFIX_PHRASES)


_DOWN_WORDS = frozenset(
    """fell fall falls falling dropped drop drops declined decline declines declining
    decreased decrease decreases down lower lost lose loses slid slipped shrank shrunk
    contracted contraction negative minus cut cuts reduced reduction plunged tumbled sank
    eased dipped slumped retreated deficit loss losses""".split()
)


def _direction(before: str, text: str, end: int) -> str:
    """``down`` when a decline word sits right before the number ("fell by 3 %") or right
    after it ("a 3 % drop")."""
    words = before.lower().split()[-3:]
    if any(w.strip(",;:()") in _DOWN_WORDS for w in words):
        return "down"
    nxt = text[end : end + 14].lower().split()[:1]
    if nxt and nxt[0].strip(",.;:()") in _DOWN_WORDS:
        return "down"
    return ""


def _might_have_table_marker(text: str) -> bool:
    low = text.lower()
    return any(
        w in low for w in ("thousands", "millions", "billions", "000)", "000s)", "m)", "mn)", "bn)")
    )


def _half(num: ParsedNumber) -> float:
    """Half the last stated digit: 12.5 -> 0.05, 15,000 -> 500 (trailing zeros round)."""
    if num.decimals:
        return 0.5 * 10.0**-num.decimals
    return 0.5 * 10.0**num.trailing_zeros


def _at_line_start(text: str, s: int) -> bool:
    k = s
    while k > 0 and s - k < 4 and text[k - 1] in " \t(":
        k -= 1
    return k == 0 or text[k - 1] == "\n"


def _maybe_phone(text: str, s: int) -> bool:
    left = text[max(0, s - 30) : s].lower()
    if not any(w in left for w in ("tel", "phone", "call", "fax", "mobile", "ph")):
        return False
    return _PHONE_BEFORE.search(left) is not None


_NOUN_WORD = re.compile(r"[ \t\u00a0]+([A-Za-z][\w'’-]*|\S+)")


def _noun(text: str, pos: int) -> str:
    """The noun a number counts: the next word, skipping adjectives and codes."""
    p = pos
    for _ in range(3):
        m = _NOUN_WORD.match(text, p)
        if m is None:
            return ""
        tok = m.group(1)
        p = m.end()
        word = tok.lower().rstrip("'’")
        if not tok[0].isalpha():
            return ""
        if word in lexicon.NOUN_STOPWORDS:
            return ""
        if word in lexicon.ADJECTIVES or tok[0].isupper() or any(c.isdigit() for c in tok):
            if p < len(text) and text[p] in ",.;:!?)":
                return ""
            continue
        return word
    return ""


def _apply_table_scale(text: str, found: list[Quantity]) -> None:
    """Multiply bare numbers under a ``(in thousands)``-style marker by its scale."""
    marks = list(_TABLE_MARK.finditer(text))
    if not marks:
        return
    regions: list[tuple[int, int, float, str]] = []
    for mk in marks:
        sc = (mk.group("sc") or mk.group("sc3") or "").lower()
        factor = _TABLE_SCALES.get(sc)
        if factor is None:
            continue
        cur = mk.group("cur") or mk.group("cur2") or mk.group("cur3") or ""
        code = _SYM_CODE.get(cur.upper() if len(cur) == 3 else cur, cur.upper())
        blank = _BLANK_LINE.search(text, mk.end())
        regions.append((mk.end(), blank.start() if blank else len(text), factor, code))
    for q in found:
        if q.scale != 1.0 or q.dimension not in ("number", "currency") or q.noun:
            continue
        for lo, hi, factor, code in regions:
            if lo <= q.start < hi:
                q.value *= factor
                q.stated *= factor
                q.half_unit *= factor
                if q.low is not None and q.high is not None:
                    q.low *= factor
                    q.high *= factor
                q.scale = factor
                q.table_scaled = True
                if code and q.dimension == "number":
                    q.dimension, q.unit = "currency", code
                break
