"""Score a system's responses to governance cases: ``strict`` (default) or ``fitz-gov-4.1``.

The scoring modes live in their own modules and are looked up in :data:`SCORERS`:

- ``strict`` (:mod:`.strict`) -- fitz-gov's rules with its defects fixed: the mode
  always counts, answer checks use word-guarded patterns, absence statements and
  meaning-level required elements (:mod:`.patterns`, :mod:`.wording`);
- ``fitz-gov-4.1`` (:mod:`.fitzgov_compat`) -- fitz-gov 4.1.0's evaluator reproduced
  case for case (same pass/fail and reason text).

Both return a :class:`CaseResult` and accept a :class:`ViolationJudge` (:mod:`.verdict`)
that may clear pattern hits. docs/governance.md lists every difference.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from veracity.errors import ConfigError, InputError
from veracity.governance import fitzgov_compat, strict
from veracity.governance.cases import GovCase
from veracity.governance.responses import GovResponse
from veracity.governance.verdict import (
    DEFAULT_SCORING,
    SLICE_ATTRIBUTES,
    CaseResult,
    ViolationJudge,
    normalise_mode,
)

__all__ = [
    "DEFAULT_SCORING",
    "SCORERS",
    "SCORING_MODES",
    "SLICE_ATTRIBUTES",
    "CaseResult",
    "Scorer",
    "ScoringMode",
    "ViolationJudge",
    "normalise_mode",
    "score_case",
    "score_cases",
]

ScoringMode = Literal["strict", "fitz-gov-4.1"]
Scorer = Callable[[GovCase, GovResponse, ViolationJudge | None], CaseResult]
"""``scorer(case, response, judge) -> CaseResult``."""

SCORERS: dict[ScoringMode, Scorer] = {
    strict.NAME: strict.score_strict,
    fitzgov_compat.NAME: fitzgov_compat.score_fitzgov,
}
"""The registry: scoring mode name -> scorer (the first is the default)."""
SCORING_MODES: tuple[ScoringMode, ...] = tuple(SCORERS)


def _scorer(scoring: str) -> Scorer:
    try:
        return SCORERS[scoring]  # type: ignore[index]
    except (KeyError, TypeError):
        raise ConfigError(
            f"unknown scoring {scoring!r}; use one of {', '.join(SCORING_MODES)}"
        ) from None


def score_case(
    case: GovCase,
    response: GovResponse,
    *,
    scoring: str = DEFAULT_SCORING,
    judge: ViolationJudge | None = None,
) -> CaseResult:
    """Score one response: pass/fail and the reason (rules in :mod:`.strict` and
    :mod:`.fitzgov_compat`); an unknown ``scoring`` is a :class:`ConfigError`, a
    ``case`` or ``response`` of another type an :class:`InputError`."""
    if not isinstance(case, GovCase):
        raise InputError(f"must be a GovCase, got {type(case).__name__}", field="case")
    if not isinstance(response, GovResponse):
        raise InputError(
            f"must be a GovResponse (read_responses reads them from JSONL), got "
            f"{type(response).__name__}",
            field="response",
        )
    return _scorer(scoring)(case, response, judge)


def score_cases(
    cases: Sequence[GovCase],
    responses: Sequence[GovResponse] | dict[str, GovResponse],
    *,
    scoring: str = DEFAULT_SCORING,
    judge: ViolationJudge | None = None,
) -> list[CaseResult]:
    """Score every case, in case order; responses are matched by id.

    A case without a response is scored as an empty answer with no mode (so it fails
    unless fitz-gov-4.1 scoring accepts an empty answer) and gets
    ``details["missing_response"] = True``.
    """
    scorer = _scorer(scoring)
    by_id = responses if isinstance(responses, dict) else {r.id: r for r in responses}
    out: list[CaseResult] = []
    for case in cases:
        resp = by_id.get(case.id)
        if resp is None:
            result = scorer(case, GovResponse(case.id, None, None), judge)
            result.details["missing_response"] = True
        else:
            result = scorer(case, resp, judge)
        out.append(result)
    return out
