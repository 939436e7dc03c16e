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

_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November"
    r"|December|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?)"
)
_DAY = r"(?:[12]\d|3[01]|0?[1-9])"
_TH = r"(?:st|nd|rd|th)?"
_YEAR = r"(?:1[89]|20)\d\d"
_GAP = r"[ \t\u00a0]+"
_DATE = re.compile(
    # "15-17 June 2025", "11 June 2024", "11th of June, 2024"
    rf"\b(?:(?P<d0>{_DAY}){_TH}[ \t]*[-–][ \t]*)?(?P<d1>{_DAY}){_TH}{_GAP}(?:of{_GAP})?"
    rf"(?P<m1>{_MONTH})(?:,?{_GAP}(?P<y1>{_YEAR})(?![\d%]))?(?![A-Za-z])"
    # "June 11, 2024", "Jun. 11th": not "June 11.5%" nor "May 2024" (a month and a year)
    rf"|\b(?P<m2>{_MONTH}){_GAP}(?P<d2>{_DAY}){_TH}(?![\d%]|[.,]\d)"
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
        month = _MONTH_NUMBERS[name.rstrip(".")]
        year = int(year_text) if year_text else None
        if g["d0"] is not None:  # "15-17 June 2025": the first day of the range too
            first = int(g["d0"])
            if _valid(year, month, first) and first < int(day_text):
                s = m.start("d0")
                out.append(
                    CalendarDate((s, m.end("d0")), text[s : m.end("d0")], year, month, first)
                )
        day = int(day_text)
        if _valid(year, month, day):
            s = m.start("d1") if g["m1"] is not None else m.start()
            out.append(CalendarDate((s, m.end()), text[s : m.end()], year, month, day))
    return out


def same_date(claim: CalendarDate, evidence: CalendarDate) -> bool:
    """Same month and day, and the same year when both state one."""
    return (
        claim.month == evidence.month
        and claim.day == evidence.day
        and (claim.year is None or evidence.year is None or claim.year == evidence.year)
    )


def days_apart(claim: CalendarDate, evidence: CalendarDate) -> int:
    """Days between the two dates (a missing year taken from the other date, else 2000)."""
    cy = claim.year if claim.year is not None else evidence.year
    ey = evidence.year if evidence.year is not None else claim.year
    return abs(
        date(cy or 2000, claim.month, claim.day).toordinal()
        - date(ey or 2000, evidence.month, evidence.day).toordinal()
    )


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
    """The dates of ``contexts`` stated to the day (each reading of a numeric date)."""
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
    """The evidence dates of one check, by month and day and in order of time, so that
    each claim is judged in ``O(log n)`` plus the dates of its own day."""

    def __init__(self, evidence: Sequence[EvidenceQuantity]) -> None:
        self.count = len(evidence)
        self._by_day: dict[tuple[int, int], list[tuple[CalendarDate, EvidenceQuantity]]] = {}
        dated: list[tuple[int, int, EvidenceQuantity]] = []  # (ordinal, position, evidence)
        in_year: list[tuple[int, int, EvidenceQuantity]] = []  # (mmdd, position, evidence)
        for i, ev in enumerate(evidence):
            d = _of_value(ev.value)
            self._by_day.setdefault((d.month, d.day), []).append((d, ev))
            in_year.append((d.month * 100 + d.day, i, ev))
            if d.year is not None:
                dated.append((date(d.year, d.month, d.day).toordinal(), i, ev))
        dated.sort(key=lambda t: t[:2])
        in_year.sort(key=lambda t: t[:2])
        self._dated = dated
        self._dated_keys = [t[0] for t in dated]
        self._in_year = in_year
        self._in_year_keys = [t[0] for t in in_year]

    def same(self, stated: CalendarDate) -> tuple[EvidenceQuantity | None, EvidenceQuantity | None]:
        """The first evidence date that is :func:`same_date` as ``stated``, and the first
        of the same day and month in another year (each None when there is none)."""
        other_year = None
        for d, ev in self._by_day.get((stated.month, stated.day), ()):
            if same_date(stated, d):
                return ev, None
            other_year = other_year or ev
        return None, other_year

    def nearest(self, stated: CalendarDate) -> tuple[int, EvidenceQuantity] | None:
        """The evidence date fewest days from ``stated``, and the days: neighbours in
        time when the claim states its year, in the calendar year (its day and month)
        when it does not or the evidence does not."""
        found: list[tuple[int, int, EvidenceQuantity]] = []
        mmdd = stated.month * 100 + stated.day
        around = bisect.bisect_left(self._in_year_keys, mmdd)
        for _, i, ev in self._in_year[max(0, around - 1) : around + 1]:
            other = _of_value(ev.value)
            if stated.year is None or other.year is None:
                found.append((days_apart(stated, other), i, ev))
        if stated.year is not None:
            at = date(stated.year, stated.month, stated.day).toordinal()
            around = bisect.bisect_left(self._dated_keys, at)
            for key, i, ev in self._dated[max(0, around - 1) : around + 1]:
                found.append((abs(key - at), i, ev))
        if not found:
            return None
        apart, _, ev = min(found, key=lambda t: t[:2])
        return apart, ev


def verify_date(claim: NumericClaim, dates: DateIndex) -> ClaimVerification:
    """A date claim is verified by an evidence date that is :func:`same_date`; failing
    that, the reason names the closest evidence date: the same day and month in another
    year, else the date fewest days away."""
    stated = _of_value(claim.value)
    said = repr(claim.text) if not claim.text.isdigit() else f"{claim.text!r} ({claim.base_unit})"
    match, other_year = dates.same(stated)
    if match is None and claim.text[-4:].isdigit():
        for reading in scan_dates(claim.text)[1:]:  # "08/01/2025" read month first too
            match, _ = dates.same(reading)
            if match is not None:
                break
    if match is not None:
        reason = f"{said} is the date {describe(match)}"
        return new_verification(claim, True, match, 0.0, "same_date", reason, 0.0)
    if other_year is not None:
        closest: tuple[int, EvidenceQuantity] | None = (
            days_apart(stated, _of_value(other_year.value)),
            other_year,
        )
    else:
        closest = dates.nearest(stated)
    if closest is None:
        reason = f"{said}: the evidence states no date to compare it with"
        return new_verification(claim, False, None, None, "no_evidence", reason, 0.0)
    apart, ev = closest
    reason = (
        f"{said} is not a date of the evidence; closest is {describe(ev)} "
        f"({apart} day{'s' if apart != 1 else ''} apart)"
    )
    return new_verification(claim, False, ev, None, "other_date", reason, 0.0)
