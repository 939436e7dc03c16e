"""Claims stated together must be found together: the "other row" check.

"Crude climbed 1.3 % to $84.60" against "Oil rose 2.1 % to $84.60 a barrel, while
natural gas fell 1.3 % to $2.71": each number exists in the context, but the two
were stated together in the answer and come from two different rows. Rule
(``other_row``), applied after every claim has been verified on its own:

* claims X and Y are *stated together* when they share an answer sentence with no
  strong cut between them (``;``, "and", "while", "whereas", "but", "whilst");
* X's match is *not tied to X by its words*: X's labels (row, entity, counted noun)
  share no word with its matched evidence's labels;
* Y's matched evidence lies in a *segment* (its sentence between strong cuts) that
  does not hold X's match, but does hold evidence of X's kind that X does not match.

Then X fails: its value was taken from another row. The check is conservative: it
only fires when Y's segment offers an alternative for X, so an answer combining
numbers from sentences that state nothing of X's kind is never affected.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from veracity.numeric.evidence import describe
from veracity.numeric.models import ClaimVerification, EvidenceQuantity, NumericClaim, labels_of
from veracity.numeric.textindex import TextIndex

__all__ = ["check_companions", "segment_bounds", "stated_together"]

_STRONG_CUT = re.compile(r";|\b(?:and|while|whilst|whereas|but)\b", re.IGNORECASE)


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


def _within(ev: EvidenceQuantity, index: TextIndex, bounds: tuple[int, int]) -> bool:
    return ev.index is index and ev.span is not None and bounds[0] <= ev.span[0] < bounds[1]


def check_companions(
    verdicts: Sequence[ClaimVerification],
    candidates: Callable[[NumericClaim], Sequence[EvidenceQuantity]],
    verifies: Callable[[NumericClaim, EvidenceQuantity], bool],
) -> list[ClaimVerification]:
    """``verdicts`` with the ``other_row`` rule applied (see the module docstring).

    ``candidates(claim)`` is the compatible evidence of a claim, ``verifies(claim,
    evidence)`` whether one evidence value verifies it."""
    out = list(verdicts)
    for i, vx in enumerate(verdicts):
        x, ex = vx.claim, vx.matched
        if not vx.verified or ex is None or x.index is None or ex.index is None:
            continue
        if labels_of(x) & labels_of(ex):
            continue  # its own words tie the claim to its match
        for j, vy in enumerate(verdicts):
            ey = vy.matched
            if j == i or not vy.verified or ey is None or ey.index is None or ey.span is None:
                continue
            if not stated_together(x, vy.claim):
                continue
            seg = segment_bounds(ey.index, ey.span[0])
            if _within(ex, ey.index, seg):
                continue
            alts = [e for e in candidates(x) if _within(e, ey.index, seg)]
            if alts and not any(verifies(x, e) for e in alts):
                reason = (
                    f"{x.text!r} matches {describe(ex)}, but {vy.claim.text!r}, stated with "
                    f"it, comes from a part of the context that gives {describe(alts[0])} "
                    "instead (a number from another row)"
                )
                out[i] = replace(vx, verified=False, rule="other_row", reason=reason)
                break
    return out
