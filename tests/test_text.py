"""Tests of veracity.text: sentences with spans, tokens, keys, stopwords (hand-checked)."""

from __future__ import annotations

import pytest

from veracity.text import (
    NEGATIONS,
    STOPWORDS,
    normalize_word,
    number_key,
    scan,
    sentence_bounds,
    split_sentences,
    stem,
    tokenize,
    word_key,
)


def texts(text: str) -> list[str]:
    spans = split_sentences(text)
    for s in spans:
        assert text[s.start : s.end] == s.text
    return [s.text for s in spans]


def test_sentences_keep_decimals_abbreviations_initials_versions() -> None:
    text = (
        "Dr. Smith moved to the U.S. in 2001. The economy added 3.1 million jobs, "
        "e.g. in v1.2.3 releases! Is it? J. K. Rowling wrote it. He lives in the U.S. "
        "The end."
    )
    assert texts(text) == [
        "Dr. Smith moved to the U.S. in 2001.",
        "The economy added 3.1 million jobs, e.g. in v1.2.3 releases!",
        "Is it?",
        "J. K. Rowling wrote it.",
        "He lives in the U.S.",
        "The end.",
    ]


def test_sentences_lines_bullets_and_numbered_lists() -> None:
    text = "Facts:\n- Paris is big\n* Lyon is smaller\n1. Nice is south.\n2) Lille is north\n\n"
    assert texts(text) == [
        "Facts:",
        "Paris is big",
        "Lyon is smaller",
        "Nice is south.",
        "Lille is north",
    ]
    spans = split_sentences(text)
    assert (spans[1].start, spans[1].end) == (9, 21)


def test_sentences_glued_period_cjk_and_indic() -> None:
    assert texts("It was the 19th century.First for Women is new.") == [
        "It was the 19th century.",
        "First for Women is new.",
    ]
    assert texts("巴黎是法国的首都。它很大！") == ["巴黎是法国的首都。", "它很大！"]
    assert texts("यह एक वाक्य है। यह दूसरा है।") == ["यह एक वाक्य है।", "यह दूसरा है।"]


def test_sentences_empty_punctuation_only_and_control_characters() -> None:
    assert split_sentences("") == []
    assert split_sentences("  \n\t ") == []
    assert split_sentences("... ?! -") == []
    assert texts("Paris\x00is big.\x0bLyon too.") == ["Paris\x00is big.", "Lyon too."]


def test_long_sentence_is_cut_at_spaces() -> None:
    text = "word " * 500  # 2,500 characters, no punctuation
    spans = split_sentences(text, max_chars=1000)
    assert [len(s.text) for s in spans] == [999, 999, 499]
    assert all(s.text == text[s.start : s.end] for s in spans)


def test_numbers_meet_across_formats() -> None:
    keys = [t.key for t in tokenize("2.1 million, 2,100,000 and 2.1m; 3.10 vs 3.1; twelve 12")]
    assert keys == [
        "#2100000",
        "#2100000",
        "and",
        "#2100000",
        "#3.1",
        "vs",
        "#3.1",
        "#12",
        "#12",
    ]
    assert number_key(2.5e9) == "#2500000000"
    assert number_key(0.13) == "#0.13"


def test_tokens_offsets_kinds_and_scripts() -> None:
    text = "France's U.S. naïve 巴黎是 नमस्ते ไทย"
    toks = tokenize(text)
    assert [(t.text, t.kind, t.key) for t in toks] == [
        ("France's", "word", "franc"),
        ("U.S.", "initialism", "u.s."),
        ("naïve", "word", "naiv"),
        ("巴黎", "ngram", "巴黎"),
        ("黎是", "ngram", "黎是"),
        ("नमस्ते", "word", "नमस्ते"),
        ("ไท", "ngram", "ไท"),
        ("ทย", "ngram", "ทย"),
    ]
    for t in toks:
        assert text[t.start : t.end] == t.text
    assert [(t[0], t[1], t[2]) for t in scan(text)] == [(t.text, t.kind, t.key) for t in toks]


@pytest.mark.parametrize(
    ("word", "key"),
    [
        ("cities", "city"),
        ("running", "run"),
        ("created", "creat"),
        ("creates", "creat"),
        ("boxes", "box"),
        ("classes", "class"),
        ("isn't", "not"),
        ("cannot", "not"),
        ("French", "franc"),
        ("France's", "franc"),
        ("Café", "caf"),
        ("bus", "bus"),
    ],
)
def test_word_key(word: str, key: str) -> None:
    assert word_key(word) == key


def test_normalize_and_stem_details() -> None:
    assert normalize_word("They’re") == "they"
    assert normalize_word("ÉCOLE") == "ecole"
    assert normalize_word("Ελληνικά") == "ελληνικά"  # accents kept off-Latin
    assert stem("was") == "was"
    assert stem("stopped") == "stop"


def test_stopwords_and_negations() -> None:
    assert {"the", "is", "of", "sure", "think"} <= STOPWORDS
    assert not {"not", "no", "never", "paris", "capital"} & STOPWORDS
    assert {"not", "no", "never", "without"} <= NEGATIONS


def test_ordinals_and_no_break_space_before_scale_words() -> None:
    toks = tokenize("the 9th grade, 21st century, €76.25\xa0million")
    assert [(t.text, t.key) for t in toks] == [
        ("the", "the"),
        ("9th", "#9"),
        ("grade", "grad"),
        ("21st", "#21"),
        ("century", "century"),
        ("76.25\xa0million", "#76250000"),
    ]
    assert [(t[0], t[2]) for t in scan("€76.25\xa0million")] == [("76.25\xa0million", "#76250000")]


def test_sentence_bounds_are_the_offsets_of_split_sentences() -> None:
    from veracity.text import sentence_bounds

    text = "Dr. Smith left. No. 5 won!\n- U.S. The end. 巴黎。Next one"
    assert sentence_bounds(text) == [(s.start, s.end) for s in split_sentences(text)]
    assert [text[a:b] for a, b in sentence_bounds(text)] == [
        "Dr. Smith left.",
        "No. 5 won!",
        "U.S.",
        "The end.",
        "巴黎。",
        "Next one",
    ]


def test_glued_period_after_a_number_ends_a_sentence() -> None:
    text = "ranked World No. 19.Sarah Wade was born in 1945.Lit is a band. Version 1.2 is out."
    assert [s.text for s in split_sentences(text)] == [
        "ranked World No. 19.",
        "Sarah Wade was born in 1945.",
        "Lit is a band.",
        "Version 1.2 is out.",
    ]


def test_no_before_a_number_is_an_abbreviation_not_a_negation() -> None:
    assert [(t[0], t[2]) for t in scan("No. 5, No.7 and Nos. 8")] == [
        ("No", "no."),
        ("5", "#5"),
        ("No", "no."),
        ("7", "#7"),
        ("and", "and"),
        ("Nos", "no."),
        ("8", "#8"),
    ]
    assert "no." in STOPWORDS and "no." not in NEGATIONS
    assert [t[2] for t in scan("no. There is no way")] == ["no", "ther", "is", "no", "way"]


def test_chunk_tokens_concatenate_to_scan() -> None:
    from veracity.text import chunk_tokens

    text = "France's (capital), e.g. the U.S. had 3,100,000 jobs; 巴黎是首都 isn't 9th-best."
    by_chunk = [t[:4] for chunk in text.split() for t in chunk_tokens(chunk)]
    assert by_chunk == [t[:4] for t in scan(text)]
    # the one difference: "<number> <scale word>" is merged by scan only
    assert [t[2] for t in scan("2.1 million")] == ["#2100000"]
    assert [t[2] for c in "2.1 million".split() for t in chunk_tokens(c)] == ["#2.1", "#1000000"]


def test_periods_without_spaces_split_like_short_text() -> None:
    # the word before each period is read from at most 40 characters, so a megabyte
    # with no spaces ("ab.Cd" repeated) splits as the short text does, in linear time
    short = sentence_bounds("ab.Cd" * 3)
    assert short == [(0, 3), (3, 8), (8, 13), (13, 15)]
    big = sentence_bounds("ab.Cd" * 200_000)
    assert len(big) == 200_001
    assert big[:3] == short[:3]
    assert big[-1] == (999_998, 1_000_000)
