"""`veracity eval` and `veracity demo` through the real command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from veracity.cli.main import app

runner = CliRunner()

ROWS = [
    {"id": "a", "question": "q", "answer": "x", "context": ["c"], "retrieved": ["d1", "d2"], "golden_documents": ["d1"]},
    {"id": "b", "question": "q", "answer": "x", "context": ["c"], "retrieved": ["d2", "d1"], "golden_documents": ["d1"]},
]  # fmt: skip


@pytest.fixture
def data(tmp_path: Path) -> Path:
    p = tmp_path / "answers.jsonl"
    p.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    return p


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_json_output_values(data: Path) -> None:
    code, out, _ = run("eval", str(data), "--json", "-m", "precision,mrr", "--k", "1,2", "-q")
    assert code == 0
    report = json.loads(out)
    assert report["metrics"]["precision@1"]["mean"] == 0.5
    assert report["metrics"]["precision@2"]["mean"] == 0.5
    assert report["metrics"]["mrr"]["mean"] == 0.75
    assert [s["id"] for s in report["samples"]] == ["a", "b"]


def test_gate_failure_exit_1(data: Path) -> None:
    code, out, _ = run("eval", str(data), "-m", "mrr", "--fail-under", "mrr=0.8", "-q")
    assert code == 1
    assert "FAIL  mrr >= 0.8  (mean 0.7500)" in out
    code, _, _ = run("eval", str(data), "-m", "mrr", "--fail-under", "mrr=0.75", "-q")
    assert code == 0


def test_jsonl_streams_one_line_per_sample(data: Path) -> None:
    code, out, _ = run("eval", str(data), "--format", "jsonl", "-m", "mrr", "-q")
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines == [
        {"id": "a", "metrics": {"mrr": 1.0}, "details": {"retrieval": {
            "reason": "relevant at rank 1; 1 of 2 retrieved items relevant, 1 relevant in all",
            "relevant_ranks": [1], "n_retrieved": 2, "n_relevant": 1,
        }}, "question": "q", "answer": "x"},
        {"id": "b", "metrics": {"mrr": 0.5}, "details": {"retrieval": {
            "reason": "relevant at rank 2; 1 of 2 retrieved items relevant, 1 relevant in all",
            "relevant_ranks": [2], "n_retrieved": 2, "n_relevant": 1,
        }}, "question": "q", "answer": "x"},
    ]  # fmt: skip


def test_output_file(data: Path, tmp_path: Path) -> None:
    out_file = tmp_path / "r.json"
    code, out, _ = run("eval", str(data), "-f", "json", "-o", str(out_file), "-m", "hit", "-q")
    assert code == 0 and out == ""
    assert json.loads(out_file.read_text())["metrics"]["hit@5"]["mean"] == 1.0


def test_claims_only_drops_retrieval(data: Path) -> None:
    code, out, _ = run("eval", str(data), "--json", "--claims-only", "-m", "mrr,faithfulness", "-q")
    assert code == 0
    assert list(json.loads(out)["metrics"]) == ["faithfulness"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-m", "bleu"], "error: unknown metric 'bleu'"),
        (["--k", "0"], "error: k must be an integer >= 1, got 0"),
        (["--k", "a"], "error: --k takes integers separated by commas"),
        (["--fail-under", "oops"], "error: invalid gate 'oops'"),
        (["-f", "pdf"], "error: unknown --format 'pdf'"),
        (["-m", ""], "error: no metric selected"),  # had run every metric
        (["-m", " "], "error: no metric selected"),
        (
            ["-m", "mrr", "--fail-under", "map=0.3"],
            "error: --fail-under map: this run does not compute",
        ),
    ],
)
def test_bad_usage_exit_2(data: Path, args: list[str], message: str) -> None:
    code, _, err = run("eval", str(data), *args)
    assert code == 2
    assert err.startswith(message)
    assert "Traceback" not in err


def test_bad_input_names_line_and_field(tmp_path: Path) -> None:
    p = tmp_path / "x[red]y.jsonl"
    p.write_text(json.dumps(ROWS[0]) + "\n" + '{"question": "q", "answer": 1, "context": ["c"]}\n')
    code, _, err = run("eval", str(p), "-m", "mrr")
    assert code == 2
    assert err == (
        f"error: {p}:2: field 'answer': must be a string, got int 1; "
        "--skip-errors skips bad records and keeps going\n"
    )
    code, out, err = run("eval", str(p), "-m", "mrr", "--skip-errors", "--json", "-q")
    assert code == 0
    report = json.loads(out)
    assert report["n_samples"] == 1 and report["n_skipped"] == 1
    assert report["skipped"][0]["line"] == 2 and report["skipped"][0]["field"] == "answer"


def test_missing_file_keeps_markup_literal(tmp_path: Path) -> None:
    code, _, err = run("eval", str(tmp_path / "x[red]y.jsonl"))
    assert code == 2
    assert err == f"error: {tmp_path / 'x[red]y.jsonl'}: no such file\n"


def test_demo_runs_and_exports(tmp_path: Path) -> None:
    code, out, _ = run(
        "demo", "--json", "-m", "precision,recall,mrr,ndcg,map,r_precision,hit", "-q"
    )
    assert code == 0
    report = json.loads(out)
    assert report["n_samples"] == 31
    assert report["metrics"]["hit@5"] == {
        "mean": 1.0,
        "median": 1.0,
        "n_scored": 29,
        "n_undetermined": 2,
    }
    target = tmp_path / "demo.jsonl"
    code, _, _ = run("demo", "--export", str(target))
    assert code == 0 and len(target.read_text().splitlines()) == 31


def test_console_script_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{nope\n")
    proc = subprocess.run(
        [sys.executable, "-m", "veracity.cli.main", "eval", str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().endswith(
        "bad.jsonl:1: invalid JSON: Expecting property name enclosed in double quotes (column 2); "
        "--skip-errors skips bad records and keeps going"
    )
    assert proc.stdout == ""


def test_stdin_dash(data: Path) -> None:
    result = runner.invoke(
        app, ["eval", "-", "--json", "-q", "-m", "mrr"], input=data.read_text(encoding="utf-8")
    )
    assert result.exit_code == 0
    assert json.loads(result.stdout)["metrics"]["mrr"]["mean"] == 0.75
    bad = runner.invoke(app, ["eval", "-", "-m", "mrr"], input='{"question": 1}\n')
    assert bad.exit_code == 2
    assert bad.stderr.startswith("error: <stdin>:1: field 'question'")


def test_output_may_not_overwrite_the_input(data: Path) -> None:
    before = data.read_bytes()
    for fmt in ("jsonl", "json"):
        code, _, err = run("eval", str(data), "-f", fmt, "-o", str(data), "-m", "mrr")
        assert code == 2
        assert err == f"error: --output {data} is the input file; choose another path\n"
    assert data.read_bytes() == before  # nothing was lost


def test_junit_without_gates_is_the_same_with_no_sample_kept(data: Path) -> None:
    """With no gate, JUnit lists no sample, so none is kept in memory; the file is what
    rendering the full report gives."""
    from veracity.evaluation import evaluate
    from veracity.io import read_samples
    from veracity.render.junit import render_junit

    code, out, _ = run("eval", str(data), "-f", "junit", "-m", "mrr", "-q")
    assert code == 0
    full = evaluate(list(read_samples(data)), ["mrr"])
    expected = render_junit(full)
    assert out == expected if expected.endswith("\n") else out == expected + "\n"
    assert '<testsuite name="veracity.gates" tests="0"' in out


def test_an_output_folder_that_does_not_exist_is_refused_before_scoring(
    data: Path, tmp_path: Path
) -> None:
    out = tmp_path / "missing" / "report.json"
    code, _, err = run("eval", str(data), "-f", "json", "-o", str(out), "-q")
    assert code == 2
    assert err == f"error: --output {out}: its folder {out.parent} does not exist\n"


def test_a_report_file_that_cannot_be_written_is_named_as_asked(tmp_path: Path) -> None:
    from veracity.cli.common import atomic_file

    target = tmp_path / "gone" / "r.html"
    with pytest.raises(OSError) as info, atomic_file(target):
        pass
    assert info.value.filename == str(target)  # not the temporary file beside it


def test_the_table_ends_its_gates_with_one_verdict(data: Path) -> None:
    code, out, _ = run("eval", str(data), "-m", "mrr,precision", "--k", "1",
                       "--fail-under", "mrr=0.8", "--fail-under", "precision@1=0.5")  # fmt: skip
    assert code == 1
    # mrr: (1 + 1/2) / 2 = 0.75 fails; precision@1: (1 + 0) / 2 = 0.5 passes
    assert "  FAIL  mrr >= 0.8  (mean 0.7500)\n" in out  # the mean is said once
    assert "\nFAILED: 1 of 2 gates (mrr)\n" in out
    code, out, _ = run("eval", str(data), "-m", "mrr", "--fail-under", "mrr=0.5")
    assert code == 0 and "\nPASSED: 1 of 1 gate\n" in out


def test_html_details_sets_how_many_samples_carry_their_details(tmp_path: Path) -> None:
    rows = [{"id": f"s{i}", "question": "q", "answer": f"It is {i} m long.",
             "contexts": ["It is 3 m long."]} for i in range(6)]  # fmt: skip
    data = tmp_path / "six.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "r.html"
    code, _, _ = run("eval", str(data), "-f", "html", "-o", str(out), "-q", "--html-details", "2")
    assert code == 0
    assert "Per-claim details are embedded for 2 of 6 samples (cap 2:" in out.read_text()
    report = tmp_path / "r.json"
    run("eval", str(data), "-f", "json", "-o", str(report), "-q")
    again = tmp_path / "again.html"
    code, _, _ = run("render", str(report), "-f", "html", "-o", str(again), "--html-details", "2")
    assert code == 0 and again.read_text() == out.read_text()  # render gives the same page
