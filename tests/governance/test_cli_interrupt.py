"""`veracity gov run` stopped with Ctrl-C (SIGINT): one line saying where the responses
are and how to resume, exit 130, every saved line intact; rerunning resumes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

SYSTEM = """
import time

def answer(query, contexts):
    time.sleep(0.1)
    return "The provided contexts do not say.", "abstain"
"""


def stopped_run(
    tmp_path: Path, sig: int
) -> tuple[subprocess.Popen[str], str, list[str], Path, dict[str, str]]:
    """Start `gov run` on a slow system, send ``sig`` once two answers are saved; return
    the process, its stderr, the command, the run file and the environment."""
    (tmp_path / "slow_sys.py").write_text(SYSTEM, encoding="utf-8")
    run_file = tmp_path / "run.jsonl"
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    cmd = [
        sys.executable, "-c", "from veracity.cli.main import main; main()",
        "gov", "run", "--system", "slow_sys:answer", "--run-file", str(run_file),
        "--tier", "0", "--concurrency", "1", "-q", "--no-ci",
    ]  # fmt: skip
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not (
        run_file.exists() and run_file.read_text().count("\n") >= 2
    ):
        time.sleep(0.05)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=20)
    return proc, err, cmd, run_file, env


def test_ctrl_c_then_resume(tmp_path: Path) -> None:
    proc, err, cmd, run_file, env = stopped_run(tmp_path, signal.SIGINT)
    assert proc.returncode == 130
    assert err.strip() == (
        f"error: interrupted; the responses so far are in {run_file}: "
        "run the same command again to resume"
    )
    saved = [json.loads(line) for line in run_file.read_text().splitlines()]
    assert 2 <= len(saved) < 18
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1  # every case answered "abstain": the tier-0 gate fails
    ids = [json.loads(line)["id"] for line in run_file.read_text().splitlines()]
    assert len(ids) == len(set(ids)) == 18  # resumed: nothing asked twice


def test_sigterm_says_the_same_and_exits_143(tmp_path: Path) -> None:
    proc, err, _, run_file, _ = stopped_run(tmp_path, signal.SIGTERM)
    assert proc.returncode == 143
    assert err.strip() == (
        f"error: interrupted; the responses so far are in {run_file}: "
        "run the same command again to resume"
    )
