"""JSON renderer: the report's :meth:`~veracity.report.Report.to_dict` form.

Strict JSON: ``allow_nan=False`` (a NaN or infinity anywhere is a bug and raises),
UTF-8 text kept as is. Layout: the report's fields indented, then ``samples`` last
with one compact sample object per line, so a 100,000-sample report stays small and
can be written while samples are scored (:func:`iter_json_report`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from veracity.report import Report

__all__ = ["dumps", "iter_json_report", "render_json"]


def dumps(obj: Any, *, indent: int | None = None) -> str:
    """Serialise JSON-safe data strictly (no NaN, no Infinity)."""
    return json.dumps(obj, ensure_ascii=False, allow_nan=False, indent=indent)


def iter_json_report(report: Report, sample_lines: Iterable[str]) -> Iterator[str]:
    """Yield the JSON text of ``report`` in pieces, taking the samples from
    ``sample_lines`` (one compact JSON object each) instead of ``report.samples``."""
    data = report.to_dict()
    data.pop("samples", None)
    head = dumps(data, indent=2)
    yield head[: -len("\n}")] + ',\n  "samples": ['
    first = True
    for line in sample_lines:
        yield ("\n    " if first else ",\n    ") + line.rstrip("\n")
        first = False
    yield "]\n}\n" if first else "\n  ]\n}\n"


def render_json(report: Report) -> str:
    """The whole report as one JSON document."""
    return "".join(iter_json_report(report, (dumps(s.to_dict()) for s in report.samples)))
