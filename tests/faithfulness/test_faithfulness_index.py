"""The context index and the fast claim view agree with the full token analysis."""

from __future__ import annotations

import pytest

from veracity.faithfulness.claim_view import claim_tokens, item
from veracity.faithfulness.index import NEG_MARK, analyse, build_index


@pytest.mark.parametrize(
    "claim",
    [
        "Paris is the capital and largest city of France.",
        "The capital of France is Paris.",  # "of <Name>": strict pair, full analysis
        "Paris is not the capital.",  # negation: full analysis
        "I think Paris is big.",  # "I": full analysis
        "My city has 2.1 million people.",  # number with scale word: full analysis
        "France's capital is Paris.",  # possessive name: full analysis
        "In 1990 the U.S. economy grew by 3.1 percent, e.g. in Ohio.",
        "巴黎是法国的首都。",
    ],
)
def test_claim_tokens_equal_the_full_analysis(claim: str) -> None:
    a = analyse(claim)
    ct = claim_tokens(claim)
    assert ct.items == [item(t) for t in a.content]
    assert ct.numbers == [(t[2], t[0]) for t in a.numbers]
    assert ct.negated_keys == a.negated_keys
    assert ct.strict_pairs == a.strict_pairs
    assert ct.first_person == a.first_person


def test_index_sentences_keys_and_postings() -> None:
    idx = build_index(["Paris is big. It is not small.", "Lyon has 500,000 people."])
    assert len(idx) == 3
    assert idx.bounds == [(0, 13), (14, 30), (0, 24)]
    assert idx.context_of == [0, 0, 1]
    assert idx.keys == [
        frozenset({"paris", "big"}),
        frozenset({"small", NEG_MARK}),
        frozenset({"lyon", "#500000", "peopl"}),  # light stem: final -e dropped
    ]
    s = idx.sentence(1)
    assert (s.context_index, s.span.text, s.keys, s.negated) == (
        0,
        "It is not small.",
        frozenset({"small"}),
        True,
    )
    assert idx.postings({"big", "peopl", "small"}) == {"big": [0], "peopl": [2], "small": [1]}


def test_variant_is_deterministic() -> None:
    idx = build_index(["The reduction and the reductions and reducers."])
    # "reduc" (from "reducing") is a prefix of several context keys: the first in
    # alphabetical order wins, whatever the set order
    assert sorted(k for k in idx.all_keys if k.startswith("reduc")) == [
        "reducer",
        "reduction",
    ]
    assert idx.variant("reduc") == "reducer"
    assert idx.variant("reductionism") == "reduction"  # a context key it extends
    assert idx.variant("pari") is None  # fewer than five letters


@pytest.mark.parametrize(
    "claim",
    [
        "Paris is not the capital, and it never had 3 kings.",
        "No city is not big; none of it.",
        "World War I ended; I was born in Paris.",
        "In World War I my family left.",
        "Elizabeth I ruled England.",
        "Paris isn't small and cannot be 2 miles wide.",
        "My Own Worst Enemy was their hit; the song My Way too.",
        "Yes, i love it and I'm sure my family does.",
        "Lit ranked World No. 19 and no band beat them.",
    ],
)
def test_negation_and_first_person_without_full_analysis(claim: str) -> None:
    a = analyse(claim)
    ct = claim_tokens(claim)
    assert (ct.negated_keys, ct.first_person) == (a.negated_keys, a.first_person)
    assert ct.items == [item(t) for t in a.content]


@pytest.mark.parametrize(
    "context",
    [
        "Paris is the capital and largest city of France. It is not small.",
        "The city had 2.1 million people in 1990, and the mayor never left Paris Paris.",
        "Revenue was not 3 billion; it rose to 4.2 bn. Nobody expected that.",
        "巴黎是法国的首都。它不是小城市。",
    ],
)
def test_cached_positions_and_negation_scopes_equal_the_full_analysis(context: str) -> None:
    # positions() and negated_keys() read cached chunks; analyse() is the reference
    idx = build_index([context])
    for sid in range(len(idx)):
        lo, hi = idx.bounds[sid]
        full = analyse(context[lo:hi])
        expected: dict[str, list[int]] = {}
        for i, tok in enumerate(full.content):
            expected.setdefault(tok[2], []).append(i)
        assert idx.positions(sid) == expected
        assert idx.negated_keys(sid) == full.negated_keys


def test_new_claim_verdict_equals_the_dataclass() -> None:
    from veracity.faithfulness.verdicts import ClaimVerdict, new_claim_verdict

    args = ("Paris is big.", 0, 13, True, 0.75, "supported", 1, "Paris is big.", 4, 17,
            ["big"], ["3"], ["Paris"])  # fmt: skip
    fast = new_claim_verdict(*args)
    slow = ClaimVerdict(*args)
    assert fast == slow
    assert fast.to_dict() == slow.to_dict()
