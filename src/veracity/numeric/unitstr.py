"""Reading a unit written on its own, as in a structured evidence item's ``unit``.

``"km"``, ``"%"``, ``"pp"``, ``"AUD"``, ``"$"``, ``"USD millions"``, ``"$bn"``,
``"count"``, ``"patients"``, ``"million people"``, ``"EUR/kg"``, ``"°C"``... One of:

* a real unit (converted like parsed text), a currency (with an optional scale);
* ``count`` / ``number`` / a plain noun (``patients``: a count of patients), with an
  optional scale word (``"million people"``: a count of people, times a million);
* a rate: a unit, currency or noun per a denominator (``"EUR/kg"``, ``"USD per day"``,
  ``"L/100km"``, ``"mg/L"``), read as a context sentence's "€0.34 per kg" is read
  (:mod:`veracity.numeric.rates`): the denominator in ``per``, a distance per hour a
  speed;
* an SFS generic tag (``dosage``, ``duration``, ``lab``, ``distance``): compared
  with claims of that type on the value as written, without conversion;
* ``""``: unspecified, comparable with counts, plain numbers and ratios only.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from veracity.numeric import units
from veracity.numeric.quantity import Quantity
from veracity.numeric.rates import apply_rate, read_per

__all__ = ["BASE_UNITS", "UnitSpec", "parse_unit_string"]


@dataclass(frozen=True, slots=True)
class UnitSpec:
    """What a unit string means: dimension, conversion, scale, tag or counted noun."""

    dimension: str
    symbol: str = ""
    factor: float = 1.0
    offset: float = 0.0
    scale: float = 1.0
    tag: str = ""
    noun: str = ""
    base_unit: str = ""
    per: str = ""
    """The denominator of a rate unit (``"EUR/kg"`` -> ``kg``), as :func:`read_per` names it."""


_PERCENT = {"%", "percent", "per cent", "pct", "percentage", "percent (%)"}
_PP = {"pp", "p.p.", "ppt", "percentage points", "percentage point", "points", "pts"}
_BP = {"bp", "bps", "basis points", "basis point"}
_COUNT = {"count", "counts", "n", "#", "cnt"}
_NUMBER = {"number", "num", "value", "score", "index", "none", "-", "unitless", "dimensionless"}
_RATIO = {"ratio", "x", "×", "times", "multiple", "fold"}
_TAGS = {
    "dosage": "dosage",
    "dose": "dosage",
    "duration": "duration",
    "lab": "lab_value",
    "lab_value": "lab_value",
    "distance": "distance",
}
_SCALE_TOKENS = {
    "thousand": 1e3,
    "thousands": 1e3,
    "k": 1e3,
    "000": 1e3,
    "000s": 1e3,
    "'000": 1e3,
    "'000s": 1e3,
    "million": 1e6,
    "millions": 1e6,
    "m": 1e6,
    "mn": 1e6,
    "mm": 1e6,
    "mln": 1e6,
    "billion": 1e9,
    "billions": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "trillion": 1e12,
    "trillions": 1e12,
    "tn": 1e12,
}
_SYMBOLS = {
    "$": "$",
    "us$": "USD",
    "a$": "AUD",
    "au$": "AUD",
    "c$": "CAD",
    "nz$": "NZD",
    "€": "EUR",
    "£": "GBP",
    "¥": "¥",
    "₹": "INR",
}
BASE_UNITS = {
    "length": "m",
    "mass": "g",
    "volume": "L",
    "time": "s",
    "area": "m²",
    "speed": "m/s",
    "temperature": "°C",
    "energy": "J",
    "power": "W",
    "data": "B",
    "charge": "C",
    "concentration": "ppm",
}


@functools.lru_cache(maxsize=1024)
def parse_unit_string(unit: str) -> UnitSpec:
    """Interpret a unit string (see the module docstring)."""
    raw = (unit or "").strip()
    low = raw.lower()
    if not raw:
        return UnitSpec("unspecified")
    if low in _PERCENT:
        return UnitSpec("percent", "%", base_unit="%")
    if low in _PP:
        return UnitSpec("pp", "pp", base_unit="pp")
    if low in _BP:
        return UnitSpec("pp", "bp", factor=0.01, base_unit="pp")
    if low in _COUNT:
        return UnitSpec("count", "count")
    if low in _NUMBER:
        return UnitSpec("number")
    if low in _RATIO:
        return UnitSpec("ratio", "x", base_unit="x")
    if low in _TAGS:
        return UnitSpec("tag", raw, tag=_TAGS[low])
    direct = units.UNITS.get(raw) or (units.UNITS.get(low) if len(low) > 3 else None)
    if direct is not None:
        return _from_unit(direct)
    if "/" in raw or " per " in low:
        rate = _rate(raw)
        if rate is not None:
            return rate
    currency = ""
    scale = 1.0
    scale_at = -1
    tokens = [t for t in re.split(r"[\s()/,]+", raw) if t]
    rest: list[str] = []
    for i, tok in enumerate(tokens):
        tl = tok.lower()
        m = re.fullmatch(r"(us\$|a\$|au\$|c\$|nz\$|\$|€|£|¥|₹)(.*)", tl)
        if m and not currency:
            currency = _SYMBOLS[m.group(1)]
            tl = m.group(2)
            if not tl:
                continue
        if tok.upper() in units.CURRENCY_CODES and not currency:
            currency = "CNY" if tok.upper() == "RMB" else tok.upper()
        elif tl in units.CURRENCY_WORDS and not currency:
            currency = units.CURRENCY_WORDS[tl]
        elif tl in _SCALE_TOKENS and scale == 1.0:
            scale, scale_at = _SCALE_TOKENS[tl], i
        elif tl in ("currency", "money") and not currency:
            currency = "*"
        else:
            rest.append(tok)
    if currency.endswith("¢"):  # cents
        currency, scale = currency[:-1], scale * 0.01
    if currency and not rest:
        return UnitSpec("currency", currency, scale=scale, base_unit=currency)
    if not currency and rest and len(rest) == 1 and scale != 1.0:
        inner = parse_unit_string(rest[0])
        if inner.dimension not in ("count", "unspecified"):
            return UnitSpec(
                inner.dimension,
                inner.symbol,
                inner.factor,
                inner.offset,
                scale,
                inner.tag,
                inner.noun,
                inner.base_unit,
            )
    if (
        not currency
        and rest
        and scale != 1.0
        and (scale_at == 0 or tokens[scale_at].lower() not in _LETTER_SCALES)
    ):
        # "million people", "k downloads", "people (millions)": a count of people, scaled
        words = rest[1:] if rest[0].lower() == "of" and len(rest) > 1 else rest
        noun = " ".join(words)
        counted = parse_unit_string(noun) if _NOUN.fullmatch(noun) else None
        if counted is not None and counted.dimension == "count":
            return UnitSpec("count", "count", scale=scale, noun=counted.noun)
    if re.fullmatch(r"[A-Za-z][A-Za-z '-]*", raw):
        return UnitSpec("count", "count", noun=low)
    return UnitSpec("other:" + raw, raw, base_unit=raw)


_LETTER_SCALES = frozenset({"k", "m", "b", "mm"})
"""Scale letters that scale a noun only before it ("k downloads"; "grade b" is a label)."""
_NOUN = re.compile(r"[A-Za-z][A-Za-z '-]*")
_RATE_AT = re.compile(r"[ \t]*/|[ \t]+(?i:per)[ \t]")
"""Where the denominator of a rate unit starts ("EUR/kg", "USD per day")."""


def _rate(raw: str) -> UnitSpec | None:
    """A rate unit ("EUR/kg", "USD per day", "L/100km", "km per hour") read as a context
    quantity's unit and denominator are read (:func:`read_per`, :func:`apply_rate`): the
    unit before the denominator, then the denominator to its end; None when it is not one."""
    m = _RATE_AT.search(raw)
    if m is None or m.start() == 0:
        return None
    cut = m.start()
    blank = raw.find(" ", 0, cut)
    # "kg N/ha": the unit, a substance, then the rate (read_per skips the substance)
    for pos in (blank, cut) if blank > 0 else (cut,):
        num = parse_unit_string(raw[:pos])
        if (
            num.per
            or num.offset
            or num.dimension in ("unspecified", "number", "tag")
            or num.dimension.startswith(("other:", "lab:"))
        ):
            continue
        got = read_per(raw, pos)
        if got is not None and not raw[got[1] :].strip():  # the denominator to the end
            break
    else:
        return None
    q = Quantity(0, pos, num.factor, 1.0, num.dimension, num.symbol, noun=num.noun)
    apply_rate(raw, q)
    if not q.per and q.dimension == num.dimension:
        return None  # "GB/1 TB": two values of one kind, no rate
    if q.dimension == num.dimension:
        symbol, base_unit = num.symbol, num.base_unit
    else:  # "km per hour": a speed, km/h
        symbol, base_unit = q.unit, BASE_UNITS.get(q.dimension, q.unit)
    return UnitSpec(
        q.dimension, symbol, q.value, 0.0, num.scale, "", num.noun, base_unit, per=q.per
    )


def _from_unit(u: units.Unit) -> UnitSpec:
    if u.dimension.startswith("lab:"):
        return UnitSpec(u.dimension, u.symbol, base_unit=u.symbol)
    return UnitSpec(
        u.dimension, u.symbol, u.factor, u.offset, base_unit=BASE_UNITS.get(u.dimension, u.symbol)
    )
