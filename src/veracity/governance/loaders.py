"""Load governance cases from a path or a named suite, reporting every problem per case.

Sources (:func:`load_cases`):

- a directory in fitz-gov's layout: ``tier0_sanity/<category>.json`` and
  ``tier1_core/<category>.json`` (or a single tier directory holding
  ``<category>.json`` files); the category comes from the file name, the file's
  ``evaluation_config`` is merged under each case's;
- one JSON file: a fitz-gov case file (``{..., "cases": [...]}``) or a list of cases;
- one JSONL file: one case object per line.

:func:`load_suite` picks ``builtin`` (our bundled suite), ``fitz-gov`` (the installed
package) or a path, and a tier (``0``, ``1`` or ``all``).

Reading one file is :mod:`.case_files`; the per-case checks (which problems are
errors that exclude a case, which are warnings that keep it; ``strict=True`` makes
every problem an error) and the :class:`CaseProblem` / :class:`LoadResult` types are
:mod:`.case_checks`, re-exported here.
"""

from __future__ import annotations

from pathlib import Path

from veracity.errors import ConfigError, InputError
from veracity.governance.case_checks import (
    REQUIRED_FIELDS,
    CaseCollector,
    CaseProblem,
    LoadResult,
    regex_fields,
)
from veracity.governance.case_files import read_case_file, read_jsonl_file
from veracity.governance.cases import CATEGORIES, TIER_DIRS, GovCase

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
    col = CaseCollector(strict)
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
                    read_case_file(f, col, category_from_name=True)
        if not found and not any(t.is_dir() for t in tier_paths):
            raise InputError(
                "no case files (expected tier0_sanity/, tier1_core/ or <category>.json)",
                source=str(p),
            )
        return col.result
    if p.suffix.lower() == ".jsonl":
        read_jsonl_file(p, col)
    else:
        read_case_file(p, col, category_from_name=True)
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
