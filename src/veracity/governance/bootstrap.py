"""Percentile bootstrap confidence intervals, seeded and deterministic.

Used by the governance metrics (:mod:`.rates`, :mod:`.metrics`) and the paired run
comparison (:mod:`.comparison`). Undetermined intervals are ``None``, never NaN.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["CI", "bootstrap_ci"]

CI = tuple[float, float]
"""A ``(low, high)`` interval."""


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
