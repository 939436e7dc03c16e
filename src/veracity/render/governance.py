"""Governance results -> text: the tiered report table, results JSON / JSONL, and the
tables of ``veracity gov validate``, ``stats`` and ``compare``.

Pure functions from the governance library's results to strings; they never compute a
score, only lay out what they are given. Percentages print as ``NN.N%``, undetermined
values as ``n/a``; JSON is finite (``allow_nan=False`` where results are serialised).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from veracity.governance.cases import CATEGORIES, MODES
from veracity.governance.comparison import Comparison
from veracity.governance.loaders import LoadResult
from veracity.governance.metrics import GovMetrics, TieredReport
from veracity.governance.scoring import CaseResult
from veracity.governance.suite_stats import SuiteStats
from veracity.governance.validate import ValidationReport

__all__ = [
    "render_comparison_table",
    "render_metrics_lines",
    "render_results_json",
    "render_results_jsonl",
    "render_stats_json",
    "render_stats_table",
    "render_tiered_table",
    "render_validation_table",
]


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:5.1f}%"


def _ci(ci: tuple[float, float] | None) -> str:
    return "" if ci is None else f"  [95% CI {100 * ci[0]:.1f}-{100 * ci[1]:.1f}]"


def _num(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def _breakdown_lines(m: GovMetrics) -> list[str]:
    lines = ["", "  by subcategory:"]
    for cat, subs in m.by_subcategory.items():
        lines += [
            f"    {cat + '/' + k:<44} {_pct(r.value)} ({r.passed}/{r.total})"
            for k, r in subs.items()
        ]
    for attr, values in m.by_attribute.items():
        lines += ["", f"  by {attr}:"]
        lines += [f"    {k:<20} {_pct(r.value)} ({r.passed}/{r.total})" for k, r in values.items()]
    return lines


def _confusion_lines(m: GovMetrics) -> list[str]:
    cols = list(next(iter(m.confusion.values())).keys()) if m.confusion else []
    lines = ["", "  confusion (rows expected, columns predicted):"]
    lines.append("    " + " " * 12 + "".join(f"{c[:11]:>12}" for c in cols))
    for exp, row in m.confusion.items():
        lines.append(f"    {exp:<12}" + "".join(f"{row[c]:>12}" for c in cols))
    return lines


def render_metrics_lines(m: GovMetrics, title: str, details: bool = False) -> list[str]:
    """One tier's block: accuracy, by category (and difficulty; with ``details`` also by
    subcategory and attribute), confusion, per-mode P/R/F1, macro-F1, kappa, and the
    false-trustworthy rate."""
    lines = [
        f"{title}: {_pct(m.accuracy.value)} ({m.accuracy.passed}/{m.accuracy.total})"
        f"{_ci(m.accuracy.ci)}",
        "",
        "  by category:",
    ]
    for cat in [*CATEGORIES, *sorted(set(m.by_category) - set(CATEGORIES))]:
        r = m.by_category.get(cat)
        if r is not None:
            lines.append(f"    {cat:<20} {_pct(r.value)} ({r.passed}/{r.total}){_ci(r.ci)}")
    if m.by_difficulty:
        lines += ["", "  by difficulty:"]
        lines += [
            f"    {k:<20} {_pct(r.value)} ({r.passed}/{r.total})"
            for k, r in m.by_difficulty.items()
        ]
    if details:
        lines += _breakdown_lines(m)
    lines += _confusion_lines(m)
    lines += ["", "  per mode:        precision   recall       F1   support"]
    for mode in MODES:
        v = m.per_mode[mode]
        lines.append(
            f"    {mode:<12} {_num(v['precision']):>10} {_num(v['recall']):>8}"
            f" {_num(v['f1']):>8} {v['support']:>9}"
        )
    f1_ci = m.macro_f1_ci
    ft = m.false_trustworthy
    lines += [
        "",
        f"  macro-F1 {_num(m.macro_f1)}"
        + ("" if f1_ci is None else f" [95% CI {f1_ci[0]:.3f}-{f1_ci[1]:.3f}]")
        + f"   Cohen's kappa {_num(m.kappa)}",
        f"  false-trustworthy rate {_pct(ft.value)} ({ft.passed}/{ft.total}){_ci(ft.ci)}",
    ]
    return lines


def render_tiered_table(
    report: TieredReport, results: Sequence[CaseResult], label: str, details: bool = False
) -> str:
    """The text report of a run: a header, tier 0 with its gate status, tier 1 (or why it
    was skipped), untiered cases, and the first 10 failed cases with their reasons."""
    scoring = results[0].scoring if results else "strict"
    lines = [f"governance: {label}  (scoring {scoring}, {len(results)} cases)", ""]
    if report.tier0 is not None:
        status = {True: "PASSED", False: "FAILED", None: "n/a"}[report.tier0_passed]
        gate = f"gate {100 * report.gate:.0f}%" if report.gated else "gate off"
        lines += [*render_metrics_lines(report.tier0, f"TIER 0 {status} ({gate})", details), ""]
    if report.tier1 is not None:
        lines += [*render_metrics_lines(report.tier1, "TIER 1", details), ""]
    elif report.tier1_skipped:
        lines += ["TIER 1: skipped (tier 0 below the gate; use --no-gate to evaluate it)", ""]
    if report.other is not None:
        lines += [*render_metrics_lines(report.other, "cases without a tier", details), ""]
    failed = [r for r in results if not r.passed]
    if failed:
        lines.append(f"failed cases ({len(failed)}), first 10:")
        lines += [f"  {r.id}: {r.reason}" for r in failed[:10]]
    return "\n".join(lines).rstrip() + "\n"


def render_results_jsonl(results: Sequence[CaseResult]) -> str:
    """One line per case: ``{"id","category","expected_mode","mode","passed","reason"}``."""
    return "".join(
        json.dumps(r.to_record(), ensure_ascii=False, allow_nan=False) + "\n" for r in results
    )


def render_results_json(
    results: Sequence[CaseResult],
    report: TieredReport,
    label: str,
    problems: LoadResult | None = None,
) -> str:
    """``{"suite", "scoring", "report", "problems", "results"}``, indented by 2."""
    data: dict[str, Any] = {
        "suite": label,
        "scoring": results[0].scoring if results else None,
        "report": report.to_dict(),
        "problems": [p.to_dict() for p in problems.problems] if problems else [],
        "results": [r.to_dict() for r in results],
    }
    return json.dumps(data, ensure_ascii=False, allow_nan=False, indent=2)


def render_validation_table(report: ValidationReport) -> str:
    """Each problem on its line, then ``N cases in M files: E errors, W warnings``."""
    lines = [str(p) for p in report.problems]
    lines.append(
        f"{report.n_cases} cases in {report.n_files} files: {len(report.errors)} errors,"
        f" {len(report.warnings)} warnings" + ("" if report.problems else " -- OK")
    )
    return "\n".join(lines)


def render_stats_json(label: str, stats: SuiteStats, n_problems: int) -> str:
    """``{"suite", "n_cases", "n_problems", "counts", "subcategories_per_category"}``."""
    data = {
        "suite": label,
        "n_cases": stats.n_cases,
        "n_problems": n_problems,
        "counts": {k: dict(sorted(v.items())) for k, v in stats.counts.items()},
        "subcategories_per_category": stats.subcategories_per_category,
    }
    return json.dumps(data, ensure_ascii=False, indent=2)


def render_stats_table(label: str, stats: SuiteStats, n_problems: int) -> str:
    """A header line, then each group's counts (values sorted) and subcategory counts."""
    lines = [f"{label}: {stats.n_cases} cases, {n_problems} problems"]
    for name, counter in stats.counts.items():
        lines.append(f"\n{name}:")
        lines += [f"  {k:<24} {v:>6}" for k, v in sorted(counter.items())]
    lines.append("\nsubcategories per category:")
    lines += [f"  {k:<24} {v:>6}" for k, v in stats.subcategories_per_category.items()]
    return "\n".join(lines)


def _comparison_row(name: str, d: dict[str, Any]) -> str:
    band = d["ci95"]
    ci = "" if band is None else f"  [{100 * band[0]:+.1f}, {100 * band[1]:+.1f}]"
    return (
        f"  {name:<20} {_pct(d['a'])} -> {_pct(d['b'])}  delta {100 * d['delta']:+.1f} pts"
        f"{ci}  (n={d['n']})"
    )


def render_comparison_table(comp: Comparison, label_a: str, label_b: str) -> str:
    """``compare: A -> B`` with common/only counts, the overall and per-category rows
    (accuracy A -> B, delta in points, 95 % interval, n), and fixed / broken counts."""
    lines = [
        f"compare: {label_a} -> {label_b}  ({comp.n_common} common cases;"
        f" only in A {comp.only_a}, only in B {comp.only_b})",
        _comparison_row("overall", comp.overall),
    ]
    lines += [_comparison_row(cat, d) for cat, d in comp.by_category.items()]
    lines.append(f"fixed {len(comp.fixed)}, broken {len(comp.broken)}")
    for word, ids in (("broken", comp.broken), ("fixed", comp.fixed)):
        if ids:  # which cases to look at first: the broken ones
            more = f" ... and {len(ids) - _MAX_IDS} more" if len(ids) > _MAX_IDS else ""
            lines.append(f"  {word}: {', '.join(list(ids)[:_MAX_IDS])}{more}")
    return "\n".join(lines)


_MAX_IDS = 20
"""Case ids listed after the fixed / broken counts (the JSON format lists them all)."""
