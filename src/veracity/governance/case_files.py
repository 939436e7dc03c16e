"""Read governance case files (JSON or JSONL) into a :class:`~.case_checks.CaseCollector`.

- a JSON file: a fitz-gov case file (``{..., "cases": [...]}``, whose
  ``evaluation_config`` is merged under each case's and whose ``tier`` each case
  inherits), a list of cases, or a single case object;
- a JSONL file: one case object per line.

An unreadable file or a malformed top level is a file-level problem in the
collector's result, never an exception.
"""

from __future__ import annotations

import json
from pathlib import Path

from veracity.governance.case_checks import CaseCollector
from veracity.governance.cases import CATEGORIES, GovFile

__all__ = ["read_case_file", "read_jsonl_file"]


def _read_json(path: Path, col: CaseCollector) -> object:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        col.problem(str(path), f"not UTF-8 text: {exc.reason}", code="bad_file")
    except json.JSONDecodeError as exc:
        col.problem(str(path), f"invalid JSON at line {exc.lineno}: {exc.msg}", code="bad_file")
    except OSError as exc:
        col.problem(str(path), f"cannot read: {exc.strerror or exc}", code="bad_file")
    return None


def read_case_file(path: Path, col: CaseCollector, *, category_from_name: bool) -> None:
    """Feed the cases of one JSON file (a fitz-gov case file, a list of cases or one case)
    to ``col``; with ``category_from_name`` a file named ``<category>.json`` sets it, and
    else a case file's header ``category`` does ("my_abstention.json" copied from fitz-gov)."""
    data = _read_json(path, col)
    if data is None:
        return
    src = str(path)
    file_category: str | None = (
        path.stem if category_from_name and path.stem in CATEGORIES else None
    )
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
        header_category = data.get("category")
        if file_category is None and header_category in CATEGORIES:
            file_category = str(header_category)  # a renamed fitz-gov file: its header says
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


def read_jsonl_file(path: Path, col: CaseCollector) -> None:
    """Feed the cases of a JSONL file (one case object per line) to ``col``."""
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
