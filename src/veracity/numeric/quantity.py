"""The record of one stated quantity, and half-unit precision."""

from __future__ import annotations

from dataclasses import dataclass

from veracity.numeric.numbers import ParsedNumber
from veracity.numeric.units import Unit

__all__ = [
    "BAD_NUMBER",
    "CLOCK",
    "Quantity",
    "RawNumber",
    "half_unit_of",
]


CLOCK = "h:mm:ss"
"""The unit of an elapsed time written as a clock ("2:08:15"; base unit seconds)."""


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
    """``down`` when a word such as "fell" / "decline" states the sign ("fell 3 %"), ``up``
    for "rose" / "increase"; two values whose words give opposite directions never match."""
    per: str = ""
    """The denominator of a rate ("$10 per day" -> ``day``; "6.8 L per 100 km" ->
    ``100 km``), see :func:`veracity.numeric.rates.read_per`; ``""`` for none."""

    @property
    def is_range(self) -> bool:
        return self.low is not None and self.high is not None

    def rescale(self, factor: float) -> None:
        """Apply a scale word's ``factor`` to the stated number ("(in thousands)" over
        "1,234"; "3.8" in "$4.1 million from $3.8"): its value, stated number, precision
        and range ends."""
        self.value *= factor
        self.stated *= factor
        self.half_unit *= factor
        if self.low is not None and self.high is not None:
            self.low *= factor
            self.high *= factor
        self.scale = factor

    def take_unit(self, dimension: str, symbol: str, unit: Unit | None) -> None:
        """Read the stated number in the unit ``symbol`` of ``dimension`` (a bare number
        that takes a neighbour's unit: "3, 4 and 5 mm"); ``unit`` converts it to the base
        unit (None leaves the value as stated: money, percent)."""
        self.dimension, self.unit = dimension, symbol
        if unit is not None:
            self.value = self.stated * unit.factor + unit.offset
            self.half_unit *= unit.factor


@dataclass(slots=True)
class RawNumber:
    """A number found by the scan, before its context is read."""

    start: int
    end: int
    number: ParsedNumber
    words: bool
    half: float = -1.0
    """``half_unit_of(number)`` when the scan has it (cached per digit string); -1 when
    not."""


BAD_NUMBER = ParsedNumber(0.0, 0, 0)
"""Sentinel (compared by identity) for digit strings that are not one number."""


def half_unit_of(num: ParsedNumber) -> float:
    """Half the last stated digit: 12.5 -> 0.05, 15,000 -> 500 (trailing zeros round:
    "190" -> 5), but not in a two-digit number ("90 %" is 90, not 85-95)."""
    if num.decimals:
        return 0.5 * 10.0**-num.decimals
    if num.trailing_zeros and abs(num.value) < 100:
        return 0.5
    return 0.5 * 10.0**num.trailing_zeros
