"""Claims stated together must be found together: the "other row" check.

"Crude climbed 1.3 % to $84.60" against "Oil rose 2.1 % to $84.60 a barrel, while
natural gas fell 1.3 % to $2.71": each number exists in the context, but the two
were stated together in the answer and come from two different rows. Rule
(``other_row``), applied after every claim has been verified on its own:

* claims X and Y are *stated together* when they share an answer sentence with no
  strong cut between them (``;``, "and", "while", "whereas", "but", "whilst", "versus"),
  and do not name two different years ("from €17.9 billion in 2023 to €18.8 billion in
  2024" takes two rows on purpose);
* X's match is *not tied to X by its words*: X's labels (row, entity, counted noun)
  share no word with its matched evidence's labels;
* no evidence verifying a claim stated with X lies in a *segment* (sentence between
  strong cuts) that holds evidence verifying X (every copy of an equal value counts,
  not only the one chosen), and the segment of some such claim Y's match holds
  evidence of X's kind that X does not match and no claim of the answer matched.

Then X fails: its value was taken from another row. The check is conservative: it
only fires when Y's segment offers an alternative for X, so an answer combining
numbers from sentences that state nothing of X's kind is never affected. Only
claims of one answer sentence are compared (at most 24 verified ones per sentence).

The evidence is reached through a :class:`CandidateView`: the values that may verify a
claim (near it in value) and the values of its kind inside one segment (by position),
so the check stays near-linear on large contexts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol

from veracity.numeric.evidence import describe
from veracity.numeric.models import (
    ClaimVerification,
    EvidenceQuantity,
    NumericClaim,
    labels_of,
    year_of,
)
from veracity.numeric.textindex import TextIndex

__all__ = [
    "CandidateView",
    "check_companions",
    "check_row_selectors",
    "segment_bounds",
    "stated_together",
]

_MAX_GROUP = 24
"""Answer sentences with more verified claims are skipped (the check is quadratic in
the claims of one sentence; such "sentences" are tables or number dumps)."""
_STRONG_CUT = re.compile(r";|\b(?:and|while|whilst|whereas|but|versus|vs)\b", re.IGNORECASE)


def segment_bounds(index: TextIndex, pos: int) -> tuple[int, int]:
    """The part of the sentence around ``pos`` between strong cuts."""
    s0, s1 = index.sentence_bounds(pos)
    a, b = s0, s1
    for m in _STRONG_CUT.finditer(index.text, s0, s1):
        if m.end() <= pos:
            a = m.end()
        elif m.start() >= pos:
            b = m.start()
            break
    return a, b


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
    groups: dict[tuple[int, int], list[int]] = {}  # answer sentence -> verified claims in it
    for i, v in enumerate(verdicts):
        ev, claim = v.matched, v.claim
        if (
            v.verified
            and not v.derived_from  # a derived value ("£125,000 more") has no single row
            and ev is not None
            and ev.index is not None
            and claim.index is not None
        ):
            key = (id(claim.index), claim.index.sentence_bounds(claim.span[0])[0])
            groups.setdefault(key, []).append(i)
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
            ):
                together.append((vy, ey.index, segment_bounds(ey.index, ey.span[0])))
        if not together or any(_within(ex, idx, seg) for _, idx, seg in together):
            continue  # no companion, or one found next to the claim's own match
        if labels_of(x) & labels_of(ex):
            continue  # its own words tie the claim to its match
        for vy, idx, seg in together:
            # evidence another claim matched is accounted for: not an alternative
            alts = [e for e in view.in_segment(x, idx, seg) if id(e) not in used]
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


def check_row_selectors(
    verdicts: Sequence[ClaimVerification],
    is_selector: Callable[[NumericClaim, EvidenceQuantity], bool],
) -> list[ClaimVerification]:
    """A claim matched to the cell that labels a table row (``is_selector``: "a paper claim
    of £300.01 to £500" against the row "£300.01 to £500 | £50 | £41") ties the claims
    stated with it to that row: one matched in another row of the same table fails
    (``other_row``)."""
    out = list(verdicts)
    for i, vx in enumerate(verdicts):
        ex = vx.matched
        if not vx.verified or ex is None or ex.index is None or ex.span is None:
            continue
        if not is_selector(vx.claim, ex):
            continue
        row = ex.index.table_cell(ex.span[0])
        if row is None:
            continue
        for j, vy in enumerate(verdicts):
            ey = vy.matched
            if j == i or not out[j].verified or ey is None or ey.index is not ex.index:
                continue
            if ey.span is None or not stated_together(vx.claim, vy.claim):
                continue
            other = ey.index.table_cell(ey.span[0])
            if other is None or other.head != row.head or other.start == row.start:
                continue
            if other.start == other.head:
                continue  # "Up to 24 hours" in the header line names a column, not a row
            reason = (
                f"{vy.claim.text!r} matches {describe(ey)}, but {vx.claim.text!r}, stated "
                f"with it, names the row of {describe(ex)} (a number from another row)"
            )
            out[j] = replace(vy, verified=False, rule="other_row", reason=reason)
    return out
