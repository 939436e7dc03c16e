"""Reading a unit written on its own, as in a structured evidence item's ``unit``.

``"km"``, ``"%"``, ``"pp"``, ``"AUD"``, ``"$"``, ``"USD millions"``, ``"$bn"``,
``"count"``, ``"patients"``, ``"°C"``... One of:

* a real unit (converted like parsed text), a currency (with an optional scale);
* ``count`` / ``number`` / a plain noun (``patients``: a count of patients);
* an SFS generic tag (``dosage``, ``duration``, ``lab``, ``distance``): compared
  with claims of that type on the value as written, without conversion;
* ``""``: unspecified, comparable with counts, plain numbers and ratios only.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from veracity.numeric import units

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
    currency = ""
    scale = 1.0
    tokens = [t for t in re.split(r"[\s()/,]+", raw) if t]
    rest: list[str] = []
    for tok in tokens:
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
            scale = _SCALE_TOKENS[tl]
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
    if re.fullmatch(r"[A-Za-z][A-Za-z '-]*", raw):
        return UnitSpec("count", "count", noun=low)
    return UnitSpec("other:" + raw, raw, base_unit=raw)


def _from_unit(u: units.Unit) -> UnitSpec:
    if u.dimension.startswith("lab:"):
        return UnitSpec(u.dimension, u.symbol, base_unit=u.symbol)
    return UnitSpec(
        u.dimension, u.symbol, u.factor, u.offset, base_unit=BASE_UNITS.get(u.dimension, u.symbol)
    )
