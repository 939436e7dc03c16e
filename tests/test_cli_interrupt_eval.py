"""`veracity eval` stopped by Ctrl-C (SIGINT) or SIGTERM: one line saying what was kept,
exit 130 / 143, no worker process left behind, a report file written whole or not at all,
and JSONL lines already written each whole. Also: a reader that closes the pipe early."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from veracity.cli.common import atomic_file

SAMPLE = {
    "question": "How long do customers have to request a refund?",
    "answer": "Customers can request a refund within 30 days of purchase.",
    "contexts": ["Refund policy: customers may request a refund within 30 days of purchase."],
    "retrieved": ["kb-refund-policy", "kb-shipping"],
    "golden_documents": ["kb-refund-policy"],
}
CLI = [sys.executable, "-c", "from veracity.cli.main import main; main()"]


def samples(tmp_path: Path, n: int) -> Path:
    path = tmp_path / "big.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            fh.write(json.dumps({**SAMPLE, "id": f"s{i}"}) + "\n")
    return path


def children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text()
        out += [int(x) for x in text.split()]
    return out


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    status = Path(f"/proc/{pid}/status").read_text() if Path(f"/proc/{pid}").exists() else ""
    return "State:\tZ" in status  # a zombie has exited


def stop_after_first_lines(cmd: list[str], out: Path, sig: int) -> tuple[int, str, list[int]]:
    """Start ``cmd``, wait until ``out`` holds a line, note the worker processes, send
    ``sig``; return (exit code, stderr, the workers' pids)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (out.exists() and out.stat().st_size > 0):
        time.sleep(0.05)
    workers = children(proc.pid)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    return proc.returncode, err, workers


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")
@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_stopped_jsonl_run_keeps_whole_lines_and_leaves_no_worker(
    tmp_path: Path, sig: int, code: int
) -> None:
    data = samples(tmp_path, 40_000)  # over 2,000 lines: scored on worker processes
    out = tmp_path / "out.jsonl"
    cmd = [*CLI, "eval", str(data), "-q", "-f", "jsonl", "-w", "2", "-o", str(out)]
    rc, err, workers = stop_after_first_lines(cmd, out, sig)
    assert rc == code
    assert err == (f"error: interrupted; the samples scored so far are in {out}, one per line\n")
    lines = out.read_text(encoding="utf-8").splitlines()
    assert 0 < len(lines) < 40_000
    assert [json.loads(line)["id"] for line in lines] == [f"s{i}" for i in range(len(lines))]
    assert workers  # the pool had started
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not all(gone(p) for p in workers):
        time.sleep(0.1)
    assert all(gone(p) for p in workers)  # none left orphaned (SIGTERM left them before)


def test_a_stopped_json_run_writes_no_report_and_keeps_the_old_one(tmp_path: Path) -> None:
    data = samples(tmp_path, 60_000)
    out = tmp_path / "report.json"
    out.write_text("the earlier report\n", encoding="utf-8")
    proc = subprocess.Popen(
        [*CLI, "eval", str(data), "-q", "-f", "json", "-w", "1", "-o", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(2.5)  # past start-up; scoring 60,000 samples on one process takes longer
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert (proc.returncode, err) == (143, f"error: interrupted; {out} was not written\n")
    assert out.read_text(encoding="utf-8") == "the earlier report\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.jsonl", "report.json"]


def test_atomic_file_replaces_only_on_success(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text("old", encoding="utf-8")
    with pytest.raises(KeyboardInterrupt), atomic_file(path) as fh:
        fh.write("half a rep")
        raise KeyboardInterrupt
    assert path.read_text(encoding="utf-8") == "old"
    with atomic_file(path) as fh:
        fh.write("new")
    assert path.read_text(encoding="utf-8") == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]  # no temporary file left


def test_a_reader_that_stops_early_gets_no_error_line(tmp_path: Path) -> None:
    data = samples(tmp_path, 3_000)
    proc = subprocess.run(
        f"{' '.join(CLI[:2])} '{CLI[2]}' eval {data} -f jsonl -q | head -1",
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert json.loads(proc.stdout)["id"] == "s0"
    assert proc.stderr == ""  # not "error: Broken pipe"
