"""The quality gates run as part of the suite: ruff lint, ruff format, mypy --strict."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_check() -> None:
    proc = run(sys.executable, "-m", "ruff", "check", "src", "tests", "benchmarks")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_format() -> None:
    proc = run(sys.executable, "-m", "ruff", "format", "--check", "src", "tests", "benchmarks")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_strict_on_src() -> None:
    proc = run(sys.executable, "-m", "mypy", "--strict", "src")
    assert proc.returncode == 0, proc.stdout + proc.stderr
