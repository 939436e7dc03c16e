"""``veracity compare BASE.json NEW.json``: did a change make the scores better or worse?

Reads two JSON reports (``veracity eval --format json``), matches samples by id and
prints per-metric deltas with a paired bootstrap confidence interval, the samples that
changed most and the new / missing ids. Exit codes: 0; 1 with ``--fail-on-regression``
when a metric got significantly worse; 2 bad usage or bad input (one line on stderr).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from veracity.cli.common import EXIT_GATE_FAILED, EXIT_OK, fail, user_errors, write_output
from veracity.errors import ConfigError, InputError
from veracity.report import Report

__all__ = ["load_report", "register"]


def load_report(path: Path) -> Report:
    """Read a JSON report written by ``veracity eval --format json`` (InputError naming
    the file, and the line, sample or field, for anything else)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text", source=str(path)) from None
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON: {exc.msg}", source=str(path), line=exc.lineno) from None
    except ValueError as exc:  # NaN / Infinity, or an int of more than 4,300 digits
        raise InputError(f"not a veracity report: {exc}", source=str(path)) from None
    except RecursionError:
        raise InputError("not valid JSON: nested too deeply", source=str(path)) from None
    if not isinstance(data, dict):
        raise InputError("not a veracity report: expected a JSON object", source=str(path))
    if "metrics" not in data or "n_samples" not in data:
        hint = (
            " (it looks like samples: score them with `veracity eval`)" if "answer" in data else ""
        )
        raise InputError(
            "not a veracity report: no 'metrics' / 'n_samples' (write one with "
            "`veracity eval --format json`)" + hint,
            source=str(path),
        )
    return Report.from_dict(data, source=str(path))


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not a valid value in a report (finite numbers only)")


def compare_command(
    base: Annotated[
        Path,
        typer.Argument(help="Baseline report (JSON).", show_default=False, metavar="BASE.json"),
    ],
    new: Annotated[
        Path, typer.Argument(help="New report (JSON).", show_default=False, metavar="NEW.json")
    ],
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="Output format: table, json, markdown, html.")
    ] = "table",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file instead of stdout.")
    ] = None,
    fail_on_regression: Annotated[
        bool,
        typer.Option(
            "--fail-on-regression",
            help="Exit 1 when a metric got significantly worse (its whole CI below 0).",
        ),
    ] = False,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the bootstrap.")] = 0,
    resamples: Annotated[
        int, typer.Option("--resamples", help="Bootstrap resamples (more: finer interval).")
    ] = 2000,
    confidence: Annotated[
        float, typer.Option("--confidence", help="Confidence level of the interval.")
    ] = 0.95,
    metrics: Annotated[
        str | None,
        typer.Option("--metrics", "-m", help="Comma-separated metrics to compare (default: all)."),
    ] = None,
) -> None:
    """Compare two JSON reports of the same samples (matched by id).

    Per metric: base and new means, the mean paired difference with a seeded paired
    bootstrap confidence interval, samples worse / better, and a verdict (regression
    when the whole interval is below zero). Exit codes: 0 ok; 1 regression with
    --fail-on-regression; 2 bad usage or bad input.
    """
    from veracity.compare import compare_reports
    from veracity.render.compare_formats import COMPARE_FORMATS, render_comparison

    with user_errors():
        fmt_name = fmt.lower()
        if fmt_name not in COMPARE_FORMATS:
            raise ConfigError(f"unknown --format {fmt!r}; choose from {', '.join(COMPARE_FORMATS)}")
        names = [m.strip() for m in metrics.split(",") if m.strip()] if metrics else None
        result = compare_reports(
            load_report(base),
            load_report(new),
            seed=seed,
            resamples=resamples,
            confidence=confidence,
            metrics=names,
            labels=(str(base), str(new)),
        )
        write_output(render_comparison(result, fmt_name), output)
        if result.n_matched == 0:
            fail(
                f"no sample id of {base} appears in {new}: nothing was compared "
                "(are these reports of the same samples?)"
            )
    raise typer.Exit(EXIT_GATE_FAILED if fail_on_regression and result.regressed else EXIT_OK)


def register(app: typer.Typer) -> None:
    """Mount ``compare`` on the root app."""
    app.command("compare")(compare_command)
