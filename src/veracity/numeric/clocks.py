"""Elapsed times written like clocks: "2:08:15" (hours, minutes, seconds), "3:41.27" and
"80:15" (minutes and seconds: no clock shows decimals or 80 hours), "+0:18" (minutes and
seconds: a gap in a results table; no clock has a sign), "3:28 (h:min)". Each
is a duration, exact to its last digit (unit :data:`CLOCK`); anything else with a colon
stays a time of day."""

from __future__ import annotations

import re

from veracity.numeric.quantity import CLOCK, Quantity

__all__ = ["elapsed_time"]

_ELAPSED = re.compile(
    r":([0-5]\d):([0-5]\d(?:\.\d+)?)(?![\d:])(?![ \t]*(?i:[ap]\.?m\b|hrs?\b|h\b))"
)
"""":mm:ss" after hours: an elapsed time ("2:08:15"), unless a clock follows (am, pm, hrs)."""
_MINUTES_SECONDS = re.compile(r":([0-5]\d\.\d{1,3})(?![\d:])")
"""":ss.xx" after minutes: a race time ("3:41.27", "1:54.61"); a clock has no decimals."""
_WHOLE_SECONDS = re.compile(r":([0-5]\d)(?![\d:]|\.\d)")
"""":ss" after a minute count no clock has ("80:15")."""
_HOURS_MINUTES = re.compile(r":([0-5]\d)[ \t]*\(?(?i:h{1,2}:mm|h:min|hrs?:mins?)\)?")
"""":mm" after hours, labelled as a duration ("3:28 (h:min)", "1:45 h:mm")."""


def elapsed_time(text: str, start: int, end: int, first: float) -> Quantity | None:
    """The elapsed time whose first part is the integer ``first`` at ``text[start:end]``
    (a colon follows it), or None when the colon starts a time of day."""
    elapsed = _ELAPSED.match(text, end)
    if elapsed is not None:  # "2:08:15": a race time, not a time of day
        secs = first * 3600 + int(elapsed.group(1)) * 60 + float(elapsed.group(2))
        return Quantity(start, elapsed.end(), secs, secs, "time", CLOCK, half_unit=0.5)
    ms = _MINUTES_SECONDS.match(text, end)
    if ms is None and (24 <= first < 1000 or _gap(text, start)):
        # "80:15": no clock reads 80 hours; "+0:18", "+1:43": a gap behind the leader
        ms = _WHOLE_SECONDS.match(text, end)
    if ms is not None:  # "3:41.27", "80:15": minutes and seconds
        secs = first * 60 + float(ms.group(1))
        half = 0.5 * 10.0 ** -len(ms.group(1).partition(".")[2])
        return Quantity(start, ms.end(), secs, secs, "time", CLOCK, half_unit=half)
    hm = _HOURS_MINUTES.match(text, end)
    if hm is not None:  # "3:28 (h:min)": a duration of 3 h 28 min
        secs = first * 3600 + int(hm.group(1)) * 60
        return Quantity(start, hm.end(), secs, secs, "time", CLOCK, half_unit=30.0)
    return None


def _gap(text: str, start: int) -> bool:
    """Whether a lone "+" opens the number at ``start`` ("+0:18"; not "UTC+5:30" or "GMT
    +1:00", offsets of a time zone)."""
    if start < 1 or text[start - 1] != "+" or (start >= 2 and text[start - 2].isalnum()):
        return False
    return _ZONE_BEFORE.search(text, max(0, start - 8), start - 1) is None


_ZONE_BEFORE = re.compile(r"(?i:utc|gmt)[ \t]*$")
"""A time zone before a signed offset ("GMT +1:00")."""
