"""GovCase / GovFile read and write fitz-gov's case and file format exactly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from veracity.governance.cases import CATEGORY_MODE, GovCase, GovFile, dump_file_text
from veracity.governance.loaders import fitzgov_data_dir, load_cases

FILE: dict[str, Any] = {
    "tier": "core",
    "tier_description": "Primary benchmark",
    "category": "grounding",
    "description": "Hallucination traps",
    "version": "3.0.0",
    "mode_rationale": "answer without inventing",
    "evaluation_config": {"use_regex": True, "allowed_phrases": ["not specified"], "note": "x"},
    "cases": [
        {
            "id": "t1_grounding_medium_001",
            "difficulty": "medium",
            "query": "What does the plan cost?",
            "contexts": ["The plan includes SSO.", "Support is 24/7 — always."],
            "expected_mode": "trustworthy",
            "forbidden_claims": ["\\$\\d"],
            "original_id": "grounding_medium_001",
            "category": "grounding",
            "evaluation_config": {"use_regex": False, "mode": "answer_quality"},
            "context_sources": ["Vendor page", {"source_id": "s2", "authority": "primary"}],
        },
        {
            "id": "t1_grounding_hard_002",
            "query": "Who founded it?",
            "contexts": ["It was founded long ago."],
            "expected_mode": "trustworthy",
            "forbidden_claims": ["founded by"],
        },
    ],
    "extra_key": [1, 2],
}


def write(path: Path, data: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dump_file_text(data), encoding="utf-8")
    return path


def test_round_trip_is_byte_exact(tmp_path: Path) -> None:
    src = write(tmp_path / "tier1_core" / "grounding.json", FILE)
    loaded = load_cases(tmp_path)
    assert loaded.problems == []
    [gfile] = loaded.files
    out = tmp_path / "out.json"
    gfile.write(out)
    assert out.read_bytes() == src.read_bytes()


def test_defaults_merge_and_category_from_file_name(tmp_path: Path) -> None:
    write(tmp_path / "tier1_core" / "grounding.json", FILE)
    first, second = load_cases(tmp_path).cases
    # case-level config wins over the file's, the file's fills the gaps
    assert first.config == {
        "use_regex": False,
        "allowed_phrases": ["not specified"],
        "note": "x",
        "mode": "answer_quality",
    }
    assert first.evaluation_config == {"use_regex": False, "mode": "answer_quality"}
    assert first.tier == "core"
    # fitz-gov defaults for absent optional fields
    assert (second.subcategory, second.difficulty, second.source_type) == (
        "unknown",
        "medium",
        "single",
    )
    assert (second.description, second.rationale, second.domain) == ("", "", "")
    # fitz-gov's loader names a missing subcategory after the file
    assert (second.effective_subcategory, first.effective_subcategory) == ("grounding",) * 2
    lone = GovCase(id="x", category="dispute", query="q", contexts=[], expected_mode="disputed")
    assert lone.effective_subcategory == "unknown"
    assert second.context_count == 0
    # no category key in the case: taken from the file name, not written back
    assert second.category == "grounding"
    assert "category" not in second.to_dict()
    assert second.slice_value("domain") == "unknown"
    # unknown keys survive
    assert first.to_dict()["original_id"] == "grounding_medium_001"


def test_to_dict_keeps_key_order_and_only_present_keys() -> None:
    raw = {"query": "q?", "id": "x1", "expected_mode": "abstain", "contexts": [], "zeta": 1}
    case = GovCase.from_dict(raw, category="abstention")
    assert list(case.to_dict()) == ["query", "id", "expected_mode", "contexts", "zeta"]


def test_built_case_writes_its_category() -> None:
    case = GovCase(id="a", category="dispute", query="q", contexts=["c"], expected_mode="disputed")
    assert case.to_dict() == {
        "id": "a",
        "category": "dispute",
        "query": "q",
        "contexts": ["c"],
        "expected_mode": "disputed",
    }


def test_strict_types() -> None:
    with pytest.raises(ValidationError):
        GovCase.from_dict(
            {"id": 3, "category": "dispute", "query": "q", "contexts": [], "expected_mode": "x"}
        )


def test_category_modes() -> None:
    assert CATEGORY_MODE == {
        "abstention": "abstain",
        "dispute": "disputed",
        "trustworthy_hedged": "trustworthy",
        "trustworthy_direct": "trustworthy",
        "grounding": "trustworthy",
        "relevance": "trustworthy",
    }


def test_gov_file_without_cases_position_appends_cases() -> None:
    f = GovFile(header={"tier": "sanity"})
    assert list(f.to_dict()) == ["tier", "cases"]


def test_fitzgov_files_round_trip_byte_exact() -> None:
    pytest.importorskip("fitz_gov", reason="fitz-gov is not installed")
    data = fitzgov_data_dir()
    loaded = load_cases(data)
    assert len(loaded.cases) == 2980
    originals = sorted(data.glob("tier*/*.json"))
    assert len(loaded.files) == len(originals) == 12
    for gfile, path in zip(loaded.files, sorted(originals, key=_load_order), strict=True):
        assert dump_file_text(gfile.to_dict()) == path.read_text(encoding="utf-8"), path


def _load_order(path: Path) -> tuple[str, int]:
    cats = list(CATEGORY_MODE)
    return (path.parent.name, cats.index(path.stem))


def test_dump_file_text_format() -> None:
    assert dump_file_text({"a": ["é"]}) == '{\n  "a": [\n    "é"\n  ]\n}\n'
    assert json.loads(dump_file_text(FILE)) == FILE
