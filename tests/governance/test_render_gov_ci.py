"""``veracity gov -f markdown|junit``: the CI layouts of a governance run, on hand-built
results with every number worked out by hand, and through the CLI."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from veracity.cli import gov as gov_cli
from veracity.cli.gov import app as gov_app
from veracity.cli.gov_options import FORMATS
from veracity.governance.loaders import load_suite
from veracity.governance.metrics import TieredReport, evaluate_tiered
from veracity.governance.scoring import CaseResult
from veracity.render.governance_ci import render_gov_junit, render_gov_markdown

XSD = Path(__file__).parents[1] / "render" / "junit.xsd"
HOSTILE = "forbidden claim | <script>alert(1)</script>\x07 found"


def result(
    cid: str, cat: str, expected: str, mode: str | None, tier: str | None, **kw: Any
) -> CaseResult:
    passed = mode == expected and "reason" not in kw
    reason = kw.pop("reason", None if passed else f"expected {expected}, got {mode}")
    return CaseResult(cid, cat, expected, mode, passed, reason, tier=tier, **kw)


# tier 0: one pass, one wrong mode; tier 1: one pass, one forbidden claim (a hostile
# reason), one missing mode; one case without a tier
RESULTS = [
    result("t0_a", "abstention", "abstain", "abstain", "0"),
    result("t0_b", "dispute", "disputed", "trustworthy", "0"),
    result("t1_c", "grounding", "trustworthy", "trustworthy", "1"),
    result("t1_d", "grounding", "trustworthy", "trustworthy", "1", reason=HOSTILE),
    result("t1_e", "abstention", "abstain", None, "1", reason="no mode given"),
    result("x_f", "dispute", "disputed", "disputed", None),
]


def tiered(gated: bool, gate: float = 0.95, ci: bool = False) -> TieredReport:
    return evaluate_tiered(RESULTS, gate=gate, gated=gated, ci=ci)


def validate(xml: str) -> None:
    etree = pytest.importorskip("lxml.etree", reason="lxml (dev dependency) validates the XSD")
    schema = etree.XMLSchema(etree.parse(str(XSD)))
    assert schema.validate(etree.fromstring(xml.encode("utf-8"))), schema.error_log


# Tier 0 (t0_a abstain->abstain, t0_b disputed->trustworthy): accuracy 1/2; confusion
# rows trustworthy 0 0 0 0, disputed 1 0 0 0, abstain 0 0 1 0. trustworthy: TP 0 FP 1
# FN 0 -> P 0, R undefined, F1 0; disputed: TP 0 FP 0 FN 1 -> P undefined, R 0, F1 0;
# abstain: 1, 1, 1. macro-F1 = (0 + 0 + 1) / 3. kappa: N 2, p_o = 1/2,
# p_e = (1/2)(1/2) [abstain] = 1/4 -> (1/2 - 1/4) / (3/4) = 1/3. false-trustworthy:
# t0_b of {t0_a, t0_b} = 1/2.
TIER0 = """\
### Tier 0

Accuracy 50.0% (1/2).

| category | accuracy | passed/total |
| --- | ---: | ---: |
| abstention | 100.0% | 1/1 |
| dispute | 0.0% | 0/1 |

| mode | precision | recall | F1 | support |
| --- | ---: | ---: | ---: | ---: |
| trustworthy | 0.000 | n/a | 0.000 | 0 |
| disputed | n/a | 0.000 | 0.000 | 1 |
| abstain | 1.000 | 1.000 | 1.000 | 1 |

- macro-F1: 0.333
- Cohen's kappa: 0.333
- false-trustworthy rate: 50.0% (1/2)

Confusion matrix (rows expected, columns predicted):

| expected | trustworthy | disputed | abstain | none |
| --- | ---: | ---: | ---: | ---: |
| trustworthy | 0 | 0 | 0 | 0 |
| disputed | 1 | 0 | 0 | 0 |
| abstain | 0 | 0 | 1 | 0 |
"""

# Tier 1 (t1_c, t1_d trustworthy->trustworthy, t1_e abstain->none): accuracy 1/3;
# trustworthy 2/2/... -> P R F1 1; disputed never expected nor predicted -> n/a;
# abstain: TP 0 FP 0 FN 1 -> P n/a, R 0, F1 0. macro-F1 = (1 + 0) / 2 (defined ones).
# kappa: N 3, p_o = 2/3, p_e = (2/3)(2/3) [trustworthy] = 4/9 -> (2/9) / (5/9) = 0.4.
# false-trustworthy: t1_e (no mode) of {t1_e} = 0/1.
TIER1 = """\
### Tier 1

Accuracy 33.3% (1/3).

| category | accuracy | passed/total |
| --- | ---: | ---: |
| abstention | 0.0% | 0/1 |
| grounding | 50.0% | 1/2 |

| mode | precision | recall | F1 | support |
| --- | ---: | ---: | ---: | ---: |
| trustworthy | 1.000 | 1.000 | 1.000 | 2 |
| disputed | n/a | n/a | n/a | 0 |
| abstain | n/a | 0.000 | 0.000 | 1 |

- macro-F1: 0.500
- Cohen's kappa: 0.400
- false-trustworthy rate: 0.0% (0/1)

Confusion matrix (rows expected, columns predicted):

| expected | trustworthy | disputed | abstain | none |
| --- | ---: | ---: | ---: | ---: |
| trustworthy | 2 | 0 | 0 | 0 |
| disputed | 0 | 0 | 0 | 0 |
| abstain | 0 | 0 | 0 | 1 |
"""

# x_f alone: every value 1 where defined; kappa p_e = 1 -> undefined.
UNTIERED = """\
### Cases without a tier

Accuracy 100.0% (1/1).

| category | accuracy | passed/total |
| --- | ---: | ---: |
| dispute | 100.0% | 1/1 |

| mode | precision | recall | F1 | support |
| --- | ---: | ---: | ---: | ---: |
| trustworthy | n/a | n/a | n/a | 0 |
| disputed | 1.000 | 1.000 | 1.000 | 1 |
| abstain | n/a | n/a | n/a | 0 |

- macro-F1: 1.000
- Cohen's kappa: n/a
- false-trustworthy rate: 0.0% (0/1)

Confusion matrix (rows expected, columns predicted):

| expected | trustworthy | disputed | abstain | none |
| --- | ---: | ---: | ---: | ---: |
| trustworthy | 0 | 0 | 0 | 0 |
| disputed | 0 | 1 | 0 | 0 |
| abstain | 0 | 0 | 0 | 0 |
"""

FAILED = """\
### Failed cases (3)

| id | category | expected -> got | reason |
| --- | --- | --- | --- |
| t0\\_b | dispute | disputed -> trustworthy | expected disputed, got trustworthy |
| t1\\_d | grounding | trustworthy -> trustworthy | forbidden claim \\| &lt;script&gt;alert(1)&lt;/script&gt; found |
| t1\\_e | abstention | abstain -> none | no mode given |
"""


def test_markdown_gate_failed_skips_tier_1() -> None:
    md = render_gov_markdown(tiered(gated=True), RESULTS, "ci|<demo>")
    assert md == (
        "## veracity gov: ci\\|&lt;demo&gt;\n\n"
        "Scoring strict, 6 cases. Tier 0 **FAILED** (gate 95%): 50.0% (1/2); tier 1 skipped.\n\n"
        + TIER0
        + "\n### Tier 1\n\n"
        "Skipped: tier 0 is below the gate (use --no-gate to evaluate it).\n\n"
        + UNTIERED
        + "\n"
        + FAILED
    )


def test_markdown_gate_off_shows_tier_1() -> None:
    md = render_gov_markdown(tiered(gated=False), RESULTS, "run")
    assert md == (
        "## veracity gov: run\n\n"
        "Scoring strict, 6 cases. Tier 0 FAILED (gate off): 50.0% (1/2).\n\n"
        + TIER0
        + "\n"
        + TIER1
        + "\n"
        + UNTIERED
        + "\n"
        + FAILED
    )


def test_markdown_status_passed_and_not_applicable() -> None:
    md = render_gov_markdown(tiered(gated=True, gate=0.5), RESULTS, "run")
    assert (
        md.splitlines()[2] == "Scoring strict, 6 cases. Tier 0 **PASSED** (gate 50%): 50.0% (1/2)."
    )
    tier1_only = [r for r in RESULTS if r.tier == "1"]
    md = render_gov_markdown(evaluate_tiered(tier1_only, ci=False), tier1_only, "run")
    assert md.splitlines()[2] == "Scoring strict, 3 cases. Tier 0 n/a (no tier-0 cases)."
    assert render_gov_markdown(evaluate_tiered([]), [], "empty") == (
        "## veracity gov: empty\n\nScoring strict, 0 cases. Tier 0 n/a (no tier-0 cases).\n"
    )


def test_markdown_confidence_intervals_when_computed() -> None:
    lines = render_gov_markdown(tiered(gated=True, ci=True), RESULTS, "run").splitlines()
    # Wilson, z = 1.96, z² = 3.8415: 1/1 -> centre (1 + z²/2) / (1 + z²) = 0.6033, half
    # z² / (2(1 + z²)) = 0.3967 -> [20.7%, 100%]; 0/1 mirrors it -> [0%, 79.3%];
    # 1/2 -> centre 0.5, half z / (1 + z²/2) * sqrt(1/8 + z²/16) = 0.6711 * 0.6042
    # = 0.4055 -> [9.5%, 90.5%]
    assert lines[6] == "Accuracy 50.0% (1/2) [95% CI 9.5-90.5%]."
    assert lines[8:12] == [
        "| category | accuracy | passed/total | 95% CI |",
        "| --- | ---: | ---: | ---: |",
        "| abstention | 100.0% | 1/1 | 20.7-100.0% |",
        "| dispute | 0.0% | 0/1 | 0.0-79.3% |",
    ]
    assert "- false-trustworthy rate: 50.0% (1/2) [95% CI 9.5-90.5%]" in lines
    assert any(line.startswith("- macro-F1: 0.333 [95% CI ") for line in lines)


def test_markdown_lists_the_first_20_failed_cases() -> None:
    many = [result(f"c{i:02d}", "dispute", "disputed", "abstain", "0") for i in range(25)]
    lines = render_gov_markdown(evaluate_tiered(many, ci=False), many, "run").splitlines()
    start = lines.index("### Failed cases (25)")
    rows = [line for line in lines[start:] if line.startswith("| c")]
    assert rows[0] == "| c00 | dispute | disputed -> abstain | expected disputed, got abstain |"
    assert [r.split(" | ")[0] for r in rows] == [f"| c{i:02d}" for i in range(20)]
    assert lines[-2:] == ["", "… and 5 more"]


JUNIT_GATED = """\
<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="veracity.gov" tests="7" failures="2" errors="0" skipped="3" time="0">
  <testsuite name="veracity.gov.gates" tests="1" failures="1" errors="0" skipped="0" time="0">
    <properties>
      <property name="suite" value="ci|&lt;demo&gt;" />
      <property name="scoring" value="strict" />
      <property name="n_cases" value="6" />
      <property name="gate" value="0.95" />
      <property name="gated" value="true" />
    </properties>
    <testcase classname="veracity.gov.gates" name="tier0 accuracy &gt;= 0.95" time="0">
      <failure message="tier-0 accuracy 50.0% (1/2) is below the 95% gate" type="GateFailed">tier 1 skipped (use --no-gate to evaluate it)</failure>
    </testcase>
  </testsuite>
  <testsuite name="tier0" tests="2" failures="1" errors="0" skipped="0" time="0">
    <testcase classname="veracity.gov.abstention" name="t0_a" time="0" />
    <testcase classname="veracity.gov.dispute" name="t0_b" time="0">
      <failure message="expected disputed, got trustworthy" type="CaseFailed" />
    </testcase>
  </testsuite>
  <testsuite name="tier1" tests="3" failures="0" errors="0" skipped="3" time="0">
    <testcase classname="veracity.gov.grounding" name="t1_c" time="0">
      <skipped message="tier 1 skipped: tier 0 is below the 95% gate" />
    </testcase>
    <testcase classname="veracity.gov.grounding" name="t1_d" time="0">
      <skipped message="tier 1 skipped: tier 0 is below the 95% gate" />
    </testcase>
    <testcase classname="veracity.gov.abstention" name="t1_e" time="0">
      <skipped message="tier 1 skipped: tier 0 is below the 95% gate" />
    </testcase>
  </testsuite>
  <testsuite name="untiered" tests="1" failures="0" errors="0" skipped="0" time="0">
    <testcase classname="veracity.gov.dispute" name="x_f" time="0" />
  </testsuite>
</testsuites>
"""


def test_junit_gate_failed_exact_bytes_and_schema() -> None:
    xml = render_gov_junit(tiered(gated=True), RESULTS, "ci|<demo>")
    assert xml == JUNIT_GATED
    assert render_gov_junit(tiered(gated=True), RESULTS, "ci|<demo>") == xml  # same bytes
    validate(xml)


def outcomes(root: ET.Element, suite: str) -> list[tuple[str, str, str, str]]:
    """(classname, name, outcome, message) of each test case of ``suite``."""
    out = []
    for c in root.findall(f"testsuite[@name='{suite}']/testcase"):
        child = next(iter(c), None)
        tag = "pass" if child is None else child.tag
        message = "" if child is None else child.get("message", "")
        out.append((c.get("classname", ""), c.get("name", ""), tag, message))
    return out


def test_junit_gate_off_fails_each_failed_case_with_its_reason() -> None:
    xml = render_gov_junit(tiered(gated=False), RESULTS, "run")
    validate(xml)
    root = ET.fromstring(xml)
    assert (root.get("tests"), root.get("failures"), root.get("skipped")) == ("7", "3", "1")
    assert outcomes(root, "veracity.gov.gates") == [
        (
            "veracity.gov.gates",
            "tier0 accuracy >= 0.95",
            "skipped",
            "gate off: tier-0 accuracy 50.0% (1/2), gate 95% not enforced",
        )
    ]
    assert outcomes(root, "tier1") == [
        ("veracity.gov.grounding", "t1_c", "pass", ""),
        (
            "veracity.gov.grounding",
            "t1_d",
            "failure",
            # the control character is replaced (XML 1.0 forbids it), the rest kept as text
            "expected trustworthy, got trustworthy: forbidden claim | <script>alert(1)</script>\ufffd found",
        ),
        ("veracity.gov.abstention", "t1_e", "failure", "expected abstain, got none: no mode given"),
    ]
    assert '&lt;script&gt;alert(1)&lt;/script&gt;\ufffd found"' in xml
    suites = {s.get("name"): (s.get("tests"), s.get("failures"), s.get("skipped")) for s in root}
    # the tiers' sizes equal what evaluate_tiered counted in each
    assert suites == {
        "veracity.gov.gates": ("1", "0", "1"),
        "tier0": ("2", "1", "0"),
        "tier1": ("3", "2", "0"),
        "untiered": ("1", "0", "0"),
    }


def test_junit_gate_passed_and_not_applicable() -> None:
    root = ET.fromstring(render_gov_junit(tiered(gated=True, gate=0.5), RESULTS, "run"))
    assert outcomes(root, "veracity.gov.gates") == [
        ("veracity.gov.gates", "tier0 accuracy >= 0.5", "pass", "")
    ]
    tier1_only = [r for r in RESULTS if r.tier == "1"]
    xml = render_gov_junit(evaluate_tiered(tier1_only, ci=False), tier1_only, "run")
    validate(xml)
    root = ET.fromstring(xml)
    assert [s.get("name") for s in root] == ["veracity.gov.gates", "tier1"]
    assert outcomes(root, "veracity.gov.gates") == [
        (
            "veracity.gov.gates",
            "tier0 accuracy >= 0.95",
            "skipped",
            "no tier-0 cases: the gate does not apply",
        )
    ]


# the CLI, with a Typer app that mounts ours (as tests/governance/test_cli_gov.py does)
root_app = typer.Typer()
root_app.add_typer(gov_app, name="gov")


@root_app.callback()
def _root() -> None:
    """Test root."""


def run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(root_app, ["gov", *args])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.stdout


def test_cli_demo_markdown_and_junit() -> None:
    n = len(load_suite("builtin").cases)
    code, out = run("demo", "--no-ci", "-f", "markdown")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "## veracity gov: builtin governor on the builtin suite"
    assert lines[2].startswith(f"Scoring strict, {n} cases. Tier 0 ")
    assert lines[2].count("(gate off)") == 1
    assert "### Tier 0" in lines and "### Tier 1" in lines
    code, out = run("demo", "--no-ci", "-f", "junit")
    assert code == 0
    validate(out)
    root = ET.fromstring(out)
    assert root.get("name") == "veracity.gov" and root.get("tests") == str(n + 1)
    assert [s.get("name") for s in root] == ["veracity.gov.gates", "tier0", "tier1"]
    assert outcomes(root, "veracity.gov.gates")[0][2] == "skipped"  # the demo's gate is off


def test_cli_demo_gated_junit_exits_1_when_the_gate_fails() -> None:
    # the built-in governor's tier 0 is below 100% (test_cli_gov.test_demo)
    code, out = run("demo", "--no-ci", "--gated", "--gate", "1.0", "-f", "junit")
    assert code == 1
    root = ET.fromstring(out)
    gate = outcomes(root, "veracity.gov.gates")[0]
    assert gate[:3] == ("veracity.gov.gates", "tier0 accuracy >= 1", "failure")
    assert gate[3].startswith("tier-0 accuracy ") and gate[3].endswith(" is below the 100% gate")
    tier1 = root.find("testsuite[@name='tier1']")
    assert tier1 is not None and tier1.get("skipped") == tier1.get("tests") != "0"
    code, out = run("demo", "--no-ci", "--gated", "--gate", "1.0", "-f", "markdown")
    assert code == 1 and "Tier 0 **FAILED** (gate 100%)" in out.splitlines()[2]
    code, _ = run("demo", "--no-ci", "--gated", "--gate", "0.0", "-f", "junit")
    assert code == 0


def test_cli_format_error_lists_the_five_formats() -> None:
    assert tuple(gov_cli._RENDERERS) == FORMATS  # each format has its renderer
    res = CliRunner().invoke(root_app, ["gov", "demo", "--format", "xml"])
    assert res.exit_code == 2 and res.stdout == ""
    assert res.stderr == (
        "error: --format must be one of table, json, jsonl, markdown, junit, got 'xml'\n"
    )
    res = CliRunner().invoke(root_app, ["gov", "score", "--help"], env={"COLUMNS": "200"})
    assert "table, json, jsonl (one line per case), markdown" in res.stdout
    assert "or junit (JUnit XML for CI)." in res.stdout
