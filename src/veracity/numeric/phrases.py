"""Quantities stated by phrases: multipliers ("twice", "double the"), fractions
("three-quarters of") and shares ("one in five", "3 out of 10").

:data:`MULTIPLIER_RE` finds multiplier words, which :func:`multiplier` reads as ratios
(with a rate denominator: "twice daily"); :func:`share` reads "N in M" / "N out of M"
after a number as an approximate percentage.
"""

from __future__ import annotations

import re

from veracity.numeric import units
from veracity.numeric.nearby import prefix_kind
from veracity.numeric.numbers import parse_words
from veracity.numeric.patterns import WORDS_ALT
from veracity.numeric.quantity import BAD_NUMBER, Quantity, RawNumber
from veracity.numeric.rates import apply_rate

__all__ = [
    "FRACTIONS",
    "MULTIPLIERS",
    "MULTIPLIER_LOWER",
    "MULTIPLIER_RE",
    "PHRASE_HINTS",
    "SHARE",
    "multiplier",
    "share",
]

MULTIPLIER_RE = re.compile(
    r"\b(?:(?P<once>twice|thrice)|(?P<adj>double|triple|treble|quadruple)(?=[ \t]+(?:the|that|its|their|his|her|our|your)\b)"
    r"|(?P<frac>(?:three|two|one|a)[ \t-]+(?:quarters?|thirds?))(?=[ \t]+of\b(?![ \t]+an?\b))"
    r"|(?<=\bby )(?P<frac2>(?:three|two|one|a)[ \t-]+(?:quarters?|thirds?))(?![ \t-]+of\b)"
    r"|(?P<hour>half[ \t]+an|(?:(?P<three>three)|one|a)[ \t-]+quarters?[ \t]+of[ \t]+an)"
    r"[ \t]+hour)\b",
    re.IGNORECASE,
)
"""Multiplier words read as ratios: "twice" (daily, as many, the rate), "thrice", and
"double / triple / quadruple the ..." ("paid at double the base rate"); and fractions
before "of" or after "by" read as approximate percentages ("three-quarters of the salt":
75 %; "fell by a quarter": 25 %), but not a fraction of one thing ("a quarter of a point");
and parts of an hour as durations ("half an hour": 30 minutes, "three quarters of an
hour": 45)."""
MULTIPLIER_LOWER = re.compile(MULTIPLIER_RE.pattern)
"""The same pattern without IGNORECASE, for lower-cased text (several times faster)."""
FRACTIONS = {
    "three quarters": 75.0,
    "two thirds": 200 / 3,
    "one third": 100 / 3,
    "a third": 100 / 3,
    "one quarter": 25.0,
    "a quarter": 25.0,
}
"""Fraction words as percentages ("two-thirds" is 66.7 %)."""
_FRACTION_HALF_UNIT = 2.5
"""A fraction word is a coarse percentage: "a third" covers 30.8-35.8 %, "three-quarters"
72.5-77.5 % (half of a 5-point step)."""
MULTIPLIERS = {
    "twice": 2.0,
    "thrice": 3.0,
    "double": 2.0,
    "triple": 3.0,
    "treble": 3.0,
    "quadruple": 4.0,
}


PHRASE_HINTS = (*MULTIPLIERS, "quarter", "third", "half an hour")
"""Substrings of every phrase :data:`MULTIPLIER_RE` finds (a cheap pre-check)."""


def multiplier(text: str, m: re.Match[str]) -> Quantity:
    """The ratio a multiplier word states (``twice`` -> 2x; ``quadruple the`` -> 4x), or
    the approximate percentage a fraction states (``three-quarters of`` -> 75 %)."""
    if m.group("hour"):  # "half an hour", "a quarter of an hour", "three quarters of an hour"
        low = m.group("hour").lower()
        minutes = 30.0 if low.startswith("half") else 45.0 if m.group("three") else 15.0
        return Quantity(m.start(), m.end(), minutes * 60.0, minutes, "time", "min", from_words=True)
    frac = m.group("frac") or m.group("frac2")
    if frac:
        words = re.split(r"[ \t-]+", frac.lower())
        pct = FRACTIONS.get(f"{words[0]} {words[1].rstrip('s')}s")
        pct = FRACTIONS.get(f"{words[0]} {words[1].rstrip('s')}") if pct is None else pct
        if pct is not None:
            q = Quantity(m.start(), m.end(), pct, pct, "percent", "%", approx=True, from_words=True)
            q.half_unit = _FRACTION_HALF_UNIT
            kind = prefix_kind(text[max(0, m.start() - 24) : m.start()])
            if kind in ("min", "max"):  # "nearly a third", "more than three-quarters"
                q.bound = kind
            return q
    value = MULTIPLIERS[m.group().lower()]
    q = Quantity(m.start(), m.end(), value, value, "ratio", "x", from_words=True)
    if m.group("once"):
        apply_rate(text, q)  # "twice daily", "twice a week"
    return q


SHARE = re.compile(
    rf"[ \t]+(?:in|out[ \t]+of)[ \t]+(?P<m>\d{{1,4}}(?!\d|[.,]\d)|(?i:{WORDS_ALT}))\b"
    rf"(?![ \t]*(?:%|-|(?i:per|percent|times)\b|(?:{units.unit_regex_source()})(?![A-Za-z])))"
)
"""" in 10" / " out of five" after a number, not followed by a unit, %, "per" or "times"."""

RETURN_PERIOD = re.compile(
    r"[ \t]*-?[ \t]*in[ \t]*-?[ \t]*(?P<m>\d{1,3}(?:,\d{3})+|\d{1,6})[ \t-]+years?\b"
)
"""A return period after "1": "1-in-200-year", "1 in 100 year" (an annual chance of 1/N)."""

_RATING_BEFORE = re.compile(
    r"(?i:\b(?:rat(?:ed|ing|es?)|scor(?:ed|es?|ing)|grad(?:ed|es?))\b[^.;]*$)"
)


def share(text: str, raw: RawNumber) -> Quantity | None:
    """ "one in five", "3 out of 10": a share, read as an approximate percentage
    (N / M * 100 with whole 1 <= N < M <= 1000), unless a unit follows M ("5 in 10
    minutes") or a rating precedes it ("rated 4 out of 5"). A return period
    ("1-in-200-year") is the exact annual chance 100 / N %."""
    number = raw.number
    if number.value == 1 and number is not BAD_NUMBER and not number.decimals:
        period = RETURN_PERIOD.match(text, raw.end)
        if period is not None:  # "a 1-in-200-year storm": 0.5 %
            years = float(period.group("m").replace(",", ""))
            if years > 1:
                pct = 100 / years
                return Quantity(raw.start, period.end(), pct, pct, "percent", "%", half_unit=0.0)
    m = SHARE.match(text, raw.end)
    if m is None or number.decimals or number is BAD_NUMBER:
        return None
    if _RATING_BEFORE.search(text, max(0, raw.start - 30), raw.start):
        return None  # "rated the deck 5 out of 9": a score on a scale, not a share
    n = raw.number.value
    word = m.group("m")
    whole = float(word) if word.isdigit() else parse_words([word.lower()])
    if whole is None or not (1 <= n < whole <= 1000) or n != int(n):
        return None
    pct = n / whole * 100
    return Quantity(
        raw.start, m.end(), pct, pct, "percent", "%", approx=True, half_unit=50 / whole**2
    )
