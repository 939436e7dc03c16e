"""The label of a word: lower case, singular, a verb's inflection dropped."""

from __future__ import annotations

import pytest

from veracity.numeric.word_labels import word_label


@pytest.mark.parametrize(
    ("words", "label"),
    [
        (("returned", "return", "returns"), "return"),
        (("carried", "carrying"), "carry"),
        (("planned", "planning"), "plan"),
        (("recovery", "recovers", "recovered", "Recovery"), "recover"),
        (("delivery", "deliveries", "delivered"), "deliver"),
        (("bakery",), "bakery"),  # under seven letters: kept
        (("won",), "win"),
    ],
)
def test_words_that_meet(words: tuple[str, ...], label: str) -> None:
    assert {word_label(w) for w in words} == {label}


def test_not_labels() -> None:
    assert [word_label(w) for w in ("the", "per", "km", "twelve")] == [""] * 4
    assert word_label("US") == "us"  # a two-letter name
