"""The options shared by the ``veracity gov`` commands, and their checks.

Each ``...Opt`` is a typed ``Annotated`` alias carrying the flag and its help text, so
every command spells a shared option the same way. :func:`check_choice` and
:func:`check_common` reject bad values with a :class:`~veracity.errors.ConfigError`
(exit 2 through :func:`~veracity.cli.common.user_errors`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from veracity.errors import ConfigError
from veracity.governance.scoring import SCORING_MODES

__all__ = [
    "FORMATS",
    "DetailsOpt",
    "FormatOpt",
    "GateOpt",
    "LlmApiOpt",
    "LlmCacheOpt",
    "LlmErrOpt",
    "LlmModelOpt",
    "LlmUrlOpt",
    "NoCiOpt",
    "NoGateOpt",
    "OutputOpt",
    "QuietOpt",
    "ScoringOpt",
    "SeedOpt",
    "ShortFormatOpt",
    "StrictLoadOpt",
    "SuiteOpt",
    "TierOpt",
    "check_choice",
    "check_common",
]

FORMATS = ("table", "json", "jsonl", "markdown", "junit")
"""Output formats of the commands that score (``run``, ``score``, ``demo``)."""

SuiteOpt = Annotated[
    str, typer.Option("--suite", help="Cases: builtin (bundled), fitz-gov (installed) or a PATH.")
]
TierOpt = Annotated[str, typer.Option("--tier", help="Tier: 0, 1 or all.")]
ScoringOpt = Annotated[
    str, typer.Option("--scoring", help="strict (default) or fitz-gov-4.1 (exact reproduction).")
]
FormatOpt = Annotated[
    str,
    typer.Option(
        "--format",
        "-f",
        help=(
            "table, json, jsonl (one line per case), markdown (a summary for "
            "$GITHUB_STEP_SUMMARY or a PR comment) or junit (JUnit XML for CI)."
        ),
    ),
]
ShortFormatOpt = Annotated[str, typer.Option("--format", "-f", help="table or json.")]
NoGateOpt = Annotated[
    bool, typer.Option("--no-gate", help="Evaluate tier 1 even when tier 0 misses the gate.")
]
GateOpt = Annotated[
    float,
    typer.Option(
        "--gate",
        help=(
            "Tier-0 accuracy (0 to 1) needed to evaluate tier 1. Without --gate: 0.95 "
            "(fitz-gov's). Below it, tier 1 is skipped and the command exits 1; --no-gate "
            "evaluates tier 1 anyway. demo applies the gate only with --gated."
        ),
    ),
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
    typer.Option(
        "--llm-model",
        help=(
            "Ask this LLM about each forbidden claim or element a regex found in an answer; "
            "a hit it calls a false positive is cleared. Needs --llm-base-url. With --llm-api "
            "openai the API key is read from OPENAI_API_KEY (no key sent when it is unset). "
            "httpx from the [llm] extra is used when installed."
        ),
    ),
]
LlmUrlOpt = Annotated[
    str | None,
    typer.Option(
        "--llm-base-url",
        help=(
            "Base URL for --llm-model, without /chat/completions: OpenAI's is "
            "https://api.openai.com/v1; Ollama's is http://localhost:11434."
        ),
    ),
]
LlmApiOpt = Annotated[str, typer.Option("--llm-api", help="openai or ollama.")]
LlmCacheOpt = Annotated[
    Path | None, typer.Option("--llm-cache-dir", help="Directory of the LLM verdict cache.")
]
LlmErrOpt = Annotated[
    str, typer.Option("--on-llm-error", help="keep (regex verdict), clear (drop the hit) or fail.")
]


def check_choice(value: str, choices: Sequence[str], option: str) -> str:
    """``value`` when it is one of ``choices``, else a ConfigError naming ``option``."""
    if value not in choices:
        raise ConfigError(f"{option} must be one of {', '.join(choices)}, got {value!r}")
    return value


def check_common(fmt: str, scoring: str, gate: float) -> None:
    """Check ``--format`` (one of :data:`FORMATS`), ``--scoring`` and ``--gate`` (0 to 1)."""
    check_choice(fmt, FORMATS, "--format")
    check_choice(scoring, SCORING_MODES, "--scoring")
    if not 0.0 <= gate <= 1.0:
        raise ConfigError(f"--gate must be between 0 and 1, got {gate}")
