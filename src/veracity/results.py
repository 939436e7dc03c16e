"""The result of one metric on one sample.

``value`` is a float in [0, 1] (or another documented range) or ``None`` when the
metric cannot be determined for this sample; ``reason`` then says why ("no golden
documents", "no claims"). ``details`` is JSON-safe (str, int, finite float, bool,
None, list, dict) and carries the trace behind the score (per-claim verdicts...).
Never NaN: a metric that cannot be computed returns ``value=None``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

__all__ = ["MetricResult"]


@dataclass(frozen=True, slots=True)
class MetricResult:
    """Value (or ``None`` = undetermined), the reason behind it, and a JSON-safe trace."""

    value: float | None
    reason: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.value is not None and not math.isfinite(self.value):
            raise ValueError(f"metric value must be finite, got {self.value!r}")

    @classmethod
    def undetermined(cls, reason: str, details: dict[str, Any] | None = None) -> MetricResult:
        return cls(None, reason, details or {})
