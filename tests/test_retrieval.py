"""Retrieval metrics: hand-worked cases and equality with trec_eval (pytrec_eval)."""

from __future__ import annotations

import math
import random

import pytest

from veracity.errors import ConfigError
from veracity.retrieval import (
    average_precision,
    hit_at_k,
    ndcg_at_k,
    precision_at_k,
    r_precision,
    recall_at_k,
    reciprocal_rank,
)

RANKED = ["d1", "x1", "d2", "x2", "d3"]  # relevant at ranks 1, 3, 5
RELEVANT = {"d1", "d2", "d3", "d4"}  # R = 4 (d4 never retrieved)


def test_precision_recall_hit_by_hand() -> None:
    assert precision_at_k(RANKED, RELEVANT, 1).value == 1.0
    assert precision_at_k(RANKED, RELEVANT, 3).value == pytest.approx(2 / 3)
    assert precision_at_k(RANKED, RELEVANT, 10).value == pytest.approx(3 / 10)  # divides by k
    assert recall_at_k(RANKED, RELEVANT, 3).value == pytest.approx(2 / 4)
    assert recall_at_k(RANKED, RELEVANT, 5).value == pytest.approx(3 / 4)
    assert hit_at_k(["x1", "x2", "d1"], RELEVANT, 2).value == 0.0
    assert hit_at_k(["x1", "x2", "d1"], RELEVANT, 3).value == 1.0


def test_mrr_map_rprec_by_hand() -> None:
    assert reciprocal_rank(["x", "y", "d2"], RELEVANT).value == pytest.approx(1 / 3)
    assert reciprocal_rank(["x", "y", "d2"], RELEVANT, k=2).value == 0.0
    # AP = (1/1 + 2/3 + 3/5) / 4
    assert average_precision(RANKED, RELEVANT).value == pytest.approx((1 + 2 / 3 + 3 / 5) / 4)
    # AP@3 = (1/1 + 2/3) / 4
    assert average_precision(RANKED, RELEVANT, k=3).value == pytest.approx((1 + 2 / 3) / 4)
    # R = 4: top 4 holds d1, d2 -> 2/4
    assert r_precision(RANKED, RELEVANT).value == 0.5


def test_ndcg_graded_by_hand() -> None:
    grades = {"a": 3, "b": 1, "c": 2}
    ranked = ["b", "z", "a"]
    dcg = 1 / math.log2(2) + 0 + 3 / math.log2(4)
    idcg = 3 / math.log2(2) + 2 / math.log2(3) + 1 / math.log2(4)
    assert ndcg_at_k(ranked, grades, 3).value == pytest.approx(dcg / idcg)
    # at k=1 the ideal is grade 3 alone
    assert ndcg_at_k(ranked, grades, 1).value == pytest.approx(1 / 3)


def test_duplicates_count_once() -> None:
    # the second "d1" is dropped: list becomes d1, x1, d2
    assert precision_at_k(["d1", "d1", "x1", "d2"], {"d1", "d2"}, 3).value == pytest.approx(2 / 3)
    assert recall_at_k(["d1", "d1"], {"d1", "d2"}, 2).value == 0.5


def test_normalize_option() -> None:
    ranked = ["  Paris is the CAPITAL\nof France. "]
    golden = ["paris is the capital of france."]
    assert precision_at_k(ranked, golden, 1).value == 0.0
    assert precision_at_k(ranked, golden, 1, normalize=True).value == 1.0


def test_undetermined_without_relevant_documents() -> None:
    for result in (
        precision_at_k(["a"], [], 1),
        recall_at_k(["a"], set(), 1),
        ndcg_at_k(["a"], {}, 1),
        average_precision(["a"], []),
        reciprocal_rank(["a"], []),
        r_precision(["a"], []),
        hit_at_k(["a"], [], 3),
    ):
        assert result.value is None
        assert result.reason == "no golden documents"
    zero = recall_at_k(["a"], {"a": 0}, 1)
    assert zero.value is None and "grade is 0" in zero.reason


def test_empty_ranking_scores_zero() -> None:
    assert precision_at_k([], ["a"], 3).value == 0.0
    assert ndcg_at_k([], ["a"], 3).value == 0.0
    assert reciprocal_rank([], ["a"]).value == 0.0


@pytest.mark.parametrize("k", [0, -1, True, 2.5])
def test_bad_k(k: object) -> None:
    with pytest.raises(ConfigError, match="k must be an integer from 1 to 1,000,000"):
        precision_at_k(["a"], ["a"], k)  # type: ignore[arg-type]


def test_equal_to_trec_eval_on_random_queries() -> None:
    pytrec_eval = pytest.importorskip("pytrec_eval")
    rng = random.Random(20261130)
    cutoffs = list(range(1, 31))
    qrels: dict[str, dict[str, int]] = {}
    runs: dict[str, dict[str, float]] = {}
    ranked_lists: dict[str, list[str]] = {}
    for q in range(1200):
        qid = f"q{q}"
        pool = [f"doc{i}" for i in range(rng.randint(1, 40))]
        judged = rng.sample(pool, rng.randint(1, len(pool)))
        qrels[qid] = {d: rng.choice([0, 1, 1, 2, 3]) for d in judged}
        if rng.random() < 0.3:  # some relevant documents never retrieved
            qrels[qid][f"unretrieved{q}"] = rng.randint(1, 3)
        ranking = rng.sample(pool, rng.randint(1, len(pool)))
        ranked_lists[qid] = ranking
        runs[qid] = {d: float(len(ranking) - i) for i, d in enumerate(ranking)}
    ks = ",".join(map(str, cutoffs))
    measures = {
        f"P.{ks}",
        f"recall.{ks}",
        f"ndcg_cut.{ks}",
        f"success.{ks}",
        "map",
        "recip_rank",
        "Rprec",
    }
    measures.add(f"map_cut.{ks}")
    trec = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(runs)
    compared = 0
    for qid, ranking in ranked_lists.items():
        rel = qrels[qid]
        if not any(g > 0 for g in rel.values()):
            assert precision_at_k(ranking, rel, 1).value is None
            continue
        # insert duplicates: they must count once
        noisy = [*ranking, *ranking[: len(ranking) // 2]]
        t = trec[qid]
        k = rng.choice(cutoffs)
        assert precision_at_k(noisy, rel, k).value == pytest.approx(t[f"P_{k}"], abs=1e-9)
        assert recall_at_k(noisy, rel, k).value == pytest.approx(t[f"recall_{k}"], abs=1e-9)
        assert ndcg_at_k(noisy, rel, k).value == pytest.approx(t[f"ndcg_cut_{k}"], abs=1e-9)
        assert hit_at_k(noisy, rel, k).value == pytest.approx(t[f"success_{k}"], abs=1e-9)
        assert average_precision(noisy, rel, k).value == pytest.approx(t[f"map_cut_{k}"], abs=1e-9)
        assert average_precision(noisy, rel).value == pytest.approx(t["map"], abs=1e-9)
        assert reciprocal_rank(noisy, rel).value == pytest.approx(t["recip_rank"], abs=1e-9)
        assert r_precision(noisy, rel).value == pytest.approx(t["Rprec"], abs=1e-9)
        compared += 1
    assert compared >= 1000


def test_a_grade_beyond_max_grade_is_refused() -> None:
    from veracity.errors import InputError
    from veracity.retrieval import MAX_GRADE, judge, ndcg_at_k

    assert ndcg_at_k(["a", "b"], {"a": MAX_GRADE, "b": 1}, 2).value == 1.0
    with pytest.raises(InputError) as err:
        judge(["a"], {"a": 10**400})
    assert (err.value.field, err.value.reason) == (
        "golden_documents",
        f"grade of 'a' must be a whole number from 0 to 1,000,000, got {str(10**400)[:39]}…",
    )


@pytest.mark.parametrize(
    ("retrieved", "relevant", "field", "reason"),
    [
        (["a", "b", "c"], "abc", "golden_documents", "must be a list of ids, not str"),
        ("xa", ["a"], "retrieved", "must be a list of ids, not str"),
        (None, ["a"], "retrieved", "must be a list of ids, not NoneType"),
        (["a", 1], ["a"], "retrieved", "item 1 must be a string, not int"),
        (["a"], {"a": 0.9}, "golden_documents",
         "grade of 'a' must be a whole number from 0 to 1,000,000, got 0.9"),
        (["a"], {"a": -5}, "golden_documents",
         "grade of 'a' must be a whole number from 0 to 1,000,000, got -5"),
        (["a"], {"a": "3"}, "golden_documents",
         "grade of 'a' must be a whole number from 0 to 1,000,000, got '3'"),
        (["a"], {"a": float("nan")}, "golden_documents",
         "grade of 'a' must be a whole number from 0 to 1,000,000, got nan"),
    ],
)  # fmt: skip
def test_bad_lists_and_grades_name_the_argument(
    retrieved: object, relevant: object, field: str, reason: str
) -> None:
    """A string is no list of ids (it was read one letter at a time: recall 1.0)."""
    from veracity.errors import InputError

    with pytest.raises(InputError) as err:
        recall_at_k(retrieved, relevant, 3)  # type: ignore[arg-type]
    assert (err.value.field, err.value.reason) == (field, reason)
    assert ndcg_at_k(["a", "b"], {"a": 2.0, "b": 1}, 2).value == 1.0  # 2.0 is the grade 2


def test_explain_gives_the_ranks_behind_every_retrieval_score() -> None:
    """Worked by hand: d2 and d4 relevant among d1..d4 (the repeated d2 counts once)."""
    from veracity.retrieval import explain, judge

    j = judge(["d1", "d2", "d2", "d3", "d4"], ["d2", "d4", "d9"])
    assert explain(j) == {
        "reason": "relevant at ranks 2, 4; 2 of 4 retrieved items relevant, 3 relevant in all",
        "relevant_ranks": [2, 4],
        "n_retrieved": 4,
        "n_relevant": 3,
    }
    graded = explain(judge(["a", "b"], {"a": 2, "c": 1}))
    assert graded["reason"] == (
        "relevant at rank 1 (grade 2); 1 of 2 retrieved items relevant, 2 relevant in all"
    )
    assert graded["grades"] == [2]
    none = explain(judge(["x"], ["a"]))
    assert none["reason"] == (
        "no relevant item retrieved; 0 of 1 retrieved item relevant, 1 relevant in all"
    )
    many = explain(judge([f"d{i}" for i in range(2000)], [f"d{i}" for i in range(2000)]))
    assert many["reason"].startswith(
        "relevant at ranks 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 1990 more;"
    )
    assert len(many["relevant_ranks"]) == 1000


def test_eval_details_explain_retrieval_once_per_sample() -> None:
    from veracity.evaluation import evaluate_sample
    from veracity.metrics import plan_metrics
    from veracity.samples import Sample

    s = Sample(id="s", question="q", answer="a", contexts=["c"], retrieved=["x", "g"],
               golden_documents=["g"])  # fmt: skip
    result = evaluate_sample(s, plan_metrics(["precision", "mrr"], ks=[2]))
    assert result.metrics == {"precision@2": 0.5, "mrr": 0.5}
    assert result.details == {"retrieval": {
        "reason": "relevant at rank 2; 1 of 2 retrieved items relevant, 1 relevant in all",
        "relevant_ranks": [2], "n_retrieved": 2, "n_relevant": 1,
    }}  # fmt: skip
