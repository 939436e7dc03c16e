"""The assert helpers: pass / fail on clear-cut inputs, messages that list what failed."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from veracity.assertions import (
    assert_faithful,
    assert_numbers_supported,
    assert_retrieval,
    faithfulness_message,
    numeric_message,
    set_recorder,
)
from veracity.errors import ConfigError, InputError

CONTEXT = "The Eiffel Tower is in Paris. It was completed in 1889."


def test_faithful_answer_passes_and_returns_the_result() -> None:
    result = assert_faithful("The Eiffel Tower is in Paris.", [CONTEXT])
    assert result.score == 1.0


def test_unfaithful_answer_lists_claims_and_reasons() -> None:
    answer = "The Eiffel Tower is in Paris. Zebras compose symphonies on Jupiter."
    with pytest.raises(AssertionError) as info:
        assert_faithful(answer, CONTEXT, min_score=0.9)
    msg = str(info.value)
    assert msg.startswith("faithfulness 0.5000 < min_score 0.9000: 1 of 2 claims not supported")
    assert "'Zebras compose symphonies on Jupiter.'" in msg
    assert "The Eiffel Tower is in Paris." not in msg.split("\n", 1)[1]
    # a lower bar passes
    assert assert_faithful(answer, [CONTEXT], min_score=0.5).score == 0.5


def test_undetermined_fails_unless_allowed() -> None:
    with pytest.raises(AssertionError, match="faithfulness undetermined: no claims"):
        assert_faithful("", [CONTEXT])
    assert assert_faithful("", [CONTEXT], allow_undetermined=True).score is None


def test_faithfulness_message_from_a_hand_built_trace() -> None:
    details = {
        "score": 0.5,
        "claims": [
            {"text": "A is B.", "supported": True, "score": 0.9, "reason": "ok"},
            {"text": "C is D.", "supported": False, "score": 0.12, "reason": "'D' in no context",
             "context_index": 2, "context_sentence": "C is E."},
        ],
    }  # fmt: skip
    assert faithfulness_message(details, 0.8) == (
        "faithfulness 0.5000 < min_score 0.8000: 1 of 2 claims not supported\n"
        "  - 'C is D.' (score 0.12): 'D' in no context\n"
        "    best context sentence [context 2]: 'C is E.'"
    )


def test_numeric_message_from_a_hand_built_trace() -> None:
    details = {
        "sfs_score": 0.5,
        "claim_verifications": [
            {"claim": {"claim_text": "$5 million", "source_span": [3, 13]}, "verified": False,
             "matched_evidence": {"key": "cost", "value": 4200000.0, "unit": "USD"},
             "error": 0.1905, "reason": "outside tolerance 10%"},
            {"claim": {"claim_text": "12 km"}, "verified": True, "reason": "ok"},
        ],
    }  # fmt: skip
    assert numeric_message(details, 1.0) == (
        "numeric 0.5000 < min_score 1.0000: 1 of 2 numeric claims not verified\n"
        "  - '$5 million': outside tolerance 10%; evidence cost = 4200000 USD; "
        "relative error 19.05%"
    )
    assert numeric_message({"sfs_score": None, "reason": "no numeric claims"}, 1.0) == (
        "numeric claims undetermined: no numeric claims"
    )


def _has_numeric_engine() -> bool:
    try:
        return hasattr(importlib.import_module("veracity.numeric"), "check_numbers")
    except ImportError:
        return False


@pytest.mark.skipif(
    not _has_numeric_engine(), reason="veracity.numeric.check_numbers not built yet"
)
def test_numbers_against_evidence() -> None:
    evidence = [{"key": "height", "value": 330, "unit": "m"}]
    assert_numbers_supported("The tower is 330 m tall.", evidence=evidence)
    with pytest.raises(AssertionError, match=r"'.*900.*'"):
        assert_numbers_supported("The tower is 900 m tall.", evidence=evidence)


def test_retrieval_metrics_and_messages() -> None:
    r = assert_retrieval(["d1", "d2", "d3"], ["d1", "d3"], metric="recall@3")
    assert r.value == 1.0
    with pytest.raises(AssertionError) as info:
        assert_retrieval(["d1", "d2", "d3"], ["d3", "d9"], metric="recall@2", min_value=0.5)
    assert str(info.value) == (
        "recall@2 = 0.0000 < min_value 0.5000: relevant item(s) found at rank: 'd3' at 3; "
        "2 relevant item(s) not in the top 2: 'd3', 'd9'; top 2 retrieved: 'd1', 'd2'"
    )
    # mrr of a first hit at rank 2 = 0.5
    assert assert_retrieval(["x", "d1"], ["d1"], metric="mrr", min_value=0.5).value == 0.5
    with pytest.raises(AssertionError, match=r"mrr = 0\.5000 < min_value 0\.6000"):
        assert_retrieval(["x", "d1"], ["d1"], metric="mrr", min_value=0.6)
    # graded relevance, bare name = @5
    assert assert_retrieval(["a"], {"a": 2, "b": 0}, metric="ndcg").value == 1.0
    with pytest.raises(AssertionError, match="undetermined: no golden documents"):
        assert_retrieval(["a"], [], metric="recall@5")


def test_bad_arguments_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="not a retrieval metric"):
        assert_retrieval(["a"], ["a"], metric="faithfulness")
    with pytest.raises(ConfigError, match="unknown metric"):
        assert_retrieval(["a"], ["a"], metric="recal@5")
    with pytest.raises(ConfigError, match="lists of ids"):
        assert_retrieval("abc", ["a"])
    with pytest.raises(ConfigError, match=r"min_score must be a number in \[0, 1\]"):
        assert_faithful("x", ["x"], min_score=2)
    with pytest.raises(InputError, match="field 'answer': must be a string, got NoneType"):
        assert_faithful(None, ["x"])  # type: ignore[arg-type]
    with pytest.raises(InputError, match="field 'contexts': must be a list of strings"):
        assert_faithful("x", [1])  # type: ignore[list-item]
    with pytest.raises(InputError, match=r"field 'evidence\[0\]': unknown field 'bogus' \(an"):
        assert_numbers_supported("5 m", evidence=[{"value": 5, "bogus": 1}])
    with pytest.raises(InputError, match="unknown field 'sorce': did you mean 'source'"):
        assert_numbers_supported("5 m", evidence=[{"value": 5, "sorce": "db"}])


def test_recorder_sees_every_call() -> None:
    seen: list[tuple[str, Any]] = []
    previous = set_recorder(lambda metric, value, details, answer: seen.append((metric, value)))
    try:
        assert_retrieval(["a", "b"], ["b"], metric="hit@2")
        with pytest.raises(AssertionError):
            assert_retrieval(["a", "b"], ["b"], metric="precision@1")
    finally:
        set_recorder(previous)
    assert seen == [("hit@2", 1.0), ("precision@1", 0.0)]
