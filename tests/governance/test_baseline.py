"""builtin_governor: hand-worked decisions, answer text, determinism, detect_mode agreement."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from veracity.governance.baseline import builtin_governor
from veracity.governance.detect import detect_mode

SUITE = Path(__file__).resolve().parents[2] / "src" / "veracity" / "governance" / "suite"


def test_direct_answer_quotes_best_sentence() -> None:
    answer, mode = builtin_governor(
        "What port does the broker listen on?",
        ["The broker listens on port 5820 by default. It was written in Rust."],
    )
    assert mode == "trustworthy"
    # query words {port, broker, listen}: sentence 1 has 3, sentence 2 has 0
    assert answer == (
        'According to the context, "The broker listens on port 5820 by default." '
        '"It was written in Rust.".'
    )


def test_abstains_on_low_coverage_and_names_missing_terms() -> None:
    answer, mode = builtin_governor(
        "What is the recommended dose of Zelvocin?",
        ["Zelvocin is an antibiotic made in Ireland."],
    )
    # content words {recommend, dose, zelvocin}: only zelvocin covered -> 1/3 < 0.5
    assert mode == "abstain"
    assert (
        answer
        == "The provided context does not contain the answer: it does not mention dose, recommend."
    )


def test_abstains_on_missing_key_term() -> None:
    _, mode = builtin_governor(
        "Who won the marathon in Oslo?", ["The marathon in Bergen was won by Kari Nordmann."]
    )
    assert mode == "abstain"  # 'Oslo' is a key term absent from the context


def test_numeric_conflict_between_contexts() -> None:
    answer, mode = builtin_governor(
        "When was the Old Mill bridge built?",
        ["The Old Mill bridge was built in 1842.", "The Old Mill bridge was completed in 1867."],
    )
    assert mode == "disputed"
    assert answer == (
        'The sources conflict on this question: one says "The Old Mill bridge was built in 1842.", '
        'while another says "The Old Mill bridge was completed in 1867.".'
    )


def test_polarity_conflict_and_resolution() -> None:
    ctx = ["The router supports WPA3 security.", "The router does not support WPA3 security."]
    assert builtin_governor("Does the router support WPA3?", ctx)[1] == "disputed"
    resolved = [
        "Preliminary revenue was 1.9 billion euros.",
        "Audited revenue of 2.0 billion euros superseded the preliminary revenue figure.",
    ]
    assert builtin_governor("What was the revenue?", resolved)[1] == "trustworthy"


def test_close_numbers_are_not_a_conflict() -> None:
    ctx = [
        "The final drew a crowd of 41,000 people.",
        "Officials counted 40,812 people at the final.",
    ]
    assert builtin_governor("How many people attended the final?", ctx)[1] == "trustworthy"


def test_empty_contexts_and_bad_input() -> None:
    assert builtin_governor("Anything?", [])[1] == "abstain"
    assert builtin_governor("Anything?", ["", "  "])[1] == "abstain"
    with pytest.raises(TypeError):
        builtin_governor("q", "not a list")


def test_deterministic_and_readable_by_detect_mode_on_our_suite() -> None:
    disagreements = []
    total = 0
    for path in sorted(SUITE.glob("tier*/*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            first = builtin_governor(case["query"], case["contexts"])
            assert first == builtin_governor(case["query"], case["contexts"])
            total += 1
            if detect_mode(first[0]).mode != first[1]:
                disagreements.append((case["id"], first))
    assert total == 96
    assert disagreements == []
