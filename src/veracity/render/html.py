"""HTML renderer: one self-contained page (inline CSS, JS and SVG; no network).

Server-rendered: the header, the gates, one summary card per metric (mean, median,
counts, an inline SVG histogram of the per-sample values in ten bins over [0, 1]) and
the skipped records. The sample table is drawn by the inline script from the data
embedded as JSON in ``<script type="application/json" id="veracity-data">``: sortable
by any column, filtered by text (id, answer, question), by a failing gate (a sample
fails gate ``metric op t`` when its own determined value fails ``op t``) and by a
metric range, paginated (50 rows a page), each row opening the answer with its claims
highlighted (supported / unsupported / undetermined); a click on a claim shows the
best context sentence and the reason, numeric claims their matched evidence and
relative error.

Safety: every piece of user text goes through :func:`html.escape` (server side) or
``textContent`` (script side); the JSON is embedded with ``<``, ``>`` and ``&`` written
as ``\\u003c``, ``\\u003e``, ``\\u0026``, so no answer can close the script element; a
Content-Security-Policy allows no network at all and only the report's own script (by
its SHA-256 hash), so an injected script or event handler would not run either.

Size caps (documented in docs/reports.md), so 100,000 samples stay a sane file
(about 25-35 MB): every sample gets one table row (id, metric values rounded to 6
decimals, failing-gate bits, the first ``PREVIEW_CHARS`` characters of the answer);
the full question, answer (up to ``MAX_ANSWER`` characters) and per-claim details
(up to ``MAX_CLAIMS`` claims) are embedded for at most ``DETAIL_CAP`` samples: all of
them when the report has no more, otherwise the lowest-scoring ones
(:func:`~veracity.render.claims.worst_samples`) then the rest in input order.
"""

from __future__ import annotations

import base64
import hashlib
import json
from html import escape
from importlib import resources
from typing import Any

from veracity.errors import ConfigError
from veracity.render.claims import UNSUPPORTED, ClaimView, answer_claims, worst_samples
from veracity.render.junit import sample_fails_gate
from veracity.report import Report, SampleResult, value_against

__all__ = [
    "DETAIL_CAP",
    "MAX_ANSWER",
    "MAX_CLAIMS",
    "PREVIEW_CHARS",
    "histogram",
    "render_html",
    "script_json",
]

DETAIL_CAP = 2000
PREVIEW_CHARS = 100
MAX_ANSWER = 5000
MAX_QUESTION = 1000
MAX_CLAIMS = 50
MAX_SENTENCE = 600
MAX_GATE_BITS = 31
BINS = 10


def _asset(name: str) -> str:
    return (
        resources.files("veracity.render")
        .joinpath("assets")
        .joinpath(name)
        .read_text(encoding="utf-8")
    )


def script_json(obj: Any) -> str:
    """Strict JSON safe inside a ``<script>`` element: ``<``, ``>``, ``&`` escaped as
    ``\\u003c``, ``\\u003e``, ``\\u0026`` (``JSON.parse`` reads them back unchanged)."""
    text = json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.4f}"


def histogram(values: list[float], label: str) -> str:
    """Inline SVG histogram of ``values`` in ``BINS`` equal bins over [0, 1] (values
    outside are counted in the first / last bin); each bar has a ``<title>``."""
    counts = [0] * BINS
    for v in values:
        counts[min(BINS - 1, max(0, int(v * BINS)))] += 1
    top = max(counts) if values else 0
    w, h, bar = 220, 70, 20
    parts = [
        f'<svg class="hist" viewBox="0 0 {w} {h + 12}" role="img" '
        f'aria-label="distribution of {_e(label)} over {len(values)} samples">'
    ]
    for i, c in enumerate(counts):
        bh = 0.0 if top == 0 else round(h * c / top, 2)
        lo, hi = i / BINS, (i + 1) / BINS
        closing = "]" if i == BINS - 1 else ")"
        parts.append(
            f'<rect class="bar" x="{i * 22}" y="{h - bh:g}" width="{bar}" height="{bh:g}">'
            f"<title>[{lo:.1f}, {hi:.1f}{closing}: {c} sample{'' if c == 1 else 's'}</title></rect>"
        )
    parts.append(f'<text x="0" y="{h + 10}">0</text><text x="{w - 8}" y="{h + 10}">1</text></svg>')
    return "".join(parts)


def _card(report: Report, name: str) -> str:
    m = report.metrics[name]
    gates = [g for g in report.gates if g.gate.metric == name]
    cls = "card"
    if gates:
        cls += " gate-fail" if any(not g.passed for g in gates) else " gate-pass"
    values = [v for s in report.samples if (v := s.metrics.get(name)) is not None]
    chart = (
        histogram(values, name)
        if report.samples
        else '<p class="note">no per-sample values in this report</p>'
    )
    gate_txt = "".join(
        f'<div class="gate-line">{"pass" if g.passed else "FAIL"}: '
        f"{_e(g.gate.op)} {g.gate.threshold:g}</div>"
        for g in gates
    )
    return (
        f'<article class="{cls}" data-metric="{_e(name)}"><h3>{_e(name)}</h3>'
        f'<div class="mean">{_num(m.mean)}</div><dl><dt>median</dt><dd>{_num(m.median)}</dd>'
        f"<dt>scored</dt><dd>{m.n_scored}</dd><dt>undetermined</dt><dd>{m.n_undetermined}</dd>"
        f"</dl>{gate_txt}{chart}</article>"
    )


def _cut(text: str | None, limit: int) -> tuple[str, bool]:
    if text is None:
        return "", False
    return (text, False) if len(text) <= limit else (text[:limit], True)


def _claim_json(c: ClaimView) -> dict[str, Any]:
    out: dict[str, Any] = {"m": "n" if c.metric == "numeric" else "f", "t": c.text[:MAX_ANSWER]}
    out["st"] = c.status
    if c.start is not None and c.end is not None:
        out["s"], out["e"] = c.start, c.end
    optional: dict[str, Any] = {
        "r": c.reason[:MAX_SENTENCE] if c.reason else None,
        "sc": c.score,
        "ci": c.context_index,
        "cs": c.context_sentence[:MAX_SENTENCE] if c.context_sentence is not None else None,
        "ev": c.evidence,
        "re": c.relative_error,
        "v": c.value,
        "u": c.unit,
    }
    out.update({k: v for k, v in optional.items() if v is not None})
    return out


def _shown_claims(claims: list[ClaimView]) -> list[ClaimView]:
    """At most MAX_CLAIMS claims, the unsupported ones first to be kept (an invented claim
    at the end of a long answer is what the reader looks for), in answer order."""
    if len(claims) <= MAX_CLAIMS:
        return claims
    order = sorted(range(len(claims)), key=lambda i: (claims[i].status != UNSUPPORTED, i))
    return [claims[i] for i in sorted(order[:MAX_CLAIMS])]


def _detail(sample: SampleResult) -> dict[str, Any]:
    answer, cut = _cut(sample.answer, MAX_ANSWER)
    question, _ = _cut(sample.question, MAX_QUESTION)
    claims = answer_claims(sample)
    d: dict[str, Any] = {
        "q": question,
        "a": answer,
        "c": [_claim_json(c) for c in _shown_claims(claims)],
    }
    if cut:
        d["at"] = 1
    if len(claims) > MAX_CLAIMS:
        d["ct"] = len(claims) - MAX_CLAIMS
    reasons = [
        f"{name}: {entry['reason'][:MAX_SENTENCE]}"
        for name, entry in sample.details.items()
        if isinstance(entry, dict) and isinstance(entry.get("reason"), str) and entry["reason"]
    ]
    if reasons:
        d["rs"] = reasons[:20]
    return d


def _data(report: Report, detail_cap: int, preview_chars: int) -> dict[str, Any]:
    gates = report.gates[:MAX_GATE_BITS]
    chosen: set[int] = set()
    if len(report.samples) <= detail_cap:
        chosen = set(range(len(report.samples)))
    else:
        position = {id(s): i for i, s in enumerate(report.samples)}
        for sample, _ in worst_samples(report, detail_cap):
            chosen.add(position[id(sample)])
        for i in range(len(report.samples)):
            if len(chosen) >= detail_cap:
                break
            chosen.add(i)
    rows: list[list[Any]] = []
    details: list[dict[str, Any]] = []
    for i, s in enumerate(report.samples):
        values = [s.metrics.get(m) for m in report.metric_names]
        bits = 0
        for b, g in enumerate(gates):
            if sample_fails_gate(s.metrics.get(g.gate.metric), g):
                bits |= 1 << b
        preview = " ".join((s.answer or "")[: preview_chars * 2].split())[:preview_chars]
        detail_index = -1
        if i in chosen:
            detail_index = len(details)
            details.append(_detail(s))
        rows.append(
            [
                s.id,
                [None if v is None else round(v, 6) for v in values],
                preview,
                bits,
                detail_index,
            ]
        )
    return {
        "metrics": list(report.metric_names),
        "gates": [
            {
                "metric": g.gate.metric,
                "label": f"{g.gate.metric} {g.gate.op} {g.gate.threshold:g}",
                "passed": g.passed,
            }
            for g in gates
        ],
        "rows": rows,
        "details": details,
        "detail_cap": detail_cap,
    }


DEFAULT_TITLE = "veracity report"


def render_html(
    report: Report,
    *,
    title: str = "veracity report",  # DEFAULT_TITLE: the verdict and the file instead
    detail_cap: int = DETAIL_CAP,
    preview_chars: int = PREVIEW_CHARS,
) -> str:
    """The report as one self-contained HTML page (see the module docstring)."""
    from veracity import __version__

    if detail_cap < 0 or preview_chars < 0:
        raise ConfigError("detail_cap and preview_chars must be >= 0")
    script = _asset("report.js")
    if "</script" in script.lower():  # pragma: no cover - guards the shipped asset
        raise RuntimeError("report.js must not contain '</script'")
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
    csp = (
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
        f"script-src 'sha256-{digest}'"
    )
    n_failed = sum(not g.passed for g in report.gates)
    n_gates = len(report.gates)
    gates_word = "gate" if n_gates == 1 else "gates"
    if not report.gates:
        badge = '<span class="badge none">no gates</span>'
    elif n_failed:
        badge = (
            f'<span class="badge fail" id="status">FAILED: {n_failed} of {n_gates} '
            f"{gates_word}</span>"
        )
    else:
        badge = (
            f'<span class="badge pass" id="status">PASSED: {n_gates} of {n_gates} '
            f"{gates_word}</span>"
        )
    source = report.options.get("source")
    tab = title  # the browser tab: by default it says the verdict and the file
    if title == DEFAULT_TITLE:
        verdict = (
            ""
            if not report.gates
            else f": FAILED {n_failed} of {n_gates}"
            if n_failed
            else ": PASSED"
        )
        tab = f"veracity{verdict}" + (f" ({source})" if source else "")
    sub = f"{report.n_samples} sample{'' if report.n_samples == 1 else 's'} scored"
    if report.n_skipped:
        sub += f", {report.n_skipped} skipped"
    if source:
        sub += f" · {source}"
    sub += f" · veracity {__version__}"
    gates_html = "".join(
        f'<li class="{"pass" if g.passed else "fail"}" data-metric="{_e(g.gate.metric)}">'
        f"<strong>{'PASS' if g.passed else 'FAIL'}</strong> {_e(g.gate.metric)} {_e(g.gate.op)} "
        f"{g.gate.threshold:g} (mean {value_against(g.value, g.gate.threshold)})"
        f"{': ' + _e(g.note) if g.note else ''}</li>"
        for g in report.gates
    )
    cards = "".join(_card(report, name) for name in report.metric_names)
    n_detail = min(len(report.samples), detail_cap)
    cap_note = (
        f"Per-claim details are embedded for {n_detail} of {len(report.samples)} samples "
        f"(cap {detail_cap}: the lowest-scoring first)."
        if len(report.samples) > detail_cap
        else "Per-claim details are embedded for every sample."
    )
    skipped = ""
    if report.skipped:
        items = "".join(f"<li>{_e(s.get('message', s))}</li>" for s in report.skipped[:1000])
        more = f"<li>... and {report.n_skipped - 1000} more</li>" if report.n_skipped > 1000 else ""
        skipped = (
            f'<h2>Skipped records ({report.n_skipped})</h2><ul class="skipped">{items}{more}</ul>'
        )
    options = _e(
        json.dumps(report.options, ensure_ascii=False, allow_nan=False, indent=2, default=str)
    )
    page = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_e(tab)}</title>
<style>{_asset("report.css")}</style>
</head>
<body>
<header><h1>{_e(title)} {badge}</h1><div class="sub">{_e(sub)}</div></header>
<main>
<section id="gates-section"><h2>Gates</h2>{f'<ul class="gates">{gates_html}</ul>' if gates_html else '<p class="note">No gates were set (use --fail-under METRIC=VALUE).</p>'}</section>
<section id="cards-section"><h2>Metrics</h2><div class="cards" id="cards">{cards}</div></section>
<section id="samples-section"><h2>Samples</h2>
<div class="controls">
<label>Search<input id="f-text" type="search" placeholder="id, question or answer text"></label>
<label>Gate<select id="f-gate"><option value="">all samples</option><option value="any">failing any gate</option></select></label>
<label>Metric<select id="f-metric"><option value="">(range on metric)</option></select></label>
<label>min<input id="f-min" type="number" step="any"></label>
<label>max<input id="f-max" type="number" step="any"></label>
<label>Rows<select id="f-size"><option>25</option><option selected>50</option><option>100</option><option>500</option></select></label>
</div>
<noscript><p>The sample table needs JavaScript; the data is in the JSON block of this file.</p></noscript>
<div class="pager"><button type="button" id="prev">&larr; prev</button><span id="page-info"></span><button type="button" id="next">next &rarr;</button><span id="count" class="note"></span></div>
<div class="table-wrap"><table class="samples"><thead id="samples-head"></thead><tbody id="samples-body"></tbody></table></div>
<p class="note">{_e(cap_note)} A sample fails a gate when its own value fails the gate's comparison; undetermined values never fail.</p>
</section>
{skipped}
<details><summary>Options</summary><pre class="options">{options}</pre></details>
</main>
<footer class="note">Generated by veracity {_e(__version__)}. Self-contained: works offline.</footer>
<script type="application/json" id="veracity-data">{script_json(_data(report, detail_cap, preview_chars))}</script>
<script>{script}</script>
</body>
</html>
"""
    return page.encode("utf-8", "replace").decode("utf-8")
