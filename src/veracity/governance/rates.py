"""Pass rates of governance results: :class:`Rate`, accuracy, false-trustworthy rate.

A :class:`Rate` is ``passed / total`` with an optional 95 % bootstrap interval; its
``value`` is ``None`` (never NaN) when ``total`` is 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from veracity.governance.bootstrap import CI, bootstrap_ci
from veracity.governance.scoring import CaseResult

__all__ = ["Rate", "accuracy", "false_trustworthy_rate", "mean_passed", "rates_by_group"]


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
    """Accuracy of each group (keys sorted), with a bootstrap interval when ``ci``."""
    out: dict[str, Rate] = {}
    for key in sorted(groups):
        rs = groups[key]
        band = bootstrap_ci(rs, mean_passed, n_resamples=n_resamples, seed=seed) if ci else None
        out[key] = Rate(sum(r.passed for r in rs), len(rs), band)
    return out
