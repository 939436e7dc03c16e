"""``veracity compare BASE.json NEW.json``: did a change make the scores better or worse?

Reads two JSON reports (``veracity eval --format json``), matches samples by id and
prints per-metric deltas with a paired bootstrap confidence interval, the samples that
changed most and the new / missing ids. Exit codes: 0; 1 with ``--fail-on-regression``
when a metric got significantly worse; 2 bad usage or bad input (one line on stderr).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer

from veracity.cli.common import EXIT_GATE_FAILED, EXIT_OK, fail, user_errors, write_output
from veracity.errors import ConfigError, InputError
from veracity.report import Report, ReportBuilder, SampleResult

__all__ = ["load_report", "register"]


SAMPLES_LINE = '  "samples": [\n'
"""The line that opens the samples of a report as ``veracity eval`` writes it (one
sample per line after it)."""


def load_report(path: Path, *, keep: str = "all", worst_n: int = 50, slim: bool = False) -> Report:
    """Read a JSON report written by ``veracity eval --format json`` (InputError naming
    the file, and the line, sample or field, for anything else).

    A report laid out as ``eval`` writes it (one sample per line) is read line by line,
    keeping only the samples ``keep`` and ``worst_n`` ask for (as
    :class:`~veracity.report.ReportBuilder` does): memory is then bounded by what the
    caller needs, not by the file. ``slim`` keeps only each sample's id and values.
    Any other layout is parsed whole."""
    streamed = _stream_report(path, keep, worst_n, slim)
    if streamed is not None:
        return streamed
    report = _parse_report(path)
    if slim:
        report = replace(report, samples=[SampleResult(s.id, s.metrics) for s in report.samples])
    return report


def _stream_report(path: Path, keep: str, worst_n: int, slim: bool) -> Report | None:
    """The report at ``path`` read one sample line at a time, or None when it is not
    laid out as ``eval`` writes it."""
    try:
        fh = path.open(encoding="utf-8-sig", newline="\n")
    except OSError:
        return None  # the whole-file reader names the problem
    with fh:
        head: list[str] = []
        try:
            for line in fh:
                if line == SAMPLES_LINE:
                    break
                head.append(line)
                if len(head) > _MAX_HEAD_LINES:
                    return None
            else:
                return None
        except UnicodeDecodeError:
            return None
        text = "".join(head).rstrip()
        if not (text.startswith("{") and text.endswith(",")):
            return None
        header = _decoded(text[:-1] + "\n}", path)
        if not isinstance(header, dict) or "metrics" not in header or "n_samples" not in header:
            return None
        base = Report.from_dict({**header, "samples": []}, source=str(path))
        focus = list(dict.fromkeys(g.gate.metric for g in base.gates)) or None
        builder = ReportBuilder(base.metric_names, keep=keep, worst_n=worst_n, focus=focus)
        lineno = len(head) + 1
        closed = False
        for line in fh:
            lineno += 1
            item = line.strip()
            if closed or item.startswith("]"):
                if item not in ("]", "}", ""):
                    return None  # something after the samples: parse the file whole
                closed = True
                continue
            data = _decoded(item.removesuffix(","), path, lineno)
            try:
                result = SampleResult.from_dict(data)
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                why = f"no field {exc}" if isinstance(exc, KeyError) else str(exc)
                raise InputError(
                    f"not a veracity report: {why}", source=str(path), line=lineno
                ) from None
            builder.add(SampleResult(result.id, result.metrics) if slim else result)
        if not closed:
            return None
    return replace(base, samples=builder.build().samples)


_MAX_HEAD_LINES = 100_000
"""A report's part before its samples is short (options, gates, skipped records)."""


def _decoded(text: str, path: Path, line: int | None = None) -> Any:
    """``text`` as JSON, or an InputError naming the file (and line): not JSON, NaN or
    Infinity, an integer of more than 4,300 digits, nesting too deep."""
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        at = line if line is not None else exc.lineno
        raise InputError(f"not valid JSON: {exc.msg}", source=str(path), line=at) from None
    except ValueError as exc:
        raise InputError(f"not a veracity report: {exc}", source=str(path), line=line) from None
    except RecursionError:
        raise InputError("not valid JSON: nested too deeply", source=str(path), line=line) from None


def _parse_report(path: Path) -> Report:
    """The report at ``path`` parsed whole."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text", source=str(path)) from None
    data = _decoded(text, path)
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
            load_report(base, slim=True),  # ids and values: all a comparison reads
            load_report(new, slim=True),
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
