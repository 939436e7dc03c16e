"""Governance metrics on hand-worked results (values computed by hand in the comments)."""

from __future__ import annotations

import json
import math

import pytest

from veracity.errors import ConfigError
from veracity.governance.metrics import (
    bootstrap_ci,
    cohen_kappa,
    compare_runs,
    compute_metrics,
    confusion_matrix,
    evaluate_tiered,
    false_trustworthy_rate,
    per_mode_prf,
)
from veracity.governance.scoring import CaseResult


def res(
    cid: str,
    category: str,
    expected: str,
    mode: str | None,
    *,
    passed: bool | None = None,
    scoring: str = "strict",
    tier: str | None = "1",
    difficulty: str = "medium",
    attributes: dict[str, str] | None = None,
) -> CaseResult:
    ok = (mode == expected) if passed is None else passed
    return CaseResult(
        id=cid, category=category, expected_mode=expected, mode=mode, passed=ok,
        reason=None if ok else "x", scoring=scoring, tier=tier, difficulty=difficulty,
        attributes=attributes or {},
    )  # fmt: skip


# six results: T->T ok, T->A, A->A ok, A->T, D->D ok, D->none
SIX = [
    res("1", "trustworthy_direct", "trustworthy", "trustworthy", difficulty="hard"),
    res("2", "grounding", "trustworthy", "abstain", attributes={"domain": "law"}),
    res("3", "abstention", "abstain", "abstain", attributes={"domain": "law"}),
    res("4", "abstention", "abstain", "trustworthy"),
    res("5", "dispute", "disputed", "disputed"),
    res("6", "dispute", "disputed", None),
]


def test_confusion_strict_has_none_column() -> None:
    assert confusion_matrix(SIX) == {
        "trustworthy": {"trustworthy": 1, "disputed": 0, "abstain": 1, "none": 0},
        "disputed": {"trustworthy": 0, "disputed": 1, "abstain": 0, "none": 1},
        "abstain": {"trustworthy": 1, "disputed": 0, "abstain": 1, "none": 0},
    }


def test_confusion_fitzgov_drops_quality_categories_and_missing_modes() -> None:
    fitz = [
        res(r.id, r.category, r.expected_mode, r.mode, scoring="fitz-gov-4.1", passed=r.passed)
        for r in SIX
    ]
    # case 2 (grounding) and case 6 (no mode) are left out, as fitz-gov does
    assert confusion_matrix(fitz) == {
        "trustworthy": {"trustworthy": 1, "disputed": 0, "abstain": 0},
        "disputed": {"trustworthy": 0, "disputed": 1, "abstain": 0},
        "abstain": {"trustworthy": 1, "disputed": 0, "abstain": 1},
    }


def test_precision_recall_f1_macro_kappa() -> None:
    prf = per_mode_prf(confusion_matrix(SIX))
    # trustworthy: TP 1, FP 1 (A->T), FN 1 (T->A): P = R = F1 = 0.5
    assert prf["trustworthy"] == {"precision": 0.5, "recall": 0.5, "f1": 0.5, "support": 2}
    # disputed: TP 1, FP 0, FN 1 (D->none): P 1, R 0.5, F1 = 2/(2+0+1)
    assert prf["disputed"] == {"precision": 1.0, "recall": 0.5, "f1": 2 / 3, "support": 2}
    assert prf["abstain"] == {"precision": 0.5, "recall": 0.5, "f1": 0.5, "support": 2}
    m = compute_metrics(SIX, ci=False)
    assert m.macro_f1 == pytest.approx(5 / 9)
    # p_o = 3/6; p_e = (2*2 + 2*1 + 2*2 + 0*1)/36 = 10/36; kappa = (1/2-5/18)/(13/18) = 4/13
    assert m.kappa == pytest.approx(4 / 13)
    assert cohen_kappa(confusion_matrix(SIX)) == pytest.approx(4 / 13)


def test_undefined_values_are_none() -> None:
    only_t = [res("1", "trustworthy_direct", "trustworthy", "trustworthy")]
    prf = per_mode_prf(confusion_matrix(only_t))
    assert prf["abstain"] == {"precision": None, "recall": None, "f1": None, "support": 0}
    assert cohen_kappa(confusion_matrix(only_t)) is None  # p_e = 1
    assert cohen_kappa(confusion_matrix([])) is None
    empty = compute_metrics([], ci=False)
    assert empty.accuracy.value is None and empty.macro_f1 is None
    assert empty.false_trustworthy.value is None


def test_accuracy_slices_and_false_trustworthy() -> None:
    m = compute_metrics(SIX, ci=False)
    assert (m.accuracy.passed, m.accuracy.total) == (3, 6)
    assert {k: (v.passed, v.total) for k, v in m.by_category.items()} == {
        "abstention": (1, 2),
        "dispute": (1, 2),
        "grounding": (0, 1),
        "trustworthy_direct": (1, 1),
    }
    assert {k: v.value for k, v in m.by_difficulty.items()} == {"hard": 1.0, "medium": 0.4}
    assert {k: v.value for k, v in m.by_attribute["domain"].items()} == {"law": 0.5}
    # expected abstain/disputed: cases 3, 4, 5, 6; answered trustworthy: case 4
    ft = false_trustworthy_rate(SIX)
    assert (ft.passed, ft.total, ft.value) == (1, 4, 0.25)
    data = json.loads(json.dumps(m.to_dict(), allow_nan=False))
    assert data["macro_f1"] == pytest.approx(5 / 9)
    assert data["confusion"]["disputed"]["none"] == 1


def test_bootstrap_percentile_indices() -> None:
    counter = iter(range(10_000))
    # the statistic returns 0, 1, ..., 999 in turn: CI = (s[25], s[974])
    ci = bootstrap_ci([1], lambda _: float(next(counter)), n_resamples=1000, seed=0)
    assert ci == (25.0, 974.0)


def test_bootstrap_is_seeded_and_brackets_the_estimate() -> None:
    items = [True] * 30 + [False] * 10

    def mean(xs: object) -> float:
        seq = list(xs)  # type: ignore[call-overload]
        return sum(seq) / len(seq)

    a = bootstrap_ci(items, mean, seed=7)
    assert a == bootstrap_ci(items, mean, seed=7)
    assert a is not None and a[0] < 0.75 < a[1]
    assert bootstrap_ci([True] * 5, mean) == (1.0, 1.0)
    assert bootstrap_ci([], mean) is None


def test_metrics_ci_present_and_finite() -> None:
    m = compute_metrics(SIX, n_resamples=200, seed=3)
    assert m.accuracy.ci is not None and m.macro_f1_ci is not None
    assert all(math.isfinite(x) for x in (*m.accuracy.ci, *m.macro_f1_ci))
    assert m.accuracy.ci[0] <= 0.5 <= m.accuracy.ci[1]


def tier0(n_pass: int, n: int = 20) -> list[CaseResult]:
    return [
        res(f"t0_{i}", "dispute", "disputed", "disputed" if i < n_pass else "abstain", tier="0")
        for i in range(n)
    ]


def test_tiered_gate() -> None:
    t1 = [res("t1_a", "dispute", "disputed", "disputed")]
    ok = evaluate_tiered(tier0(19) + t1, ci=False)  # 19/20 = 0.95 >= 0.95
    assert ok.tier0_passed is True and ok.tier1 is not None
    low = evaluate_tiered(tier0(18) + t1, ci=False)  # 0.90 < 0.95
    assert low.tier0_passed is False and low.tier1 is None and low.tier1_skipped
    nogate = evaluate_tiered(tier0(18) + t1, gated=False, ci=False)
    assert nogate.tier1 is not None and nogate.tier1.accuracy.value == 1.0
    custom = evaluate_tiered(tier0(18) + t1, gate=0.9, ci=False)
    assert custom.tier0_passed is True
    only1 = evaluate_tiered(t1, ci=False)
    assert only1.tier0_passed is None and only1.tier1 is not None
    untiered = evaluate_tiered([res("x", "dispute", "disputed", None, tier=None)], ci=False)
    assert untiered.other is not None and untiered.other.accuracy.value == 0.0
    with pytest.raises(ConfigError):
        evaluate_tiered(t1, gate=1.5)


def test_compare_runs_paired() -> None:
    a = [res("1", "dispute", "disputed", "disputed"), res("2", "dispute", "disputed", None),
         res("3", "abstention", "abstain", "abstain"), res("4", "abstention", "abstain", None),
         res("only_a", "abstention", "abstain", None)]  # fmt: skip
    b = [res("1", "dispute", "disputed", "disputed"), res("2", "dispute", "disputed", "disputed"),
         res("3", "abstention", "abstain", None), res("4", "abstention", "abstain", "abstain"),
         res("only_b", "abstention", "abstain", None)]  # fmt: skip
    comp = compare_runs(a, b, n_resamples=300, seed=1)
    assert (comp.n_common, comp.only_a, comp.only_b) == (4, 1, 1)
    assert comp.fixed == ["2", "4"] and comp.broken == ["3"]
    # A: 2/4, B: 3/4 -> +0.25
    assert comp.overall["a"] == 0.5 and comp.overall["b"] == 0.75 and comp.overall["delta"] == 0.25
    assert comp.by_category["dispute"]["delta"] == 0.5
    assert comp.by_category["abstention"]["delta"] == 0.0
    lo, hi = comp.overall["ci95"]
    assert -1.0 <= lo <= 0.25 <= hi <= 1.0


def test_mixed_scorings_refused() -> None:
    with pytest.raises(ConfigError, match="mix"):
        compute_metrics([SIX[0], res("9", "dispute", "disputed", None, scoring="fitz-gov-4.1")])


def test_wilson_interval_by_hand() -> None:
    """Wilson score interval, z = 1.96: 3/3 -> centre (1 + z²/6) / (1 + z²/3) = 0.71925,
    half z / (1 + z²/3) * sqrt(z² / 36) = 0.28075 -> [0.43850, 1]; 0/6 -> [0, 0.39033]."""
    from veracity.governance.rates import wilson_ci

    lo, hi = wilson_ci(3, 3) or (0.0, 0.0)
    assert (round(lo, 5), hi) == (0.4385, 1.0)
    lo, hi = wilson_ci(0, 6) or (1.0, 1.0)
    assert (lo, round(hi, 5)) == (0.0, 0.39033)
    assert wilson_ci(0, 0) is None
    lo, hi = wilson_ci(16, 18) or (0.0, 0.0)
    assert lo < 16 / 18 < hi
