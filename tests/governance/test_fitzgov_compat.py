"""Our ``fitz-gov-4.1`` scoring equals fitz-gov 4.1.0's own evaluator on all 2,980 cases.

Several response sets (empty, echoed contexts, a keyword heuristic, random modes with a
fixed seed, ``None`` modes, phrases that hit allowed-phrase and fallback paths) are
scored by both; every case must get the same pass/fail and the same reason, and the
aggregates (tier accuracies, per category and subcategory, confusion matrix,
difficulty and slicing breakdowns, gate) must be equal.
"""

from __future__ import annotations

import importlib.metadata
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

try:
    FITZ_VERSION = importlib.metadata.version("fitz-gov")
except importlib.metadata.PackageNotFoundError:
    FITZ_VERSION = None
if FITZ_VERSION != "4.1.0":
    pytest.skip(
        f"needs fitz-gov==4.1.0 (found {FITZ_VERSION}): pip install fitz-gov==4.1.0",
        allow_module_level=True,
    )
fitz_gov = pytest.importorskip("fitz_gov", reason="fitz_gov is not importable")

from veracity.governance.cases import GovCase  # noqa: E402
from veracity.governance.loaders import load_suite  # noqa: E402
from veracity.governance.metrics import GovMetrics, evaluate_tiered  # noqa: E402
from veracity.governance.responses import GovResponse  # noqa: E402
from veracity.governance.scoring import score_cases  # noqa: E402

Responder = Callable[[Any, random.Random], tuple[str, str | None]]
_WORD = re.compile(r"[a-z0-9]+")
_STOP = set(
    "the a an of to in on for and or is are was were what how does do which who why".split()
)
_CUES = ("however", "contrary", "conflict", "disagree", "contradict", "whereas", "dispute")
_PHRASES = [
    "The price is not specified in the context.",
    "The context does not mention the revenue; it was $5 million.",
    "Intel and ARM make chips; the deadline is not provided.",
    "No specific figure is given. Expect 30 per month.",
    "I cannot find the date. HUD) published its 2024 report.",
]


def _heuristic(case: Any, rng: random.Random) -> tuple[str, str | None]:
    words = [w for w in _WORD.findall(case.query.lower()) if w not in _STOP]
    text = " ".join(case.contexts).lower()
    covered = sum(w in text for w in words)
    numbers = [set(re.findall(r"\d+(?:\.\d+)?", c)) for c in case.contexts]
    disjoint = len(numbers) > 1 and all(numbers) and not set.intersection(*numbers)
    if words and covered < len(words) / 2:
        mode = "abstain"
    elif any(cue in text for cue in _CUES) or disjoint:
        mode = "disputed"
    else:
        mode = "trustworthy"
    return case.contexts[0][:300] if case.contexts else "", mode


RESPONSE_SETS: dict[str, Responder] = {
    "empty-trustworthy": lambda c, r: ("", "trustworthy"),
    "empty-none": lambda c, r: ("", None),
    "echo-perfect": lambda c, r: (" ".join(c.contexts), c.expected_mode.value),
    "heuristic": _heuristic,
    "random-modes": lambda c, r: (
        r.choice(c.contexts + _PHRASES),
        r.choice(["trustworthy", "disputed", "abstain", None]),
    ),
    "phrases-none": lambda c, r: (" ".join(r.sample(_PHRASES, 2)), None),
}


@pytest.fixture(scope="module")
def suites() -> tuple[dict[str, list[Any]], dict[str, GovCase]]:
    theirs = {
        "0": fitz_gov.load_tier(fitz_gov.Tier.SANITY),
        "1": fitz_gov.load_tier(fitz_gov.Tier.CORE),
    }
    loaded = load_suite("fitz-gov", "all")
    ours = {c.id: c for c in loaded.cases}
    assert len(ours) == len(loaded.cases) == 2980
    assert {c.id for t in theirs.values() for c in t} == set(ours)
    return theirs, ours


def _theirs_per_case(result: Any) -> dict[str, tuple[bool, str | None]]:
    out = {}
    for tier in (result.tier0, result.tier1):
        for cat in tier.category_results.values():
            for cr in cat.case_results:
                out[cr.case.id] = (cr.passed, cr.failure_reason)
    return out


def _rates(m: GovMetrics, attr: str) -> dict[str, float | None]:
    return {k: v.value for k, v in getattr(m, attr).items()}


@pytest.mark.parametrize("name", list(RESPONSE_SETS))
def test_same_verdicts_and_aggregates(
    name: str, suites: tuple[dict[str, list[Any]], dict[str, GovCase]]
) -> None:
    theirs, ours = suites
    responder = RESPONSE_SETS[name]
    rng = random.Random(20240601)
    answers: dict[str, tuple[list[str], list[Any]]] = {}
    responses: list[GovResponse] = []
    for tier, cases in theirs.items():
        texts, modes = [], []
        for case in cases:
            text, mode = responder(case, rng)
            texts.append(text)
            modes.append(fitz_gov.AnswerMode(mode) if mode else None)
            responses.append(GovResponse(case.id, text, mode))
        answers[tier] = (texts, modes)
    ev = fitz_gov.FitzGovEvaluator()
    ref = ev.evaluate_tiered(
        theirs["0"], *answers["0"], theirs["1"], *answers["1"], gating_enabled=False
    )
    order = [c.id for t in theirs.values() for c in t]
    results = score_cases([ours[i] for i in order], responses, scoring="fitz-gov-4.1")
    mine = {r.id: (r.passed, r.reason) for r in results}
    expected = _theirs_per_case(ref)
    diff = [(i, expected[i], mine[i]) for i in order if expected[i] != mine[i]]
    assert diff == []

    report = evaluate_tiered(results, gated=False, ci=False)
    assert report.tier0 is not None and report.tier1 is not None
    assert report.tier0.accuracy.value == ref.tier0.accuracy
    assert report.tier0_passed == ref.tier0.passed
    t1, r1 = report.tier1, ref.tier1
    assert t1.accuracy.value == r1.accuracy
    assert t1.accuracy.total == r1.num_cases
    for tier_m, tier_r in ((report.tier0, ref.tier0), (t1, r1)):
        assert {k: (v.passed, v.total) for k, v in tier_m.by_category.items()} == {
            k.value: (v.num_correct, v.num_total) for k, v in tier_r.category_results.items()
        }
        for cat, cr in tier_r.category_results.items():
            assert _rates_sub(tier_m, cat.value) == cr.subcategory_accuracy
    assert t1.confusion == r1.confusion_matrix.to_dict()
    assert _rates(t1, "by_difficulty") == r1.difficulty_breakdown
    for attr in ("domain", "query_type", "source_type", "reasoning_type", "evidence_pattern"):
        got = {k: v.value for k, v in t1.by_attribute[attr].items()}
        assert got == getattr(r1, f"{attr}_breakdown"), attr

    gated = evaluate_tiered(results, gated=True, ci=False)
    ref_gated = ev.evaluate_tiered(theirs["0"], *answers["0"], theirs["1"], *answers["1"])
    assert (gated.tier1 is None) == (ref_gated.tier1 is None)


def _rates_sub(m: GovMetrics, category: str) -> dict[str, float | None]:
    return {k: v.value for k, v in m.by_subcategory.get(category, {}).items()}


@pytest.mark.parametrize(
    ("mode", "expected_permille"),
    [("trustworthy", 418), ("abstain", 350), ("disputed", 346), ("perfect", 884)],
)
def test_reference_figures_on_tier1(
    mode: str, expected_permille: int, suites: tuple[dict[str, list[Any]], dict[str, GovCase]]
) -> None:
    """The published reference figures (empty responses) come out of our fitz-gov-4.1 mode."""
    _, ours = suites
    cases = [c for c in ours.values() if c.id.startswith("t1_")]
    responses = [
        GovResponse(c.id, "", c.expected_mode if mode == "perfect" else mode) for c in cases
    ]
    results = score_cases(cases, responses, scoring="fitz-gov-4.1")
    value = evaluate_tiered(results, ci=False).tier1
    assert value is not None and value.accuracy.value is not None
    assert round(1000 * value.accuracy.value) == expected_permille


EDGE_FILES: dict[tuple[str, str], dict[str, Any]] = {
    ("tier0_sanity", "grounding"): {
        "tier": "sanity",
        "evaluation_config": {"use_regex": True, "allowed_phrases": ["not (given|stated)", "(bad"]},
        "cases": [
            {
                "id": "e_g1",
                "query": "Price?",
                "contexts": ["c"],
                "expected_mode": "trustworthy",
                "forbidden_claims": [r"\$\d+", "(unclosed", "Intel|ARM"],
            },
            {
                "id": "e_g2",
                "query": "Who?",
                "contexts": ["c"],
                "expected_mode": "trustworthy",
                "forbidden_claims": ["Founded"],
                "subcategory": "x",
                "evaluation_config": {"use_regex": False, "case_insensitive": False},
            },
            {
                "id": "e_g3",
                "query": "When?",
                "contexts": ["c"],
                "expected_mode": "trustworthy",
                "forbidden_claims": [r"\d{4}"],
                "evaluation_config": {"allowed_phrases": [r"year \d{4} (is )?not given"]},
            },
        ],
    },
    ("tier0_sanity", "relevance"): {
        "tier": "sanity",
        "cases": [
            {
                "id": "e_r1",
                "query": "Fee?",
                "contexts": ["c"],
                "expected_mode": "trustworthy",
                "required_elements": ["fee", "not (given|stated)", "dead(line"],
                "forbidden_elements": [r"\$\d", "per (month|year)"],
                "evaluation_config": {"use_regex": True, "min_required": 2},
            },
            {
                "id": "e_r2",
                "query": "Fee?",
                "contexts": ["c"],
                "expected_mode": "trustworthy",
                "required_elements": ["Fee"],
                "forbidden_elements": ["Costs"],
                "evaluation_config": {"case_insensitive": False, "min_required": 0},
            },
            {"id": "e_r3", "query": "Fee?", "contexts": ["c"], "expected_mode": "trustworthy"},
        ],
    },
    ("tier1_core", "dispute"): {
        "tier": "core",
        "cases": [
            {
                "id": "e_d1",
                "query": "q",
                "contexts": ["a", "b"],
                "expected_mode": "disputed",
                "domain": "law",
                "query_type": "is",
                "difficulty": "hard",
            },
            {
                "id": "e_d2",
                "query": "q",
                "contexts": ["a"],
                "expected_mode": "disputed",
                "source_type": "multi_source",
                "context_sources": ["s1", {"source_id": "s2"}],
            },
        ],
    },
}
EDGE_ANSWERS = [
    "",
    "It costs $40 per month, not given otherwise.",
    "Founded by Intel; the fee is not stated. The year 2021 is not given.",
    "founded in 2019 by the ARMy; Fee dead(line costs",
    "Costs $5 per year. Fee: not given. year 1999 not given",
]


def test_edge_case_files_match_fitzgov(tmp_path: Path) -> None:
    """Hand-made files (file-level config, case-sensitive, invalid regexes, min_required 0,
    no subcategory, empty required list) loaded and scored by both implementations."""
    for (tier, cat), data in EDGE_FILES.items():
        path = tmp_path / tier / f"{cat}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data), encoding="utf-8")
    theirs = {t: fitz_gov.load_tier(t, data_dir=tmp_path) for t in ("tier0_sanity", "tier1_core")}
    loaded = load_suite(str(tmp_path))
    ours = {c.id: c for c in loaded.cases}
    assert len(ours) == sum(len(v) for v in theirs.values()) == 8
    ev = fitz_gov.FitzGovEvaluator()
    modes = [None, "trustworthy", "disputed", "abstain"]
    for k, answer in enumerate(EDGE_ANSWERS):
        args = []
        responses = []
        for cases in theirs.values():
            ms = [modes[(k + i) % 4] for i in range(len(cases))]
            args += [
                cases,
                [answer] * len(cases),
                [fitz_gov.AnswerMode(m) if m else None for m in ms],
            ]
            responses += [GovResponse(c.id, answer, m) for c, m in zip(cases, ms, strict=True)]
        ref = ev.evaluate_tiered(*args, gating_enabled=False)
        results = score_cases(list(ours.values()), responses, scoring="fitz-gov-4.1")
        assert {r.id: (r.passed, r.reason) for r in results} == _theirs_per_case(ref), answer
        report = evaluate_tiered(results, gated=False, ci=False)
        assert report.tier0 is not None and report.tier1 is not None
        assert report.tier0.accuracy.value == ref.tier0.accuracy
        for cat, cr in ref.tier0.category_results.items():
            assert _rates_sub(report.tier0, cat.value) == cr.subcategory_accuracy
        assert report.tier1.confusion == ref.tier1.confusion_matrix.to_dict()
        for attr in ("domain", "query_type", "source_type", "reasoning_type", "evidence_pattern"):
            got = {key: v.value for key, v in report.tier1.by_attribute[attr].items()}
            assert got == getattr(ref.tier1, f"{attr}_breakdown"), attr
