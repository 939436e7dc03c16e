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

__all__ = ["FORMATS", "RENDERERS", "SAMPLES_KEPT", "render", "samples_kept"]

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


def samples_kept(fmt: str, html_details: int | None = None) -> tuple[str, int]:
    """``(keep, worst_n)`` for :class:`~veracity.report.ReportBuilder`: the samples
    ``fmt`` shows (:data:`SAMPLES_KEPT`; every sample for a format not listed), with
    ``html_details`` as the HTML page's detail cap when given."""
    keep, worst_n = SAMPLES_KEPT.get(fmt, ("all", 0))
    if fmt == "html" and html_details is not None:
        worst_n = html_details
    return keep, worst_n


def render(report: Report, fmt: str, *, html_details: int | None = None) -> str:
    """Render ``report`` in format ``fmt`` (one of :data:`FORMATS`); ``html_details`` is
    the HTML page's detail cap (``render_html``'s ``detail_cap``) when given."""
    target = RENDERERS.get(fmt)
    if target is None:
        raise ConfigError(f"unknown format {fmt!r}; known formats: {', '.join(RENDERERS)}")
    module_name, _, func_name = target.partition(":")
    module = importlib.import_module(module_name)
    if fmt == "html" and html_details is not None:
        return cast(Callable[..., str], getattr(module, func_name))(report, detail_cap=html_details)
    return cast(Callable[[Report], str], getattr(module, func_name))(report)
