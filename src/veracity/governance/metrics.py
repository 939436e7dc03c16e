"""The metrics of one governance run, whole and per tier (fitz-gov's tier-0 gate).

:class:`GovMetrics` gathers accuracy and its slices (category, subcategory,
difficulty, attributes), the confusion matrix, per-mode precision / recall / F1,
macro-F1, Cohen's kappa and the false-trustworthy rate, with bootstrap intervals.
:class:`TieredReport` applies fitz-gov's gate: tier 0 must pass before tier 1 counts.

The pieces live in small modules and are re-exported here: :mod:`.rates` (``Rate``,
accuracy, false-trustworthy rate), :mod:`.confusion` (confusion matrix, P/R/F1,
kappa), :mod:`.bootstrap` (intervals) and :mod:`.comparison` (two runs compared).

All functions are pure and deterministic (bootstrap resampling uses a seeded
``random.Random``). Undetermined values are ``None``, never NaN.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from veracity.errors import ConfigError
from veracity.governance.bootstrap import CI, bootstrap_ci
from veracity.governance.comparison import Comparison, compare_runs
from veracity.governance.confusion import (
    NONE_MODE,
    cohen_kappa,
    confusion_matrix,
    macro_f1,
    per_mode_prf,
)
from veracity.governance.rates import (
    Rate,
    accuracy,
    false_trustworthy_rate,
    rates_by_group,
    wilson_ci,
)
from veracity.governance.scoring import CaseResult

__all__ = [
    "DEFAULT_GATE",
    "NONE_MODE",
    "Comparison",
    "GovMetrics",
    "Rate",
    "TieredReport",
    "accuracy",
    "bootstrap_ci",
    "cohen_kappa",
    "compare_runs",
    "compute_metrics",
    "confusion_matrix",
    "evaluate_tiered",
    "false_trustworthy_rate",
    "per_mode_prf",
    "split_tiers",
]

DEFAULT_GATE = 0.95


@dataclass
class GovMetrics:
    """Everything computed from one list of results (see :func:`compute_metrics`)."""

    scoring: str
    accuracy: Rate
    by_category: dict[str, Rate]
    by_subcategory: dict[str, dict[str, Rate]]
    by_difficulty: dict[str, Rate]
    by_attribute: dict[str, dict[str, Rate]]
    confusion: dict[str, dict[str, int]]
    per_mode: dict[str, dict[str, Any]]
    macro_f1: float | None
    macro_f1_ci: CI | None
    kappa: float | None
    false_trustworthy: Rate
    n_resamples: int = 0
    seed: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (finite floats and None only)."""
        return {
            "scoring": self.scoring,
            "accuracy": self.accuracy.to_dict(),
            "by_category": {k: v.to_dict() for k, v in self.by_category.items()},
            "by_subcategory": {
                c: {k: v.to_dict() for k, v in subs.items()}
                for c, subs in self.by_subcategory.items()
            },
            "by_difficulty": {k: v.to_dict() for k, v in self.by_difficulty.items()},
            "by_attribute": {
                a: {k: v.to_dict() for k, v in vals.items()}
                for a, vals in self.by_attribute.items()
            },
            "confusion": self.confusion,
            "per_mode": self.per_mode,
            "macro_f1": self.macro_f1,
            "macro_f1_ci95": list(self.macro_f1_ci) if self.macro_f1_ci else None,
            "kappa": self.kappa,
            "false_trustworthy_rate": self.false_trustworthy.to_dict(),
            "bootstrap": {"n_resamples": self.n_resamples, "seed": self.seed},
        }


def compute_metrics(
    results: Sequence[CaseResult], *, ci: bool = True, n_resamples: int = 1000, seed: int = 0
) -> GovMetrics:
    """All metrics of a run; ``ci=False`` skips the bootstrap intervals (faster)."""
    scorings = {r.scoring for r in results}
    if len(scorings) > 1:
        raise ConfigError(f"results mix scorings {sorted(scorings)}; score them separately")
    scoring = scorings.pop() if scorings else "strict"
    by_cat: dict[str, list[CaseResult]] = defaultdict(list)
    by_sub: dict[str, dict[str, list[CaseResult]]] = defaultdict(lambda: defaultdict(list))
    by_diff: dict[str, list[CaseResult]] = defaultdict(list)
    by_attr: dict[str, dict[str, list[CaseResult]]] = defaultdict(lambda: defaultdict(list))
    for r in results:
        by_cat[r.category].append(r)
        by_sub[r.category][r.subcategory].append(r)
        by_diff[r.difficulty].append(r)
        for attr, value in r.attributes.items():
            by_attr[attr][value].append(r)
    matrix = confusion_matrix(results)
    prf = per_mode_prf(matrix)
    boot = {"n_resamples": n_resamples, "seed": seed}

    def f1_of(rs: Sequence[CaseResult]) -> float | None:
        return macro_f1(per_mode_prf(confusion_matrix(rs)))

    overall = accuracy(results)
    ft = false_trustworthy_rate(results)
    if ci:  # rates: Wilson intervals; macro-F1 (not a proportion): bootstrap
        overall = Rate(overall.passed, overall.total, wilson_ci(overall.passed, overall.total))
        ft = Rate(ft.passed, ft.total, wilson_ci(ft.passed, ft.total))
    return GovMetrics(
        scoring=scoring,
        accuracy=overall,
        by_category=rates_by_group(by_cat, ci, n_resamples, seed),
        by_subcategory={c: rates_by_group(s, False, 0, seed) for c, s in sorted(by_sub.items())},
        by_difficulty=rates_by_group(by_diff, False, 0, seed),
        by_attribute={a: rates_by_group(v, False, 0, seed) for a, v in sorted(by_attr.items())},
        confusion=matrix,
        per_mode=prf,
        macro_f1=macro_f1(prf),
        macro_f1_ci=bootstrap_ci(results, f1_of, **boot) if ci else None,
        kappa=cohen_kappa(matrix),
        false_trustworthy=ft,
        n_resamples=n_resamples if ci else 0,
        seed=seed,
    )


@dataclass
class TieredReport:
    """Tier 0 gates tier 1: tier 1 is evaluated when tier 0 passed or gating is off."""

    gate: float
    gated: bool
    tier0: GovMetrics | None
    tier0_passed: bool | None
    tier1: GovMetrics | None
    tier1_skipped: bool
    other: GovMetrics | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "gate": self.gate,
            "gated": self.gated,
            "tier0_passed": self.tier0_passed,
            "tier1_skipped": self.tier1_skipped,
            "tier0": self.tier0.to_dict() if self.tier0 else None,
            "tier1": self.tier1.to_dict() if self.tier1 else None,
            "untiered": self.other.to_dict() if self.other else None,
        }


def split_tiers(results: Sequence[CaseResult]) -> dict[str, list[CaseResult]]:
    """``{"tier0", "tier1", "untiered"}`` -> that tier's results in input order: tier
    ``"0"``, tier ``"1"``, and every other tier value (None included)."""
    groups: dict[str, list[CaseResult]] = {"tier0": [], "tier1": [], "untiered": []}
    for r in results:
        groups["tier0" if r.tier == "0" else "tier1" if r.tier == "1" else "untiered"].append(r)
    return groups


def evaluate_tiered(
    results: Sequence[CaseResult],
    *,
    gate: float = DEFAULT_GATE,
    gated: bool = True,
    ci: bool = True,
    n_resamples: int = 1000,
    seed: int = 0,
) -> TieredReport:
    """Split results by tier; tier 0 passes iff accuracy >= ``gate`` (fitz-gov: 0.95).

    Tier 1 is computed when tier 0 passed or ``gated`` is False. With no tier-0
    results the gate is not applicable (``tier0_passed`` None) and tier 1 is computed.
    Results without a tier are reported under ``other``.
    """
    if not 0.0 <= gate <= 1.0 or math.isnan(gate):
        raise ConfigError(f"gate must be between 0 and 1, got {gate}")
    kw: dict[str, Any] = {"ci": ci, "n_resamples": n_resamples, "seed": seed}
    t0, t1, rest = split_tiers(results).values()
    m0 = compute_metrics(t0, **kw) if t0 else None
    passed = None if m0 is None else (m0.accuracy.value or 0.0) >= gate
    skip = gated and passed is False
    m1 = compute_metrics(t1, **kw) if t1 and not skip else None
    return TieredReport(
        gate=gate,
        gated=gated,
        tier0=m0,
        tier0_passed=passed,
        tier1=m1,
        tier1_skipped=bool(t1) and skip,
        other=compute_metrics(rest, **kw) if rest else None,
    )
