"""Pass rates of governance results: :class:`Rate`, accuracy, false-trustworthy rate.

A :class:`Rate` is ``passed / total`` with an optional 95 % interval; its ``value`` is
``None`` (never NaN) when ``total`` is 0. The interval of a rate is the Wilson score
interval (:func:`wilson_ci`): unlike a bootstrap it does not collapse to a single
point at 0 % or 100 % on a few cases (3/3 gives [43.9 %, 100 %], not [100 %, 100 %]).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from veracity.governance.bootstrap import CI
from veracity.governance.scoring import CaseResult

__all__ = [
    "Rate",
    "accuracy",
    "false_trustworthy_rate",
    "mean_passed",
    "rates_by_group",
    "wilson_ci",
]

Z95 = 1.959963984540054  # the 97.5 % quantile of the standard normal distribution


def wilson_ci(passed: int, total: int, z: float = Z95) -> CI | None:
    """Wilson score interval of the proportion p = passed / total (None when total 0):

    centre = (p + z²/2n) / (1 + z²/n),
    half   = z / (1 + z²/n) * sqrt(p(1-p)/n + z²/4n²),
    interval = [centre - half, centre + half], clipped to [0, 1].
    """
    if total <= 0:
        return None
    n, p = total, passed / total
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


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


def mean_passed(rs: Sequence[CaseResult]) -> float | None:
    """The accuracy as a plain number: #passed / #results (None when empty)."""
    return sum(r.passed for r in rs) / len(rs) if rs else None


def false_trustworthy_rate(results: Sequence[CaseResult]) -> Rate:
    """Share of cases expecting ``abstain`` or ``disputed`` answered ``trustworthy``.

    rate = #{expected in {abstain, disputed} and mode = trustworthy} /
    #{expected in {abstain, disputed}}. (``passed`` of the Rate counts those
    false-trustworthy answers: lower is better.)
    """
    pool = [r for r in results if r.expected_mode in ("abstain", "disputed")]
    return Rate(sum(r.mode == "trustworthy" for r in pool), len(pool))


def rates_by_group(
    groups: dict[str, list[CaseResult]], ci: bool, n_resamples: int, seed: int
) -> dict[str, Rate]:
    """Accuracy of each group (keys sorted), with its Wilson interval when ``ci``
    (``n_resamples`` and ``seed`` are kept for callers; the interval needs neither)."""
    out: dict[str, Rate] = {}
    for key in sorted(groups):
        rs = groups[key]
        passed = sum(r.passed for r in rs)
        out[key] = Rate(passed, len(rs), wilson_ci(passed, len(rs)) if ci else None)
    return out
