"""Plain data of the numeric engine: claims, evidence quantities, verdicts, reports.

Every ``to_dict`` returns finite, JSON-safe values (no NaN / Infinity). Claims and
evidence quantities are plain (unfrozen, for speed) records: treat them as read-only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from veracity.errors import InputError
from veracity.numeric.textindex import TextIndex

__all__ = [
    "DIRECT_RULES",
    "ClaimVerification",
    "EvidenceQuantity",
    "ExcludedNumber",
    "NumericClaim",
    "NumericReport",
    "check_claims",
    "compared_year_of",
    "context_of",
    "labels_of",
    "memo",
    "new_verification",
    "year_of",
]


def _num(x: float | None) -> float | None:
    if x is None or not math.isfinite(x):
        return None
    return float(round(x, 10)) if abs(x) < 1e15 else float(x)


@dataclass(slots=True, eq=False)
class NumericClaim:
    """One numeric claim of an answer.

    ``value`` is in the base unit of ``dimension`` (metres, grams, litres, seconds,
    degrees Celsius, the currency itself, percent, ...); ``stated_value`` is the
    number in the unit as written (``unit``), after any scale word. Ranges carry
    ``low``/``high`` (base unit); ``bound`` is ``"min"`` (more than) / ``"max"``
    (less than) / ``""``. ``noun`` is the entity counted (``"patients"``).
    """

    text: str
    span: tuple[int, int]
    sentence: str
    claim_type: str
    value: float
    stated_value: float
    unit: str
    dimension: str
    base_unit: str = ""
    low: float | None = None
    high: float | None = None
    approx: bool = False
    bound: str = ""
    noun: str = ""
    half_unit: float = 0.5
    significant: int = 1
    labels: frozenset[str] | None = None
    year: int | None = None
    index: TextIndex | None = field(default=None, repr=False, compare=False)
    cache: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    """Lazily computed context (see :func:`context_of`); created on first use."""
    source: str = "parser"
    direction: str = ""
    per: str = ""
    """Denominator of a rate ("per day", "per 100 km"); ``""`` for none."""

    def to_dict(self) -> dict[str, Any]:
        """Trace form (SFS names ``claim_text``/``extracted_value``/``source_span`` included)."""
        return {
            "claim_text": self.sentence,
            "claim_type": self.claim_type,
            "extracted_value": None if self.dimension == "missing" else _num(self.stated_value),
            "unit": self.unit,
            "source_span": [self.span[0], self.span[1]],
            "text": self.text,
            "sentence": self.sentence,
            "dimension": self.dimension,
            "value": None if self.dimension == "missing" else _num(self.value),
            "base_unit": self.base_unit,
            "low": _num(self.low),
            "high": _num(self.high),
            "approximate": self.approx,
            "bound": self.bound or None,
            "noun": self.noun or None,
            "per": self.per or None,
            "direction": self.direction or None,
            "year": year_of(self),
        }


def check_claims(claims: object) -> list[NumericClaim]:
    """``claims`` as a list after checking it is a list (or tuple...) of
    :class:`NumericClaim` (what :func:`~veracity.numeric.extract_claims` returns).

    Raises :class:`InputError` with ``field="claims"`` otherwise: ``None``, a number, a
    string, a mapping, a set or a generator, or an item that is not a ``NumericClaim``
    (a string ``"12 km"`` or an SFS claim dict: use ``sfs_verify_claims`` for those).
    """
    if isinstance(claims, (str, bytes, bytearray, Mapping)) or not isinstance(claims, Sequence):
        raise InputError(
            f"must be a list of NumericClaim (from extract_claims), not {type(claims).__name__}",
            field="claims",
        )
    out = list(claims)
    for i, c in enumerate(out):
        if not isinstance(c, NumericClaim):
            raise InputError(
                f"item {i} must be a NumericClaim (from extract_claims), not {type(c).__name__}",
                field="claims",
            )
    return out


@dataclass(slots=True, eq=False)
class EvidenceQuantity:
    """One evidence value: from the structured pool (``key``/``source``) or parsed
    from a context (``context_index``/``sentence``/``span``). ``tag`` is set for
    SFS generic units (``dosage``, ``duration``, ``lab``, ``ratio``, ``distance``):
    such evidence is compared with the claim's value as written."""

    value: float
    stated_value: float
    unit: str
    dimension: str
    key: str = ""
    source: str = ""
    context_index: int | None = None
    sentence: str = ""
    span: tuple[int, int] | None = None
    text: str = ""
    low: float | None = None
    high: float | None = None
    noun: str = ""
    tag: str = ""
    half_unit: float = 0.0
    labels: frozenset[str] | None = None
    year: int | None = None
    index: TextIndex | None = field(default=None, repr=False, compare=False)
    cache: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    """Lazily computed context (see :func:`context_of`); created on first use."""
    table_scaled: bool = False
    bound: str = ""
    approx: bool = False
    direction: str = ""
    per: str = ""
    """Denominator of a rate ("per day", "per 100 km"); ``""`` for none."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "value": _num(self.stated_value),
            "unit": self.unit,
            "source": self.source,
            "dimension": self.dimension,
            "base_value": _num(self.value),
            "context_index": self.context_index,
            "sentence": self.sentence or None,
            "span": list(self.span) if self.span else None,
            "text": self.text or None,
            "low": _num(self.low),
            "high": _num(self.high),
            "noun": self.noun or None,
            "per": self.per or None,
            "direction": self.direction or None,
            "year": year_of(self),
        }

    def to_sfs_dict(self) -> dict[str, Any]:
        """The SFS ``EvidenceItem`` fields."""
        key = self.key or (
            f"context[{self.context_index}]" if self.context_index is not None else ""
        )
        return {
            "key": key,
            "value": _num(self.stated_value),
            "unit": self.unit,
            "source": self.source,
        }


@dataclass(frozen=True, slots=True)
class ExcludedNumber:
    """A number of a text that is not a claim: its text and span, the exclusion rule that
    set it aside (a name of :data:`veracity.numeric.lexicon.EXCLUSIONS`, or ``bare_word``)
    and why, in words."""

    text: str
    span: tuple[int, int]
    rule: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "span": list(self.span),
            "rule": self.rule,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class ClaimVerification:
    """The verdict on one claim: the evidence that decided it and why.

    ``relative_error`` is ``|claimed - evidence| / |evidence|`` against the matched
    evidence (``None`` when nothing comparable was found or the evidence is 0).
    ``rule`` names the rule that decided (``within_tolerance``, ``range_contains``,
    ``rounding``, ``zero_absolute``, ``pp_difference``, ``percent_change``,
    ``bound``, ``ratio_of_claims``, ``share_of_claims``, ``difference``,
    ``product_of_claims``, ``range_ends``, ``sign_mismatch``, ``transposed_digits``,
    ``other_value``, ``other_year``, ``other_row``, ``table_scale``, ``out_of_tolerance``,
    ``no_comparable_evidence``,
    ``no_evidence``; for a date claim (``check_dates``): ``same_date``, ``other_date``).
    """

    claim: NumericClaim
    verified: bool
    matched: EvidenceQuantity | None
    relative_error: float | None
    rule: str
    reason: str
    tolerance: float
    derived_from: tuple[EvidenceQuantity, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "claim": self.claim.to_dict(),
            "verified": self.verified,
            "matched_evidence": self.matched.to_sfs_dict() if self.matched else None,
            "error": _num(self.relative_error),
            "reason": self.reason,
            "rule": self.rule,
            "tolerance": _num(self.tolerance),
            "evidence": self.matched.to_dict() if self.matched else None,
        }
        if self.derived_from:
            out["derived_from"] = [e.to_dict() for e in self.derived_from]
        return out


# the slot setters of ClaimVerification, in field order (what its frozen __init__ reaches
# through one object.__setattr__ call per field)
(
    _SET_CLAIM,
    _SET_VERIFIED,
    _SET_MATCHED,
    _SET_RELATIVE_ERROR,
    _SET_RULE,
    _SET_REASON,
    _SET_TOLERANCE,
    _SET_DERIVED_FROM,
) = (getattr(ClaimVerification, f.name).__set__ for f in fields(ClaimVerification))
DIRECT_RULES = frozenset({"within_tolerance", "rounding"})
"""Rules of a verdict read off one evidence value (not derived from several): the only
ones the other-row checks (named rows, contrasts, parallels) second-guess."""

_NEW = object.__new__


def new_verification(
    claim: NumericClaim,
    verified: bool,
    matched: EvidenceQuantity | None,
    relative_error: float | None,
    rule: str,
    reason: str,
    tolerance: float,
) -> ClaimVerification:
    """``ClaimVerification(claim, verified, matched, relative_error, rule, reason,
    tolerance)`` (no ``derived_from``), built by setting its slots directly: the same
    object at about half the cost of the frozen ``__init__``, for the per-claim verdicts."""
    v: ClaimVerification = _NEW(ClaimVerification)
    _SET_CLAIM(v, claim)
    _SET_VERIFIED(v, verified)
    _SET_MATCHED(v, matched)
    _SET_RELATIVE_ERROR(v, relative_error)
    _SET_RULE(v, rule)
    _SET_REASON(v, reason)
    _SET_TOLERANCE(v, tolerance)
    _SET_DERIVED_FROM(v, ())
    return v


@dataclass(frozen=True, slots=True)
class NumericReport:
    """The score of one answer: ``sfs_score = verified_claims / total_claims``.

    ``sfs_score`` is ``None`` (with ``reason = "no numeric claims"``) when the
    answer states no numeric claim.
    """

    sfs_score: float | None
    reason: str
    total_claims: int
    verified_claims: int
    failed_claims: int
    claim_verifications: list[ClaimVerification]
    type_breakdown: dict[str, dict[str, int]]
    config_name: str = ""
    evidence_count: int = 0

    def __eq__(self, other: object) -> bool:
        """Two reports are equal when they say the same (``to_dict``): the claims they hold
        are the same text read twice, not the same objects."""
        if not isinstance(other, NumericReport):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # (a report holds lists)

    def to_dict(self) -> dict[str, Any]:
        """SFS field names plus our trace; finite JSON only."""
        return {
            "sfs_score": _num(self.sfs_score),
            "reason": self.reason,
            "total_claims": self.total_claims,
            "verified_claims": self.verified_claims,
            "failed_claims": self.failed_claims,
            "claim_verifications": [v.to_dict() for v in self.claim_verifications],
            "type_breakdown": {k: dict(v) for k, v in self.type_breakdown.items()},
            "config": self.config_name,
            "evidence_count": self.evidence_count,
        }


def context_of(q: NumericClaim | EvidenceQuantity) -> tuple[frozenset[str], int | None]:
    """Labels (clause names, counted noun) and year of a claim or evidence value.

    Computed on first use from the text it was parsed from (``index``), then cached;
    explicit ``labels`` / ``year`` win. :func:`labels_of` and :func:`year_of` compute
    one half only (verification often needs just one).
    """
    return labels_of(q), year_of(q)


_T = TypeVar("_T")
_MISSING = object()


def memo(q: NumericClaim | EvidenceQuantity, key: str, compute: Callable[[], _T]) -> _T:
    """``compute()``, kept in ``q.cache[key]`` so each claim or evidence value computes it
    once."""
    cache = q.cache
    if cache is None:
        cache = q.cache = {}
    got = cache.get(key, _MISSING)
    if got is _MISSING:
        got = cache[key] = compute()
    return got  # type: ignore[no-any-return]


def labels_of(q: NumericClaim | EvidenceQuantity) -> frozenset[str]:
    """The labels half of :func:`context_of` (cached)."""
    if q.index is None or q.span is None:  # nothing to read: the explicit labels
        return q.labels or frozenset()
    cache = q.cache
    if cache is None:
        cache = q.cache = {}
    got: frozenset[str] | None = cache.get("labels")
    if got is None:
        labels = q.labels
        if labels is None and q.index is not None and q.span is not None:
            bounded = isinstance(q, NumericClaim)  # a claim's words stop at its neighbours
            labels = q.index.labels(q.span[0], q.span[1], q.noun, bounded=bounded)
        got = labels or frozenset()
        cache["labels"] = got
    return got


_NO_YEAR = -1


def year_of(q: NumericClaim | EvidenceQuantity) -> int | None:
    """The year half of :func:`context_of` (cached)."""
    if q.index is None or q.span is None:  # nothing to read: the explicit year
        return q.year
    cache = q.cache
    if cache is None:
        cache = q.cache = {}
    got: int | None = cache.get("year", _NO_YEAR)
    if got == _NO_YEAR:
        got = q.year
        if got is None and q.index is not None and q.span is not None:
            got = q.index.year_for(q.span[0], q.span[1])
        cache["year"] = got
    return got


def compared_year_of(q: NumericClaim | EvidenceQuantity) -> int | None:
    """The year of the value ``q`` is compared with in its sentence ("4.64 t/ha, up from
    4.31 t/ha in 2024": 2024), so not ``q``'s own year; None when there is none."""
    if q.index is None or q.span is None:
        return None
    return q.index.compared_year(q.span[0], q.span[1])
