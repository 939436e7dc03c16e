"""Compare two reports of the same data set: per-metric deltas with a paired bootstrap
confidence interval, the samples that got worse or better, new and missing ids.

Samples are matched by ``id`` (an id repeated within one report is an
:class:`~veracity.errors.InputError`). For each metric ``m`` (higher is better for
every metric veracity computes), over the n matched samples where ``m`` is determined
in both reports:

* ``d_i = new_i - base_i``; ``delta = (1/n) * sum d_i`` (``math.fsum``);
* paired bootstrap: ``B`` resamples of the ``d_i`` drawn with replacement
  (``random.Random(seed)``, so the same inputs always give the same interval); each
  resample's mean ``m_b``; the ``confidence`` interval is the percentile interval
  ``[q_(alpha/2), q_(1 - alpha/2)]`` of the sorted ``m_b`` with ``alpha = 1 -
  confidence`` (``q_p`` = the element at index ``floor(p * (B - 1))``... see
  :func:`paired_bootstrap_ci`);
* when ``B * n`` exceeds ``MAX_DRAWS`` (20 million draws, a few seconds), the
  bootstrap distribution of the mean is replaced by its normal limit, which it matches
  closely at that size: ``delta +- z * sd / sqrt(n)``, ``sd`` the plug-in standard
  deviation ``sqrt((1/n) * sum (d_i - delta)^2)`` (the bootstrap's own variance) and
  ``z`` the ``1 - alpha/2`` normal quantile; ``ci_method`` says which was used;
* verdict: ``regression`` when ``ci_high < 0`` (significantly worse), ``improvement``
  when ``ci_low > 0``, else ``no significant change``; ``undetermined`` when fewer
  than ``MIN_PAIRED`` pairs.

Cost: O(B * n) per metric up to ``MAX_DRAWS`` (about 1 s for n = 10,000 and B = 1,000),
O(n) beyond.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from veracity.errors import ConfigError, InputError
from veracity.report import Report, SampleResult

__all__ = [
    "DEFAULT_RESAMPLES",
    "MAX_DRAWS",
    "MIN_PAIRED",
    "ComparisonResult",
    "MetricDelta",
    "SampleChange",
    "compare_reports",
    "normal_ci",
    "paired_bootstrap_ci",
]

DEFAULT_RESAMPLES = 2000
MAX_DRAWS = 20_000_000
MIN_PAIRED = 2
REGRESSION = "regression"
IMPROVEMENT = "improvement"
NO_CHANGE = "no significant change"
UNDETERMINED = "undetermined"


def paired_bootstrap_ci(
    diffs: Sequence[float], *, seed: int = 0, resamples: int = DEFAULT_RESAMPLES,
    confidence: float = 0.95,
) -> tuple[float, float]:  # fmt: skip
    """Percentile bootstrap interval of the mean of ``diffs``.

    ``B = resamples`` means of ``n = len(diffs)`` values drawn with replacement by
    ``random.Random(seed).choices``; sorted, ``lo = m[floor((alpha/2) * (B-1))]`` and
    ``hi = m[ceil((1 - alpha/2) * (B-1))]`` with ``alpha = 1 - confidence``. When every
    difference is equal the interval is that value (no resampling needed).
    """
    n = len(diffs)
    if n == 0:
        raise ValueError("paired_bootstrap_ci needs at least one difference")
    if resamples < 1:
        raise ConfigError(f"resamples must be >= 1, got {resamples}")
    if not 0.0 < confidence < 1.0:
        raise ConfigError(f"confidence must be in (0, 1), got {confidence}")
    first = diffs[0]
    if all(d == first for d in diffs):
        return first, first
    rng = random.Random(seed)
    values = list(diffs)
    means = sorted(math.fsum(rng.choices(values, k=n)) / n for _ in range(resamples))
    alpha = 1.0 - confidence
    lo = means[math.floor(alpha / 2 * (resamples - 1))]
    hi = means[math.ceil((1 - alpha / 2) * (resamples - 1))]
    return lo, hi


def normal_ci(diffs: Sequence[float], *, confidence: float = 0.95) -> tuple[float, float]:
    """Normal limit of the bootstrap interval of the mean of ``diffs``:
    ``mean +- z * sqrt((1/n) * sum (d - mean)^2) / sqrt(n)``, ``z`` the ``1 - alpha/2``
    quantile of the standard normal, ``alpha = 1 - confidence``."""
    n = len(diffs)
    if n == 0:
        raise ValueError("normal_ci needs at least one difference")
    mean = math.fsum(diffs) / n
    sd = math.sqrt(math.fsum((d - mean) ** 2 for d in diffs) / n)
    half = NormalDist().inv_cdf(1 - (1 - confidence) / 2) * sd / math.sqrt(n)
    return mean - half, mean + half


@dataclass(frozen=True, slots=True)
class SampleChange:
    """One matched sample whose value of ``metric`` changed (``delta = new - base``)."""

    id: str
    metric: str
    base: float
    new: float

    @property
    def delta(self) -> float:
        return self.new - self.base

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "metric": self.metric,
            "base": self.base,
            "new": self.new,
            "delta": self.delta,
        }


@dataclass(frozen=True, slots=True)
class MetricDelta:
    """The change of one metric between the two reports (see the module docstring).

    ``base_mean``, ``new_mean``, ``delta`` and its interval are over the ``n_paired``
    matched samples scored in both reports, so ``new_mean - base_mean = delta`` (the
    reports' own means only when no sample is matched)."""

    metric: str
    base_mean: float | None
    new_mean: float | None
    n_paired: int
    delta: float | None
    ci_low: float | None
    ci_high: float | None
    n_worse: int
    n_better: int
    n_unchanged: int
    verdict: str
    reason: str = ""
    ci_method: str = ""

    @property
    def regressed(self) -> bool:
        return self.verdict == REGRESSION

    def to_dict(self) -> dict[str, Any]:
        return {
            "metric": self.metric,
            "base_mean": self.base_mean,
            "new_mean": self.new_mean,
            "n_paired": self.n_paired,
            "delta": self.delta,
            "ci_low": self.ci_low,
            "ci_high": self.ci_high,
            "ci_method": self.ci_method,
            "n_worse": self.n_worse,
            "n_better": self.n_better,
            "n_unchanged": self.n_unchanged,
            "verdict": self.verdict,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class ComparisonResult:
    """Everything :func:`compare_reports` found, JSON-safe through :meth:`to_dict`."""

    metrics: list[MetricDelta]
    worse: list[SampleChange]
    better: list[SampleChange]
    new_ids: list[str]
    missing_ids: list[str]
    n_matched: int
    n_base: int
    n_new: int
    seed: int
    resamples: int
    confidence: float
    sources: dict[str, str] = field(default_factory=dict)

    @property
    def regressions(self) -> list[str]:
        """Metrics that got significantly worse."""
        return [m.metric for m in self.metrics if m.regressed]

    @property
    def regressed(self) -> bool:
        return bool(self.regressions)

    def to_dict(self) -> dict[str, Any]:
        return {
            "regressed": self.regressed,
            "regressions": self.regressions,
            "n_base": self.n_base,
            "n_new": self.n_new,
            "n_matched": self.n_matched,
            "new_ids": list(self.new_ids),
            "missing_ids": list(self.missing_ids),
            "seed": self.seed,
            "resamples": self.resamples,
            "confidence": self.confidence,
            "sources": dict(self.sources),
            "metrics": [m.to_dict() for m in self.metrics],
            "worse": [c.to_dict() for c in self.worse],
            "better": [c.to_dict() for c in self.better],
        }


def _report(report: object, which: str) -> Report:
    """A Report, or a report's dict (``Report.to_dict()``, a saved JSON report) read as one."""
    if isinstance(report, Report):
        return report
    if isinstance(report, Mapping):
        return Report.from_dict(report, source=f"{which} report")
    raise ConfigError(f"{which} must be a Report or a report's dict, not {type(report).__name__}")


def _by_id(samples: Iterable[SampleResult], which: str) -> dict[str, SampleResult]:
    out: dict[str, SampleResult] = {}
    for s in samples:
        if s.id in out:
            raise InputError(
                f"sample id {s.id!r} occurs more than once; ids must be unique to compare",
                source=which,
            )
        out[s.id] = s
    return out


def _metric_delta(
    metric: str, base: Report, new: Report, pairs: list[tuple[SampleResult, SampleResult]],
    changes: list[SampleChange], *, seed: int, resamples: int, confidence: float,
) -> MetricDelta:  # fmt: skip
    base_mean = base.metrics[metric].mean if metric in base.metrics else None
    new_mean = new.metrics[metric].mean if metric in new.metrics else None
    if metric not in base.metrics or metric not in new.metrics:
        where = "base" if metric in base.metrics else "new"
        return MetricDelta(
            metric, base_mean, new_mean, 0, None, None, None, 0, 0, 0, UNDETERMINED,
            f"metric only in the {where} report",
        )  # fmt: skip
    diffs: list[float] = []
    base_values: list[float] = []
    new_values: list[float] = []
    worse = better = 0
    for b, n in pairs:
        bv, nv = b.metrics.get(metric), n.metrics.get(metric)
        if bv is None or nv is None:
            continue
        d = nv - bv
        diffs.append(d)
        base_values.append(bv)
        new_values.append(nv)
        if d != 0:
            changes.append(SampleChange(b.id, metric, bv, nv))
            worse += d < 0
            better += d > 0
    unchanged = len(diffs) - worse - better
    if diffs:  # the columns add up: new_mean - base_mean = delta (mrr 0.8391 -> 0.9000, +0.0000)
        base_mean = math.fsum(base_values) / len(diffs)
        new_mean = math.fsum(new_values) / len(diffs)
    if len(diffs) < MIN_PAIRED:
        delta = math.fsum(diffs) / len(diffs) if diffs else None
        return MetricDelta(
            metric, base_mean, new_mean, len(diffs), delta, None, None, worse, better, unchanged,
            UNDETERMINED, f"fewer than {MIN_PAIRED} matched samples scored in both reports",
        )  # fmt: skip
    delta = math.fsum(diffs) / len(diffs)
    if resamples * len(diffs) <= MAX_DRAWS:
        method = "bootstrap"
        lo, hi = paired_bootstrap_ci(diffs, seed=seed, resamples=resamples, confidence=confidence)
    else:
        method = "normal"
        lo, hi = normal_ci(diffs, confidence=confidence)
    verdict = REGRESSION if hi < 0 else IMPROVEMENT if lo > 0 else NO_CHANGE
    return MetricDelta(
        metric, base_mean, new_mean, len(diffs), delta, lo, hi, worse, better, unchanged, verdict,
        ci_method=method,
    )  # fmt: skip


def compare_reports(
    base: Report | Mapping[str, Any],
    new: Report | Mapping[str, Any],
    *,
    seed: int = 0,
    resamples: int = DEFAULT_RESAMPLES,
    confidence: float = 0.95,
    metrics: Sequence[str] | None = None,
    labels: tuple[str, str] | None = None,
) -> ComparisonResult:
    """Compare ``new`` against ``base`` (see the module docstring for the formulas).

    ``labels``: what errors call the two reports (their files); by default the samples
    file each report names.

    ``metrics``: the metrics to compare (default: every metric of either report, base
    order first). ``worse`` lists the (sample, metric) pairs that decreased, largest
    drop first; ``better`` those that increased, largest gain first (ties by id, then
    metric). ``new_ids`` / ``missing_ids`` keep the input order of ``new`` / ``base``.
    """
    base, new = _report(base, "base"), _report(new, "new")
    base, new = _report(base, "base"), _report(new, "new")
    if resamples < 1:
        raise ConfigError(f"resamples must be >= 1, got {resamples}")
    if not 0.0 < confidence < 1.0:
        raise ConfigError(f"confidence must be in (0, 1), got {confidence}")
    base_name, new_name = labels or (
        str(base.options.get("source") or "base report"),
        str(new.options.get("source") or "new report"),
    )
    base_ids = _by_id(base.samples, base_name)
    new_ids = _by_id(new.samples, new_name)
    pairs = [(s, new_ids[i]) for i, s in base_ids.items() if i in new_ids]
    names = list(dict.fromkeys([*base.metric_names, *new.metric_names]))
    if metrics is not None:
        by_lower = {n.lower(): n for n in names}  # "MRR" is mrr, as in `eval -m`
        unknown = [m for m in metrics if m.lower() not in by_lower]
        if unknown:
            raise ConfigError(
                f"unknown metric(s) {', '.join(unknown)}; the reports have: {', '.join(names)}"
            )
        names = list(dict.fromkeys(by_lower[m.lower()] for m in metrics))
    changes: list[SampleChange] = []
    deltas = [
        _metric_delta(
            m, base, new, pairs, changes, seed=seed, resamples=resamples, confidence=confidence
        )
        for m in names
    ]
    worse = sorted((c for c in changes if c.delta < 0), key=lambda c: (c.delta, c.id, c.metric))
    better = sorted((c for c in changes if c.delta > 0), key=lambda c: (-c.delta, c.id, c.metric))
    return ComparisonResult(
        metrics=deltas,
        worse=worse,
        better=better,
        new_ids=[i for i in new_ids if i not in base_ids],
        missing_ids=[i for i in base_ids if i not in new_ids],
        n_matched=len(pairs),
        n_base=len(base.samples),
        n_new=len(new.samples),
        seed=seed,
        resamples=resamples,
        confidence=confidence,
        sources={
            k: str(v)
            for k, v in (("base", base.options.get("source")), ("new", new.options.get("source")))
            if v
        },
    )
