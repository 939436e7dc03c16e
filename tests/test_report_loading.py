"""Reading a saved JSON report back (`render`, `compare`): a report laid out as `eval`
writes it is read one sample line at a time, keeping only what the caller needs; any
other layout is parsed whole; both give the same report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from veracity.cli.compare import load_report
from veracity.cli.main import app
from veracity.errors import InputError

ROWS = [
    {"id": f"s{i}", "question": "q", "answer": "Paris is in France." if i % 3 else "Paris is in Peru.",
     "contexts": ["Paris is the capital of France."], "retrieved": ["d1", "d2"],
     "golden_documents": ["d2" if i % 2 else "d1"]}
    for i in range(12)
]  # fmt: skip


@pytest.fixture
def report_file(tmp_path: Path) -> Path:
    data = tmp_path / "answers.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    out = tmp_path / "report.json"
    result = CliRunner().invoke(
        app, ["eval", str(data), "-f", "json", "-o", str(out), "-q", "--fail-under", "mrr=0.9"]
    )
    assert result.exit_code == 1  # mrr is 0.75: the gate fails
    return out


def test_line_by_line_and_whole_file_give_the_same_report(report_file: Path) -> None:
    streamed = load_report(report_file)
    reindented = report_file.with_name("reindented.json")
    reindented.write_text(json.dumps(json.loads(report_file.read_text()), indent=4))
    whole = load_report(reindented)  # not eval's layout: parsed whole
    assert streamed.to_dict() == whole.to_dict()
    assert [s.id for s in streamed.samples] == [f"s{i}" for i in range(12)]
    assert streamed.metrics["mrr"].mean == 0.75  # rank 1 for even ids, rank 2 for odd


def test_keep_worst_and_slim(report_file: Path) -> None:
    worst = load_report(report_file, keep="worst", worst_n=2)
    # faithfulness is the focus of "worst" unless a gate names another metric: here the
    # gate is on mrr, whose lowest values (0.5) are the odd ids; ties go by id: s1, s11
    assert [s.id for s in worst.samples] == ["s1", "s11"]
    assert worst.n_samples == 12 and worst.metrics["mrr"].mean == 0.75
    slim = load_report(report_file, slim=True)
    assert all(s.details == {} and s.answer is None for s in slim.samples)
    assert [s.metrics for s in slim.samples] == [
        s.metrics for s in load_report(report_file).samples
    ]


def test_a_bad_sample_line_is_named(report_file: Path) -> None:
    lines = report_file.read_text(encoding="utf-8").splitlines(keepends=True)
    at = lines.index('  "samples": [\n') + 4  # 1-based number of the third sample's line
    lines[at - 1] = lines[at - 1].replace('"mrr": 1.0', '"mrr": 7.0', 1)
    report_file.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_report(report_file)
    assert (info.value.line, "metrics.mrr" in str(info.value)) == (at, True)
