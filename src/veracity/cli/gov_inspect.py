"""The ``veracity gov`` commands that inspect instead of scoring a system: ``validate``
(check case files), ``stats`` (describe a suite) and ``compare`` (two runs).

The functions are plain; :mod:`veracity.cli.gov` registers them on its ``app``.
Exit codes: ``validate`` 1 when it finds a problem (or the path is missing), all three
2 on bad usage or bad input, else 0.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from veracity.cli.common import EXIT_GATE_FAILED, EXIT_OK, fail, user_errors, write_output
from veracity.cli.gov_inputs import load_or_fail, read_run
from veracity.cli.gov_options import (
    ScoringOpt,
    SeedOpt,
    ShortFormatOpt,
    StrictLoadOpt,
    SuiteOpt,
    TierOpt,
    check_choice,
)
from veracity.errors import ConfigError, InputError
from veracity.governance.cases import GovCase
from veracity.governance.loaders import load_suite
from veracity.governance.metrics import compare_runs
from veracity.governance.scoring import SCORING_MODES
from veracity.governance.suite_stats import suite_stats
from veracity.governance.validate import validate_loaded
from veracity.render.governance import (
    render_comparison_table,
    render_stats_json,
    render_stats_table,
    render_validation_table,
)

__all__ = ["compare_command", "stats_command", "validate_command"]


def validate_command(
    path: Annotated[str, typer.Argument(help="Case directory or file (or builtin, fitz-gov).")],
    strict_load: StrictLoadOpt = False,
    fmt: ShortFormatOpt = "table",
) -> None:
    """Check case files; exit 1 when anything is wrong (including a missing path)."""
    try:
        check_choice(fmt, ("table", "json"), "--format")
        loaded = load_suite(path, "all", strict=strict_load)
    except InputError as exc:
        fail(str(exc), code=EXIT_GATE_FAILED)
    except ConfigError as exc:
        fail(str(exc))
    report = validate_loaded(loaded, strict=strict_load, source=path)
    if fmt == "json":
        write_output(json.dumps(report.to_dict(), ensure_ascii=False, indent=2), None)
    else:
        write_output(render_validation_table(report), None)
    raise typer.Exit(EXIT_OK if report.ok else EXIT_GATE_FAILED)


def stats_command(
    suite: SuiteOpt = "builtin",
    tier: TierOpt = "all",
    strict_load: StrictLoadOpt = False,
    fmt: ShortFormatOpt = "table",
) -> None:
    """Describe a suite: cases per tier, category, mode, difficulty and attribute."""
    with user_errors():
        check_choice(fmt, ("table", "json"), "--format")
        loaded = load_or_fail(suite, tier, strict_load, fmt == "json")
    stats = suite_stats(loaded.cases)
    n_problems = len(loaded.problems)
    if fmt == "json":
        write_output(render_stats_json(suite, stats, n_problems), None)
    else:
        write_output(render_stats_table(suite, stats, n_problems), None)
    raise typer.Exit(EXIT_OK)


def compare_command(
    run_a: Annotated[
        Path, typer.Argument(help="Baseline run: responses or --format jsonl output.")
    ],
    run_b: Annotated[Path, typer.Argument(help="New run, same kinds of file.")],
    suite: SuiteOpt = "builtin",
    tier: TierOpt = "all",
    scoring: ScoringOpt = "strict",
    fmt: ShortFormatOpt = "table",
    seed: SeedOpt = 0,
    strict_load: StrictLoadOpt = False,
) -> None:
    """Per-category accuracy deltas (B - A) with paired bootstrap 95 % intervals."""
    with user_errors():
        check_choice(fmt, ("table", "json"), "--format")
        check_choice(scoring, SCORING_MODES, "--scoring")
        cache: list[GovCase] = []

        def cases() -> Sequence[GovCase]:  # loaded only when a run holds responses
            if not cache:
                cache.extend(load_or_fail(suite, tier, strict_load, True).cases)
            return cache

        a = read_run(run_a, cases, scoring)
        b = read_run(run_b, cases, scoring)
        comp = compare_runs(a, b, seed=seed)
    if comp.n_common == 0:
        fail("the two runs have no case id in common")
    if fmt == "json":
        write_output(json.dumps(comp.to_dict(), ensure_ascii=False, indent=2), None)
    else:
        write_output(render_comparison_table(comp, str(run_a), str(run_b)), None)
    raise typer.Exit(EXIT_OK)
