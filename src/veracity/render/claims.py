"""A uniform view of the per-claim trace in a sample's details, for the renderers.

Faithfulness details hold ``claims``: ``{"text", "start", "end", "supported", "score",
"reason", "context_index", "context_sentence", ...}``. Numeric details hold
``claim_verifications`` in the SFS shape (``{"claim": {"claim_text", "claim_type",
"extracted_value", "unit", "source_span"}, "verified", "matched_evidence", "error",
"reason"}``) or flattened (``text``, ``start``/``end`` or ``span``, ``value``, ``unit``,
``type``, ``verified``, ``evidence``, ``relative_error``). Both are read here into
:class:`ClaimView`, so a renderer never depends on one engine's exact field names.

Status: ``supported`` / ``unsupported`` / ``undetermined`` (the verdict is missing or
``None``, or the engine said so in a ``status`` / ``verdict`` field).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from veracity.metrics import ANSWER_METRICS
from veracity.report import Report, SampleResult

__all__ = [
    "UNSUPPORTED",
    "ClaimView",
    "answer_claims",
    "claim_extras",
    "detail_reason",
    "faithfulness_claims",
    "focus_metrics",
    "format_evidence",
    "format_number",
    "grouped",
    "is_answer_metric",
    "metric_reason",
    "numeric_claims",
    "unsupported_claims",
    "worst_samples",
]

SUPPORTED = "supported"
UNSUPPORTED = "unsupported"
UNDETERMINED = "undetermined"
_STATUS_WORDS = {
    "supported": SUPPORTED,
    "verified": SUPPORTED,
    "unsupported": UNSUPPORTED,
    "failed": UNSUPPORTED,
    "contradicted": UNSUPPORTED,
    "undetermined": UNDETERMINED,
    "unverifiable": UNDETERMINED,
}


@dataclass(frozen=True, slots=True)
class ClaimView:
    """One claim as the renderers show it."""

    metric: str
    text: str
    status: str
    reason: str
    start: int | None = None
    end: int | None = None
    score: float | None = None
    context_index: int | None = None
    context_sentence: str | None = None
    evidence: str | None = None
    relative_error: float | None = None
    value: float | None = None
    unit: str | None = None
    claim_type: str | None = None


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _float(v: Any) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return float(v)


def _str(v: Any) -> str | None:
    return v if isinstance(v, str) else None


def _status(d: Mapping[str, Any], flag: str) -> str:
    for key in ("status", "verdict"):
        word = d.get(key)
        if isinstance(word, str) and word.lower() in _STATUS_WORDS:
            return _STATUS_WORDS[word.lower()]
    v = d.get(flag)
    if v is True:
        return SUPPORTED
    if v is False:
        return UNSUPPORTED
    return UNDETERMINED


def format_number(value: Any) -> str:
    """A number as people write it: integral floats without ``.0`` (``4200000``),
    others with up to 6 significant digits; non-numbers as ``str``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.6g}" if isinstance(value, float) else str(value)


def format_evidence(ev: Any) -> str | None:
    """``key = value unit (source)`` for an evidence dict, the string itself for a string."""
    if isinstance(ev, str):
        return ev
    if not isinstance(ev, Mapping):
        return None
    parts = []
    if ev.get("key"):
        parts.append(f"{ev['key']} =")
    if ev.get("value") is not None:
        parts.append(format_number(ev["value"]))
    if ev.get("unit"):
        parts.append(str(ev["unit"]))
    if ev.get("source") and ev.get("source") != ev.get("key"):
        parts.append(f"({ev['source']})")
    if ev.get("text") and not parts:
        parts.append(str(ev["text"]))
    return " ".join(parts) or None


def faithfulness_claims(details: Mapping[str, Any] | None) -> list[ClaimView]:
    """The claims of a faithfulness trace, in answer order."""
    out: list[ClaimView] = []
    if not isinstance(details, Mapping) or not isinstance(details.get("claims"), list):
        return out
    for c in details["claims"]:
        if not isinstance(c, Mapping):
            continue
        out.append(
            ClaimView(
                metric="faithfulness",
                text=str(c.get("text", "")),
                status=_status(c, "supported"),
                reason=str(c.get("reason") or ""),
                start=_int(c.get("start")),
                end=_int(c.get("end")),
                score=_float(c.get("score")),
                context_index=_int(c.get("context_index")),
                context_sentence=_str(c.get("context_sentence")),
            )
        )
    return out


def numeric_claims(details: Mapping[str, Any] | None) -> list[ClaimView]:
    """The claim verifications of a numeric trace (SFS or flattened shape)."""
    out: list[ClaimView] = []
    if not isinstance(details, Mapping) or not isinstance(details.get("claim_verifications"), list):
        return out
    for v in details["claim_verifications"]:
        if not isinstance(v, Mapping):
            continue
        inner = v.get("claim")
        c: Mapping[str, Any] = inner if isinstance(inner, Mapping) else v
        span = c.get("source_span") or c.get("span") or v.get("span")
        start, end = _int(c.get("start", v.get("start"))), _int(c.get("end", v.get("end")))
        if isinstance(span, (list, tuple)) and len(span) == 2:
            start, end = _int(span[0]), _int(span[1])
        matched = v.get("matched_evidence")
        rich = v.get("evidence")
        if not isinstance(rich, Mapping):
            rich = {}
        if matched is None and "matched_evidence" not in v:
            matched = v.get("evidence")
        evidence = format_evidence(matched)
        if rich.get("text") and _int(rich.get("context_index")) is not None:
            evidence = f"{rich['text']!r} in context {rich['context_index']}"
        err = v.get("relative_error", v.get("error"))
        out.append(
            ClaimView(
                metric="numeric",
                text=str(c.get("text") or c.get("claim_text") or v.get("text") or ""),
                status=_status(v, "verified"),
                reason=str(v.get("reason") or ""),
                start=start,
                end=end,
                context_index=_int(rich.get("context_index")),
                context_sentence=_str(rich.get("sentence")),
                evidence=evidence,
                relative_error=_float(err),
                value=_float(c.get("extracted_value", c.get("value"))),
                unit=_str(c.get("unit")),
                claim_type=_str(c.get("claim_type", c.get("type"))),
            )
        )
    return out


def detail_reason(sample: SampleResult, metric: str) -> str:
    """The ``reason`` recorded for ``metric`` on ``sample`` (empty when none)."""
    entry = sample.details.get(metric)
    reason = entry.get("reason") if isinstance(entry, Mapping) else None
    return reason if isinstance(reason, str) else ""


def claim_extras(c: ClaimView) -> list[str]:
    """The evidence and relative error of ``c`` that its reason does not already state
    (a numeric reason names both: said once, not twice)."""
    extras = []
    if (
        c.evidence
        and c.evidence not in c.reason
        and (c.evidence.split(" in ", 1)[0] not in c.reason)
    ):
        extras.append(f"evidence {c.evidence}")
    if c.relative_error is not None and "relative error" not in c.reason:
        extras.append(f"relative error {c.relative_error:.2%}")
    return extras


def grouped(claims: list[ClaimView]) -> list[tuple[ClaimView, int]]:
    """``claims`` with identical ones (same metric, text and reason) counted once, in
    first-seen order: a long answer that repeats a sentence lists it once, "(5 times)"."""
    counts: dict[tuple[str, str, str], int] = {}
    first: dict[tuple[str, str, str], ClaimView] = {}
    for c in claims:
        key = (c.metric, c.text, c.reason)
        counts[key] = counts.get(key, 0) + 1
        first.setdefault(key, c)
    return [(first[k], n) for k, n in counts.items()]


def is_answer_metric(metric: str) -> bool:
    """Whether ``metric`` judges the answer's claims (faithfulness, numeric), not the
    retrieved list."""
    return metric in ANSWER_METRICS


def metric_reason(sample: SampleResult, metric: str) -> str:
    """Why ``sample`` scored what it did on ``metric``: for a retrieval metric, where its
    relevant items were ranked (the ``retrieval`` detail); else the metric's reason."""
    if not is_answer_metric(metric):
        return detail_reason(sample, "retrieval") or detail_reason(sample, metric)
    return detail_reason(sample, metric)


def answer_claims(sample: SampleResult) -> list[ClaimView]:
    """Faithfulness claims then numeric claims of ``sample``."""
    return faithfulness_claims(sample.details.get("faithfulness")) + numeric_claims(
        sample.details.get("numeric")
    )


def unsupported_claims(sample: SampleResult) -> list[ClaimView]:
    """The claims of ``sample`` judged unsupported (faithfulness) or failed (numeric)."""
    return [c for c in answer_claims(sample) if c.status == UNSUPPORTED]


def focus_metrics(report: Report) -> list[str]:
    """The metrics that decide which samples are "worst": the gated metrics when there
    are gates, else the answer metrics present (faithfulness, numeric), else all."""
    gated = [g.gate.metric for g in report.gates if g.gate.metric in report.metric_names]
    if gated:
        return list(dict.fromkeys(gated))
    answer = [m for m in ANSWER_METRICS if m in report.metric_names]
    return answer or list(report.metric_names)


def worst_samples(report: Report, n: int | None = None) -> list[tuple[SampleResult, float]]:
    """Samples whose lowest :func:`focus_metrics` value is below 1, lowest first (ties by
    id, then input order), with that value; at most ``n`` when given."""
    metrics = focus_metrics(report)
    ranked: list[tuple[float, str, int, SampleResult]] = []
    for i, s in enumerate(report.samples):
        values = [v for m in metrics if (v := s.metrics.get(m)) is not None]
        if values and min(values) < 1.0:
            ranked.append((min(values), s.id, i, s))
    ranked.sort(key=lambda t: (t[0], t[1], t[2]))
    if n is not None:
        ranked = ranked[:n]
    return [(s, v) for v, _, _, s in ranked]
