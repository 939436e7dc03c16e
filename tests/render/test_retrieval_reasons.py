"""A failed retrieval gate is explained by where the relevant items were ranked, in every
text format, not by the answer's claims (found by a report audit: the table labelled a
recall of 0.5 "faithfulness"); a long run's Markdown does not claim a count it cannot know."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from veracity.evaluation import evaluate
from veracity.render.junit import render_junit
from veracity.render.markdown import render_markdown
from veracity.render.table import render_table
from veracity.report import ReportBuilder, SampleResult, parse_gate

ROW = {
    "id": "refund-02",
    "question": "How long do customers have to request a refund?",
    "answer": "Customers can request a refund within 60 days.",
    "contexts": ["Customers may request a refund within 30 days of purchase."],
    "retrieved": ["kb-shipping", "kb-refund-policy", "kb-other"],
    "golden_documents": ["kb-refund-policy", "kb-refund-timing"],
}
WHERE = "relevant at rank 2; 1 of 3 retrieved items relevant, 2 relevant in all"


def report():  # type: ignore[no-untyped-def]
    return evaluate([ROW], gates=["recall@5=0.99"])


def test_table_names_the_retrieval_reason_under_the_lowest_metric() -> None:
    text = render_table(report())
    line = text.split("lowest-scoring samples:\n", 1)[1].splitlines()[0]
    assert line == f"  refund-02  0.5000  recall@5: {WHERE}"


def test_markdown_and_junit_give_the_ranks() -> None:
    md = render_markdown(report())
    assert f"- retrieval: {WHERE}" in md
    assert "Lowest recall@5 first (1 of 1 samples below 1.0)." in md
    root = ET.fromstring(render_junit(report()))
    failure = root.find("testsuite[@name='veracity.samples']/testcase/failure")
    assert failure is not None and failure.text == f"- [recall@5] {WHERE}"


def test_markdown_of_a_run_that_kept_only_its_lowest_samples() -> None:
    b = ReportBuilder(["faithfulness"], keep="worst", worst_n=50)
    for i in range(200):
        b.add(SampleResult(f"s{i:03d}", {"faithfulness": 0.5}))
    md = render_markdown(b.build([parse_gate("faithfulness=0.8")]))
    # 200 samples are below 1.0, but only 50 were kept: no "10 of 50 below 1.0"
    assert "Lowest faithfulness first (the 10 lowest of 200 samples)." in md


def test_repeated_claims_are_listed_once_and_numbers_are_not_said_twice() -> None:
    row = {**ROW, "id": "long", "answer": " ".join(["Refunds are paid in store credit."] * 6)
           + " The warranty is 99 years.", "retrieved": None, "golden_documents": None}  # fmt: skip
    md = render_markdown(evaluate([row], metrics=["faithfulness"]))
    assert '"Refunds are paid in store credit." (6 times)' in md
    assert '"The warranty is 99 years."' in md  # no longer crowded out by the repeats
    numbers = render_markdown(evaluate([ROW], metrics=["numeric"]))
    line = next(x for x in numbers.splitlines() if x.startswith("- failed (numeric)"))
    assert line.count("relative error") == 1 and line.count("'30 days' in context 0") == 1
