"""What each POST endpoint of the HTTP service does with its validated request body:
one function per endpoint, ``(body, settings) -> JSON dict``, calling
:mod:`veracity.server.ops`. The FastAPI routes (``http.py``) and the OpenAPI response
examples (``examples.py``) both go through these, so an example is exactly what its
endpoint returns.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from veracity.server import ops
from veracity.server.schemas import (
    CheckNumbersRequest,
    ComputeRequest,
    EvaluateRequest,
    ExtractRequest,
    FaithfulnessRequest,
    GovernanceCheckRequest,
    GovernanceDetectRequest,
    GovernanceScoreRequest,
    RetrievalRequest,
    VerifyRequest,
)
from veracity.server.settings import ServiceSettings

__all__ = [
    "check_numbers",
    "evaluate",
    "faithfulness",
    "governance_check",
    "governance_detect",
    "governance_score",
    "numbers_compute",
    "numbers_extract",
    "numbers_verify",
    "plain",
    "retrieval",
]


def plain(value: Any) -> Any:
    """Request models back to plain JSON data for :mod:`veracity.server.ops`."""
    if isinstance(value, BaseModel):
        return value.model_dump()
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def evaluate(body: EvaluateRequest, settings: ServiceSettings) -> dict[str, Any]:
    """``POST /evaluate``: the veracity report of the samples."""
    return ops.evaluate_samples(
        body.samples,
        settings,
        metrics=body.metrics,
        k=body.k,
        gates=body.gates,
        claims_only=body.claims_only,
        skip_errors=body.skip_errors,
    )


def faithfulness(body: FaithfulnessRequest, settings: ServiceSettings) -> dict[str, Any]:
    """``POST /faithfulness``."""
    return ops.check_faithfulness(body.answer, body.contexts, settings)


def retrieval(body: RetrievalRequest, settings: ServiceSettings) -> dict[str, Any]:
    """``POST /retrieval``."""
    return ops.retrieval_metrics(body.retrieved, body.relevant, body.k, settings)


def numbers_compute(body: ComputeRequest, settings: ServiceSettings) -> dict[str, Any]:
    """``POST /numbers/compute`` (SFS ``sfs_compute``)."""
    return ops.numbers_compute(
        body.text,
        plain(body.evidence),
        body.preset,
        body.custom_config,
        settings,
        evidence_field=body.sent_as("evidence"),
        config_field=body.sent_as("custom_config"),
    )


def numbers_extract(body: ExtractRequest, settings: ServiceSettings) -> dict[str, Any]:
    """``POST /numbers/extract`` (SFS ``sfs_extract_claims``), as ``claims``."""
    claims = ops.numbers_extract(
        body.text,
        body.preset,
        body.custom_config,
        settings,
        config_field=body.sent_as("custom_config"),
    )
    return {"claims": claims}


def numbers_verify(body: VerifyRequest, settings: ServiceSettings) -> dict[str, Any]:
    """``POST /numbers/verify`` (SFS ``sfs_verify_claims``)."""
    return ops.numbers_verify(
        plain(body.claims),
        plain(body.evidence),
        body.preset,
        body.custom_config,
        settings,
        claims_field=body.sent_as("claims"),
        evidence_field=body.sent_as("evidence"),
        config_field=body.sent_as("custom_config"),
    )


def check_numbers(body: CheckNumbersRequest, settings: ServiceSettings) -> dict[str, Any]:
    """``POST /numbers/check``."""
    return ops.check_numbers(
        body.answer,
        body.contexts,
        plain(body.evidence),
        body.preset,
        settings,
        check_dates=body.check_dates,
    )


def governance_detect(body: GovernanceDetectRequest, settings: ServiceSettings) -> dict[str, Any]:
    """``POST /governance/detect``."""
    return ops.governance_detect_mode(body.answer, settings)


def governance_score(body: GovernanceScoreRequest, settings: ServiceSettings) -> dict[str, Any]:
    """``POST /governance/score``."""
    return ops.governance_score(body.case, body.answer, body.mode, settings, scoring=body.scoring)


def governance_check(body: GovernanceCheckRequest, settings: ServiceSettings) -> dict[str, Any]:
    """``POST /governance/check``."""
    return ops.governance_check(body.query, body.contexts, settings)
