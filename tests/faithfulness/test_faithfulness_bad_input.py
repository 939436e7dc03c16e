"""Bad input gives a documented result, never an exception (issue 7, "Bad input")."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from veracity.faithfulness import score_faithfulness

PARIS = "Paris is the capital and largest city of France."


def test_empty_answer_and_no_claims() -> None:
    for answer in ("", " ", "\n\t", "...", "?!", "- * •"):
        res = score_faithfulness(answer, [PARIS])
        assert (res.score, res.support, res.reason) == (None, None, "no claims")
    for answer in ("", " ", "\n\t", "...", "?!"):
        res = score_faithfulness(answer, [PARIS], method="overlap")
        assert (res.score, res.support, res.reason) == (None, None, "no claims")
    # rag-eval's rules see a claim (with no content word, hence supported) in "- * •"
    assert score_faithfulness("- * •", [PARIS], method="overlap").score == 1.0


def test_empty_or_whitespace_contexts_support_nothing() -> None:
    for contexts in ([], [""], ["  ", "\n"]):
        res = score_faithfulness("Paris is the capital of France.", contexts)
        assert res.score == 0.0
        assert res.reason == "0/1 claims supported (no context text)"
        c = res.claims[0]
        assert (c.supported, c.score, c.context_index, c.context_sentence) == (
            False,
            0.0,
            None,
            None,
        )
        assert c.unmatched_words == ["Paris", "capital", "France"]
        assert c.reason.startswith("unsupported: no context sentence shares a content word")


def test_control_characters_and_mixed_scripts() -> None:
    answer = "Paris\x00is the\x07 capital of\x1b France. 巴黎是首都。"
    res = score_faithfulness(answer, [PARIS + "\x0c巴黎是首都。"])
    assert [c.text for c in res.claims] == [
        "Paris\x00is the\x07 capital of\x1b France.",
        "巴黎是首都。",
    ]
    assert res.score == 1.0


def test_long_unpunctuated_answer_is_cut_into_claims() -> None:
    answer = "paris capital france " * 2000  # 42,000 characters, no punctuation
    res = score_faithfulness(answer, [PARIS])
    assert len(res.claims) == 43  # pieces of at most 1,000 characters, cut at spaces
    assert all(len(c.text) <= 1000 for c in res.claims)
    assert res.score == 1.0


def test_one_megabyte_inputs() -> None:
    big = ("Paris is the capital and largest city of France. " * 20_000)[:1_000_000]
    res = score_faithfulness(big, [PARIS])
    assert len(res.claims) == 20_000
    assert res.score == 1.0
    res = score_faithfulness("The French capital is Paris.", [big])
    assert res.score == 1.0 and res.claims[0].context_sentence == PARIS
    res = score_faithfulness("x" * 1_000_000, ["x" * 1_000_000])  # one 1 MB "word"
    assert len(res.claims) == 1000 and res.score == 1.0


def test_hostile_numbers_and_symbols() -> None:
    huge = "9" * 400  # beyond float range
    assert score_faithfulness(huge, [huge]).score == 1.0
    assert score_faithfulness(huge, ["1"]).claims[0].unmatched_numbers == [huge]
    for text in ("\ud800 lone surrogate", "👍🏽 emoji \u200d zwj \u200f rtl", "ﬁ Ⅻ ١٢٣"):
        assert score_faithfulness(text, [text]).score == 1.0


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300), st.lists(st.text(max_size=300), max_size=3))
def test_any_text_gives_a_result(answer: str, contexts: list[str]) -> None:
    for method in ("lexical", "overlap"):
        res = score_faithfulness(answer, contexts, method=method)
        json.dumps(res.to_dict(), allow_nan=False)
        if res.score is None:
            assert res.reason == "no claims" and res.claims == []
        else:
            assert 0.0 <= res.score <= 1.0
        for c in res.claims:
            assert answer[c.start : c.end] == c.text
            assert 0.0 <= c.score <= 1.0
