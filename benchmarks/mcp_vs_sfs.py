"""Time the SFS toolkit's MCP server and ``veracity mcp`` side by side over stdio.

The SFS server (``sfs-mcp``) imports ``mcp.server.fastmcp``, which the current ``mcp``
2.x SDK no longer has, so it needs its own environment with ``mcp<2``:

    python -m venv /tmp/sfs-env
    /tmp/sfs-env/bin/pip install 'mcp<2' sfs-mcp-toolkit==0.1.0
    python benchmarks/mcp_vs_sfs.py --sfs-command /tmp/sfs-env/bin/sfs-mcp --calls 200

Both servers are started as stdio subprocesses and driven by the ``mcp`` SDK client of
this environment: time to a ready session (spawn + initialize + list_tools), then
``--calls`` sequential ``sfs_compute`` calls on the SFS README example (5 numeric
claims). Prints calls/s, p50 / p99 latency, and each server's answer (the README
expects 5 of 5 verified).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import time
from typing import Any

import anyio
from mcp.client import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.types import CallToolResult, TextContent

README_ARGS = {
    "text": (
        "The median house price in this suburb is $850,000, located 12.5 km from the CBD. "
        "With 190 comparable sales showing a 3.2% gradient north, the estimated value is "
        "$875,000."
    ),
    "evidence_json": json.dumps(
        [
            {"key": "median_price", "value": 842000, "unit": "AUD"},
            {"key": "cbd_distance", "value": 12.3, "unit": "km"},
            {"key": "comparable_count", "value": 188, "unit": "count"},
            {"key": "north_gradient", "value": 3.5, "unit": "%"},
            {"key": "ml_prediction", "value": 880000, "unit": "AUD"},
        ]
    ),
    "preset": "property_valuation",
}
VERACITY = [
    sys.executable,
    "-c",
    "import sys; sys.argv[0] = 'veracity'; from veracity.cli.main import main; main()",
    "mcp",
]


def is_structured(result: CallToolResult) -> bool:
    """True when the structured content is the report itself, not JSON inside a string
    (mcp 1.x wraps a tool's ``str`` return as ``{"result": "<json text>"}``)."""
    sc = result.structured_content
    return isinstance(sc, dict) and not (set(sc) == {"result"} and isinstance(sc["result"], str))


def payload(result: CallToolResult) -> dict[str, Any]:
    """The report: structured content, else the JSON text block (what SFS returns)."""
    if is_structured(result):
        return dict(result.structured_content or {})
    text = "".join(c.text for c in result.content if isinstance(c, TextContent))
    data = json.loads(text)
    return data if isinstance(data, dict) else {"result": data}


async def measure(command: list[str], calls: int) -> dict[str, Any]:
    params = StdioServerParameters(command=command[0], args=command[1:])
    with open(os.devnull, "w") as devnull:
        t0 = time.perf_counter()
        async with (
            stdio_client(params, errlog=devnull) as (read, write),
            ClientSession(read, write) as session,
        ):
            with anyio.fail_after(120):
                await session.initialize()
                tools = await session.list_tools()
                ready = time.perf_counter() - t0
                latencies = []
                first: CallToolResult | None = None
                for _ in range(calls):
                    t = time.perf_counter()
                    result = await session.call_tool("sfs_compute", README_ARGS)
                    latencies.append(time.perf_counter() - t)
                    if result.is_error:
                        raise SystemExit(f"{command[0]}: tool error: {result.content}")
                    first = first or result
    assert first is not None
    described = sum(1 for t in tools.tools if t.description)
    return {
        "ready_s": ready,
        "latencies": latencies,
        "report": payload(first),
        "structured": is_structured(first),
        "described": f"{described}/{len(tools.tools)}",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sfs-command", default=shutil.which("sfs-mcp") or "sfs-mcp")
    parser.add_argument("--calls", type=int, default=200, help="sfs_compute calls per server")
    args = parser.parse_args()
    if not 1 <= args.calls <= 100_000:
        parser.error("--calls must be in 1..100000")
    rows = []
    for name, command in (("sfs-mcp", [args.sfs_command]), ("veracity mcp", VERACITY)):
        try:
            out = anyio.run(measure, command, args.calls)
        except Exception as exc:  # the SFS server dies at import under mcp 2.x
            print(f"{name}: could not run ({type(exc).__name__}: {exc})")
            continue
        rows.append((name, out))
    print(f"{args.calls} sequential sfs_compute calls over stdio (SFS README example)")
    print(
        f"{'server':<13} {'ready s':>8} {'calls/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'verified':>9} {'structured':>10} {'described':>9}"
    )
    for name, out in rows:
        lat = out["latencies"]
        q = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) > 1 else lat * 99
        rep = out["report"]
        verified = f"{rep.get('verified_claims')}/{rep.get('total_claims')}"
        print(
            f"{name:<13} {out['ready_s']:>8.2f} {len(lat) / sum(lat):>8.1f} "
            f"{q[49] * 1000:>7.2f} {q[98] * 1000:>7.2f} {verified:>9} "
            f"{out['structured']!s:>10} {out['described']:>9}"
        )
    if len(rows) == 2:
        sfs, ours = (sum(out["latencies"]) for _, out in rows)
        print(f"per-call time ratio sfs-mcp / veracity: {sfs / ours:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
