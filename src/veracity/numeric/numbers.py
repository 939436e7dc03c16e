"""Reading one number: digit strings with separators, and numbers written in words.

Digit strings (:func:`parse_digits`), in linear time:

* ``1,234,567`` / ``1_000`` / ``1 000`` (thin spaces) / ``1'000``: thousands
  separators, every group after the first exactly three digits;
* ``1,234.56``: comma thousands, point decimal; ``1.234,56``, ``1.234.567`` and
  ``3,5`` are the unambiguous European forms (point thousands / comma decimal);
  ``1'234.50`` the Swiss one; ``1,23,456`` and ``12,34,56,789`` the Indian grouping
  (lakh, crore: pairs before the last three digits);
* ``1.500`` is read as one and a half (English decimal point);
* anything else (``1,2,3``, ``2.1.3``) is not a quantity (a list or a version).
* more than :data:`MAX_DIGITS` digits is an identifier, never a quantity.

Words (:func:`parse_words`): ``twelve``, ``twenty-five``, ``fifteen hundred``,
``two hundred and fifty``, ``three million``, ``a dozen``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "MAX_DIGITS",
    "NUMBER_WORDS",
    "ParsedNumber",
    "one_number",
    "parse_digits",
    "parse_words",
]

MAX_DIGITS = 18
"""Longer digit runs (credit cards, hashes, a megabyte of digits) are identifiers."""

_THOUSANDS_ONLY = "_\u2009\u202f'’"
_US_FORM = re.compile(r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?")


@dataclass(slots=True, eq=False)
class ParsedNumber:
    """A parsed number: value, digits after the decimal mark, significant digits.

    Read-only by convention (not frozen: a frozen dataclass is slower to build)."""

    value: float
    decimals: int
    significant: int
    grouped: bool = False
    trailing_zeros: int = 0
    """Zeros ending an integer (``15,000`` -> 3): the granularity it was rounded to."""


def _significant(digits: str) -> int:
    stripped = digits.lstrip("0")
    return max(1, len(stripped))


def _groups_ok(groups: list[str]) -> bool:
    return 1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])


def _indian_ok(groups: list[str]) -> bool:
    """The Indian grouping (lakh, crore): three digits last, pairs before them, one or two
    digits first ("1,23,456", "12,34,56,789")."""
    return (
        len(groups) >= 3
        and len(groups[-1]) == 3
        and all(len(g) == 2 for g in groups[1:-1])
        and 1 <= len(groups[0]) <= 2
    )


def parse_digits(raw: str) -> ParsedNumber | None:
    """Parse a digit string such as ``1,234.5``; ``None`` when it is not one number."""
    if len(raw) > MAX_DIGITS * 2:
        return None
    if raw[:1] == ".":  # ".5": a decimal with no leading zero
        frac = raw[1:]
        if not frac.isdigit() or len(frac) > MAX_DIGITS:
            return None
        return ParsedNumber(float("0" + raw), len(frac), len(frac.lstrip("0")) or 1, False)
    if raw.isdigit():  # fast paths: 123 / 1,234,567 / 12.5 / 1,234.5
        if len(raw) > MAX_DIGITS:
            return None
        return _integer(raw, grouped=False)
    fast = _US_FORM.fullmatch(raw)
    if fast is not None:
        whole, frac = fast.group(1), fast.group(2) or ""
        grouped = "," in whole
        if grouped:
            whole = whole.replace(",", "")
        if len(whole) > MAX_DIGITS or len(frac) > MAX_DIGITS:
            return None
        if not frac:
            return _integer(whole, grouped=grouped)
        digits = (whole + frac).lstrip("0")
        return ParsedNumber(float(f"{whole}.{frac}"), len(frac), len(digits) or 1, grouped)
    seps = {c for c in raw if not c.isdigit()}
    if not seps:
        if len(raw) > MAX_DIGITS:
            return None
        return ParsedNumber(float(raw), 0, _significant(raw))
    if seps & set(_THOUSANDS_ONLY):
        frac = ""
        if len(seps) == 2 and "." in seps:  # 1'234.50 (Swiss): thousands, then a point
            raw, _, frac = raw.partition(".")
            seps.discard(".")
            if not frac.isdigit() or "." in frac:
                return None
        if len(seps) != 1:
            return None
        sep = seps.pop()
        groups = raw.split(sep)
        if not _groups_ok(groups):
            return None
        digits = "".join(groups)
        return _make(digits, frac, grouped=True)
    if seps == {",", "."}:
        last_comma, last_point = raw.rfind(","), raw.rfind(".")
        if last_point > last_comma:  # 1,234.56
            whole, frac = raw[:last_point], raw[last_point + 1 :]
            groups = whole.split(",")
            if not _groups_ok(groups) and _indian_ok(groups) and frac.isdigit():
                return _make("".join(groups), frac, grouped=True)  # 1,23,456.50
        else:  # 1.234,56
            whole, frac = raw[:last_comma], raw[last_comma + 1 :]
            groups = whole.split(".")
        if not _groups_ok(groups) or not frac.isdigit():
            return None
        return _make("".join(groups), frac, grouped=True)
    sep = seps.pop()
    groups = raw.split(sep)
    if sep == ",":
        if _groups_ok(groups) or _indian_ok(groups):  # 1,234,567 / 12,34,567 (lakh, crore)
            return _make("".join(groups), "", grouped=True)
        if len(groups) == 2 and len(groups[1]) != 3:  # European decimal comma: 3,5
            return _make(groups[0], groups[1])
        return None
    # sep == "."
    if len(groups) == 2:
        return _make(groups[0], groups[1])
    if _groups_ok(groups):  # 1.234.567 (European thousands)
        return _make("".join(groups), "", grouped=True)
    return None


def _integer(digits: str, *, grouped: bool) -> ParsedNumber:
    stripped = digits.lstrip("0")
    if not stripped:
        return ParsedNumber(0.0, 0, 1, grouped)
    core = stripped.rstrip("0")
    return ParsedNumber(float(stripped), 0, len(core), grouped, len(stripped) - len(core))


def _make(whole: str, frac: str, *, grouped: bool = False) -> ParsedNumber | None:
    if len(whole) > MAX_DIGITS or len(frac) > MAX_DIGITS:
        return None
    if not frac:
        return _integer(whole, grouped=grouped)
    text = f"{whole}.{frac}" if frac else whole
    sig = _significant(whole + frac) if whole.strip("0") else _significant(frac)
    return ParsedNumber(float(text), len(frac), sig, grouped)


_UNITS_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS_WORDS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_MULT_WORDS = {
    "hundred": 100,
    "thousand": 1000,
    "million": 10**6,
    "billion": 10**9,
    "trillion": 10**12,
}

NUMBER_WORDS: frozenset[str] = frozenset({*_UNITS_WORDS, *_TENS_WORDS, *_MULT_WORDS, "dozen"})
"""Every word :func:`parse_words` understands."""


def parse_words(words: list[str]) -> float | None:
    """Value of a sequence of number words (lower case, ``and`` already removed).

    ``["fifteen", "hundred"]`` -> 1500, ``["twenty", "five"]`` -> 25,
    ``["a", "dozen"]`` is handled by the caller as ``["dozen"]`` -> 12.
    """
    total = 0
    current = 0
    seen = False
    for word in words:
        if word in _UNITS_WORDS:
            current += _UNITS_WORDS[word]
        elif word in _TENS_WORDS:
            current += _TENS_WORDS[word]
        elif word == "dozen":
            current = (current or 1) * 12
        elif word == "hundred":
            current = (current or 1) * 100
        elif word in _MULT_WORDS:
            total += (current or 1) * _MULT_WORDS[word]
            current = 0
        else:
            return None
        seen = True
    return float(total + current) if seen else None


def one_number(words: list[str]) -> int:
    """How many leading number words form one number: "two one" is two numbers ("two
    one-minute flights"), as are "three four" and "twenty thirty"; "twenty one",
    "fifteen hundred" and "two thousand three hundred" are one."""
    last = ""  # kind of the previous word: digit (0-9), teen (10-19), tens, hundred, mult
    for i, word in enumerate(words):
        value = _UNITS_WORDS.get(word)
        if value is not None:
            kind = "digit" if value < 10 else "teen"
            if last in ("digit", "teen") or (last == "tens" and kind == "teen"):
                return i
        elif word in _TENS_WORDS:
            kind = "tens"
            if last in ("digit", "teen", "tens"):
                return i
        else:
            kind = "hundred" if word in ("hundred", "dozen") else "mult"
        last = kind
    return len(words)
