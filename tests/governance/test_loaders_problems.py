"""Loaders report every problem per case (file + id) and never drop a good neighbour."""

from __future__ import annotations

import builtins
import json
from pathlib import Path
from typing import Any

import pytest

from veracity.errors import ConfigError, InputError
from veracity.governance.loaders import load_cases, load_suite, tier_of


def case(cid: str, **kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "id": cid,
        "query": "What is the fee?",
        "contexts": ["The fee is 5 euros."],
        "expected_mode": "trustworthy",
    }
    base.update(kw)
    return base


def tier_file(root: Path, tier: str, category: str, cases: list[Any], **header: Any) -> Path:
    path = root / tier / f"{category}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"tier": "sanity" if tier.startswith("tier0") else "core", **header, "cases": cases}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def codes(result: Any) -> list[tuple[str | None, str, str]]:
    return [(p.case_id, p.code, p.severity) for p in result.problems]


def test_bad_cases_are_reported_and_neighbours_kept(tmp_path: Path) -> None:
    path = tier_file(
        tmp_path,
        "tier1_core",
        "trustworthy_direct",
        [
            case("ok1"),
            {k: v for k, v in case("noquery").items() if k != "query"},
            case("badmode", expected_mode="TRUSTWORTHY"),
            case("ok1"),
            case("contra", expected_mode="abstain"),
            "not an object",
            case("ok2"),
        ],
    )
    result = load_cases(tmp_path)
    assert [c.id for c in result.cases] == ["ok1", "contra", "ok2"]
    assert codes(result) == [
        ("noquery", "missing_field", "error"),
        ("badmode", "unknown_mode", "error"),
        ("ok1", "duplicate_id", "error"),
        ("contra", "mode_category", "warning"),
        (None, "bad_type", "error"),
    ]
    problems = {p.case_id: p for p in result.problems}
    assert problems["noquery"].field == "query"
    assert problems["noquery"].source == str(path)
    assert problems["noquery"].index == 1
    assert "lower-case: 'trustworthy'" in problems["badmode"].message
    assert (
        str(problems["noquery"])
        == f"{path}: case noquery: error: field 'query': missing required field"
    )
    assert str(result.problems[-1]).startswith(f"{path}: case #5: error:")


def test_invalid_regex_is_a_warning_and_strict_load_drops_the_case(tmp_path: Path) -> None:
    tier_file(
        tmp_path,
        "tier0_sanity",
        "grounding",
        [
            case("g1", forbidden_claims=["(unclosed"]),
            case("g2", evaluation_config={"allowed_phrases": ["ok", "[bad"]}),
            case("g3", forbidden_claims=["(fine)"]),
        ],
        evaluation_config={"use_regex": True},
    )
    lenient = load_cases(tmp_path)
    assert [c.id for c in lenient.cases] == ["g1", "g2", "g3"]
    assert codes(lenient) == [
        ("g1", "invalid_regex", "warning"),
        ("g2", "invalid_regex", "warning"),
    ]
    assert lenient.problems[1].field == "evaluation_config.allowed_phrases"
    strict = load_cases(tmp_path, strict=True)
    assert [c.id for c in strict.cases] == ["g3"]
    assert codes(strict) == [("g1", "invalid_regex", "error"), ("g2", "invalid_regex", "error")]


def test_substring_mode_patterns_are_not_regexes(tmp_path: Path) -> None:
    tier_file(tmp_path, "tier1_core", "relevance", [case("r1", required_elements=["1)"])])
    assert load_cases(tmp_path).problems == []


def test_category_mismatch_file_name_wins(tmp_path: Path) -> None:
    tier_file(
        tmp_path,
        "tier1_core",
        "dispute",
        [case("d1", category="abstention", expected_mode="disputed")],
    )
    result = load_cases(tmp_path)
    assert result.cases[0].category == "dispute"
    assert codes(result) == [("d1", "category_mismatch", "warning")]


def test_broken_file_does_not_drop_other_files(tmp_path: Path) -> None:
    tier_file(tmp_path, "tier1_core", "dispute", [case("d1", expected_mode="disputed")])
    bad = tmp_path / "tier1_core" / "abstention.json"
    bad.write_text("{not json", encoding="utf-8")
    result = load_cases(tmp_path)
    assert [c.id for c in result.cases] == ["d1"]
    assert [(p.source, p.code) for p in result.problems] == [(str(bad), "bad_file")]
    assert "invalid JSON at line 1" in result.problems[0].message


def test_jsonl_bad_line_keeps_neighbours(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    lines = [
        json.dumps(case("a", category="trustworthy_direct")),
        "{oops",
        json.dumps(case("b", category="nonsense")),
        "",
        json.dumps(case("c", category="abstention", expected_mode="abstain")),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = load_cases(path)
    assert [c.id for c in result.cases] == ["a", "c"]
    assert [(p.index, p.code) for p in result.problems] == [
        (2, "bad_json"),
        (3, "unknown_category"),
    ]


def test_json_list_and_single_file_category(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(
        json.dumps([case("a", category="relevance", required_elements=["fee"])]), "utf-8"
    )
    [c] = load_cases(path).cases
    assert c.category == "relevance"
    # a case file named after a category takes its category from the name
    named = tmp_path / "dispute.json"
    named.write_text(json.dumps({"cases": [case("d", expected_mode="disputed")]}), "utf-8")
    [d] = load_cases(named).cases
    assert d.category == "dispute"


def test_missing_category_without_file_name_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "mine.jsonl"
    path.write_text(json.dumps(case("a")) + "\n", encoding="utf-8")
    result = load_cases(path)
    assert result.cases == []
    assert codes(result) == [("a", "missing_field", "error")]


def test_tiers(tmp_path: Path) -> None:
    tier_file(tmp_path, "tier0_sanity", "dispute", [case("t0_x", expected_mode="disputed")])
    tier_file(tmp_path, "tier1_core", "dispute", [case("t1_x", expected_mode="disputed")])
    assert [c.id for c in load_cases(tmp_path, tier="0").cases] == ["t0_x"]
    assert [c.id for c in load_cases(tmp_path, tier="1").cases] == ["t1_x"]
    all_cases = load_cases(tmp_path).cases
    assert [tier_of(c) for c in all_cases] == ["0", "1"]
    with pytest.raises(ConfigError, match="unknown tier"):
        load_cases(tmp_path, tier="2")


def test_jsonl_tier_from_id_prefix(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    rows = [case("t0_a", category="dispute", expected_mode="disputed"),
            case("t1_b", category="dispute", expected_mode="disputed")]  # fmt: skip
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert [c.id for c in load_cases(path, tier="1").cases] == ["t1_b"]


def test_missing_path_and_empty_dir(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file or directory"):
        load_cases(tmp_path / "nope")
    with pytest.raises(InputError, match="no case files"):
        load_cases(tmp_path)


def test_fitzgov_suite_missing_package(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def fake_import(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "fitz_gov":
            raise ImportError("No module named 'fitz_gov'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    with pytest.raises(ConfigError) as info:
        load_suite("fitz-gov")
    assert (
        str(info.value) == "fitz-gov is not installed; install it with: pip install fitz-gov==4.1.0"
    )


def test_builtin_suite_loads_cleanly() -> None:
    result = load_suite("builtin")
    assert result.errors == []
    assert len(result.cases) >= 90
