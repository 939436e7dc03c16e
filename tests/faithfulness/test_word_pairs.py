"""The word-pair check: adjacent content words of a claim that no context sentence puts
near each other (an invented pairing of known words)."""

from __future__ import annotations

import pytest

from veracity.faithfulness import lexical, score_faithfulness

CTX = ["The committee approved the budget in March. The mayor rejected the plan."]


def claim(answer: str) -> tuple[float, str]:
    [v] = score_faithfulness(answer, CTX).claims
    return v.score, v.reason


def test_unattested_pair_costs_its_share(monkeypatch: pytest.MonkeyPatch) -> None:
    # pairs: (mayor, approved) in no sentence together; (approved, budget) adjacent
    score, reason = claim("The mayor approved the budget.")
    assert "1 of 2 word pairs near in no context sentence: 'mayor approved'" in reason
    monkeypatch.setattr(lexical, "PAIR_PENALTY", 0.0)
    without, _ = claim("The mayor approved the budget.")
    assert score == pytest.approx(without * (1 - 0.3 * 1 / 2))


def test_attested_pairs_cost_nothing() -> None:
    score, reason = claim("The committee approved the budget.")
    assert "word pairs" not in reason
    assert score == 1.0


def test_pairs_count_only_words_found_in_the_contexts() -> None:
    # "council" is in no context: (council, approved) is not a pair of known words
    _, reason = claim("The council approved the budget.")
    assert "word pairs" not in reason
    assert "not found: council" in reason


def test_window_is_three_content_words() -> None:
    ctx = ["Alpha beta gamma delta epsilon zeta."]
    near = score_faithfulness("Alpha delta.", ctx).claims[0]  # 3 apart: attested
    far = score_faithfulness("Alpha epsilon.", ctx).claims[0]  # 4 apart: not
    assert "word pairs" not in near.reason
    assert "1 of 1 word pairs near in no context sentence: 'Alpha epsilon'" in far.reason
