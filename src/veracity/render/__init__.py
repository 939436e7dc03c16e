"""Renderers: :class:`~veracity.report.Report` -> text.

Each format is one module with one function ``render_<format>(report) -> str``,
looked up by name in :data:`RENDERERS` and imported only when used. Renderers never
compute a score; they only lay out what the report holds.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import cast

from veracity.errors import ConfigError
from veracity.report import Report

__all__ = ["FORMATS", "RENDERERS", "SAMPLES_KEPT", "render"]

RENDERERS: dict[str, str] = {
    "table": "veracity.render.table:render_table",
    "json": "veracity.render.json:render_json",
    "markdown": "veracity.render.markdown:render_markdown",
    "html": "veracity.render.html:render_html",
    "junit": "veracity.render.junit:render_junit",
}
FORMATS = tuple(RENDERERS)
SAMPLES_KEPT: dict[str, tuple[str, int]] = {
    "table": ("worst", 50),
    "markdown": ("worst", 50),
    "html": ("light", 2000),  # html.DETAIL_CAP: traces of the lowest-scoring 2,000 only
    "json": ("all", 0),
    "junit": ("all", 0),
}
"""Which sample results each format needs in memory, as ``(keep, worst_n)`` for
:class:`~veracity.report.ReportBuilder` (the renderers show no more than this)."""


def render(report: Report, fmt: str) -> str:
    """Render ``report`` in format ``fmt`` (one of :data:`FORMATS`)."""
    target = RENDERERS.get(fmt)
    if target is None:
        raise ConfigError(f"unknown format {fmt!r}; known formats: {', '.join(RENDERERS)}")
    module_name, _, func_name = target.partition(":")
    module = importlib.import_module(module_name)
    return cast(Callable[[Report], str], getattr(module, func_name))(report)
