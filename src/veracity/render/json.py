"""JSON renderer: the report's :meth:`~veracity.report.Report.to_dict` form.

Strict JSON: ``allow_nan=False`` (a NaN or infinity anywhere is a bug and raises),
keys in insertion order, UTF-8 text kept as is.
"""

from __future__ import annotations

import json
from typing import Any

from veracity.report import Report

__all__ = ["dumps", "render_json"]


def dumps(obj: Any, *, indent: int | None = None) -> str:
    """Serialise JSON-safe data strictly (no NaN, no Infinity)."""
    return json.dumps(obj, ensure_ascii=False, allow_nan=False, indent=indent)


def render_json(report: Report) -> str:
    """The whole report as one indented JSON document."""
    return dumps(report.to_dict(), indent=2)
