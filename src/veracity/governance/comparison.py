"""Paired comparison of two governance runs: accuracy deltas (B - A) with bootstrap CIs.

Deterministic: the paired bootstrap uses a seeded ``random.Random``; undetermined
values are ``None``, never NaN.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from veracity.governance.bootstrap import bootstrap_ci
from veracity.governance.scoring import CaseResult

__all__ = ["Comparison", "compare_runs"]


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
