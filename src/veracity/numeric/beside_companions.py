"""A claim found beside its companions: the "same sentence" rescue.

"The Ketill Alpha topsides, weighing about 14,200 tonnes, were taken some 480 kilometres
to a recycling yard" against "The 14,200-tonne topsides were lifted ... and transported
480 km to a recycling yard ... The jacket, weighing a further 8,750 tonnes, ...": the
claim's word "weighing" leads the context preference to the jacket's 8,750 tonnes, yet
the answer states 14,200 tonnes with 480 km, and the context sentence that gives 480 km
also gives 14,200 tonnes. Rule (``rule`` of the verdict that decides, e.g.
``within_tolerance``, reason suffixed "found beside ..."), applied after every claim has
been verified on its own and before the other-row check:

* claim X failed (``out_of_tolerance``) and claim Y, in the same answer sentence as X,
  verified against evidence in context sentence S;
* none of the evidence the context preference picked for X lies in S (when it does, S
  itself tells X's row apart, and its verdict stands);
* a value in S verifies X and, when X names a year, is not stated for another (a claim
  that names none takes a value of any: "40 percent of sales" beside the row "£5 |
  1,298 | 40%" under "Share of 2024/25 sales"), nor sits in a column headed as an earlier
  period ("Last week") unless X says so; in a table, the value may be a bare cell whose
  unit its labels name ("£79.99" beside "Falcon 2 stunt | 2.1 m | 48.00 | 79.99" under
  "(GBP, ex VAT)").

Then X verifies against that value. When no context sentence does, the same rule runs
on the *segments* of the context's sentences (the parts between strong cuts: ";",
"and", "while" ...): "Juniors between 6 and 15 are charged $70 monthly" against "...
adults $95 a month ..., or $60 a month ...; juniors aged 6-15 pay $70": the range verifies
in the segment after ";", which gives $70, while the preference picked $60 before it.
The other-row check still runs afterwards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property

from veracity.numeric.companions import answer_sentence, claims_by_sentence, segment_bounds
from veracity.numeric.evidence import describe
from veracity.numeric.models import (
    ClaimVerification,
    EvidenceQuantity,
    NumericClaim,
    new_verification,
    year_of,
)
from veracity.numeric.pool import TABLE_UNIT_DIMS, EvidencePool, declared_cells
from veracity.numeric.preference import says_earlier
from veracity.numeric.table_units import earlier_column
from veracity.numeric.textindex import MAX_SENTENCE_QUANTITIES

__all__ = ["find_beside_companions"]

Judge = Callable[[NumericClaim, EvidenceQuantity], tuple[bool, float | None, str]]
Prefer = Callable[[NumericClaim, list[EvidenceQuantity]], list[EvidenceQuantity]]
_Sentence = tuple[int, int, int]  # (id of the context's text index, start, end)
_Place = Callable[[EvidenceQuantity], "_Sentence | None"]


def _sentence(e: EvidenceQuantity) -> _Sentence | None:
    if e.index is None or e.span is None:
        return None
    s0, s1 = e.index.sentence_bounds(e.span[0])
    return id(e.index), s0, s1


def _segment(e: EvidenceQuantity) -> _Sentence | None:
    """The part of ``e``'s sentence between strong cuts (see ``companions``)."""
    if e.index is None or e.span is None:
        return None
    s0, s1 = segment_bounds(e.index, e.span[0])
    return id(e.index), s0, s1


def find_beside_companions(
    verdicts: Sequence[ClaimVerification],
    pool: EvidencePool,
    judge: Judge,
    prefer: Prefer,
) -> list[ClaimVerification]:
    """``verdicts`` with each failed claim that a value beside its companions' evidence
    verifies turned verified (see the module docstring). ``judge(claim, evidence)`` gives
    (verified, relative error, rule); ``prefer(claim, candidates)`` the evidence the
    context preference picks."""
    out = list(verdicts)
    failed = [
        i
        for i, v in enumerate(verdicts)
        if not v.verified and v.rule == "out_of_tolerance" and v.claim.index is not None
    ]
    if not failed:
        return out  # (for speed: no sentence to index)
    groups = {at: [verdicts[j] for j in js] for at, js in claims_by_sentence(verdicts).items()}
    for i in failed:
        v = verdicts[i]
        at = answer_sentence(v.claim)
        group = groups[at] if at is not None else []
        if len(group) > MAX_SENTENCE_QUANTITIES:
            continue  # a table or number dump, not a sentence of prose
        looked = _Looked(v.claim, pool, prefer)
        found = _beside(v, group, looked, judge, _sentence)
        if found is None:  # the parts of a sentence between strong cuts
            found = _beside(v, group, looked, judge, _segment)
        if found is not None:
            out[i] = found
    return out


class _Looked:
    """The evidence one failed claim may take, read once for both places it is looked
    for in (sentences, then segments), and only when one is."""

    def __init__(self, claim: NumericClaim, pool: EvidencePool, prefer: Prefer) -> None:
        self._claim, self._pool, self._prefer = claim, pool, prefer

    @cached_property
    def candidates(self) -> list[EvidenceQuantity]:
        """The compatible evidence of the claim."""
        return self._pool.candidates(self._claim).for_claim(self._claim)

    @cached_property
    def preferred(self) -> list[EvidenceQuantity]:
        """The candidates the context preference picks."""
        return self._prefer(self._claim, self.candidates)

    @cached_property
    def searched(self) -> list[EvidenceQuantity]:
        """The candidates, and the bare table cells the claim's unit is named for:
        "£79.99" beside the row "Falcon 2 stunt | 2.1 m | 48.00 | 79.99" under "(GBP, ex
        VAT)"."""
        x = self._claim
        if x.dimension in TABLE_UNIT_DIMS:
            return [*self.candidates, *declared_cells(x, self._pool).items]
        return self.candidates


def _beside(
    v: ClaimVerification,
    group: list[ClaimVerification],
    looked: _Looked,
    judge: Judge,
    place: _Place,
) -> ClaimVerification | None:
    """The verdict of the failed ``v`` against a value in the ``place`` (sentence or
    segment) of a context where the evidence of another claim of its answer sentence
    (``group``) lies, or None (see the module docstring)."""
    x = v.claim
    beside: dict[_Sentence, EvidenceQuantity] = {}
    for w in group:
        m = w.matched
        if w is v or not w.verified or m is None:
            continue
        where = place(m)
        if where is not None:
            beside.setdefault(where, m)
    if not beside:
        return None
    if any(place(e) in beside for e in looked.preferred):
        return None
    year = year_of(x)
    best: tuple[float, EvidenceQuantity, float | None, str, _Sentence] | None = None
    for e in looked.searched:
        where = place(e)
        if where is None or where not in beside:
            continue
        if year is not None and year_of(e) not in (None, year):
            continue  # a claim that names no year takes a value of any
        if earlier_column(e) is not None and not says_earlier(x):
            continue  # "Previous week", "Last week": only for a claim that says so
        ok, err, rule = judge(x, e)
        rank = 0.0 if err is None else err
        if ok and (best is None or rank < best[0]):
            best = (rank, e, err, rule, where)
    if best is not None:
        _, e, err, rule, where = best
        pct = "" if err is None else f" (relative error {err:.2%})"
        why = (
            f"{x.text!r} matches {describe(e)}{pct}, found beside "
            f"{describe(beside[where])}, which verifies a number stated with it "
            "(its own words pointed elsewhere)"
        )
        return new_verification(x, True, e, err, rule, why, v.tolerance)
    return None
