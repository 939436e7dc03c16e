"""``veracity numbers``: extract and verify numeric claims from the command line.

Commands: ``extract TEXT``, ``excluded TEXT`` (the numbers that are not claims, and
why), ``verify TEXT --evidence ... --context ...``, ``presets [NAME]``. ``TEXT`` is an argument or ``-`` for stdin. Errors exit with
status 2 and a one-line message; user text is never read as rich markup.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from veracity.errors import VeracityError
from veracity.io import LONE_SURROGATE, TOO_MANY_DIGITS, exceeds_int_digits, lone_surrogate_at
from veracity.numeric import (
    DomainConfig,
    excluded_numbers,
    extract_claims,
    get_preset,
    list_presets,
    load_config,
)
from veracity.numeric.presets import resolve_config
from veracity.numeric.sfs_api import MAX_JSON_CHARS
from veracity.numeric.verify import check_numbers
from veracity.server.numeric_args import evidence_items

__all__ = ["app"]

app = typer.Typer(
    help="Numeric claims: extract every number an answer states and verify it against evidence.",
    no_args_is_help=True,
)

PresetOpt = Annotated[str, typer.Option("--preset", help="Preset name (see `presets`).")]
ConfigOpt = Annotated[
    Path | None,
    typer.Option(
        "--config",
        help=(
            "A JSON or TOML file of tolerances and extraction patterns (see README); "
            "used instead of --preset."
        ),
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
DatesOpt = Annotated[
    bool,
    typer.Option(
        "--check-dates",
        help=(
            'Also check the dates TEXT states to the day ("11 June 2024", "June 11", '
            '"2024-06-11"): each is a claim of type date, verified when a context states '
            "the same date. Off by default (a date is then no claim)."
        ),
    ),
]
TextArg = Annotated[str, typer.Argument(help="The answer text, or - to read stdin.")]


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def _read_text(text: str) -> str:
    if text != "-":
        if lone_surrogate_at(text) is not None:  # bytes that are not UTF-8 in the argument
            raise VeracityError("TEXT is not UTF-8 text (it holds an undecodable byte)")
        return text
    try:
        return sys.stdin.read()
    except UnicodeDecodeError as err:
        raise VeracityError(f"stdin is not UTF-8 text: {err.reason} at byte {err.start}") from None


def _config(preset: str, config: Path | None, check_dates: bool = False) -> DomainConfig:
    # "" is an unknown preset, not the default
    cfg = load_config(config) if config is not None else get_preset(preset)
    return resolve_config(cfg, check_dates=check_dates)


def _evidence(value: str | None) -> list[dict[str, Any]] | None:
    if value is None:
        return None
    raw = value
    if not value.strip():
        raise VeracityError("--evidence is empty: give a JSON list or the path of a JSON file")
    if value.strip() == "null":  # as the MCP tools and the HTTP service: [] means none
        raise VeracityError(
            "--evidence is null: give a JSON list or the path of a JSON file ([] for none)"
        )
    if not value.lstrip().startswith(("[", "{")):
        path = Path(value)
        try:
            if path.stat().st_size > MAX_JSON_CHARS:
                raise VeracityError(
                    f"evidence file {value!r} is larger than {MAX_JSON_CHARS} bytes"
                )
            raw = path.read_text(encoding="utf-8-sig")  # a byte-order mark is no error
        except OSError as err:
            raise VeracityError(
                f"cannot read evidence file {value!r}: {err.strerror or err}"
            ) from None
        except UnicodeDecodeError as err:
            raise VeracityError(
                f"evidence file {value!r} is not UTF-8 text: {err.reason} at byte {err.start}"
            ) from None
        except ValueError as err:  # a NUL byte in the path
            raise VeracityError(f"cannot read evidence file {value!r}: {err}") from None
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except ValueError as err:
        if exceeds_int_digits(err):
            raise VeracityError(f"evidence is not valid JSON: {TOO_MANY_DIGITS}") from None
        raise VeracityError(f"evidence is not valid JSON: {err}") from None
    except RecursionError:
        raise VeracityError("evidence is not valid JSON: nested too deeply") from None
    field = lone_surrogate_at(data)
    if field is not None:
        where = f"evidence.{field}" if field else "evidence"
        raise VeracityError(f"{where} {LONE_SURROGATE}")
    if not isinstance(data, list | dict) or data == {}:
        raise VeracityError(
            "evidence must be a JSON list of {key, value, unit, source} objects, an SFS "
            'pool {"items": [...]} or one evidence object ([] for none)'
        )
    return evidence_items(data, "evidence")  # as the MCP tools and the HTTP service


def _no_constant(name: str) -> Any:
    raise ValueError(f"non-finite number {name} is not allowed")


MAX_TABLE_ROWS = 200
"""Rows of the ``extract`` / ``verify`` tables (a terminal table of 40,000 claims takes
20 s to draw and nobody reads it); ``--json`` lists every claim."""


def _number(value: float) -> str:
    if value == int(value) and abs(value) < 1e18:
        return f"{int(value):,}"
    return f"{value:,.6g}"


def _print_json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False))


@app.command()
def extract(
    text: TextArg,
    preset: PresetOpt = "general",
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
    check_dates: DatesOpt = False,
) -> None:
    """List the numeric claims of TEXT."""
    try:
        claims = extract_claims(_read_text(text), _config(preset, config, check_dates))
    except VeracityError as err:
        raise _fail(str(err)) from None
    if as_json:
        _print_json([c.to_dict() for c in claims])
        return
    table = Table("#", "claim", "type", "value", "unit", "per", "noun")
    for i, c in enumerate(claims[:MAX_TABLE_ROWS], 1):
        table.add_row(
            str(i),
            escape(c.text),
            c.claim_type,
            c.base_unit if c.dimension == "date" else _number(c.stated_value),  # ISO 8601
            escape(c.unit),
            escape(c.per),
            escape(c.noun),
        )
    Console().print(table)
    if len(claims) > MAX_TABLE_ROWS:
        print(f"showing the first {MAX_TABLE_ROWS} of {len(claims):,} claims; --json lists all")
    print(f"{len(claims)} numeric claim(s)")


@app.command()
def excluded(
    text: TextArg,
    preset: PresetOpt = "general",
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
    check_dates: DatesOpt = False,
) -> None:
    """List the numbers of TEXT that are not claims, with the exclusion rule that set
    each aside and why (years, dates, times, codes, list markers...; a config's
    "exclusions" chooses the rules)."""
    try:
        found = excluded_numbers(_read_text(text), _config(preset, config, check_dates))
    except VeracityError as err:
        raise _fail(str(err)) from None
    if as_json:
        _print_json([e.to_dict() for e in found])
        return
    table = Table("#", "number", "rule", "why it is not a claim")
    for i, e in enumerate(found[:MAX_TABLE_ROWS], 1):
        table.add_row(str(i), escape(e.text), e.rule, e.reason)
    Console().print(table)
    if len(found) > MAX_TABLE_ROWS:
        print(f"showing the first {MAX_TABLE_ROWS} of {len(found):,}; --json lists all")
    print(f"{len(found)} number(s) not taken as claims")


@app.command()
def verify(
    text: TextArg,
    evidence: Annotated[
        str | None,
        typer.Option(
            "--evidence",
            metavar="JSON|FILE",
            help=(
                'Evidence items, as JSON text or the path of a JSON file: a list of {"key": '
                'NAME, "value": NUMBER, "unit": UNIT, "source": TEXT} (only value is '
                'required; other keys are refused), one such object, or {"items": [...]}.'
            ),
        ),
    ] = None,
    context: Annotated[
        list[str] | None,
        typer.Option("--context", metavar="TEXT", help="A context passage (repeatable)."),
    ] = None,
    preset: PresetOpt = "general",
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
    check_dates: DatesOpt = False,
) -> None:
    """Verify the numeric claims of TEXT against evidence and contexts."""
    try:
        report = check_numbers(
            _read_text(text),
            contexts=list(context or []),
            evidence=_evidence(evidence),
            config=_config(preset, config, check_dates),
        )
    except VeracityError as err:
        raise _fail(str(err)) from None
    if as_json:
        _print_json(report.to_dict())
        return
    table = Table("claim", "type", "verdict", "error", "reason")
    rows = report.claim_verifications
    if len(rows) > MAX_TABLE_ROWS:  # the failed claims are the ones to read
        rows = sorted(rows, key=lambda v: v.verified)[:MAX_TABLE_ROWS]
    for v in rows:
        err_text = "" if v.relative_error is None else f"{v.relative_error:.2%}"
        verdict = "[green]verified[/]" if v.verified else "[red]failed[/]"
        table.add_row(escape(v.claim.text), v.claim.claim_type, verdict, err_text, escape(v.reason))
    Console().print(table)
    total = len(report.claim_verifications)
    if total > MAX_TABLE_ROWS:
        print(f"showing {MAX_TABLE_ROWS} of {total:,} claims, failed first; --json lists all")
    score = "undetermined" if report.sfs_score is None else f"{report.sfs_score:.4f}"
    print(f"score: {score} ({report.reason})")


@app.command()
def presets(
    name: Annotated[str | None, typer.Argument(help="Show this preset in full.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """List the presets, or show one (NAME) in full."""
    try:
        if name is not None:
            _print_json(get_preset(name).model_dump(mode="json"))
            return
        rows = [(n, get_preset(n)) for n in list_presets()]
    except VeracityError as err:
        raise _fail(str(err)) from None
    if as_json:
        _print_json(
            [
                {
                    "name": n,
                    "display_name": c.name,
                    "tolerance": c.tolerance,
                    "description": c.description,
                }
                for n, c in rows
            ]
        )
        return
    for n, c in rows:
        print(f"{n:20} tolerance {c.tolerance:<5g} {c.description}")
