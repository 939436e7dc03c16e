"""Run comparison (core): deltas, paired bootstrap intervals, verdicts, matching by id."""

from __future__ import annotations

import json

import pytest

from veracity.compare import ComparisonResult, compare_reports, paired_bootstrap_ci
from veracity.errors import ConfigError, InputError
from veracity.report import Report, ReportBuilder, SampleResult


def report(values: dict[str, dict[str, float | None]], names: list[str] | None = None) -> Report:
    names = names or sorted({m for v in values.values() for m in v})
    b = ReportBuilder(names)
    for sid, metrics in values.items():
        b.add(SampleResult(sid, {n: metrics.get(n) for n in names}))
    return b.build()


BASE = report({
    "a": {"f": 1.0, "r": 0.5},
    "b": {"f": 1.0, "r": 0.5},
    "c": {"f": 0.5, "r": 1.0},
    "d": {"f": 1.0, "r": None},
    "gone": {"f": 0.0, "r": 0.0},
})  # fmt: skip
NEW = report({
    "a": {"f": 0.5, "r": 1.0},
    "b": {"f": 0.0, "r": 1.0},
    "c": {"f": 0.0, "r": 1.0},
    "d": {"f": 0.5, "r": 1.0},
    "fresh": {"f": 1.0, "r": 1.0},
})  # fmt: skip


def test_deltas_counts_and_verdicts_worked_by_hand() -> None:
    res = compare_reports(BASE, NEW, seed=1, resamples=500)
    f, r = res.metrics
    # f over a, b, c, d: diffs -0.5, -1.0, -0.5, -0.5 -> mean -0.625; every diff < 0,
    # so every resample mean < 0 and the whole interval is negative.
    assert (f.metric, f.n_paired, f.delta) == ("f", 4, -0.625)
    assert (f.n_worse, f.n_better, f.n_unchanged) == (4, 0, 0)
    assert f.ci_low is not None and f.ci_high is not None
    assert -1.0 <= f.ci_low <= -0.625 <= f.ci_high <= -0.5
    assert f.verdict == "regression" and f.regressed
    # the means over the same matched samples, so the columns add up (new - base = delta):
    # base f = (1 + 1 + .5 + 1) / 4, new f = (.5 + 0 + 0 + .5) / 4; not the reports' own
    # means over all their samples (0.7 and 0.4), which a delta of -0.625 did not explain
    assert (f.base_mean, f.new_mean) == (0.875, 0.25)
    assert f.new_mean - f.base_mean == f.delta
    # r over a, b, c (d undetermined in base): diffs +0.5, +0.5, 0 -> mean 1/3
    assert r.n_paired == 3 and r.delta == pytest.approx(1 / 3)
    assert (r.n_worse, r.n_better, r.n_unchanged) == (0, 2, 1)
    assert r.ci_low == 0.0 and r.ci_high == 0.5  # resample means in {0, 1/6, 1/3, 1/2}
    assert r.verdict == "no significant change"
    assert res.regressions == ["f"] and res.regressed
    assert res.new_ids == ["fresh"] and res.missing_ids == ["gone"]
    assert (res.n_matched, res.n_base, res.n_new) == (4, 5, 5)
    assert [(c.id, c.metric, c.delta) for c in res.worse] == [
        ("b", "f", -1.0), ("a", "f", -0.5), ("c", "f", -0.5), ("d", "f", -0.5),
    ]  # fmt: skip
    assert [(c.id, c.metric, c.delta) for c in res.better] == [("a", "r", 0.5), ("b", "r", 0.5)]


def test_improvement_and_no_change() -> None:
    base = report({str(i): {"m": 0.0} for i in range(10)})
    new = report({str(i): {"m": 1.0 if i < 5 else 0.0} for i in range(10)})
    res = compare_reports(base, new)
    [m] = res.metrics
    assert m.delta == 0.5 and m.verdict == "improvement" and m.ci_low is not None
    assert m.ci_low > 0 and not res.regressed
    same = compare_reports(base, base)
    assert same.metrics[0].verdict == "no significant change"
    assert (same.metrics[0].ci_low, same.metrics[0].ci_high) == (0.0, 0.0)
    assert same.worse == [] and same.better == []


def test_bootstrap_is_seeded_and_matches_the_binomial_quantiles() -> None:
    diffs = [1.0] * 10 + [0.0] * 10
    lo, hi = paired_bootstrap_ci(diffs, seed=7, resamples=2000)
    assert (lo, hi) == paired_bootstrap_ci(diffs, seed=7, resamples=2000)
    # resample mean = Binomial(20, 0.5) / 20; its 2.5 % / 97.5 % quantiles are 6 and 14
    # (cdf(5) = 0.0207, cdf(6) = 0.0577), so the interval is [0.30, 0.70] up to one step.
    assert 0.25 <= lo <= 0.35 and 0.65 <= hi <= 0.75
    assert paired_bootstrap_ci([-0.25, -0.25], seed=0) == (-0.25, -0.25)
    with pytest.raises(ConfigError):
        paired_bootstrap_ci(diffs, resamples=0)
    with pytest.raises(ConfigError):
        paired_bootstrap_ci(diffs, confidence=1.0)
    with pytest.raises(ValueError):
        paired_bootstrap_ci([])


def test_same_inputs_same_output() -> None:
    a = compare_reports(BASE, NEW, seed=3, resamples=300).to_dict()
    b = compare_reports(BASE, NEW, seed=3, resamples=300).to_dict()
    assert a == b
    json.dumps(a, allow_nan=False)


def test_too_few_pairs_and_one_sided_metrics() -> None:
    base = report({"a": {"m": 1.0, "only_base": 0.5}})
    new = report({"a": {"m": 0.0, "only_new": 0.5}})
    res = compare_reports(base, new)
    by = {m.metric: m for m in res.metrics}
    assert list(by) == ["m", "only_base", "only_new"]
    assert by["m"].verdict == "undetermined" and by["m"].delta == -1.0
    assert by["m"].reason == "fewer than 2 matched samples scored in both reports"
    assert by["only_base"].reason == "metric only in the base report"
    assert by["only_new"].reason == "metric only in the new report"
    assert not res.regressed


def test_metric_selection_and_bad_input() -> None:
    res = compare_reports(BASE, NEW, metrics=["r"])
    assert [m.metric for m in res.metrics] == ["r"] and not res.regressed
    with pytest.raises(ConfigError, match="unknown metric"):
        compare_reports(BASE, NEW, metrics=["nope"])
    with pytest.raises(ConfigError):
        compare_reports(BASE, NEW, resamples=0)
    dup = Report(["m"], BASE.metrics, 2, [SampleResult("x", {"m": 1.0})] * 2)
    with pytest.raises(InputError, match="'x' occurs more than once"):
        compare_reports(dup, NEW)


def test_reports_without_samples() -> None:
    b = ReportBuilder(["m"], keep_samples=False)
    b.add(SampleResult("a", {"m": 1.0}))
    res: ComparisonResult = compare_reports(b.build(), b.build())
    assert res.n_matched == 0 and res.metrics[0].verdict == "undetermined"
    assert res.metrics[0].base_mean == 1.0


def test_normal_limit_worked_by_hand_and_close_to_the_bootstrap() -> None:
    from veracity.compare import normal_ci

    # mean 0.5, plug-in sd 0.5, z(0.975) = 1.959964: half-width 1.959964 * 0.5 / 2
    lo, hi = normal_ci([1.0, 0.0, 1.0, 0.0])
    assert lo == pytest.approx(0.5 - 0.489991, abs=1e-6)
    assert hi == pytest.approx(0.5 + 0.489991, abs=1e-6)
    diffs = [(-1.0, 0.0, 0.0, 1.0, 1.0)[i % 5] for i in range(2000)]
    blo, bhi = paired_bootstrap_ci(diffs, seed=0, resamples=1000)
    nlo, nhi = normal_ci(diffs)
    assert abs(blo - nlo) < 0.01 and abs(bhi - nhi) < 0.01


def test_large_inputs_switch_to_the_normal_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    import veracity.compare

    monkeypatch.setattr(veracity.compare, "MAX_DRAWS", 1000)
    base = report({str(i): {"m": 1.0} for i in range(20)})
    new = report({str(i): {"m": 0.0 if i % 2 else 1.0} for i in range(20)})
    # 51 resamples x 20 pairs > 1000 draws: normal limit; 50 x 20 = 1000: bootstrap
    [m] = compare_reports(base, new, resamples=51).metrics
    assert m.ci_method == "normal" and m.verdict == "regression"
    # mean -0.5, plug-in sd 0.5: -0.5 +- 1.959964 * 0.5 / sqrt(20)
    assert m.ci_low == pytest.approx(-0.5 - 0.219131, abs=1e-6)
    assert m.ci_high == pytest.approx(-0.5 + 0.219131, abs=1e-6)
    [m2] = compare_reports(base, new, resamples=50).metrics
    assert m2.ci_method == "bootstrap"
