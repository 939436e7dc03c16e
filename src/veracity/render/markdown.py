"""Markdown renderer: a compact summary for a pull-request comment or
``$GITHUB_STEP_SUMMARY``.

Sections: a status line; the metric table (mean, median, scored, undetermined); the
gates; the worst samples (see :func:`veracity.render.claims.worst_samples`) each with
its unsupported claims and their reasons; the skipped records.

User text (ids, claims, reasons, messages) is made inert with :func:`md_text`: white
space (newlines included) collapses to one space, Markdown punctuation
(``\\ ` * _ [ ] | ~``) is backslash-escaped and ``<``, ``>``, ``&`` become entities, so
a ``|`` cannot break a table and ``<script>`` shows as text. Long text is cut with an
ellipsis. Undetermined values print as ``-``.
"""

from __future__ import annotations

import re

from veracity.render.claims import (
    ClaimView,
    claim_extras,
    focus_metrics,
    grouped,
    is_answer_metric,
    metric_reason,
    unsupported_claims,
    worst_samples,
)
from veracity.report import Report

__all__ = ["md_text", "render_markdown"]

WORST_N = 10
_KEPT = 50
"""How many lowest-scoring samples ``eval -f markdown`` keeps (``SAMPLES_KEPT``)."""
MAX_CLAIMS = 5
MAX_TEXT = 200
MAX_SKIPPED = 20

_ESCAPE = re.compile(r"([\\`*_\[\]|~])")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def md_text(text: object, limit: int = MAX_TEXT) -> str:
    """``text`` as inert inline Markdown (one line, at most ``limit`` characters of
    the original text plus an ellipsis)."""
    s = " ".join(_CONTROL.sub("", str(text)).split())
    if len(s) > limit:
        s = s[: limit - 1].rstrip() + "…"
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _ESCAPE.sub(r"\\\1", s)


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.4f}"


def _claim_line(c: ClaimView, times: int = 1) -> str:
    label = "unsupported" if c.metric == "faithfulness" else "failed"
    line = f'- {label} ({c.metric}): "{md_text(c.text)}"'
    if times > 1:
        line += f" ({times} times)"
    extra = [md_text(c.reason)] if c.reason else []
    extra += [md_text(x) for x in claim_extras(c)]
    if extra:
        line += " — " + "; ".join(extra)
    return line


def render_markdown(report: Report, *, worst: int = WORST_N, max_claims: int = MAX_CLAIMS) -> str:
    """The report as GitHub-flavoured Markdown (``worst`` samples, ``max_claims``
    unsupported claims listed per sample)."""
    head = f"{report.n_samples} samples scored"
    if report.n_skipped:
        head += f", {report.n_skipped} skipped"
    if report.gates:
        n_failed = sum(not g.passed for g in report.gates)
        status = (
            f"**FAILED** ({n_failed} of {len(report.gates)} failed)"
            if n_failed
            else f"**passed** ({len(report.gates)} of {len(report.gates)})"
        )
        head += f". Gates: {status}."
    else:
        head += "."
    out = ["## veracity report", "", head, ""]
    out += [
        "| metric | mean | median | scored | undetermined |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name in report.metric_names:
        m = report.metrics[name]
        out.append(
            f"| {md_text(name)} | {_num(m.mean)} | {_num(m.median)} | {m.n_scored} "
            f"| {m.n_undetermined} |"
        )
    if report.gates:
        out += ["", "### Gates", "", "| gate | mean | result |", "| --- | ---: | --- |"]
        for g in report.gates:
            if g.passed:
                result = "✅ pass"
            else:
                result = f"❌ fail: {md_text(g.reason)}" if g.reason else "❌ fail"
            gate = md_text(f"{g.gate.metric} {g.gate.op} {g.gate.threshold:g}")
            out.append(f"| {gate} | {_num(g.value)} | {result} |")
    ranked = worst_samples(report)
    if ranked and worst > 0:
        shown = ranked[:worst]
        focus = focus_metrics(report)
        # `eval -f markdown` keeps only the lowest-scoring samples (SAMPLES_KEPT): when
        # as many were kept as it keeps, how many more are below 1.0 is not known here
        complete = len(report.samples) >= report.n_samples or len(ranked) < _KEPT
        counted = (
            f"{len(shown)} of {len(ranked)} samples below 1.0"
            if complete
            else f"the {len(shown)} lowest of {report.n_samples} samples"
        )
        out += [
            "",
            "### Worst samples",
            "",
            f"Lowest {md_text(' / '.join(focus))} first ({counted}).",
        ]
        for i, (sample, _) in enumerate(shown, 1):
            values = " · ".join(f"{md_text(m)} {_num(sample.metrics.get(m))}" for m in focus)
            out += ["", f"**{i}. {md_text(sample.id, 80)}** — {values}"]
            ranked_low = next(
                (m for m in focus if not is_answer_metric(m) and (sample.metrics.get(m) or 0) < 1),
                None,
            )
            claims = unsupported_claims(sample)
            if ranked_low is not None or claims:
                out.append("")
            if ranked_low is not None:  # a retrieval gate: where the relevant items ranked
                out.append(f"- retrieval: {md_text(metric_reason(sample, ranked_low))}")
            if claims:
                groups = grouped(claims)
                out += [_claim_line(c, n) for c, n in groups[:max_claims]]
                if len(groups) > max_claims:
                    rest = sum(n for _, n in groups[max_claims:])
                    out.append(f"- … and {rest} more")
    if report.skipped:
        out += ["", f"### Skipped records ({report.n_skipped})", ""]
        out += [f"- {md_text(s.get('message', s))}" for s in report.skipped[:MAX_SKIPPED]]
        if report.n_skipped > MAX_SKIPPED:
            out.append(f"- … and {report.n_skipped - MAX_SKIPPED} more")
    return "\n".join(out) + "\n"
