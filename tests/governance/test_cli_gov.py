"""``veracity gov ...`` through a Typer app that mounts ours (as the lead does)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from veracity.cli.gov import app as gov_app
from veracity.governance.loaders import load_suite

root = typer.Typer()
root.add_typer(gov_app, name="gov")


@root.callback()
def _root() -> None:
    """Test root."""


runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(root, ["gov", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def case(cid: str, mode: str, **kw: Any) -> dict[str, Any]:
    return {"id": cid, "query": "What is the fee?", "contexts": ["The fee is 5 euros."],
            "expected_mode": mode, "difficulty": "easy", **kw}  # fmt: skip


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    d = tmp_path / "suite"
    files = {
        ("tier0_sanity", "abstention"): [case("t0_a", "abstain"), case("t0_b", "abstain")],
        ("tier1_core", "dispute"): [case("t1_d", "disputed")],
        ("tier1_core", "grounding"): [
            case(
                "t1_g",
                "trustworthy",
                forbidden_claims=[r"\$\d"],
                evaluation_config={"use_regex": True},
            )
        ],
    }
    for (tier, cat), cases in files.items():
        p = d / tier / f"{cat}.json"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps({"tier": tier, "cases": cases}), encoding="utf-8")
    return d


def responses(tmp_path: Path, rows: list[dict[str, Any]], name: str = "resp.jsonl") -> Path:
    p = tmp_path / name
    p.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return p


GOOD = [
    {"id": "t0_a", "answer": "Not in the context.", "mode": "abstain"},
    {"id": "t0_b", "answer": "Not in the context.", "mode": "abstain"},
    {"id": "t1_d", "answer": "Sources disagree.", "mode": "disputed"},
    {"id": "t1_g", "answer": "It costs $5.", "mode": "trustworthy"},
]


def test_score_jsonl_is_one_line_per_case_and_nothing_else(tmp_path: Path, suite: Path) -> None:
    code, out, _ = run("score", str(responses(tmp_path, GOOD)), "--suite", str(suite),
                       "--format", "jsonl")  # fmt: skip
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines == [
        {"id": "t0_a", "category": "abstention", "expected_mode": "abstain", "mode": "abstain",
         "passed": True, "reason": None},
        {"id": "t0_b", "category": "abstention", "expected_mode": "abstain", "mode": "abstain",
         "passed": True, "reason": None},
        {"id": "t1_d", "category": "dispute", "expected_mode": "disputed", "mode": "disputed",
         "passed": True, "reason": None},
        {"id": "t1_g", "category": "grounding", "expected_mode": "trustworthy",
         "mode": "trustworthy", "passed": False, "reason": "HALLUCINATION: ['$5']"},
    ]  # fmt: skip


def test_score_table_and_json(tmp_path: Path, suite: Path) -> None:
    resp = responses(tmp_path, GOOD)
    code, out, _ = run("score", str(resp), "--suite", str(suite), "--no-ci")
    assert code == 0
    assert "TIER 0 PASSED (gate 95%): 100.0% (2/2)" in out
    assert "TIER 1:  50.0% (1/2)" in out
    assert "t1_g: HALLUCINATION: ['$5']" in out
    code, out, _ = run("score", str(resp), "--suite", str(suite), "--no-ci", "--details")
    assert "    grounding/grounding" in out and "  by context_count:" in out
    code, out, _ = run("score", str(resp), "--suite", str(suite), "--format", "json",
                       "--scoring", "fitz-gov-4.1", "--seed", "3")  # fmt: skip
    data = json.loads(out)
    assert data["scoring"] == "fitz-gov-4.1"
    assert data["report"]["tier1"]["accuracy"]["value"] == 0.5
    assert data["report"]["tier1"]["bootstrap"] == {"n_resamples": 1000, "seed": 3}
    assert [r["id"] for r in data["results"]] == ["t0_a", "t0_b", "t1_d", "t1_g"]


def test_gate_failure_exit_1_and_no_gate(tmp_path: Path, suite: Path) -> None:
    rows = [dict(r, mode="trustworthy") if r["id"] == "t0_a" else r for r in GOOD]
    resp = responses(tmp_path, rows)
    code, out, _ = run("score", str(resp), "--suite", str(suite), "--no-ci")
    assert code == 1
    assert "TIER 0 FAILED" in out and "TIER 1: skipped" in out
    code, out, _ = run("score", str(resp), "--suite", str(suite), "--no-ci", "--no-gate")
    assert code == 0 and "TIER 1:  50.0%" in out


def test_missing_responses_are_noted_on_stderr(tmp_path: Path, suite: Path) -> None:
    resp = responses(tmp_path, [*GOOD[:3], {"id": "zzz", "answer": "x"}])
    code, out, err = run("score", str(resp), "--suite", str(suite), "--format", "jsonl")
    assert code == 0 and len(out.splitlines()) == 4
    assert "1 case(s) have no response" in err and "1 response(s) match no case" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--scoring", "loose"],
            "error: --scoring must be one of strict, fitz-gov-4.1, got 'loose'",
        ),
        (["--tier", "5"], "error: --tier must be 0, 1 or all, got '5'"),
        (
            ["--format", "xml"],
            "error: --format must be one of table, json, jsonl, markdown, junit, got 'xml'",
        ),
        (["--gate", "2"], "error: --gate must be between 0 and 1, got 2.0"),
    ],
)
def test_bad_usage_exit_2_one_line(
    tmp_path: Path, suite: Path, args: list[str], message: str
) -> None:
    code, out, err = run("score", str(responses(tmp_path, GOOD)), "--suite", str(suite), *args)
    assert code == 2 and out == ""
    assert err == message + "\n"


def test_bad_input_exit_2_markup_kept_verbatim(tmp_path: Path, suite: Path) -> None:
    bad = tmp_path / "x[red]y.jsonl"
    bad.write_text('{"id": "a", "answer": 5}\n', encoding="utf-8")
    code, out, err = run("score", str(bad), "--suite", str(suite))
    assert code == 2 and out == ""
    assert err == f"error: {bad}:1: field 'answer': must be a string or null, got int\n"
    code, _, err = run("score", str(tmp_path / "none.jsonl"), "--suite", str(suite))
    assert code == 2 and err.startswith("error: ") and "Traceback" not in err
    code, _, err = run("score", str(bad), "--suite", str(tmp_path / "nosuite"))
    assert code == 2 and err == f"error: {tmp_path / 'nosuite'}: no such file or directory\n"


def test_strict_load(tmp_path: Path, suite: Path) -> None:
    p = suite / "tier1_core" / "dispute.json"
    p.write_text(json.dumps({"cases": [case("t1_d", "abstain")]}), encoding="utf-8")
    resp = str(responses(tmp_path, GOOD))
    code, _, err = run("score", resp, "--suite", str(suite), "--format", "jsonl")
    assert code == 0 and "mode_category" not in err and "contradicts category" in err
    code, out, err = run("score", resp, "--suite", str(suite), "--strict-load")
    assert code == 2 and out == ""
    assert err.splitlines()[-1] == f"error: 1 problem(s) in the cases ({suite}) with --strict-load"


def test_validate(tmp_path: Path, suite: Path) -> None:
    code, out, _ = run("validate", str(suite))
    assert code == 0 and out.strip().endswith("4 cases in 3 files: 0 errors, 0 warnings -- OK")
    p = suite / "tier1_core" / "dispute.json"
    p.write_text(json.dumps({"cases": [case("t1_d", "DISPUTED"), case("t1_e", "disputed")]}))
    code, out, _ = run("validate", str(suite))
    assert code == 1
    assert f"{p}: case t1_d: error: field 'expected_mode': unknown mode 'DISPUTED'" in out
    code, out, _ = run("validate", str(suite), "--format", "json")
    assert code == 1 and json.loads(out)["n_errors"] == 1
    code, out, err = run("validate", str(tmp_path / "missing"))
    assert code == 1 and out == ""
    assert err == f"error: {tmp_path / 'missing'}: no such file or directory\n"


def test_stats(suite: Path) -> None:
    code, out, _ = run("stats", "--suite", str(suite), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["n_cases"] == 4
    assert data["counts"]["tier"] == {"0": 2, "1": 2}
    assert data["counts"]["expected_mode"] == {"abstain": 2, "disputed": 1, "trustworthy": 1}
    code, out, _ = run("stats", "--suite", str(suite), "--tier", "0")
    assert code == 0 and out.startswith(f"{suite}: 2 cases, 0 problems")


def test_compare_results_files(tmp_path: Path, suite: Path) -> None:
    a = responses(tmp_path, GOOD, "a.jsonl")
    b_rows = [dict(r, answer="Not given.") if r["id"] == "t1_g" else r for r in GOOD]
    b = responses(tmp_path, b_rows, "b.jsonl")
    code, out, _ = run("compare", str(a), str(b), "--suite", str(suite), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["fixed"] == ["t1_g"] and data["broken"] == []
    assert data["overall"]["delta"] == 0.25
    assert data["by_category"]["grounding"]["delta"] == 1.0
    # scored --format jsonl outputs compare without a suite
    out_a = tmp_path / "ra.jsonl"
    out_a.write_text(run("score", str(a), "--suite", str(suite), "-f", "jsonl")[1])
    out_b = tmp_path / "rb.jsonl"
    out_b.write_text(run("score", str(b), "--suite", str(suite), "-f", "jsonl")[1])
    code, out, _ = run("compare", str(out_a), str(out_b))
    assert code == 0
    assert "overall" in out and "delta +25.0 pts" in out and "fixed 1, broken 0" in out
    assert out.rstrip().endswith("fixed 1, broken 0\n  fixed: t1_g")  # which case it was


def test_run_builtin_system_appends_run_file(tmp_path: Path, suite: Path) -> None:
    run_file = tmp_path / "run.jsonl"
    code, out, _ = run("run", "--system", "builtin", "--suite", str(suite), "--run-file",
                       str(run_file), "--format", "jsonl", "-q")  # fmt: skip
    assert code in (0, 1)
    assert len(out.splitlines()) == 4
    assert sorted(json.loads(x)["id"] for x in run_file.read_text().splitlines()) == [
        "t0_a", "t0_b", "t1_d", "t1_g"
    ]  # fmt: skip
    code, _, err = run("run", "--suite", str(suite))
    assert code == 2 and err == "error: give --system, or --model with --base-url\n"


def test_demo() -> None:
    n = len(load_suite("builtin").cases)
    code, out, _ = run("demo", "--format", "jsonl")
    assert code == 0 and len(out.splitlines()) == n
    code, out, _ = run("demo", "--no-ci")
    assert code == 0
    assert out.startswith(
        f"governance: builtin governor on the builtin suite  (scoring strict, {n} cases)"
    )
    assert "TIER 0" in out and "TIER 1" in out and "Cohen's kappa" in out
    # the built-in governor's tier 0 is below 100%: a gate there fails, and --gated says so
    # by its exit code, as `gov run` and `gov score` do
    code, out, _ = run("demo", "--no-ci", "--gated", "--gate", "1.0")
    assert code == 1 and "TIER 0 FAILED" in out
    code, _, _ = run("demo", "--no-ci", "--gated", "--gate", "0.0")
    assert code == 0


def test_score_detect_mode_reads_missing_modes_from_the_wording(
    tmp_path: Path, suite: Path
) -> None:
    rows = [
        {"id": "t0_a", "answer": "The documents do not say what the fee is."},
        {"id": "t0_b", "answer": "Not in the context.", "mode": "abstain"},
        {"id": "t1_d", "answer": "The sources disagree: one says 5 euros, another 7 euros."},
        {"id": "t1_g", "answer": "The fee is 5 euros."},
    ]
    resp = str(responses(tmp_path, rows))
    code, out, _ = run("score", resp, "--suite", str(suite), "-f", "jsonl", "--no-gate")
    reasons = {r["id"]: r["reason"] for r in map(json.loads, out.splitlines())}
    assert reasons == {
        "t0_a": "no mode given",
        "t0_b": None,
        "t1_d": "no mode given",
        "t1_g": "no mode given",
    }
    code, out, _ = run("score", resp, "--suite", str(suite), "-f", "jsonl", "--detect-mode")
    got = {r["id"]: (r["mode"], r["passed"]) for r in map(json.loads, out.splitlines())}
    assert got == {
        "t0_a": ("abstain", True),
        "t0_b": ("abstain", True),
        "t1_d": ("disputed", True),
        "t1_g": ("trustworthy", True),
    }
    assert code == 0


def test_with_detected_mode_keeps_given_modes_and_errors() -> None:
    from veracity.governance.detect import with_detected_mode
    from veracity.governance.responses import GovResponse

    given = GovResponse("a", "The sources disagree.", "trustworthy")
    assert with_detected_mode(given) is given
    failed = GovResponse("b", None, None, error="timeout")
    assert with_detected_mode(failed) is failed
    read = with_detected_mode(GovResponse("c", "Sources disagree on the fee.", raw={"k": 1}))
    assert read.mode == "disputed"
    assert read.raw is not None
    assert (read.raw["k"], read.raw["mode_detected"]) == (1, True)


@pytest.mark.parametrize("timeout", ["nan", "inf", "1e400", "0", "-1", "100000"])
def test_run_refuses_a_timeout_out_of_range(timeout: str) -> None:
    # NaN and infinity had crashed the timer with a traceback and exit 1
    code, out, err = run("run", "--system", "builtin", "--tier", "0", "--no-ci", "-q",
                         "--timeout", timeout)  # fmt: skip
    assert (code, out) == (2, "")
    assert err == "error: --timeout must be a number of seconds from 0 to 86400\n"


def test_run_against_a_system_never_reached_exits_2() -> None:
    # a closed port on 127.0.0.1: every call fails, a setup error and not a failed gate
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/answer"
    code, _, err = run("run", "--system", url, "--tier", "0", "--no-ci", "-q",
                       "--timeout", "2", "--retries", "0")  # fmt: skip
    assert code == 2
    assert err.startswith(f"error: every call to the system failed; the first: cannot reach {url}")


def test_an_id_answered_again_differently_is_noted(tmp_path: Path, suite: Path) -> None:
    again = {"id": "t0_a", "answer": "It is there.", "mode": "trustworthy"}
    resp = responses(tmp_path, [*GOOD, again])
    code, out, err = run("score", str(resp), "--suite", str(suite), "--format", "jsonl",
                         "--no-gate")  # fmt: skip
    assert (code, len(out.splitlines())) == (0, 4)
    assert json.loads(out.splitlines()[0])["mode"] == "trustworthy"  # the last line wins
    assert err.count("\n") == 1 and err == (
        f"note: {resp}: 1 id(s) answered again with another answer or mode; the last line "
        "wins: 't0_a' (line 5)\n"
    )
