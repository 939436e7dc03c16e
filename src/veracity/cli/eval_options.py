"""The options shared by ``veracity eval`` and ``veracity demo`` (typer aliases).

Each alias carries its flag names and help text, so both commands document an option
the same way."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

__all__ = [
    "CheckDatesOpt",
    "ClaimsOnlyOpt",
    "FailUnderOpt",
    "FormatOpt",
    "HtmlDetailsOpt",
    "JsonOpt",
    "JudgeCacheOpt",
    "JudgeErrOpt",
    "JudgeKeyOpt",
    "JudgeModelOpt",
    "JudgeOpt",
    "JudgeRetriesOpt",
    "JudgeUrlOpt",
    "KOpt",
    "MethodOpt",
    "MetricsOpt",
    "NormOpt",
    "OutputOpt",
    "PresetOpt",
    "QuietOpt",
    "SkipOpt",
    "WorkersOpt",
]

KOpt = Annotated[
    str,
    typer.Option(
        "--k",
        "-k",
        help="Rank cut-off(s) for the @K retrieval metrics, e.g. 5 or 1,3,5.",
    ),
]
MetricsOpt = Annotated[
    str | None,
    typer.Option(
        "--metrics",
        "-m",
        help=(
            "Comma-separated metrics to compute (default: all). Names: precision, recall, hit, "
            "ndcg (each @K: bare name = every --k, or e.g. ndcg@10), mrr, map, r_precision, "
            "faithfulness, numeric."
        ),
    ),
]
ClaimsOnlyOpt = Annotated[
    bool, typer.Option("--claims-only", help="Skip the retrieval metrics (answer metrics only).")
]
SkipOpt = Annotated[
    bool,
    typer.Option(
        "--skip-errors",
        help="Skip invalid records, keep going, and list what was skipped in the report.",
    ),
]
FormatOpt = Annotated[
    str,
    typer.Option(
        "--format",
        "-f",
        help=(
            "Output format: table, json, jsonl (one line per sample as it is scored), "
            "markdown, html, junit."
        ),
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Same as --format json.")]
OutputOpt = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="Write the report to this file instead of stdout."),
]
HtmlDetailsOpt = Annotated[
    int,
    typer.Option(
        "--html-details",
        min=0,
        max=1_000_000,
        metavar="N",
        help=(
            "With --format html: how many samples carry their full details in the page "
            "(question, answer, per-claim reasons), the lowest-scoring first. More gives a "
            "larger page and uses more memory."
        ),
    ),
]
FailUnderOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--fail-under",
        metavar="METRIC=VALUE",
        help=(
            "Gate: METRIC=VALUE fails the run (exit 1) when the metric's mean is below VALUE. "
            "Repeatable. Also accepts METRIC>=VALUE, >, <=, <."
        ),
    ),
]
QuietOpt = Annotated[
    bool,
    typer.Option(
        "--quiet",
        "-q",
        help="No progress bar and no summary on stderr (warnings, such as a judge that "
        "failed, still print).",
    ),
]
NormOpt = Annotated[
    bool,
    typer.Option(
        "--normalize-ids",
        help="Match retrieved and golden items after collapsing white space and case.",
    ),
]
MethodOpt = Annotated[
    str,
    typer.Option(
        "--faithfulness-method",
        help=(
            "lexical (default): each claim is matched against its best context sentence and "
            "is unsupported when its content words are missing or its numbers, names or "
            "negation differ; each verdict has a reason. overlap: rag-eval's rule: a claim is "
            "supported when 80 % of its content words occur anywhere in the contexts."
        ),
    ),
]
WorkersOpt = Annotated[
    int | None,
    typer.Option(
        "--workers",
        "-w",
        min=0,
        help=(
            "Score on this many processes (0 = every CPU). Default: every CPU for JSONL files "
            "of 2,000+ lines, else 1. Same results, same order, whatever the number."
        ),
        show_default=False,
    ),
]
JudgeOpt = Annotated[
    str | None,
    typer.Option(
        "--judge",
        help=(
            "Judge each claim with an LLM instead of the lexical engine: openai (any "
            "OpenAI-compatible chat server) or ollama. Needs --judge-model and --judge-base-url; "
            "nothing is sent anywhere without them."
        ),
    ),
]
JudgeModelOpt = Annotated[str | None, typer.Option("--judge-model", help="Model name for --judge.")]
JudgeUrlOpt = Annotated[
    str | None,
    typer.Option(
        "--judge-base-url",
        help=(
            "Base URL for --judge, without /chat/completions: OpenAI's is "
            "https://api.openai.com/v1 (it ends in /v1); Ollama's is http://localhost:11434."
        ),
    ),
]
JudgeKeyOpt = Annotated[
    str,
    typer.Option("--judge-api-key-env", help="Environment variable holding the judge's API key."),
]
JudgeCacheOpt = Annotated[
    Path | None,
    typer.Option("--judge-cache-dir", help="Cache the judge's answers (SQLite) in this directory."),
]
JudgeRetriesOpt = Annotated[
    int,
    typer.Option(
        "--judge-retries",
        min=0,
        max=10,
        help=(
            "Extra attempts per judge call on network errors, timeouts and HTTP 408, 429 "
            "and 5xx, after pauses of 1 s, 2 s, 4 s ..."
        ),
    ),
]
JudgeErrOpt = Annotated[
    str,
    typer.Option(
        "--on-judge-error",
        help=(
            "When a judge call fails: keep (use the lexical verdict), undetermined (leave the "
            "claim out of the score; a sample with no judged claim is undetermined), or fail "
            "(exit 2)."
        ),
    ),
]
PresetOpt = Annotated[
    str | None,
    typer.Option(
        "--preset",
        help=(
            "Numeric domain preset: general (default), financial, medical, legal, "
            "property_valuation. A preset sets the tolerances and the claim types the numeric "
            "metric checks; `veracity numbers presets` lists them."
        ),
    ),
]
CheckDatesOpt = Annotated[
    bool,
    typer.Option(
        "--check-dates",
        help=(
            'Numeric metric: also check the dates an answer states to the day ("11 June '
            '2024", "June 11", "2024-06-11"), each a claim of type date that a context must '
            "state too. Off by default (a date is then no claim)."
        ),
    ),
]
