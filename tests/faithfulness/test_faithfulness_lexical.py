"""The lexical scorer on the failures listed in issue 7, with hand-worked expectations.

Word weights come from the shipped Zipf table: weight = clip(7 - zipf, 0.5, 5.0);
the values used below are asserted first so that each expected score can be read as
arithmetic: score = base * (1 - gap / (gap + 16)) * factors, see lexical.py.
"""

from __future__ import annotations

import json

import pytest

from veracity.errors import ConfigError, InputError
from veracity.faithfulness import (
    DEFAULT_THRESHOLD,
    METHODS,
    ClaimVerdict,
    FaithfulnessResult,
    score_faithfulness,
)
from veracity.faithfulness.claim_view import claim_tokens
from veracity.faithfulness.frequency import word_weight
from veracity.faithfulness.index import analyse

PARIS = "Paris is the capital and largest city of France."


def one(answer: str, contexts: list[str]) -> ClaimVerdict:
    res = score_faithfulness(answer, contexts)
    assert len(res.claims) == 1
    return res.claims[0]


def test_weights_used_below() -> None:
    assert word_weight("Paris") == pytest.approx(2.2)  # zipf 4.8
    assert word_weight("capital") == pytest.approx(2.0)  # zipf 5.0
    assert word_weight("France") == pytest.approx(2.1)  # zipf 4.9
    assert word_weight("unicorns") == pytest.approx(3.9)  # zipf 3.1
    assert word_weight("people") == pytest.approx(0.8)  # zipf 6.2
    assert word_weight("zzqxj") == 5.0  # not in the table: maximum weight
    assert word_weight("the") == 0.5  # minimum weight


def test_paraphrase_with_country_adjective_is_supported() -> None:
    # rag-eval-py: 0.0 ("french" is not in the context). Here French -> France.
    v = one("The French capital is Paris.", [PARIS])
    assert v.supported and v.score == 1.0
    assert (v.context_index, v.context_sentence) == (0, PARIS)
    assert (v.context_start, v.context_end) == (0, 48)
    assert v.unmatched_words == [] and v.unmatched_entities == []


def test_swapped_roles_are_caught() -> None:
    # every word is in the context (rag-eval-py: supported), but the context relates
    # "capital" to France: "capital of Paris" swaps the roles -> 1.0 * 0.1
    v = one("France is the capital of Paris.", [PARIS])
    assert not v.supported
    assert v.score == pytest.approx(0.1)
    assert "roles swapped" in v.reason and "Paris / capital" in v.reason


def test_negation_is_caught() -> None:
    # all words found (rag-eval-py: supported); "not" scopes over capital / largest /
    # city, which the context sentence states positively -> 1.0 * 0.3
    v = one("Paris is not the capital and largest city of France.", [PARIS])
    assert not v.supported
    assert v.score == pytest.approx(0.3)
    assert "negation differs" in v.reason
    # a negation the context shares is fine
    assert one("Paris is not small.", ["Paris is not small at all."]).score == 1.0


def test_invented_rare_word_in_copied_sentence() -> None:
    # W = 2.2 + 2.0 + 2.1 + 3.9 = 10.2; found 6.3 -> base = 6.3 / 10.2;
    # gap = 3.9 -> * 16 / 19.9; one missing rare word -> * 0.5
    v = one("Paris is the capital of France and has unicorns.", [PARIS])
    assert v.score == pytest.approx(6.3 / 10.2 * 16 / 19.9 * 0.5)
    assert not v.supported
    assert v.unmatched_words == ["unicorns"]


def test_numbers_normalised_and_checked() -> None:
    ctx = [PARIS, "Paris has 2,100,000 people."]
    assert one("Paris has 2.1 million people.", ctx).score == 1.0
    # W = 2.2 + 0.8 + 5.0 (number); found 3.0 in context 1 -> base 0.375;
    # gap 5.0 -> * 16 / 21; number in no context -> * 0.1
    v = one("Paris has 2.5 million people.", ctx)
    assert v.score == pytest.approx(0.375 * 16 / 21 * 0.1)
    assert v.unmatched_numbers == ["2.5 million"]
    assert (v.context_index, v.context_sentence) == (1, "Paris has 2,100,000 people.")


def test_entity_in_no_context() -> None:
    # W = 3.2 (Lyon, zipf 3.8) + 2.0 + 2.1 = 7.3; found 4.1; gap 3.2; entity -> * 0.1;
    # rare word? 3.2 < 3.5 -> no
    v = one("Lyon is the capital of France.", [PARIS])
    assert v.unmatched_entities == ["Lyon"]
    assert v.score == pytest.approx(4.1 / 7.3 * 16 / 19.2 * 0.1)


def test_name_opening_the_claim_is_an_entity() -> None:
    # "Marvel" (weight 2.8 >= 2.0, before another capitalised word) opens a name.
    # W = 2.8 + 2.8 (Comics); found 2.8 -> base 0.5; gap 2.8 -> * 16 / 18.8; entity -> * 0.1
    v = one("Marvel Comics", ["Batwoman appears in comic books published by DC Comics."])
    assert v.unmatched_entities == ["Marvel"]
    assert v.score == pytest.approx(0.5 * 16 / 18.8 * 0.1)
    assert not v.supported


def test_common_or_adverb_first_word_before_a_name_is_no_entity() -> None:
    # "Later" (weight 1.5) and "Apparently" (an -ly adverb) are not names: missing
    # words, not missing entities
    v = one("Later, Mike asks Ann for milk.", ["Mike asks Ann for milk."])
    assert (v.unmatched_words, v.unmatched_entities) == (["Later"], [])
    v = one("Apparently Georgia Tech beat Cumberland.", ["Georgia Tech beat Cumberland."])
    assert (v.unmatched_words, v.unmatched_entities) == (["Apparently"], [])
    assert v.supported


def test_abbreviations_and_decimals_do_not_split() -> None:
    res = score_faithfulness(
        "The U.S. economy added 3.1 million jobs.",
        ["In 2023 the U.S. economy added 3,100,000 jobs."],
    )
    assert [c.text for c in res.claims] == ["The U.S. economy added 3.1 million jobs."]
    assert res.score == 1.0


def test_non_latin_answers_are_checked() -> None:
    # rag-eval-py scores any non-Latin answer 1.0 (no [a-z0-9] words)
    zh = "巴黎是法国的首都。"
    assert score_faithfulness(zh, ["巴黎是法国的首都和最大城市。"]).score == 1.0
    res = score_faithfulness(zh, [PARIS])
    assert res.score == 0.0 and res.support == 0.0
    assert score_faithfulness("Париж — столица Франции.", ["Париж — столица Франции."]).score == 1.0
    assert score_faithfulness("Париж — столица Франции.", [PARIS]).score == 0.0
    mixed = "Paris (巴黎) is the capital of France."
    assert score_faithfulness(mixed, ["Paris (巴黎) is the capital of France."]).score == 1.0


def test_answer_score_is_the_supported_fraction_and_support_the_minimum() -> None:
    res = score_faithfulness(
        "The French capital is Paris. France is the capital of Paris.", [PARIS]
    )
    assert [c.supported for c in res.claims] == [True, False]
    assert res.score == 0.5
    assert res.support == pytest.approx(0.1)
    assert res.reason == "1/2 claims supported"
    assert res.threshold == DEFAULT_THRESHOLD == 0.4


def test_questions_first_person_and_empty_claims() -> None:
    assert one("Is Paris the capital of France?", [PARIS]).score == pytest.approx(0.3)
    v = one("I think Paris is the capital of France.", [PARIS])
    assert v.score == pytest.approx(0.5) and v.supported
    v = one("Yes, it is.", [PARIS])
    assert v.score == 1.0 and v.reason == "no content words to check"


def test_threshold_override_and_methods() -> None:
    answer = "France is the capital of Paris."
    assert score_faithfulness(answer, [PARIS], threshold=0.05).score == 1.0
    assert score_faithfulness(answer, [PARIS], threshold=1.0).score == 0.0
    assert METHODS == ("lexical", "overlap")
    assert score_faithfulness(answer, [PARIS], method="overlap").score == 1.0
    with pytest.raises(ConfigError, match="unknown faithfulness method 'nli'"):
        score_faithfulness(answer, [PARIS], method="nli")
    for bad in (-0.1, 1.5, float("nan"), True):
        with pytest.raises(ConfigError):
            score_faithfulness(answer, [PARIS], threshold=bad)


def test_to_dict_is_json_safe_and_deterministic() -> None:
    answer = "The French capital is Paris. Lyon has 2 million people."
    first = score_faithfulness(answer, [PARIS]).to_dict()
    second = score_faithfulness(answer, [PARIS]).to_dict()  # cached contexts
    assert first == second
    text = json.dumps(first, allow_nan=False)
    back = json.loads(text)
    assert set(back) == {"score", "support", "threshold", "reason", "method", "claims"}
    assert set(back["claims"][0]) == {
        "text",
        "start",
        "end",
        "supported",
        "score",
        "reason",
        "context_index",
        "context_sentence",
        "context_start",
        "context_end",
        "unmatched_words",
        "unmatched_numbers",
        "unmatched_entities",
    }
    assert back["claims"][1]["unmatched_numbers"] == ["2 million"]
    assert back["claims"][1]["unmatched_entities"] == ["Lyon"]


def test_result_types() -> None:
    res = score_faithfulness("", [])
    assert isinstance(res, FaithfulnessResult)
    assert (res.score, res.support, res.reason, res.claims) == (None, None, "no claims", [])


def test_input_errors() -> None:
    with pytest.raises(InputError, match="field 'answer': must be a string, got int"):
        score_faithfulness(3, [PARIS])  # type: ignore[arg-type]
    with pytest.raises(InputError, match="field 'contexts': item 1 must be a string"):
        score_faithfulness("x", [PARIS, None])  # type: ignore[list-item]
    with pytest.raises(InputError, match="field 'contexts': must be a list of strings"):
        score_faithfulness("x", 5)  # type: ignore[arg-type]
    # a bare string is one context
    assert score_faithfulness("The French capital is Paris.", PARIS).score == 1.0


def test_roman_numeral_i_is_not_first_person() -> None:
    ctx = ["He enlisted early in World War I at Woodstock."]
    v = one("He enlisted at Woodstock early in World War I.", ctx)
    # no first-person factor; one of its four word pairs ("enlisted Woodstock": four
    # content words apart in the context) is unattested: 1 - 0.3 * 1/4
    assert v.score == pytest.approx(0.925) and "first-person" not in v.reason
    assert "1 of 4 word pairs near in no context sentence: 'enlisted Woodstock'" in v.reason
    # first person (x 0.5), and its one word pair is unattested (x 0.7)
    assert one("I enlisted at Woodstock.", ctx).score == pytest.approx(0.35)


@pytest.mark.parametrize(
    ("claim", "first_person"),
    [
        ("My Own Worst Enemy", False),  # a title: "My" before a capitalised word
        ('The song "Let Me Out" was a single.', False),  # capitalised mid-claim
        ("My band recorded it.", True),
        ("Yes, i love it.", True),  # a lower-case "i" after "Yes" is the speaker
        ("They said I'm wrong.", True),
    ],
)
def test_first_person_words_inside_titles_are_not_the_speaker(
    claim: str, first_person: bool
) -> None:
    assert claim_tokens(claim).first_person is first_person
    assert analyse(claim).first_person is first_person


def test_number_abbreviation_no_is_not_a_negation() -> None:
    # Halueval-style context: two paragraphs glued ("No. 19.Sarah") and "World No. 19"
    ctx = [
        "He is one of two players from Belgium ranked in the top 20, with a career-high "
        "ranking of World No. 19.Sarah Virginia Wade is a former tennis player from Britain."
    ]
    v = one("Virginia Wade", ctx)
    assert (v.score, v.context_sentence) == (
        1.0,
        "Sarah Virginia Wade is a former tennis player from Britain.",
    )
    # a real "no" still negates: the claim denies what the sentence states
    w = one("Virginia Wade is no tennis player.", ctx)
    assert "negation differs" in w.reason and w.score < 0.4


def test_context_cache_is_bounded_and_transparent() -> None:
    from veracity.faithfulness import api

    for i in range(api.CACHE_ENTRIES + 10):
        score_faithfulness("Paris is big.", [f"Paris is big. Sample {i}."])
    assert len(api._CACHE) == api.CACHE_ENTRIES
    assert api._CACHE_SIZE[0] == sum(size for size, _ in api._CACHE.values())
    big = "Paris is big. " * 10_000  # 140,000 characters: never cached
    before = dict(api._CACHE)
    assert score_faithfulness("Paris is big.", [big]).score == 1.0
    assert dict(api._CACHE) == before


def test_inflection_variants_but_not_for_names() -> None:
    # "reducing" -> "reduc" meets "reduction" (prefix variant of >= 5 letters) ...
    v = one("The company is reducing debt.", ["The company announced a debt reduction."])
    assert v.score == 1.0 and v.unmatched_words == []
    # ... but a name must match exactly: "India" is not "Indiana"
    v = one("The factory is in India.", ["The factory is in Indiana."])
    assert v.unmatched_entities == ["India"] and not v.supported
