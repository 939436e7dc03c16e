"""Describe a governance suite: how many cases per tier, category, mode, difficulty and slice.

Pure counting on loaded cases (no I/O); ``veracity gov stats`` renders the result.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from veracity.governance.cases import CATEGORIES, GovCase
from veracity.governance.loaders import tier_of

__all__ = ["SLICE_ATTRIBUTES", "SuiteStats", "suite_stats"]

SLICE_ATTRIBUTES = ("domain", "query_type", "source_type", "reasoning_type", "evidence_pattern")
"""Case attributes counted as slices, in report order."""


@dataclass
class SuiteStats:
    """Counts of a suite's cases, grouped, in report order."""

    n_cases: int
    counts: dict[str, Counter[str]]
    """Group name -> value -> number of cases. Groups: ``tier`` (``none`` when the case
    has no tier), ``category``, ``expected_mode``, ``difficulty``, each of
    :data:`SLICE_ATTRIBUTES`, and ``context_count``."""
    subcategories_per_category: dict[str, int]
    """Number of distinct subcategories of each known category (0 when absent)."""


def suite_stats(cases: Sequence[GovCase]) -> SuiteStats:
    """Count ``cases`` by tier, category, expected mode, difficulty, slice and context count."""
    groups: dict[str, Counter[str]] = {
        "tier": Counter(tier_of(c) or "none" for c in cases),
        "category": Counter(c.category for c in cases),
        "expected_mode": Counter(c.expected_mode for c in cases),
        "difficulty": Counter(c.difficulty for c in cases),
    }
    for attr in SLICE_ATTRIBUTES:
        groups[attr] = Counter(c.slice_value(attr) for c in cases)
    groups["context_count"] = Counter(str(len(c.contexts)) for c in cases)
    subcats: dict[str, int] = {
        cat: len({c.subcategory for c in cases if c.category == cat}) for cat in CATEGORIES
    }
    return SuiteStats(n_cases=len(cases), counts=groups, subcategories_per_category=subcats)
