"""The MCP server as Claude Desktop runs it: a ``veracity mcp`` subprocess over stdio,
and ``veracity mcp --http`` on 127.0.0.1 with bearer auth, both driven by the SDK's
own client (``ClientSession`` over ``stdio_client`` / ``streamable_http_client``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
from interfaces_support import README_BREAKDOWN, README_EVIDENCE, README_TEXT, VERACITY, run_server
from mcp.client import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.types import TextContent

from veracity.mcp_server import TOOL_NAMES

README_ARGS = {
    "text": README_TEXT,
    "evidence_json": README_EVIDENCE,
    "preset": "property_valuation",
}


async def _exercise(session: ClientSession) -> dict[str, Any]:
    """List tools, call sfs_compute on the README example, send bad JSON, call again."""
    await session.initialize()
    names = {t.name for t in (await session.list_tools()).tools}
    first = await session.call_tool("sfs_compute", README_ARGS)
    bad = await session.call_tool("sfs_compute", {"text": "x", "evidence_json": "[{oops"})
    missing = await session.call_tool("sfs_get_preset", {})
    again = await session.call_tool(
        "sfs_compute", {**README_ARGS, "evidence_json": json.dumps(README_EVIDENCE)}
    )
    return {"names": names, "first": first, "bad": bad, "missing": missing, "again": again}


def _check(out: dict[str, Any]) -> None:
    assert set(TOOL_NAMES) <= out["names"]
    first = out["first"]
    assert not first.is_error
    sc = first.structured_content
    assert (sc["sfs_score"], sc["total_claims"], sc["verified_claims"]) == (1.0, 5, 5)
    assert sc["type_breakdown"] == README_BREAKDOWN
    text = "".join(c.text for c in first.content if isinstance(c, TextContent))
    assert json.loads(text)["verified_claims"] == 5
    bad_text = "".join(c.text for c in out["bad"].content if isinstance(c, TextContent))
    assert out["bad"].is_error and "evidence_json" in bad_text and "JSON" in bad_text
    missing_text = "".join(c.text for c in out["missing"].content if isinstance(c, TextContent))
    assert out["missing"].is_error and "preset_name" in missing_text
    assert not out["again"].is_error
    assert out["again"].structured_content == sc


def test_stdio_subprocess(tmp_path: Path) -> None:
    params = StdioServerParameters(command=VERACITY[0], args=[*VERACITY[1:], "mcp"])

    async def main() -> dict[str, Any]:
        with (tmp_path / "stderr.log").open("w") as errlog:
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                ClientSession(read, write) as session,
            ):
                with anyio.fail_after(60):
                    return await _exercise(session)

    _check(anyio.run(main))


def test_streamable_http_with_bearer_auth(tmp_path: Path) -> None:
    env = {"VERACITY_API_KEYS": "k-alice:alice,k-bob"}
    with run_server(["mcp", "--http"], tmp_path, env=env) as (base, _proc):
        health = httpx.get(f"{base}/health", timeout=5)
        assert health.status_code == 200 and health.json()["status"] == "ok"
        init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "k-bob"}):
            denied = httpx.post(f"{base}/mcp", json=init, headers=headers, timeout=5)
            assert denied.status_code == 401
            assert denied.json()["error"] == "unauthorized"

        async def main() -> dict[str, Any]:
            client = httpx2.AsyncClient(
                headers={"Authorization": "Bearer k-bob"}, timeout=httpx2.Timeout(30, read=60)
            )
            async with (
                client,
                streamable_http_client(f"{base}/mcp", http_client=client) as (read, write),
                ClientSession(read, write) as session,
            ):
                with anyio.fail_after(60):
                    return await _exercise(session)

        _check(anyio.run(main))
