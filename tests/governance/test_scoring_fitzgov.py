"""``fitz-gov-4.1`` scoring on hand-worked cases (the package-wide equality is in
test_fitzgov_compat.py)."""

from __future__ import annotations

from typing import Any

import pytest

from veracity.errors import ConfigError
from veracity.governance.cases import GovCase
from veracity.governance.responses import GovResponse
from veracity.governance.scoring import CaseResult, score_case, score_cases

FITZ = "fitz-gov-4.1"


def mk(category: str, mode: str = "trustworthy", **kw: Any) -> GovCase:
    data = {"id": "c1", "query": "What is the price?", "contexts": ["SSO included."]}
    data.update(expected_mode=mode, **kw)
    file_config = kw.pop("file_config", None)
    data.pop("file_config", None)
    return GovCase.from_dict(data, category=category, file_config=file_config)


def score(case: GovCase, answer: str | None, mode: str | None = None) -> CaseResult:
    return score_case(case, GovResponse(case.id, answer, mode), scoring=FITZ)


@pytest.mark.parametrize(
    ("mode", "passed", "reason"),
    [
        ("abstain", True, None),
        ("disputed", False, "Expected abstain, got disputed"),
        (None, False, "No actual_mode provided for governance category"),
        ("ABSTAIN", False, "No actual_mode provided for governance category"),
    ],
)
def test_governance_categories_read_only_the_mode(
    mode: str | None, passed: bool, reason: str | None
) -> None:
    r = score(mk("abstention", "abstain"), "anything at all $5", mode)
    assert (r.passed, r.reason) == (passed, reason)
    assert r.mode == (mode if mode in ("abstain", "disputed") else None)


def test_grounding_regex_hits_and_allowed_span() -> None:
    case = mk(
        "grounding",
        forbidden_claims=[r"\$\d+", "Intel|ARM"],
        evaluation_config={"use_regex": True, "allowed_phrases": [r"not \$\d+"]},
    )
    # "$5" sits inside the allowed "not $5" span: excused; "$7" is not; "farm" hits ARM
    r = score(case, "It is not $5 but $7 on the farm", "abstain")
    assert (r.passed, r.reason) == (False, "HALLUCINATION: ['$7', 'arm']")
    assert score(case, "", None).passed  # the empty answer passes, whatever the mode
    assert score(case, "Price unknown.", "disputed").passed


def test_grounding_substring_mode_any_allowed_hit_excuses() -> None:
    case = mk(
        "grounding",
        forbidden_claims=["Costs"],
        evaluation_config={"allowed_phrases": ["not stated"]},
    )
    assert score(case, "It costs a lot").reason == "HALLUCINATION: ['Costs']"
    assert score(case, "It costs a lot; size not stated").passed


def test_grounding_invalid_regex_falls_back_to_substring() -> None:
    case = mk("grounding", forbidden_claims=["(5"], evaluation_config={"use_regex": True})
    assert score(case, "about (5 units").reason == "HALLUCINATION: ['(5']"
    assert score(case, "about 5 units").passed


def test_grounding_case_sensitive_config() -> None:
    case = mk(
        "grounding",
        forbidden_claims=["USD"],
        evaluation_config={"use_regex": True, "case_insensitive": False},
    )
    assert score(case, "in usd").passed
    assert score(case, "in USD").reason == "HALLUCINATION: ['USD']"


def test_file_config_merged_under_case_config() -> None:
    case = mk(
        "grounding",
        forbidden_claims=[r"\d"],
        file_config={"use_regex": True, "allowed_phrases": []},
        evaluation_config={"use_regex": False},
    )
    # the case turns regex off: "\d" is a literal substring
    assert score(case, "7 items").passed
    assert score(case, r"literal \d").reason == "HALLUCINATION: ['\\\\d']"


def test_relevance_required_then_forbidden() -> None:
    case = mk(
        "relevance",
        required_elements=["deadline", "not specified"],
        forbidden_elements=[r"\$\d"],
        evaluation_config={"min_required": 2},
    )
    assert score(case, "deadline").reason == "Missing required elements: need 2, found 1"
    # substring mode: the regex-looking forbidden element never fires (defect 6)
    assert score(case, "The deadline is not specified; costs $5").passed
    assert score(case, r"deadline not specified \$\d").reason == "FALSE_CONFIDENCE: ['\\\\$\\\\d']"


def test_relevance_empty_required_list_always_fails() -> None:
    r = score(mk("relevance"), "whatever")
    assert r.reason == "Missing required elements: need 1, found 0"


def test_relevance_regex_mode() -> None:
    case = mk(
        "relevance",
        required_elements=["dead(line"],
        forbidden_elements=[r"\$\d+"],
        evaluation_config={"use_regex": True},
    )
    assert score(case, "dead(line soon, $40").reason == "FALSE_CONFIDENCE: ['$40']"


def test_none_answer_scores_as_empty() -> None:
    assert score(mk("grounding", forbidden_claims=["x"]), None).passed


class Judge:
    def __init__(self, verdicts: dict[str, bool | None]) -> None:
        self.verdicts = verdicts
        self.calls: list[tuple[str, str, str]] = []

    def __call__(
        self, *, case: GovCase, response: str, pattern: str, matched: str, kind: str
    ) -> bool | None:
        self.calls.append((pattern, matched, kind))
        return self.verdicts.get(matched)


def test_judge_clears_or_confirms_hits() -> None:
    case = mk("grounding", forbidden_claims=["a1", "b2"], evaluation_config={"use_regex": True})
    judge = Judge({"a1": False, "b2": None})
    r = score_case(case, GovResponse("c1", "a1 b2", None), scoring=FITZ, judge=judge)
    assert (r.passed, r.reason) == (False, "HALLUCINATION: ['b2']")
    assert judge.calls == [("a1", "a1", "forbidden_claim"), ("b2", "b2", "forbidden_claim")]
    cleared = Judge({"a1": False, "b2": False})
    r = score_case(case, GovResponse("c1", "a1 b2", None), scoring=FITZ, judge=cleared)
    assert r.passed and r.details["judge"][1]["verdict"] is False


def test_score_cases_order_missing_and_unknown_scoring() -> None:
    a = mk("abstention", "abstain")
    b = GovCase.from_dict(
        {"id": "c2", "query": "q", "contexts": [], "expected_mode": "disputed"}, category="dispute"
    )
    results = score_cases([a, b], [GovResponse("c2", "x", "disputed")], scoring=FITZ)
    assert [(r.id, r.passed) for r in results] == [("c1", False), ("c2", True)]
    assert results[0].details == {"missing_response": True}
    assert results[1].to_record() == {
        "id": "c2",
        "category": "dispute",
        "expected_mode": "disputed",
        "mode": "disputed",
        "passed": True,
        "reason": None,
    }
    with pytest.raises(ConfigError, match="unknown scoring"):
        score_cases([a], [], scoring="loose")
