"""``veracity render REPORT.json``: re-render a saved JSON report in another format.

Evaluate once with ``--format json --output report.json``, then produce the table,
Markdown, HTML or JUnit forms from that file without scoring again."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from veracity.cli.common import EXIT_GATE_FAILED, EXIT_OK, user_errors, write_output
from veracity.errors import InputError

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
) -> None:
    """Render a saved JSON report as table, json, markdown, html or junit.

    Exit code: 0 when the report's gates passed, 1 when one failed, 2 on bad input."""
    from veracity.render import render
    from veracity.report import Report

    with user_errors():
        try:
            text = report_file.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise InputError("not UTF-8 text", source=str(report_file)) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(
                f"invalid JSON: {exc.msg}", source=str(report_file), line=exc.lineno
            ) from None
        if not isinstance(data, dict):
            raise InputError(
                "not a veracity report (expected a JSON object)", source=str(report_file)
            )
        if "metrics" not in data or "n_samples" not in data:
            hint = (
                " (it looks like samples: score them with `veracity eval`)"
                if "answer" in data
                else ""
            )
            raise InputError(
                "not a veracity report: no 'metrics' / 'n_samples' (write one with "
                "`veracity eval --format json`)" + hint,
                source=str(report_file),
            )
        report = Report.from_dict(data, source=str(report_file))
        write_output(render(report, fmt.lower()), output)
    if output is not None:
        sys.stderr.write(f"wrote {fmt} report to {output}\n")
    raise typer.Exit(EXIT_OK if report.passed else EXIT_GATE_FAILED)


def register(app: typer.Typer) -> None:
    """Mount ``render`` on the root app."""
    app.command("render")(render_command)
