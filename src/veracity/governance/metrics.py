"""Aggregate governance results: accuracy and its slices, confusion, P/R/F1, kappa, CIs.

All functions are pure and deterministic (bootstrap resampling uses a seeded
``random.Random``). Undetermined values are ``None``, never NaN.

Which cases enter the confusion matrix depends on the scoring the results came from:

- ``strict``: every case (each has an expected mode); the predicted column ``none``
  counts missing or invalid modes.
- ``fitz-gov-4.1``: as fitz-gov -- only the four governance categories, and cases
  without a mode are left out (so there is no ``none`` column).
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from veracity.errors import ConfigError
from veracity.governance.cases import GOVERNANCE_CATEGORIES, MODES
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
]

DEFAULT_GATE = 0.95
NONE_MODE = "none"
CI = tuple[float, float]


@dataclass(frozen=True)
class Rate:
    """``passed / total`` with an optional 95 % bootstrap interval; ``value`` None when total 0."""

    passed: int
    total: int
    ci: CI | None = None

    @property
    def value(self) -> float | None:
        return self.passed / self.total if self.total else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "passed": self.passed,
            "total": self.total,
            "ci95": list(self.ci) if self.ci is not None else None,
        }


def accuracy(results: Sequence[CaseResult]) -> Rate:
    """accuracy = (number of passed cases) / (number of cases)."""
    return Rate(sum(r.passed for r in results), len(results))


def bootstrap_ci(
    items: Sequence[Any],
    statistic: Callable[[Sequence[Any]], float | None],
    *,
    n_resamples: int = 1000,
    seed: int = 0,
    level: float = 0.95,
) -> CI | None:
    """Percentile bootstrap interval of ``statistic`` over ``items``.

    Draw ``B = n_resamples`` samples of ``n`` items with replacement (``random.Random
    (seed)``), compute the statistic on each (resamples where it is undefined are
    skipped), sort the ``k`` values and return ``(s[floor(a*k)], s[ceil((1-a)*k)-1])``
    with ``a = (1 - level) / 2``. None when ``items`` is empty or no value is defined.
    """
    if not items or n_resamples <= 0:
        return None
    rng = random.Random(seed)
    n = len(items)
    stats: list[float] = []
    for _ in range(n_resamples):
        value = statistic(rng.choices(items, k=n))
        if value is not None:
            stats.append(value)
    if not stats:
        return None
    stats.sort()
    alpha = (1.0 - level) / 2.0
    lo = stats[math.floor(alpha * len(stats))]
    hi = stats[max(math.ceil((1.0 - alpha) * len(stats)) - 1, 0)]
    return (lo, hi)


def _mean_passed(rs: Sequence[CaseResult]) -> float | None:
    return sum(r.passed for r in rs) / len(rs) if rs else None


def _in_confusion(r: CaseResult) -> bool:
    if r.scoring == "fitz-gov-4.1":
        return r.category in GOVERNANCE_CATEGORIES and r.mode is not None
    return True


def confusion_matrix(results: Sequence[CaseResult]) -> dict[str, dict[str, int]]:
    """``C[expected][predicted]`` = number of cases (predicted ``none`` = no valid mode).

    Strict results: all cases, columns ``trustworthy, disputed, abstain, none``.
    fitz-gov-4.1 results: governance categories with a mode, the three mode columns.
    """
    strict = any(r.scoring != "fitz-gov-4.1" for r in results) or not results
    cols = [*MODES, NONE_MODE] if strict else list(MODES)
    matrix: dict[str, dict[str, int]] = {e: dict.fromkeys(cols, 0) for e in MODES}
    for r in results:
        if _in_confusion(r) and r.expected_mode in matrix:
            matrix[r.expected_mode][r.mode if r.mode in MODES else NONE_MODE] += 1
    return matrix


def per_mode_prf(matrix: dict[str, dict[str, int]]) -> dict[str, dict[str, Any]]:
    """Precision, recall and F1 of each mode from a confusion matrix.

    For mode m: TP = C[m][m]; FP = sum over e != m of C[e][m]; FN = sum over p != m of
    C[m][p] (``none`` included). precision = TP/(TP+FP) (None if no prediction of m);
    recall = TP/(TP+FN) (None if m never expected); F1 = 2TP/(2TP+FP+FN) (None if
    m was neither expected nor predicted).
    """
    out: dict[str, dict[str, Any]] = {}
    for m in MODES:
        tp = matrix[m].get(m, 0)
        fp = sum(matrix[e].get(m, 0) for e in MODES if e != m)
        fn = sum(v for p, v in matrix[m].items() if p != m)
        out[m] = {
            "precision": tp / (tp + fp) if tp + fp else None,
            "recall": tp / (tp + fn) if tp + fn else None,
            "f1": 2 * tp / (2 * tp + fp + fn) if 2 * tp + fp + fn else None,
            "support": tp + fn,
        }
    return out


def _macro_f1(prf: dict[str, dict[str, Any]]) -> float | None:
    """macro-F1 = mean of the defined per-mode F1 values (None when none is defined)."""
    values = [v["f1"] for v in prf.values() if v["f1"] is not None]
    return sum(values) / len(values) if values else None


def cohen_kappa(matrix: dict[str, dict[str, int]]) -> float | None:
    """Cohen's kappa of expected vs predicted modes (``none`` is a category of its own).

    N = sum of C; p_o = sum_k C[k][k] / N; p_e = sum_k (row_k / N) * (col_k / N);
    kappa = (p_o - p_e) / (1 - p_e). None when N = 0 or p_e = 1.
    """
    labels = sorted({*matrix, *(p for row in matrix.values() for p in row)})
    n = sum(sum(row.values()) for row in matrix.values())
    if n == 0:
        return None
    p_o = sum(matrix.get(k, {}).get(k, 0) for k in labels) / n
    p_e = sum(
        (sum(matrix.get(k, {}).values()) / n) * (sum(row.get(k, 0) for row in matrix.values()) / n)
        for k in labels
    )
    if math.isclose(p_e, 1.0):
        return None
    return (p_o - p_e) / (1.0 - p_e)


def false_trustworthy_rate(results: Sequence[CaseResult]) -> Rate:
    """Share of cases expecting ``abstain`` or ``disputed`` answered ``trustworthy``.

    rate = #{expected in {abstain, disputed} and mode = trustworthy} /
    #{expected in {abstain, disputed}}. (``passed`` of the Rate counts those
    false-trustworthy answers: lower is better.)
    """
    pool = [r for r in results if r.expected_mode in ("abstain", "disputed")]
    return Rate(sum(r.mode == "trustworthy" for r in pool), len(pool))


def _rates(
    groups: dict[str, list[CaseResult]], ci: bool, n_resamples: int, seed: int
) -> dict[str, Rate]:
    out: dict[str, Rate] = {}
    for key in sorted(groups):
        rs = groups[key]
        band = bootstrap_ci(rs, _mean_passed, n_resamples=n_resamples, seed=seed) if ci else None
        out[key] = Rate(sum(r.passed for r in rs), len(rs), band)
    return out


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
        return _macro_f1(per_mode_prf(confusion_matrix(rs)))

    overall = accuracy(results)
    if ci:
        overall = Rate(overall.passed, overall.total, bootstrap_ci(results, _mean_passed, **boot))
    ft = false_trustworthy_rate(results)
    if ci:
        pool = [r for r in results if r.expected_mode in ("abstain", "disputed")]

        def ft_of(rs: Sequence[CaseResult]) -> float | None:
            return false_trustworthy_rate(rs).value

        ft = Rate(ft.passed, ft.total, bootstrap_ci(pool, ft_of, **boot))
    return GovMetrics(
        scoring=scoring,
        accuracy=overall,
        by_category=_rates(by_cat, ci, n_resamples, seed),
        by_subcategory={c: _rates(s, False, 0, seed) for c, s in sorted(by_sub.items())},
        by_difficulty=_rates(by_diff, False, 0, seed),
        by_attribute={a: _rates(v, False, 0, seed) for a, v in sorted(by_attr.items())},
        confusion=matrix,
        per_mode=prf,
        macro_f1=_macro_f1(prf),
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
    t0 = [r for r in results if r.tier == "0"]
    t1 = [r for r in results if r.tier == "1"]
    rest = [r for r in results if r.tier not in ("0", "1")]
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


@dataclass
class Comparison:
    """Run B minus run A on their common cases, overall and per category, with CIs."""

    n_common: int
    only_a: int
    only_b: int
    overall: dict[str, Any]
    by_category: dict[str, dict[str, Any]]
    fixed: list[str]
    broken: list[str]

    def to_dict(self) -> dict[str, Any]:
        return {
            "n_common": self.n_common,
            "only_a": self.only_a,
            "only_b": self.only_b,
            "overall": self.overall,
            "by_category": self.by_category,
            "fixed": self.fixed,
            "broken": self.broken,
        }


def _delta(pairs: Sequence[tuple[bool, bool]], n_resamples: int, seed: int) -> dict[str, Any]:
    def stat(ps: Sequence[tuple[bool, bool]]) -> float:
        return (sum(b for _, b in ps) - sum(a for a, _ in ps)) / len(ps)

    n = len(pairs)
    acc_a = sum(a for a, _ in pairs) / n if n else None
    acc_b = sum(b for _, b in pairs) / n if n else None
    band = bootstrap_ci(pairs, stat, n_resamples=n_resamples, seed=seed)
    return {
        "n": n,
        "a": acc_a,
        "b": acc_b,
        "delta": stat(pairs) if n else None,
        "ci95": list(band) if band else None,
    }


def compare_runs(
    a: Sequence[CaseResult], b: Sequence[CaseResult], *, n_resamples: int = 1000, seed: int = 0
) -> Comparison:
    """Paired comparison on the case ids both runs scored.

    delta = accuracy_B - accuracy_A over the common cases; its 95 % interval is a paired
    percentile bootstrap (the same resampled cases for both runs). ``fixed`` lists ids
    failed in A and passed in B; ``broken`` the reverse.
    """
    a_by = {r.id: r for r in a}
    b_by = {r.id: r for r in b}
    common = [i for i in a_by if i in b_by]
    pairs = [(a_by[i].passed, b_by[i].passed) for i in common]
    cats: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    for i, p in zip(common, pairs, strict=True):
        cats[a_by[i].category].append(p)
    return Comparison(
        n_common=len(common),
        only_a=len(a_by) - len(common),
        only_b=len(b_by) - len(common),
        overall=_delta(pairs, n_resamples, seed),
        by_category={c: _delta(ps, n_resamples, seed) for c, ps in sorted(cats.items())},
        fixed=[i for i in common if not a_by[i].passed and b_by[i].passed],
        broken=[i for i in common if a_by[i].passed and not b_by[i].passed],
    )
