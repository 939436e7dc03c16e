"""The 200 examples of the HTTP service's OpenAPI schema, computed by running the
library on each endpoint's request example (once per process, default limits), so
they always equal what the endpoint returns."""

from __future__ import annotations

import functools
import importlib.util
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

__all__ = ["governance_available", "plain", "response_examples"]


def plain(value: Any) -> Any:
    """Request models back to plain JSON data for :mod:`veracity.server.ops`."""
    if isinstance(value, BaseModel):
        return value.model_dump()
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def governance_available(module: str) -> bool:
    """Whether ``veracity.governance.<module>`` exists in this installation."""
    return importlib.util.find_spec(f"veracity.governance.{module}") is not None


def _request_example(model: type[BaseModel]) -> dict[str, Any]:
    extra = model.model_config.get("json_schema_extra")
    assert isinstance(extra, dict)
    examples = extra["examples"]
    assert isinstance(examples, list)
    example = examples[0]
    assert isinstance(example, dict)
    return example


@functools.cache
def response_examples() -> dict[str, Any]:
    """The 200 example of every POST/GET endpoint, computed (once, default limits) by
    calling the library on the endpoint's request example, so they cannot go stale."""
    settings = ServiceSettings()
    compute = ComputeRequest.model_validate(_request_example(ComputeRequest))
    extract = ExtractRequest.model_validate(_request_example(ExtractRequest))
    verify = VerifyRequest.model_validate(_request_example(VerifyRequest))
    check = CheckNumbersRequest.model_validate(_request_example(CheckNumbersRequest))
    faith = FaithfulnessRequest.model_validate(_request_example(FaithfulnessRequest))
    retr = RetrievalRequest.model_validate(_request_example(RetrievalRequest))
    ev = EvaluateRequest.model_validate(_request_example(EvaluateRequest))
    out: dict[str, Any] = {
        "/evaluate": ops.evaluate_samples(
            ev.samples,
            settings,
            metrics=ev.metrics,
            k=ev.k,
            gates=ev.gates,
            claims_only=ev.claims_only,
            skip_errors=ev.skip_errors,
        ),
        "/faithfulness": ops.check_faithfulness(faith.answer, faith.contexts, settings),
        "/retrieval": ops.retrieval_metrics(retr.retrieved, retr.relevant, retr.k, settings),
        "/numbers/compute": ops.numbers_compute(
            compute.text, plain(compute.evidence), compute.preset, None, settings
        ),
        "/numbers/extract": {
            "claims": ops.numbers_extract(extract.text, extract.preset, None, settings)
        },
        "/numbers/verify": ops.numbers_verify(
            plain(verify.claims), plain(verify.evidence), verify.preset, None, settings
        ),
        "/numbers/check": ops.check_numbers(
            check.answer, check.contexts, plain(check.evidence), check.preset, settings
        ),
        "/presets": {"presets": ops.numbers_list_presets()},
        "/presets/{name}": ops.numbers_get_preset("medical", settings),
    }
    if governance_available("detect"):
        detect = GovernanceDetectRequest.model_validate(_request_example(GovernanceDetectRequest))
        out["/governance/detect"] = ops.governance_detect_mode(detect.answer, settings)
    if governance_available("scoring"):
        score = GovernanceScoreRequest.model_validate(_request_example(GovernanceScoreRequest))
        out["/governance/score"] = ops.governance_score(
            score.case, score.answer, score.mode, settings, scoring=score.scoring
        )
    if governance_available("baseline"):
        gcheck = GovernanceCheckRequest.model_validate(_request_example(GovernanceCheckRequest))
        out["/governance/check"] = ops.governance_check(gcheck.query, gcheck.contexts, settings)
    return out
