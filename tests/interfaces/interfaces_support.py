"""Shared helpers of the interface tests: the README example of the SFS toolkit and
real server subprocesses started on 127.0.0.1 (bounded wait, always stopped)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

# Runs the console script's entry point in the current interpreter.
VERACITY = [
    sys.executable,
    "-c",
    "import sys; sys.argv[0] = 'veracity'; from veracity.cli.main import main; main()",
]

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
README_BREAKDOWN = {
    "currency": {"total": 2, "verified": 2, "failed": 0},
    "distance": {"total": 1, "verified": 1, "failed": 0},
    "count": {"total": 1, "verified": 1, "failed": 0},
    "percentage": {"total": 1, "verified": 1, "failed": 0},
}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def run_server(
    args: list[str], tmp_path: Path, env: dict[str, str] | None = None
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Start ``veracity ARGS --port N`` on 127.0.0.1, wait (bounded) until ``GET
    /health`` answers, yield (base URL, process), then stop it."""
    port = free_port()
    log = (tmp_path / f"server-{port}.log").open("wb")
    full_env = {**os.environ, **(env or {})}
    proc = subprocess.Popen(
        [*VERACITY, *args, "--host", "127.0.0.1", "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        env=full_env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):  # at most ~30 s
            if proc.poll() is not None:
                break
            try:
                if httpx.get(f"{base}/health", timeout=1.0).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        else:
            raise AssertionError("server did not come up")
        if proc.poll() is not None:
            log.close()
            text = (tmp_path / f"server-{port}.log").read_text(errors="replace")
            raise AssertionError(f"server exited with {proc.returncode}: {text}")
        yield base, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        log.close()
