"""The veracity MCP server (``veracity mcp``; extra ``[mcp]``), on the official ``mcp`` SDK.

Tools (every one a thin wrapper over :mod:`veracity.server.ops`, which calls the
library; none computes a score itself):

* the six SFS-toolkit tools with the same names and parameters, so existing SFS
  configurations keep working: ``sfs_compute``, ``sfs_extract_claims``,
  ``sfs_verify_claims``, ``sfs_verify_single``, ``sfs_list_presets``, ``sfs_get_preset``;
  ``*_json`` parameters take a JSON string (as SFS clients send) or the parsed
  array/object; results are structured content with the SFS field names;
* ``check_faithfulness``, ``check_numbers``, ``retrieval_metrics``, ``evaluate_samples``;
* ``governance_detect_mode``, ``governance_score`` and ``governance_check`` when the
  governance modules are installed.

The tools live in :mod:`veracity.server.mcp_sfs` and :mod:`veracity.server.mcp_tools`.

Bad input (bad JSON, unknown preset, missing field, oversized text) comes back as a
tool error (``isError: true`` with a one-line message); the server keeps running.

Transports: stdio (:func:`run_stdio`, the default of ``veracity mcp``) and streamable
HTTP (:func:`create_http_app` / :func:`run_http`, endpoint ``/mcp``, plus ``GET
/health``), with optional bearer-token auth from ``VERACITY_API_KEYS``.
"""

from __future__ import annotations

import io
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, cast

import anyio
from mcp.server.mcpserver import MCPServer
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from veracity import __version__
from veracity.server import ops
from veracity.server.asgi import ASGIApp, RequestGuard
from veracity.server.depth import cut_deep_field
from veracity.server.mcp_common import friendly_argument_errors
from veracity.server.mcp_sfs import add_sfs_tools
from veracity.server.mcp_tools import add_governance_tools, add_veracity_tools
from veracity.server.settings import ServiceSettings

__all__ = [
    "MCP_PATH",
    "TOOL_NAMES",
    "build_server",
    "create_http_app",
    "guard_line",
    "run_http",
    "run_stdio",
]

MCP_PATH = "/mcp"

INSTRUCTIONS = (
    "veracity checks answers against their evidence, deterministically (no LLM). Use "
    "sfs_compute or check_numbers to verify the numbers in a text against evidence values; "
    "check_faithfulness to see which sentences of an answer the contexts support; "
    "retrieval_metrics to score a ranked list; evaluate_samples for whole RAG samples. "
    "Every result carries a per-claim trace saying what matched and why."
)


def build_server(settings: ServiceSettings | None = None) -> MCPServer[Any]:
    """The MCP server with every tool registered (no transport started)."""
    settings = settings or ServiceSettings()
    server: MCPServer[Any] = MCPServer(
        "veracity",
        title="veracity",
        description="Deterministic RAG evaluation: numbers, faithfulness, retrieval, governance.",
        instructions=INSTRUCTIONS,
        version=__version__,
        log_level="WARNING",
    )
    add_sfs_tools(server, settings)
    add_veracity_tools(server, settings)
    add_governance_tools(server, settings)
    friendly_argument_errors(server)

    async def _health(request: Request) -> Response:
        return JSONResponse(ops.health())

    add_route = cast(
        Callable[[Callable[[Request], Awaitable[Response]]], object],
        server.custom_route("/health", methods=["GET"], include_in_schema=False),
    )
    add_route(_health)
    return server


TOOL_NAMES: tuple[str, ...] = (
    "sfs_compute",
    "sfs_extract_claims",
    "sfs_verify_claims",
    "sfs_verify_single",
    "sfs_list_presets",
    "sfs_get_preset",
    "check_faithfulness",
    "check_numbers",
    "retrieval_metrics",
    "evaluate_samples",
)
"""The tools always present; ``governance_*`` tools join when governance is installed."""


# ---------------------------------------------------------------- transports


def create_http_app(settings: ServiceSettings | None = None, *, host: str = "127.0.0.1") -> ASGIApp:
    """The streamable-HTTP ASGI app: MCP at ``/mcp``, ``GET /health``, bearer auth."""
    settings = settings or ServiceSettings()
    server = build_server(settings)
    app = server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        max_request_body_size=settings.max_body_bytes,
        host=host,
    )
    return RequestGuard(
        app, settings, limit_body=False, allow_x_api_key=False, rewrite_body=_guard_body
    )


def _guard_body(body: bytes) -> bytes:
    """:func:`guard_line` for an HTTP request body (unchanged if not UTF-8)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return body
    guarded = guard_line(text)
    return body if guarded is text else guarded.encode("utf-8")


def run_stdio(settings: ServiceSettings | None = None) -> None:
    """Serve over stdio until the client closes the pipe (what Claude Desktop runs).

    Each line read passes :func:`guard_line` first, so a tool call nested too deeply
    for the SDK's JSON parser is answered with a tool error naming the field rather
    than not at all."""
    server = build_server(settings)
    lowlevel = getattr(server, "_lowlevel_server", None)
    if lowlevel is None:  # pragma: no cover - the SDK's internals changed: unguarded
        server.run("stdio")
        return
    anyio.run(_serve_stdio, lowlevel)


async def _serve_stdio(lowlevel: Any) -> None:
    from mcp.server.stdio import stdio_server

    text = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    stdin = anyio.wrap_file(text)

    async def lines() -> AsyncIterator[str]:
        async for line in stdin:
            yield guard_line(line)

    guarded = cast(Any, _Lines(lines()))
    async with stdio_server(stdin=guarded) as (read_stream, write_stream):
        await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())


class _Lines:
    """An async iterable over lines: all ``stdio_server`` reads of its ``stdin``."""

    def __init__(self, lines: AsyncIterator[str]) -> None:
        self._lines = lines

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines


def guard_line(line: str) -> str:
    """A JSON-RPC line with every tool argument nested more than
    :data:`~veracity.samples.MAX_NESTING` levels replaced by a marker naming the field
    (:func:`veracity.server.depth.cut_deep_field`); the tool then answers with an
    error. Unchanged when no argument is that deep."""
    for _ in range(64):  # one field per pass; a call has far fewer arguments
        cut = cut_deep_field(line, ("params", "arguments"))
        if cut is None:
            break
        line = cut
    return line


def run_http(
    settings: ServiceSettings | None = None, *, host: str = "127.0.0.1", port: int = 8765
) -> None:
    """Serve streamable HTTP on ``host:port`` with uvicorn until interrupted."""
    import uvicorn

    uvicorn.run(create_http_app(settings, host=host), host=host, port=port, log_level="warning")
