"""Pieces shared by the MCP tool modules: described parameter types, the read-only
annotation, the SFS-style list result and the error mapping (a
:class:`~veracity.errors.VeracityError` becomes a tool error the model can read)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypedDict, TypeVar, cast

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.utilities.func_metadata import FuncMetadata
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field, ValidationError

from veracity.errors import VeracityError
from veracity.field_typos import likely_typo
from veracity.io import LONE_SURROGATE
from veracity.samples import NESTED_TOO_DEEPLY
from veracity.server.checks import lone_surrogate_field
from veracity.server.depth import TOO_DEEP_MARKER, deep_field
from veracity.server.numeric_args import EVIDENCE_ARGS, blank_json_problem
from veracity.validation_errors import describe_errors

__all__ = [
    "READ_ONLY",
    "Contexts",
    "CustomConfigJson",
    "EvidenceJson",
    "ListResult",
    "Preset",
    "Text",
    "call_op",
    "cut_field",
    "friendly_argument_errors",
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
            'number (a numeric string such as "842000" is read as the number); `unit` '
            "tells which claims it can verify (AUD, %, km, count...). Give JSON text or the "
            "array itself (an SFS EvidencePool {items: [...]} or one evidence object works "
            "too); [] for no evidence."
        )
    ),
]
Preset = Annotated[
    str,
    Field(
        description=(
            "Domain preset that sets the extraction patterns and tolerances: one of the "
            "names sfs_list_presets returns (general, property_valuation, medical, legal, "
            "financial). Empty = general, the default configuration."
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


_ARG_ERROR = "__veracity_argument_error__"


class _FriendlyArguments(FuncMetadata):
    """Argument validation whose failure reaches the model as the one-line
    ``InputError: field 'text': must be a string, got int`` instead of pydantic's dump.

    The SDK validates arguments before the tool runs and reports a ``ValidationError``
    verbatim; here the failure is carried to :meth:`call_fn`, which raises a
    :class:`ToolError` with the short message (the SDK prefixes the tool name)."""

    def validate_arguments(self, arguments_to_validate: dict[str, Any]) -> dict[str, Any]:
        deep = cut_field(arguments_to_validate) or deep_field(arguments_to_validate)
        if deep is not None:  # first: the checks below recurse, the SDK's encoder gives up
            return {_ARG_ERROR: f"InputError: field '{deep}': {NESTED_TOO_DEEPLY}"}
        where = lone_surrogate_field(arguments_to_validate)
        if where is not None:  # "\ud800": no UTF-8 result could hold it
            return {_ARG_ERROR: f"InputError: field '{where}' {LONE_SURROGATE}"}
        typo = likely_typo(arguments_to_validate, self.arg_model.model_fields)
        if typo is not None:  # "K" for "k" would silently take the default
            return {_ARG_ERROR: f"InputError: unknown field {typo[0]!r}: did you mean {typo[1]!r}?"}
        for name in EVIDENCE_ARGS & arguments_to_validate.keys():
            problem = blank_json_problem(arguments_to_validate[name], name)
            if problem is not None:  # "null" would reach the tool as "not given"
                return {_ARG_ERROR: f"InputError: field '{name}': {problem}"}
        try:
            # strict, as the HTTP API: true is no k, "3" no number, "yes" no boolean
            pre = self.pre_parse_json(arguments_to_validate)
            return self.arg_model.model_validate(pre, strict=True).model_dump_one_level()
        except ValidationError as exc:
            field, msg = describe_errors(exc.errors(include_url=False))
            text = f"field '{field}': {msg}" if field else msg
            return {_ARG_ERROR: f"InputError: {text}"}

    async def call_fn(
        self,
        fn: Callable[..., Any | Awaitable[Any]],
        fn_is_async: bool,
        arguments: dict[str, Any],
        arguments_to_pass_directly: dict[str, Any] | None = None,
    ) -> Any:
        if _ARG_ERROR in arguments:
            raise ToolError(str(arguments[_ARG_ERROR]))
        return await super().call_fn(fn, fn_is_async, arguments, arguments_to_pass_directly)


def cut_field(arguments: dict[str, Any]) -> str | None:
    """The field a transport cut out of a too deeply nested request (its argument holds
    :data:`~veracity.server.depth.TOO_DEEP_MARKER` and the field's name), or None."""
    for value in arguments.values():
        if isinstance(value, str) and value.startswith(TOO_DEEP_MARKER):
            return value[len(TOO_DEEP_MARKER) :]
    return None


def friendly_argument_errors(server: MCPServer[Any]) -> None:
    """Give every tool of ``server`` the one-line argument errors of
    :class:`_FriendlyArguments` (a no-op if the SDK's internals change: the pydantic
    message then comes back, which the interface tests catch)."""
    manager = getattr(server, "_tool_manager", None)
    for tool in getattr(manager, "list_tools", lambda: [])():
        meta = getattr(tool, "fn_metadata", None)
        if type(meta) is FuncMetadata:
            friendly = cast(Any, _FriendlyArguments).model_construct(**dict(meta))
            tool.fn_metadata = friendly
