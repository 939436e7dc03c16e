"""``veracity gov ...``: the governance benchmark from the command line.

Commands: ``run`` (drive a system over a suite, appending to a run file), ``score``
(score an existing responses file), ``validate`` (check case files), ``stats``
(describe a suite), ``demo`` (the built-in governor on our bundled suite) and
``compare`` (two runs, per-category deltas with confidence intervals).

Suites: ``--suite builtin|fitz-gov|PATH`` and ``--tier 0|1|all``; scoring:
``--scoring strict|fitz-gov-4.1``; output: ``--format table|json|jsonl|markdown|junit``
(jsonl is one line per case ``{"id","category","expected_mode","mode","passed","reason"}``
and nothing else on stdout; markdown and junit are for CI). Exit codes: 0 ok, 1 the
tier-0 gate failed (``run``/``score``, ``demo --gated``) or ``validate`` found a problem,
2 bad usage or bad input, or a ``run`` whose every call to the system failed (a wrong
URL, a server down). Messages never go through rich markup; the progress bar is drawn on
stderr only when it is a terminal.

This module holds ``app`` and the commands that score a system (``run``, ``score``,
``demo``); ``validate``, ``stats`` and ``compare`` are in :mod:`.gov_inspect`. They
parse options, call the governance library and write what
:mod:`veracity.render.governance` (table, JSON) and :mod:`veracity.render.governance_ci`
(Markdown, JUnit) lay out. The shared options and their checks are in
:mod:`.gov_options`; loading the suite, the LLM judge and run files in
:mod:`.gov_inputs`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from veracity.cli.common import (
    EXIT_GATE_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    fail,
    progress_reporter,
    terminate_as_interrupt,
    user_errors,
    write_output,
)
from veracity.cli.gov_inputs import load_or_fail, make_judge, note, note_replaced
from veracity.cli.gov_inspect import compare_command, stats_command, validate_command
from veracity.cli.gov_options import (
    DetailsOpt,
    FormatOpt,
    GateOpt,
    LlmApiOpt,
    LlmCacheOpt,
    LlmErrOpt,
    LlmModelOpt,
    LlmUrlOpt,
    NoCiOpt,
    NoGateOpt,
    OutputOpt,
    QuietOpt,
    ScoringOpt,
    SeedOpt,
    StrictLoadOpt,
    SuiteOpt,
    TierOpt,
    check_common,
)
from veracity.errors import ConfigError
from veracity.governance.loaders import LoadResult
from veracity.governance.metrics import DEFAULT_GATE, TieredReport, evaluate_tiered
from veracity.governance.responses import GovResponse, read_responses
from veracity.governance.scoring import CaseResult, ViolationJudge, score_cases
from veracity.render.governance import (
    render_results_json,
    render_results_jsonl,
    render_tiered_table,
)
from veracity.render.governance_ci import render_gov_junit, render_gov_markdown

__all__ = ["app"]

MAX_TIMEOUT = 86_400.0
"""Longest --timeout accepted (a day): a longer wait is a typo, and infinity or NaN crash
the timer."""

app = typer.Typer(
    help="Governance benchmark: abstain / disputed / trustworthy (fitz-gov compatible).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@dataclass(frozen=True)
class _Reporting:
    """How ``run``, ``score`` and ``demo`` score and report (their shared options)."""

    scoring: str
    fmt: str
    gate: float
    gated: bool
    ci: bool
    seed: int
    output: Path | None
    details: bool


@dataclass(frozen=True)
class _Scored:
    """What a renderer of ``run``, ``score`` and ``demo`` may lay out."""

    report: TieredReport
    results: Sequence[CaseResult]
    label: str
    loaded: LoadResult
    details: bool


_RENDERERS: dict[str, Callable[[_Scored], str]] = {
    "table": lambda s: render_tiered_table(s.report, s.results, s.label, s.details),
    "json": lambda s: render_results_json(s.results, s.report, s.label, s.loaded),
    "jsonl": lambda s: render_results_jsonl(s.results),
    "markdown": lambda s: render_gov_markdown(s.report, s.results, s.label),
    "junit": lambda s: render_gov_junit(s.report, s.results, s.label),
}
"""``--format`` -> its renderer (the keys are :data:`~.gov_options.FORMATS`)."""


def _score_and_report(
    loaded: LoadResult,
    responses: Sequence[GovResponse],
    how: _Reporting,
    *,
    label: str,
    judge: ViolationJudge | None,
    quiet: bool,
) -> TieredReport:
    """Score ``responses`` on the loaded cases, evaluate the tiers, write the report."""
    known = {c.id for c in loaded.cases}
    got = {r.id for r in responses}
    missing = len(known - got)
    if missing:
        note(f"note: {missing} case(s) have no response (scored as empty, no mode)", quiet)
    extra = len(got - known)
    if extra:
        note(f"note: {extra} response(s) match no case and are ignored", quiet)
    results = score_cases(loaded.cases, responses, scoring=how.scoring, judge=judge)
    report = evaluate_tiered(results, gate=how.gate, gated=how.gated, ci=how.ci, seed=how.seed)
    text = _RENDERERS[how.fmt](_Scored(report, results, label, loaded, how.details))
    write_output(text, how.output)
    return report


def _gate_exit(report: TieredReport) -> int:
    return EXIT_GATE_FAILED if report.gated and report.tier0_passed is False else EXIT_OK


def _progress_adapter(advance: Callable[[int], None]) -> Callable[[int, int], None]:
    """``progress(done, total)`` for the runners, from the bar's ``advance(n)``."""
    state = {"done": 0}

    def progress(done: int, total: int) -> None:
        if done > state["done"]:
            advance(done - state["done"])
            state["done"] = done

    return progress


@app.command("run")
def run_command(
    system: Annotated[
        str | None,
        typer.Option(
            "--system",
            help="builtin, package.module:function, or an http(s):// endpoint (omit with --model).",
        ),
    ] = None,
    model: Annotated[
        str | None, typer.Option("--model", help="Model of an OpenAI-compatible chat endpoint.")
    ] = None,
    base_url: Annotated[
        str | None, typer.Option("--base-url", help="Base URL of the chat endpoint.")
    ] = None,
    api_key_env: Annotated[
        str, typer.Option("--api-key-env", help="Environment variable holding the API key.")
    ] = "OPENAI_API_KEY",
    run_file: Annotated[
        Path | None,
        typer.Option("--run-file", help="Append each response here; rerun to resume."),
    ] = None,
    concurrency: Annotated[
        int, typer.Option("--concurrency", min=1, max=256, help="Cases sent to the system at once.")
    ] = 4,
    timeout: Annotated[
        float, typer.Option("--timeout", help="Seconds per call (more than 0, at most 86400).")
    ] = 60.0,
    retries: Annotated[
        int,
        typer.Option(
            "--retries", min=0, max=20, help="Extra attempts per case, with exponential backoff."
        ),
    ] = 2,
    suite: SuiteOpt = "builtin",
    tier: TierOpt = "all",
    scoring: ScoringOpt = "strict",
    fmt: FormatOpt = "table",
    gate: GateOpt = DEFAULT_GATE,
    no_gate: NoGateOpt = False,
    strict_load: StrictLoadOpt = False,
    seed: SeedOpt = 0,
    no_ci: NoCiOpt = False,
    output: OutputOpt = None,
    details: DetailsOpt = False,
    quiet: QuietOpt = False,
    llm_model: LlmModelOpt = None,
    llm_base_url: LlmUrlOpt = None,
    llm_api: LlmApiOpt = "openai",
    llm_cache_dir: LlmCacheOpt = None,
    on_llm_error: LlmErrOpt = "keep",
) -> None:
    """Run a system on the cases, append every response to the run file, then score.

    Exit 2 when every call to the system failed (the report still lists each error)."""
    with user_errors():
        check_common(fmt, scoring, gate)
        if system is None and model is None:
            raise ConfigError("give --system, or --model with --base-url")
        if not 0 < timeout <= MAX_TIMEOUT:  # also NaN, which compares false
            raise ConfigError(f"--timeout must be a number of seconds from 0 to {MAX_TIMEOUT:g}")
        judge = make_judge(llm_model, llm_base_url, llm_api, llm_cache_dir, on_llm_error)
        loaded = load_or_fail(suite, tier, strict_load, quiet)
        try:
            from veracity.governance.runners import make_system, run_system
        except ImportError as exc:
            raise ConfigError(f"the runners are unavailable: {exc}") from None
        sys_obj = make_system(
            system or "",
            model=model,
            base_url=base_url,
            api_key_env=api_key_env,
            timeout=timeout,
        )
        with terminate_as_interrupt():  # SIGTERM: the same line, exit 143
            try:
                with progress_reporter("cases", len(loaded.cases), enabled=not quiet) as advance:
                    responses = run_system(
                        loaded.cases,
                        sys_obj,
                        run_file=run_file,
                        concurrency=concurrency,
                        timeout=timeout,
                        retries=retries,
                        progress=_progress_adapter(advance),
                    )
            except KeyboardInterrupt:
                saved = (
                    f"the responses so far are in {run_file}: run the same command again to resume"
                    if run_file is not None
                    else "nothing was saved (use --run-file to make a run resumable)"
                )
                fail(f"interrupted; {saved}", code=EXIT_INTERRUPTED)
        how = _Reporting(scoring, fmt, gate, not no_gate, not no_ci, seed, output, details)
        report = _score_and_report(loaded, responses, how, label=suite, judge=judge, quiet=quiet)
        if responses and all(r.error is not None and r.answer is None for r in responses):
            # the system was never reached (a wrong URL, a server that is down): a setup
            # error, exit 2, not a failed gate
            fail(f"every call to the system failed; the first: {responses[0].error}")
    raise typer.Exit(_gate_exit(report))


@app.command("score")
def score_command(
    responses: Annotated[
        Path, typer.Argument(help="Responses JSONL: id, answer, mode? (a run file works).")
    ],
    suite: SuiteOpt = "builtin",
    tier: TierOpt = "all",
    scoring: ScoringOpt = "strict",
    fmt: FormatOpt = "table",
    gate: GateOpt = DEFAULT_GATE,
    no_gate: NoGateOpt = False,
    strict_load: StrictLoadOpt = False,
    seed: SeedOpt = 0,
    no_ci: NoCiOpt = False,
    output: OutputOpt = None,
    details: DetailsOpt = False,
    quiet: QuietOpt = False,
    llm_model: LlmModelOpt = None,
    llm_base_url: LlmUrlOpt = None,
    llm_api: LlmApiOpt = "openai",
    llm_cache_dir: LlmCacheOpt = None,
    on_llm_error: LlmErrOpt = "keep",
    detect: Annotated[
        bool,
        typer.Option(
            "--detect-mode",
            help="Read the mode from the answer's wording where a response gives none "
            "(as `gov run` does); without it such a response fails with 'no mode given'.",
        ),
    ] = False,
) -> None:
    """Score an existing responses file against a suite."""
    with user_errors():
        check_common(fmt, scoring, gate)
        judge = make_judge(llm_model, llm_base_url, llm_api, llm_cache_dir, on_llm_error)
        loaded = load_or_fail(suite, tier, strict_load, quiet)
        replaced: list[tuple[str, int]] = []
        resp = read_responses(responses, replaced=replaced)
        if replaced and not quiet:
            note_replaced(responses, replaced)
        if detect:
            from veracity.governance.detect import with_detected_mode

            resp = [with_detected_mode(r) for r in resp]
        how = _Reporting(scoring, fmt, gate, not no_gate, not no_ci, seed, output, details)
        report = _score_and_report(loaded, resp, how, label=suite, judge=judge, quiet=quiet)
    raise typer.Exit(_gate_exit(report))


@app.command("demo")
def demo_command(
    tier: TierOpt = "all",
    scoring: ScoringOpt = "strict",
    fmt: FormatOpt = "table",
    gate: GateOpt = DEFAULT_GATE,
    gated: Annotated[
        bool,
        typer.Option(
            "--gated",
            help="Apply the tier-0 gate (off in the demo): skip tier 1 and exit 1 when "
            "tier 0 falls below --gate.",
        ),
    ] = False,
    seed: SeedOpt = 0,
    no_ci: NoCiOpt = False,
    output: OutputOpt = None,
    details: DetailsOpt = False,
) -> None:
    """Run the built-in governor on our bundled suite and print the report (both tiers)."""
    with user_errors():
        check_common(fmt, scoring, gate)
        loaded = load_or_fail("builtin", tier, False, True)
        try:
            from veracity.governance.baseline import builtin_governor
        except ImportError as exc:
            raise ConfigError(f"the built-in governor is unavailable: {exc}") from None
        responses = []
        for case in loaded.cases:
            answer, mode = builtin_governor(case.query, case.contexts)
            responses.append(GovResponse(case.id, answer, mode))
        how = _Reporting(scoring, fmt, gate, gated, not no_ci, seed, output, details)
        label = "builtin governor on the builtin suite"
        report = _score_and_report(loaded, responses, how, label=label, judge=None, quiet=True)
    raise typer.Exit(_gate_exit(report))  # 1 only with --gated and a failed tier-0 gate


app.command("validate")(validate_command)
app.command("stats")(stats_command)
app.command("compare")(compare_command)
