"""Denominators written after two values, compared: "$3 per hour" is not "$3 per round".

The parser reads a rate's denominator when it knows the word ("per hour", "per tonne");
many it does not ("per round", "per three-hour session", "per pair"). Rule
(``other_denominator``, see :mod:`veracity.numeric.verify`): when a claim and an evidence
value both have a denominator, parsed or only written after them ("per cow per day"
counts each; a unit's own "/kg" of "mg/kg" too), and they share none, then

* two units of one dimension convert ("per acre" against "per hectare": the caller
  compares the converted value);
* else they differ when one is a period ("per hour" and "per round"), when both are units
  ("per kg" and "per m"), or when one is a group of fixed size ("per pair" and "per
  boot"); two other words may name one thing ("per home", "per property") and are let
  be; a period named just before the evidence agrees with the claim's ("a day rate of
  £3,850 per vessel" is £3,850 a day).
"""

from __future__ import annotations

import re

from veracity.numeric.models import EvidenceQuantity, NumericClaim
from veracity.numeric.pool import per_head_only
from veracity.numeric.rates import denominator_kind, written_denominators

__all__ = ["denominators_differ", "first_denominator", "unshared_denominators"]

_GROUPS = frozenset({"pair", "dozen"})
"""Denominators that count a fixed number of items."""

_PERIOD_NAMES = {
    "h": r"hour|hourly",
    "day": r"day|daily|a[ \t]+day",
    "week": r"week|weekly",
    "month": r"month|monthly",
    "year": r"year|yearly|annual|annually",
}
"""The words that name a period before a value ("a day rate of ...")."""


def _written(q: NumericClaim | EvidenceQuantity) -> tuple[str, ...]:
    """The denominators written after ``q`` in its text (see
    :func:`veracity.numeric.rates.written_denominators`), read once."""
    if q.index is None or q.span is None:
        return ()
    cache = q.cache
    if cache is None:
        cache = q.cache = {}
    got: tuple[str, ...] | None = cache.get("written per")
    if got is None:
        got = cache["written per"] = written_denominators(q.index.text, q.span[1])
    return got


def first_denominator(q: NumericClaim | EvidenceQuantity) -> str:
    """The first denominator written after ``q``, else its parsed one, else ``""``."""
    return next(iter(_written(q)), q.per)


def unshared_denominators(claim: NumericClaim, ev: EvidenceQuantity) -> tuple[str, str] | None:
    """The first denominators of ``claim`` and ``ev`` when both have some (as written
    first: one shared from a neighbour by the parser may not be its own) and they share
    none, a unit's own denominator included; else None."""
    cws = _written(claim) or ((claim.per,) if claim.per else ())
    ews = _written(ev) or ((ev.per,) if ev.per else ())
    if not cws or not ews:
        return None
    if (set(cws) | _unit_per(claim)) & (set(ews) | _unit_per(ev)):
        return None
    return cws[0], ews[0]


def denominators_differ(claim_den: str, ev_den: str, ev: EvidenceQuantity) -> bool:
    """Whether two denominators that no ratio converts name different things (see the
    module docstring)."""
    if per_head_only(claim_den, ev_den):
        return False
    kinds = {denominator_kind(claim_den), denominator_kind(ev_den)}
    differ = "period" in kinds or kinds == {"unit"} or bool({claim_den, ev_den} & _GROUPS)
    return differ and not _period_before(ev, claim_den)


def _unit_per(q: NumericClaim | EvidenceQuantity) -> set[str]:
    """The denominator a unit holds ("kg" of "mg/kg"), as a set (empty for none)."""
    return {q.unit.partition("/")[2]} if "/" in q.unit else set()


def _period_before(ev: EvidenceQuantity, period: str) -> bool:
    """Whether the words just before ``ev`` in its sentence name ``period`` ("a day rate
    of £3,850 per vessel" is £3,850 a day, per vessel)."""
    names = _PERIOD_NAMES.get(period)
    if names is None or ev.index is None or ev.span is None:
        return False
    s0, _ = ev.index.sentence_bounds(ev.span[0])
    before = ev.index.text[max(s0, ev.span[0] - 30) : ev.span[0]]
    return re.search(rf"\b(?i:{names})\b", before) is not None
