"""Derived values: a percentage-point difference of two evidence percentages, a
multiplier stated between two verified values of the answer ("3,800 t, roughly three
times the previous week's 1,250 t"), a percentage of a verified value ("82% of the
£48.6m raised"), a change stated as a difference ("down 56 days from 468"), a total or
a share worked out from a verified value and a count ("£32 for each bag, so the six bags
come to £192"; "£80, which works out at £20 per person"), and (opt-in) a percent change
between two evidence values."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from itertools import pairwise

from veracity.numeric import units
from veracity.numeric.evidence import describe, dimension_of
from veracity.numeric.models import ClaimVerification, EvidenceQuantity, NumericClaim, year_of
from veracity.numeric.numbers import parse_words
from veracity.numeric.quantity import CLOCK

_BOUND_SLACK = 1.25
"""As for a bound against a value: "more than six times" covers 6x to 7.5x."""

__all__ = [
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


def _close(a: EvidenceQuantity, b: EvidenceQuantity) -> bool:
    """Same context, and the same or adjacent sentences (structured evidence: any pair)."""
    if a.context_index != b.context_index:
        return False
    if a.index is None or b.index is None or a.span is None or b.span is None:
        return True
    return abs(a.index.sentence_number(a.span[0]) - b.index.sentence_number(b.span[0])) <= 1


def pp_difference(
    claim: NumericClaim, pool: list[EvidenceQuantity], tol: float
) -> ClaimVerification | None:
    """A percentage-point claim equal to the difference of two evidence percentages
    stated close together (the same or adjacent sentences of one context): two
    percentages far apart in a text are rarely the two ends of one change."""
    pcts = [e for e in pool if e.dimension == "percent" and e.low is None][:_MAX_PAIRS_POOL]
    best = _closest_difference(claim, pcts, tol, _close)
    if best is None:
        return None
    err, a, b = best
    reason = f"{claim.text!r} equals the difference of {describe(a)} and {describe(b)} (relative error {err:.2%})"
    return ClaimVerification(claim, True, a, err, "pp_difference", reason, tol, (a, b))


def _closest_difference(
    claim: NumericClaim,
    vals: list[EvidenceQuantity],
    tol: float,
    together: Callable[[EvidenceQuantity, EvidenceQuantity], bool],
) -> tuple[float, EvidenceQuantity, EvidenceQuantity] | None:
    """``(err, a, b)`` for the pair of ``vals`` stated ``together`` whose difference ``d =
    |a - b|`` is closest to the claim ``c``, among pairs with ``|c - d| / d <= tol`` or
    ``|c - d|`` below half the claim's last digit; None when no pair qualifies."""
    return _closest_pair(claim, vals, tol, together, lambda a, b: ((abs(a.value - b.value), a, b),))


_Derived = tuple[float, EvidenceQuantity, EvidenceQuantity]


def _closest_pair(
    claim: NumericClaim,
    vals: list[EvidenceQuantity],
    tol: float,
    together: Callable[[EvidenceQuantity, EvidenceQuantity], bool],
    derive: Callable[[EvidenceQuantity, EvidenceQuantity], Iterable[_Derived]],
) -> _Derived | None:
    """``(err, x, y)`` for the value ``d`` that ``derive`` gives from a pair of ``vals``
    stated ``together`` (as ``(d, x, y)``; one or more per pair) closest to the claim
    ``c``, among those with ``|c - d| / d <= tol`` or ``|c - d|`` below half the claim's
    last digit; None when none qualifies."""
    c = abs(claim.value)
    best: _Derived | None = None
    for i, a in enumerate(vals):
        for b in vals[i + 1 :]:
            if not together(a, b):
                continue
            for d, x, y in derive(a, b):
                if d == 0:
                    continue
                err = abs(c - d) / d
                if (err <= tol or abs(c - d) < claim.half_unit) and (best is None or err < best[0]):
                    best = (err, x, y)
    return best


def _changes(a: EvidenceQuantity, b: EvidenceQuantity) -> Iterable[_Derived]:
    """The percent change ``|new - old| / |old| * 100`` from each of two values to the
    other, as ``(change, old, new)``."""
    for old, new in ((a, b), (b, a)):
        yield abs(new.value - old.value) / abs(old.value) * 100, old, new


def _same_kind_and_context(a: EvidenceQuantity, b: EvidenceQuantity) -> bool:
    return dimension_of(a) == dimension_of(b) and a.context_index == b.context_index


def percent_change(
    claim: NumericClaim, pool: list[EvidenceQuantity], tol: float
) -> ClaimVerification | None:
    """A percentage claim equal to the percent change between two evidence values."""
    vals = [e for e in pool if e.dimension not in ("percent", "pp", "tag") and e.value != 0][
        :_MAX_PAIRS_POOL
    ]
    best = _closest_pair(claim, vals, tol, _same_kind_and_context, _changes)
    if best is None:
        return None
    err, old, new = best
    reason = f"{claim.text!r} equals the change from {describe(old)} to {describe(new)} (relative error {err:.2%})"
    return ClaimVerification(claim, True, new, err, "percent_change", reason, tol, (old, new))


def ratio_of_claims(
    claim: NumericClaim, verdicts: list[ClaimVerification], tol: float, widening: float
) -> ClaimVerification | None:
    """A multiplier claim ("twice", "three times", "2.5x") that no evidence states,
    verified when it is the ratio ``r = larger / smaller`` of the evidence values matched
    by two other verified claims of one kind in the same answer sentence.

    ``r`` meets the claim ``c`` when ``|c - r| / r <= tol`` (plus ``widening`` when the
    claim says "about"), when ``|c - r|`` is below half the claim's last digit, or for a
    bound within ``c <= r <= 1.25 c`` ("more than") / ``c / 1.25 <= r <= c`` ("up to").
    """
    if claim.index is None:
        return None
    sentence = claim.index.sentence_number(claim.span[0])
    values: list[tuple[EvidenceQuantity, tuple[str, str]]] = []
    for v in verdicts:
        m, c = v.matched, v.claim
        if (
            v.verified
            and m is not None
            and c is not claim
            and c.dimension not in ("ratio", "tag")
            and c.index is claim.index
            and c.index.sentence_number(c.span[0]) == sentence
            and m.value != 0
        ):
            values.append((m, dimension_of(m)))
    want = claim.value
    best: tuple[float, EvidenceQuantity, EvidenceQuantity] | None = None
    for i, (a, da) in enumerate(values):
        for b, db in values[i + 1 :]:
            if da != db or (a.value > 0) != (b.value > 0):
                continue
            big, small = (a, b) if abs(a.value) >= abs(b.value) else (b, a)
            r = big.value / small.value
            err = abs(want - r) / r
            if claim.bound == "min":
                ok = want <= r * (1 + 1e-9) and r <= want * _BOUND_SLACK
            elif claim.bound == "max":
                ok = want / _BOUND_SLACK <= r <= want * (1 + 1e-9)
            else:
                limit = tol + (widening if claim.approx else 0.0)
                ok = err <= limit + 1e-12 or abs(want - r) < claim.half_unit
            if ok and (best is None or err < best[0]):
                best = (err, big, small)
    if best is None:
        return None
    err, big, small = best
    reason = (
        f"{claim.text!r} is the ratio of {describe(big)} to {describe(small)}, "
        f"{big.value / small.value:.3g} (relative error {err:.2%})"
    )
    return ClaimVerification(claim, True, big, err, "ratio_of_claims", reason, tol, (big, small))


_OF_GAP = re.compile(r"[ \t]+of[ \t]+(?:(?:the|its|their|this|that)[ \t]+)?")
"""Between a percentage and the value it is a share of ("82% of the £48.6m")."""


def share_of_claims(
    claim: NumericClaim,
    verdicts: list[ClaimVerification],
    pool: list[EvidenceQuantity],
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
    whole: EvidenceQuantity | None = None
    for v in verdicts:
        c = v.claim
        if v.verified and v.matched is not None and c.index is claim.index:
            gap = _OF_GAP.fullmatch(claim.index.text, claim.span[1], c.span[0])
            if gap is not None and v.matched.value != 0:
                whole = v.matched
                break
    if whole is None:
        return None
    kind = dimension_of(whole)
    want = claim.value
    best: tuple[float, EvidenceQuantity] | None = None
    for a in pool[: _MAX_PAIRS_POOL * 10]:
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
    claim: NumericClaim, verdicts: list[ClaimVerification], tol: float, widening: float
) -> ClaimVerification | None:
    """A percentage that restates the share a part is of its whole, both written as
    verified claims of the same answer sentence ("approved 47 of the 64 applications,
    about 73 percent"): ``r = 100 * a / b`` for a part ``a`` written just before "of"
    (or "out of") and its whole ``b``, or a whole written first after "of" and the part
    next ("Of the 214 episodes, 131, roughly 61 percent"), accepted when ``|c - r| / r <= tol`` (plus
    ``widening`` when the claim says "about") or ``|c - r|`` is below half the claim's
    last digit."""
    if claim.index is None or claim.dimension != "percent" or claim.low is not None:
        return None
    index = claim.index
    s0, s1 = index.sentence_bounds(claim.span[0])
    mine = sorted(
        (v for v in verdicts if v.verified and v.matched is not None and v.claim is not claim),
        key=lambda v: v.claim.span[0],
    )
    mine = [v for v in mine if v.claim.index is index and s0 <= v.claim.span[0] < s1]
    limit = tol + (widening if claim.approx else 0.0)
    for part, whole in pairwise(mine):
        a, b = part.claim, whole.claim
        if a.dimension not in _COUNTS or b.dimension not in _COUNTS:
            continue
        if _PART_GAP.fullmatch(index.text, a.span[1], b.span[0]) is None:
            if _WHOLE_FIRST.search(index.text, max(s0, a.span[0] - 12), a.span[0]) is None:
                continue
            part, whole = whole, part  # "Of the 214 episodes, 131, roughly 61 percent"
            a, b = part.claim, whole.claim
        if not 0 < a.value < b.value:
            continue
        r = 100 * a.value / b.value
        err = abs(claim.value - r) / r
        pm, wm = part.matched, whole.matched
        if (
            pm is not None
            and wm is not None
            and (err <= limit + 1e-12 or abs(claim.value - r) < claim.half_unit)
        ):
            reason = (
                f"{claim.text!r} is {a.text!r} as a share of {b.text!r}, {r:.3g}% "
                f"(relative error {err:.2%})"
            )
            return ClaimVerification(claim, True, pm, err, "share_of_claims", reason, tol, (pm, wm))
    return None


_COUNTS = frozenset({"count", "number"})
_PART_GAP = re.compile(
    r"[ \t]+(?:out[ \t]+)?of[ \t]+(?:(?:the|its|their|all)[ \t]+)?(?:[A-Za-z]+['’]s[ \t]+)?"
)
"""Between a part and its whole ("47 of the 64", "412 of its 1,864")."""
_WHOLE_FIRST = re.compile(r"\b(?i:of|out[ \t]+of)[ \t]+(?:(?:the|its|their|all)[ \t]+)?$")
"""Before a whole written first ("Of the 214 episodes, 131 ...")."""


_CHANGE_CUE = re.compile(
    r"\b(?i:more|less|fewer|higher|lower|down|rose|risen|rise|rises|fell|fallen|falls|"
    r"increased?|decreased?|gained?|dropped|drop|cut|added|extra|clear|ahead|behind)\b"
)
"""Words that make a number a change or a margin ("£125,000 more than in 2025", "down 56
days", "four clear of", "two ahead of")."""


_LEVEL_BEFORE = re.compile(
    r"\b(?i:to|from|as[ \t]+(?:low|high|much|little|many|few)[ \t]+as|at|reach(?:ed|ing|es)?|hit)"
    r"[ \t]*[$€£¥]?$"
)
"""Right before a number: what follows is a level ("fell as low as 127", "rose to 120",
"rose to 212 from 150")."""


def difference_of_values(
    claim: NumericClaim,
    pool: list[EvidenceQuantity],
    tol: float,
    compatible: Callable[[NumericClaim, EvidenceQuantity], bool],
) -> ClaimVerification | None:
    """A change stated as a difference ("down 56 days from 468", "£125,000 more than in
    2025") that no evidence states, verified when two compatible evidence values stated
    close together (same or adjacent sentences, or one table row) differ by it:
    ``|c - |a - b|| / |a - b| <= tol``, or within half the claim's last digit. Only for a
    claim with a change word within 30 characters of it; a claim per a denominator only
    from values per the same ("an extra £12 per hour": two prices per hour)."""
    if claim.index is None or claim.low is not None or claim.value == 0 or claim.unit == CLOCK:
        return None
    text = claim.index.text
    a0, b0 = claim.span
    if not _CHANGE_CUE.search(text, max(0, a0 - 30), min(len(text), b0 + 30)):
        return None
    if _LEVEL_BEFORE.search(text, max(0, a0 - 20), a0):
        return None  # "fell as low as 127 ppm", "rose to 120": a level, not a change
    vals = [
        e
        for e in pool
        if e.low is None and (not claim.per or e.per == claim.per) and compatible(claim, e)
    ][:_MAX_PAIRS_POOL]  # "an extra £12 per hour": a difference of two prices per hour
    best = _closest_difference(claim, vals, tol, lambda a, b: _close(a, b) or _same_row(a, b))
    if best is None:
        return None
    err, a, b = best
    reason = (
        f"{claim.text!r} is the difference of {describe(a)} and {describe(b)} "
        f"(relative error {err:.2%})"
    )
    return ClaimVerification(claim, True, a, err, "difference", reason, tol, (a, b))


def range_of_values(
    claim: NumericClaim,
    pool: list[EvidenceQuantity],
    tol: float,
    compatible: Callable[[NumericClaim, EvidenceQuantity], bool],
) -> ClaimVerification | None:
    """A range ("between $10 and $500") whose two ends are two values stated close
    together in the evidence ("any amount from $10 to $500"): each end within the
    tolerance, ``|end - e| / |end| <= tol`` (rule ``range_ends``)."""
    lo, hi = claim.low, claim.high
    if lo is None or hi is None or lo == 0 or hi == 0:
        return None
    vals = [e for e in pool if e.low is None and compatible(claim, e)][:_MAX_PAIRS_POOL]
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


def _same_row(a: EvidenceQuantity, b: EvidenceQuantity) -> bool:
    """Two cells of one ``|`` or tab table row."""
    if a.index is None or b.index is not a.index or a.span is None or b.span is None:
        return False
    ca, cb = a.index.table_cell(a.span[0]), b.index.table_cell(b.span[0])
    return ca is not None and cb is not None and ca.start == cb.start


_COUNT_TOKEN = re.compile(r"(?<![\d.,])\d{1,5}(?![\d.,]?\d)|[A-Za-z]+")


def product_of_claims(
    claim: NumericClaim, verdicts: list[ClaimVerification], tol: float
) -> ClaimVerification | None:
    """A value worked out from another verified value ``v`` of the same kind in its answer
    sentence and a whole count ``k`` written there (2 to 10,000, in digits or words):
    ``c = v * k`` ("£32 for each bag, so the six bags come to £192") or ``c = v / k``
    ("£80, which works out at £20 per person" for a group of four), within ``tol``.
    Measured values only (money, lengths, masses...), not plain numbers."""
    if claim.index is None or claim.low is not None or claim.value <= 0:
        return None
    if claim.dimension in ("number", "count", "ratio", "percent", "pp"):
        return None  # plain numbers: too many products come close by chance
    index = claim.index
    s0, s1 = index.sentence_bounds(claim.span[0])
    sentence_claims = [
        v
        for v in verdicts
        if v.claim is not claim and v.claim.index is index and s0 <= v.claim.span[0] < s1
    ]
    values = [
        v.claim
        for v in sentence_claims
        if v.verified
        and v.claim.dimension == claim.dimension
        and v.claim.unit == claim.unit
        and v.claim.value > 0
        and v.claim.low is None
    ]
    if not values:
        return None
    counts = {
        k
        for m in _COUNT_TOKEN.finditer(index.text, s0, s1)
        if (k := _whole(m.group())) is not None and 2 <= k <= 10_000
    }
    c = claim.value
    best: tuple[float, NumericClaim, int, str] | None = None
    for other in values:
        for k in counts:
            for made, how in ((other.value * k, "times"), (other.value / k, "divided by")):
                err = abs(c - made) / made
                if err <= tol and (best is None or err < best[0]):
                    best = (err, other, k, how)
    if best is None:
        return None
    err, other, k, how = best
    reason = f"{claim.text!r} is {other.text!r} {how} {k} (relative error {err:.2%})"
    return ClaimVerification(claim, True, None, err, "product_of_claims", reason, tol)


def area_of_claims(
    claim: NumericClaim, verdicts: list[ClaimVerification], tol: float
) -> ClaimVerification | None:
    """An area worked out as the product of two verified lengths stated before it in its
    answer sentence: ``c = a * b`` ("12 by 2 metres, or 24 square metres"), within
    ``tol``; the last such pair before the area is taken."""
    if claim.index is None or claim.dimension != "area" or claim.low is not None:
        return None
    index = claim.index
    s0, _ = index.sentence_bounds(claim.span[0])
    sides = [
        v.claim
        for v in verdicts
        if v.verified
        and v.claim.index is index
        and v.claim.dimension == "length"
        and v.claim.low is None
        and v.claim.value > 0
        and s0 <= v.claim.span[0] < claim.span[0]
    ]
    if len(sides) < 2 or claim.value <= 0:
        return None
    a, b = sides[-2], sides[-1]
    made = a.value * b.value
    err = abs(claim.value - made) / made
    if err > tol:
        return None
    reason = f"{claim.text!r} is {a.text!r} times {b.text!r} (relative error {err:.2%})"
    return ClaimVerification(claim, True, None, err, "product_of_claims", reason, tol)


_TOTAL = r"total|totals|totalled|totaled|totalling|totaling|in[ \t]+all|combined|altogether"
_TOTAL_WORDS = re.compile(rf"\b(?i:{_TOTAL})\b")
"""A sentence that states a total ("60,850 trout in total: 48,600 brown and 12,250")."""
_MAX_PARTS = 12
"""A sentence with more values of the claim's kind than this states no one total of them."""


def sum_of_claims(
    claim: NumericClaim, verdicts: list[ClaimVerification], tol: float
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
    s0, s1 = index.sentence_bounds(span[0])
    if _TOTAL_WORDS.search(index.text, s0, s1) is None:
        return None
    parts = [
        v.claim
        for v in verdicts
        if v.claim is not claim
        and v.claim.index is index
        and s0 <= v.claim.span[0] < s1
        and v.claim.dimension == claim.dimension
        and (v.claim.unit == claim.unit or claim.dimension in ("count", "number"))
        and v.claim.per == claim.per
    ]
    if not 2 <= len(parts) <= _MAX_PARTS or not all(
        v.verified for v in verdicts if v.claim in parts
    ):
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
    claim: NumericClaim, pool: list[EvidenceQuantity], tol: float
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
    s0, s1 = index.sentence_bounds(span[0])
    if _COLUMN_TOTAL_WORDS.search(index.text, s0, s1) is None:
        return None
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
    year = year_of(claim)
    for cells in columns.values():
        if len(cells) < _MIN_ROWS:
            continue
        if year is not None and (
            year_of(cells[0]) not in (None, year) or not _table_names_year(cells[0], year)
        ):
            continue  # the column or table of another year ("2024/25" for 2023/24)
        total = sum(e.value for e in cells)
        if total <= 0:
            continue
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
