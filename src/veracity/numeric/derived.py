"""Derived values: a percentage-point difference of two evidence percentages, a
multiplier stated between two verified values of the answer ("3,800 t, roughly three
times the previous week's 1,250 t"), a percentage of a verified value ("82% of the
£48.6m raised"), a change stated as a difference ("down 56 days from 468"), a total or
a share worked out from a verified value and a count ("£32 for each bag, so the six bags
come to £192"; "£80, which works out at £20 per person"), and (opt-in) a percent change
between two evidence values.

Speed: a check costs time linear in its claims and its evidence, not their product.
The rules about the other claims of a claim's answer sentence read only that sentence's
verdicts, through :class:`AnswerSentences` (built once per check); in a long sentence (a
table or a number dump run together, more than :data:`_INDEXED_MIN` claims) they look
up the verified values near the claim's own in value indexes kept current as claims
turn verified, instead of pairing every two. What a sentence's text says (a "total"
word, its whole numbers) is read once per sentence. The evidence a rule pairs is
filtered once per claim kind and its pairs worked out once
(:meth:`veracity.numeric.pool.EvidencePool.memo`), each claim then looking up the
values near its own. The verdicts are those of the plain reading: where several values
fit, the same one is taken.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Callable, Iterable, Iterator
from itertools import pairwise
from typing import Protocol, TypeVar

from veracity.numeric import units
from veracity.numeric.evidence import describe, dimension_of
from veracity.numeric.models import ClaimVerification, EvidenceQuantity, NumericClaim, year_of
from veracity.numeric.numbers import parse_words
from veracity.numeric.pool import EvidencePool, compatible
from veracity.numeric.quantity import CLOCK
from veracity.numeric.textindex import TextIndex

_BOUND_SLACK = 1.25
"""As for a bound against a value: "more than six times" covers 6x to 7.5x."""

__all__ = [
    "AnswerSentences",
    "area_of_claims",
    "column_total",
    "difference_of_values",
    "percent_change",
    "percent_of_claims",
    "pp_difference",
    "product_of_claims",
    "range_of_values",
    "ratio_of_claims",
    "share_of_claims",
    "sum_of_claims",
]

_MAX_PAIRS_POOL = 60
"""At most this many evidence values are paired (pairs grow quadratically)."""


class AnswerSentences:
    """The verdicts of one check indexed by answer sentence (built once per check), for
    the rules that read the other claims of a claim's sentence: each reads only that
    sentence's verdicts, and what the sentence's text says is read once.

    ``verdicts`` is the caller's list, read as it stands when a rule runs. A verdict a
    derived rule turns verified is stored with :meth:`replace` (a new verdict on the
    same claim), which keeps the index current: the claims checked after it read it as
    verified, as when each rule scanned the whole list."""

    __slots__ = ("_sentences", "_starts", "verdicts")

    def __init__(self, verdicts: list[ClaimVerification]) -> None:
        self.verdicts = verdicts
        self._sentences: dict[tuple[TextIndex, int], _Sentence] = {}
        self._starts: dict[TextIndex, tuple[list[int], list[int]]] | None = None
        for i, v in enumerate(verdicts):
            if _within(v.claim):
                found = self.sentence(v.claim)
                found.positions.append(i)
                if v.verified:
                    found.verified.append(i)

    def sentence(self, claim: NumericClaim) -> _Sentence:
        """The answer sentence of ``claim`` (which must have a text index): the claims
        starting within its bounds."""
        index = claim.index
        assert index is not None
        s0, s1 = index.sentence_bounds(claim.span[0])
        got = self._sentences.get((index, s0))
        if got is None:
            got = self._sentences[(index, s0)] = _Sentence(self.verdicts, index, s0, s1)
        return got

    def replace(self, i: int, verdict: ClaimVerification) -> None:
        """Store ``verdict`` (on the claim of ``verdicts[i]``) at ``i``."""
        old = self.verdicts[i]
        self.verdicts[i] = verdict
        if _within(verdict.claim):
            self.sentence(verdict.claim).replaced(i, old, verdict)

    def starting_within(self, index: TextIndex, lo: int, hi: int) -> list[int]:
        """The positions of the verdicts whose claim of ``index`` starts at ``lo`` to
        ``hi`` (both included), in list order."""
        if self._starts is None:
            by_text: dict[TextIndex, list[tuple[int, int]]] = {}
            for i, v in enumerate(self.verdicts):
                if v.claim.index is not None:
                    by_text.setdefault(v.claim.index, []).append((v.claim.span[0], i))
            self._starts = {}
            for key, found in by_text.items():
                found.sort()
                self._starts[key] = ([a for a, _ in found], [i for _, i in found])
        starts, positions = self._starts.get(index, ([], []))
        a, b = bisect.bisect_left(starts, lo), bisect.bisect_right(starts, hi)
        return sorted(positions[a:b])


def _within(claim: NumericClaim) -> bool:
    """Whether ``claim`` has a text and starts within it (so within a sentence)."""
    if claim.index is None:
        return False
    s0, s1 = claim.index.sentence_bounds(claim.span[0])
    return s0 <= claim.span[0] < s1


_INDEXED_MIN = 24
"""A sentence with more claims than this (a table or a number dump run together) is read
through value indexes (:class:`_Ratios`, :class:`_Products`, :class:`_Sides`,
:class:`_PartsOfWholes`) kept current as its claims turn verified, so that each claim
meets only the values near its own; a shorter one is read claim by claim."""


class _Index(Protocol):
    """A value index of one sentence's verified claims (see :meth:`_Sentence.index_of`)."""

    def add(self, p: int, v: ClaimVerification) -> None:
        """Take in the verified verdict ``v`` at position ``p``."""


_I = TypeVar("_I", bound=_Index)


class _Sentence:
    """One answer sentence: the positions of its claims' verdicts (``positions``, all;
    ``verified``, the verified ones; both in list order), and for a long sentence the
    value indexes of its verified claims (:meth:`index_of`)."""

    __slots__ = (
        "_copies",
        "_indexes",
        "_kinds",
        "_ordered",
        "end",
        "index",
        "positions",
        "start",
        "verdicts",
        "verified",
    )

    def __init__(
        self, verdicts: list[ClaimVerification], index: TextIndex, start: int, end: int
    ) -> None:
        self.verdicts = verdicts
        self.index, self.start, self.end = index, start, end
        self.positions: list[int] = []
        self.verified: list[int] = []
        self._kinds: dict[tuple[str, str, str], list[int]] | None = None
        self._copies: dict[int, list[int]] | None = None
        self._ordered: bool | None = None
        self._indexes: dict[Callable[[_Sentence], _Index], _Index] = {}

    def verified_claims(self) -> Iterator[tuple[ClaimVerification, NumericClaim]]:
        """``(verdict, claim)`` of each verified claim of the sentence, in list order."""
        verdicts = self.verdicts
        for p in self.verified:
            v = verdicts[p]
            yield v, v.claim

    def replaced(self, i: int, old: ClaimVerification, new: ClaimVerification) -> None:
        """Keep track of ``verdicts[i]`` turned from ``old`` to ``new``."""
        if old.verified:  # (not done by the derived rules: the indexes are built again)
            self.verified.remove(i)
            self._indexes = {}
        if new.verified:
            bisect.insort(self.verified, i)
            for built in self._indexes.values():
                built.add(i, new)

    def says(self, words: re.Pattern[str]) -> bool:
        """Whether ``words`` occur in the sentence (read once per sentence)."""
        index = self.index
        return index.of_sentence(
            f"says {words.pattern}",
            self.start,
            lambda s0, s1: words.search(index.text, s0, s1) is not None,
        )

    def of_kind(self, claim: NumericClaim) -> list[int]:
        """The positions of the sentence's claims of ``claim``'s kind (see
        :func:`_kind`), ``claim``'s own included, in list order."""
        if self._kinds is None:
            self._kinds = {}
            for p in self.positions:
                self._kinds.setdefault(_kind(self.verdicts[p].claim), []).append(p)
        return self._kinds.get(_kind(claim), [])

    def indexed(self, claim: NumericClaim) -> bool:
        """Whether ``claim`` is read through the value indexes: in a long sentence
        (:data:`_INDEXED_MIN`), unless a copy of the claim itself (the same object listed
        twice) is verified, which the rules leave out of its own reading."""
        if len(self.positions) <= _INDEXED_MIN:
            return False
        if self._copies is None:
            self._copies = {}
            for p in self.positions:
                self._copies.setdefault(id(self.verdicts[p].claim), []).append(p)
        return not any(self.verdicts[p].verified for p in self._copies.get(id(claim), ()))

    def in_text_order(self) -> bool:
        """Whether the sentence's claims are listed in text order (as
        :func:`~veracity.numeric.extract_claims` lists them)."""
        if self._ordered is None:
            starts = [self.verdicts[p].claim.span[0] for p in self.positions]
            self._ordered = all(a <= b for a, b in pairwise(starts))
        return self._ordered

    def index_of(self, build: Callable[[_Sentence], _I]) -> _I:
        """The value index ``build`` makes (one per kind), holding every verified claim of
        the sentence and kept current by :meth:`replaced`."""
        got = self._indexes.get(build)
        if got is None:
            made = build(self)
            for p in self.verified:
                made.add(p, self.verdicts[p])
            self._indexes[build] = made
            return made
        return got  # type: ignore[return-value]


def _kind(claim: NumericClaim) -> tuple[str, str, str]:
    """What a total adds up (:func:`sum_of_claims`): dimension, unit (but for counts and
    plain numbers) and denominator."""
    return claim.dimension, "" if claim.dimension in _COUNTS else claim.unit, claim.per


class _ByValue:
    """Positions grouped by a value, the distinct values sorted (a window of values is
    found by bisection); each value's positions in list order."""

    __slots__ = ("at", "values")

    def __init__(self) -> None:
        self.values: list[float] = []
        self.at: dict[float, list[int]] = {}

    def add(self, value: float, p: int) -> None:
        got = self.at.get(value)
        if got is None:
            self.at[value] = [p]
            bisect.insort(self.values, value)
        else:
            bisect.insort(got, p)

    def within(self, lo: float, hi: float) -> list[float]:
        """The distinct values from ``lo`` to ``hi``, ascending."""
        return self.values[
            bisect.bisect_left(self.values, lo) : bisect.bisect_right(self.values, hi)
        ]


def _widened(lo: float, hi: float) -> tuple[float, float]:
    """``lo..hi`` a little wider (1e-9 of each bound): floating-point rounding of a
    bound worked out from others must not leave out a value at its edge."""
    return lo - 1e-9 * abs(lo), hi + 1e-9 * abs(hi)


def _window(c: float, tol: float | None, half: float) -> tuple[float, float]:
    """Bounds, a little wide, of every ``d > 0`` with ``|c - d| / d <= tol`` (when
    ``tol`` is given) or ``|c - d| < half``: a sorted list is searched there, and each
    value found is then tested exactly as before."""
    lo, hi = c - half, c + half
    if tol is not None:
        lo = min(lo, c / (1 + tol))
        hi = max(hi, c / (1 - tol) if tol < 1 else math.inf)
    slack = 1e-9 * (abs(c) + abs(half))
    lo, hi = _widened(lo, hi)
    return lo - slack, hi + slack


def _close(a: EvidenceQuantity, b: EvidenceQuantity) -> bool:
    """Same context, and the same or adjacent sentences (structured evidence: any pair)."""
    if a.context_index != b.context_index:
        return False
    if a.index is None or b.index is None or a.span is None or b.span is None:
        return True
    return abs(a.index.sentence_number(a.span[0]) - b.index.sentence_number(b.span[0])) <= 1


def pp_difference(claim: NumericClaim, pool: EvidencePool, tol: float) -> ClaimVerification | None:
    """A percentage-point claim equal to the difference of two evidence percentages
    stated close together (the same or adjacent sentences of one context): two
    percentages far apart in a text are rarely the two ends of one change."""

    def pairs() -> _PairValues:
        pcts = [e for e in pool.items if e.dimension == "percent" and e.low is None]
        return _PairValues(pcts[:_MAX_PAIRS_POOL], _close, _difference)

    best = pool.memo(("pp_difference",), pairs).closest(claim, tol)
    if best is None:
        return None
    err, a, b = best
    reason = f"{claim.text!r} equals the difference of {describe(a)} and {describe(b)} (relative error {err:.2%})"
    return ClaimVerification(claim, True, a, err, "pp_difference", reason, tol, (a, b))


_Derived = tuple[float, EvidenceQuantity, EvidenceQuantity]


class _PairValues:
    """The values ``d`` that ``derive`` gives from the pairs of ``vals`` stated
    ``together`` (as ``(d, x, y)``, one or more per pair), worked out once and sorted by
    ``d``, so that each claim meets only the values near its own (:meth:`closest`)."""

    __slots__ = ("_found", "_values")

    def __init__(
        self,
        vals: list[EvidenceQuantity],
        together: Callable[[EvidenceQuantity, EvidenceQuantity], bool],
        derive: Callable[[EvidenceQuantity, EvidenceQuantity], Iterable[_Derived]],
    ) -> None:
        found: list[tuple[float, int, EvidenceQuantity, EvidenceQuantity]] = []
        for i, a in enumerate(vals):
            for b in vals[i + 1 :]:
                if together(a, b):
                    for d, x, y in derive(a, b):
                        # (0 matches nothing; neither does a value that is not finite)
                        if d != 0 and math.isfinite(d):
                            found.append((d, len(found), x, y))
        found.sort(key=lambda f: (f[0], f[1]))
        self._found = found
        self._values = [f[0] for f in found]

    def closest(self, claim: NumericClaim, tol: float) -> _Derived | None:
        """``(err, x, y)`` for the value ``d`` closest to the claim ``c``, among those with
        ``|c - d| / d <= tol`` or ``|c - d|`` below half the claim's last digit (the first
        found of equally close ones); None when none qualifies."""
        c = abs(claim.value)
        lo, hi = _window(c, tol, claim.half_unit)
        best: tuple[float, int, EvidenceQuantity, EvidenceQuantity] | None = None
        found = self._found
        for k in range(bisect.bisect_left(self._values, lo), bisect.bisect_right(self._values, hi)):
            d, order, x, y = found[k]
            err = abs(c - d) / d
            if (err <= tol or abs(c - d) < claim.half_unit) and (
                best is None or (err, order) < (best[0], best[1])
            ):
                best = (err, order, x, y)
        return None if best is None else (best[0], best[2], best[3])


def _difference(a: EvidenceQuantity, b: EvidenceQuantity) -> Iterable[_Derived]:
    """The difference ``|a - b|`` of two values, as ``(difference, a, b)``."""
    return ((abs(a.value - b.value), a, b),)


def _changes(a: EvidenceQuantity, b: EvidenceQuantity) -> Iterable[_Derived]:
    """The percent change ``|new - old| / |old| * 100`` from each of two values to the
    other, as ``(change, old, new)``."""
    for old, new in ((a, b), (b, a)):
        yield abs(new.value - old.value) / abs(old.value) * 100, old, new


def _same_kind_and_context(a: EvidenceQuantity, b: EvidenceQuantity) -> bool:
    return dimension_of(a) == dimension_of(b) and a.context_index == b.context_index


def percent_change(claim: NumericClaim, pool: EvidencePool, tol: float) -> ClaimVerification | None:
    """A percentage claim equal to the percent change between two evidence values."""

    def pairs() -> _PairValues:
        vals = [
            e for e in pool.items if e.dimension not in ("percent", "pp", "tag") and e.value != 0
        ]
        return _PairValues(vals[:_MAX_PAIRS_POOL], _same_kind_and_context, _changes)

    best = pool.memo(("percent_change",), pairs).closest(claim, tol)
    if best is None:
        return None
    err, old, new = best
    reason = f"{claim.text!r} equals the change from {describe(old)} to {describe(new)} (relative error {err:.2%})"
    return ClaimVerification(claim, True, new, err, "percent_change", reason, tol, (old, new))


def ratio_of_claims(
    claim: NumericClaim, sentences: AnswerSentences, tol: float, widening: float
) -> ClaimVerification | None:
    """A multiplier claim ("twice", "three times", "2.5x") that no evidence states,
    verified when it is the ratio ``r = larger / smaller`` of the evidence values matched
    by two other verified claims of one kind in the same answer sentence.

    ``r`` meets the claim ``c`` when ``|c - r| / r <= tol`` (plus ``widening`` when the
    claim says "about"), when ``|c - r|`` is below half the claim's last digit, or for a
    bound within ``c <= r <= 1.25 c`` ("more than") / ``c / 1.25 <= r <= c`` ("up to").
    Of several pairs, the closest ratio (the first pair of the sentence among equally
    close ones).
    """
    if claim.index is None:
        return None
    sentence = sentences.sentence(claim)

    def fit(r: float) -> float | None:
        return _ratio_error(claim, r, tol, widening)

    if sentence.indexed(claim):
        best = sentence.index_of(_Ratios).closest(fit, *_ratio_window(claim, tol, widening))
    else:
        values: list[tuple[EvidenceQuantity, tuple[str, str]]] = []
        for v, c in sentence.verified_claims():
            m = v.matched
            if m is not None and c is not claim and _ratio_term(c, m):
                values.append((m, dimension_of(m)))
        best = None
        for i, (a, da) in enumerate(values):
            for b, db in values[i + 1 :]:
                if da != db or (a.value > 0) != (b.value > 0):
                    continue
                big, small = (a, b) if abs(a.value) >= abs(b.value) else (b, a)
                err = fit(big.value / small.value)
                if err is not None and (best is None or err < best[0]):
                    best = (err, big, small)
    if best is None:
        return None
    err, big, small = best
    reason = (
        f"{claim.text!r} is the ratio of {describe(big)} to {describe(small)}, "
        f"{big.value / small.value:.3g} (relative error {err:.2%})"
    )
    return ClaimVerification(claim, True, big, err, "ratio_of_claims", reason, tol, (big, small))


def _ratio_term(c: NumericClaim, m: EvidenceQuantity) -> bool:
    """Whether the value ``m`` a claim ``c`` matched may be a term of a ratio."""
    return c.dimension not in ("ratio", "tag") and m.value != 0


def _ratio_error(claim: NumericClaim, r: float, tol: float, widening: float) -> float | None:
    """``|c - r| / r`` when the ratio ``r`` meets the multiplier claim ``c`` (see
    :func:`ratio_of_claims`), else None."""
    want = claim.value
    err = abs(want - r) / r
    if claim.bound == "min":
        ok = want <= r * (1 + 1e-9) and r <= want * _BOUND_SLACK
    elif claim.bound == "max":
        ok = want / _BOUND_SLACK <= r <= want * (1 + 1e-9)
    else:
        limit = tol + (widening if claim.approx else 0.0)
        ok = err <= limit + 1e-12 or abs(want - r) < claim.half_unit
    return err if ok else None


def _ratio_window(claim: NumericClaim, tol: float, widening: float) -> tuple[float, float]:
    """Bounds, a little wide, of every ratio :func:`_ratio_error` accepts."""
    want = claim.value
    if claim.bound == "min":
        return _widened(want / (1 + 1e-9), want * _BOUND_SLACK)
    if claim.bound == "max":
        return _widened(want / _BOUND_SLACK, want * (1 + 1e-9))
    limit = tol + (widening if claim.approx else 0.0)
    return _window(want, limit + 1e-12, claim.half_unit)


class _Ratios:
    """The values matched by a long sentence's verified claims that may be terms of a
    ratio, by kind and sign, each kind's distinct sizes sorted (:class:`_ByValue`)."""

    __slots__ = ("_kinds", "_verdicts")

    def __init__(self, sentence: _Sentence) -> None:
        self._verdicts = sentence.verdicts
        self._kinds: dict[tuple[tuple[str, str], bool], _ByValue] = {}

    def add(self, p: int, v: ClaimVerification) -> None:
        m = v.matched
        if m is not None and _ratio_term(v.claim, m) and math.isfinite(m.value):
            key = (dimension_of(m), m.value > 0)  # (no other value makes a ratio that fits)
            self._kinds.setdefault(key, _ByValue()).add(abs(m.value), p)

    def closest(
        self, fit: Callable[[float], float | None], lo: float, hi: float
    ) -> tuple[float, EvidenceQuantity, EvidenceQuantity] | None:
        """As the pairs of :func:`ratio_of_claims`: ``(err, big, small)`` of the pair with
        the smallest error ``fit`` gives (the first pair in list order among equally
        close ones), looking only at pairs whose ratio lies within ``lo..hi``; for each
        two sizes only their first pair counts (the others give the same ratio)."""
        verdicts = self._verdicts
        best: tuple[float, int, int, EvidenceQuantity, EvidenceQuantity] | None = None
        for sizes in self._kinds.values():
            for y in sizes.values:  # the smaller term, and the larger ones that fit it
                for x in sizes.within(*_widened(max(y, y * lo), y * hi)):
                    if x == y:
                        if len(sizes.at[y]) < 2:
                            continue
                        i, j = sizes.at[y][:2]
                    else:
                        i, j = sorted((sizes.at[x][0], sizes.at[y][0]))
                    a, b = verdicts[i].matched, verdicts[j].matched
                    assert a is not None and b is not None
                    big, small = (a, b) if abs(a.value) >= abs(b.value) else (b, a)
                    err = fit(big.value / small.value)
                    if err is not None and (best is None or (err, i, j) < best[:3]):
                        best = (err, i, j, big, small)
        return None if best is None else (best[0], best[3], best[4])


_OF_GAP = re.compile(r"[ \t]+of[ \t]+(?:(?:the|its|their|this|that)[ \t]+)?")
"""Between a percentage and the value it is a share of ("82% of the £48.6m")."""


def share_of_claims(
    claim: NumericClaim,
    sentences: AnswerSentences,
    pool: EvidencePool,
    tol: float,
    widening: float,
) -> ClaimVerification | None:
    """A percentage written as a share of a value the answer states next ("82% of the
    £48.6m raised", "80% of the 140 km of pistes"), verified when some evidence value
    ``a`` of the same kind, stated close to the matched whole ``b`` (same or adjacent
    sentence), gives ``r = 100 * a / b`` with ``|c - r| / r <= tol`` (plus ``widening``
    when the claim says "about") or ``|c - r|`` below half the claim's last digit."""
    if claim.index is None or claim.dimension != "percent" or claim.low is not None:
        return None
    text, after = claim.index.text, claim.span[1]
    gap = _OF_GAP.match(text, after)  # the longest gap: a claim starts at most at its end
    if gap is None:
        return None
    whole: EvidenceQuantity | None = None
    for p in sentences.starting_within(claim.index, after, gap.end()):
        v = sentences.verdicts[p]
        if (
            v.verified
            and v.matched is not None
            and _OF_GAP.fullmatch(text, after, v.claim.span[0]) is not None
            and v.matched.value != 0
        ):
            whole = v.matched
            break
    if whole is None:
        return None
    kind = dimension_of(whole)
    want = claim.value
    best: tuple[float, EvidenceQuantity] | None = None
    for a in pool.items[: _MAX_PAIRS_POOL * 10]:
        if a is whole or dimension_of(a) != kind or not _close(a, whole):
            continue
        if not 0 < abs(a.value) < abs(whole.value):
            continue
        r = 100 * a.value / whole.value
        err = abs(want - r) / r
        limit = tol + (widening if claim.approx else 0.0)
        if (err <= limit + 1e-12 or abs(want - r) < claim.half_unit) and (
            best is None or err < best[0]
        ):
            best = (err, a)
    if best is None:
        return None
    err, part = best
    reason = (
        f"{claim.text!r} is {describe(part)} as a share of {describe(whole)}, "
        f"{100 * part.value / whole.value:.3g}% (relative error {err:.2%})"
    )
    return ClaimVerification(claim, True, part, err, "share_of_claims", reason, tol, (part, whole))


def percent_of_claims(
    claim: NumericClaim, sentences: AnswerSentences, tol: float, widening: float
) -> ClaimVerification | None:
    """A percentage that restates the share a part is of its whole, both written as
    verified claims of the same answer sentence ("approved 47 of the 64 applications,
    about 73 percent"): ``r = 100 * a / b`` for a part ``a`` written just before "of"
    (or "out of") and its whole ``b``, or a whole written first after "of" and the part
    next ("Of the 214 episodes, 131, roughly 61 percent"), accepted when ``|c - r| / r <= tol`` (plus
    ``widening`` when the claim says "about") or ``|c - r|`` is below half the claim's
    last digit. The first such pair of the sentence counts."""
    if claim.index is None or claim.dimension != "percent" or claim.low is not None:
        return None
    sentence = sentences.sentence(claim)
    limit = tol + (widening if claim.approx else 0.0)

    def fit(r: float) -> float | None:
        err = abs(claim.value - r) / r
        return err if err <= limit + 1e-12 or abs(claim.value - r) < claim.half_unit else None

    found: tuple[float, float, ClaimVerification, ClaimVerification] | None = None
    if sentence.indexed(claim):
        window = _window(claim.value, limit + 1e-12, claim.half_unit)
        found = sentence.index_of(_PartsOfWholes).first(fit, *window)
    else:
        mine = sorted(
            (v for v, c in sentence.verified_claims() if v.matched is not None and c is not claim),
            key=lambda v: v.claim.span[0],
        )
        for u, w in pairwise(mine):
            read = _part_whole(sentence, u, w)
            if read is not None and (err := fit(read[0])) is not None:
                found = (read[0], err, read[1], read[2])
                break
    if found is None:
        return None
    r, err, part, whole = found
    a, b, pm, wm = part.claim, whole.claim, part.matched, whole.matched
    assert pm is not None and wm is not None
    reason = (
        f"{claim.text!r} is {a.text!r} as a share of {b.text!r}, {r:.3g}% "
        f"(relative error {err:.2%})"
    )
    return ClaimVerification(claim, True, pm, err, "share_of_claims", reason, tol, (pm, wm))


def _part_whole(
    sentence: _Sentence, first: ClaimVerification, second: ClaimVerification
) -> tuple[float, ClaimVerification, ClaimVerification] | None:
    """``(r, part, whole)`` when two verified claims written one after the other in the
    sentence are a part and its whole (see :func:`percent_of_claims`), with ``r = 100 *
    part / whole``; else None."""
    part, whole = first, second
    a, b = part.claim, whole.claim
    if a.dimension not in _COUNTS or b.dimension not in _COUNTS:
        return None
    text = sentence.index.text
    if _PART_GAP.fullmatch(text, a.span[1], b.span[0]) is None:
        if _WHOLE_FIRST.search(text, max(sentence.start, a.span[0] - 12), a.span[0]) is None:
            return None
        part, whole = whole, part  # "Of the 214 episodes, 131, roughly 61 percent"
        a, b = part.claim, whole.claim
    if not 0 < a.value < b.value:
        return None
    return 100 * a.value / b.value, part, whole


class _PartsOfWholes:
    """The verified claims of a long sentence that have a matched value, in text order,
    and the part-whole pairs among neighbours (:func:`_part_whole`) by their share ``r``
    (distinct shares sorted), kept current as claims turn verified."""

    __slots__ = ("_by_share", "_keys", "_pairs", "_sentence", "_shares")

    def __init__(self, sentence: _Sentence) -> None:
        self._sentence = sentence
        self._keys: list[tuple[int, int]] = []  # (claim start, position), sorted
        self._pairs: dict[tuple[int, int], tuple[float, int, int]] = {}  # first -> r, part, whole
        self._by_share: dict[float, list[tuple[int, int]]] = {}  # r -> first keys, sorted
        self._shares: list[float] = []

    def add(self, p: int, v: ClaimVerification) -> None:
        if v.matched is None:
            return
        key = (v.claim.span[0], p)
        keys = self._keys
        k = bisect.bisect_left(keys, key)
        before = keys[k - 1] if k else None
        after = keys[k] if k < len(keys) else None
        keys.insert(k, key)
        if before is not None:
            self._drop(before)  # (it was paired with ``after``)
            self._pair(before, key)
        if after is not None:
            self._pair(key, after)

    def _pair(self, first: tuple[int, int], second: tuple[int, int]) -> None:
        verdicts = self._sentence.verdicts
        read = _part_whole(self._sentence, verdicts[first[1]], verdicts[second[1]])
        if read is None or not math.isfinite(read[0]):
            return
        r, part, _ = read
        at = first[1] if part is verdicts[first[1]] else second[1]
        self._pairs[first] = (r, at, second[1] if at == first[1] else first[1])
        found = self._by_share.get(r)
        if found is None:
            self._by_share[r] = [first]
            bisect.insort(self._shares, r)
        else:
            bisect.insort(found, first)

    def _drop(self, first: tuple[int, int]) -> None:
        got = self._pairs.pop(first, None)
        if got is not None:
            found = self._by_share[got[0]]
            found.remove(first)
            if not found:
                del self._by_share[got[0]]
                self._shares.pop(bisect.bisect_left(self._shares, got[0]))

    def first(
        self, fit: Callable[[float], float | None], lo: float, hi: float
    ) -> tuple[float, float, ClaimVerification, ClaimVerification] | None:
        """``(r, err, part, whole)`` of the first pair in text order whose share, within
        ``lo..hi``, ``fit`` accepts with error ``err``; None when none does."""
        shares = self._shares
        best: tuple[tuple[int, int], float, float] | None = None
        for r in shares[bisect.bisect_left(shares, lo) : bisect.bisect_right(shares, hi)]:
            err = fit(r)
            if err is not None:
                first = self._by_share[r][0]
                if best is None or first < best[0]:
                    best = (first, r, err)
        if best is None:
            return None
        first, r, err = best
        _, part, whole = self._pairs[first]
        verdicts = self._sentence.verdicts
        return r, err, verdicts[part], verdicts[whole]


_COUNTS = frozenset({"count", "number"})
_PART_GAP = re.compile(
    r"[ \t]+(?:out[ \t]+)?of[ \t]+(?:(?:the|its|their|all)[ \t]+)?(?:[A-Za-z]+['’]s[ \t]+)?"
)
"""Between a part and its whole ("47 of the 64", "412 of its 1,864")."""
_WHOLE_FIRST = re.compile(r"\b(?i:of|out[ \t]+of)[ \t]+(?:(?:the|its|their|all)[ \t]+)?$")
"""Before a whole written first ("Of the 214 episodes, 131 ...")."""


_CHANGE_CUE = re.compile(
    r"\b(?i:more|less|fewer|higher|lower|down|rose|risen|rise|rises|fell|fallen|falls|"
    r"increased?|decreased?|gained?|dropped|drop|cut|added|extra|clear|ahead|behind|"
    r"cheaper|dearer|costlier|pricier|bigger|larger|smaller|longer|shorter|heavier|lighter|"
    r"faster|slower|older|younger)\b"
)
"""Words that make a number a change or a margin ("£125,000 more than in 2025", "down 56
days", "four clear of", "two ahead of", "£3 cheaper than")."""


_LEVEL_BEFORE = re.compile(
    r"\b(?i:to|from|as[ \t]+(?:low|high|much|little|many|few)[ \t]+as|at|reach(?:ed|ing|es)?|hit)"
    r"[ \t]*[$€£¥]?$"
)
"""Right before a number: what follows is a level ("fell as low as 127", "rose to 120",
"rose to 212 from 150")."""


def difference_of_values(
    claim: NumericClaim, pool: EvidencePool, tol: float
) -> ClaimVerification | None:
    """A change stated as a difference ("down 56 days from 468", "£125,000 more than in
    2025") that no evidence states, verified when two compatible evidence values stated
    close together (same or adjacent sentences, or one table row) differ by it:
    ``|c - |a - b|| / |a - b| <= tol``, or within half the claim's last digit. Only for a
    claim with a change word within 30 characters of it; a claim per a denominator only
    from values per the same ("an extra £12 per hour": two prices per hour); never a
    claim within the tolerance of one of the two values (that value, not a difference)."""
    if claim.index is None or claim.low is not None or claim.value == 0 or claim.unit == CLOCK:
        return None
    text = claim.index.text
    a0, b0 = claim.span
    if not _CHANGE_CUE.search(text, max(0, a0 - 30), min(len(text), b0 + 30)):
        return None
    if _LEVEL_BEFORE.search(text, max(0, a0 - 20), a0):
        return None  # "fell as low as 127 ppm", "rose to 120": a level, not a change

    def pairs() -> _PairValues:
        vals = [
            e
            for e in pool.items
            if e.low is None and (not claim.per or e.per == claim.per) and compatible(claim, e)
        ]  # "an extra £12 per hour": a difference of two prices per hour
        return _PairValues(vals[:_MAX_PAIRS_POOL], _close_or_same_row, _difference)

    best = pool.memo(("difference", *_compatible_kind(claim)), pairs).closest(claim, tol)
    if best is None:
        return None
    err, a, b = best
    if any(abs(claim.value - e.value) <= tol * abs(e.value) for e in (a, b)):
        return None  # "10,420" is no difference of "10,420" and "2": it is the value itself
    reason = (
        f"{claim.text!r} is the difference of {describe(a)} and {describe(b)} "
        f"(relative error {err:.2%})"
    )
    return ClaimVerification(claim, True, a, err, "difference", reason, tol, (a, b))


def range_of_values(
    claim: NumericClaim, pool: EvidencePool, tol: float
) -> ClaimVerification | None:
    """A range ("between $10 and $500") whose two ends are two values stated close
    together in the evidence ("any amount from $10 to $500"): each end within the
    tolerance, ``|end - e| / |end| <= tol`` (rule ``range_ends``)."""
    lo, hi = claim.low, claim.high
    if lo is None or hi is None or lo == 0 or hi == 0:
        return None
    vals = pool.memo(
        ("range", *_compatible_kind(claim)),
        lambda: [e for e in pool.items if e.low is None and compatible(claim, e)][:_MAX_PAIRS_POOL],
    )
    lows = [(abs(e.value - lo) / abs(lo), e) for e in vals]
    highs = [(abs(e.value - hi) / abs(hi), e) for e in vals]
    for err_a, a in sorted([x for x in lows if x[0] <= tol + 1e-12], key=_first):
        for err_b, b in sorted([x for x in highs if x[0] <= tol + 1e-12], key=_first):
            if a is not b and (_close(a, b) or _same_row(a, b)):
                err = max(err_a, err_b)
                reason = (
                    f"{claim.text!r} runs from {describe(a)} to {describe(b)} "
                    f"(relative error {err:.2%})"
                )
                return ClaimVerification(claim, True, a, err, "range_ends", reason, tol, (a, b))
    return None


def _first(x: tuple[float, EvidenceQuantity]) -> float:
    return x[0]


def _compatible_kind(claim: NumericClaim) -> tuple[str, str, str, str]:
    """What :func:`veracity.numeric.pool.compatible` reads of a claim: its dimension,
    type, currency and denominator (the key of its candidates in the pool)."""
    return (
        claim.dimension,
        claim.claim_type,
        claim.unit if claim.dimension == "currency" else "",
        claim.per,
    )


def _close_or_same_row(a: EvidenceQuantity, b: EvidenceQuantity) -> bool:
    return _close(a, b) or _same_row(a, b)


def _same_row(a: EvidenceQuantity, b: EvidenceQuantity) -> bool:
    """Two cells of one ``|`` or tab table row."""
    if a.index is None or b.index is not a.index or a.span is None or b.span is None:
        return False
    ca, cb = a.index.table_cell(a.span[0]), b.index.table_cell(b.span[0])
    return ca is not None and cb is not None and ca.start == cb.start


_COUNT_TOKEN = re.compile(r"(?<![\d.,])\d{1,5}(?![\d.,]?\d)|[A-Za-z]+")


def product_of_claims(
    claim: NumericClaim, sentences: AnswerSentences, tol: float
) -> ClaimVerification | None:
    """A value worked out from another verified value ``v`` of the same kind in its answer
    sentence and a whole count ``k`` written there (2 to 10,000, in digits or words; not
    the number of ``v`` or of the claim itself: "20 m of 100 cm pipe" is no 20 m / 20):
    ``c = v * k`` ("£32 for each bag, so the six bags come to £192") or ``c = v / k``
    ("£80, which works out at £20 per person" for a group of four), within ``tol``.
    Measured values only (money, lengths, masses...), not plain numbers. The closest
    product counts (among equally close ones, the first value of the sentence)."""
    if claim.index is None or claim.low is not None or claim.value <= 0:
        return None
    if claim.dimension in ("number", "count", "ratio", "percent", "pp"):
        return None  # plain numbers: too many products come close by chance
    sentence = sentences.sentence(claim)
    c = claim.value
    best: tuple[float, NumericClaim, int, str] | None = None
    if sentence.indexed(claim):
        best = sentence.index_of(_Products).closest(claim, tol)
    else:
        values = [
            other
            for _, other in sentence.verified_claims()
            if other is not claim and _product_term(other, claim.dimension, claim.unit)
        ]
        if not values:
            return None
        counts = _counts(sentence)
        for other in values:
            for k in counts:
                if k in (other.stated_value, claim.stated_value):
                    continue  # "20 m of 100 cm pipe": the 20 is the value's own number
                for made, how in ((other.value * k, "times"), (other.value / k, "divided by")):
                    err = abs(c - made) / made
                    if err <= tol and (best is None or err < best[0]):
                        best = (err, other, k, how)
    if best is None:
        return None
    err, other, k, how = best
    reason = f"{claim.text!r} is {other.text!r} {how} {k} (relative error {err:.2%})"
    return ClaimVerification(claim, True, None, err, "product_of_claims", reason, tol)


def _product_term(c: NumericClaim, dimension: str, unit: str) -> bool:
    """Whether a verified claim ``c`` may be the value a product of a claim of
    ``dimension`` and ``unit`` is worked out from (values are in base units, so "500 kW"
    makes "1 MW"; money only in its own currency)."""
    return (
        _product_kind(c.dimension, c.unit) == _product_kind(dimension, unit)
        and c.value > 0
        and c.low is None
    )


def _product_kind(dimension: str, unit: str) -> tuple[str, str]:
    """What a product's terms must share: the dimension, and the unit only for money and
    temperatures (the others compare in base units)."""
    return dimension, unit if dimension in ("currency", "temperature") else ""


def _counts(sentence: _Sentence) -> set[int]:
    """The whole numbers the sentence writes (2 to 10,000, in digits or words), read once
    per sentence."""
    text = sentence.index.text

    def read(s0: int, s1: int) -> set[int]:
        return {
            k
            for m in _COUNT_TOKEN.finditer(text, s0, s1)
            if (k := _whole(m.group())) is not None and 2 <= k <= 10_000
        }

    return sentence.index.of_sentence("whole numbers", sentence.start, read)


class _Products:
    """The values of a long sentence's verified claims that products may be worked out
    from, by dimension and unit, distinct values sorted (:class:`_ByValue`); and the
    sentence's whole numbers, sorted and ranked in the order :func:`product_of_claims`
    meets them."""

    __slots__ = ("_counts", "_kinds", "_rank", "_sorted", "_verdicts")

    def __init__(self, sentence: _Sentence) -> None:
        self._verdicts = sentence.verdicts
        self._kinds: dict[tuple[str, str], _ByValue] = {}
        self._counts = _counts(sentence)
        self._rank = {k: i for i, k in enumerate(self._counts)}
        self._sorted = sorted(self._counts)

    def add(self, p: int, v: ClaimVerification) -> None:
        c = v.claim
        if _product_term(c, c.dimension, c.unit) and math.isfinite(c.value):
            self._kinds.setdefault(_product_kind(c.dimension, c.unit), _ByValue()).add(c.value, p)

    def closest(
        self, claim: NumericClaim, tol: float
    ) -> tuple[float, NumericClaim, int, str] | None:
        """As the loop of :func:`product_of_claims`: ``(err, value's claim, k, how)`` of the
        closest product within ``tol`` (the first in the order the loop meets them among
        equally close ones), looking only at values ``v`` and counts ``k`` whose product
        (or quotient) lies near the claim, from the side with fewer distinct entries."""
        values = self._kinds.get(_product_kind(claim.dimension, claim.unit))
        if values is None:
            return None
        c = claim.value
        lo, hi = _window(c, tol, 0.0)  # every v * k (or v / k) within tol of c
        found: list[tuple[float, int, int]] = []  # (v, k, 0 for times, 1 for divided by)
        if len(self._counts) <= len(values.values):
            for k in self._counts:
                found += [(v, k, 0) for v in values.within(*_widened(lo / k, hi / k))]
                found += [(v, k, 1) for v in values.within(*_widened(lo * k, hi * k))]
        else:
            counts = self._sorted
            for v in values.values:
                for how, (a, b) in enumerate(((lo / v, hi / v), (v / hi, v / lo))):
                    a, b = _widened(a, b)
                    found += [
                        (v, k, how)
                        for k in counts[
                            bisect.bisect_left(counts, a) : bisect.bisect_right(counts, b)
                        ]
                    ]
        best: tuple[float, int, int, int, int] | None = None  # err, position, rank, how, k
        for v, k, how in found:
            made = v * k if how == 0 else v / k
            err = abs(c - made) / made
            if err <= tol:
                term = self._verdicts[values.at[v][0]].claim
                if k in (term.stated_value, claim.stated_value):
                    continue  # a value's own number is no count of it
                key = (err, values.at[v][0], self._rank[k], how, k)
                if best is None or key < best:
                    best = key
        if best is None:
            return None
        err, p, _, how, k = best
        return err, self._verdicts[p].claim, k, ("times", "divided by")[how]


def area_of_claims(
    claim: NumericClaim, sentences: AnswerSentences, tol: float
) -> ClaimVerification | None:
    """An area worked out as the product of two verified lengths stated before it in its
    answer sentence: ``c = a * b`` ("12 by 2 metres, or 24 square metres"), within
    ``tol``; the last such pair before the area is taken."""
    if claim.index is None or claim.dimension != "area" or claim.low is not None:
        return None
    sentence = sentences.sentence(claim)
    if sentence.indexed(claim) and sentence.in_text_order():
        sides = sentence.index_of(_Sides).before(claim.span[0])
    else:
        sides = [
            c for _, c in sentence.verified_claims() if _side(c) and c.span[0] < claim.span[0]
        ][-2:]
    if len(sides) < 2 or claim.value <= 0:
        return None
    a, b = sides[-2], sides[-1]
    made = a.value * b.value
    err = abs(claim.value - made) / made
    if err > tol:
        return None
    reason = f"{claim.text!r} is {a.text!r} times {b.text!r} (relative error {err:.2%})"
    return ClaimVerification(claim, True, None, err, "product_of_claims", reason, tol)


def _side(c: NumericClaim) -> bool:
    """Whether a verified claim may be a side of an area."""
    return c.dimension == "length" and c.low is None and c.value > 0


class _Sides:
    """The lengths among a long sentence's verified claims, in text order (which is list
    order: see :meth:`_Sentence.in_text_order`)."""

    __slots__ = ("_keys", "_verdicts")

    def __init__(self, sentence: _Sentence) -> None:
        self._verdicts = sentence.verdicts
        self._keys: list[tuple[int, int]] = []  # (claim start, position), sorted

    def add(self, p: int, v: ClaimVerification) -> None:
        if _side(v.claim):
            bisect.insort(self._keys, (v.claim.span[0], p))

    def before(self, start: int) -> list[NumericClaim]:
        """The last two lengths starting before ``start``."""
        k = bisect.bisect_left(self._keys, (start, -1))
        return [self._verdicts[p].claim for _, p in self._keys[max(0, k - 2) : k]]


_TOTAL = r"total|totals|totalled|totaled|totalling|totaling|in[ \t]+all|combined|altogether"
_TOTAL_WORDS = re.compile(rf"\b(?i:{_TOTAL})\b")
"""A sentence that states a total ("60,850 trout in total: 48,600 brown and 12,250")."""
_MAX_PARTS = 12
"""A sentence with more values of the claim's kind than this states no one total of them."""


def sum_of_claims(
    claim: NumericClaim, sentences: AnswerSentences, tol: float
) -> ClaimVerification | None:
    """A total that no evidence states, verified when its answer sentence says "total"
    ("in total", "combined", "in all", "altogether") and it is the sum ``s`` of the values
    of the other verified claims of its kind (dimension, unit but for counts, and
    denominator) in that
    sentence, at least two of them: ``|c - s| / s <= tol``, or ``|c - s|`` below half
    the claim's last digit. "In 2025 the hatchery stocked 60,850 trout in total: 48,600
    brown and 12,250 rainbow" holds when 48,600 and 12,250 are verified."""
    index, span = claim.index, claim.span
    if index is None or span is None or claim.low is not None or claim.value <= 0:
        return None
    if claim.dimension in ("ratio", "tag"):
        return None
    sentence = sentences.sentence(claim)
    if not sentence.says(_TOTAL_WORDS):
        return None
    verdicts = sentences.verdicts
    parts: list[NumericClaim] = []
    verified = True
    for p in sentence.of_kind(claim):
        v = verdicts[p]
        if v.claim is not claim:
            if len(parts) == _MAX_PARTS:
                return None  # more values of its kind than one total adds up
            parts.append(v.claim)
            verified = verified and v.verified
    if len(parts) < 2 or not verified:
        return None
    if any(p.low is not None or p.value <= 0 for p in parts):
        return None
    total = sum(p.value for p in parts)
    err = abs(claim.value - total) / total
    if err > tol + 1e-12 and abs(claim.value - total) >= claim.half_unit:
        return None
    listed = " + ".join(repr(p.text) for p in parts)
    reason = f"{claim.text!r} is the total {listed} (relative error {err:.2%})"
    return ClaimVerification(claim, True, None, err, "sum_of_claims", reason, tol)


_COLUMN_TOTAL_WORDS = re.compile(rf"\b(?i:{_TOTAL}|across|between[ \t]+them)\b")
"""A sentence that states a total over a table's rows ("Across the three venues, 897
donors attended")."""
_TOTAL_ROW = re.compile(r"[ \t*]*(?i:total|all|overall|sum|grand)\b")
_MIN_ROWS = 2


def column_total(
    claim: NumericClaim, sentences: AnswerSentences, pool: EvidencePool, tol: float
) -> ClaimVerification | None:
    """A total that no evidence states, verified when its answer sentence says "total" (or
    "across", "combined", "in all", "altogether") and it is the sum ``s`` of the cells of
    one table column (two rows or more, the header and any "Total" row left out) of its
    kind, and not of another year: ``|c - s|`` within half the claim's last digit (or, for
    an approximation, ``|c - s| / s <= tol``). "Across the three venues, 897 donors
    attended" for "612 | 198 | 87" under "Donors attended"."""
    index, span = claim.index, claim.span
    if index is None or span is None or claim.low is not None or claim.value <= 0:
        return None
    if claim.dimension in ("ratio", "tag", "percent", "pp"):
        return None
    if not sentences.sentence(claim).says(_COLUMN_TOTAL_WORDS):
        return None
    kind = (claim.per, claim.dimension, claim.unit if claim.dimension == "currency" else "")
    columns = pool.memo(("columns", *kind), lambda: _Columns(_table_columns(claim, pool.items)))
    year = year_of(claim)
    near = columns.near(claim.value, tol + 1e-12 if claim.approx else None, claim.half_unit)
    for total, cells in near:
        if year is not None and (
            year_of(cells[0]) not in (None, year) or not _table_names_year(cells[0], year)
        ):
            continue  # the column or table of another year ("2024/25" for 2023/24)
        err = abs(claim.value - total) / total
        # exact to the claim's last digit (a sum of exact cells); within the tolerance
        # only for an approximation ("about 900 donors"): a total with two digits swapped
        # is no rounding of it
        if abs(claim.value - total) < claim.half_unit * (1 + 1e-9) or (
            claim.approx and err <= tol + 1e-12
        ):
            listed = " + ".join(describe(e) for e in cells)
            reason = f"{claim.text!r} is the total of a table column, {listed} (relative error {err:.2%})"
            return ClaimVerification(claim, True, cells[0], err, "column_total", reason, tol)
    return None


def _table_columns(
    claim: NumericClaim, pool: list[EvidenceQuantity]
) -> Iterable[list[EvidenceQuantity]]:
    """The cells of each table column of ``claim``'s kind (dimension, currency,
    denominator), the header and any "Total" row left out, in pool order."""
    counts = claim.dimension in ("count", "number")
    columns: dict[tuple[int, int, int], list[EvidenceQuantity]] = {}
    for e in pool:
        if e.index is None or e.span is None or e.low is not None or e.per != claim.per:
            continue
        if not (e.dimension == claim.dimension or (counts and e.dimension in ("count", "number"))):
            continue
        if claim.dimension == "currency" and not units.currencies_compatible(claim.unit, e.unit):
            continue
        cell = e.index.table_cell(e.span[0])
        if cell is None or cell.col < 1 or cell.head is None or cell.start == cell.head:
            continue
        a, b = cell.cells[0]
        if _TOTAL_ROW.match(e.index.text, a, b):
            continue  # the "Total" row states the total itself
        columns.setdefault((id(e.index), cell.head, cell.col), []).append(e)
    return columns.values()


class _Columns:
    """Table columns of two rows or more with a total above 0, as ``(total, cells)``,
    sorted by total so that a claim meets only the columns whose total is near its value
    (:meth:`near`)."""

    __slots__ = ("_found", "_totals")

    def __init__(self, columns: Iterable[list[EvidenceQuantity]]) -> None:
        found: list[tuple[float, int, list[EvidenceQuantity]]] = []
        for order, cells in enumerate(columns):
            if len(cells) >= _MIN_ROWS:
                total = sum(e.value for e in cells)
                if total > 0 and math.isfinite(total):  # (no other total is near a claim)
                    found.append((total, order, cells))
        found.sort(key=lambda f: (f[0], f[1]))
        self._found = found
        self._totals = [f[0] for f in found]

    def near(
        self, c: float, tol: float | None, half: float
    ) -> list[tuple[float, list[EvidenceQuantity]]]:
        """``(total, cells)`` of the columns whose total ``s`` may have ``|c - s|`` below
        ``half`` (a little more) or ``|c - s| / s <= tol``, in column order."""
        lo, hi = _window(c, tol, half * (1 + 1e-9))
        a, b = bisect.bisect_left(self._totals, lo), bisect.bisect_right(self._totals, hi)
        return [(total, cells) for total, _, cells in sorted(self._found[a:b], key=_second)]


def _second(f: tuple[float, int, list[EvidenceQuantity]]) -> int:
    return f[1]


_YEAR_IN_HEAD = re.compile(r"\b(?:19|20)\d\d\b")


def _table_names_year(cell_value: EvidenceQuantity, year: int) -> bool:
    """Whether a table's header and title lines name ``year``, or no year at all."""
    index, span = cell_value.index, cell_value.span
    cell = index.table_cell(span[0]) if index is not None and span is not None else None
    if index is None or cell is None or cell.head is None:
        return True
    title = index.text.rfind("\n", 0, max(0, cell.head - 1)) + 1
    head_end = index.text.find("\n", cell.head)
    end = head_end if head_end >= 0 else len(index.text)
    years = {int(y) for y in _YEAR_IN_HEAD.findall(index.text, title, end)}
    return not years or year in years


def _whole(token: str) -> int | None:
    """The whole number a token writes ("6", "six"), or None."""
    if token.isdigit():
        return int(token)
    value = parse_words([token.lower()])
    return int(value) if value is not None and value == int(value) else None
