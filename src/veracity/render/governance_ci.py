"""Governance results for CI: a Markdown summary and JUnit XML (``veracity gov -f
markdown|junit``).

Markdown (for ``$GITHUB_STEP_SUMMARY`` or a pull-request comment)::

    ## veracity gov: LABEL
    Scoring S, N cases. Tier 0 **PASSED** / **FAILED** (gate 95%) | FAILED (gate off)
        | n/a (no tier-0 cases): accuracy (passed/total)[; tier 1 skipped].
    ### Tier 0 | Tier 1 | Cases without a tier     (each tier that has cases)
      accuracy line (95% CI when computed)
      | category | accuracy | passed/total | 95% CI |          (CI column when computed)
      | mode | precision | recall | F1 | support |
      - macro-F1, Cohen's kappa, false-trustworthy rate
      | expected | trustworthy | disputed | abstain | none |   (confusion; "none" in strict)
    ### Tier 1 + "Skipped: ..."                   (when the gate skipped it)
    ### Failed cases (K)
      | id | category | expected -> got | reason |           (first MAX_FAILED)
      … and M more

User text (label, ids, categories, reasons) goes through
:func:`veracity.render.markdown.md_text`, so a ``|`` cannot break a table and
``<script>`` shows as text. Undetermined values print as ``n/a`` (as in the table
format); a missing mode as ``none`` (the confusion matrix's column).

JUnit XML (valid against the common JUnit schema the eval renderer is tested with)::

    <testsuites name="veracity.gov" tests failures errors skipped time>
      <testsuite name="veracity.gov.gates">     properties: suite, scoring, n_cases, gate,
                                                 gated; one <testcase> for the tier-0 gate:
                                                 <failure> when it failed with the gate on,
                                                 <skipped> when off or not applicable
      <testsuite name="tier0">                   one <testcase classname="veracity.gov.CATEGORY"
      <testsuite name="tier1">                   name="CASE ID" time="0"> per case, in input
      <testsuite name="untiered">                order; <failure message="expected X, got Y:
                                                 reason"> when the case failed; tier-1 cases
                                                 are <skipped> when the gate skipped tier 1

A suite is written only when its tier has cases. Every suite and the root carry
``tests``, ``failures``, ``errors`` (0) and ``skipped``; ``time`` is always ``0``, so
the same results give the same bytes. Text goes through
:func:`veracity.render.junit.xml_safe` (characters XML 1.0 forbids become U+FFFD).

Pure functions: nothing here computes a score, they lay out the :class:`TieredReport`
and the :class:`CaseResult` list they are given.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from veracity.governance.bootstrap import CI
from veracity.governance.cases import CATEGORIES, MODES
from veracity.governance.confusion import NONE_MODE
from veracity.governance.metrics import GovMetrics, TieredReport, split_tiers
from veracity.governance.rates import Rate
from veracity.governance.scoring import CaseResult
from veracity.render.junit import add_case, add_suite, junit_document, xml_safe
from veracity.render.markdown import md_text

__all__ = ["MAX_FAILED", "render_gov_junit", "render_gov_markdown"]

MAX_FAILED = 20
"""Failed cases listed in the Markdown summary (the JUnit XML lists every case)."""

_TIER_TITLES = {"tier0": "Tier 0", "tier1": "Tier 1", "untiered": "Cases without a tier"}


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def _num(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def _ci_pct(ci: CI | None) -> str:
    return "n/a" if ci is None else f"{100 * ci[0]:.1f}-{100 * ci[1]:.1f}%"


def _rate(r: Rate) -> str:
    """``88.9% (16/18)``, with `` [95% CI 67.2-96.9%]`` when the interval was computed."""
    ci = "" if r.ci is None else f" [95% CI {_ci_pct(r.ci)}]"
    return f"{_pct(r.value)} ({r.passed}/{r.total}){ci}"


def _gate_pct(gate: float) -> str:
    return f"{100 * gate:g}%"


def _scoring(results: Sequence[CaseResult]) -> str:
    return results[0].scoring if results else "strict"


def _got(r: CaseResult) -> str:
    return r.mode if r.mode is not None else NONE_MODE


def _status_line(report: TieredReport, results: Sequence[CaseResult]) -> str:
    head = f"Scoring {md_text(_scoring(results))}, {len(results)} cases. "
    if report.tier0 is None:
        return head + "Tier 0 n/a (no tier-0 cases)."
    word = {True: "PASSED", False: "FAILED", None: "n/a"}[report.tier0_passed]
    if report.gated:
        status = f"Tier 0 **{word}** (gate {_gate_pct(report.gate)})"
    else:
        status = f"Tier 0 {word} (gate off)"
    acc = report.tier0.accuracy
    line = f"{head}{status}: {_pct(acc.value)} ({acc.passed}/{acc.total})"
    return line + ("; tier 1 skipped." if report.tier1_skipped else ".")


def _category_table(m: GovMetrics) -> list[str]:
    with_ci = any(r.ci is not None for r in m.by_category.values())
    head = "| category | accuracy | passed/total |" + (" 95% CI |" if with_ci else "")
    rule = "| --- | ---: | ---: |" + (" ---: |" if with_ci else "")
    lines = [head, rule]
    for cat in [*CATEGORIES, *sorted(set(m.by_category) - set(CATEGORIES))]:
        r = m.by_category.get(cat)
        if r is None:
            continue
        row = f"| {md_text(cat)} | {_pct(r.value)} | {r.passed}/{r.total} |"
        lines.append(row + (f" {_ci_pct(r.ci)} |" if with_ci else ""))
    return lines


def _mode_table(m: GovMetrics) -> list[str]:
    lines = ["| mode | precision | recall | F1 | support |", "| --- | ---: | ---: | ---: | ---: |"]
    for mode in MODES:
        v = m.per_mode[mode]
        lines.append(
            f"| {mode} | {_num(v['precision'])} | {_num(v['recall'])} | {_num(v['f1'])} "
            f"| {v['support']} |"
        )
    return lines


def _confusion_table(m: GovMetrics) -> list[str]:
    if not m.confusion:
        return []
    cols = list(next(iter(m.confusion.values())))
    lines = [
        "Confusion matrix (rows expected, columns predicted):",
        "",
        "| expected | " + " | ".join(md_text(c) for c in cols) + " |",
        "| --- |" + " ---: |" * len(cols),
    ]
    for exp, row in m.confusion.items():
        lines.append(f"| {md_text(exp)} | " + " | ".join(str(row[c]) for c in cols) + " |")
    return lines


def _tier_block(m: GovMetrics, title: str) -> list[str]:
    f1_ci = m.macro_f1_ci
    f1 = _num(m.macro_f1) + ("" if f1_ci is None else f" [95% CI {f1_ci[0]:.3f}-{f1_ci[1]:.3f}]")
    return [
        f"### {title}",
        "",
        f"Accuracy {_rate(m.accuracy)}.",
        "",
        *_category_table(m),
        "",
        *_mode_table(m),
        "",
        f"- macro-F1: {f1}",
        f"- Cohen's kappa: {_num(m.kappa)}",
        f"- false-trustworthy rate: {_rate(m.false_trustworthy)}",
        "",
        *_confusion_table(m),
        "",
    ]


def render_gov_markdown(report: TieredReport, results: Sequence[CaseResult], label: str) -> str:
    """The run as GitHub-flavoured Markdown: a status line, each tier's tables, and the
    first :data:`MAX_FAILED` failed cases (layout in the module docstring)."""
    out = [f"## veracity gov: {md_text(label)}", "", _status_line(report, results), ""]
    tiers = (("tier0", report.tier0), ("tier1", report.tier1), ("untiered", report.other))
    for key, m in tiers:
        if m is not None:
            out += _tier_block(m, _TIER_TITLES[key])
        elif key == "tier1" and report.tier1_skipped:
            out += [
                "### Tier 1",
                "",
                "Skipped: tier 0 is below the gate (use --no-gate to evaluate it).",
                "",
            ]
    failed = [r for r in results if not r.passed]
    if failed:
        out += [
            f"### Failed cases ({len(failed)})",
            "",
            "| id | category | expected -> got | reason |",
            "| --- | --- | --- | --- |",
        ]
        for r in failed[:MAX_FAILED]:
            out.append(
                f"| {md_text(r.id, 80)} | {md_text(r.category)} "
                f"| {md_text(r.expected_mode)} -> {md_text(_got(r))} "
                f"| {md_text(r.reason) if r.reason else '-'} |"
            )
        if len(failed) > MAX_FAILED:
            out += ["", f"… and {len(failed) - MAX_FAILED} more"]
    return "\n".join(out).rstrip() + "\n"


def _failure_message(r: CaseResult) -> str:
    """``expected X, got Y: reason``; a reason that already starts with ``expected X, got
    Y`` is not repeated after it."""
    head = f"expected {r.expected_mode}, got {_got(r)}"
    reason = r.reason or ""
    if reason.lower().startswith(head.lower()):
        reason = reason[len(head) :].lstrip(" ;:,")
    return f"{head}: {reason}" if reason else head


def _gate_case(gates: ET.Element, report: TieredReport) -> None:
    gate = _gate_pct(report.gate)
    case = add_case(gates, "veracity.gov.gates", f"tier0 accuracy >= {report.gate:g}")
    m0 = report.tier0
    if m0 is None:
        ET.SubElement(case, "skipped", {"message": "no tier-0 cases: the gate does not apply"})
        return
    acc = f"tier-0 accuracy {_pct(m0.accuracy.value)} ({m0.accuracy.passed}/{m0.accuracy.total})"
    if not report.gated:
        message = f"gate off: {acc}, gate {gate} not enforced"
        ET.SubElement(case, "skipped", {"message": message})
    elif report.tier0_passed is False:
        failure = ET.SubElement(
            case, "failure", {"message": f"{acc} is below the {gate} gate", "type": "GateFailed"}
        )
        if report.tier1_skipped:
            failure.text = "tier 1 skipped (use --no-gate to evaluate it)"


def render_gov_junit(report: TieredReport, results: Sequence[CaseResult], label: str) -> str:
    """The run as JUnit XML: the tier-0 gate, then one test case per case in its tier's
    suite (layout in the module docstring)."""
    root = ET.Element("testsuites", {"name": "veracity.gov"})
    gates = add_suite(root, "veracity.gov.gates")
    props = ET.SubElement(gates, "properties")
    for key, value in (
        ("suite", label),
        ("scoring", _scoring(results)),
        ("n_cases", str(len(results))),
        ("gate", f"{report.gate:g}"),
        ("gated", "true" if report.gated else "false"),
    ):
        ET.SubElement(props, "property", {"name": key, "value": xml_safe(value)})
    _gate_case(gates, report)
    suites = [gates]
    skip_t1 = f"tier 1 skipped: tier 0 is below the {_gate_pct(report.gate)} gate"
    for name, group in split_tiers(results).items():
        if not group:
            continue
        suite = add_suite(root, name)
        suites.append(suite)
        for r in group:
            case = add_case(suite, f"veracity.gov.{r.category}", r.id)
            if name == "tier1" and report.tier1_skipped:
                ET.SubElement(case, "skipped", {"message": skip_t1})
            elif not r.passed:
                ET.SubElement(
                    case,
                    "failure",
                    {"message": xml_safe(_failure_message(r)), "type": "CaseFailed"},
                )
    return junit_document(root, suites)
