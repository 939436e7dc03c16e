"""The 200 examples of the HTTP service's OpenAPI schema, computed by running the
library on each endpoint's request example (once per process, default limits), so
they always equal what the endpoint returns."""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

from veracity.server import endpoints, ops
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

__all__ = ["governance_available", "response_examples"]

_M = TypeVar("_M", bound=BaseModel)


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

    def run(path: str, model: type[_M], call: Callable[[_M, ServiceSettings], Any]) -> None:
        out[path] = call(model.model_validate(_request_example(model)), settings)

    out: dict[str, Any] = {}
    run("/evaluate", EvaluateRequest, endpoints.evaluate)
    run("/faithfulness", FaithfulnessRequest, endpoints.faithfulness)
    run("/retrieval", RetrievalRequest, endpoints.retrieval)
    run("/numbers/compute", ComputeRequest, endpoints.numbers_compute)
    run("/numbers/extract", ExtractRequest, endpoints.numbers_extract)
    run("/numbers/verify", VerifyRequest, endpoints.numbers_verify)
    run("/numbers/check", CheckNumbersRequest, endpoints.check_numbers)
    out["/presets"] = {"presets": ops.numbers_list_presets()}
    out["/presets/{name}"] = ops.numbers_get_preset("medical", settings)
    if governance_available("detect"):
        run("/governance/detect", GovernanceDetectRequest, endpoints.governance_detect)
    if governance_available("scoring"):
        run("/governance/score", GovernanceScoreRequest, endpoints.governance_score)
    if governance_available("baseline"):
        run("/governance/check", GovernanceCheckRequest, endpoints.governance_check)
    return out
