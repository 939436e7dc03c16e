"""``veracity render REPORT.json``: re-render a saved JSON report in another format.

Evaluate once with ``--format json --output report.json``, then produce the table,
Markdown, HTML or JUnit forms from that file without scoring again."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from veracity.cli.common import EXIT_GATE_FAILED, EXIT_OK, user_errors, write_output
from veracity.cli.eval_options import HtmlDetailsOpt
from veracity.render.html import DETAIL_CAP

__all__ = ["register"]


def render_command(
    report_file: Annotated[
        Path, typer.Argument(help="A report written by `veracity eval --format json`.")
    ],
    fmt: Annotated[
        str,
        typer.Option("--format", "-f", help="table, json, markdown, html or junit."),
    ] = "table",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file instead of stdout.")
    ] = None,
    html_details: HtmlDetailsOpt = DETAIL_CAP,
) -> None:
    """Render a saved JSON report as table, json, markdown, html or junit.

    Exit code: 0 when the report's gates passed, 1 when one failed, 2 on bad input."""
    from veracity.cli.compare import load_report
    from veracity.render import render, samples_kept

    with user_errors():
        name = fmt.lower()
        keep, worst_n = samples_kept(name, html_details)
        report = load_report(report_file, keep=keep, worst_n=worst_n)
        write_output(render(report, name, html_details=html_details), output)
    if output is not None:
        sys.stderr.write(f"wrote {fmt} report to {output}\n")
    raise typer.Exit(EXIT_OK if report.passed else EXIT_GATE_FAILED)


def register(app: typer.Typer) -> None:
    """Mount ``render`` on the root app."""
    app.command("render")(render_command)
