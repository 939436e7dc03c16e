"""Load governance cases, reporting every problem per case instead of dropping files.

Sources (:func:`load_cases`):

- a directory in fitz-gov's layout: ``tier0_sanity/<category>.json`` and
  ``tier1_core/<category>.json`` (or a single tier directory holding
  ``<category>.json`` files); the category comes from the file name, the file's
  ``evaluation_config`` is merged under each case's;
- one JSON file: a fitz-gov case file (``{..., "cases": [...]}``) or a list of cases;
- one JSONL file: one case object per line.

:func:`load_suite` picks ``builtin`` (our bundled suite), ``fitz-gov`` (the installed
package) or a path, and a tier (``0``, ``1`` or ``all``).

Every problem is a :class:`CaseProblem` naming the file, the case id (or its
position), the field and the reason. Errors (missing required field, unknown mode or
category, wrong type, duplicate id) exclude only that case; warnings (a mode that
contradicts the category, a case category that differs from its file's, an invalid
regular expression) keep it. ``strict=True`` turns warnings into errors.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from veracity.errors import ConfigError, InputError
from veracity.governance.cases import (
    CATEGORIES,
    CATEGORY_MODE,
    MODES,
    TIER_DIRS,
    GovCase,
    GovFile,
)

__all__ = [
    "REQUIRED_FIELDS",
    "CaseProblem",
    "LoadResult",
    "builtin_suite_dir",
    "fitzgov_data_dir",
    "load_cases",
    "load_suite",
    "regex_fields",
    "tier_of",
]

REQUIRED_FIELDS: tuple[str, ...] = ("id", "category", "query", "contexts", "expected_mode")
Severity = Literal["error", "warning"]
_TIER_ALIASES = {
    "0": "0",
    "sanity": "0",
    "tier0": "0",
    "tier0_sanity": "0",
    "1": "1",
    "core": "1",
    "tier1": "1",
    "tier1_core": "1",
}


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


@dataclass
class LoadResult:
    """Cases that loaded, every problem found, and the files read."""

    cases: list[GovCase] = field(default_factory=list)
    problems: list[CaseProblem] = field(default_factory=list)
    files: list[GovFile] = field(default_factory=list)

    @property
    def errors(self) -> list[CaseProblem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[CaseProblem]:
        return [p for p in self.problems if p.severity == "warning"]

    @property
    def ok(self) -> bool:
        """True when nothing at all was reported."""
        return not self.problems


def tier_of(case: GovCase) -> str | None:
    """The case's tier as ``"0"`` or ``"1"``: from its file's ``tier``, else its id prefix."""
    if case.tier is not None:
        alias = _TIER_ALIASES.get(str(case.tier).strip().lower())
        if alias is not None:
            return alias
    for number in ("0", "1"):
        if case.id.startswith(f"t{number}_"):
            return number
    return None


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


class _Collector:
    """Accumulates cases and problems across files; enforces unique ids."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.result = LoadResult()
        self.seen: dict[str, str] = {}

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
        case_id = raw_id if isinstance(raw_id, str) and raw_id else None
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
            if case.id in self.seen:
                report(
                    f"duplicate id (first seen in {self.seen[case.id]})",
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
        self.seen[case.id] = source
        self.result.cases.append(case)
        return case


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _read_json(path: Path, col: _Collector) -> object:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        col.problem(str(path), f"not UTF-8 text: {exc.reason}", code="bad_file")
    except json.JSONDecodeError as exc:
        col.problem(str(path), f"invalid JSON at line {exc.lineno}: {exc.msg}", code="bad_file")
    except OSError as exc:
        col.problem(str(path), f"cannot read: {exc.strerror or exc}", code="bad_file")
    return None


def _load_case_file(path: Path, col: _Collector, *, category_from_name: bool) -> None:
    data = _read_json(path, col)
    if data is None:
        return
    src = str(path)
    file_category = path.stem if category_from_name and path.stem in CATEGORIES else None
    if isinstance(data, list):
        items: list[object] = data
        gfile = GovFile()
    elif isinstance(data, dict) and "cases" in data:
        cases = data["cases"]
        if not isinstance(cases, list):
            col.problem(src, "'cases' must be a list", field="cases", code="bad_file")
            return
        items = cases
        keys = list(data.keys())
        gfile = GovFile(
            header={k: v for k, v in data.items() if k != "cases"},
            cases_position=keys.index("cases"),
        )
        cfg = data.get("evaluation_config", {})
        if not isinstance(cfg, dict):
            col.problem(src, "must be an object", field="evaluation_config", code="bad_type")
            gfile.header = {k: v for k, v in gfile.header.items() if k != "evaluation_config"}
    elif isinstance(data, dict):
        items = [data]
        gfile = GovFile()
    else:
        col.problem(src, "expected a case file object or a list of cases", code="bad_file")
        return
    tier = gfile.header.get("tier")
    tier_s = str(tier) if isinstance(tier, (str, int)) and not isinstance(tier, bool) else None
    for i, raw in enumerate(items):
        case = col.add_case(
            raw,
            source=src,
            index=i,
            file_category=file_category,
            file_config=gfile.evaluation_config,
            tier=tier_s,
        )
        if case is not None:
            gfile.cases.append(case)
    col.result.files.append(gfile)


def _load_jsonl(path: Path, col: _Collector) -> None:
    src = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        col.problem(src, f"cannot read: {exc}", code="bad_file")
        return
    gfile = GovFile()
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            col.problem(src, f"invalid JSON: {exc.msg}", index=lineno, code="bad_json")
            continue
        case = col.add_case(
            raw, source=src, index=lineno, file_category=None, file_config={}, tier=None
        )
        if case is not None:
            gfile.cases.append(case)
    col.result.files.append(gfile)


def _tier_dirs(tier: str) -> list[str]:
    key = str(tier).strip().lower()
    if key == "all":
        return [TIER_DIRS["0"], TIER_DIRS["1"]]
    if key in TIER_DIRS:
        return [TIER_DIRS[key]]
    raise ConfigError(f"unknown tier {tier!r}; use 0, 1 or all")


def load_cases(path: str | Path, *, tier: str = "all", strict: bool = False) -> LoadResult:
    """Load cases from a fitz-gov layout directory, a JSON file or a JSONL file.

    Raises :class:`InputError` when ``path`` does not exist or holds no case files,
    :class:`ConfigError` for an unknown ``tier``; everything else is a problem in the
    returned :class:`LoadResult`.
    """
    p = Path(path)
    wanted = _tier_dirs(tier)
    col = _Collector(strict)
    if not p.exists():
        raise InputError("no such file or directory", source=str(p))
    if p.is_dir():
        tier_paths = [p / name for name in (TIER_DIRS["0"], TIER_DIRS["1"])]
        if any(t.is_dir() for t in tier_paths):
            dirs = [p / name for name in wanted if (p / name).is_dir()]
        else:
            dirs = [p]
        found = False
        for d in dirs:
            for cat in CATEGORIES:
                f = d / f"{cat}.json"
                if f.is_file():
                    found = True
                    _load_case_file(f, col, category_from_name=True)
        if not found and not any(t.is_dir() for t in tier_paths):
            raise InputError(
                "no case files (expected tier0_sanity/, tier1_core/ or <category>.json)",
                source=str(p),
            )
        return col.result
    if p.suffix.lower() == ".jsonl":
        _load_jsonl(p, col)
    else:
        _load_case_file(p, col, category_from_name=True)
    if str(tier).strip().lower() != "all":
        keep = {c.id for c in col.result.cases if tier_of(c) in set(_tier_of_dirs(wanted))}
        col.result.cases = [c for c in col.result.cases if c.id in keep]
    return col.result


def _tier_of_dirs(dirs: list[str]) -> list[str]:
    return [k for k, v in TIER_DIRS.items() if v in dirs]


def builtin_suite_dir() -> Path:
    """Directory of our bundled suite (fitz-gov layout)."""
    return Path(__file__).resolve().parent / "suite"


def fitzgov_data_dir() -> Path:
    """fitz-gov's data directory; :class:`ConfigError` when the package is not installed."""
    try:
        import fitz_gov
    except ImportError:
        raise ConfigError(
            "fitz-gov is not installed; install it with: pip install fitz-gov==4.1.0"
        ) from None
    return Path(fitz_gov.get_data_dir())


def load_suite(suite: str = "builtin", tier: str = "all", *, strict: bool = False) -> LoadResult:
    """Load ``builtin`` (bundled), ``fitz-gov`` (installed package) or a path."""
    if suite == "builtin":
        d = builtin_suite_dir()
        if not d.is_dir():
            raise ConfigError(f"the bundled suite is missing at {d}")
        return load_cases(d, tier=tier, strict=strict)
    if suite in ("fitz-gov", "fitz_gov", "fitzgov"):
        return load_cases(fitzgov_data_dir(), tier=tier, strict=strict)
    return load_cases(suite, tier=tier, strict=strict)
