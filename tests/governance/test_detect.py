"""detect_mode: accuracy on the hand-labelled answers, negation, quotes, tags, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from veracity.errors import InputError
from veracity.governance.detect import DetectedMode, detect_mode

DATA = Path(__file__).parent / "data" / "detect_labeled.jsonl"


def _rows() -> list[dict[str, str]]:
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line]


def test_labeled_set_is_large_and_balanced() -> None:
    rows = _rows()
    assert len(rows) >= 200
    assert len({r["id"] for r in rows}) == len(rows)
    counts = {m: sum(r["mode"] == m for r in rows) for m in ("abstain", "disputed", "trustworthy")}
    assert min(counts.values()) >= 60


def test_accuracy_on_labeled_set_is_at_least_95_percent() -> None:
    rows = _rows()
    wrong = []
    for r in rows:
        got = detect_mode(r["answer"])
        if got.mode != r["mode"]:
            wrong.append(
                f"{r['id']}: expected {r['mode']}, got {got.mode} ({got.reason}): {r['answer']!r}"
            )
    accuracy = 1 - len(wrong) / len(rows)
    assert accuracy >= 0.95, "misclassified:\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    ("answer", "mode"),
    [
        ("It is not true that the sources disagree; both say 1879.", "trustworthy"),
        ("There is no conflict between the two reports.", "trustworthy"),
        ("The sources do not agree on the date.", "disputed"),
        ("Not all sources agree: one says 5, another 7.", "disputed"),
        ('The audit notes "no data were collected", yet the 2020 count is 49,800.', "trustworthy"),
        (
            "“The sources disagree,” the headline said, but both filings give 2.0 billion.",
            "trustworthy",
        ),
        ("The context does not mention the price.", "abstain"),
        ("MODE: DISPUTED\nsomething", "disputed"),
        ("[abstain] nothing here", "abstain"),
        ("The regatta runs 12-14 June; the venue is not stated.", "trustworthy"),
    ],
)
def test_negation_quotes_and_tags(answer: str, mode: str) -> None:
    assert detect_mode(answer).mode == mode


def test_result_names_cue_and_reason() -> None:
    got = detect_mode("The two studies contradict each other.")
    assert got == DetectedMode("disputed", "contradict", "states that the sources conflict")
    assert detect_mode("") == DetectedMode("abstain", None, "empty answer")
    assert detect_mode("Paris.").cue is None


def test_deterministic_and_rejects_non_strings() -> None:
    text = "One source says 1842 while the plaque says 1867."
    assert detect_mode(text) == detect_mode(text)
    with pytest.raises(InputError, match="field 'answer': must be a string, got NoneType"):
        detect_mode(None)  # type: ignore[arg-type]


def test_huge_input_is_handled() -> None:
    text = "The sky is blue. " * 20000 + "The context does not say when."
    assert detect_mode(text).mode == "trustworthy"
