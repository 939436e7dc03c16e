"""Abstentions ("the contexts do not say", "I don't know") are not factual claims."""

from __future__ import annotations

import pytest

from veracity.faithfulness import score_faithfulness
from veracity.faithfulness.claims import is_abstention

CTX = ["Acme's CEO, Jane Roe, joined the company in 2010."]
LEFT_OUT = "states that the contexts do not say"


@pytest.mark.parametrize(
    "claim",
    [
        "The provided documents do not state the CEO's salary.",
        "The context does not mention X",
        "The contexts don't say when she was born.",
        "However, the documents do not specify her salary.",
        "Based on the context, the passage does not mention the price.",
        "There is no information about the salary in the documents.",
        "No information is given on the price.",
        "The salary is not mentioned in the provided context.",
        "Her age cannot be determined from the given passages.",
        "I don't know",
        "I do not know.",
        "I'm not sure.",
        "I cannot answer that.",
        "Unfortunately, I don't know.",
    ],
)
def test_abstentions_are_recognised(claim: str) -> None:
    assert is_abstention(claim)


@pytest.mark.parametrize(
    "claim",
    [
        "Paris is the capital of France.",
        "The company does not pay dividends.",  # a factual negative, not about the contexts
        "The report does not mention any risks.",  # "report" may be the subject matter
        "I don't know what happened.",  # more than an abstention
        "I'm not sure but the firms made 170 billion dollars.",
        "There is no doubt Paris is big.",
        "The document was signed in 1990.",
    ],
)
def test_factual_claims_are_not_abstentions(claim: str) -> None:
    assert not is_abstention(claim)


def test_answer_of_abstentions_only_is_undetermined_never_zero() -> None:
    for answer in (
        "The provided documents do not state the CEO's salary.",
        "I don't know.",
        "The context does not mention her salary. I'm not sure.",
    ):
        res = score_faithfulness(answer, CTX)
        assert (res.score, res.support, res.claims) == (None, None, [])
        assert res.reason == f"no claims ({LEFT_OUT})"
    # with no contexts at all: still undetermined, not 0.0
    assert score_faithfulness("I don't know.", []).score is None


def test_abstention_is_left_out_of_a_mixed_answer() -> None:
    answer = "Jane Roe joined Acme in 2010. The documents do not state her salary."
    res = score_faithfulness(answer, CTX)
    # one factual claim, fully found: 1/1; the abstention is not counted as unsupported
    assert [c.text for c in res.claims] == ["Jane Roe joined Acme in 2010."]
    assert res.score == 1.0
    assert res.reason == f"1/1 claims supported; 1 statement(s) left out: {LEFT_OUT}"
    # an abstention after a contrastive split is left out too, the claim before it stays
    res = score_faithfulness("Jane Roe joined in 2012, but the context does not say why.", CTX)
    assert [c.text for c in res.claims] == ["Jane Roe joined in 2012"]
    assert res.claims[0].unmatched_numbers == ["2012"] and res.score == 0.0


def test_overlap_method_keeps_rag_eval_rules() -> None:
    # rag-eval-py has no notion of abstention: its claim is scored like any other
    res = score_faithfulness("I don't know.", CTX, method="overlap")
    assert res.score == 0.0 and [c.text for c in res.claims] == ["I don't know"]
