"""Check governance cases one by one and collect every problem instead of dropping files.

Every problem is a :class:`CaseProblem` naming the file, the case id (or its
position), the field and the reason. Errors (missing required field, unknown mode or
category, wrong type, duplicate id) exclude only that case; warnings (a mode that
contradicts the category, a case category that differs from its file's, an invalid
regular expression) keep it. ``strict=True`` turns warnings into errors.

:class:`CaseCollector` runs these checks on each raw case the readers in
:mod:`.case_files` hand it and gathers the outcome in a :class:`LoadResult`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import ValidationError

from veracity.governance.cases import CATEGORIES, CATEGORY_MODE, MODES, GovCase, GovFile

__all__ = [
    "REQUIRED_FIELDS",
    "CaseCollector",
    "CaseProblem",
    "LoadResult",
    "ProblemsView",
    "Severity",
    "regex_fields",
]

REQUIRED_FIELDS: tuple[str, ...] = ("id", "category", "query", "contexts", "expected_mode")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""Control characters, which no case id may hold (they print as nothing or break lines)."""
Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class CaseProblem:
    """One problem with one case (or with a whole file when ``case_id`` and ``index`` are None)."""

    source: str
    case_id: str | None
    message: str
    severity: Severity = "error"
    code: str = "invalid"
    field: str | None = None
    index: int | None = None
    """Position of the case in its file (0-based), or the line number in a JSONL file."""

    def __str__(self) -> str:
        where = self.source
        if self.case_id is not None:
            where += f": case {self.case_id}"
        elif self.index is not None:
            where += f": case #{self.index}"
        what = f"field '{self.field}': " if self.field else ""
        return f"{where}: {self.severity}: {what}{self.message}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "case_id": self.case_id,
            "index": self.index,
            "field": self.field,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
        }


class ProblemsView:
    """``errors``, ``warnings`` and ``ok`` of anything holding a ``problems`` list."""

    problems: list[CaseProblem]

    @property
    def errors(self) -> list[CaseProblem]:
        """The problems of severity ``error``."""
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[CaseProblem]:
        """The problems of severity ``warning``."""
        return [p for p in self.problems if p.severity == "warning"]

    @property
    def ok(self) -> bool:
        """True when nothing at all was reported."""
        return not self.problems


@dataclass
class LoadResult(ProblemsView):
    """Cases that loaded, every problem found, and the files read."""

    cases: list[GovCase] = field(default_factory=list)
    problems: list[CaseProblem] = field(default_factory=list)
    files: list[GovFile] = field(default_factory=list)


def regex_fields(case: GovCase) -> list[tuple[str, str]]:
    """``(field, pattern)`` for every pattern fitz-gov compiles as a regex for this case."""
    cfg = case.config
    use_regex = bool(cfg.get("use_regex", False))
    out: list[tuple[str, str]] = []
    if use_regex:
        for name in ("forbidden_claims", "required_elements", "forbidden_elements"):
            out += [(name, p) for p in getattr(case, name)]
    phrases = cfg.get("allowed_phrases", [])
    if isinstance(phrases, list):
        out += [("evaluation_config.allowed_phrases", p) for p in phrases if isinstance(p, str)]
    return out


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


class CaseCollector:
    """Accumulates cases and problems across files; checks each case, enforces unique ids."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.result = LoadResult()
        self.seen: dict[str, tuple[str, str]] = {}  # NFC id -> (id as written, source)

    def problem(self, source: str, message: str, **kw: Any) -> CaseProblem:
        case_id = kw.pop("case_id", None)
        p = CaseProblem(source=source, case_id=case_id, message=message, **kw)
        self.result.problems.append(p)
        return p

    def add_case(
        self,
        raw: object,
        *,
        source: str,
        index: int,
        file_category: str | None,
        file_config: dict[str, Any],
        tier: str | None,
    ) -> GovCase | None:
        if not isinstance(raw, dict):
            self.problem(source, "a case must be a JSON object", index=index, code="bad_type")
            return None
        raw_id = raw.get("id")
        case_id = (  # a blank or control-character id is shown by the case's index
            raw_id
            if isinstance(raw_id, str) and raw_id.strip() and not _CONTROL.search(raw_id)
            else None
        )
        problems: list[CaseProblem] = []

        def report(message: str, severity: Severity = "error", **kw: Any) -> None:
            problems.append(
                CaseProblem(source, case_id, message, severity=severity, index=index, **kw)
            )

        for name in REQUIRED_FIELDS:
            if name == "category" and file_category is not None:
                continue
            if name not in raw:
                report("missing required field", field=name, code="missing_field")
        if isinstance(raw_id, str) and not raw_id.strip():
            report("must not be empty or white space", field="id", code="bad_id")
        elif isinstance(raw_id, str) and _CONTROL.search(raw_id):
            report("must not hold control characters", field="id", code="bad_id")
        mode = raw.get("expected_mode")
        if "expected_mode" in raw and mode not in MODES:
            hint = ""
            if isinstance(mode, str) and mode.strip().lower() in MODES:
                hint = f" (modes are lower-case: {mode.strip().lower()!r})"
            report(
                f"unknown mode {mode!r}{hint}; expected one of {', '.join(MODES)}",
                field="expected_mode",
                code="unknown_mode",
            )
        own_category = raw.get("category")
        category = file_category if file_category is not None else own_category
        if "category" in raw and own_category not in CATEGORIES and file_category is None:
            report(
                f"unknown category {own_category!r}; expected one of {', '.join(CATEGORIES)}",
                field="category",
                code="unknown_category",
            )
        elif file_category is not None and "category" in raw and own_category != file_category:
            report(
                f"case says category {own_category!r} but its file is {file_category!r}"
                " (the file name wins)",
                "warning",
                field="category",
                code="category_mismatch",
            )
        case: GovCase | None = None
        if not any(p.severity == "error" for p in problems):
            try:
                case = GovCase.from_dict(
                    raw, category=file_category, file_config=file_config, tier=tier, source=source
                )
            except ValidationError as exc:
                for err in exc.errors():
                    loc = ".".join(str(x) for x in err["loc"]) or None
                    report(err["msg"], field=loc, code="bad_type")
        if case is not None:
            expected = CATEGORY_MODE.get(str(category))
            if expected is not None and case.expected_mode != expected:
                report(
                    f"expected_mode {case.expected_mode!r} contradicts category"
                    f" {case.category!r} (which implies {expected!r})",
                    "warning",
                    field="expected_mode",
                    code="mode_category",
                )
            for fname, pattern in regex_fields(case):
                try:
                    re.compile(pattern)
                except re.error as exc:
                    report(
                        f"invalid regular expression {_short(pattern)!r}: {exc}",
                        "warning",
                        field=fname,
                        code="invalid_regex",
                    )
            key = unicodedata.normalize("NFC", case.id)
            if key in self.seen:
                first_id, first_source = self.seen[key]
                same = (
                    "" if first_id == case.id else f" as {first_id!r}, written in other code points"
                )
                report(
                    f"duplicate id{same} (first seen in {first_source})",
                    field="id",
                    code="duplicate_id",
                )
        if self.strict:
            problems = [
                CaseProblem(p.source, p.case_id, p.message, "error", p.code, p.field, p.index)
                for p in problems
            ]
        self.result.problems.extend(problems)
        if case is None or any(p.severity == "error" for p in problems):
            return None
        self.seen[unicodedata.normalize("NFC", case.id)] = (case.id, source)
        self.result.cases.append(case)
        return case
