"""examples/ci: the shared script runs as written against the bundled demo data, and
both CI configurations call it and publish its Markdown and JUnit outputs."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

CI = Path(__file__).resolve().parents[2] / "examples" / "ci"
SCRIPT = CI / "veracity-ci.sh"
BIN = Path(sys.executable).parent

needs_cli = pytest.mark.skipif(
    shutil.which("bash") is None or not (BIN / "veracity").exists(),
    reason="needs bash and the veracity console script next to the interpreter",
)


def run(tmp_path: Path, gates: str | None, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    if gates is not None:
        env["VERACITY_GATES"] = gates
    return subprocess.run(
        ["bash", str(SCRIPT), *args], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=300, check=False,
    )  # fmt: skip


@needs_cli
def test_script_on_demo_data_writes_every_report(tmp_path: Path) -> None:
    proc = run(tmp_path, None, "", "out")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "veracity: reports in out (gates passed)\n"
    out = tmp_path / "out"
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["passed"] is True
    assert [(g["metric"], g["threshold"]) for g in report["gates"]] == [
        ("faithfulness", 0.4), ("recall@5", 0.9),
    ]  # fmt: skip
    n = report["n_samples"]
    assert (
        (out / "report.md")
        .read_text(encoding="utf-8")
        .startswith(f"## veracity report\n\n{n} samples scored. Gates: **passed** (2 of 2).")
    )
    root = ET.parse(out / "report.xml").getroot()
    gates = root.findall("testsuite[@name='veracity.gates']/testcase")
    assert [c.get("name") for c in gates] == ["faithfulness >= 0.4", "recall@5 >= 0.9"]
    assert all(c.find("failure") is None for c in gates)
    assert (out / "report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@needs_cli
def test_failed_gate_exits_1_after_writing_reports(tmp_path: Path) -> None:
    proc = run(tmp_path, "faithfulness=0.99", "", "out")
    assert proc.returncode == 1
    assert proc.stdout == "veracity: reports in out (gates FAILED)\n"
    root = ET.parse(tmp_path / "out" / "report.xml").getroot()
    [gate] = root.findall("testsuite[@name='veracity.gates']/testcase")
    assert gate.find("failure") is not None
    assert "Gates: **FAILED** (1 of 1 failed)" in (tmp_path / "out" / "report.md").read_text(
        encoding="utf-8"
    )


@needs_cli
def test_bad_input_exits_2(tmp_path: Path) -> None:
    proc = run(tmp_path, None, str(tmp_path / "missing.jsonl"), "out")
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: ") and "missing.jsonl" in proc.stderr


def test_ci_configurations_call_the_script_and_publish_outputs() -> None:
    yaml = pytest.importorskip("yaml")
    gh = yaml.safe_load((CI / "github-actions.yml").read_text(encoding="utf-8"))
    steps = gh["jobs"]["evaluate"]["steps"]
    runs = "\n".join(str(s.get("run", "")) for s in steps)
    assert 'bash examples/ci/veracity-ci.sh "" veracity-reports' in runs
    assert 'cat veracity-reports/report.md >> "$GITHUB_STEP_SUMMARY"' in runs
    junit = next(s for s in steps if "action-junit-report" in str(s.get("uses", "")))
    assert junit["with"]["report_paths"] == "veracity-reports/report.xml"
    assert steps[-1]["if"] == "steps.evaluate.outcome == 'failure'"
    gl = yaml.safe_load((CI / "gitlab-ci.yml").read_text(encoding="utf-8"))["veracity"]
    assert any("veracity-ci.sh" in line for line in gl["script"])
    assert gl["artifacts"]["reports"]["junit"] == "veracity-reports/report.xml"
    assert gl["artifacts"]["when"] == "always"
