"""Claim splitting: sentences, contrastive clauses, lists; spans into the answer."""

from __future__ import annotations

from veracity.faithfulness.claims import split_claims


def claims(answer: str) -> list[str]:
    spans = split_claims(answer)
    for s in spans:
        assert answer[s.start : s.end] == s.text
    return [s.text for s in spans]


def test_decimals_and_abbreviations_stay_in_one_claim() -> None:
    # rag-eval-py splits this into "The U", "S", "economy added 3", "1 million jobs"
    assert claims("The U.S. economy added 3.1 million jobs.") == [
        "The U.S. economy added 3.1 million jobs."
    ]
    assert claims("Dr. Smith, e.g. in v2.0.1, said no. Mr. Jones agreed.") == [
        "Dr. Smith, e.g. in v2.0.1, said no.",
        "Mr. Jones agreed.",
    ]


def test_contrastive_clauses_split_and_keep_the_conjunction() -> None:
    assert claims("Paris is large, but Lyon is small; Nice is warm.") == [
        "Paris is large",
        "but Lyon is small",
        "Nice is warm.",
    ]
    assert claims("Sales rose, however profits fell whereas costs were flat.") == [
        "Sales rose",
        "however profits fell",
        "whereas costs were flat.",
    ]
    assert claims("It rained although it was sunny.") == ["It rained", "although it was sunny."]


def test_lines_and_bullets_are_separate_claims() -> None:
    answer = "Key facts:\n- Paris is the capital\n- Lyon is second\n1. Nice is third"
    assert claims(answer) == [
        "Key facts:",
        "Paris is the capital",
        "Lyon is second",
        "Nice is third",
    ]
    assert split_claims(answer)[1].start == 13


def test_nothing_to_claim() -> None:
    assert claims("") == []
    assert claims("   \n\t") == []
    assert claims("?! ... ; - *") == []
