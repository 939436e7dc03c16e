"""The evidence pool of one check: grouped by kind, indexed by value and by place.

:class:`EvidencePool` groups the evidence by dimension; :meth:`EvidencePool.candidates`
gives the evidence compatible with a claim (:func:`compatible`: same dimension after
unit conversion, currencies that may match, a rate denominator that does not differ),
computed once per claim kind and shared. In a large pool (more than :data:`NEAR_MIN`
candidates) :meth:`Candidates.for_claim` keeps the :data:`NEAR_K` values just below
and above a claim's value, and as many ranges on each side by each end and by midpoint
(:class:`_Nearest`), so a check stays near-linear. :func:`declared_cells` reads bare
numbers in the unit their labels declare (:mod:`veracity.numeric.table_units`);
:meth:`EvidencePool.loose` reads evidence on its stated number with the unit dropped.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any, TypeVar

from veracity.numeric import lexicon, units
from veracity.numeric.evidence import dimension_of
from veracity.numeric.models import EvidenceQuantity, NumericClaim, labels_of, year_of
from veracity.numeric.rates import per_ratio
from veracity.numeric.table_units import (
    column_scale,
    declared_per,
    declared_text,
    declared_unit,
    row_label_cell,
    text_names_a_unit,
)
from veracity.numeric.textindex import TextIndex

__all__ = [
    "NEAR_K",
    "NEAR_MIN",
    "TABLE_UNIT_DIMS",
    "Candidates",
    "EvidencePool",
    "compatible",
    "declared_cells",
    "per_fits",
    "per_head_only",
]

_T = TypeVar("_T")

_PLAIN = frozenset({"count", "number"})


def per_fits(a: str, b: str) -> bool:
    """Whether two stated denominators may name the same thing: equal, units of one
    dimension (:func:`per_ratio`), or one a compound ("ha/year") whose first part is the
    other ("ha": the period unstated), or whose first part is a head ("person/night")
    and whose rest is the other ("night")."""
    if a == b or per_ratio(a, b) is not None:
        return True
    if ("/" in a) == ("/" in b):
        return False
    return a.partition("/")[0] == b.partition("/")[0] or per_head_only(a, b)


def per_head_only(a: str, b: str) -> bool:
    """Whether two denominators differ only by a head one of them states: "person/night"
    and "night" ("€3 per person per night" is "€3 a night" for a guest)."""
    head_a, _, rest_a = a.partition("/")
    head_b, _, rest_b = b.partition("/")
    return (rest_a == b and head_a in lexicon.PER_HEAD) or (
        rest_b == a and head_b in lexicon.PER_HEAD
    )


def compatible(claim: NumericClaim, ev: EvidenceQuantity) -> bool:
    """True when ``ev`` may be compared with ``claim``: the same dimension (counts and
    plain numbers meet counts, numbers, ratios and unit-less evidence; a ratio meets
    counts and numbers too), currencies that may name the same money, SFS generic tags
    of the claim's type, and rate denominators that are the same, unstated on one side,
    or units of one dimension (converted: see :func:`per_ratio`)."""
    return _compatible(claim, ev, *dimension_of(ev))


def _compatible(claim: NumericClaim, ev: EvidenceQuantity, dim: str, cur: str) -> bool:
    """:func:`compatible` with ``dimension_of(ev)`` already known (``dim``, ``cur``)."""
    if claim.per and ev.per and not per_fits(claim.per, ev.per):
        # "$10 per month" vs "$10 per day" (see veracity.numeric.rates); "per hectare per
        # year" meets "per hectare" (the period unstated) but not "per hectare per month"
        return False
    if dim == "tag":
        return claim.claim_type == ev.tag or (ev.tag == "distance" and claim.dimension == "length")
    cd = claim.dimension
    if cd in _PLAIN:
        return dim in _PLAIN or dim in ("unspecified", "ratio")
    if cd == "ratio":  # "twice daily" restates "2 doses a day"
        return dim in ("ratio", "number", "count", "unspecified")
    if cd == "currency":
        if dim == "number" and ev.table_scaled:
            return True  # a "(in thousands)" table without a currency sign
        return dim == "currency" and units.currencies_compatible(claim.unit or "$", cur or "$")
    return dim == cd


_GROUPS = {  # claim dimension -> the evidence groups its candidates come from
    "count": ("count", "number", "unspecified", "ratio", "tag"),
    "number": ("count", "number", "unspecified", "ratio", "tag"),
    "ratio": ("ratio", "number", "count", "unspecified", "tag"),
    "currency": ("currency", "number", "tag"),
}


class EvidencePool:
    """The evidence pool grouped by dimension, so a claim only meets its own kind.

    The compatible candidates depend only on the claim's type, dimension and unit:
    they are computed once per such key and reused for every claim of that kind; so
    are the lists the derived rules read (:meth:`memo`).
    """

    __slots__ = ("_cands", "_loose", "_memo", "_places", "declared", "groups", "items")

    def __init__(self, items: list[EvidenceQuantity]) -> None:
        self.items = items
        # dimension -> (pool position, evidence, dimension_of(evidence)...)
        self.groups: dict[str, list[tuple[int, EvidenceQuantity, str, str]]] = {}
        self._cands: dict[tuple[str, str, str, str], Candidates] = {}
        self._loose: dict[frozenset[str], Candidates] = {}
        self.declared: dict[tuple[str, str, str], Candidates] = {}  # see declared_cells
        self._places: dict[int, tuple[list[int], list[int]]] | None = None
        self._memo: dict[Hashable, Any] = {}
        for pos, ev in enumerate(items):
            dim, cur = dimension_of(ev)
            self.groups.setdefault(dim, []).append((pos, ev, dim, cur))

    def candidates(self, claim: NumericClaim) -> Candidates:
        """The compatible evidence, in pool order (shared between claims of the same
        kind: callers must not mutate it)."""
        key = (
            claim.dimension,
            claim.claim_type,
            claim.unit if claim.dimension == "currency" else "",
            claim.per,
        )
        got = self._cands.get(key)
        if got is None:
            names = _GROUPS.get(claim.dimension, (claim.dimension, "tag"))
            found = [pe for name in names for pe in self.groups.get(name, ())]
            if len(names) > 2:
                found.sort(key=lambda pe: pe[0])
            got = self._cands[key] = Candidates(
                [ev for _, ev, dim, cur in found if _compatible(claim, ev, dim, cur)]
            )
        return got

    def memo(self, key: Hashable, compute: Callable[[], _T]) -> _T:
        """``compute()``, computed once per ``key`` for this pool (evidence read the same
        way for every claim of a kind, e.g. by :mod:`veracity.numeric.derived`)."""
        if key in self._memo:
            got: _T = self._memo[key]
            return got
        got = self._memo[key] = compute()
        return got

    def near(self, claim: NumericClaim) -> list[EvidenceQuantity]:
        """The compatible evidence that may verify ``claim`` (see :meth:`Candidates.for_claim`)."""
        return self.candidates(claim).for_claim(claim)

    def in_segment(
        self, claim: NumericClaim, index: TextIndex, bounds: tuple[int, int]
    ) -> list[EvidenceQuantity]:
        """The compatible evidence of ``claim`` stated in ``index`` within ``bounds``, in
        pool order (a bisection in the evidence sorted by place, built once)."""
        if self._places is None:
            by_text: dict[int, list[tuple[int, int]]] = {}
            for pos, e in enumerate(self.items):
                if e.index is not None and e.span is not None:
                    by_text.setdefault(id(e.index), []).append((e.span[0], pos))
            self._places = {}
            for key, found in by_text.items():
                found.sort()
                self._places[key] = ([a for a, _ in found], [i for _, i in found])
        starts, order = self._places.get(id(index), ([], []))
        lo = bisect.bisect_left(starts, bounds[0])
        hi = bisect.bisect_left(starts, bounds[1])
        ids = self.candidates(claim).ids()
        items = self.items
        inside = (items[i] for i in sorted(order[lo:hi]))
        return [e for e in inside if id(e) in ids and e.index is index]

    def loose(self, dims: frozenset[str]) -> Candidates:
        """The evidence of ``dims`` read on its stated number, unit dropped (for a bare
        claim that may restate a value with a unit); built once per ``dims``."""
        got = self._loose.get(dims)
        if got is None:
            got = self._loose[dims] = Candidates(
                [_as_stated(e) for e in self.items if e.dimension in dims]
            )
        return got


def _as_stated(e: EvidenceQuantity) -> EvidenceQuantity:
    """``e`` on its stated number: "4-11 yrs" is the range 4 to 11."""
    if e.low is None or e.high is None or not e.value:
        return replace(e, value=e.stated_value, low=None, high=None)
    ratio = e.stated_value / e.value
    return replace(e, value=e.stated_value, low=e.low * ratio, high=e.high * ratio)


class Candidates:
    """Candidate evidence of one claim kind, and (computed on first use) whether any
    of it has a year / labels to tell the candidates apart."""

    __slots__ = ("_flags", "_ids", "_near", "items")

    def __init__(self, items: list[EvidenceQuantity]) -> None:
        self.items = items
        self._flags: tuple[bool, bool] | None = None
        self._near: _Nearest | None = None
        self._ids: frozenset[int] | None = None

    def ids(self) -> frozenset[int]:
        """The ``id`` of every candidate (membership tests; built once)."""
        if self._ids is None:
            self._ids = frozenset(map(id, self.items))
        return self._ids

    def for_claim(self, claim: NumericClaim) -> list[EvidenceQuantity]:
        """All candidates, or in a large pool (more than :data:`NEAR_MIN`) the ones
        nearest the claim in value (:class:`_Nearest`)."""
        if len(self.items) <= NEAR_MIN:
            return self.items
        if self._near is None:
            self._near = _Nearest(self.items)
        return self._near.around(claim)

    def flags(self) -> tuple[bool, bool]:
        if self._flags is None:
            self._flags = (
                any(year_of(ev) is not None for ev in self.items),
                any(labels_of(ev) for ev in self.items),
            )
        return self._flags


NEAR_MIN = 400
"""Candidate lists longer than this are cut, per claim, to the values nearest it."""
NEAR_K = 48
"""How many values on each side of the claim's value a large pool keeps (per kind)."""


class _Nearest:
    """A large candidate list indexed by value, so that each claim meets only the
    ``NEAR_K`` values just below and just above its own, and the ``NEAR_K`` ranges on
    each side of it by low end, by high end and by midpoint: the check then costs
    ``O(log n)`` per claim instead of ``O(n)``, keeping a 1 MB answer against a 1 MB
    context near-linear (a thousand copies of "5-10 kg" had cost time quadratic in
    their number). Every rule that can verify a claim needs a value close to it, so the
    verdict changes only where the row / year preference would have picked a value
    outside that window (documented in the module docstring)."""

    __slots__ = ("_items", "_others", "_points", "_ranges", "_tags")

    def __init__(self, items: list[EvidenceQuantity]) -> None:
        self._items = items
        points: list[tuple[float, int]] = []
        tags: list[tuple[float, int]] = []
        lows: list[tuple[float, int]] = []
        highs: list[tuple[float, int]] = []
        mids: list[tuple[float, int]] = []
        others: list[int] = []
        for i, e in enumerate(items):
            if not math.isfinite(e.value):
                others.append(i)
            elif e.low is not None:
                high = e.high if e.high is not None else e.low
                if math.isfinite(e.low) and math.isfinite(high):
                    lows.append((e.low, i))
                    highs.append((high, i))
                    mids.append((e.value, i))
                else:
                    others.append(i)
            elif e.dimension == "tag":
                tags.append((e.value, i))
            else:
                points.append((e.value, i))
        self._points = _sorted_index(points)
        self._tags = _sorted_index(tags)
        self._ranges = (_sorted_index(lows), _sorted_index(highs), _sorted_index(mids))
        self._others = others

    def around(self, claim: NumericClaim) -> list[EvidenceQuantity]:
        picked = set(self._others)
        by_low, by_high, by_mid = self._ranges
        for (values, order), target in (
            (self._points, claim.value),
            (self._tags, claim.stated_value),
            (by_low, claim.value),
            (by_high, claim.value),
            (by_mid, claim.value),
        ):
            k = bisect.bisect_left(values, target)
            picked.update(order[max(0, k - NEAR_K) : k + NEAR_K])
        items = self._items
        return [items[i] for i in sorted(picked)]  # pool order: ties resolve as before


def _sorted_index(pairs: list[tuple[float, int]]) -> tuple[list[float], list[int]]:
    """``(values, positions)`` of ``(value, position)`` pairs, sorted by value."""
    pairs.sort()
    return [v for v, _ in pairs], [i for _, i in pairs]


TABLE_UNIT_DIMS = frozenset(
    {"number", "count", "currency", "percent", "pp"}
    # every unit's dimension: "(µg/m³)" over a pollutant table, "(mg/kg)" over residues
    | {u.dimension for u in units.UNITS.values()}
)
"""Claim dimensions a table's labels may declare for a bare cell ("Area (ha) | 124")."""


_ORDINAL = re.compile(r"\b(?i:first|second|third|fourth|fifth)\b")
_BRACKETED = re.compile(r"\(([^()\d]{1,12})\)")  # "(kN)", "(kg/m)"; not "(-18 °C)"


def declared_cells(claim: NumericClaim, pool: EvidencePool) -> Candidates:
    """Bare numbers whose labels name a unit of the claim's dimension (with its rate
    denominator), read in that unit and scale ("14.2 µg/m³" vs "| PM2.5 (µg/m³) | 14.2
    |"; "250 calories" vs "Calories 250"; "306 acres" vs "Area (ha) | 124"); see
    :mod:`veracity.numeric.table_units`. A glued "m" read as metres is a million when the
    labels name a currency ("1.2m-1.8m" under "(hammer price, GBP)"). Built once per
    dimension and denominator."""
    key = (claim.dimension, claim.per, claim.unit if claim.dimension == "currency" else "")
    got = pool.declared.get(key)
    if got is None:
        out = []
        for e in pool.items:
            if e.index is None or e.per:
                continue
            if row_label_cell(e) and (
                e.dimension != "number"
                or declared_unit(declared_text(e).split("\n", 1)[0], claim.dimension, claim.per)
                is None
            ):
                continue  # a row label counts only under its own header's unit ("(mm)")
            million = 1.0
            if e.dimension != "number":
                if not (claim.dimension == "currency" and _GLUED_M.search(e.text)):
                    continue
                million = 1e6
            if claim.dimension in ("number", "count"):  # "4.2 million" vs "(millions)"
                scale = 1.0 if e.table_scaled else column_scale(e)  # (never twice)
                if scale != 1.0:
                    out.append(_rescaled(e, scale, 1.0, 0.0, e.unit, e.dimension, e.per))
                continue
            text = declared_text(e)
            found = declared_unit(text, claim.dimension, claim.per)
            if found is None and claim.per and declared_per(e) == claim.per:
                # "£98 an hour" against "Standard rate/hr" under "(GBP, excl. VAT)": the
                # period and the currency are declared by different labels
                found = declared_unit(text, claim.dimension)
            cell = e.index.table_cell(e.span[0]) if found is not None and e.span else None
            if cell is not None and cell.start == cell.head:
                continue  # a cell of the header line ("| 1–49 | 50+ |") labels a column
            if cell is not None:
                head = text.split("\n", 1)[0]  # its column's header comes first
                own = _BRACKETED.search(head)
                if (
                    own is not None
                    and declared_unit(head, claim.dimension, claim.per) is None
                    and declared_unit(head, claim.dimension) is None
                    and text_names_a_unit(own.group(1))
                    and not _ORDINAL.search(own.group(1))  # "(second cut)" names no time
                ):
                    continue  # "Proof load (kN)" is no length for "Nominal diameter (mm)";
                    # but "Rent 2025 (S$)" under "Revised monthly stall rents" is S$ a month
            if (
                found is not None
                and cell is not None
                and cell.col > 0
                and claim.dimension == "currency"
            ):
                a, b = cell.cells[0]
                own_money = declared_unit(e.index.text[a:b], "currency", claim.per)
                if own_money is not None:  # "EU refined (EUR/t)" under "USD/tonne": the row's
                    found = own_money
            if found is not None:
                unit, scale = found
                if e.table_scaled:  # its table's scale marker already applied
                    scale = 1.0
                if claim.dimension == "currency" and not units.currencies_compatible(
                    claim.unit or "$", unit.symbol
                ):
                    continue
                out.append(
                    _rescaled(
                        e,
                        scale * million,
                        unit.factor,
                        unit.offset,
                        unit.symbol,
                        claim.dimension,
                        claim.per,
                    )
                )
        got = pool.declared[key] = Candidates(out)
    return got


_GLUED_M = re.compile(r"\dm\b")


def _rescaled(
    e: EvidenceQuantity,
    scale: float,
    factor: float,
    offset: float,
    unit: str,
    dimension: str,
    per: str,
) -> EvidenceQuantity:
    """``e``'s stated number (and range ends) times ``scale``, read in a unit of
    ``factor`` / ``offset``. ``e`` is a bare number or a length in metres: its value, range
    ends and precision are all in its stated units."""
    stated = e.stated_value * scale
    low = e.low * scale * factor + offset if e.low is not None else None
    high = e.high * scale * factor + offset if e.high is not None else None
    return replace(
        e,
        value=stated * factor + offset,
        stated_value=stated,
        low=low,
        high=high,
        half_unit=e.half_unit * scale * factor,
        unit=unit,
        dimension=dimension,
        per=per,
        cache=None,
    )
