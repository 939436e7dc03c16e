"""The quantity scanner: every number a text states, with its scale, unit and span.

:func:`scan_quantities` finds each number (digits or words) with one linear regex
pass, then reads a few characters around it with anchored regexes (prefix: sign,
currency, approximation or bound words; suffix: scale, percent, currency words,
unit, ratio, range; a range is written low-high, so ``won 112-100`` is two numbers,
and ``120/80 mmHg`` is two claims sharing the unit). No pattern can backtrack over a digit run, so the scan is
linear in the text length (1 MB of digits, numbers or prose: well under a second).

Speed (results unchanged; ``benchmarks/numeric_snapshot.py`` checks it): digit runs
are produced lazily and merged with the (rare) number-word runs; each distinct digit
string is parsed once per call; cheap character tests guard the suffix and range
regexes; and a quantity with a unit, currency or percent only meets the two
exclusion rules that can apply to it.

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

import math
import re
from collections.abc import Iterator

from veracity.numeric import lexicon, units
from veracity.numeric.clocks import elapsed_time
from veracity.numeric.nearby import (
    AFTER_WORDS,
    counted_noun,
    counts_people,
    direction_of,
    exclusion_of,
    maybe_phone,
    prefix_kind,
    serial_before,
)
from veracity.numeric.numbers import (
    NUMBER_WORDS,
    ParsedNumber,
    one_number,
    parse_digits,
    parse_words,
)
from veracity.numeric.patterns import (
    ALPHA_RUN,
    CHAIN,
    CHAIN_START,
    COMPOUND_DIMS,
    CUR_END,
    CUR_PREFIX,
    DIGITS_RE,
    DOWN_WORDS,
    NO_MATCH,
    NO_SUFFIX_AFTER,
    RANGE,
    SCALES,
    SIGN_AHEAD,
    SP,
    SUFFIX,
    SUFFIX_START,
    SUFFIX_WORDS,
    SYM_CODE,
    UNIT_ONLY,
    UP_WORDS,
    WORDS_ALT,
    WORDS_ANY_NOSTART,
    WORDS_LOWER_NOSTART,
    word_runs,
)
from veracity.numeric.phrases import (
    MULTIPLIER_LOWER,
    MULTIPLIER_RE,
    PHRASE_HINTS,
    SHARE,
    multiplier,
    share,
)
from veracity.numeric.postprocess import (
    apply_table_scale,
    join_compounds,
    might_have_table_marker,
    smaller_unit,
)
from veracity.numeric.quantity import (
    BAD_NUMBER,
    Quantity,
    RawNumber,
    half_unit_of,
)
from veracity.numeric.rates import apply_rate
from veracity.numeric.sharing import share_with_neighbours

__all__ = ["Quantity", "scan_quantities"]

_SPACES = re.compile(r"[ \t]+")
_RANGE_START = frozenset(" \t\u00a0\u2009\u202f-–—")
_SHARE_GOES_ON = frozenset(" \t-io")
"""The characters that can follow the space after a number in a share ("1 in 5", "3 out
of 4") or a return period ("1 - in - 100 years")."""

_PRESSURE_BEFORE = re.compile(r"\b(?i:blood[ \t]+pressure|BP|pressure)\b[^.;\d]*$")
"""A blood pressure named before a slash pair ("BP 140/90", "blood pressure was 140/90")."""
_AMPS = re.compile(
    r" A(?=[.,;:)/|\t\n]|$| (?:at|and|or|to|max|maximum|continuous|peak|rated|per|fuse|"
    r"fuses|plug|plugs|socket|sockets|supply|charger|charging|output|input|circuit|breaker|"
    r"MCB|RCD|USB|DC|AC)\b)"
)
"""A lone "A" after a number that ends its clause or precedes an electrical word: amperes
(a lone "A" is no unit elsewhere: "3 A grades", "5 A-levels", "Flat 3 A")."""
_INCH_CELL = re.compile(r"[ \t]?in(?=[ \t]*(?:([|\t)])|\n|$))")
""""in" read as inches only where it ends a table cell or a bracket ("6.1 in |",
"(6.1 in)"), or a line of a ``|`` / tab table: elsewhere "3 in 10" is a frequency,
"grew 5 in 2023" a preposition."""


_FEET_INCHES = re.compile(r"['′](\d{1,2}(?:\.\d+)?)(?:[\"″]|'')")
"""Inches after a feet mark: the 8" of 5'8"."""

_FEET_BEFORE = re.compile(r"\d[ \t]*(?:ft|feet|foot)[ \t]+$")
_INCH_WORD = re.compile(r"[ \t]?in\b\.?")

_INCH_MARKS = frozenset('"″')
"""A double quote or double prime right after a number: inches, unless the quote closes a
quotation opened earlier on the line (:func:`_quotation_open`)."""


_QUOTE_REACH = 160


def _quotation_open(text: str, pos: int) -> bool:
    """Whether a ``"`` quotation is open at ``pos``, reading its line from the start (at
    most ``_QUOTE_REACH`` characters back, so a long line costs linear time): each
    quote opens or closes one, except a quote right after a digit while none is open,
    which is an inch mark ('10" and 12"', but '"Top 10" and "Best 5"')."""
    is_open = False
    i = text.find('"', max(text.rfind("\n", 0, pos) + 1, pos - _QUOTE_REACH), pos)
    while i >= 0:
        if is_open or i == 0 or not text[i - 1].isdigit():
            is_open = not is_open
        i = text.find('"', i + 1, pos)
    return is_open


def _run_before(text: str, s: int) -> bool:
    """A digit, or a comma after a digit, two characters before ``s`` (which follows a
    space): ``s`` continues a run of bare numbers ("12 345", "12, 345")."""
    c = text[s - 2]
    return c.isdigit() or (c == "," and s > 2 and text[s - 3].isdigit())


def _run_after(text: str, e: int, n: int) -> bool:
    """A space then a digit, or a comma, a space then a digit, at ``e``: the run of bare
    numbers goes on ("12 345", "12, 345")."""
    c = text[e]
    if c == " ":
        return e + 1 < n and text[e + 1].isdigit()
    return c == "," and e + 2 < n and text[e + 1] == " " and text[e + 2].isdigit()


_BEFORE_POINT = frozenset(" \t\n(\u00a0$€£¥~≈<>=-–/")
"""Before a point that opens a number (".5 mm"): a space, bracket, currency or sign; not
a digit, letter or comma ("v.2", "1.2.3", "No.5")."""
_SET_BEFORE = re.compile(r"\b(?i:the|all|these|those|its|their|both|our|his|her)[ \t]+$")
"""Before a number word: a reference to a known set ("all three kilns"), not a count."""
_CODE_TAIL = re.compile(r"(?:[-/][A-Za-z0-9]+)+")
"""The rest of a code after its first digits ("-40915" of "77-40915")."""
_WHOLE_OF_PART = re.compile(
    rf"(?:\d|\b(?i:{'|'.join(sorted(w for w in NUMBER_WORDS if w.isalpha() and len(w) > 2))}))"
    r"[ \t]+(?:out[ \t]+)?of[ \t]+the[ \t]+$"
)
"""Before "the" and a number word: a part ("nine of the eleven"), so the number is a whole."""
_DIRECTED = frozenset(("percent", "pp", "currency", "number"))
_DIRECTION_AFTER = re.compile(
    rf" (?i:{'|'.join(sorted((DOWN_WORDS | UP_WORDS | AFTER_WORDS) - {'up'}))})\b"
)
"""A rise or fall word right after a number (a cheap test before :func:`direction_of`)."""
_CHANGES = frozenset(("percent", "pp"))
"""Dimensions whose numbers read a rise or fall from the word after them ("12 % fewer")."""
"""Dimensions whose numbers can state a rise or a fall ("fell 3 %", "12 % fewer")."""


def scan_quantities(
    text: str,
    *,
    exclusions: frozenset[str] | None = None,
    table_scale: bool = True,
    keep_excluded: bool = False,
    keep_parts: bool = False,
    compared_units: bool = False,
) -> list[Quantity]:
    """All quantities stated in ``text``, in order of position.

    ``exclusions`` names the active exclusion rules (default: all of
    :data:`veracity.numeric.lexicon.EXCLUSIONS`); excluded numbers are dropped, or
    kept with ``excluded`` set to the rule's name when ``keep_excluded``.
    ``table_scale`` applies markers such as ``(in thousands)`` / ``$ in millions``
    to the bare numbers that follow them up to the next blank line. Compound
    measures (``2 hours 5 minutes``, ``5 ft 10 in``, ``3 years and 6 months``) become
    one quantity; ``keep_parts`` also keeps their parts (for evidence).
    ``compared_units`` gives a bare number compared with a value the value's unit ("24
    minutes against a target of 30"; for evidence).
    """
    active = frozenset(lexicon.EXCLUSIONS) if exclusions is None else exclusions
    out: list[Quantity] = []
    parsed: dict[str, tuple[ParsedNumber, float]] = {}  # digit string -> (number, half unit)
    consumed = 0
    n = len(text)
    phone_end = -2
    for m in _anchors(text):
        if m.start() < consumed:
            if m.end() <= consumed or m.re is DIGITS_RE or m.re in _MULTIPLIERS:
                continue
            # "14.8 million nine-litre cases": the number before took "million" of the
            # word run "million nine"; the words after it are a number of their own
            k = next((w.start() for w in _LETTERS.finditer(text, consumed, m.end())), -1)
            rest = _REST.match(text, k, m.end()) if k >= 0 else None
            if rest is None:
                continue
            m = rest
        if m.re is DIGITS_RE:
            s, e = m.span()
            digits = m.group()
            if s and text[s - 1] == "." and (s < 2 or text[s - 2] in _BEFORE_POINT):
                # ".012-inch", ".5 mm": a decimal with no leading zero (0.012, not 12)
                s -= 1
                digits = "." + digits
            got = parsed.get(digits)
            if got is None:
                num = parse_digits(digits) or BAD_NUMBER
                got = parsed[digits] = (num, half_unit_of(num))
            num = got[0]
            if (
                num is not BAD_NUMBER
                and (s == 0 or (text[s - 1] == " " and s > 1 and _run_before(text, s)))
                and (e == n or _run_after(text, e, n))
            ):
                if e - s == 4 and 1800 <= num.value <= 2100 and not num.grouped:
                    consumed = e  # a year in a run of numbers ("2019 2020 2021")
                    if keep_excluded and "year" in active:
                        out.append(
                            Quantity(s, e, num.value, num.value, "number", "", excluded="year")
                        )
                    elif "year" not in active:
                        out.append(
                            Quantity(s, e, num.value, num.value, "number", "", half_unit=0.5)
                        )
                    continue
                # fast path: a bare number in a run of bare numbers ("12 345.6 7 ...",
                # "12, 345, 6");
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
                        half_unit=got[1],
                        significant=num.significant,
                    )
                )
                consumed = e
                continue
            if e < n and text[e] in _VULGAR and num is not BAD_NUMBER and not num.decimals:
                # "7½ points", "3¼ lengths": the fraction is part of the number
                num = ParsedNumber(num.value + _VULGAR[text[e]], 2, num.significant + 1)
                e += 1
            elif e < n and text[e] in _SCI_START and num is not BAD_NUMBER and not num.grouped:
                sci = _SCI.match(text, e)
                if sci is not None:  # "6.02e23", "1E-9 s", "3×10^8 m/s", "1.5 × 10⁶"
                    scaled = _scientific(num, sci)
                    if scaled is not None:
                        num, e = scaled, sci.end()
            raw = RawNumber(s, e, num, False, got[1] if num is got[0] else -1.0)
        elif m.re in _MULTIPLIERS:
            out.append(multiplier(text, m))
            consumed = m.end()
            continue
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
    if table_scale and might_have_table_marker(text):
        apply_table_scale(text, out)
    if len(out) > 1:
        share_with_neighbours(text, out, compared_units=compared_units)
    return join_compounds(text, out, keep_parts) if out else out


_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_SCI_START = frozenset("eE×xX·* \t")
_SCI = re.compile(
    r"(?:[eE](?P<e>[-+−]?\d{1,3})"
    r"|[ \t]?[×xX·*][ \t]?10(?:\^|\*\*)(?P<p>[-+−]?\d{1,3})"
    r"|[ \t]?[×xX·][ \t]?10(?P<sup>[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}))"
    r"(?![\w.])"
)
"""Scientific notation after a number: "e23", "E-9", "×10^8", " x 10**3", "×10⁶"."""


def _scientific(num: ParsedNumber, sci: re.Match[str]) -> ParsedNumber | None:
    """``num`` times the power of ten ``sci`` writes, keeping its precision ("6.02e23" is
    stated to 10^21); None when the value leaves the float range."""
    raw = sci.group("e") or sci.group("p") or sci.group("sup").translate(_SUPERSCRIPTS)
    power = int(raw.replace("−", "-"))
    value = num.value * 10.0**power if abs(power) < 300 else math.inf
    if not math.isfinite(value) or (value == 0.0 and num.value != 0.0):
        return None
    shift = num.decimals - power  # digits after the point once the power applies
    return ParsedNumber(
        value, max(0, shift), num.significant, False, max(0, -shift) if shift < 0 else 0
    )


_DECIMAL_BEFORE = re.compile(r"\d\.\d+$")
"""A decimal number ending right before a slash ("8.7/10")."""
_VULGAR = {"½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3, "⅛": 0.125}
"""Vulgar fraction characters glued to a whole number ("7½" is 7.5)."""


def _anchors(text: str) -> Iterator[re.Match[str]]:
    """Digit runs and number-word runs, in order (two linear scans, merged).

    The digit runs are produced lazily (a megabyte of numbers would otherwise keep
    hundreds of thousands of match objects alive at once)."""
    low = text.lower()
    if len(low) == len(text):
        more = word_runs(WORDS_LOWER_NOSTART, low)
    else:
        more = word_runs(WORDS_ANY_NOSTART, text)
    if any(w in low for w in PHRASE_HINTS):  # cheap pre-check: the regex scan is slower
        lower = len(low) == len(text)
        more += (MULTIPLIER_LOWER if lower else MULTIPLIER_RE).finditer(low if lower else text)
    if not more:
        return DIGITS_RE.finditer(text)
    return iter(sorted([*DIGITS_RE.finditer(text), *more], key=_start))


def _start(m: re.Match[str]) -> tuple[int, bool]:
    # a phrase before a number word at the same place: "three-quarters of" before "three"
    return m.start(), m.re is not MULTIPLIER_LOWER and m.re is not MULTIPLIER_RE


_LETTERS = re.compile(r"[A-Za-z]+")
_REST = re.compile(r".+", re.DOTALL)
_CODE_CHAIN = re.compile(r"[A-Za-z][-‐]\d+[-‐/]$")
"""The tail of a code whose next part is a number: "AL-6-" of "AL-6-20", "W-2-" of "W-2-4"."""
_SCALE_DASH = re.compile(r"\d(?:[kKmMbB]|bn|mn)[-‐–]$")
_MULTIPLIERS = (MULTIPLIER_LOWER, MULTIPLIER_RE)
_PRICE_OF = re.compile(r"\b(?i:price|cost|prices|costs|per|for)[ \t]+(?:(?i:of)[ \t]+)?an?[ \t]+$")


def _word_number(text: str, m: re.Match[str]) -> RawNumber | None:
    words = [
        w.lower() for w in re.split(r"[ \t\u00a0\u2009\u202f-]+", text[m.start() : m.end()]) if w
    ]
    start, end = m.start(), m.end()
    n = one_number(words)
    if n < len(words):  # "two one-minute flights": two numbers, read the first
        words = words[:n]
        end = [w.end() for w in _LETTERS.finditer(text, start, end)][n - 1]
    # "two hundred and fifty"
    if words[-1] in ("hundred", "thousand", "million", "billion"):
        more = re.match(
            rf"{SP}+and{SP}+((?i:{WORDS_ALT})(?:(?:{SP}+|-)(?i:{WORDS_ALT}))*)\b",
            text[end : end + 60],
        )
        if more:
            words += [w.lower() for w in re.split(r"[ \t\u00a0\u2009\u202f-]+", more.group(1)) if w]
            end += more.end()
    part = 1.0
    if words[0] in ("hundred", "thousand", "million", "billion", "trillion", "dozen"):
        before = text[max(0, start - 9) : start].lower()
        if not re.search(r"\ban?\s+$", before):
            return None
        if words == ["dozen"] and _PRICE_OF.search(text, max(0, start - 24), start):
            return None  # "the price of a dozen eggs": what is priced, not a count
        if re.search(r"\bhalf\s+an?\s+$", before):  # "half a million"
            part = 0.5
            start -= len(before) - before.rindex("half")
        else:  # "a quarter of a million"
            quarter = _QUARTER_OF.search(text, max(0, start - 30), start)
            if quarter is not None:
                part, start = 0.25, quarter.start()
    if words == ["one"] and SHARE.match(text, end) is None and not _ONE_TO.match(text, end):
        return None  # a lone "one" is not a claim, but "one in five" is a share and
        # "one to three" a range
    value = parse_words(words)
    if value is None:
        return None
    value *= part
    return RawNumber(
        start, end, ParsedNumber(value, 0, len(str(int(value)).rstrip("0")) or 1), True
    )


def _fields_of(u: units.Unit) -> tuple[str, str, float, float]:
    """A unit's dimension, symbol, factor and offset, as a quantity takes them."""
    return u.dimension, u.symbol, u.factor, u.offset


_UNIT_ADJECTIVES = (
    "wet dry net gross fresh seeded planted harvested sown irrigated rostered contracted "
    "billed paid usable arable metric additional extra route track lane nautical statute "
    "passenger vehicle train flight flying driving walking working man person machine "
    "labour labor billable linear lineal running"
).split()
_ADJECTIVE_UNIT = re.compile(
    rf"[ \t]+(?i:{'|'.join(_UNIT_ADJECTIVES)})[ \t]+"
    r"(tonnes|tons|acres|hectares|hours|kilometres|kilometers|miles|litres|liters|"
    r"kilograms|metres|meters|km|kilometre|mile|hour|minutes|days|m)\b(?![²³])"
)
"""One adjective between a number and a spelled-out unit ("121 wet tonnes", "212,500
seeded acres", "48 rostered hours", "18 linear m"): the number is in that unit."""
_ADJECTIVE_SET = frozenset(_UNIT_ADJECTIVES)
_BARE_NEXT = re.compile(r"(\d{1,3})(?![\d,.]?\d)(?=[ \t]*(?:[.,;:)!?]|$|(?:and|or)\b))")
"""A bare number that names nothing of its own: the second of "weeks 5 and 6"."""
_WORD_RANGE = re.compile(rf"{SP}+(?P<word>to|and){SP}+(?=(?i:{WORDS_ALT})\b)")
"""A range between two number words: "two to four weeks", "between two and five"."""
_ONE_TO = re.compile(rf"{SP}+to{SP}+(?i:two|three|four|five|six|seven|eight|nine|ten)\b")
_QUARTER_OF = re.compile(r"\ba[ \t]+quarter[ \t]+of[ \t]+an?[ \t]+$", re.IGNORECASE)
""""a quarter of a " before a scale word: a quarter of it ("a quarter of a million")."""


def _read(text: str, raw: RawNumber, active: frozenset[str]) -> tuple[list[Quantity], int]:
    """Read the quantity around one number; returns quantities and where reading stopped."""
    next_char = text[raw.end : raw.end + 1]
    if next_char == "/" and not raw.words:
        slash = _slash_pair(text, raw, active)
        if slash is not None:
            return slash
    if (
        # for speed: after the space, a share or return period goes on with "in" / "out
        # of", perhaps after more blanks or a dash
        next_char == " " and text[raw.end + 1 : raw.end + 2] in _SHARE_GOES_ON
    ) or text[raw.end : raw.end + 4] == "-in-":
        got = share(text, raw)  # "one in five", "1-in-200-year"
        if got is not None:
            return [got], got.end
    q, stop = _read_one(text, raw, active)
    if q is None:
        return [], stop
    if (
        q.dimension == "time"
        and not q.excluded
        and text[stop : stop + 1] == " "
        and "period_frame" in active
        and _TO_DATE.match(text, stop)
    ):
        q.excluded = "period_frame"  # "in the six months to 30 June 2025": its period
    rng = _range_at(text, stop)
    if rng is None and raw.words and text[stop : stop + 1] == " ":
        rng = _WORD_RANGE.match(text, stop)  # "two to four weeks", "between two and five"
    worded = rng is not None and rng.re is _WORD_RANGE
    if (
        rng is not None
        and q.excluded == "identifier"
        and not raw.words
        and not worded
        and rng.group("word")  # "weeks 5 and 6", not the dash of a code ("VB-36-14")
    ):
        # "between weeks 5 and 6", "Sections 3 to 5": the second names the same kind
        nxt = _BARE_NEXT.match(text, rng.end())
        if nxt is not None:
            e2 = nxt.end(1)
            return [
                q,
                Quantity(nxt.start(1), e2, 0.0, 0.0, "number", "", excluded="identifier"),
            ], e2
    if (
        rng is None
        or (q.excluded and not (worded and q.excluded == "bare_word"))
        or q.noun
        or (rng.group("word") == "and" and not _before(text, q.start, "between"))
        or _compound_tail(text, q)
    ):
        return [q], stop
    second_start = rng.end()
    sign = SIGN_AHEAD.match(text, second_start) if rng.group("word") else None
    if sign is not None:  # "from -30 to +100 °C", "minus 30 to plus 100 degrees": the
        second_start = sign.end()  # digits; _read_one reads the sign before them back
    if text[second_start] in "$€£¥₹":
        second_start += 1
    if worded:
        wm = WORDS_ANY_NOSTART.match(text, second_start)
        raw2 = _word_number(text, wm) if wm is not None else None
    else:
        dm = DIGITS_RE.match(text, second_start)
        num = parse_digits(dm.group()) if dm is not None else None
        raw2 = RawNumber(dm.start(), dm.end(), num, False) if dm and num else None
    if raw2 is None:
        return [q], stop
    q2, stop2 = _read_one(text, raw2, active, prefix_ok=False)
    if q2 is None:
        return [q], stop
    _inherit(q, q2)
    bare_first = worded and q.excluded == "bare_word" and not q2.excluded
    if bare_first:
        q.excluded = ""  # "two to four weeks": a claim if a range (its second half's kind)
    if q2.excluded == "date" and not q.excluded and q.dimension == "time" and not worded:
        return [q], stop  # "the 26 weeks to 27 September" (in evidence): a span up to a date
    if q.excluded or q2.excluded:
        reason = q.excluded or q2.excluded
        q.excluded = q2.excluded = reason
        return [q, q2], stop2
    # "from 3 to 5", and "cut by 20 tonnes to 24,800 tonnes" (a change, then a level)
    pair = rng.group("word") == "to" and (
        _before(text, q.start, "from") or _BY_BEFORE.search(text, max(0, q.start - 12), q.start)
    )
    # ranges are written low-high ("3-5 %", "10 to 12 days"); high-low is a pair of
    # claims: a score ("won 112-100", "a 3-1 win") or a tally, each side its own number
    high_low = rng.group("word") != "and" and q2.stated <= q.stated
    if (
        q.dimension == "number"
        and q2.dimension == "count"
        and not q.from_words
        and not (pair or high_low)
    ):
        q.dimension, q.unit = "count", q2.unit  # "between 3 and 5 people": both count people
    if pair or high_low or q.dimension != q2.dimension:
        if bare_first:
            q.excluded = "bare_word"
        return [q, q2], stop2
    lo, hi = sorted((q.value, q2.value))
    q.low, q.high = lo, hi
    q.value = (lo + hi) / 2
    q.stated = (q.stated + q2.stated) / 2
    q.end = q2.end
    q.noun = q2.noun
    q.half_unit = min(q.half_unit, q2.half_unit)
    return [q], stop2


_MEASURE_BEFORE = re.compile(r"\d[ \t]*([A-Za-z]+)\.?[ \t]*(?:,[ \t]*)?(?:and[ \t]+)?$")
"""A number and a unit word right before a quantity: the larger part of a compound ("5ft"
of "5ft 0in")."""


def _compound_tail(text: str, q: Quantity) -> bool:
    """Whether ``q`` is the smaller part of a compound measure ("0in" of "5ft 0in to 6ft
    6in"): it then ends no range of its own (the compound is joined after the scan)."""
    if not q.unit or q.dimension not in COMPOUND_DIMS:
        return False
    m = _MEASURE_BEFORE.search(text, max(0, q.start - 20), q.start)
    if m is None:
        return False
    big = units.UNITS.get(m.group(1)) or units.UNITS.get(m.group(1).lower())
    return big is not None and big.dimension == q.dimension and smaller_unit(q.unit, big.symbol)


def _range_at(text: str, stop: int) -> re.Match[str] | None:
    """``RANGE.match(text, stop)``, for speed after a test of its first two characters: a
    space or a dash, and after a blank another blank, a dash, or the "t" / "a" of "to" /
    "and" ("through" too)."""
    c = text[stop : stop + 1]
    if c not in _RANGE_START or (c in _BLANKS and text[stop + 1 : stop + 2] not in _RANGE_NEXT):
        return None
    return RANGE.match(text, stop)


_RANGE_NEXT = frozenset(" \t\u00a0\u2009\u202f-–—ta")
"""The characters that may follow a blank that opens a :data:`RANGE` match."""


_TO_DATE = re.compile(
    r"[ \t]+(?:to|ending|ended)[ \t]+(?:the[ \t]+end[ \t]+of[ \t]+|end-|mid-|early[ \t]+|late[ \t]+)?"
    r"(?:\d{1,2}(?:st|nd|rd|th)?[ \t]+)?"
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b"
)
"""A date a time span runs to: "(the six months) to 30 June 2025", "(12 weeks) ended 4
March", "(four weeks) to mid-February"."""
_TALLY_AFTER = re.compile(r"[ \t]*\([ \t]*\d[\d.,]*[ \t]*%")
"""After "80/106": the share the pair makes, in brackets ("(75.5%)")."""


def _slash_pair(
    text: str, raw: RawNumber, active: frozenset[str]
) -> tuple[list[Quantity], int] | None:
    """``120/80 mmHg`` / ``a 60/40 split``: two numbers, each its own claim.

    Only a pair of plain digit groups followed by a unit, percent or currency (which
    both sides share), named a ratio / split, a tally followed by its share ("80/106
    (75.5%)"), or a blood pressure with no unit ("BP 140/90").
    Everything else keeps the ``date``
    exclusion: ``12/05/2024`` (a chain), ``24/7``, simple fractions (``1/2``, ``3/4``:
    first below the second, second at most 16) and bare ``12/05``."""
    first = raw.number
    dm = DIGITS_RE.match(text, raw.end + 1)
    s = raw.start
    if dm is None or first is BAD_NUMBER or (s > 0 and text[s - 1] in "/:-.,"):
        return None
    nxt = text[dm.end() : dm.end() + 2]
    if nxt[:1] in CHAIN_START and nxt[1:].isdigit():
        return None  # 12/05/2024, 1/2/3
    num2 = parse_digits(dm.group())
    if num2 is None or first.decimals or num2.decimals:
        return None
    a, b = first.value, num2.value
    if (a, b) == (24.0, 7.0) or (a < b <= 16):
        return None
    q2, stop2 = _read_one(
        text, RawNumber(dm.start(), dm.end(), num2, False), active, prefix_ok=False, slash=True
    )
    if q2 is None or q2.excluded:
        return None
    if q2.dimension in ("number", "count"):
        # "80/106 (75.5%)": a part of a whole that no day or month can be
        tally = a < b and b > 31 and a == int(a) and _TALLY_AFTER.match(text, stop2)
        # "blood pressure was 140/90": a reading with no unit (not "a 50/50 premix", a
        # mix, nor "90/10 copper-nickel", an alloy)
        reading = a > b > 31 and a < 1000 and _PRESSURE_BEFORE.search(text, max(0, s - 30), s)
        if not tally and not reading and not _ratio_context(text, s, stop2):
            return None
        q2.dimension, q2.noun = "number", ""  # "60/40 split": "split" is not counted
    q, _ = _read_one(text, raw, active, slash=True)
    if q is None or q.excluded:
        return None
    q.noun = ""
    if q.dimension == "count":
        q.dimension = "number"
    _inherit(q, q2)
    return [q, q2], stop2


_BY_BEFORE = re.compile(
    r"\b(?:by|rose|fell|grew|climbed|jumped|dropped|declined|increased|decreased|slipped|"
    r"gained|lost|up|down)[ \t]+[$€£¥₹]?$",
    re.IGNORECASE,
)
"""A change word right before the first number: "cut by 20 tonnes to 24,800 tonnes",
"rose 2.6% to 49.3%" give a change and a level, not a range."""
_RATIO_AFTER = re.compile(r"[ \t]+(?:split|ratio)\b", re.IGNORECASE)


def _ratio_context(text: str, start: int, end: int) -> bool:
    """``ratio of 3/2`` / ``a 60/40 split``: a ratio named right before or after."""
    return _RATIO_AFTER.match(text, end) is not None or _before(text, start, "ratio")


def _before(text: str, pos: int, word: str) -> bool:
    window = text[max(0, pos - 40) : pos].lower()
    if word not in window:  # for speed: a substring test before the regex
        return False
    return _WORD_BEFORE[word].search(window) is not None


_WORD_BEFORE = {w: re.compile(rf"\b{w}\b[^.;:!?]*$") for w in ("between", "from", "ratio")}
"""The patterns of :func:`_before`: the word, then no sentence or clause end."""


def _inherit(first: Quantity, second: Quantity) -> None:
    """``3-5 million`` / ``$3-5m`` / ``3 to 5 km`` / ``44.8 to 49.6 t/ha``: share scale,
    currency, unit and rate denominator."""
    if first.dimension == "currency":
        if second.dimension == "length" and second.unit == "m" and second.scale == 1.0:
            # "$3-5m", "£1.2-1.8m": after money, a glued "m" is a million, not metres
            second.dimension, second.unit = "number", ""  # (metres: value == stated)
            second.rescale(1e6)
        elif second.dimension == "count":  # "£1,200-1,800 estimate", "$3-5 million deal"
            second.dimension, second.unit, second.noun = "number", "", ""
    if (
        not first.per
        and second.per
        and (
            first.dimension in (second.dimension, "number")
            or (first.dimension == "currency" and second.dimension == "number")
        )
    ):  # "44.8 to 49.6 t/ha", "$915–945 a tonne"; not "1.3% to $84.60 a barrel"
        first.per = second.per
    if first.scale == 1.0 and second.scale != 1.0 and first.dimension in ("number", "currency"):
        first.rescale(second.scale)
    if first.dimension == "number" and second.dimension not in ("number", "count"):
        first.take_unit(second.dimension, second.unit, units.SYMBOLS.get(second.unit))
    elif first.dimension == "currency" and second.dimension == "number":
        second.dimension, second.unit = "currency", first.unit
        if second.scale == 1.0 and first.scale != 1.0:
            second.rescale(first.scale)


def _rand(text: str, e: int, num: ParsedNumber) -> bool:
    """Whether a number glued to a lone "R" is an amount of rand ("R18.40/kg", "R12,500",
    "R2.5bn"): it has decimals or thousands separators, or a rate or scale follows; not a
    road or a code ("the R35", "R2")."""
    return bool(num.decimals or num.grouped or _RAND_AFTER.match(text, e))


_RAND_AFTER = re.compile(r"(?:/|[ \t]+per\b|(?i:bn|m|k|[ \t]*(?:million|billion))\b)")


def _read_one(
    text: str,
    raw: RawNumber,
    active: frozenset[str],
    *,
    prefix_ok: bool = True,
    slash: bool = False,
) -> tuple[Quantity | None, int]:
    s, e = raw.start, raw.end
    n = len(text)
    prev = text[s - 1] if s > 0 else ""
    excluded = ""
    num = raw.number
    if num is BAD_NUMBER:
        # lists (1,2,3), versions (2.1.3) and huge digit runs are not quantities
        return Quantity(s, e, 0.0, 0.0, "number", "", excluded="identifier"), e
    # --- glued to letters or other digits: identifiers, dates, times
    if (
        (prev.isalpha() and prev < "\u2e80")  # but "收入增长12%": no spaces in CJK text
        or prev == "_"
        or (
            prev in "-‐/"
            and s >= 2
            and (
                text[s - 2].isalpha()
                or (text[s - 2].isdigit() and _CODE_CHAIN.search(text, max(0, s - 24), s))
            )
        )
    ):
        # "15-of-22": a tally, two numbers (not a code glued to "of"); "RM38": ringgit
        if (
            not (text[s - 4 : s].lower() == "-of-" and s >= 5 and text[s - 5].isdigit())
            and not (text[s - 2 : s] == "RM" and (s < 3 or not text[s - 3].isalpha()))
            and not (prev == "R" and (s < 2 or not text[s - 2].isalnum()) and _rand(text, e, num))
            and not _SCALE_DASH.search(text, max(0, s - 4), s)
        ):  # but "600k-800k", "1.2m-1.8m": a range whose first end has a scale suffix
            excluded = "identifier"
    elif slash and prev == "/":
        pass  # the second number of a slash pair ("120/80 mmHg")
    elif (
        prev in "/:"
        and s >= 2
        and text[s - 2].isdigit()
        and not (prev == "/" and _DECIMAL_BEFORE.search(text, max(0, s - 12), s - 1))
    ):
        excluded = "date" if prev == "/" else "time_of_day"  # but "8.7/10" is a score
    nxt = text[e] if e < n else ""
    if nxt == ":" and not excluded and not raw.words and e - s <= 2 and not num.decimals:
        clock = elapsed_time(text, s, e, num.value)
        if clock is not None:  # "2:08:15", "3:41.27", "80:15", "3:28 (h:min)"
            return clock, clock.end
    chain = CHAIN.match(text, e) if nxt in CHAIN_START else None
    if chain is not None and nxt == "-" and chain.group()[-2] == ".":
        chain = None  # "4.0-4.3bn", "4-4.5%": a range whose second end has decimals
    if not excluded and chain and not raw.words:
        sep = chain.group()[0]
        excluded = "time_of_day" if sep == ":" else ("identifier" if sep == "." else "date")
        if (sep in "-." and maybe_phone(text, s)) or (
            sep == "-" and re.match(r"-\d{3,4}-\d{4}", text[e : e + 10])
        ):
            excluded = "phone"
        end = e
        while end < n and (text[end].isdigit() or text[end] in "-/.:"):
            end += 1
        if text[end - 1] in "-/.:":
            end -= 1
        return Quantity(s, end, 0.0, 0.0, "number", "", excluded=excluded), end
    if (
        not excluded
        and e + 1 < n
        and text[e] in ":/"
        and text[e + 1].isdigit()
        and not slash
        and not (text[e] == "/" and num.decimals)  # "8.7/10" is a score, not a date
    ):
        excluded = "time_of_day" if text[e] == ":" else "date"
    # --- prefix: sign, currency, approximation, bound
    start = s
    currency = ""
    left = text[max(0, s - 8) : s]
    before_char = left.rstrip(" \t\u00a0\u2009\u202f-−+(")[-1:]
    cm = None
    if (
        before_char
        and (
            before_char in CUR_END
            or before_char.isupper()
            or (before_char in "s." and "Rs" in left)  # "Rs 500", "Rs. 5 lakh"
        )
        and (prefix_ok or left.endswith(("$", "€", "£", "¥", "₹", "₩")))
    ):
        cm = CUR_PREFIX.search(left)
    bracketed = False  # "$(2,500)": a currency sign before an accounting bracket
    if (
        cm is None
        and prev == "("
        and nxt == ")"
        and prefix_ok
        and not excluded
        and before_char
        and left[-2:-1] == before_char
    ):
        cm = CUR_PREFIX.search(left, 0, len(left) - 1)
        bracketed = cm is not None
    if cm:
        currency = SYM_CODE.get(cm.group("sym") or "", "") or (cm.group("code") or "")
        if currency == "RMB":
            currency = "CNY"
        start = s - (len(left) - cm.start())
        if e - s == 3 and text[s:e] == "000" and not (e < n and text[e] in ".,"):
            # "(all figures £000)": a table's unit, thousands of pounds, not £0
            return Quantity(start, e, 0.0, 0.0, "number", "", excluded="identifier"), e
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
    elif (
        not excluded
        and start >= 6
        and text[start - 1] == " "
        and text[start - 2] in "sSeE"
        and text[start - 3] in "uUvV"  # for speed: "minus " / "negative " before the regex
    ):
        mw = _MINUS_WORD.search(text, max(0, start - 10), start)
        if mw is not None:  # "minus 20 degrees", "negative 3%"
            negative = True
            start = mw.start()
    # --- suffix
    sm = NO_MATCH
    word = None  # the ASCII word after the number (and its blanks), when read
    if nxt.isalpha() or nxt in SUFFIX_START:
        after2 = text[e + 1 : e + 2]
        if not (nxt in " \t" and (after2.isdigit() or after2 in NO_SUFFIX_AFTER)):
            word = ALPHA_RUN.match(text, e)
            if word is None or word.group(1).lower() in SUFFIX_WORDS:
                sm = SUFFIX.match(text, e)
    assert sm is not None  # everything in SUFFIX is optional
    if sm is NO_MATCH:  # no suffix read: nothing below applies
        scale_tok = None
        stop = e
    else:
        scale_tok = sm.group("scale")
        stop = sm.end()
        if sm.lastgroup in (None, "scale"):
            stop = sm.end("scale") if scale_tok else e
        if sm.group("unit") == "s" and sm.start("unit") == e:
            stop = e  # 1990s: a decade, not seconds
            sm = NO_MATCH
            assert sm is not None
    scale = 1.0
    dimension, unit_sym = "number", ""
    conv_factor, conv_offset = 1.0, 0.0
    if (
        scale_tok in ("K", "M", "B")  # (a lower-case "m" or "b" is read as a unit below)
        and not currency
        and text[sm.end("scale") : sm.end("scale") + 1] == "-"
        and text[sm.end("scale") + 1 : sm.end("scale") + 2].isalpha()
    ):
        # "3,077 B-road repairs", "12 K-pop albums": a letter of a word, not a scale (after
        # money it is one: "a £3m-funded scheme", "£2m-a-year")
        scale_tok, stop, sm = None, e, NO_MATCH
        assert sm is not None
    if scale_tok:
        if (
            scale_tok == "m"
            and not currency
            and sm.start("scale") == e
            and (sm.group("unit") or counts_people(text, sm.end("scale")))
        ):
            scale = 1e6  # "1.2m people" / "18.2m barrels": a million, not metres
        elif scale_tok in ("m", "b") and not currency:
            scale_tok = None
            um = UNIT_ONLY.match(text, e)
            if um and um.group("unit") in units.UNITS:
                u = units.UNITS[um.group("unit")]
                dimension, unit_sym, conv_factor, conv_offset = _fields_of(u)
                stop = um.end()
            else:
                stop = e
        elif scale_tok == "K" and not currency and text[e] != "K":
            scale_tok = None
            dimension, unit_sym, conv_factor, conv_offset = "temperature", "K", 1.0, -273.15
        else:
            scale = _scale_value(scale_tok)
    kind = sm.lastgroup  # the suffix alternatives are exclusive: the last one matched
    if dimension == "number" and kind is not None and kind != "scale":
        if kind == "pp":
            dimension, unit_sym = "pp", "pp"
        elif kind == "bp":
            dimension, unit_sym, conv_factor = "pp", "bp", 0.01
        elif kind == "pct":
            dimension, unit_sym = "percent", "%"
        elif kind == "cur":
            cur_word = re.sub(rf"{SP}+", " ", sm.group("cur")).lower().lstrip("-")  # "60-euro"
            currency = (
                units.CURRENCY_WORDS.get(cur_word)
                or SYM_CODE.get(cur_word)
                or sm.group("cur").upper()
            )
        elif kind == "ratio":
            dimension, unit_sym = "ratio", "x"
        elif kind == "unit":
            alias = sm.group("unit")
            if " " in alias or "\t" in alias:
                alias = _SPACES.sub(" ", alias)
            found = units.UNITS.get(alias) or units.UNITS.get(alias.lower())
            if found is None or (sm.group("hy") and len(alias) < 2):
                stop = sm.start("hy") if sm.group("hy") else sm.start("unit")
                stop = _rstrip(text, e, stop)
            else:
                dimension, unit_sym, conv_factor, conv_offset = _fields_of(found)
    if dimension == "number" and not currency and stop == e and kind is None:
        # for speed: no adjective when the word read above is another ASCII word (a
        # non-ASCII letter, which may match ignoring case, would follow a shorter word)
        if (
            word is not None
            and word.group(1).lower() not in _ADJECTIVE_SET
            and text[word.end() : word.end() + 1].isascii()
        ):
            adj = None
        else:
            adj = _ADJECTIVE_UNIT.match(text, e)  # "121 wet tonnes", "212,500 seeded acres"
    elif dimension == "number" and not currency and kind == "scale" and scale != 1.0:
        adj = _ADJECTIVE_UNIT.match(text, stop)  # "2.84 million linear metres"
    else:
        adj = None
    if adj is not None:  # the unit after the adjective
        found = units.UNITS.get(adj.group(1).lower())
        if found is not None and found.dimension not in ("currency", "number"):
            dimension, unit_sym, conv_factor, conv_offset = _fields_of(found)
            stop = adj.end()
    inches = 0.0
    if stop == e and not currency and dimension == "number" and scale == 1.0:
        # a bare number: pence, inches or feet, picked by the character after the digits
        # (the four readings share these conditions: tested once, for speed)
        c = text[e : e + 1]
        if c == "p":
            if (
                not text[e + 1 : e + 2].isalnum()
                and text[e + 1 : e + 3] != ".p"
                and (num.decimals > 0 or num.value < 100)
            ):
                currency, stop = "GBP¢", e + 1  # "53.35p", "50p": pence ("1080p" is not)
        elif text.startswith(("in", " in", "\tin"), e):
            im = _INCH_CELL.match(text, e)
            if im and not im.group(1):  # at a line end: only in a table row
                ls = text.rfind("\n", 0, e) + 1
                im = im if "|" in text[ls:e] or "\t" in text[ls:e] else None
            if im is None and _FEET_BEFORE.search(text, max(0, s - 12), s):
                im = _INCH_WORD.match(text, e)  # "5 ft 2 in": the inches of a height
            if im:  # "6.1 in |": inches, where "in" ends a table cell
                inch = units.UNITS["inch"]
                dimension, unit_sym, conv_factor = inch.dimension, inch.symbol, inch.factor
                stop = im.end()
        elif c in _INCH_MARKS:
            if not text[e + 1 : e + 2].isalnum() and (c == "″" or not _quotation_open(text, s)):
                # '1 x 12"', '27″ monitor': inches (not a quotation the number closes)
                inch = units.SYMBOLS["in"]
                dimension, unit_sym, conv_factor = inch.dimension, inch.symbol, inch.factor
                stop = e + 1
        elif c == " " and text[e + 1 : e + 2] == "A" and (amps := _AMPS.match(text, e)):
            # "3.5 A at 13.6 V", "a 13 A plug": amperes ("3 A grades", "5 A-levels" are not)
            amp = units.SYMBOLS["A"]
            dimension, unit_sym, conv_factor = amp.dimension, amp.symbol, amp.factor
            stop = amps.end()
        elif c in ("'", "′") and num.decimals == 0:
            fi = _FEET_INCHES.match(text, e)
            if fi is not None and float(fi.group(1)) < 12:  # 5'8", 9′0″: feet and inches
                inches = float(fi.group(1))
                foot = units.SYMBOLS["ft"]
                dimension, unit_sym, conv_factor = foot.dimension, foot.symbol, foot.factor
                stop = fi.end()
    closing = stop  # where an accounting bracket around the number closes
    word_after = False
    if (
        nxt == ")"
        and prev == "("
        and not currency
        and dimension == "number"
        and stop == e
        and not excluded
        and text[e + 1 : e + 2] in _BLANKS
    ):
        after = SUFFIX.match(text, e + 1)
        if after is not None and after.lastgroup == "cur" and not after.group("scale"):
            # "(2,500) dollars": the currency word after the bracket, as in "($2,500)"
            cur_word = re.sub(rf"{SP}+", " ", after.group("cur")).lower().lstrip("-")
            currency = (
                units.CURRENCY_WORDS.get(cur_word)
                or SYM_CODE.get(cur_word)
                or after.group("cur").upper()
            )
            stop, word_after = after.end(), True
    if currency.endswith("¢"):  # 96 cents = $0.96
        currency = currency[:-1]
        conv_factor = 0.01
    if currency:
        dimension, unit_sym = "currency", currency
    if bracketed and scale == 1.0 and currency:
        after = SUFFIX.match(text, e + 1)
        if after is not None and after.lastgroup == "scale" and after.group("scale"):
            # "$(1.2) million": the scale word after the bracket
            scale = _scale_value(after.group("scale"))
            stop = after.end("scale") - 1  # (the bracket's end is added below)
    value = num.value * scale + inches / 12
    if negative:
        value = -value
    if bracketed:  # "$(2,500)": an accounting negative, its brackets in the claim
        if not negative:
            value = -value
            negative = True
        stop = max(stop, e) + 1
    # accounting negative: (1,234), ($1,234) or (1,234) dollars
    elif (
        not negative
        and start > 0
        and text[start - 1] == "("
        and closing < n
        and text[closing] == ")"
        and (num.grouped or currency or _whole_cell(text, start - 1, closing + 1))
        and dimension in ("number", "currency")
        and not _RESTATED_BEFORE.search(text, max(0, start - 12), start - 1)
        and _in_statement(text, start)
    ):
        value = -value
        negative = True
    if word_after:  # "(2,500) dollars": the claim opens at "("
        start -= 1
    stated = value
    base = value * conv_factor + conv_offset
    if inches:
        half = 1 / 24 * conv_factor
    else:  # the scan's cached half unit, for speed
        half = (raw.half if raw.half >= 0 else half_unit_of(num)) * scale * conv_factor
    end = stop if stop > e else e
    q = Quantity(
        start,
        end,
        base,
        stated,
        dimension,
        unit_sym,
        None,  # low
        None,  # high
        False,  # approx
        "",  # bound
        half,  # half_unit
        num.significant,
        "",  # noun
        scale,
        "",  # excluded
        raw.words,  # from_words
    )
    # --- approximations and bounds
    before = text[max(0, start - 24) : start]
    last = before.rstrip()[-1:]
    if last and (last.isalpha() or last in "~≈<>≥≤=."):
        words = before.lower().split()
        kind = prefix_kind(before, words)
        if kind == "approx":
            q.approx = True
        elif kind:
            q.bound = kind
        if last.isalpha() and dimension in _DIRECTED:
            q.direction = direction_of(before, text, q.end, words)
    if not q.direction and dimension in _DIRECTED:
        if text[q.start] == "+":  # "+5%" states a rise
            q.direction = "up"
        elif dimension in _CHANGES and _DIRECTION_AFTER.match(text, q.end):
            q.direction = direction_of("", text, q.end, [])  # ", 12 % fewer than in 2024"
    # --- exclusions
    if not excluded:
        if dimension != "number" and not (end == e and nxt.isalpha()):
            # exclusion_of() for a quantity with a unit, currency or percent, inlined:
            # only the "§ 12" / "# 12" identifier and "[12]" citation rules apply
            lst = last if start == s else text[max(0, s - 24) : s].rstrip()[-1:]
            if lst and lst in "§#":
                excluded = "identifier"
            elif prev == "[" and nxt == "]":
                excluded = "citation"
            elif start == s and _rate_basis(text, s):
                excluded = "rate_basis"  # "Per 100 grams, the chips contain 34 g of fat"
            elif (
                e - s == 4
                and start == s
                and 1800 <= num.value <= 2100
                and _PERIOD_CODE_BEFORE.search(text, max(0, s - 6), s) is not None
            ):
                excluded = "year"  # a column header "H1 2025 tonnes": the year, then its unit
        else:
            excluded = exclusion_of(text, q, num, raw, prev, e, before if start == s else None)
    if dimension == "number" and not excluded:
        q.noun = counted_noun(text, q.end)
        timed = _WORD_THEN_TIME.match(text, q.end) if q.noun else None
        if timed is not None and timed.group(1).lower() == q.noun:
            # "146 hearing days", "1,500 flight hours", "20 working days": a duration
            unit = units.UNITS[timed.group(2).lower()]
            q.take_unit("time", unit.symbol, unit)
            q.noun, q.end = "", timed.end()
            dimension = "time"
        elif q.noun:
            q.dimension = "count"
            if (
                raw.words
                and num.value <= 12
                and _SET_BEFORE.search(text, max(0, s - 12), s)
                and not _WHOLE_OF_PART.search(text, max(0, s - 32), s)
            ):
                excluded = "set_reference"  # "across all three kilns", "the two lines"
                # (but "nine of the eleven circuits" states the whole)
        elif raw.words:
            whole = _OF_WHOLE.match(text, q.end)
            if whole is None or not (whole.group(1)[0].isdigit() or whole.group(1) in NUMBER_WORDS):
                excluded = "bare_word"  # but "three of the five years": a part of a whole
    if not excluded and dimension == "time":
        if _EARLIER.match(text, q.end) or (
            _FIRST_BEFORE.search(text, max(0, start - 12), start) and _OF_YEAR.match(text, q.end)
        ):
            excluded = (
                "relative_time"  # "78% twelve months before", "the first nine months of 2025"
            )
        elif _YEARS_OLD.match(text, q.end) and unit_sym in ("year", "yr"):
            q.dimension, q.unit, q.value = "number", "", q.stated  # "12-year-olds": an age
    if excluded == "identifier" and q.dimension in ("number", "count") and not raw.words:
        at = _AT_WEEK.search(text, max(0, s - 24), s)
        if at is not None:  # "at week 24": 24 weeks in, a duration
            unit = units.UNITS[at.group(1).lower()]
            q.take_unit("time", unit.symbol, unit)
            q.noun, excluded = "", ""
            dimension = "time"
    q.excluded = excluded if (excluded in active or excluded == "bare_word") else ""
    if (
        q.excluded == "identifier"
        and text[q.end : q.end + 1] in ("-", "/")
        and serial_before(text, s)
    ):
        code = _CODE_TAIL.match(text, q.end)
        if code is not None:  # "S/N 77-40915": the whole code, not a number after it
            q.end = code.end()
    if excluded in ("year", "identifier") and e - s == 4 and 1800 <= num.value <= 2100:
        fiscal = _FISCAL_TAIL.match(text, q.end)  # "2025-26", "FY2024-25", "2010-24"
        if fiscal is not None and int(fiscal.group(1)) > int(num.value) % 100:
            q.end = fiscal.end()  # one period: a fiscal year or a span of years
    if not q.excluded and not slash:
        apply_rate(text, q)
    return q, q.end


def _scale_value(token: str) -> float:
    """The factor of a scale token that ``SUFFIX`` reads ("million", "-million", "bn",
    "m", "Mio")."""
    return units.SCALE_WORDS.get(token.lower().lstrip("-")) or SCALES[token]


def _whole_cell(text: str, a: int, b: int) -> bool:
    """Whether ``text[a:b]`` fills a ``|`` separated table cell ("| (987) |", "| (987)" at
    the line's end): a bracketed figure of a statement, even with no thousands separator."""
    before = text[max(0, a - 8) : a].rstrip(" \t")
    after = text[b : b + 8].lstrip(" \t")
    return before.endswith("|") and (not after or after[0] in "|\n\r")


def _in_statement(text: str, pos: int) -> bool:
    """Whether "(1,234)" at ``pos`` is an accounting negative: on a table or statement
    line (``|`` or tab separated, a number column after it, or the line's end), or right
    after a word that states a figure ("was ($2,500)"); elsewhere in prose a bracketed
    amount restates ("a 6 kg minimum per order (£14.40)")."""
    ls = text.rfind("\n", 0, pos) + 1
    le = text.find("\n", pos)
    line = text[ls : len(text) if le < 0 else le]
    if "|" in line or "\t" in line or _NEXT_COLUMN.match(text, text.find(")", pos) + 1):
        return True
    return _STATEMENT_WORD.search(text, max(ls, pos - 24), pos) is not None


_STATEMENT_WORD = re.compile(
    r"\b(?i:was|were|is|are|of|at|totall?ed|reached|reported|posted|showed|loss(?:es)?|"
    r"deficit|income|profit|balance|result|earnings|ebitda|margin|change|net)[ \t:]*\($"
)
"""A word that states a figure right before a bracket ("was ($2,500)", "net loss (1,234)")."""
_NEXT_COLUMN = re.compile(r"[ \t]{2,}\(?[$€£]?\d|[ \t]*$", re.MULTILINE)
"""After a bracketed amount: a number column ("(1,234)   (987)"), or the line's end
("Operating loss (1,234)"); prose goes on with words or a full stop."""
_BLANKS = frozenset(" \t\u00a0\u2009\u202f")
_MINUS_WORD = re.compile(r"(?<!(?i:or) )\b(?i:minus|negative)[ \t]+$")
"""A sign word before a number ("minus 20 °C"), but not "plus or minus 35" (an error)."""
_RESTATED_BEFORE = re.compile(r"(?:\d(?:%|[A-Za-z]{1,3})?|percent|per cent)[ \t]*$", re.IGNORECASE)
"""A bracketed amount right after a number restates it ("deposit 25% (£10,475)",
"US$1.2bn ($1.1bn)"): it is not an accounting negative."""
_YEARS_OLD = re.compile(r"-olds?\b")
_PER_BEFORE = re.compile(r"(?<![\w.])(?i:per)[ \t]+$")


def _rate_basis(text: str, s: int) -> bool:
    """Whether the measure at ``s`` follows "per" with no number just before it ("Per 100
    grams, ...": the basis of the values after it; but "£21 per 140-litre bag" is a
    price of that bag)."""
    window = text[max(0, s - 6) : s]
    if "p" not in window and "P" not in window:
        return False  # for speed: no "per" (no other letter folds to "p")
    m = _PER_BEFORE.search(text, max(0, s - 6), s)
    return m is not None and not any(
        ch.isdigit() for ch in text[max(0, m.start() - 12) : m.start()]
    )


"""After "N-year": an age group ("12-year-olds", "35-54-year-old adults"); "48 years old"
stays a duration."""
_FIRST_BEFORE = re.compile(r"\b(?i:the[ \t]+(?:first|last))[ \t]+$")
_PERIOD_CODE_BEFORE = re.compile(r"\b(?:[QqHh][1-4]|FY)[ \t]?$")
"""A period code right before four digits ("H1 2025", "FY2025"): they are a year."""
_OF_WHOLE = re.compile(
    r"[ \t]+(?:out[ \t]+)?of[ \t]+(?:(?:the|its|their|all)[ \t]+)?"
    r"(?:[A-Za-z]+(?:[ \t][A-Za-z0-9]+)?['’]s[ \t]+)?(\d|[a-z]+)"
)
"""After a bare number word: "of" and a whole that is a number ("three of the five")."""
_OF_YEAR = re.compile(r"[ \t]+of[ \t]+(?:the[ \t]+year|(?:18|19|20)\d\d)\b")
"""Around a time span: a part of a year ("in the first nine months of 2025")."""
_AT_WEEK = re.compile(
    r"\b(?i:at|by|after|through|until|to|from|before)[ \t]+(?i:(day|week|month))[ \t]+$"
)
"""Before a number: a point in a course of time, a duration ("at week 24", "by day 28")."""
_WORD_THEN_TIME = re.compile(
    r"[ \t]+([A-Za-z]+)[ \t]+(days|hours|weeks|months|years|minutes)\b", re.IGNORECASE
)
"""A counted word then a time unit: a duration of that kind ("146 hearing days")."""
_EARLIER = re.compile(
    r"[ \t]+(?:(?i:earlier|previously)\b(?![ \t]+(?i:than)\b)|(?i:before)(?=[ \t]*(?:[.,;:)!?]|$)))"
)
"""After a time span: it dates another number ("two years earlier", "twelve months
before."), unless it compares ("14 days earlier than in 2023") or leads to an event ("48
hours before colour services")."""
_FISCAL_TAIL = re.compile(r"[-\u2013/](\d{2})(?!\d|[.,]\d)")
"""The two-digit end of a fiscal year or span after a year ("2025-26", "2019\u201320",
"2010-24"), when it is later than the year's own last two digits."""


def _rstrip(text: str, lo: int, hi: int) -> int:
    while hi > lo and text[hi - 1] in " \t\u00a0\u2009\u202f":
        hi -= 1
    return hi
