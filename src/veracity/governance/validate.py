"""Validate governance case files: loader problems plus quality checks per case.

:func:`validate_path` loads a directory, JSON or JSONL file with
:func:`~veracity.governance.loaders.load_cases` (missing fields, unknown modes,
duplicate ids, modes contradicting their category, invalid regexes) and adds the
checks below as warnings, each naming the file and the case:

- a relevance case without ``required_elements`` (fitz-gov-4.1 fails it whatever the
  answer) or whose ``min_required`` exceeds its element count (it can never pass);
- a grounding case without ``forbidden_claims`` (it passes whatever the answer);
- an empty ``query`` or ``contexts``, a ``context_count`` that differs from the number
  of contexts, ``context_sources`` whose length differs from the contexts';
- ``use_regex`` / ``case_insensitive`` that are not booleans, ``min_required`` that is
  not an integer, ``allowed_phrases`` that is not a list of strings;
- a ``difficulty`` other than easy, medium or hard.

``strict=True`` turns every warning into an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from veracity.governance.case_checks import ProblemsView
from veracity.governance.cases import GovCase
from veracity.governance.loaders import CaseProblem, LoadResult, load_cases

__all__ = ["ValidationReport", "check_case", "validate_loaded", "validate_path"]

DIFFICULTIES = frozenset({"easy", "medium", "hard"})


@dataclass
class ValidationReport(ProblemsView):
    """Problems found, and how many cases and files were read."""

    problems: list[CaseProblem] = field(default_factory=list)
    n_cases: int = 0
    n_files: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "n_cases": self.n_cases,
            "n_files": self.n_files,
            "n_errors": len(self.errors),
            "n_warnings": len(self.warnings),
            "problems": [p.to_dict() for p in self.problems],
        }


def check_case(case: GovCase) -> list[CaseProblem]:
    """Quality warnings for one loaded case (see the module docstring)."""
    src = case.source or "<cases>"
    out: list[CaseProblem] = []

    def warn(message: str, fname: str, code: str) -> None:
        out.append(CaseProblem(src, case.id, message, "warning", code, fname))

    cfg = case.config
    if case.category == "relevance":
        min_required = cfg.get("min_required", 1)
        if not case.required_elements:
            warn("relevance case without required elements always fails", "required_elements",
                 "no_required")  # fmt: skip
        elif isinstance(min_required, int) and min_required > len(case.required_elements):
            warn(
                f"min_required {min_required} exceeds the {len(case.required_elements)}"
                " required elements: the case can never pass",
                "evaluation_config.min_required",
                "impossible_min",
            )
    if case.category == "grounding" and not case.forbidden_claims:
        warn("grounding case without forbidden claims passes any answer", "forbidden_claims",
             "no_forbidden")  # fmt: skip
    if not case.query.strip():
        warn("empty query", "query", "empty")
    if not case.contexts:
        warn("no contexts", "contexts", "empty")
    if "context_count" in case.model_fields_set and case.context_count != len(case.contexts):
        warn(
            f"context_count {case.context_count} but {len(case.contexts)} contexts",
            "context_count",
            "count_mismatch",
        )
    if case.context_sources and len(case.context_sources) != len(case.contexts):
        warn(
            f"{len(case.context_sources)} context_sources for {len(case.contexts)} contexts",
            "context_sources",
            "count_mismatch",
        )
    for key in ("use_regex", "case_insensitive"):
        if key in cfg and not isinstance(cfg[key], bool):
            warn(f"must be true or false, got {cfg[key]!r}", f"evaluation_config.{key}", "bad_type")
    if "min_required" in cfg and (
        not isinstance(cfg["min_required"], int) or isinstance(cfg["min_required"], bool)
    ):
        warn("must be an integer", "evaluation_config.min_required", "bad_type")
    phrases = cfg.get("allowed_phrases", [])
    if not isinstance(phrases, list) or not all(isinstance(p, str) for p in phrases):
        warn("must be a list of strings", "evaluation_config.allowed_phrases", "bad_type")
    if case.difficulty not in DIFFICULTIES:
        warn(f"unknown difficulty {case.difficulty!r}", "difficulty", "unknown_value")
    return out


def validate_loaded(
    result: LoadResult, *, strict: bool = False, source: str = "the suite"
) -> ValidationReport:
    """Validation report for cases already loaded (from ``source``); no case at all is
    an error ("no cases found")."""
    problems = list(result.problems)
    for case in result.cases:
        problems += check_case(case)
    if strict:
        problems = [
            CaseProblem(p.source, p.case_id, p.message, "error", p.code, p.field, p.index)
            for p in problems
        ]
    n_cases = len(result.cases) + len(
        {(p.source, p.index) for p in result.errors if p.index is not None}
    )
    if n_cases == 0 and not any(p.severity == "error" for p in problems):
        problems.append(CaseProblem(source, None, "no cases found", "error", "empty"))
    return ValidationReport(problems, n_cases, len(result.files))


def validate_path(path: str | Path, *, strict: bool = False) -> ValidationReport:
    """Validate a case directory or file; raises ``InputError`` if it does not exist.
    A file or directory holding no case at all is an error ("no cases found")."""
    return validate_loaded(load_cases(path, strict=strict), strict=strict, source=str(path))
