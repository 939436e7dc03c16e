"""Digit-level comparisons of a claim and an evidence value: swapped digits ("$9,780" for
"$9,870"), two values stated to the same decimal place, the rounding a stated value
allows, and the ends of two ranges."""

from __future__ import annotations

import math
import re

from veracity.numeric import units
from veracity.numeric.models import EvidenceQuantity, NumericClaim

__all__ = [
    "decimals_of",
    "digits_of",
    "other_decimal",
    "range_ends_error",
    "rounding_allowance",
    "transposed",
]


def range_ends_error(lo: float, hi: float, ev_lo: float, ev_hi: float) -> float:
    """The larger relative error of the two ends of a range against another range."""

    def rel(a: float, b: float) -> float:
        return abs(a - b) / abs(b) if b else (0.0 if a == b else math.inf)

    return max(rel(lo, ev_lo), rel(hi, ev_hi))


def digits_of(x: float) -> str:
    """The significant digits of ``x`` ("9,870" -> "987", "0.0125" -> "125")."""
    return f"{abs(x):.12g}".split("e")[0].replace(".", "").strip("0")


_UNITLESS = frozenset({"number", "count"})


def other_decimal(claim: NumericClaim, ev: EvidenceQuantity, c: float, e: float) -> bool:
    """True when both sides state the same unit to the same decimal place and differ by
    more than that place's rounding ("96.8 Mbit/s" is not "96.1 Mbit/s", though within
    1 %), or state a whole number to five significant digits or more; two precise values
    that disagree are two values, whatever the tolerance. A claim stated more precisely
    than its evidence must round to it ("97.8%" is not "97%")."""
    if claim.approx or ev.approx or claim.bound or ev.bound:
        return False
    if claim.unit != ev.unit and not (
        (
            claim.dimension == ev.dimension == "currency"
            and units.currencies_compatible(claim.unit, ev.unit)  # "$2.39" and a "US$" cell
        )
        # "117.5 rounders" and a bare "118.0" cell: counts with no unit of measure
        or (claim.dimension in _UNITLESS and ev.dimension in _UNITLESS)
    ):
        return False
    if claim.low is not None or ev.low is not None:
        return False
    places = decimals_of(claim.text)
    ev_places = decimals_of(ev.text)
    if places > ev_places and 0 < claim.half_unit < ev.half_unit:
        # "97.8%" against "97%": a claim more precise than its evidence rounds to it
        return abs(c - e) > ev.half_unit * (1 + 1e-9)
    if places != ev_places:
        return False
    if places == 0 and not (
        len(digits_of(claim.stated_value)) >= _EXACT_DIGITS
        and len(digits_of(ev.stated_value)) >= _EXACT_DIGITS
        and claim.stated_value == round(claim.stated_value)
    ):
        return False  # whole numbers: only counts stated to five digits or more
    return abs(c - e) > max(claim.half_unit, ev.half_unit) * (1 + 1e-9)


_EXACT_DIGITS = 5
"""A whole number stated to this many significant digits is a count, not a rounding:
"412,609,220 shares" is not "412,906,220 shares", though within 1 %."""


_DECIMALS = re.compile(r"\d[.](\d+)")


def decimals_of(text: str) -> int:
    """Digits after the decimal point of the first number in ``text`` ("1.0480" -> 4)."""
    m = _DECIMALS.search(text)
    return len(m.group(1)) if m else 0


def transposed(claim: NumericClaim, ev: EvidenceQuantity, c: float, e: float) -> bool:
    """True when exact claim ``c`` is evidence ``e`` with two adjacent digits swapped
    ("$9,780" for "$9,870", "1,489" for "1,498"): a copying error, not a rounding, even
    when within tolerance, "about" or not ("about $7,850" does not round "about
    $7,580"). Only between two single values, neither a range nor an evidence bound,
    and when the difference is more than the stated precision of either (a rounding
    is not a copying error); "at least £8.50" is not a bound on "£8.05"."""
    if ev.bound or abs(c - e) <= max(claim.half_unit, ev.half_unit):
        return False
    if claim.low is not None or ev.low is not None:
        return False
    if claim.unit == ev.unit:  # as written: "1,489 hours", not 5,360,400 seconds
        c, e = claim.stated_value, ev.stated_value
    # a swap of adjacent digits p, q changes the value by 9 * |p - q| * 10^k: skip the
    # digit strings unless |c - e| / 9 is one digit times a power of ten
    step = abs(c - e) / 9
    if step == 0 or not math.isfinite(step):
        return False
    mant = step / 10 ** math.floor(math.log10(step))
    if abs(mant - round(mant)) > 1e-6 * mant:
        return False
    a, b = digits_of(c), digits_of(e)
    if len(a) != len(b) and claim.unit == ev.unit:  # "1.0480" vs "1.0408": as written
        places = max(decimals_of(claim.text), decimals_of(ev.text))
        a = f"{abs(c):.{places}f}".replace(".", "").lstrip("0")
        b = f"{abs(e):.{places}f}".replace(".", "").lstrip("0")
    if len(a) != len(b) or len(a) < 2 or a == b:
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )


def rounding_allowance(claim: NumericClaim, ev: EvidenceQuantity, e: float) -> float:
    """Half the last digit the claim states (claims with >= 2 significant digits or
    percentages), or that the evidence states (when precise to 5 % or better)."""
    allowance = 0.0
    if claim.significant >= 2 or claim.dimension == "percent":
        allowance = claim.half_unit
    if 0 < ev.half_unit <= 0.05 * abs(e):
        allowance = max(allowance, ev.half_unit)
    return allowance * (1 + 1e-9)
