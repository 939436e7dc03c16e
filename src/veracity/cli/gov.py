"""``veracity gov ...``: the governance benchmark from the command line.

Commands: ``run`` (drive a system over a suite, appending to a run file), ``score``
(score an existing responses file), ``validate`` (check case files), ``stats``
(describe a suite), ``demo`` (the built-in governor on our bundled suite) and
``compare`` (two runs, per-category deltas with confidence intervals).

Suites: ``--suite builtin|fitz-gov|PATH`` and ``--tier 0|1|all``; scoring:
``--scoring strict|fitz-gov-4.1``; output: ``--format table|json|jsonl`` (jsonl is one
line per case ``{"id","category","expected_mode","mode","passed","reason"}`` and
nothing else on stdout). Exit codes: 0 ok, 1 the tier-0 gate failed (``run``/``score``)
or ``validate`` found a problem, 2 bad usage or bad input. Messages never go through
rich markup; the progress bar is drawn on stderr only when it is a terminal.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal, cast

import typer

from veracity.cli.common import (
    EXIT_GATE_FAILED,
    EXIT_OK,
    fail,
    progress_reporter,
    user_errors,
    write_output,
)
from veracity.errors import ConfigError, InputError
from veracity.governance.cases import CATEGORIES, MODES, GovCase
from veracity.governance.loaders import LoadResult, load_suite, tier_of
from veracity.governance.metrics import (
    DEFAULT_GATE,
    GovMetrics,
    TieredReport,
    compare_runs,
    evaluate_tiered,
)
from veracity.governance.responses import GovResponse, read_responses
from veracity.governance.scoring import SCORING_MODES, CaseResult, ViolationJudge, score_cases
from veracity.governance.validate import validate_loaded

__all__ = ["app"]

app = typer.Typer(
    help="Governance benchmark: abstain / disputed / trustworthy (fitz-gov compatible).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

_FORMATS = ("table", "json", "jsonl")

SuiteOpt = Annotated[
    str, typer.Option("--suite", help="Cases: builtin (bundled), fitz-gov (installed) or a PATH.")
]
TierOpt = Annotated[str, typer.Option("--tier", help="Tier: 0, 1 or all.")]
ScoringOpt = Annotated[
    str, typer.Option("--scoring", help="strict (default) or fitz-gov-4.1 (exact reproduction).")
]
FormatOpt = Annotated[str, typer.Option("--format", "-f", help="table, json or jsonl.")]
NoGateOpt = Annotated[
    bool, typer.Option("--no-gate", help="Evaluate tier 1 even when tier 0 misses the gate.")
]
GateOpt = Annotated[
    float, typer.Option("--gate", help="Tier-0 accuracy needed to evaluate tier 1.")
]
StrictLoadOpt = Annotated[
    bool, typer.Option("--strict-load", help="Treat case-file warnings as errors (exit 2).")
]
SeedOpt = Annotated[int, typer.Option("--seed", help="Seed of the bootstrap resampling.")]
NoCiOpt = Annotated[bool, typer.Option("--no-ci", help="Skip bootstrap confidence intervals.")]
OutputOpt = Annotated[
    Path | None, typer.Option("--output", "-o", help="Write the report to this file.")
]
DetailsOpt = Annotated[
    bool, typer.Option("--details", help="Table: add subcategory and attribute breakdowns.")
]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar or notes.")]
LlmModelOpt = Annotated[
    str | None,
    typer.Option("--llm-model", help="Second opinion on pattern hits from this LLM (extra [llm])."),
]
LlmUrlOpt = Annotated[
    str | None, typer.Option("--llm-base-url", help="OpenAI-compatible or Ollama base URL.")
]
LlmApiOpt = Annotated[str, typer.Option("--llm-api", help="openai or ollama.")]
LlmCacheOpt = Annotated[
    Path | None, typer.Option("--llm-cache-dir", help="Directory of the LLM verdict cache.")
]
LlmErrOpt = Annotated[
    str, typer.Option("--on-llm-error", help="keep (regex verdict), clear (drop the hit) or fail.")
]


def _note(message: str, quiet: bool = False) -> None:
    if not quiet:
        sys.stderr.write(" ".join(message.split()) + "\n")


def _check_choice(value: str, choices: Sequence[str], option: str) -> str:
    if value not in choices:
        raise ConfigError(f"{option} must be one of {', '.join(choices)}, got {value!r}")
    return value


def _load(suite: str, tier: str, strict_load: bool, quiet: bool) -> LoadResult:
    if tier not in ("0", "1", "all"):
        raise ConfigError(f"--tier must be 0, 1 or all, got {tier!r}")
    result = load_suite(suite, tier, strict=strict_load)
    for problem in result.problems[:20]:
        _note(str(problem), quiet and problem.severity == "warning")
    if len(result.problems) > 20:
        _note(f"... and {len(result.problems) - 20} more problems (see: veracity gov validate)")
    if strict_load and result.problems:
        fail(f"{len(result.problems)} problem(s) in the cases ({suite}) with --strict-load")
    if not result.cases:
        fail(f"no cases loaded from {suite} (tier {tier})")
    return result


def _judge(
    model: str | None, base_url: str | None, api: str, cache_dir: Path | None, on_error: str
) -> ViolationJudge | None:
    if model is None and base_url is None:
        return None
    if model is None or base_url is None:
        raise ConfigError("--llm-model and --llm-base-url go together")
    _check_choice(api, ("openai", "ollama"), "--llm-api")
    _check_choice(on_error, ("keep", "clear", "fail"), "--on-llm-error")
    try:
        from veracity.governance.llm_check import LLMJudge
    except ImportError as exc:
        raise ConfigError(f"the LLM second pass is unavailable: {exc}") from None
    cache = cache_dir if cache_dir is not None else Path.home() / ".cache" / "veracity" / "llm"
    judge: ViolationJudge = LLMJudge(
        base_url,
        model,
        api=cast(Literal["openai", "ollama"], api),
        cache_dir=cache,
        on_error=cast(Literal["keep", "clear", "fail"], on_error),
    )
    return judge


# --------------------------------------------------------------------------- rendering


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:5.1f}%"


def _ci(ci: tuple[float, float] | None) -> str:
    return "" if ci is None else f"  [95% CI {100 * ci[0]:.1f}-{100 * ci[1]:.1f}]"


def _num(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def _breakdown_lines(m: GovMetrics) -> list[str]:
    lines = ["", "  by subcategory:"]
    for cat, subs in m.by_subcategory.items():
        lines += [f"    {cat + '/' + k:<44} {_pct(r.value)} ({r.passed}/{r.total})"
                  for k, r in subs.items()]  # fmt: skip
    for attr, values in m.by_attribute.items():
        lines += ["", f"  by {attr}:"]
        lines += [f"    {k:<20} {_pct(r.value)} ({r.passed}/{r.total})"
                  for k, r in values.items()]  # fmt: skip
    return lines


def _metrics_lines(m: GovMetrics, title: str, details: bool = False) -> list[str]:
    lines = [f"{title}: {_pct(m.accuracy.value)} ({m.accuracy.passed}/{m.accuracy.total})"
             f"{_ci(m.accuracy.ci)}", "", "  by category:"]  # fmt: skip
    for cat in [*CATEGORIES, *sorted(set(m.by_category) - set(CATEGORIES))]:
        r = m.by_category.get(cat)
        if r is not None:
            lines.append(f"    {cat:<20} {_pct(r.value)} ({r.passed}/{r.total}){_ci(r.ci)}")
    if m.by_difficulty:
        lines += ["", "  by difficulty:"]
        lines += [f"    {k:<20} {_pct(r.value)} ({r.passed}/{r.total})"
                  for k, r in m.by_difficulty.items()]  # fmt: skip
    if details:
        lines += _breakdown_lines(m)
    cols = list(next(iter(m.confusion.values())).keys()) if m.confusion else []
    lines += ["", "  confusion (rows expected, columns predicted):"]
    lines.append("    " + " " * 12 + "".join(f"{c[:11]:>12}" for c in cols))
    for exp, row in m.confusion.items():
        lines.append(f"    {exp:<12}" + "".join(f"{row[c]:>12}" for c in cols))
    lines += ["", "  per mode:        precision   recall       F1   support"]
    for mode in MODES:
        v = m.per_mode[mode]
        lines.append(
            f"    {mode:<12} {_num(v['precision']):>10} {_num(v['recall']):>8}"
            f" {_num(v['f1']):>8} {v['support']:>9}"
        )
    ft = m.false_trustworthy
    lines += [
        "",
        f"  macro-F1 {_num(m.macro_f1)}"
        + (
            ""
            if m.macro_f1_ci is None
            else f" [95% CI {m.macro_f1_ci[0]:.3f}-{m.macro_f1_ci[1]:.3f}]"
        )
        + f"   Cohen's kappa {_num(m.kappa)}",
        f"  false-trustworthy rate {_pct(ft.value)} ({ft.passed}/{ft.total}){_ci(ft.ci)}",
    ]
    return lines


def _render_table(
    report: TieredReport, results: Sequence[CaseResult], label: str, details: bool = False
) -> str:
    scoring = results[0].scoring if results else "strict"
    lines = [f"governance: {label}  (scoring {scoring}, {len(results)} cases)", ""]
    if report.tier0 is not None:
        status = {True: "PASSED", False: "FAILED", None: "n/a"}[report.tier0_passed]
        gate = f"gate {100 * report.gate:.0f}%" if report.gated else "gate off"
        lines += [*_metrics_lines(report.tier0, f"TIER 0 {status} ({gate})", details), ""]
    if report.tier1 is not None:
        lines += [*_metrics_lines(report.tier1, "TIER 1", details), ""]
    elif report.tier1_skipped:
        lines += ["TIER 1: skipped (tier 0 below the gate; use --no-gate to evaluate it)", ""]
    if report.other is not None:
        lines += [*_metrics_lines(report.other, "cases without a tier", details), ""]
    failed = [r for r in results if not r.passed]
    if failed:
        lines.append(f"failed cases ({len(failed)}), first 10:")
        lines += [f"  {r.id}: {r.reason}" for r in failed[:10]]
    return "\n".join(lines).rstrip() + "\n"


def _emit(
    results: list[CaseResult],
    report: TieredReport,
    fmt: str,
    output: Path | None,
    label: str,
    problems: LoadResult | None = None,
    details: bool = False,
) -> None:
    if fmt == "jsonl":
        text = "".join(
            json.dumps(r.to_record(), ensure_ascii=False, allow_nan=False) + "\n" for r in results
        )
    elif fmt == "json":
        data: dict[str, Any] = {
            "suite": label,
            "scoring": results[0].scoring if results else None,
            "report": report.to_dict(),
            "problems": [p.to_dict() for p in problems.problems] if problems else [],
            "results": [r.to_dict() for r in results],
        }
        text = json.dumps(data, ensure_ascii=False, allow_nan=False, indent=2)
    else:
        text = _render_table(report, results, label, details)
    write_output(text, output)


def _gate_exit(report: TieredReport) -> int:
    return EXIT_GATE_FAILED if report.gated and report.tier0_passed is False else EXIT_OK


def _score_and_report(
    cases: Sequence[GovCase],
    responses: Sequence[GovResponse],
    *,
    scoring: str,
    fmt: str,
    gate: float,
    no_gate: bool,
    seed: int,
    no_ci: bool,
    output: Path | None,
    label: str,
    loaded: LoadResult,
    judge: ViolationJudge | None,
    quiet: bool,
    details: bool = False,
) -> TieredReport:
    known = {c.id for c in cases}
    got = {r.id for r in responses}
    missing = len(known - got)
    if missing:
        _note(f"note: {missing} case(s) have no response (scored as empty, no mode)", quiet)
    extra = len(got - known)
    if extra:
        _note(f"note: {extra} response(s) match no case and are ignored", quiet)
    results = score_cases(cases, responses, scoring=scoring, judge=judge)
    report = evaluate_tiered(results, gate=gate, gated=not no_gate, ci=not no_ci, seed=seed)
    _emit(results, report, fmt, output, label, loaded, details)
    return report


def _validate_common(fmt: str, scoring: str, gate: float) -> None:
    _check_choice(fmt, _FORMATS, "--format")
    _check_choice(scoring, SCORING_MODES, "--scoring")
    if not 0.0 <= gate <= 1.0:
        raise ConfigError(f"--gate must be between 0 and 1, got {gate}")


# --------------------------------------------------------------------------- commands


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
    concurrency: Annotated[int, typer.Option("--concurrency", min=1, max=256)] = 4,
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds per call.")] = 60.0,
    retries: Annotated[int, typer.Option("--retries", min=0, max=20)] = 2,
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
    """Run a system on the cases, append every response to the run file, then score."""
    with user_errors():
        _validate_common(fmt, scoring, gate)
        if system is None and model is None:
            raise ConfigError("give --system, or --model with --base-url")
        if timeout <= 0:
            raise ConfigError("--timeout must be positive")
        judge = _judge(llm_model, llm_base_url, llm_api, llm_cache_dir, on_llm_error)
        loaded = _load(suite, tier, strict_load, quiet)
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
        report = _score_and_report(
            loaded.cases, responses, scoring=scoring, fmt=fmt, gate=gate, no_gate=no_gate,
            seed=seed, no_ci=no_ci, output=output, label=suite, loaded=loaded, judge=judge,
            quiet=quiet, details=details,
        )  # fmt: skip
    raise typer.Exit(_gate_exit(report))


def _progress_adapter(advance: Callable[[int], None]) -> Callable[[int, int], None]:
    state = {"done": 0}

    def progress(done: int, total: int) -> None:
        if done > state["done"]:
            advance(done - state["done"])
            state["done"] = done

    return progress


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
) -> None:
    """Score an existing responses file against a suite."""
    with user_errors():
        _validate_common(fmt, scoring, gate)
        judge = _judge(llm_model, llm_base_url, llm_api, llm_cache_dir, on_llm_error)
        loaded = _load(suite, tier, strict_load, quiet)
        resp = read_responses(responses)
        report = _score_and_report(
            loaded.cases, resp, scoring=scoring, fmt=fmt, gate=gate, no_gate=no_gate,
            seed=seed, no_ci=no_ci, output=output, label=suite, loaded=loaded, judge=judge,
            quiet=quiet, details=details,
        )  # fmt: skip
    raise typer.Exit(_gate_exit(report))


@app.command("demo")
def demo_command(
    tier: TierOpt = "all",
    scoring: ScoringOpt = "strict",
    fmt: FormatOpt = "table",
    gate: GateOpt = DEFAULT_GATE,
    gated: Annotated[
        bool, typer.Option("--gated", help="Apply the tier-0 gate (off in the demo).")
    ] = False,
    seed: SeedOpt = 0,
    no_ci: NoCiOpt = False,
    output: OutputOpt = None,
    details: DetailsOpt = False,
) -> None:
    """Run the built-in governor on our bundled suite and print the report (both tiers)."""
    no_gate = not gated
    with user_errors():
        _validate_common(fmt, scoring, gate)
        loaded = _load("builtin", tier, False, True)
        try:
            from veracity.governance.baseline import builtin_governor
        except ImportError as exc:
            raise ConfigError(f"the built-in governor is unavailable: {exc}") from None
        responses = []
        for case in loaded.cases:
            answer, mode = builtin_governor(case.query, case.contexts)
            responses.append(GovResponse(case.id, answer, mode))
        _score_and_report(
            loaded.cases, responses, scoring=scoring, fmt=fmt, gate=gate, no_gate=no_gate,
            seed=seed, no_ci=no_ci, output=output, label="builtin governor on the builtin suite",
            loaded=loaded, judge=None, quiet=True, details=details,
        )  # fmt: skip
    raise typer.Exit(EXIT_OK)


@app.command("validate")
def validate_command(
    path: Annotated[str, typer.Argument(help="Case directory or file (or builtin, fitz-gov).")],
    strict_load: StrictLoadOpt = False,
    fmt: Annotated[str, typer.Option("--format", "-f", help="table or json.")] = "table",
) -> None:
    """Check case files; exit 1 when anything is wrong (including a missing path)."""
    try:
        _check_choice(fmt, ("table", "json"), "--format")
        loaded = load_suite(path, "all", strict=strict_load)
    except InputError as exc:
        fail(str(exc), code=EXIT_GATE_FAILED)
    except ConfigError as exc:
        fail(str(exc))
    report = validate_loaded(loaded, strict=strict_load)
    if fmt == "json":
        write_output(json.dumps(report.to_dict(), ensure_ascii=False, indent=2), None)
    else:
        lines = [str(p) for p in report.problems]
        lines.append(
            f"{report.n_cases} cases in {report.n_files} files: {len(report.errors)} errors,"
            f" {len(report.warnings)} warnings" + ("" if report.problems else " -- OK")
        )
        write_output("\n".join(lines), None)
    raise typer.Exit(EXIT_OK if report.ok else EXIT_GATE_FAILED)


@app.command("stats")
def stats_command(
    suite: SuiteOpt = "builtin",
    tier: TierOpt = "all",
    strict_load: StrictLoadOpt = False,
    fmt: Annotated[str, typer.Option("--format", "-f", help="table or json.")] = "table",
) -> None:
    """Describe a suite: cases per tier, category, mode, difficulty and attribute."""
    with user_errors():
        _check_choice(fmt, ("table", "json"), "--format")
        loaded = _load(suite, tier, strict_load, fmt == "json")
    cases = loaded.cases
    groups: dict[str, Counter[str]] = {
        "tier": Counter(tier_of(c) or "none" for c in cases),
        "category": Counter(c.category for c in cases),
        "expected_mode": Counter(c.expected_mode for c in cases),
        "difficulty": Counter(c.difficulty for c in cases),
    }
    for attr in ("domain", "query_type", "source_type", "reasoning_type", "evidence_pattern"):
        groups[attr] = Counter(c.slice_value(attr) for c in cases)
    groups["context_count"] = Counter(str(len(c.contexts)) for c in cases)
    subcats = {cat: len({c.subcategory for c in cases if c.category == cat}) for cat in CATEGORIES}
    if fmt == "json":
        data = {
            "suite": suite,
            "n_cases": len(cases),
            "n_problems": len(loaded.problems),
            "counts": {k: dict(sorted(v.items())) for k, v in groups.items()},
            "subcategories_per_category": subcats,
        }
        write_output(json.dumps(data, ensure_ascii=False, indent=2), None)
        raise typer.Exit(EXIT_OK)
    lines = [f"{suite}: {len(cases)} cases, {len(loaded.problems)} problems"]
    for name, counter in groups.items():
        lines.append(f"\n{name}:")
        lines += [f"  {k:<24} {v:>6}" for k, v in sorted(counter.items())]
    lines.append("\nsubcategories per category:")
    lines += [f"  {k:<24} {v:>6}" for k, v in subcats.items()]
    write_output("\n".join(lines), None)
    raise typer.Exit(EXIT_OK)


def _read_run(path: Path, cases: Callable[[], Sequence[GovCase]], scoring: str) -> list[CaseResult]:
    """A results JSONL (lines with ``passed``) as is, or a responses file scored now."""
    first = None
    try:
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    first = json.loads(line)
                    break
    except FileNotFoundError:
        raise InputError("no such file", source=str(path)) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"not JSONL: {exc}", source=str(path)) from None
    if isinstance(first, dict) and "passed" in first:
        out = []
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
                out.append(
                    CaseResult(
                        id=str(rec["id"]),
                        category=str(rec.get("category", "unknown")),
                        expected_mode=str(rec.get("expected_mode")),
                        mode=rec.get("mode"),
                        passed=bool(rec["passed"]),
                        reason=rec.get("reason"),
                    )
                )
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise InputError(f"bad result line: {exc}", source=str(path), line=lineno) from None
        return out
    return score_cases(cases(), read_responses(path), scoring=scoring)


@app.command("compare")
def compare_command(
    run_a: Annotated[
        Path, typer.Argument(help="Baseline run: responses or --format jsonl output.")
    ],
    run_b: Annotated[Path, typer.Argument(help="New run, same kinds of file.")],
    suite: SuiteOpt = "builtin",
    tier: TierOpt = "all",
    scoring: ScoringOpt = "strict",
    fmt: Annotated[str, typer.Option("--format", "-f", help="table or json.")] = "table",
    seed: SeedOpt = 0,
    strict_load: StrictLoadOpt = False,
) -> None:
    """Per-category accuracy deltas (B - A) with paired bootstrap 95 % intervals."""
    with user_errors():
        _check_choice(fmt, ("table", "json"), "--format")
        _check_choice(scoring, SCORING_MODES, "--scoring")
        cache: list[GovCase] = []

        def cases() -> Sequence[GovCase]:
            if not cache:
                cache.extend(_load(suite, tier, strict_load, True).cases)
            return cache

        comp = compare_runs(_read_run(run_a, cases, scoring), _read_run(run_b, cases, scoring),
                            seed=seed)  # fmt: skip
    if comp.n_common == 0:
        fail("the two runs have no case id in common")
    if fmt == "json":
        write_output(json.dumps(comp.to_dict(), ensure_ascii=False, indent=2), None)
        raise typer.Exit(EXIT_OK)

    def row(name: str, d: dict[str, Any]) -> str:
        band = d["ci95"]
        ci = "" if band is None else f"  [{100 * band[0]:+.1f}, {100 * band[1]:+.1f}]"
        return (
            f"  {name:<20} {_pct(d['a'])} -> {_pct(d['b'])}  delta {100 * d['delta']:+.1f} pts"
            f"{ci}  (n={d['n']})"
        )

    lines = [f"compare: {run_a} -> {run_b}  ({comp.n_common} common cases;"
             f" only in A {comp.only_a}, only in B {comp.only_b})", row("overall", comp.overall)]  # fmt: skip
    lines += [row(cat, d) for cat, d in comp.by_category.items()]
    lines.append(f"fixed {len(comp.fixed)}, broken {len(comp.broken)}")
    write_output("\n".join(lines), None)
    raise typer.Exit(EXIT_OK)
