"""What every scoring mode returns and shares: :class:`CaseResult`, the judge protocol.

- :class:`CaseResult` -- the verdict on one case (pass/fail, reason, details and the
  case's slicing fields, copied so metrics need not see the case again);
- :class:`ViolationJudge` -- a second opinion (for example an LLM) on one pattern hit;
  :func:`judge_hits` applies it: ``False`` clears a hit, ``True`` or ``None`` keep it;
- :func:`normalise_mode` -- a response's mode as one of the three values, or None.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Literal, Protocol

from veracity.governance.cases import MODES, GovCase
from veracity.governance.loaders import tier_of

__all__ = [
    "DEFAULT_SCORING",
    "SLICE_ATTRIBUTES",
    "CaseResult",
    "HitKind",
    "ViolationJudge",
    "case_fields",
    "judge_hits",
    "normalise_mode",
]

DEFAULT_SCORING: Final = "strict"
"""The scoring used when none is named."""

SLICE_ATTRIBUTES: tuple[str, ...] = (
    "domain",
    "query_type",
    "source_type",
    "reasoning_type",
    "evidence_pattern",
    "context_count",
)
"""Slicing attributes kept on each result (fitz-gov breaks down all but context_count)."""

HitKind = Literal["forbidden_claim", "forbidden_element"]


class ViolationJudge(Protocol):
    """Second opinion on one pattern hit (for example an LLM).

    Returns True (a true violation), False (a false positive: the hit is cleared) or
    None (no verdict: the regex verdict stands).
    """

    def __call__(
        self,
        *,
        case: GovCase,
        response: str,
        pattern: str,
        matched: str,
        kind: HitKind,
    ) -> bool | None: ...


@dataclass(frozen=True)
class CaseResult:
    """The verdict on one case; ``reason`` is None when it passed."""

    id: str
    category: str
    expected_mode: str
    mode: str | None
    passed: bool
    reason: str | None
    details: dict[str, Any] = field(default_factory=dict)
    scoring: str = DEFAULT_SCORING
    subcategory: str = "unknown"
    difficulty: str = "medium"
    tier: str | None = None
    attributes: dict[str, str] = field(default_factory=dict)

    def to_record(self) -> dict[str, Any]:
        """The per-case JSONL line: ``id, category, expected_mode, mode, passed, reason``."""
        return {
            "id": self.id,
            "category": self.category,
            "expected_mode": self.expected_mode,
            "mode": self.mode,
            "passed": self.passed,
            "reason": self.reason,
        }

    def to_dict(self) -> dict[str, Any]:
        """Every field, JSON-safe."""
        out = self.to_record()
        out.update(
            details=self.details,
            scoring=self.scoring,
            subcategory=self.subcategory,
            difficulty=self.difficulty,
            tier=self.tier,
            attributes=self.attributes,
        )
        return out


def normalise_mode(mode: object, *, scoring: str = DEFAULT_SCORING) -> str | None:
    """The mode as one of the three values, or None (missing or invalid).

    ``fitz-gov-4.1`` accepts only the exact lower-case values (as fitz-gov's enum);
    ``strict`` also accepts surrounding spaces and any letter case.
    """
    if not isinstance(mode, str):
        return None
    if scoring == "fitz-gov-4.1":
        return mode if mode in MODES else None
    value = mode.strip().lower()
    return value if value in MODES else None


def case_fields(case: GovCase, scoring: str) -> dict[str, Any]:
    """The :class:`CaseResult` fields taken from the case itself (keyword arguments)."""
    return {
        "id": case.id,
        "category": case.category,
        "expected_mode": case.expected_mode,
        "scoring": scoring,
        "subcategory": case.effective_subcategory,
        "difficulty": case.difficulty,
        "tier": tier_of(case),
        "attributes": {a: case.slice_value(a) for a in SLICE_ATTRIBUTES},
    }


def judge_hits(
    judge: ViolationJudge | None,
    case: GovCase,
    response: str,
    hits: list[tuple[str, str]],
    kind: HitKind,
    details: dict[str, Any],
) -> list[tuple[str, str]]:
    """The ``(matched, pattern)`` hits the judge keeps; its verdicts go to ``details["judge"]``."""
    if judge is None or not hits:
        return hits
    kept: list[tuple[str, str]] = []
    verdicts = details.setdefault("judge", [])
    for matched, pattern in hits:
        verdict = judge(case=case, response=response, pattern=pattern, matched=matched, kind=kind)
        verdicts.append({"matched": matched, "pattern": pattern, "kind": kind, "verdict": verdict})
        if verdict is not False:
            kept.append((matched, pattern))
    return kept
