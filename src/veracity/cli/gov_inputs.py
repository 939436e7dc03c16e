"""Inputs of the ``veracity gov`` commands: the suite, the optional LLM judge, run files.

:func:`load_or_fail` loads a suite and prints its problems on stderr (at most 20);
:func:`make_judge` builds the LLM second pass from the ``--llm-*`` options;
:func:`read_run` reads a run for ``compare`` (a results JSONL as is, or a responses
file scored now). Messages go to stderr on one line, without rich markup.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal, cast

from veracity.cli.common import fail
from veracity.cli.gov_options import check_choice
from veracity.errors import ConfigError, InputError
from veracity.governance.cases import GovCase
from veracity.governance.loaders import LoadResult, load_suite
from veracity.governance.responses import read_responses
from veracity.governance.scoring import CaseResult, ViolationJudge, score_cases

__all__ = ["load_or_fail", "make_judge", "note", "note_replaced", "read_run"]

MAX_PROBLEMS_SHOWN = 20


def note(message: str, quiet: bool = False) -> None:
    """Write ``message`` on one line to stderr, unless ``quiet``."""
    if not quiet:
        sys.stderr.write(" ".join(message.split()) + "\n")


def load_or_fail(suite: str, tier: str, strict_load: bool, quiet: bool) -> LoadResult:
    """Load ``suite`` at ``tier``, noting its problems; exit 2 when ``strict_load`` finds
    any problem or when no case loaded. ``quiet`` hides warnings, never errors."""
    if tier not in ("0", "1", "all"):
        raise ConfigError(f"--tier must be 0, 1 or all, got {tier!r}")
    result = load_suite(suite, tier, strict=strict_load)
    for problem in result.problems[:MAX_PROBLEMS_SHOWN]:
        note(str(problem), quiet and problem.severity == "warning")
    if len(result.problems) > MAX_PROBLEMS_SHOWN:
        more = len(result.problems) - MAX_PROBLEMS_SHOWN
        note(f"... and {more} more problems (see: veracity gov validate)")
    if strict_load and result.problems:
        fail(f"{len(result.problems)} problem(s) in the cases ({suite}) with --strict-load")
    if not result.cases:
        fail(f"no cases loaded from {suite} (tier {tier})")
    return result


def make_judge(
    model: str | None, base_url: str | None, api: str, cache_dir: Path | None, on_error: str
) -> ViolationJudge | None:
    """The LLM second opinion, or None when neither ``--llm-model`` nor ``--llm-base-url``
    is given (both or neither; the cache defaults to ``~/.cache/veracity/llm``)."""
    if model is None and base_url is None:
        return None
    if model is None or base_url is None:
        raise ConfigError("--llm-model and --llm-base-url go together")
    check_choice(api, ("openai", "ollama"), "--llm-api")
    check_choice(on_error, ("keep", "clear", "fail"), "--on-llm-error")
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


def _first_record(path: Path) -> object:
    try:
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    return json.loads(line)
    except FileNotFoundError:
        raise InputError("no such file", source=str(path)) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"not JSONL: {exc}", source=str(path)) from None
    return None


def _read_results(path: Path) -> list[CaseResult]:
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


def read_run(path: Path, cases: Callable[[], Sequence[GovCase]], scoring: str) -> list[CaseResult]:
    """A results JSONL (lines with ``passed``) as is, or a responses file scored now
    against the cases of ``cases()`` (called only then) that it answers."""
    first = _first_record(path)
    if isinstance(first, dict) and "passed" in first:
        return _read_results(path)
    replaced: list[tuple[str, int]] = []
    responses = read_responses(path, replaced=replaced)
    if replaced:
        note_replaced(path, replaced)
    answered = {r.id for r in responses}  # only the cases this run answered
    return score_cases([c for c in cases() if c.id in answered], responses, scoring=scoring)


def note_replaced(path: Path, replaced: list[tuple[str, int]]) -> None:
    """Say on stderr which ids a later line of ``path`` answered differently (the last
    line wins)."""
    shown = ", ".join(f"{case_id!r} (line {line})" for case_id, line in replaced[:5])
    more = f" and {len(replaced) - 5} more" if len(replaced) > 5 else ""
    sys.stderr.write(
        f"note: {path}: {len(replaced)} id(s) answered again with another answer or mode; "
        f"the last line wins: {shown}{more}\n"
    )
