"""`veracity compare` through the command line: formats, exit codes, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from veracity.cli.main import app
from veracity.render.json import dumps
from veracity.report import ReportBuilder, SampleResult

runner = CliRunner()


def write(path: Path, values: dict[str, float], extra: str | None = None) -> Path:
    b = ReportBuilder(["faithfulness"])
    for sid, v in values.items():
        b.add(SampleResult(sid, {"faithfulness": v}, answer="x"))
    if extra is not None:
        b.add(SampleResult(extra, {"faithfulness": 1.0}))
    path.write_text(dumps(b.build().to_dict()), encoding="utf-8")
    return path


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    base = write(tmp_path / "base.json", {f"s{i}": 1.0 for i in range(6)})
    new = write(
        tmp_path / "new.json",
        {f"s{i}": 0.5 if i < 4 else 1.0 for i in range(6)},
        extra="<b>new|id</b>",
    )
    return base, new


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_table_and_exit_codes(pair: tuple[Path, Path]) -> None:
    base, new = pair
    code, out, _ = run("compare", str(base), str(new), "--resamples", "200")
    assert code == 0
    lines = out.splitlines()
    assert lines[:2] == [
        "veracity compare: 6 matched samples (base 6, new 7: 1 new, 0 missing)",
        "paired bootstrap 95% CI, 200 resamples, seed 0",
    ]
    # 4 of 6 diffs are -0.5: delta = -2/6; the new mean over the same 6 matched samples
    # is (4 * 0.5 + 2 * 1) / 6 = 2/3, so the columns add up: 1 - 1/3 = 2/3
    assert lines[5].split()[:4] == ["faithfulness", "1.0000", "0.6667", "-0.3333"]
    assert lines[5].split()[-1] == "REGRESSION"
    assert "new ids (1): <b>new|id</b>" in out
    assert lines[-1] == "REGRESSION: faithfulness"
    code, _, _ = run("compare", str(base), str(new), "--fail-on-regression", "--resamples", "200")
    assert code == 1
    code, _, _ = run("compare", str(base), str(base), "--fail-on-regression")
    assert code == 0


def test_json_markdown_html(pair: tuple[Path, Path], tmp_path: Path) -> None:
    base, new = pair
    code, out, _ = run("compare", str(base), str(new), "-f", "json", "--seed", "5")
    assert code == 0
    data = json.loads(out)
    assert data["regressions"] == ["faithfulness"] and data["new_ids"] == ["<b>new|id</b>"]
    assert data["metrics"][0]["delta"] == pytest.approx(-1 / 3) and data["seed"] == 5
    code, out, _ = run("compare", str(base), str(new), "-f", "markdown")
    assert "Result: **REGRESSION** in faithfulness." in out
    assert "**New ids (1):** &lt;b&gt;new\\|id&lt;/b&gt;" in out
    html_path = tmp_path / "cmp.html"
    code, _, _ = run("compare", str(base), str(new), "-f", "html", "-o", str(html_path))
    page = html_path.read_text(encoding="utf-8")
    assert code == 0 and "<b>new" not in page and "&lt;b&gt;new|id&lt;/b&gt;" in page
    assert "<script" not in page and "REGRESSION: faithfulness" in page


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "base.json:1: not valid JSON: Expecting property name"),
        ("[1, 2]", "base.json: not a veracity report: expected a JSON object"),
        (
            '{"metrics": {}}',
            "base.json: not a veracity report: no 'metrics' / 'n_samples' (write one with "
            "`veracity eval --format json`)",
        ),
        ('{"n_samples": NaN, "metrics": {}}', "NaN is not a valid value in a report"),
        (  # a saved report's values are checked: 1e308 and 5.0 had crashed the bootstrap
            '{"n_samples": 1, "metrics": {}, "samples": [{"id": "a", "metrics": {"mrr": 5.0}}]}',
            "base.json: not a veracity report: sample 0: field 'metrics.mrr' must be a number "
            "from 0 to 1 or null, got 5.0",
        ),
        (
            '{"n_samples": 1, "metrics": {}, "samples": [{"metrics": {}}]}',
            "base.json: not a veracity report: sample 0: no field 'id'",
        ),
    ],
)
def test_bad_input_is_one_line_exit_2(
    pair: tuple[Path, Path], tmp_path: Path, content: str, message: str
) -> None:
    bad = tmp_path / "base.json"
    bad.write_text(content, encoding="utf-8")
    code, out, err = run("compare", str(bad), str(pair[1]))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err


def test_usage_errors(pair: tuple[Path, Path], tmp_path: Path) -> None:
    base, new = pair
    code, _, err = run("compare", str(base), str(new), "-f", "xml")
    assert code == 2 and "unknown --format 'xml'" in err
    code, _, err = run("compare", str(tmp_path / "missing.json"), str(new))
    assert code == 2 and "missing.json" in err and "No such file" in err
    code, _, err = run("compare", str(base), str(new), "--resamples", "0")
    assert code == 2 and "resamples must be >= 1" in err
    code, _, err = run("compare", str(base), str(new), "-m", "recall@5")
    assert code == 2 and "unknown metric(s) recall@5" in err
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00")
    code, _, err = run("compare", str(tmp_path / "bin.json"), str(new))
    assert code == 2 and "not UTF-8 text" in err


def test_nothing_matched_is_exit_2(tmp_path: Path) -> None:
    base = write(tmp_path / "a.json", {"a1": 1.0, "a2": 0.5})
    other = write(tmp_path / "b.json", {"b1": 1.0, "b2": 0.5})
    code, _, err = run("compare", str(base), str(other), "--fail-on-regression")
    assert code == 2
    assert err == (
        f"error: no sample id of {base} appears in {other}: nothing was compared "
        "(are these reports of the same samples?)\n"
    )


def test_a_repeated_sample_id_names_the_report_file(tmp_path: Path) -> None:
    """The error names the report given on the command line, not the samples file the
    report was made from."""
    base = write(tmp_path / "base.json", {"a": 1.0})
    data = json.loads(base.read_text(encoding="utf-8"))
    data["options"]["source"] = "answers.jsonl"
    data["samples"].append(data["samples"][0])
    bad = tmp_path / "another_name.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run("compare", str(base), str(bad))
    assert code == 2
    assert err.strip() == (
        f"error: {bad}: sample id 'a' occurs more than once; ids must be unique to compare"
    )
