"""evaluate() and Report: aggregates, undetermined values, gates, JSON round trip."""

from __future__ import annotations

import json

import pytest

from veracity import Gate, Report, Sample, evaluate, parse_gate
from veracity.errors import ConfigError, InputError
from veracity.metrics import plan_metrics


def sample(sid: str, retrieved: list[str] | None, golden: list[str] | None) -> Sample:
    return Sample(
        id=sid,
        question="q",
        answer="a",
        contexts=["c"],
        retrieved=retrieved,
        golden_documents=golden,
    )


SAMPLES = [
    sample("s1", ["d1", "x", "d2"], ["d1", "d2"]),  # P@1=1, P@3=2/3, MRR=1
    sample("s2", ["x", "d1"], ["d1"]),  # P@1=0, P@3=1/3, MRR=1/2
    sample("s3", ["x"], ["d1"]),  # P@1=0, P@3=0, MRR=0
    sample("s4", None, ["d1"]),  # undetermined: no retrieved list
    sample("s5", ["d1"], None),  # undetermined: no golden documents
]


def test_aggregates_by_hand() -> None:
    report = evaluate(SAMPLES, metrics=["precision", "mrr"], k=[1, 3])
    assert report.metric_names == ["precision@1", "precision@3", "mrr"]
    p3 = report.metrics["precision@3"]
    assert p3.mean == pytest.approx((2 / 3 + 1 / 3 + 0) / 3)
    assert p3.median == pytest.approx(1 / 3)
    assert (p3.n_scored, p3.n_undetermined) == (3, 2)
    assert report.metrics["mrr"].mean == pytest.approx(0.5)
    assert report.metrics["mrr"].median == pytest.approx(0.5)
    s4, s5 = report.samples[3], report.samples[4]
    assert s4.metrics["mrr"] is None and s4.details["mrr"]["reason"] == "no retrieved list"
    assert s5.details["precision@1"]["reason"] == "no golden documents"


def test_gates_and_passed() -> None:
    report = evaluate(SAMPLES, metrics=["mrr"], gates=["mrr=0.5", Gate("mrr", ">", 0.5)])
    assert [g.passed for g in report.gates] == [True, False]
    assert report.passed is False
    assert report.gates[1].reason == "mrr = 0.5000, required > 0.5"


def test_gate_on_metric_with_no_scored_sample_fails() -> None:
    report = evaluate([SAMPLES[3]], metrics=["mrr"], gates=["mrr>=0"])
    assert report.gates[0].passed is False
    assert report.gates[0].reason == "no sample could be scored on this metric"


def test_gate_on_metric_not_computed() -> None:
    with pytest.raises(ConfigError, match="does not compute"):
        evaluate(SAMPLES, metrics=["mrr"], gates=["map=0.5"])


@pytest.mark.parametrize(
    ("text", "gate"),
    [
        ("faithfulness=0.8", Gate("faithfulness", ">=", 0.8)),
        ("ndcg@10 > 0.25", Gate("ndcg@10", ">", 0.25)),
        ("MRR<=1", Gate("mrr", "<=", 1.0)),
    ],
)
def test_parse_gate(text: str, gate: Gate) -> None:
    assert parse_gate(text) == gate


@pytest.mark.parametrize("text", ["faithfulness", "=0.5", "m=abc", "m=nan", "m==1"])
def test_parse_gate_rejects(text: str) -> None:
    with pytest.raises(ConfigError, match="invalid gate"):
        parse_gate(text)


@pytest.mark.parametrize("text", ["faithfulness=1.5", "faithfulness>=-1", "mrr<2"])
def test_gate_threshold_outside_unit_interval(text: str) -> None:
    with pytest.raises(ConfigError, match="gate threshold must be between 0 and 1"):
        parse_gate(text)


def test_plan_expansion_and_errors() -> None:
    names = [p.name for p in plan_metrics(["precision", "ndcg@10", "mrr"], [1, 5])]
    assert names == ["precision@1", "precision@5", "ndcg@10", "mrr"]
    assert [p.name for p in plan_metrics(["recall", "faithfulness"], [5], claims_only=True)] == [
        "faithfulness"
    ]
    with pytest.raises(ConfigError, match="unknown metric 'bleu'"):
        plan_metrics(["bleu"], [5])
    with pytest.raises(ConfigError, match="takes no cut-off"):
        plan_metrics(["mrr@5"], [5])
    with pytest.raises(ConfigError, match="k must be an integer"):
        plan_metrics(None, [0])


def test_json_round_trip_is_strict_and_stable() -> None:
    skipped = [InputError("bad", source="f.jsonl", line=3, field="answer")]
    report = evaluate(SAMPLES, metrics=["mrr", "hit"], k=3, gates=["mrr=0.1"], skipped=skipped)
    data = report.to_dict()
    text = json.dumps(data, allow_nan=False)
    assert data["n_samples"] == 5 and data["n_skipped"] == 1
    assert data["skipped"][0]["message"] == "f.jsonl:3: field 'answer': bad"
    assert data["metrics"]["hit@3"] == {
        "mean": 2 / 3,
        "median": 1.0,
        "n_scored": 3,
        "n_undetermined": 2,
    }
    assert data["gates"][0] == {
        "metric": "mrr", "op": ">=", "threshold": 0.1, "value": 0.5, "passed": True, "reason": ""
    }  # fmt: skip
    assert data["samples"][3]["metrics"] == {"mrr": None, "hit@3": None}
    again = Report.from_dict(json.loads(text))
    assert again.to_dict() == data
    # same input, same output
    assert (
        evaluate(SAMPLES, metrics=["mrr", "hit"], k=3, gates=["mrr=0.1"], skipped=skipped).to_dict()
        == data
    )


def test_from_dict_rejects_non_report() -> None:
    with pytest.raises(InputError, match="not a veracity report"):
        Report.from_dict({"hello": 1}, source="x.json")


def test_light_retention_renders_the_same_html() -> None:
    """keep="light" drops the traces the HTML report would not embed, nothing else."""
    from veracity.evaluation import iter_evaluate
    from veracity.metrics import plan_metrics
    from veracity.render.html import render_html
    from veracity.report import ReportBuilder

    data = [
        Sample(
            id=f"s{i:02d}",
            question="q",
            answer=f"The bridge is {i} m long. It has {i % 4} towers.",
            contexts=[f"The bridge is {i + (i % 3)} m long and has 2 towers."],
        )
        for i in range(40)
    ]
    plan = plan_metrics(["faithfulness", "numeric"], [5])
    results = list(iter_evaluate(data, plan))
    full = ReportBuilder([p.name for p in plan])
    light = ReportBuilder([p.name for p in plan], keep="light", worst_n=5)
    for r in results:
        full.add(r)
        light.add(r)
    full_report, light_report = full.build(), light.build()
    assert sum(1 for s in light_report.samples if s.details) <= 10
    assert render_html(light_report, detail_cap=5) == render_html(full_report, detail_cap=5)


def test_huge_answer_trace_is_capped_unsupported_first() -> None:
    """The score uses every claim; the report keeps MAX_TRACE_ITEMS claims, the
    unsupported ones first, and says how many it left out."""
    from veracity.metrics import MAX_TRACE_ITEMS

    answer = "Paris is in France. " * 1400 + "Paris is in Peru. " * 100
    s = Sample(id="big", question="q", answer=answer, contexts=["Paris is in France."])
    result = evaluate([s], metrics=["faithfulness"]).samples[0]
    trace = result.details["faithfulness"]
    assert result.metrics["faithfulness"] == 1400 / 1500
    assert len(trace["claims"]) == MAX_TRACE_ITEMS == 1000
    assert trace["claims_omitted"] == 500
    assert sum(not c["supported"] for c in trace["claims"]) == 100  # every unsupported kept


def test_a_failed_gate_shows_the_digits_that_differ() -> None:
    from veracity.report import value_against

    # 0.227586 failed ">= 0.2276" but read "precision@5 = 0.2276, required >= 0.2276"
    assert Gate("precision@5", ">=", 0.2276).check(0.227586).reason == (
        "precision@5 = 0.22759, required >= 0.2276"
    )
    assert value_against(0.5, 0.5) == "0.5000"
    assert value_against(0.81234, 0.5) == "0.8123"
    assert value_against(0.1 + 0.2, 0.3) == "0.30000000000000004"  # only the last bit differs
    assert value_against(None, 0.5) == "-"


def test_library_arguments_of_the_wrong_kind_get_clear_errors() -> None:
    """Found by a library audit: each of these failed deep inside with an AttributeError
    or TypeError, or (a string for metrics) read one letter at a time."""
    from veracity.compare import compare_reports
    from veracity.errors import ConfigError, InputError
    from veracity.evaluation import evaluate, evaluate_sample
    from veracity.governance import detect_mode
    from veracity.report import parse_gate
    from veracity.samples import Sample

    row = {"question": "q", "answer": "Paris is in France.", "contexts": ["Paris is in France."],
           "retrieved": ["a", "b"], "golden_documents": ["b"]}  # fmt: skip
    report = evaluate([row], metrics="mrr,faithfulness")  # a dict sample, names as a string
    assert (report.metrics["mrr"].mean, report.metrics["faithfulness"].mean) == (0.5, 1.0)
    assert compare_reports(report.to_dict(), report).n_matched == 1  # a report's dict
    with pytest.raises(InputError, match=r"field 'samples\[0\]': expected a Sample or a dict"):
        evaluate([42])  # type: ignore[list-item]
    with pytest.raises(InputError, match=r"field 'samples\[1\]\.question': required field"):
        evaluate([row, {"answer": "x", "contexts": ["c"]}])
    with pytest.raises(ConfigError, match="options must be a MetricOptions, not dict"):
        evaluate([row], options={"normalize_ids": True})  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=r"plan must be the list plan_metrics\(...\) returns"):
        evaluate_sample(Sample(**row), ["mrr"])  # type: ignore[list-item]
    with pytest.raises(ConfigError, match="a gate must be a string"):
        parse_gate(None)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="field 'answer': must be a string, got NoneType"):
        detect_mode(None)  # type: ignore[arg-type]
