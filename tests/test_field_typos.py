"""likely_typo: a near miss of an absent field is a typo; other unknown keys are not."""

from __future__ import annotations

import pytest

from veracity.field_typos import likely_typo

FIELDS = ["id", "question", "answer", "contexts", "context", "retrieved", "evidence", "metadata"]


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        (["question", "answer", "contexts", "retreived"], ("retreived", "retrieved")),
        (["question", "answer", "contxts"], ("contxts", "contexts")),
        (["question", "answer", "contexts", "evidense"], ("evidense", "evidence")),
        (["question", "answer", "contexts", "ID"], ("ID", "id")),
        (["question", "answer", "answers", "contexts"], None),  # "answer" is there
        (["question", "answer", "contexts", "question_id"], None),  # too far from "question"
        (["question", "answer", "contexts", "source", "ground_truth"], None),
        (["question", "answer", "contexts", "meta"], None),
    ],
)
def test_likely_typo(keys: list[str], expected: tuple[str, str] | None) -> None:
    assert likely_typo(keys, FIELDS) == expected
