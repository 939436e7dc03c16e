"""Claims stated together must be found together: the "other row" check.

"Crude climbed 1.3 % to $84.60" against "Oil rose 2.1 % to $84.60 a barrel, while
natural gas fell 1.3 % to $2.71": each number exists in the context, but the two
were stated together in the answer and come from two different rows. Rule
(``other_row``), applied after every claim has been verified on its own:

* claims X and Y are *stated together* when they share an answer sentence with no
  strong cut between them (``;``, "and", "while", "whereas", "but", "whilst", "versus"),
  and do not name two different years ("from €17.9 billion in 2023 to €18.8 billion in
  2024" takes two rows on purpose), nor are a part and its whole ("£153,000 of the
  £240,000 target": the whole is a total, stated apart on purpose);
* X's match is *not tied to X by its words*: X's labels (row, entity, counted noun)
  share no word with its matched evidence's labels;
* X has a kind (a unit, a currency, a percentage, a counted noun): a bare number
  ("87 points out of 100": the 100) has none, so the bare numbers near Y's match
  ("four", "1") are no alternative for it;
* no evidence verifying a claim stated with X lies in a *segment* (sentence between
  strong cuts) that holds evidence verifying X (every copy of an equal value counts,
  not only the one chosen), and the segment of some such claim Y's match holds
  evidence of X's kind that X does not match and no claim of the answer matched.

A table row offers no alternative for a claim whose match stands in prose ("Total market
up 0.6%" is not contradicted by the "Total" row's share of "100%").

Then X fails: its value was taken from another row. The check is conservative: it
only fires when Y's segment offers an alternative for X, so an answer combining
numbers from sentences that state nothing of X's kind is never affected. Only
claims of one answer sentence are compared (at most 24 verified ones per sentence).

The evidence is reached through a :class:`CandidateView`: the values that may verify a
claim (near it in value) and the values of its kind inside one segment (by position),
so the check stays near-linear on large contexts.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Protocol

from veracity.numeric.evidence import describe
from veracity.numeric.models import (
    ClaimVerification,
    EvidenceQuantity,
    NumericClaim,
    labels_of,
    year_of,
)
from veracity.numeric.textindex import TableCell, TextIndex

__all__ = [
    "AnswerSentence",
    "CandidateView",
    "answer_sentence",
    "check_companions",
    "check_row_selectors",
    "claims_by_sentence",
    "segment_bounds",
    "stated_together",
]

_MAX_GROUP = 24
"""Answer sentences with more verified claims are skipped (the check is quadratic in
the claims of one sentence; such "sentences" are tables or number dumps)."""
_CUT_WORDS = r"and|while|whilst|whereas|but|versus|vs"
_STRONG_CUT = re.compile(rf";|\b(?:{_CUT_WORDS})\b", re.IGNORECASE)


def segment_bounds(index: TextIndex, pos: int) -> tuple[int, int]:
    """The part of the sentence around ``pos`` between strong cuts: from the end of the
    last cut ending at or before ``pos`` to the start of the first starting at or after
    it (the sentence's cuts are found once per sentence)."""
    s0, s1 = index.sentence_bounds(pos)
    starts, ends = index.of_sentence("strong cuts", pos, lambda a, b: _cuts(index.text, a, b))
    k = bisect.bisect_right(ends, pos)
    j = bisect.bisect_left(starts, pos)
    return ends[k - 1] if k else s0, starts[j] if j < len(starts) else s1


def _cuts(text: str, s0: int, s1: int) -> tuple[list[int], list[int]]:
    """Where the strong cuts of the sentence ``s0:s1`` start and end."""
    found = [m.span() for m in _STRONG_CUT.finditer(text, s0, s1)]
    return [a for a, _ in found], [b for _, b in found]


def stated_together(x: NumericClaim, y: NumericClaim) -> bool:
    """Same answer sentence, no strong cut between the two claims."""
    if x.index is None or x.index is not y.index:
        return False
    first, second = (x, y) if x.span[0] <= y.span[0] else (y, x)
    if x.index.sentence_bounds(first.span[0]) != x.index.sentence_bounds(second.span[0]):
        return False
    gap = x.index.text[first.span[1] : second.span[0]]
    return _STRONG_CUT.search(gap) is None


class CandidateView(Protocol):
    """How the check reaches the evidence pool."""

    def near(self, claim: NumericClaim) -> Sequence[EvidenceQuantity]:
        """Compatible evidence that may verify ``claim`` (every value close to it)."""
        ...

    def in_segment(
        self, claim: NumericClaim, index: TextIndex, bounds: tuple[int, int]
    ) -> Sequence[EvidenceQuantity]:
        """Compatible evidence of ``claim``'s kind stated in ``index`` within ``bounds``,
        in pool order."""
        ...


def _segments(
    claim: NumericClaim,
    view: CandidateView,
    verifies: Callable[[NumericClaim, EvidenceQuantity], bool],
) -> set[tuple[int, int, int]]:
    """(text, start, end) of the segment of every evidence value that verifies
    ``claim`` (not only the one chosen: equal values may be stated twice)."""
    found: set[tuple[int, int, int]] = set()
    for e in view.near(claim):
        if e.index is not None and e.span is not None and verifies(claim, e):
            found.add((id(e.index), *segment_bounds(e.index, e.span[0])))
    return found


def _found_together(
    x: NumericClaim,
    others: list[NumericClaim],
    view: CandidateView,
    verifies: Callable[[NumericClaim, EvidenceQuantity], bool],
) -> bool:
    """True when some evidence verifying ``x`` shares a segment with some evidence
    verifying one of ``others`` (checked only before a claim would fail: it judges
    every candidate again)."""
    mine = _segments(x, view, verifies)
    return any(mine & _segments(y, view, verifies) for y in others)


def _years_differ(x: NumericClaim, y: NumericClaim) -> bool:
    """Both claims name a year and the years differ ("from €17.9 billion in 2023 to €18.8
    billion in 2024"): two rows on purpose."""
    a = year_of(x)
    b = year_of(y) if a is not None else None
    return b is not None and a != b


_INCLUDED = re.compile(
    r"\b(?i:including|incl\.?|inc\.?|excluding|excl\.?|plus|after|before)[ \t]+$"
)


def _included(claim: NumericClaim) -> bool:
    """A rate the claim's sentence includes or leaves out ("£12,823.80 including 20% VAT",
    "plus 5% service"): a component of another value, not a companion from a row."""
    if claim.index is None or claim.span is None:
        return False
    s = claim.span[0]
    return _INCLUDED.search(claim.index.text, max(0, s - 16), s) is not None


def _part_and_whole(x: NumericClaim, y: NumericClaim) -> bool:
    """A part and its whole ("112 of the 223 wild boar"): the whole is a total, stated in
    another row on purpose, not a companion from the part's row."""
    if x.index is None or x.index is not y.index:
        return False
    first, second = (x, y) if x.span[0] <= y.span[0] else (y, x)
    return _OF_THE.fullmatch(x.index.text, first.span[1], second.span[0]) is not None


_OF_THE = re.compile(
    r"[ \t]+(?:out[ \t]+of|of[ \t]+(?:the|all|its|their))[ \t]+(?:[a-z]+[ \t]+)?[$€£¥₹]?"
)
"""Between a part and its whole: " of the ", " of its ", " out of " (not "11 hectares of
48-year-old spruce")."""


def _within(ev: EvidenceQuantity, index: TextIndex, bounds: tuple[int, int]) -> bool:
    return ev.index is index and ev.span is not None and bounds[0] <= ev.span[0] < bounds[1]


def check_companions(
    verdicts: Sequence[ClaimVerification],
    view: CandidateView,
    verifies: Callable[[NumericClaim, EvidenceQuantity], bool],
) -> list[ClaimVerification]:
    """``verdicts`` with the ``other_row`` rule applied (see the module docstring).

    ``view`` reaches the compatible evidence of a claim, ``verifies(claim, evidence)``
    says whether one evidence value verifies it."""
    groups: dict[AnswerSentence, list[int]] = {}  # answer sentence -> verified claims in it
    for i, v in enumerate(verdicts):
        ev = v.matched
        if not v.verified or v.derived_from or ev is None or ev.index is None:
            continue  # (a derived value, "£125,000 more", has no single row)
        at = answer_sentence(v.claim)
        if at is not None:
            groups.setdefault(at, []).append(i)
    out = list(verdicts)
    if not groups:  # structured evidence only: nothing has a place in a text
        return out
    used = {id(v.matched) for v in verdicts if v.verified and v.matched is not None}
    for members in groups.values():
        if 1 < len(members) <= _MAX_GROUP:
            _check_group(out, verdicts, members, used, view, verifies)
    return out


def _check_group(
    out: list[ClaimVerification],
    verdicts: Sequence[ClaimVerification],
    members: list[int],
    used: set[int],
    view: CandidateView,
    verifies: Callable[[NumericClaim, EvidenceQuantity], bool],
) -> None:
    """The rule for the verified claims ``members`` of one answer sentence."""
    for i in members:
        vx = verdicts[i]
        x, ex = vx.claim, vx.matched
        assert ex is not None
        together: list[tuple[ClaimVerification, TextIndex, tuple[int, int]]] = []
        for j in members:
            vy = verdicts[j]
            ey = vy.matched
            if j == i or ey is None or ey.index is None or ey.span is None:
                continue
            if (
                stated_together(x, vy.claim)
                and not _years_differ(x, vy.claim)
                and not _included(vy.claim)
                and not _part_and_whole(x, vy.claim)
                and not _compared(x, vy.claim)
            ):
                together.append((vy, ey.index, segment_bounds(ey.index, ey.span[0])))
        if not together or any(_within(ex, idx, seg) for _, idx, seg in together):
            continue  # no companion, or one found next to the claim's own match
        if labels_of(x) & labels_of(ex):
            continue  # its own words tie the claim to its match
        year = year_of(x)
        if year is not None and _year_row(ex) == year:
            continue  # so does its year: "-1.32 °C in 2025" from the row "2025"
        if x.dimension == "number":
            continue  # a bare number has no kind: any bare number would be its "alternative"
        if _basis(ex):
            continue  # "Per 100 g": the basis of every row's values, of no one row
        in_table = (
            ex.index is not None
            and ex.span is not None
            and ex.index.table_cell(ex.span[0]) is not None
        )
        for vy, idx, seg in together:
            ey = vy.matched
            assert ey is not None and ey.span is not None
            if not in_table and idx.table_cell(ey.span[0]) is not None:
                continue  # a row of a table offers no alternative for a value read in prose
            # evidence another claim matched is accounted for: not an alternative
            alts = [e for e in view.in_segment(x, idx, seg) if id(e) not in used and not _basis(e)]
            if alts and not any(verifies(x, e) for e in alts):
                if _found_together(x, [v.claim for v, _, _ in together], view, verifies):
                    break  # another copy of the numbers sits together: consistent
                reason = (
                    f"{x.text!r} matches {describe(ex)}, but {vy.claim.text!r}, stated with "
                    f"it, comes from a part of the context that gives {describe(alts[0])} "
                    "instead (a number from another row)"
                )
                out[i] = replace(vx, verified=False, rule="other_row", reason=reason)
                break


_PER_BEFORE = re.compile(r"(?:\b(?i:per|for[ \t]+each|for[ \t]+every)[ \t]+|/[ \t]*)\Z")
"""Before a value that is the basis of rates ("Per 100 g", "per 10 g serving", "60 mg/100
ml")."""


def _basis(ev: EvidenceQuantity) -> bool:
    """Whether ``ev`` is the basis of a rate ("Per 100 g", "60 mg/100 ml"), not a value
    of one row."""
    if ev.index is None or ev.span is None:
        return False
    at = ev.span[0]
    return _PER_BEFORE.search(ev.index.text, max(0, at - 16), at) is not None


_YEAR_LABEL = re.compile(r"[ \t]*(?:FY[ \t]?)?((?:18|19|20)\d\d)(?:[/-]\d\d)?[ \t]*")
"""A row label that is a year and nothing else ("2025", "FY2024", "2023/24")."""


def _year_row(ev: EvidenceQuantity) -> int | None:
    """The year of the table row of ``ev`` when its label is that year alone ("2025 |
    -1.32 | 147"; not "Oct 2025", which names a month), else None."""
    index = ev.index
    if index is None or ev.span is None:
        return None
    cell = index.table_cell(ev.span[0])
    if cell is None:
        return None
    first = index.first_text_cell(cell)
    if not 0 <= first < cell.col:
        first = 0
    if first >= cell.col:
        return None
    m = _YEAR_LABEL.fullmatch(index.text, *cell.cells[first])
    return int(m.group(1)) if m is not None else None


_COMPARED_WITH = re.compile(
    r"\b(?i:(?:up|down|rising|falling|rose|fell)[ \t]+from|compared[ \t]+(?:with|to)|against|"
    r"versus|vs\.?)\b"
)
"""Between two claims: the second is what the first is compared with."""


def _compared(x: NumericClaim, y: NumericClaim) -> bool:
    """Whether one of two claims of a sentence is what the other is compared with ("£49,
    up from £47 in 2024", "€145, compared with €130 after the April 2023 revision"): the
    older value is stated apart in the context on purpose (an earlier price, a
    previous year), not taken from another row."""
    if x.index is None or x.span is None or y.span is None:
        return False
    a, b = sorted((x.span, y.span))
    return _COMPARED_WITH.search(x.index.text, a[1], b[0]) is not None


def check_row_selectors(
    verdicts: Sequence[ClaimVerification],
    is_selector: Callable[[NumericClaim, EvidenceQuantity], bool],
) -> list[ClaimVerification]:
    """A claim matched to the cell that labels a table row (``is_selector``: "a paper claim
    of £300.01 to £500" against the row "£300.01 to £500 | £50 | £41") ties the claims
    stated with it to that row: one matched in another row of the same table fails
    (``other_row``), by the first such selector in list order.

    Only the claims of a selector's sentence can be stated with it; when they are listed
    in text order, each claim looks up the first selector stated with it among its
    sentence's selectors of that table, by place (:meth:`_Selectors.first`), so a long
    "sentence" of selectors costs time linear in its claims, not quadratic."""
    out = list(verdicts)
    selectors: dict[AnswerSentence, list[tuple[int, TableCell]]] = {}
    for i, vx in enumerate(verdicts):
        ex = vx.matched
        if not vx.verified or ex is None or ex.index is None or ex.span is None:
            continue
        if not is_selector(vx.claim, ex):
            continue
        row = ex.index.table_cell(ex.span[0])
        if row is not None and row.start == row.head:
            continue  # "Per 100 g" in the header line names a column, not a row
        at = answer_sentence(vx.claim)
        if row is not None and at is not None:  # (no text: stated with none)
            selectors.setdefault(at, []).append((i, row))
    if selectors:
        members = claims_by_sentence(verdicts)
        for key, found in selectors.items():
            _apply_selectors(out, verdicts, members[key], found)
    return out


def _apply_selectors(
    out: list[ClaimVerification],
    verdicts: Sequence[ClaimVerification],
    members: list[int],
    selectors: list[tuple[int, TableCell]],
) -> None:
    """:func:`check_row_selectors` for the claims ``members`` (positions, in list order)
    of one answer sentence and its ``selectors`` (position, row cell; in list order)."""
    claims = [verdicts[j].claim for j in members]
    if any(a.span[0] > b.span[0] for a, b in pairwise(claims)):  # not in text order
        for i, row in selectors:
            for j in members:
                if (
                    j != i
                    and out[j].verified
                    and _in_other_row(verdicts, i, row, j)
                    and not _row_holds(verdicts, i, j)
                ):
                    out[j] = _other_row(verdicts, i, j)
        return
    index = claims[0].index
    assert index is not None
    cuts = index.of_sentence("strong cuts", claims[0].span[0], lambda a, b: _cuts(index.text, a, b))
    longest = max(c.span[1] - c.span[0] for c in claims)
    tables: dict[tuple[int, int | None], _Selectors] = {}
    for i, row in selectors:
        ex = verdicts[i].matched
        assert ex is not None
        tables.setdefault((id(ex.index), row.head), _Selectors()).add(verdicts[i], i, row)
    for j in members:
        vy = verdicts[j]
        ey = vy.matched
        if not vy.verified or ey is None or ey.index is None or ey.span is None:
            continue
        other = ey.index.table_cell(ey.span[0])
        if other is None or other.start == other.head:
            continue  # ("Up to 24 hours" in the header line names a column, not a row)
        table = tables.get((id(ey.index), other.head))
        if table is None:
            continue
        y = vy.claim

        def stated_with(i: int, j: int = j, y: NumericClaim = y) -> bool:
            return i != j and _together(index.text, cuts, verdicts[i].claim, y)

        found = table.first(*_together_window(cuts, y, longest), other.start, stated_with)
        if found is not None and not _row_holds(verdicts, found, j):
            out[j] = _other_row(verdicts, found, j)


def _in_other_row(verdicts: Sequence[ClaimVerification], i: int, row: TableCell, j: int) -> bool:
    """Whether the claim at ``j``, stated with the selector at ``i`` (matched to a cell of
    ``row``), is matched in another row of the same table, not in its header line."""
    vx, vy = verdicts[i], verdicts[j]
    ex, ey = vx.matched, vy.matched
    if ex is None or ey is None or ey.index is None or ey.index is not ex.index:
        return False
    if ey.span is None:
        return False
    if not stated_together(vx.claim, vy.claim):
        return False
    other = ey.index.table_cell(ey.span[0])
    if other is None or other.head != row.head or other.start == row.start:
        return False
    return other.start != other.head  # "Up to 24 hours" in the header line names a column


def _row_holds(verdicts: Sequence[ClaimVerification], i: int, j: int) -> bool:
    """Whether the row of the selector at ``i`` states the value the claim at ``j`` was
    matched to, as written ("size 13 ... 7.9 mm across": the row "13 | Orange | 7.9 x 5.4"
    states 7.9 too, as the row "312 | Brown | 7.9 x 3.6" does)."""
    ex, ey = verdicts[i].matched, verdicts[j].matched
    if ex is None or ey is None or ex.index is None or ex.span is None or ey.span is None:
        return False
    if ey.index is None:
        return False
    text = ex.index.text
    start = text.rfind("\n", 0, ex.span[0]) + 1
    end = text.find("\n", ex.span[0])
    line = text[start : len(text) if end < 0 else end]
    value = ey.index.text[ey.span[0] : ey.span[1]]
    return re.search(rf"(?<![\d.,]){re.escape(value)}(?![\d.,]*\d)", line) is not None


def _other_row(verdicts: Sequence[ClaimVerification], i: int, j: int) -> ClaimVerification:
    """The ``other_row`` failure of the claim at ``j``, whose row the selector at ``i``
    names otherwise."""
    vx, vy = verdicts[i], verdicts[j]
    ex, ey = vx.matched, vy.matched
    assert ex is not None and ey is not None
    reason = (
        f"{vy.claim.text!r} matches {describe(ey)}, but {vx.claim.text!r}, stated "
        f"with it, names the row of {describe(ex)} (a number from another row)"
    )
    return replace(vy, verified=False, rule="other_row", reason=reason)


class _Selectors:
    """The row selectors of one table in one sentence, by place (claim start; list order
    among equal starts), each with the row it names and where the next selector of
    another row stands."""

    __slots__ = ("_next_other", "_positions", "_rows", "_starts")

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._positions: list[int] = []
        self._rows: list[int] = []
        self._next_other: list[int] | None = None

    def add(self, v: ClaimVerification, i: int, row: TableCell) -> None:
        """Add the selector at ``i`` (in list order, which is text order)."""
        self._starts.append(v.claim.span[0])
        self._positions.append(i)
        self._rows.append(row.start)

    def first(
        self, lo: float, hi: float, row: int, stated_with: Callable[[int], bool]
    ) -> int | None:
        """The first selector starting within ``lo..hi`` (``hi`` left out) that names a
        row other than ``row`` and is ``stated_with`` the claim; None when none is."""
        rows = self._rows
        if self._next_other is None:  # k -> the next k' > k with another row
            after = [len(rows)] * len(rows)
            for k in range(len(rows) - 2, -1, -1):
                after[k] = k + 1 if rows[k + 1] != rows[k] else after[k + 1]
            self._next_other = after
        k = bisect.bisect_left(self._starts, lo)
        while k < len(rows) and self._starts[k] < hi:
            if rows[k] == row:
                k = self._next_other[k]  # (skips the selectors of the claim's own row)
            elif stated_with(self._positions[k]):
                return self._positions[k]
            else:
                k += 1
        return None


_CUT_AT_START = re.compile(rf"(?:{_CUT_WORDS})\b", re.IGNORECASE)
_CUT_AT_END = re.compile(rf"\b(?:{_CUT_WORDS})\Z", re.IGNORECASE)


def _together(
    text: str, cuts: tuple[list[int], list[int]], x: NumericClaim, y: NumericClaim
) -> bool:
    """:func:`stated_together` for two claims of one sentence whose strong cuts are
    ``cuts`` (:func:`_cuts`): no cut wholly between them, and no cut word that only the
    ends of the text between them delimit ("5and 6": the gap alone reads "and 6")."""
    first, second = (x, y) if x.span[0] <= y.span[0] else (y, x)
    a, b = first.span[1], second.span[0]
    if a >= b:
        return True
    starts, ends = cuts
    k = bisect.bisect_left(starts, a)
    if k < len(starts) and ends[k] <= b:
        return False
    return (
        _CUT_AT_START.match(text, a, b) is None
        and _CUT_AT_END.search(text, max(a, b - 8), b) is None
    )


def _together_window(
    cuts: tuple[list[int], list[int]], y: NumericClaim, longest: int
) -> tuple[float, float]:
    """Bounds (``lo`` included, ``hi`` left out) of the start of every claim at most
    ``longest`` characters long that may be stated together with ``y``: a claim before
    ``y`` ends after the start of the last cut before it, a claim after starts before
    the end of the first cut after it."""
    starts, ends = cuts
    k = bisect.bisect_right(ends, y.span[0]) - 1
    j = bisect.bisect_left(starts, y.span[1])
    lo = starts[k] - longest if k >= 0 else -math.inf
    return lo, ends[j] if j < len(starts) else math.inf


AnswerSentence = tuple[int, int, int]
"""Where a sentence of an answer lies: (id of the answer's text index, start, end)."""


def answer_sentence(claim: NumericClaim) -> AnswerSentence | None:
    """Where a claim's sentence lies in its answer; None for a claim with no text."""
    if claim.index is None:
        return None
    return id(claim.index), *claim.index.sentence_bounds(claim.span[0])


def claims_by_sentence(verdicts: Sequence[ClaimVerification]) -> dict[AnswerSentence, list[int]]:
    """The positions of the verdicts of each answer sentence (claims with a text), in list
    order."""
    found: dict[AnswerSentence, list[int]] = {}
    for j, v in enumerate(verdicts):
        at = answer_sentence(v.claim)
        if at is not None:
            found.setdefault(at, []).append(j)
    return found
