"""Load the HTTP service with many concurrent requests and report throughput and latency.

Usage (the ``[server]`` extra installed, as in the dev extra):

    python benchmarks/http_load.py --requests 3000 --concurrency 64

Starts ``veracity serve`` on a free port of 127.0.0.1 (loopback only), waits for
``GET /health``, then sends a bounded number of requests from ``--concurrency``
concurrent clients, cycling through a mix of endpoints (``--mix``):

* ``health``    ``GET /health``
* ``evaluate``  ``POST /evaluate`` with rag-eval's README body (one sample, k=5)
* ``numbers``   ``POST /numbers/compute`` with the SFS README example (5 claims)
* ``presets``   ``GET /presets``

Prints, per endpoint and overall, requests/s, p50 / p99 latency (ms) and errors
(any transport failure or non-2xx answer). Exits 1 if there was any error, so the
script doubles as a soak check: the expected error count is 0. There is no peer
side: rag-eval's HTTP service is an unshipped example and the SFS toolkit's server
does not start with the current ``mcp`` SDK.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from typing import Any

import httpx

README_TEXT = (
    "The median house price in this suburb is $850,000, located 12.5 km from the CBD. "
    "With 190 comparable sales showing a 3.2% gradient north, the estimated value is "
    "$875,000."
)
README_EVIDENCE = [
    {"key": "median_price", "value": 842000, "unit": "AUD"},
    {"key": "cbd_distance", "value": 12.3, "unit": "km"},
    {"key": "comparable_count", "value": 188, "unit": "count"},
    {"key": "north_gradient", "value": 3.5, "unit": "%"},
    {"key": "ml_prediction", "value": 880000, "unit": "AUD"},
]
RAG_EVAL_BODY = {
    "samples": [
        {
            "question": "What is the capital of France?",
            "answer": "Paris is the capital of France.",
            "context": ["Paris is the capital and largest city of France."],
            "golden_documents": ["Paris is the capital and largest city of France."],
            "retrieved": ["Paris is the capital and largest city of France."],
            "id": "sample-1",
        }
    ],
    "k": 5,
}
REQUESTS: dict[str, tuple[str, str, Any]] = {
    "health": ("GET", "/health", None),
    "evaluate": ("POST", "/evaluate", RAG_EVAL_BODY),
    "numbers": (
        "POST",
        "/numbers/compute",
        {"text": README_TEXT, "evidence": README_EVIDENCE, "preset": "property_valuation"},
    ),
    "presets": ("GET", "/presets", None),
}
CLI = "import sys; sys.argv[0] = 'veracity'; from veracity.cli.main import main; main()"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-c", CLI, "serve", "--host", "127.0.0.1", "--port", str(port)]
    cmd += ["--log-level", "warning"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(300):  # at most ~30 s
        if proc.poll() is not None:
            err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
            raise SystemExit(f"server exited with {proc.returncode}: {err}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("server did not come up within 30 s")


async def run_load(
    base: str, names: list[str], total: int, concurrency: int
) -> tuple[dict[str, list[float]], dict[str, int], float]:
    latencies: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    counter = iter(range(total))
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)

    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        # warm-up: one request per endpoint (imports, caches), not counted
        for name in names:
            method, path, body = REQUESTS[name]
            await client.request(method, path, json=body)

        async def worker() -> None:
            for i in counter:
                name = names[i % len(names)]
                method, path, body = REQUESTS[name]
                t0 = time.perf_counter()
                try:
                    resp = await client.request(method, path, json=body)
                    ok = 200 <= resp.status_code < 300
                except httpx.HTTPError:
                    ok = False
                latencies[name].append(time.perf_counter() - t0)
                if not ok:
                    errors[name] += 1

        start = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        elapsed = time.perf_counter() - start
    return latencies, errors, elapsed


def pct(values: list[float], q: float) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=2000, help="total requests (bounded)")
    parser.add_argument("--concurrency", type=int, default=32, help="concurrent clients")
    parser.add_argument(
        "--mix",
        default="health,evaluate,numbers,presets",
        help=f"comma-separated endpoints among {', '.join(REQUESTS)}",
    )
    args = parser.parse_args()
    names = [n.strip() for n in args.mix.split(",") if n.strip()]
    unknown = [n for n in names if n not in REQUESTS]
    if unknown or not names:
        parser.error(f"unknown endpoint(s) {unknown}; choose among {', '.join(REQUESTS)}")
    if not 1 <= args.requests <= 1_000_000 or not 1 <= args.concurrency <= 1024:
        parser.error("--requests must be in 1..1000000 and --concurrency in 1..1024")

    port = free_port()
    proc = start_server(port)
    try:
        latencies, errors, elapsed = asyncio.run(
            run_load(f"http://127.0.0.1:{port}", names, args.requests, args.concurrency)
        )
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()

    print(
        f"veracity serve on 127.0.0.1, {args.requests} requests, concurrency "
        f"{args.concurrency}, 1 uvicorn worker, Python {sys.version.split()[0]}, "
        f"{os.cpu_count()} CPUs"
    )
    print(
        f"{'endpoint':<10} {'requests':>8} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>6}"
    )
    everything: list[float] = []
    for name in names:
        lat = latencies[name]
        everything += lat
        rate = len(lat) / elapsed
        print(
            f"{name:<10} {len(lat):>8} {rate:>9.1f} {pct(lat, 50) * 1000:>8.2f} "
            f"{pct(lat, 99) * 1000:>8.2f} {errors[name]:>6}"
        )
    n_errors = sum(errors.values())
    print(
        f"{'all':<10} {len(everything):>8} {len(everything) / elapsed:>9.1f} "
        f"{pct(everything, 50) * 1000:>8.2f} {pct(everything, 99) * 1000:>8.2f} {n_errors:>6}"
    )
    print(f"wall time {elapsed:.2f} s")
    return 1 if n_errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
