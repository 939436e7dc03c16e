"""validate_path: loader problems plus quality warnings, each naming file and case."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from veracity.errors import InputError
from veracity.governance.validate import validate_path


def write(root: Path, category: str, cases: list[dict[str, Any]], **header: Any) -> Path:
    path = root / "tier1_core" / f"{category}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"tier": "core", **header, "cases": cases}), encoding="utf-8")
    return path


def base(cid: str, **kw: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": cid,
        "query": "What is the fee?",
        "contexts": ["The fee is 5 euros."],
        "expected_mode": "trustworthy",
        "difficulty": "hard",
    }
    data.update(kw)
    return data


def test_clean_directory_is_ok(tmp_path: Path) -> None:
    write(tmp_path, "relevance", [base("r1", required_elements=["fee"], context_count=1)])
    report = validate_path(tmp_path)
    assert report.ok and report.n_cases == 1 and report.n_files == 1


def test_quality_warnings(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "relevance",
        [
            base("r_empty"),
            base("r_min", required_elements=["a"], evaluation_config={"min_required": 2}),
            base("r_count", required_elements=["a"], context_count=3, difficulty="trivial"),
            base("r_cfg", required_elements=["a"], evaluation_config={"use_regex": "yes"}),
            base("r_src", required_elements=["a"], context_sources=["x", "y"], query=" "),
        ],
    )
    report = validate_path(tmp_path)
    got = [(p.case_id, p.code, p.field) for p in report.problems]
    assert got == [
        ("r_empty", "no_required", "required_elements"),
        ("r_min", "impossible_min", "evaluation_config.min_required"),
        ("r_count", "count_mismatch", "context_count"),
        ("r_count", "unknown_value", "difficulty"),
        ("r_cfg", "bad_type", "evaluation_config.use_regex"),
        ("r_src", "empty", "query"),
        ("r_src", "count_mismatch", "context_sources"),
    ]
    assert all(p.severity == "warning" and p.source == str(path) for p in report.problems)
    strict = validate_path(tmp_path, strict=True)
    assert len(strict.errors) == 7 and strict.warnings == []


def test_grounding_without_claims_and_loader_errors(tmp_path: Path) -> None:
    write(tmp_path, "grounding", [base("g1"), base("g1"), base("g2", expected_mode="abstain")])
    report = validate_path(tmp_path)
    assert [(p.case_id, p.code, p.severity) for p in report.problems] == [
        ("g1", "duplicate_id", "error"),
        ("g2", "mode_category", "warning"),
        ("g1", "no_forbidden", "warning"),
        ("g2", "no_forbidden", "warning"),
    ]
    assert report.n_cases == 3
    assert report.to_dict()["n_errors"] == 1


def test_missing_directory_raises(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file or directory"):
        validate_path(tmp_path / "absent")


@pytest.mark.parametrize("content", ["", "\n\n"])
def test_a_file_without_cases_is_an_error(tmp_path: Path, content: str) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_text(content, encoding="utf-8")
    report = validate_path(path)
    assert not report.ok
    assert [(p.message, p.code, p.severity) for p in report.problems] == [
        ("no cases found", "empty", "error")
    ]


def test_case_ids_must_be_printable_and_distinct_after_normalisation(tmp_path: Path) -> None:
    from veracity.governance.loaders import load_cases

    cases = [base("café"), base("cafe\u0301"), base("  "), base("a\x00b"), base("ok")]
    result = load_cases(write(tmp_path, "relevance", cases))
    assert [(p.case_id, p.index, p.field, p.message) for p in result.problems] == [
        ("cafe\u0301", 1, "id", "duplicate id as 'café', written in other code points "
         f"(first seen in {tmp_path / 'tier1_core' / 'relevance.json'})"),
        (None, 2, "id", "must not be empty or white space"),
        (None, 3, "id", "must not hold control characters"),
    ]  # fmt: skip
    assert [c.id for c in result.cases] == ["café", "ok"]


def test_a_renamed_fitz_gov_file_takes_its_category_from_its_header(tmp_path: Path) -> None:
    from veracity.governance.loaders import load_cases

    path = tmp_path / "my_abstention.json"  # not a category name
    path.write_text(
        json.dumps({"category": "abstention", "cases": [base("a1", expected_mode="abstain")]}),
        encoding="utf-8",
    )
    result = load_cases(path)
    assert result.problems == [] and [c.category for c in result.cases] == ["abstention"]
