"""``veracity mcp``: run the MCP server (official ``mcp`` SDK; extra ``[mcp]``).

stdio by default (what Claude Desktop and Claude Code launch); ``--http`` serves
streamable HTTP at ``/mcp`` with ``GET /health``, and bearer-token auth when
``VERACITY_API_KEYS`` is set. The SDK is imported inside the command, so
``veracity --help`` works without the extra. Nothing but protocol messages is written
to stdout.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from veracity.cli.common import fail, user_errors

__all__ = ["MCP_HINT", "register"]

MCP_HINT = "the MCP server needs the mcp SDK: pip install 'veracity[mcp]'"


def _missing_sdk_hint() -> str:
    """The install line; names the installed SDK when it is the old 1.x line."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("mcp")
    except PackageNotFoundError:
        return MCP_HINT
    if found.split(".")[0].isdigit() and int(found.split(".")[0]) < 2:
        return f"the MCP server needs mcp>=2 (found {found}): pip install -U 'veracity[mcp]'"
    return MCP_HINT


def mcp(
    http: Annotated[
        bool, typer.Option("--http", help="Serve streamable HTTP instead of stdio.")
    ] = False,
    host: Annotated[str, typer.Option(help="Interface to bind with --http.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port with --http.", min=1, max=65535)] = 8765,
    max_text_chars: Annotated[
        int | None, typer.Option(help="Characters in one text argument. [default: 100000]", min=1)
    ] = None,
    max_items: Annotated[
        int | None, typer.Option(help="Items in one list argument. [default: 1000]", min=1)
    ] = None,
) -> None:
    """Run the MCP server (tools: sfs_* from the SFS toolkit, check_faithfulness,
    check_numbers, retrieval_metrics, evaluate_samples, governance_*).

    With --http, set VERACITY_API_KEYS="key1,key2" to require `Authorization: Bearer KEY`.

    Claude Desktop config: {"mcpServers": {"veracity": {"command": "veracity",
    "args": ["mcp"]}}}"""
    try:
        from veracity import mcp_server
    except ImportError:
        fail(_missing_sdk_hint())
    from veracity.server.settings import ServiceSettings

    with user_errors():
        settings = ServiceSettings.from_env(max_text_chars=max_text_chars, max_items=max_items)
    if not http:
        mcp_server.run_stdio(settings)
        return
    try:
        import uvicorn  # noqa: F401
    except ImportError:
        fail("--http needs uvicorn: pip install 'veracity[mcp,server]'")
    auth = "bearer token required" if settings.auth_enabled else "no auth"
    sys.stderr.write(f"veracity mcp: http://{host}:{port}{mcp_server.MCP_PATH} ({auth})\n")
    mcp_server.run_http(settings, host=host, port=port)


def register(app: typer.Typer) -> None:
    """Add the ``mcp`` command to the root app."""
    app.command("mcp")(mcp)
