"""Hand-built reports for the renderer tests (details shaped as the engines emit them).

A plain module (not conftest) so test modules can import it by a unique name."""

from __future__ import annotations

from typing import Any

from veracity.report import Gate, Report, ReportBuilder, SampleResult

HOSTILE = "<script>document.body.setAttribute('data-pwned','1')</script> | pipe\nnew line"


def faith(claims: list[dict[str, Any]], score: float | None) -> dict[str, Any]:
    return {"score": score, "reason": "", "method": "lexical", "claims": claims}


def claim(
    answer: str,
    text: str,
    supported: bool | None,
    reason: str,
    *,
    sentence: str | None = None,
    ctx: int | None = None,
    score: float = 0.0,
) -> dict[str, Any]:
    start = answer.index(text)
    return {
        "text": text,
        "start": start,
        "end": start + len(text),
        "supported": supported,
        "score": score,
        "reason": reason,
        "context_index": ctx,
        "context_sentence": sentence,
    }


A1 = "The Eiffel Tower is in Paris. It was built in 1889."
A2 = "The Eiffel Tower is in Berlin. It cost $5 million."
A3 = HOSTILE


def sample_results() -> list[SampleResult]:
    s1 = SampleResult(
        id="q1",
        metrics={"precision@5": 0.4, "faithfulness": 1.0, "numeric": 1.0},
        details={
            "faithfulness": faith(
                [
                    claim(A1, "The Eiffel Tower is in Paris.", True, "supported",
                          sentence="The tower stands in Paris.", ctx=0, score=0.9),
                    claim(A1, "It was built in 1889.", True, "supported",
                          sentence="Built in 1889.", ctx=1, score=0.8),
                ],
                1.0,
            ),
            "numeric": {
                "sfs_score": 1.0,
                "claim_verifications": [
                    {
                        "claim": {"claim_text": "1889", "claim_type": "count",
                                  "extracted_value": 1889.0, "unit": "",
                                  "source_span": [46, 50]},
                        "verified": True,
                        "matched_evidence": {"key": "year", "value": 1889, "unit": "",
                                             "source": "context 1"},
                        "error": 0.0,
                        "reason": "matches year",
                    }
                ],
            },
        },
        question="Where is the Eiffel Tower?",
        answer=A1,
    )  # fmt: skip
    s2 = SampleResult(
        id="q2",
        metrics={"precision@5": 0.2, "faithfulness": 0.5, "numeric": 0.0},
        details={
            "faithfulness": faith(
                [
                    claim(A2, "The Eiffel Tower is in Berlin.", False,
                          "entity 'Berlin' is in no context",
                          sentence="The tower stands in Paris.", ctx=0, score=0.1),
                    claim(A2, "It cost $5 million.", True, "supported",
                          sentence="It cost 4.2 million dollars.", ctx=0, score=0.7),
                ],
                0.5,
            ),
            "numeric": {
                "sfs_score": 0.0,
                "claim_verifications": [
                    {
                        "text": "$5 million", "start": 39, "end": 49, "value": 5e6,
                        "unit": "USD", "type": "currency", "verified": False,
                        "evidence": {"key": "cost", "value": 4200000.0, "unit": "USD",
                                     "source": "context 0"},
                        "relative_error": 0.1905, "reason": "off by 19.0% (tolerance 10%)",
                    }
                ],
            },
        },
        question="Where | is it?",
        answer=A2,
    )  # fmt: skip
    s3 = SampleResult(
        id="q3 <b>",
        metrics={"precision@5": None, "faithfulness": 0.0, "numeric": None},
        details={
            "precision@5": {"reason": "no golden documents"},
            "faithfulness": faith(
                [claim(A3, A3[:62], False, "no context sentence | shares <a> word")], 0.0
            ),
            "numeric": {"reason": "no numeric claims", "claim_verifications": []},
        },
        question="q",
        answer=A3,
    )
    return [s1, s2, s3]


def build_report(gates: tuple[str, ...] = ("faithfulness>=0.8", "numeric>=0.5")) -> Report:
    from veracity.report import parse_gate

    b = ReportBuilder(["precision@5", "faithfulness", "numeric"])
    for s in sample_results():
        b.add(s)
    gate_objs: list[Gate] = [parse_gate(g) for g in gates]
    report = b.build(gate_objs, options={"source": "hand.jsonl"})
    return Report(
        metric_names=report.metric_names,
        metrics=report.metrics,
        n_samples=report.n_samples,
        samples=report.samples,
        skipped=[
            {"source": "hand.jsonl", "line": 4, "field": "contexts", "reason": "must not be empty",
             "message": "hand.jsonl:4: field 'contexts': must not be empty"}
        ],
        gates=report.gates,
        options=report.options,
    )  # fmt: skip
