"""Pieces shared by the MCP tool modules: described parameter types, the read-only
annotation, the SFS-style list result and the error mapping (a
:class:`~veracity.errors.VeracityError` becomes a tool error the model can read)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, TypedDict, TypeVar

from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from veracity.errors import VeracityError

__all__ = [
    "READ_ONLY",
    "Contexts",
    "CustomConfigJson",
    "EvidenceJson",
    "ListResult",
    "Preset",
    "Text",
    "call_op",
    "list_result",
]

_T = TypeVar("_T")

READ_ONLY = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)

Text = Annotated[str, Field(description="The text to check, usually an LLM answer.")]
EvidenceJson = Annotated[
    str | list[Any] | dict[str, Any],
    Field(
        description=(
            "The evidence pool: a JSON array of objects {key, value, unit, source}, e.g. "
            '[{"key": "median_price", "value": 842000, "unit": "AUD"}]. `value` is a '
            "number; `unit` tells which claims it can verify (AUD, %, km, count...). "
            "Give JSON text or the array itself (an SFS EvidencePool {items: [...]} works "
            "too)."
        )
    ),
]
Preset = Annotated[
    str,
    Field(
        description=(
            "Domain preset that sets the extraction patterns and tolerances: one of the "
            "names sfs_list_presets returns (property_valuation, medical, legal, financial). "
            "Empty = the general default configuration."
        )
    ),
]
CustomConfigJson = Annotated[
    str | dict[str, Any],
    Field(
        description=(
            "Optional custom domain configuration (SFS DomainConfig: name, tolerance, "
            "type_tolerances, extraction_patterns [{claim_type, pattern, unit, min_value, "
            "max_value}], ...) as JSON text or an object. Overrides `preset`. Empty = none."
        )
    ),
]
Contexts = Annotated[
    list[str],
    Field(description="The retrieved passages (context chunks) the answer was written from."),
]


class ListResult(TypedDict):
    """Structured form of a tool whose SFS counterpart returned a JSON array."""

    result: list[dict[str, Any]]


def list_result(items: list[dict[str, Any]]) -> CallToolResult:
    """The SFS text form (one JSON array) plus structured content ``{"result": [...]}``."""
    text = json.dumps(items, indent=2, ensure_ascii=False, allow_nan=False)
    return CallToolResult(
        content=[TextContent(type="text", text=text)], structured_content={"result": items}
    )


def call_op(fn: Callable[[], _T]) -> _T:
    """Run one operation; a VeracityError becomes a tool error with its one-line message."""
    try:
        return fn()
    except VeracityError as exc:
        raise ToolError(f"{type(exc).__name__}: {exc}") from exc
