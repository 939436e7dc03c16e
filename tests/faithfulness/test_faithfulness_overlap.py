"""method="overlap" against rag-eval-py 0.1.0's own ``faithfulness()`` (the independent
tool), on hand-picked and generated inputs. The one documented difference: no claims
gives ``None`` / "no claims" here, 1.0 in rag-eval-py (kept by the raw function)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from veracity.faithfulness import overlap_faithfulness_raw, score_faithfulness

rag_eval = pytest.importorskip("rag_eval.faithfulness")

CASES: list[tuple[str, list[str]]] = [
    ("Paris is the capital of France.", ["Paris is the capital and largest city of France."]),
    ("The French capital is Paris.", ["Paris is the capital and largest city of France."]),
    ("France is the capital of Paris.", ["Paris is the capital and largest city of France."]),
    ("The U.S. economy added 3.1 million jobs.", ["The U.S. economy added 3.1 million jobs."]),
    ("Sales rose, but profits fell; costs, however, were flat!", ["Sales rose and profits fell."]),
    ("A, HOWEVER b. c , although d?? e;f", ["a b c d e f"]),
    ("巴黎是法国的首都。", ["Paris is the capital of France."]),
    ("Ünïcödé words and ÄÖÜ 123 mixed.", ["unicode words 123"]),
    ("It is the one.", []),
    ("Nothing here matches at all.", ["   ", ""]),
    ("One two three four five. Six seven eight nine ten.", ["one two three four six"]),
    ("x" * 50 + ". " + "y " * 30, ["x" * 50]),
    ("a\u0130b is here.", ["ai̇b is here"]),
]


def check(answer: str, contexts: list[str]) -> None:
    want = rag_eval.faithfulness(answer, contexts)
    assert overlap_faithfulness_raw(answer, contexts) == want
    res = score_faithfulness(answer, contexts, method="overlap")
    if want == (1.0, [], []) and not rag_eval.extract_claims(answer):
        assert (res.score, res.reason, res.claims) == (None, "no claims", [])
        return
    assert res.score == want[0]
    assert [c.text for c in res.claims if c.supported] == want[1]
    assert [c.text for c in res.claims if not c.supported] == want[2]
    assert [c.text for c in res.claims] == rag_eval.extract_claims(answer)
    for c in res.claims:
        assert answer[c.start : c.end] == c.text
        assert c.supported == rag_eval.claim_supported(c.text, contexts)


@pytest.mark.parametrize(("answer", "contexts"), CASES)
def test_overlap_matches_rag_eval(answer: str, contexts: list[str]) -> None:
    check(answer, contexts)


@pytest.mark.parametrize("answer", ["", "   ", "...", "?!.", ";;"])
def test_no_claims_is_the_single_difference(answer: str) -> None:
    assert rag_eval.faithfulness(answer, ["ctx"]) == (1.0, [], [])
    assert overlap_faithfulness_raw(answer, ["ctx"]) == (1.0, [], [])
    res = score_faithfulness(answer, ["ctx"], method="overlap")
    assert (res.score, res.reason, res.claims) == (None, "no claims", [])


_PIECES = [*"abcxyz ABC019 .!?;,\n\té", " but ", ", but ", ", however ", "; ", ", whereas "]
_PIECES += [" the ", " is ", " of ", " and ", "İ", "ß", "3.1", "U.S."]
ALPHABET = st.sampled_from(_PIECES)
TEXT = st.lists(ALPHABET, max_size=40).map("".join)


@settings(max_examples=300, deadline=None)
@given(TEXT, st.lists(TEXT, max_size=3))
def test_overlap_matches_rag_eval_on_generated_text(answer: str, contexts: list[str]) -> None:
    check(answer, contexts)


def test_threshold_changes_the_claim_rule() -> None:
    # content words: one, two, three, four, five -> 4/5 = 0.8 found
    answer = "one two three four five"
    assert score_faithfulness(answer, ["one two three four"], method="overlap").score == 1.0
    res = score_faithfulness(answer, ["one two three four"], method="overlap", threshold=0.9)
    assert res.score == 0.0 and res.claims[0].score == 0.8
    assert res.claims[0].unmatched_words == ["five"]
