"""The speed rewrites of the scanner equal the straightforward forms they replace.

Each fast form (a manual word-boundary check instead of a leading ``\\b``, a
look-behind placed after the digits, a reverse scan instead of a ``$``-anchored
search) is compared with the original regular expression on seeded random strings
built from the characters that matter to it. The whole-engine check (every result
of check_numbers / extract_claims before and after a change) is
``benchmarks/numeric_snapshot.py``.
"""

from __future__ import annotations

import random
import re

import pytest

from veracity.numeric import check_numbers, extract_claims
from veracity.numeric.nearby import last_word
from veracity.numeric.patterns import (
    LAST_WORD,
    WORDS_ANY,
    WORDS_ANY_NOSTART,
    WORDS_LOWER,
    WORDS_LOWER_NOSTART,
    word_runs,
)
from veracity.numeric.postprocess import might_have_table_marker
from veracity.numeric.textindex import _SENT_END, _YEAR, sentence_starts

_ORIGINAL_YEAR = re.compile(r"(?<![\d.,$€£])((?:18|19|20)\d\d)(?![\d%])(?!\s?(?:%|percent))")


def _strings(pieces: list[str], count: int, seed: int, longest: int = 14) -> list[str]:
    rng = random.Random(seed)
    return [
        "".join(rng.choice(pieces) for _ in range(rng.randint(0, longest))) for _ in range(count)
    ]


WORD_PIECES = [
    "one", "two", "twenty", "Three", "TWELVE", "hundred", "thousand", "dozen", "seventy-five",
    "eighteen", "teen", "ones", "and", "a", "x", "_", "5", "٣", "é", "İ", "-", " ", "\u00a0", "\n",
]  # fmt: skip


@pytest.mark.parametrize("seed", range(4))
def test_word_runs_equal_the_boundary_regex(seed: int) -> None:
    for text in _strings(WORD_PIECES, 3000, seed):
        assert [m.span() for m in word_runs(WORDS_LOWER_NOSTART, text)] == [
            m.span() for m in WORDS_LOWER.finditer(text)
        ], text
        assert [m.span() for m in word_runs(WORDS_ANY_NOSTART, text)] == [
            m.span() for m in WORDS_ANY.finditer(text)
        ], text


def test_word_runs_known_cases() -> None:
    text = "xtwelve twenty-five_one two"
    got = [m.group() for m in word_runs(WORDS_LOWER_NOSTART, text)]
    # "xtwelve" is inside a word; "five" is glued to "_one", so the run stops at "twenty"
    assert got == ["twenty", "two"]
    assert got == [m.group() for m in WORDS_LOWER.finditer(text)]


@pytest.mark.parametrize("seed", range(4))
def test_last_word_equals_the_anchored_regex(seed: int) -> None:
    pieces = ["a", "Z", ".", "§", "#", " ", "\t", "\u00a0", "\n", "1", "é", "-", "U.S.", "Mar"]
    for text in _strings(pieces, 20000, seed, longest=10):
        m = LAST_WORD.search(text)
        assert last_word(text) == (m.group(1) if m else None), repr(text)


def test_last_word_known_cases() -> None:
    assert last_word("under section ") == "section"
    assert last_word("see §§12 ") is None
    assert last_word("word\n") == "word"  # "$" also matches before a final newline
    assert last_word("word\n ") is None
    assert last_word("in U.S. ") == "U.S."
    assert last_word("..ab") == "ab"


@pytest.mark.parametrize("seed", range(4))
def test_year_regex_equals_the_look_behind_first_form(seed: int) -> None:
    pieces = ["19", "20", "18", "2", "0", "9", ".", ",", "$", "€", "£", "%", " ", "\n", "a",
              " percent", "percent", "x"]  # fmt: skip
    for text in _strings(pieces, 5000, seed):
        assert [m.span(1) for m in _YEAR.finditer(text)] == [
            m.span(1) for m in _ORIGINAL_YEAR.finditer(text)
        ], text


@pytest.mark.parametrize("seed", range(2))
def test_table_marker_prefilter_equals_the_substring_test(seed: int) -> None:
    pieces = ["Thousands", "millions", "BILLIONS", "000", "s", ")", "m", "n", "b", "(", " ", "x"]
    words = ("thousands", "millions", "billions", "000)", "000s)", "m)", "mn)", "bn)")
    for text in _strings(pieces, 5000, seed, longest=8):
        assert might_have_table_marker(text) == any(w in text.lower() for w in words), text


def test_dense_measures_are_each_read() -> None:
    """The lazy anchors and per-call caches read a long run of repeated measures."""
    claims = extract_claims("12 km " * 3000)
    assert len(claims) == 3000
    assert {(c.value, c.dimension, c.unit) for c in claims} == {(12000.0, "length", "km")}
    assert claims[-1].span == (6 * 2999, 6 * 2999 + 5)


def test_shared_candidates_keep_context_preference() -> None:
    """Claims of one kind share the candidate list; each still gets its own year."""
    report = check_numbers(
        "Revenue was $4.2 billion in 2022 and $3.9 billion in 2021.",
        contexts=["Revenue: $3.9 billion in 2021; $4.2 billion in 2022."],
    )
    assert [v.verified for v in report.claim_verifications] == [True, True]
    assert [v.matched.text for v in report.claim_verifications if v.matched] == [
        "$4.2 billion",
        "$3.9 billion",
    ]


@pytest.mark.parametrize("seed", range(4))
def test_sentence_starts_equal_the_combined_regex(seed: int) -> None:
    pieces = [".", "!", "?", '"', ")", "]", " ", "\n", "\t", "\u00a0", "A", "a", "1", "$", "(", "x"]
    for text in _strings(pieces, 5000, seed):
        assert sentence_starts(text) == [0] + [m.end() for m in _SENT_END.finditer(text)], text
