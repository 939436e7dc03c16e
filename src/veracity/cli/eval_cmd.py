"""``veracity eval FILE`` and ``veracity demo``: score samples and report.

Both share every option. ``demo`` evaluates the example set shipped in the package
(``veracity/data/demo.jsonl``)."""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import IO, Annotated, Any

import typer

from veracity.cli.common import (
    EXIT_GATE_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    atomic_file,
    fail,
    progress_reporter,
    terminate_as_interrupt,
    user_errors,
    write_output,
)
from veracity.cli.eval_options import (
    CheckDatesOpt,
    ClaimsOnlyOpt,
    FailUnderOpt,
    FormatOpt,
    HtmlDetailsOpt,
    JsonOpt,
    JudgeCacheOpt,
    JudgeErrOpt,
    JudgeKeyOpt,
    JudgeModelOpt,
    JudgeOpt,
    JudgeRetriesOpt,
    JudgeUrlOpt,
    KOpt,
    MethodOpt,
    MetricsOpt,
    NormOpt,
    OutputOpt,
    PresetOpt,
    QuietOpt,
    SkipOpt,
    WorkersOpt,
)
from veracity.errors import ConfigError, InputError
from veracity.io import read_samples
from veracity.metrics import MetricOptions, plan_metrics
from veracity.parallel import default_workers, iter_evaluate_mapped
from veracity.render import FORMATS, render, samples_kept
from veracity.render.html import DETAIL_CAP
from veracity.render.json import dumps, iter_json_report
from veracity.report import Report, ReportBuilder, SampleResult, parse_gate

__all__ = ["DEMO_FILE", "register"]

DEMO_FILE = "demo.jsonl"
_ALL_FORMATS = (*FORMATS, "jsonl")
_STREAMED = ("json", "jsonl")
"""Formats whose samples are written as they are scored: none is kept in memory."""


@dataclass(frozen=True)
class EvalArgs:
    k: str
    metrics: str | None
    claims_only: bool
    skip_errors: bool
    fmt: str
    json_flag: bool
    output: Path | None
    fail_under: list[str]
    quiet: bool
    normalize_ids: bool
    faithfulness_method: str
    preset: str | None
    workers: int | None = None  # None = automatic
    judge: Any = None  # JudgeConfig | None (built only when --judge is given)
    html_details: int = DETAIL_CAP  # samples whose full details the HTML page embeds
    check_dates: bool = False  # the numeric metric checks dates too


def _parse_ks(text: str) -> list[int]:
    """``"5"`` or ``"1,3,5"`` -> sorted distinct cut-offs; anything else is a ConfigError."""
    parts = text.replace(" ", "").split(",")
    if not all(p.lstrip("-").isdigit() for p in parts):
        raise ConfigError(f"--k takes integers separated by commas, got {text!r}")
    ks = sorted({int(p) for p in parts})
    for k in ks:
        if k < 1 or k > 1_000_000:
            raise ConfigError(
                f"k must be an integer >= 1, got {k}" if k < 1 else f"k is too large: {k}"
            )
    return ks


def _count_lines(path: Path) -> int | None:
    if path.suffix.lower() not in (".jsonl", ".ndjson"):
        return None
    try:
        with path.open("rb") as fh:
            return sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))
    except OSError:
        return None


def run_eval(path: Path, args: EvalArgs, *, label: str | None = None) -> int:
    """Evaluate ``path`` with ``args``; returns the exit code (gates). Ctrl-C or SIGTERM
    stops it with one line saying what was kept (exit 130 / 143): a report file is
    written whole or not at all; JSONL lines already written stay, each one whole."""
    with terminate_as_interrupt():
        try:
            return _run_eval(path, args, label=label)
        except KeyboardInterrupt:
            fail(_interrupted(args), code=EXIT_INTERRUPTED)


def _interrupted(args: EvalArgs) -> str:
    """What an interrupted run kept, in one line."""
    fmt = "json" if args.json_flag else args.fmt.lower()
    if fmt == "jsonl":
        if args.output is None:
            return "interrupted; the lines written so far are whole"
        return f"interrupted; the samples scored so far are in {args.output}, one per line"
    if args.output is not None:
        return f"interrupted; {args.output} was not written"
    return "interrupted; no report written"


def _run_eval(path: Path, args: EvalArgs, *, label: str | None = None) -> int:
    fmt = "json" if args.json_flag else args.fmt.lower()
    if fmt not in _ALL_FORMATS:
        raise ConfigError(f"unknown --format {args.fmt!r}; choose from {', '.join(_ALL_FORMATS)}")
    ks = _parse_ks(args.k)
    if args.output is not None and not args.output.parent.is_dir():
        # before any scoring: a run of an hour must not end on a path that cannot be written
        raise ConfigError(f"--output {args.output}: its folder {args.output.parent} does not exist")
    same = args.output is not None and args.output.exists() and path.exists()
    if same and args.output is not None and args.output.resolve() == path.resolve():
        raise ConfigError(f"--output {args.output} is the input file; choose another path")
    # "-m ''" selects nothing, as "-m ' '" does (not every metric)
    names = [m for m in args.metrics.split(",") if m.strip()] if args.metrics is not None else None
    plan = plan_metrics(names, ks, claims_only=args.claims_only)
    gates = [parse_gate(g) for g in args.fail_under]
    planned_names = {p.name for p in plan}
    for gate in gates:
        if gate.metric not in planned_names:
            raise ConfigError(
                f"--fail-under {gate.metric}: this run does not compute that metric "
                f"(metrics: {', '.join(p.name for p in plan)})"
            )
    if args.faithfulness_method not in ("lexical", "overlap"):
        raise ConfigError("--faithfulness-method must be 'lexical' or 'overlap'")
    options = MetricOptions(
        normalize_ids=args.normalize_ids,
        faithfulness_method=args.faithfulness_method,
        numeric_preset=args.preset,
        numeric_check_dates=args.check_dates,
        faithfulness_judge=args.judge,
    )
    gated = [g.metric for g in gates]
    keep, worst_n = samples_kept(fmt, args.html_details)
    builder = ReportBuilder(
        [p.name for p in plan],
        # JUnit lists samples only under a gate: with none, keep none (1.7 GB for 200,000
        # samples and a 375-byte file before)
        keep="none" if fmt in _STREAMED or (fmt == "junit" and not gates) else keep,
        worst_n=worst_n,
        focus=list(dict.fromkeys(gated)) or None,
    )
    samples = read_samples(path, skip_errors=args.skip_errors, on_skip=builder.skip)
    stream: IO[str] | None = None
    judge_failures = 0
    if fmt == "jsonl":
        stream = args.output.open("w", encoding="utf-8") if args.output else sys.stdout
    elif fmt == "json":
        stream = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 (closed below)
    try:
        total = _count_lines(path)
        workers = args.workers if args.workers is not None else _auto_workers(total)
        with progress_reporter(
            f"scoring {label or path.name}", total, enabled=not args.quiet
        ) as advance:
            # json / jsonl: each result is written as JSON where it was scored (on the
            # workers too), and comes back with its values only
            fn = _as_line if stream is not None else _as_is
            for result, line in iter_evaluate_mapped(samples, plan, options, fn, workers=workers):
                builder.add(result)
                if args.judge is not None and _judge_failed(result.details):
                    judge_failures += 1
                if stream is not None and line is not None:
                    stream.write(line)
                    if fmt == "jsonl":
                        stream.flush()
                advance(1)
        if judge_failures:  # even with --quiet: a fallback is never silent
            sys.stderr.write(
                f"warning: the judge failed on {judge_failures} sample(s) (on-judge-error "
                f"{args.judge.on_error}); each sample's faithfulness reason says which claims\n"
            )
        report = builder.build(
            gates,
            options={
                "metrics": [p.name for p in plan],
                "k": ks,
                "normalize_ids": args.normalize_ids,
                "faithfulness_method": args.faithfulness_method,
                "numeric_preset": args.preset,
                "numeric_check_dates": args.check_dates,
                "faithfulness_judge": _judge_label(args.judge),
                "source": label or str(path),
            },
        )
        if fmt == "json" and stream is not None:
            stream.seek(0)
            _write_json(report, stream, args.output)
        _emit(report, fmt, args)
    finally:
        if stream is not None and stream is not sys.stdout:
            stream.close()
    return EXIT_OK if report.passed else EXIT_GATE_FAILED


def _as_is(result: SampleResult) -> tuple[SampleResult, str | None]:
    return result, None


def _as_line(result: SampleResult) -> tuple[SampleResult, str | None]:
    """``result`` as one JSON line, and its values (with the judge's failure count, the
    one detail the run reads) for the report's aggregates."""
    faith = result.details.get("faithfulness")
    failures = faith.get("judge_failures") if isinstance(faith, dict) else None
    details = {"faithfulness": {"judge_failures": failures}} if failures else {}
    line = dumps(result.to_dict()) + "\n"
    return SampleResult(result.id, result.metrics, details=details), line


AUTO_PARALLEL_LINES = 2000


def _auto_workers(total_lines: int | None) -> int:
    """Every CPU for JSONL files of at least AUTO_PARALLEL_LINES lines, else one
    process (starting workers costs more than it saves on small inputs)."""
    if total_lines is None or total_lines < AUTO_PARALLEL_LINES:
        return 1
    return default_workers()


def _eval_stdin(args: EvalArgs) -> int:
    """``veracity eval -``: JSONL from standard input, spooled to a temporary file so
    it is read (and its lines counted) like any file; errors name ``<stdin>``."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "stdin.jsonl"
        with path.open("wb") as out:
            for chunk in iter(lambda: sys.stdin.buffer.read(1 << 20), b""):
                out.write(chunk)
        try:
            return run_eval(path, args, label="<stdin>")
        except InputError as exc:
            raise InputError(exc.reason, source="<stdin>", line=exc.line, field=exc.field) from None


def _judge_failed(details: dict[str, Any]) -> bool:
    """True when the faithfulness judge failed on some claim of this sample."""
    entry = details.get("faithfulness")
    failures = entry.get("judge_failures") if isinstance(entry, dict) else None
    return isinstance(failures, int) and failures > 0


def _judge_label(judge: Any) -> str | None:
    return None if judge is None else f"{judge.api}:{judge.model}@{judge.base_url}"


def _judge_config(
    judge: str | None,
    model: str | None,
    base_url: str | None,
    api_key_env: str,
    cache_dir: Path | None,
    on_error: str,
    retries: int = 2,
) -> Any:
    """A JudgeConfig when --judge is given (no model, no URL: a ConfigError), else None."""
    if judge is None:
        if model or base_url:
            raise ConfigError("--judge-model / --judge-base-url need --judge openai|ollama")
        return None
    from veracity.faithfulness.judge import JudgeConfig

    if judge not in ("openai", "ollama"):
        raise ConfigError(f"--judge must be 'openai' or 'ollama', got {judge!r}")
    if on_error not in ("keep", "undetermined", "fail"):
        raise ConfigError("--on-judge-error must be keep, undetermined or fail")
    return JudgeConfig(
        base_url=base_url or "",
        model=model or "",
        api=judge,  # type: ignore[arg-type]
        api_key_env=api_key_env,
        cache_dir=cache_dir,
        on_error=on_error,  # type: ignore[arg-type]
        retries=retries,
    )


def _write_json(report: Report, sample_lines: IO[str], output: Path | None) -> None:
    if output is None:
        for piece in iter_json_report(report, sample_lines):
            sys.stdout.write(piece)
        sys.stdout.flush()
        return
    with atomic_file(output) as out:
        for piece in iter_json_report(report, sample_lines):
            out.write(piece)


def _emit(report: Report, fmt: str, args: EvalArgs) -> None:
    if fmt == "json":
        if args.output is not None and not args.quiet:
            sys.stderr.write(f"wrote json report to {args.output}\n")
            sys.stderr.write(render(report, "table"))
        return
    if fmt == "jsonl":
        if not args.quiet:
            sys.stderr.write(render(report, "table"))
        return
    write_output(render(report, fmt, html_details=args.html_details), args.output)
    if args.output is not None and not args.quiet:
        sys.stderr.write(f"wrote {fmt} report to {args.output}\n")
        if fmt != "table":
            sys.stderr.write(render(report, "table"))


def eval_command(
    file: Annotated[
        Path,
        typer.Argument(
            help="Samples: JSONL (one object per line), a JSON array, or CSV; - reads JSONL from stdin.",
            show_default=False,
        ),
    ],
    k: KOpt = "5",
    metrics: MetricsOpt = None,
    claims_only: ClaimsOnlyOpt = False,
    skip_errors: SkipOpt = False,
    fmt: FormatOpt = "table",
    json_flag: JsonOpt = False,
    output: OutputOpt = None,
    fail_under: FailUnderOpt = None,
    quiet: QuietOpt = False,
    normalize_ids: NormOpt = False,
    faithfulness_method: MethodOpt = "lexical",
    preset: PresetOpt = None,
    check_dates: CheckDatesOpt = False,
    workers: WorkersOpt = None,
    html_details: HtmlDetailsOpt = DETAIL_CAP,
    judge: JudgeOpt = None,
    judge_model: JudgeModelOpt = None,
    judge_base_url: JudgeUrlOpt = None,
    judge_api_key_env: JudgeKeyOpt = "OPENAI_API_KEY",
    judge_cache_dir: JudgeCacheOpt = None,
    judge_retries: JudgeRetriesOpt = 2,
    on_judge_error: JudgeErrOpt = "keep",
) -> None:
    """Score a file of RAG samples: retrieval, faithfulness and numeric claims.

    Each record holds question, answer, contexts (alias: context), and optionally id,
    retrieved, golden_documents (alias: relevant; a list or {id: grade}), evidence and
    metadata. Exit codes: 0 all gates pass, 1 a gate failed, 2 bad usage or bad input,
    130 / 143 stopped by Ctrl-C / SIGTERM (a report file is then not written; JSONL lines
    already written stay whole).
    """
    args = EvalArgs(
        k, metrics, claims_only, skip_errors, fmt, json_flag, output, fail_under or [],
        quiet, normalize_ids, faithfulness_method, preset, workers, html_details=html_details,
        check_dates=check_dates,
    )  # fmt: skip
    with user_errors():
        config = _judge_config(
            judge,
            judge_model,
            judge_base_url,
            judge_api_key_env,
            judge_cache_dir,
            on_judge_error,
            judge_retries,
        )
        try:
            if str(file) == "-":
                code = _eval_stdin(replace(args, judge=config))
            else:
                code = run_eval(file, replace(args, judge=config))
        except InputError as exc:
            if exc.line is None:
                raise
            hint = "; --skip-errors skips bad records and keeps going"
            raise InputError(
                exc.reason + hint, source=exc.source, line=exc.line, field=exc.field
            ) from None
    raise typer.Exit(code)


def demo_command(
    k: KOpt = "5",
    metrics: MetricsOpt = None,
    claims_only: ClaimsOnlyOpt = False,
    fmt: FormatOpt = "table",
    json_flag: JsonOpt = False,
    output: OutputOpt = None,
    fail_under: FailUnderOpt = None,
    quiet: QuietOpt = False,
    preset: PresetOpt = None,
    html_details: HtmlDetailsOpt = DETAIL_CAP,
    export: Annotated[
        Path | None,
        typer.Option("--export", help="Write the bundled example samples to this file and exit."),
    ] = None,
) -> None:
    """Evaluate the bundled example set (31 samples: faithful and hallucinated answers,
    numbers, retrieval with golden documents) and print the report."""
    data = resources.files("veracity").joinpath("data").joinpath(DEMO_FILE)
    if export is not None:
        with user_errors():
            export.write_text(data.read_text(encoding="utf-8"), encoding="utf-8")
        raise typer.Exit(EXIT_OK)
    args = EvalArgs(
        k, metrics, claims_only, False, fmt, json_flag, output, fail_under or [],
        quiet, False, "lexical", preset, html_details=html_details,
    )  # fmt: skip
    with resources.as_file(data) as path, user_errors():
        if not path.exists():
            fail("the bundled demo data is missing from this installation")
        code = run_eval(path, args, label=f"demo ({DEMO_FILE})")
    raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    """Mount ``eval`` and ``demo`` on the root app."""
    app.command("eval")(eval_command)
    app.command("demo")(demo_command)
