"""Plain-text table renderer for terminals and CI logs (no colour codes, no markup).

Sections: a header line; the metric table (mean, median, scored, undetermined);
the gates; the lowest-scoring samples (on the gated metrics, else the answer
metrics) with the first unsupported claim and its reason; the skipped
lines. Undetermined values print as ``-``.
"""

from __future__ import annotations

from collections.abc import Sequence

from veracity.render.claims import (
    focus_metrics,
    is_answer_metric,
    metric_reason,
    unsupported_claims,
    worst_samples,
)
from veracity.report import Report, SampleResult, value_against

__all__ = ["format_table", "render_table"]

WORST_N = 5


def format_table(headers: Sequence[str], rows: Sequence[Sequence[str]], align: str = "") -> str:
    """Lay out ``rows`` under ``headers`` in aligned columns. ``align`` holds one
    character per column, ``l`` or ``r`` (default: first left, others right)."""
    widths = [len(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
    spec = align or "l" + "r" * (len(headers) - 1)

    def line(cells: Sequence[str]) -> str:
        parts = [
            c.ljust(widths[i]) if spec[i] == "l" else c.rjust(widths[i])
            for i, c in enumerate(cells)
        ]
        return "  ".join(parts).rstrip()

    out = [line(headers), line(["-" * w for w in widths])]
    out.extend(line(r) for r in rows)
    return "\n".join(out)


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.4f}"


def _first_reason(sample: SampleResult, value: float, focus: Sequence[str]) -> str:
    """The reason behind the sample's lowest focus value, named by its metric: where the
    relevant items were ranked for a retrieval metric, else the first unsupported claim."""
    metric = next((m for m in focus if sample.metrics.get(m) == value), "")
    if metric and not is_answer_metric(metric):
        return f"{metric}: {metric_reason(sample, metric)}"
    for claim in unsupported_claims(sample):
        if metric in ("", claim.metric):
            text = claim.text if len(claim.text) <= 60 else claim.text[:59] + "…"
            return f"{claim.metric}: {text!r}: {claim.reason}"
    return f"{metric}: {metric_reason(sample, metric)}" if metric else ""


def render_table(report: Report) -> str:
    """The report as aligned plain text."""
    head = f"veracity: {report.n_samples} sample{'' if report.n_samples == 1 else 's'} scored"
    if report.n_skipped:
        head += f", {report.n_skipped} skipped"
    parts = [head, ""]
    rows = [
        [
            name,
            _num(report.metrics[name].mean),
            _num(report.metrics[name].median),
            str(report.metrics[name].n_scored),
            str(report.metrics[name].n_undetermined),
        ]
        for name in report.metric_names
    ]
    parts.append(format_table(["metric", "mean", "median", "scored", "undetermined"], rows))
    if report.gates:
        parts += ["", "gates:"]
        for g in report.gates:
            status = "PASS" if g.passed else "FAIL"
            mean = value_against(g.value, g.gate.threshold)
            line = f"  {status}  {g.gate.metric} {g.gate.op} {g.gate.threshold:g}  (mean {mean})"
            if g.note and not g.passed:
                line += f": {g.note}"
            parts.append(line)
        failed = [g.gate.metric for g in report.gates if not g.passed]
        n = len(report.gates)
        parts.append(
            f"FAILED: {len(failed)} of {n} gate{'' if n == 1 else 's'} ({', '.join(failed)})"
            if failed
            else f"PASSED: {n} of {n} gate{'' if n == 1 else 's'}"
        )
    worst = worst_samples(report, WORST_N)
    if worst:
        parts += ["", "lowest-scoring samples:"]
        focus = focus_metrics(report)
        for sample, value in worst:
            reason = _first_reason(sample, value, focus)
            parts.append(f"  {sample.id}  {_num(value)}  {reason}".rstrip())
    if report.skipped:
        parts += ["", f"skipped {report.n_skipped} input record(s):"]
        parts += [f"  {s.get('message', s)}" for s in report.skipped[:20]]
        if report.n_skipped > 20:
            parts.append(f"  ... and {report.n_skipped - 20} more")
    return "\n".join(parts) + "\n"
