"""Calendar dates as claims (opt-in: ``DomainConfig.check_dates``).

By default a date is no claim: its numbers are set aside by the ``date`` and ``year``
exclusions. With ``check_dates`` on, each calendar date an answer states to the day
becomes one claim of type ``date``, and it is verified when the evidence states the
same date:

* read: "11 June 2024", "11th June, 2024", "Tuesday 3 March", "June 11, 2024", "Jun.
  11", "2024-06-11" (ISO), day ranges "15-17 June 2025" (two dates) and numeric dates
  with a four-digit year ("08/01/2025", "8.1.2025"). A numeric date whose day and
  month could swap is read both ways (``08/01/2025`` is 8 January or 1 August) and
  matches either reading; a month with a year but no day ("June 2024") is not read.
* matched: ``claim`` and ``evidence`` agree when ``month_c == month_e``, ``day_c ==
  day_e`` and, when both state a year, ``year_c == year_e`` (a date stated without its
  year takes the evidence's).
* value: ``yyyymmdd`` as a number (``20240611``; ``611`` with no year), unit ``date``,
  base unit the ISO 8601 form (``2024-06-11``; ``--06-11`` with no year).

A failed date names the closest evidence date in its reason: the same day and month in
another year, else the date fewest days away. Each claim is judged in ``O(log n)`` of the
evidence dates (:class:`DateIndex`), so a long answer against long contexts stays linear.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from veracity.numeric.evidence import describe
from veracity.numeric.models import (
    ClaimVerification,
    EvidenceQuantity,
    NumericClaim,
    new_verification,
)
from veracity.numeric.textindex import TextIndex

__all__ = [
    "DATE",
    "CalendarDate",
    "DateIndex",
    "date_claims",
    "date_evidence",
    "days_apart",
    "iso_form",
    "same_date",
    "scan_dates",
    "verify_date",
]

DATE = "date"
"""The claim type, dimension and unit of a date claim."""

_MONTH_NUMBERS = {
    name: i + 1
    for i, name in enumerate(
        "January February March April May June July August September October November "
        "December".split()
    )
}
_MONTH_NUMBERS.update({name[:3]: n for name, n in list(_MONTH_NUMBERS.items())})
_MONTH_NUMBERS["Sept"] = 9

_NAMES = "January|February|March|April|May|June|July|August|September|October|November|December"
_SHORT = "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec"
_MONTH = rf"(?:{_NAMES}|{_NAMES.upper()}|(?:{_SHORT}|{_SHORT.upper()})\.?)"
"""A month name in title case or capitals ("June", "JUNE", "Jun."): not "may" the verb."""
_DAY = r"(?:[12]\d|3[01]|0?[1-9])"
_TH = r"(?:st|nd|rd|th)?"
_YEAR = r"(?:1[89]|20)\d\d"
_GAP = r"[ \t\u00a0]+"
_DATE = re.compile(
    # "15-17 June 2025", "between 9 and 20 June 2025", "11 June 2024", "11th of June, 2024"
    rf"\b(?:(?P<d0>{_DAY}){_TH}(?:[ \t]*[-–][ \t]*|{_GAP}(?:and|to){_GAP}))?"
    rf"(?P<d1>{_DAY}){_TH}{_GAP}(?:of{_GAP})?"
    rf"(?P<m1>{_MONTH})(?:,?{_GAP}(?P<y1>{_YEAR})(?![\d%]))?(?![A-Za-z])"
    # "June 11, 2024", "Jun. 11th", "June 15-17, 2025": not "June 11.5%" nor "May 2024"
    rf"|\b(?P<m2>{_MONTH}){_GAP}(?:(?P<d2a>{_DAY}){_TH}[ \t]*[-–][ \t]*)?"
    rf"(?P<d2>{_DAY}){_TH}(?![\d%]|[.,]\d)"
    rf"(?:,?{_GAP}(?P<y2>{_YEAR})(?![\d%]))?"
    # "2024-06-11"
    rf"|\b(?P<y3>{_YEAR})-(?P<m3>0[1-9]|1[0-2])-(?P<d3>[0-2]\d|3[01])(?![\d-])"
    # "08/01/2025", "8.1.2025": day and month in either order
    rf"|(?<![\d/.])(?P<a4>\d{{1,2}})(?P<s4>[/.])(?P<b4>\d{{1,2}})(?P=s4)(?P<y4>{_YEAR})(?![\d/])"
)


@dataclass(frozen=True, slots=True)
class CalendarDate:
    """One reading of a date written at ``span``: ``year`` is None when not stated."""

    span: tuple[int, int]
    text: str
    year: int | None
    month: int
    day: int

    @property
    def value(self) -> float:
        """``yyyymmdd`` as a number (``mmdd`` when no year is stated)."""
        return float((self.year or 0) * 10_000 + self.month * 100 + self.day)


def iso_form(d: CalendarDate) -> str:
    """ISO 8601: ``2024-06-11``, or ``--06-11`` for a date stated without its year."""
    head = f"{d.year:04d}" if d.year is not None else "-"
    return f"{head}-{d.month:02d}-{d.day:02d}"


def _valid(year: int | None, month: int, day: int) -> bool:
    try:
        date(year if year is not None else 2000, month, day)  # 2000: 29 February is a day
    except ValueError:
        return False
    return True


def scan_dates(text: str) -> list[CalendarDate]:
    """Every date ``text`` states to the day, in order of position (one entry per
    reading: a numeric date whose day and month could swap gives two)."""
    out: list[CalendarDate] = []
    if not any(c.isdigit() for c in text):
        return out
    for m in _DATE.finditer(text):
        g = m.groupdict()
        if g["a4"] is not None:
            a, b, y = int(g["a4"]), int(g["b4"]), int(g["y4"])
            # (month, day): day first ("08/01/2025" is 8 January), then month first
            for month, day in ((b, a), (a, b)) if a != b else ((a, b),):
                if _valid(y, month, day):
                    out.append(CalendarDate(m.span(), m.group(), y, month, day))
            continue
        if g["y3"] is not None:
            y3, month, day = int(g["y3"]), int(g["m3"]), int(g["d3"])
            if _valid(y3, month, day):
                out.append(CalendarDate(m.span(), m.group(), y3, month, day))
            continue
        name, day_text, year_text = (
            (g["m1"], g["d1"], g["y1"]) if g["m1"] is not None else (g["m2"], g["d2"], g["y2"])
        )
        month = _MONTH_NUMBERS[name.rstrip(".").title()]
        year = int(year_text) if year_text else None
        first_group = "d0" if g["d0"] is not None else "d2a" if g["d2a"] is not None else ""
        if first_group:  # "15-17 June 2025", "June 15-17, 2025": the first day of the range too
            first = int(g[first_group])
            if _valid(year, month, first) and first < int(day_text):
                s = m.start(first_group) if first_group == "d0" else m.start()
                e = m.end(first_group)
                out.append(CalendarDate((s, e), text[s:e], year, month, first))
        day = int(day_text)
        if _valid(year, month, day):
            s = m.start("d1") if g["m1"] is not None else m.start("d2")
            if g["m2"] is not None and g["d2a"] is None:
                s = m.start()  # "June 11, 2024" (of "June 15-17, 2025": "17, 2025")
            out.append(CalendarDate((s, m.end()), text[s : m.end()], year, month, day))
    return out


def same_date(claim: CalendarDate, evidence: CalendarDate) -> bool:
    """Same month and day, and the same year when both state one."""
    return (
        claim.month == evidence.month
        and claim.day == evidence.day
        and (claim.year is None or evidence.year is None or claim.year == evidence.year)
    )


def _ordinal(year: int, month: int, day: int) -> int:
    """The day's ordinal; 29 February of a year without one counts as 28 February."""
    if month == 2 and day == 29 and not _valid(year, 2, 29):
        day = 28
    return date(year, month, day).toordinal()


def days_apart(claim: CalendarDate, evidence: CalendarDate) -> int:
    """Days between the two dates. When one states no year it is placed in the year before,
    the year of or the year after the other (the nearest: "31 December" is a day from "1
    January 2025"); with no year on either side, in 2000."""
    if claim.year is not None and evidence.year is not None:
        return abs(
            _ordinal(claim.year, claim.month, claim.day)
            - _ordinal(evidence.year, evidence.month, evidence.day)
        )
    year = claim.year if claim.year is not None else evidence.year
    year = 2000 if year is None else year
    if claim.year is None:  # the claim moves around the evidence's year
        fixed, free = evidence, claim
    else:
        fixed, free = claim, evidence
    at = _ordinal(year, fixed.month, fixed.day)
    return min(abs(_ordinal(y, free.month, free.day) - at) for y in (year - 1, year, year + 1))


def _of_value(value: float) -> CalendarDate:
    """The date a claim's or evidence value holds (``yyyymmdd``; year 0: not stated)."""
    v = int(value)
    year = v // 10_000
    return CalendarDate((0, 0), "", year or None, v // 100 % 100, v % 100)


def date_claims(text: str, index: TextIndex) -> list[NumericClaim]:
    """The dates ``text`` states to the day, as claims of type :data:`DATE` (a numeric
    date read two ways is claimed once, by its day-first reading; :func:`verify_date`
    tries the other too)."""
    out: list[NumericClaim] = []
    for d in scan_dates(text):
        if out and out[-1].span == d.span:
            continue  # the second reading of "08/01/2025"
        out.append(
            NumericClaim(
                d.text,
                d.span,
                index.sentence(*d.span),
                DATE,
                d.value,
                d.value,
                DATE,
                DATE,
                base_unit=iso_form(d),
                half_unit=0.0,
                index=index,
            )
        )
    return out


def date_evidence(contexts: Sequence[str]) -> list[EvidenceQuantity]:
    """The dates of ``contexts`` (checked strings) stated to the day (each reading of a
    numeric date)."""
    out: list[EvidenceQuantity] = []
    for i, ctx in enumerate(contexts):
        index: TextIndex | None = None
        for d in scan_dates(ctx):
            index = index or TextIndex(ctx)
            out.append(
                EvidenceQuantity(
                    value=d.value,
                    stated_value=d.value,
                    unit=DATE,
                    dimension=DATE,
                    source=f"context[{i}]",
                    context_index=i,
                    sentence=index.sentence(*d.span),
                    span=d.span,
                    text=d.text,
                    index=index,
                )
            )
    return out


class DateIndex:
    """The evidence dates of one check, by day and month (with and without their year) and
    in order of time, so that each claim is judged in ``O(log n)``: a long answer against
    long contexts stays linear."""

    def __init__(self, evidence: Sequence[EvidenceQuantity]) -> None:
        self.count = len({(ev.context_index, ev.span) for ev in evidence})
        """Dates stated (a numeric date read two ways counts once)."""
        self._dated: dict[tuple[int, int, int], EvidenceQuantity] = {}
        self._yearless: dict[tuple[int, int], EvidenceQuantity] = {}
        self._any_year: dict[tuple[int, int], EvidenceQuantity] = {}
        by_time: list[tuple[int, int, EvidenceQuantity]] = []  # (ordinal, position, ...)
        dated_days: list[tuple[int, int, EvidenceQuantity]] = []  # (mmdd, position, ...)
        yearless_days: list[tuple[int, int, EvidenceQuantity]] = []
        for i, ev in enumerate(evidence):
            d = _of_value(ev.value)
            day = (d.month, d.day)
            self._any_year.setdefault(day, ev)
            if d.year is None:
                self._yearless.setdefault(day, ev)
                yearless_days.append((d.month * 100 + d.day, i, ev))
            else:
                self._dated.setdefault((d.month, d.day, d.year), ev)
                by_time.append((_ordinal(d.year, d.month, d.day), i, ev))
                dated_days.append((d.month * 100 + d.day, i, ev))
        self._by_time = _Sorted(by_time)
        self._dated_days = _Sorted(dated_days)
        self._yearless_days = _Sorted(yearless_days)

    def same(self, stated: CalendarDate) -> tuple[EvidenceQuantity | None, EvidenceQuantity | None]:
        """The first evidence date that is :func:`same_date` as ``stated``, and (when there
        is none) the first of the same day and month in another year."""
        day = (stated.month, stated.day)
        if stated.year is None:
            return self._any_year.get(day), None
        match = self._dated.get((*day, stated.year)) or self._yearless.get(day)
        return match, None if match is not None else self._any_year.get(day)

    def nearest(self, stated: CalendarDate) -> tuple[int, EvidenceQuantity] | None:
        """The evidence date fewest :func:`days_apart` from ``stated`` (ties: the first
        stated), from the neighbours of ``stated`` in time and in the calendar year."""
        mmdd = stated.month * 100 + stated.day
        found = self._yearless_days.around(mmdd, wrap=True)
        if stated.year is None:
            found += self._dated_days.around(mmdd, wrap=True)
        else:
            found += self._by_time.around(_ordinal(stated.year, stated.month, stated.day))
        if not found:
            return None
        apart, _, ev = min((days_apart(stated, _of_value(ev.value)), i, ev) for _, i, ev in found)
        return apart, ev


class _Sorted:
    """Entries ``(key, position, evidence)`` in order of key, with their neighbours."""

    def __init__(self, entries: list[tuple[int, int, EvidenceQuantity]]) -> None:
        entries.sort(key=lambda t: t[:2])
        self._entries = entries
        self._keys = [t[0] for t in entries]

    def around(self, key: int, *, wrap: bool = False) -> list[tuple[int, int, EvidenceQuantity]]:
        """The entries just before and after ``key`` (and, with ``wrap``, the first and the
        last: the calendar year goes round from 31 December to 1 January)."""
        at = bisect.bisect_left(self._keys, key)
        out = self._entries[max(0, at - 1) : at + 1]
        if wrap and self._entries:
            out += [self._entries[0], self._entries[-1]]
        return out


_NUMERIC_DATE = re.compile(r"\d{1,2}([/.])\d{1,2}\1\d{4}")
"""A date written in numbers only ("08/01/2025"), which reads two ways."""


def _describe(ev: EvidenceQuantity) -> str:
    """An evidence date as reasons name it; the first day of a range ("15" of "15-17 June
    2025") with its date."""
    if ev.text.isdigit():
        return f"{ev.text!r} ({iso_form(_of_value(ev.value))}) in context {ev.context_index}"
    return describe(ev)


def verify_date(claim: NumericClaim, dates: DateIndex) -> ClaimVerification:
    """A date claim is verified by an evidence date that is :func:`same_date` (either
    reading of a numeric date); failing that, the reason names the closest evidence date:
    the same day and month in another year, else the date fewest days away."""
    readings = [_of_value(claim.value)]
    if _NUMERIC_DATE.fullmatch(claim.text):
        readings += scan_dates(claim.text)[1:]  # "08/01/2025" read month first too
    said = repr(claim.text) if not claim.text.isdigit() else f"{claim.text!r} ({claim.base_unit})"
    closest: tuple[int, EvidenceQuantity] | None = None
    for stated in readings:
        match, other_year = dates.same(stated)
        if match is not None:
            reason = f"{said} is the date {_describe(match)}"
            return new_verification(claim, True, match, 0.0, "same_date", reason, 0.0)
        near = (
            (days_apart(stated, _of_value(other_year.value)), other_year)
            if other_year is not None
            else dates.nearest(stated)
        )
        if near is not None and (closest is None or near[0] < closest[0]):
            closest = near
    if closest is None:
        reason = f"{said}: the evidence states no date to compare it with"
        return new_verification(claim, False, None, None, "no_evidence", reason, 0.0)
    apart, ev = closest
    reason = (
        f"{said} is not a date of the evidence; closest is {_describe(ev)} "
        f"({apart} day{'s' if apart != 1 else ''} apart)"
    )
    return new_verification(claim, False, ev, None, "other_date", reason, 0.0)
