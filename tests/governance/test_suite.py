"""veracity's own governance suite: layout, size, fields, and loadable by fitz-gov and by us."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

SUITE = Path(__file__).resolve().parents[2] / "src" / "veracity" / "governance" / "suite"
CATS = {
    "abstention": "abstain",
    "dispute": "disputed",
    "trustworthy_hedged": "trustworthy",
    "trustworthy_direct": "trustworthy",
    "grounding": "trustworthy",
    "relevance": "trustworthy",
}
TIERS = {"tier0_sanity": "sanity", "tier1_core": "core"}


def _files() -> list[tuple[str, str, dict[str, object]]]:
    out = []
    for tier_dir in TIERS:
        for cat in CATS:
            path = SUITE / tier_dir / f"{cat}.json"
            out.append((tier_dir, cat, json.loads(path.read_text(encoding="utf-8"))))
    return out


def test_layout_and_counts() -> None:
    per_cat: Counter[str] = Counter()
    ids: list[str] = []
    for tier_dir, cat, data in _files():
        assert data["tier"] == TIERS[tier_dir]
        assert data["category"] == cat
        for key in ("tier_description", "description", "version", "mode_rationale"):
            assert isinstance(data[key], str) and data[key]
        cases = data["cases"]
        assert isinstance(cases, list)
        per_cat[cat] += len(cases)
        for case in cases:
            ids.append(case["id"])
            assert case["id"].startswith("t0_" if tier_dir == "tier0_sanity" else "t1_")
            assert case["expected_mode"] == CATS[cat]
            assert case["rationale"] and case["description"] and case["query"]
            assert case["context_count"] == len(case["contexts"]) >= 1
            assert (
                case["difficulty"] == "easy"
                if tier_dir == "tier0_sanity"
                else case["difficulty"] in ("medium", "hard")
            )
    assert sum(per_cat.values()) >= 90
    assert all(n >= 15 for n in per_cat.values()), per_cat
    assert len(ids) == len(set(ids))


def test_category_specific_fields_and_regexes_compile() -> None:
    for _tier, cat, data in _files():
        file_cfg = data.get("evaluation_config", {})
        assert isinstance(file_cfg, dict)
        for phrase in file_cfg.get("allowed_phrases", []):
            re.compile(phrase)
        for case in data["cases"]:  # type: ignore[attr-defined]
            if cat == "grounding":
                assert case["forbidden_claims"]
            if cat == "relevance":
                assert case["required_elements"]
            for key in ("forbidden_claims", "required_elements", "forbidden_elements"):
                for pattern in case.get(key, []):
                    re.compile(pattern)


def test_no_case_copied_from_fitz_gov() -> None:
    fitz_gov = pytest.importorskip("fitz_gov")
    theirs: set[str] = set()
    for path in Path(fitz_gov.get_data_dir()).glob("tier*/*.json"):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            theirs.add(case["query"].strip().lower())
            theirs.update(c.strip().lower() for c in case["contexts"])
    for _tier, _cat, data in _files():
        for case in data["cases"]:  # type: ignore[attr-defined]
            assert case["query"].strip().lower() not in theirs
            assert not {c.strip().lower() for c in case["contexts"]} & theirs


def test_loads_with_fitz_gov_loader() -> None:
    fitz_gov = pytest.importorskip("fitz_gov")
    cases = fitz_gov.load_cases(data_dir=SUITE)
    assert len(cases) == 96
    by_cat = Counter(c.category.value for c in cases)
    assert by_cat == dict.fromkeys(CATS, 16)
    grounding = next(c for c in cases if c.category.value == "grounding")
    assert grounding.evaluation_config["use_regex"] is True  # file-level config merged
    assert len(fitz_gov.load_tier(fitz_gov.Tier.SANITY, data_dir=SUITE)) == 18


def test_loads_with_our_loader() -> None:
    loaders = pytest.importorskip("veracity.governance.loaders")
    result = loaders.load_cases(SUITE)
    assert result.problems == []
    assert len(result.cases) == 96
    assert len(loaders.load_suite("builtin", tier="0").cases) == 18


def _refs() -> list[dict[str, str]]:
    path = Path(__file__).parent / "data" / "suite_reference_answers.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def test_every_answer_quality_case_has_reference_answers() -> None:
    ids = {
        case["id"]
        for _tier, cat, data in _files()
        if cat in ("grounding", "relevance")
        for case in data["cases"]  # type: ignore[attr-defined]
    }
    assert {r["id"] for r in _refs()} == ids


def test_natural_answers_pass_and_hallucinations_fail_with_fitz_gov() -> None:
    fitz_gov = pytest.importorskip("fitz_gov")
    cases = {c.id: c for c in fitz_gov.load_cases(data_dir=SUITE)}
    evaluator = fitz_gov.FitzGovEvaluator()
    wrong = []
    for ref in _refs():
        for kind, expected in (("good", True), ("bad", False)):
            res = evaluator.evaluate_case(
                cases[ref["id"]], ref[kind], fitz_gov.AnswerMode.TRUSTWORTHY
            )
            if res.passed is not expected:
                wrong.append((ref["id"], kind, res.failure_reason))
    assert wrong == []


def test_natural_answers_pass_and_hallucinations_fail_strict() -> None:
    loaders = pytest.importorskip("veracity.governance.loaders")
    scoring = pytest.importorskip("veracity.governance.scoring")
    responses = pytest.importorskip("veracity.governance.responses")
    cases = {c.id: c for c in loaders.load_cases(SUITE).cases}
    wrong = []
    for ref in _refs():
        for kind, expected in (("good", True), ("bad", False)):
            resp = responses.GovResponse(id=ref["id"], answer=ref[kind], mode="trustworthy")
            res = scoring.score_case(cases[ref["id"]], resp, scoring="strict")
            if res.passed is not expected:
                wrong.append((ref["id"], kind, res.reason))
    assert wrong == []
