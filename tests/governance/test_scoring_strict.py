"""``strict`` scoring: each of fitz-gov's defects, fixed, on hand-worked cases."""

from __future__ import annotations

from typing import Any

import pytest

from veracity.governance.cases import GovCase
from veracity.governance.patterns import looks_like_regex, strict_pattern_source
from veracity.governance.responses import GovResponse
from veracity.governance.scoring import CaseResult, normalise_mode, score_case

REVENUE_Q = "What was Acme's annual revenue in 2024?"


def mk(category: str, mode: str = "trustworthy", query: str = REVENUE_Q, **kw: Any) -> GovCase:
    data = {"id": "s1", "query": query, "contexts": ["Acme sells widgets."], "expected_mode": mode}
    data.update(kw)
    return GovCase.from_dict(data, category=category)


def score(
    case: GovCase, answer: str | None, mode: str | None = "trustworthy", **kw: Any
) -> CaseResult:
    return score_case(case, GovResponse(case.id, answer, mode, **kw))


GROUNDING = mk(
    "grounding",
    forbidden_claims=[r"\$\d", "annual revenue (was|of)", "Intel|ARM", r"\d{4}"],
    evaluation_config={"use_regex": True},
)


def test_defect1_grounding_needs_the_mode_and_an_answer() -> None:
    assert score(GROUNDING, "", "trustworthy").reason == "empty answer"
    assert score(GROUNDING, "Acme sells widgets.", "abstain").reason == (
        "expected trustworthy, got abstain"
    )
    assert score(GROUNDING, "Acme sells widgets.", "trustworthy").passed


def test_defect1_abstain_cases_are_judged_on_the_mode_only() -> None:
    case = mk("abstention", "abstain")
    assert score(case, "", "abstain").passed
    assert score(case, "", "trustworthy").reason == "expected abstain, got trustworthy"


def test_defect2_word_guards() -> None:
    assert score(GROUNDING, "Its artificial intelligence farm is pharmaceutical.").passed
    r = score(GROUNDING, "It licenses ARM designs and costs $50.")
    assert r.reason == "HALLUCINATION: ['$5', 'ARM']"
    assert strict_pattern_source("Intel|ARM", as_regex=True) == (
        r"(?<!\w)(?:Intel)(?!\w)|(?<!\w)(?:ARM)(?!\w)"
    )
    assert strict_pattern_source(r"\$\d", as_regex=True) == r"(?:\$\d)"
    assert strict_pattern_source("costs?", as_regex=True) == r"(?<!\w)(?:costs?)(?!\w)"


def test_defect3_top_level_alternation() -> None:
    source = strict_pattern_source("(?i)HUD.*H5N1|avian influenza", as_regex=True)
    assert source == r"(?i)(?<!\w)(?:HUD.*(?:H5N1|avian influenza))(?!\w)"
    case = mk("grounding", forbidden_claims=["HUD.*H5N1|avian influenza"],
              evaluation_config={"use_regex": True})  # fmt: skip
    assert score(case, "Avian influenza was studied by OSTP.").passed
    assert score(case, "HUD studied avian influenza.").reason == (
        "HALLUCINATION: ['HUD studied avian influenza']"
    )


@pytest.mark.parametrize(
    "answer",
    [
        "The annual revenue is not specified.",
        "Acme's annual revenue of 2024 is not stated in the context.",
        "The context does not say what the annual revenue was.",
        "There is no figure for the annual revenue was reported, sadly.",
    ],
)
def test_defect4_stating_absence_is_not_inventing(answer: str) -> None:
    assert score(GROUNDING, answer).passed


def test_defect4_absence_clause_with_a_new_number_still_fails() -> None:
    r = score(GROUNDING, "The annual revenue of $5 million is not specified.")
    assert r.reason == "HALLUCINATION: ['$5']"
    # the year comes from the query: restating it in a gap statement is fine
    assert score(GROUNDING, "The 2024 figure is not provided.").passed
    assert score(GROUNDING, "The 2023 figure is not provided.").reason == "HALLUCINATION: ['2023']"


def test_defect5_allowed_phrase_is_clause_local() -> None:
    case = mk(
        "grounding",
        forbidden_claims=[r"revenue (was|is) \w+"],
        evaluation_config={"use_regex": True, "allowed_phrases": ["the .* (is |are )?unconfirmed"]},
    )
    answer = "The revenue was huge, the margin is unconfirmed"
    assert score(case, answer).reason == "HALLUCINATION: ['revenue was huge']"
    assert score(case, "The revenue is unconfirmed").passed
    # fitz-gov's greedy span would have excused the first clause
    fitz = score_case(case, GovResponse("s1", answer, None), scoring="fitz-gov-4.1")
    assert fitz.passed


def test_defect6_regex_looking_elements_run_as_regexes() -> None:
    case = mk(
        "relevance",
        required_elements=["price"],
        forbidden_elements=[r"\$\d", "costs? \\$?\\d"],
        evaluation_config={"use_regex": False},
    )
    assert score(case, "The price is $40.").reason == "FALSE_CONFIDENCE: ['$4']"
    assert score(case, "The price is not given.").passed
    assert looks_like_regex(r"\$\d") and looks_like_regex("per (month|year)")
    assert not looks_like_regex("not specified") and not looks_like_regex("401(k)")


def test_defect7_required_elements_by_meaning() -> None:
    case = mk(
        "relevance",
        query="What CAUSED the slowdown?",
        required_elements=["not specified", "not mentioned", "cause", "root cause", "not provided"],
        evaluation_config={"use_regex": False, "min_required": 5},
    )
    natural = "The context does not say what caused the slowdown."
    r = score(case, natural)
    assert r.passed and r.details["concepts"] == {"need": 2, "found": 2, "total": 2}
    fitz = score_case(case, GovResponse("s1", natural, None), scoring="fitz-gov-4.1")
    assert fitz.reason == "Missing required elements: need 5, found 1"  # "cause" in "caused"
    r = score(case, "The slowdown happened on Monday.")
    assert not r.passed
    assert r.reason is not None and r.reason.startswith(
        "missing required elements: need 2 of 2 concepts, found 0"
    )
    # absence alone is not enough when the cause concept is required too
    assert not score(case, "Nothing is specified. It isn't mentioned.").passed


def test_defect7_word_guard_on_elements() -> None:
    case = mk("relevance", required_elements=["cause"], evaluation_config={"min_required": 1})
    assert not score(case, "because it rained").passed
    assert score(case, "The causes are listed.").passed


@pytest.mark.parametrize(
    ("mode", "error", "reason", "normalised"),
    [
        (None, None, "no mode given", None),
        ("maybe", None, "invalid mode 'maybe'", None),
        (" Trustworthy ", None, None, "trustworthy"),
        (None, "timed out", "system error: timed out", None),
    ],
)
def test_defect8_missing_and_invalid_modes(
    mode: str | None, error: str | None, reason: str | None, normalised: str | None
) -> None:
    r = score(mk("trustworthy_direct"), "Acme sells widgets.", mode, error=error)
    assert (r.reason, r.mode) == (reason, normalised)
    assert normalise_mode(mode) == normalised


def test_reasons_are_combined() -> None:
    r = score(GROUNDING, "It costs $9.", "abstain")
    assert r.reason == "expected trustworthy, got abstain; HALLUCINATION: ['$9']"
    assert r.details["hits"] == [{"matched": "$9", "pattern": r"\$\d"}]


def test_hostile_pattern_times_out_and_is_reported() -> None:
    case = mk("grounding", forbidden_claims=["(a|aa)+$"], evaluation_config={"use_regex": True})
    r = score(case, "a" * 60 + "!")
    assert r.passed
    assert r.details["unsafe_patterns"] == ["(a|aa)+$"]


def test_judge_gets_strict_hits() -> None:
    calls: list[str] = []

    def judge(*, case: GovCase, response: str, pattern: str, matched: str, kind: str) -> bool:
        calls.append(f"{kind}:{matched}")
        return False

    r = score_case(GROUNDING, GovResponse("s1", "It costs $9.", "trustworthy"), judge=judge)
    assert r.passed and calls == ["forbidden_claim:$9"]


NATURAL_TIER0_RELEVANCE = {
    "t0_relevance_easy_001": "The context lists the plan's features but does not mention its "
    "pricing; contact the sales team for a quote.",
    "t0_relevance_easy_002": "The context does not give a specific number of users.",
    "t0_relevance_easy_003": "No deadline for the project is mentioned in the context.",
    "t0_relevance_easy_004": "The context does not identify what caused the degradation.",
    "t0_relevance_easy_005": "The recommended dosage is not provided; consult a doctor.",
    "t0_relevance_easy_006": "The minimum system requirements are not listed in the context.",
    "t0_relevance_easy_007": "The average response time is not stated in the context.",
    "t0_relevance_easy_008": "The context does not say which languages or SDKs the API supports.",
}


def test_defect7_natural_answers_pass_fitzgov_tier0_relevance() -> None:
    """Natural answers (ours) to fitz-gov's 8 tier-0 relevance cases: strict 8/8, fitz-gov 0/8."""
    pytest.importorskip("fitz_gov", reason="fitz-gov is not installed")
    from veracity.governance.loaders import load_suite

    cases = [c for c in load_suite("fitz-gov", "0").cases if c.category == "relevance"]
    assert sorted(c.id for c in cases) == sorted(NATURAL_TIER0_RELEVANCE)
    strict = fitz = 0
    for c in cases:
        resp = GovResponse(c.id, NATURAL_TIER0_RELEVANCE[c.id], "trustworthy")
        strict += score_case(c, resp).passed
        fitz += score_case(c, resp, scoring="fitz-gov-4.1").passed
    assert (strict, fitz) == (8, 0)
