"""Runs of number words: where one number ends and the next begins (hand-worked)."""

from __future__ import annotations

import pytest

from veracity.numeric.numbers import one_number, parse_words


@pytest.mark.parametrize(
    ("words", "count"),
    [
        (["two", "one"], 1),  # "two one-minute flights"
        (["three", "four"], 1),
        (["twenty", "thirty"], 1),
        (["fifteen", "six"], 1),
        (["twenty", "one"], 2),
        (["fifteen", "hundred"], 2),
        (["two", "thousand", "three", "hundred"], 4),
        (["one", "hundred", "twenty", "five"], 4),
        (["three", "million", "four", "hundred", "thousand"], 5),
    ],
)
def test_one_number(words: list[str], count: int) -> None:
    assert one_number(words) == count


def test_first_number_value() -> None:
    words = ["two", "one"]
    assert parse_words(words[: one_number(words)]) == 2.0
