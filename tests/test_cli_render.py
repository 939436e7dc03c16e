"""`veracity render`: a saved JSON report re-rendered without scoring again."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from veracity import Sample, evaluate
from veracity.cli.main import app

runner = CliRunner()


def saved_report(tmp_path: Path, gate: str) -> Path:
    samples = [
        Sample(id="a", question="q", answer="x", contexts=["c"], retrieved=["d1"], golden_documents=["d1"]),
        Sample(id="b", question="q", answer="x", contexts=["c"], retrieved=["z", "d1"], golden_documents=["d1"]),
    ]  # fmt: skip
    path = tmp_path / "report.json"
    path.write_text(json.dumps(evaluate(samples, metrics=["mrr"], gates=[gate]).to_dict()))
    return path


def test_render_table_and_exit_code_follows_gates(tmp_path: Path) -> None:
    result = runner.invoke(app, ["render", str(saved_report(tmp_path, "mrr=0.7"))])
    assert result.exit_code == 0
    assert "mrr     0.7500  0.7500       2             0" in result.stdout
    result = runner.invoke(app, ["render", str(saved_report(tmp_path, "mrr=0.8"))])
    assert result.exit_code == 1
    assert "FAIL  mrr >= 0.8  (mean 0.7500)" in result.stdout


def test_render_json_round_trip(tmp_path: Path) -> None:
    path = saved_report(tmp_path, "mrr=0.7")
    result = runner.invoke(app, ["render", str(path), "-f", "json"])
    assert json.loads(result.stdout) == json.loads(path.read_text())


def test_render_markdown_to_file(tmp_path: Path) -> None:
    out = tmp_path / "summary.md"
    result = runner.invoke(
        app, ["render", str(saved_report(tmp_path, "mrr=0.7")), "-f", "markdown", "-o", str(out)]
    )
    assert result.exit_code == 0
    assert "| mrr | 0.7500 | 0.7500 | 2 | 0 |" in out.read_text()


def test_render_bad_inputs(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    result = runner.invoke(app, ["render", str(bad)])
    assert result.exit_code == 2
    assert (
        result.stderr
        == f"error: {bad}:1: not valid JSON: Expecting property name enclosed in double quotes\n"
    )
    bad.write_text("[1]")
    result = runner.invoke(app, ["render", str(bad)])
    assert result.stderr == f"error: {bad}: not a veracity report: expected a JSON object\n"
    bad.write_text(
        '{"n_samples": 1, "metrics": {}, "samples": [{"id": "a", "metrics": {"mrr": "NaN"}}]}'
    )
    result = runner.invoke(app, ["render", str(bad), "-f", "html"])  # had been a traceback
    assert result.stderr == (
        f"error: {bad}: not a veracity report: sample 0: field 'metrics.mrr' must be a number "
        "from 0 to 1 or null, got 'NaN'\n"
    )
    good = saved_report(tmp_path, "mrr=0.7")
    result = runner.invoke(app, ["render", str(good), "-f", "pdf"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unknown format 'pdf'")


def test_render_of_a_non_report_says_what_to_do(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text('{"foo": 1}')
    result = runner.invoke(app, ["render", str(other)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {other}: not a veracity report: no 'metrics' / 'n_samples' "
        "(write one with `veracity eval --format json`)\n"
    )
