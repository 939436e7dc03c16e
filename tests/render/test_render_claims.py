"""The renderers' view of per-claim traces: both numeric shapes, statuses, bad data."""

from __future__ import annotations

from veracity.render.claims import (
    ClaimView,
    answer_claims,
    detail_reason,
    faithfulness_claims,
    format_evidence,
    format_number,
    numeric_claims,
    unsupported_claims,
    worst_samples,
)
from veracity.report import ReportBuilder, SampleResult, parse_gate

ENGINE_SHAPE = {  # as veracity.numeric's ClaimVerification.to_dict() writes it
    "claim": {"claim_text": "It cost $5 million.", "claim_type": "currency",
              "extracted_value": 5000000.0, "unit": "$", "source_span": [8, 18],
              "text": "$5 million"},
    "verified": False,
    "matched_evidence": {"key": "context[0]", "value": 4200000.0, "unit": "$",
                         "source": "context[0]"},
    "error": 0.1904761905,
    "reason": "not within 5%",
    "rule": "out_of_tolerance",
    "evidence": {"key": "", "value": 4200000.0, "unit": "$", "context_index": 0,
                 "sentence": "It cost 4.2 million dollars.", "text": "4.2 million dollars"},
}  # fmt: skip


def test_numeric_engine_shape() -> None:
    [c] = numeric_claims({"claim_verifications": [ENGINE_SHAPE]})
    assert c == ClaimView(
        metric="numeric", text="$5 million", status="unsupported", reason="not within 5%",
        start=8, end=18, context_index=0, context_sentence="It cost 4.2 million dollars.",
        evidence="'4.2 million dollars' in context 0", relative_error=0.1904761905,
        value=5000000.0, unit="$", claim_type="currency",
    )  # fmt: skip


def test_numeric_sfs_and_flat_shapes() -> None:
    sfs = {"claim": {"claim_text": "12.5 km", "source_span": [0, 7], "unit": "km"},
           "verified": True, "matched_evidence": {"key": "cbd", "value": 12.3, "unit": "km",
                                                  "source": "db"}, "error": 0.016}  # fmt: skip
    flat = {"text": "5", "start": 3, "end": 4, "verified": None, "reason": "no evidence"}
    a, b = numeric_claims({"claim_verifications": [sfs, flat, "junk", 3]})
    assert (a.text, a.status, a.start, a.end, a.evidence) == (
        "12.5 km", "supported", 0, 7, "cbd = 12.3 km (db)",
    )  # fmt: skip
    assert (b.text, b.status, b.start, b.end, b.evidence) == ("5", "undetermined", 3, 4, None)


def test_faithfulness_statuses_and_bad_shapes() -> None:
    claims = [
        {"text": "a", "supported": True, "start": 0, "end": 1},
        {"text": "b", "supported": False, "start": True, "end": "x", "score": "high"},
        {"text": "c", "supported": True, "status": "undetermined"},
        {"text": "d", "verdict": "contradicted"},
    ]
    got = [(c.text, c.status, c.start, c.score) for c in faithfulness_claims({"claims": claims})]
    assert got == [
        ("a", "supported", 0, None), ("b", "unsupported", None, None),
        ("c", "undetermined", None, None), ("d", "unsupported", None, None),
    ]  # fmt: skip
    assert faithfulness_claims({"claims": "not a list"}) == []
    assert faithfulness_claims(None) == []
    assert numeric_claims({"claim_verifications": {"a": 1}}) == []


def test_sample_helpers() -> None:
    s = SampleResult(
        "x", {"faithfulness": 0.0, "numeric": 0.0},
        {"faithfulness": {"claims": [{"text": "f", "supported": False}]},
         "numeric": {"claim_verifications": [ENGINE_SHAPE]}, "mrr": ["odd"]},
    )  # fmt: skip
    assert [c.text for c in answer_claims(s)] == ["f", "$5 million"]
    assert [c.metric for c in unsupported_claims(s)] == ["faithfulness", "numeric"]
    assert detail_reason(s, "mrr") == "" and detail_reason(s, "missing") == ""


def test_formatting() -> None:
    assert format_number(4200000.0) == "4200000"
    assert format_number(0.1234567) == "0.123457"
    assert format_number(7) == "7" and format_number(True) == "True"
    assert format_evidence({"key": "k", "value": 1.5, "unit": "%", "source": "k"}) == "k = 1.5 %"
    assert format_evidence({"text": "t"}) == "t"
    assert format_evidence("raw") == "raw" and format_evidence(3) is None


def test_worst_samples_order_and_focus() -> None:
    b = ReportBuilder(["mrr", "faithfulness"])
    for sid, m, f in (("a", 0.0, 1.0), ("b", 1.0, 0.5), ("c", 1.0, 0.5), ("d", 1.0, None)):
        b.add(SampleResult(sid, {"mrr": m, "faithfulness": f}))
    # no gates: answer metrics decide; mrr = 0 of "a" does not count
    assert [(s.id, v) for s, v in worst_samples(b.build())] == [("b", 0.5), ("c", 0.5)]
    gated = b.build([parse_gate("mrr=0.5")])
    assert [(s.id, v) for s, v in worst_samples(gated)] == [("a", 0.0)]
    assert [s.id for s, _ in worst_samples(b.build(), 1)] == ["b"]
