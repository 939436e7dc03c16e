"""Renderers of a :class:`~veracity.compare.ComparisonResult`: table, JSON, Markdown, HTML.

``render_comparison(result, fmt)`` dispatches on the format name. All formats show the
same facts: the match counts, per metric the base and new means, the paired delta with
its confidence interval, how many samples got worse / better and the verdict; then the
samples that changed most and the new / missing ids (lists cut at ``TOP_N`` / ``MAX_IDS``
with a count of the rest). The HTML page is self-contained (inline CSS and SVG, no
script); its interval plot draws each metric's CI around zero.
"""

from __future__ import annotations

from html import escape
from importlib import resources

from veracity.compare import ComparisonResult, MetricDelta, SampleChange
from veracity.errors import ConfigError
from veracity.render.json import dumps
from veracity.render.markdown import md_text
from veracity.render.table import format_table

__all__ = [
    "COMPARE_FORMATS",
    "render_comparison",
    "render_comparison_html",
    "render_comparison_markdown",
    "render_comparison_table",
]

COMPARE_FORMATS = ("table", "json", "markdown", "html")
TOP_N = 10
MAX_IDS = 20


def _num(v: float | None) -> str:
    return "-" if v is None else f"{v:.4f}"


def _signed(v: float | None) -> str:
    return "-" if v is None else f"{v:+.4f}"


def _ci(m: MetricDelta) -> str:
    return "-" if m.ci_low is None or m.ci_high is None else f"[{m.ci_low:+.4f}, {m.ci_high:+.4f}]"


def _verdict(m: MetricDelta) -> str:
    return m.verdict.upper() if m.regressed else m.verdict


def _matched(r: ComparisonResult) -> str:
    return (
        f"{r.n_matched} matched samples (base {r.n_base}, new {r.n_new}: "
        f"{len(r.new_ids)} new, {len(r.missing_ids)} missing)"
    )


def _method(r: ComparisonResult) -> str:
    return f"paired bootstrap {r.confidence:.0%} CI, {r.resamples} resamples, seed {r.seed}"


def _head(r: ComparisonResult) -> str:
    return f"{_matched(r)}; {_method(r)}"


def _method_note(r: ComparisonResult) -> str:
    normal = [m.metric for m in r.metrics if m.ci_method == "normal"]
    if not normal:
        return ""
    return (
        "intervals from the normal limit of the bootstrap (resamples x pairs over the "
        f"budget) for: {', '.join(normal)}"
    )


def _ids(ids: list[str]) -> str:
    shown = ", ".join(" ".join(i.split()) for i in ids[:MAX_IDS])
    return shown + (f", ... and {len(ids) - MAX_IDS} more" if len(ids) > MAX_IDS else "")


def _change(c: SampleChange) -> list[str]:
    return [" ".join(c.id.split()), c.metric, _num(c.base), _num(c.new), _signed(c.delta)]


def render_comparison_table(r: ComparisonResult) -> str:
    """Aligned plain text."""
    out = [f"veracity compare: {_matched(r)}", _method(r), ""]
    rows = [
        [m.metric, _num(m.base_mean), _num(m.new_mean), _signed(m.delta), _ci(m),
         str(m.n_worse), str(m.n_better), _verdict(m)]
        for m in r.metrics
    ]  # fmt: skip
    out.append(
        format_table(
            [
                "metric",
                "base",
                "new",
                "delta",
                f"{r.confidence:.0%} CI",
                "worse",
                "better",
                "verdict",
            ],
            rows,
            "lrrrlrrl",
        )
    )
    if _method_note(r):
        out.append(_method_note(r))
    for title, items in (("got worse", r.worse), ("got better", r.better)):
        if items:
            out += ["", f"samples that {title} ({min(TOP_N, len(items))} of {len(items)}):"]
            out.append(
                format_table(
                    ["id", "metric", "base", "new", "delta"],
                    [_change(c) for c in items[:TOP_N]],
                    "llrrr",
                )
            )
    if r.new_ids:
        out += ["", f"new ids ({len(r.new_ids)}): {_ids(r.new_ids)}"]
    if r.missing_ids:
        out += ["", f"missing ids ({len(r.missing_ids)}): {_ids(r.missing_ids)}"]
    out += ["", "REGRESSION: " + ", ".join(r.regressions) if r.regressed else _no_regression(r)]
    return "\n".join(out) + "\n"


def _no_regression(r: ComparisonResult) -> str:
    """The verdict when no metric is significantly worse, saying how many are lower all
    the same (a green "no regression" beside seven lower means misleads)."""
    lower = [m.metric for m in r.metrics if m.delta is not None and m.delta < 0]
    if not lower:
        return "no significant regression"
    return (
        f"no significant regression ({len(lower)} metric{'' if len(lower) == 1 else 's'} "
        f"lower, within the {r.confidence:.0%} confidence interval: {', '.join(lower)})"
    )


def render_comparison_markdown(r: ComparisonResult) -> str:
    """GitHub-flavoured Markdown (user text made inert with :func:`md_text`)."""
    status = (
        f"**REGRESSION** in {md_text(', '.join(r.regressions))}"
        if r.regressed
        else md_text(_no_regression(r))
    )
    out = ["## veracity compare", "", f"{md_text(_head(r))}. Result: {status}.", ""]
    out += [
        f"| metric | base | new | delta | {r.confidence:.0%} CI | worse | better | verdict |",
        "| --- | ---: | ---: | ---: | --- | ---: | ---: | --- |",
    ]
    for m in r.metrics:
        verdict = f"❌ {m.verdict}" if m.regressed else md_text(m.verdict)
        out.append(
            f"| {md_text(m.metric)} | {_num(m.base_mean)} | {_num(m.new_mean)} | {_signed(m.delta)} "
            f"| {_ci(m)} | {m.n_worse} | {m.n_better} | {verdict} |"
        )
    if _method_note(r):
        out += ["", md_text(_method_note(r), 2000)]
    for title, items in (("got worse", r.worse), ("got better", r.better)):
        if items:
            out += ["", f"### Samples that {title} ({min(TOP_N, len(items))} of {len(items)})", ""]
            out += ["| id | metric | base | new | delta |", "| --- | --- | ---: | ---: | ---: |"]
            out += [
                f"| {md_text(c.id, 80)} | {md_text(c.metric)} | {_num(c.base)} | {_num(c.new)} "
                f"| {_signed(c.delta)} |"
                for c in items[:TOP_N]
            ]
    for title, ids in (("New ids", r.new_ids), ("Missing ids", r.missing_ids)):
        if ids:
            out += ["", f"**{title} ({len(ids)}):** {md_text(_ids(ids), 2000)}"]
    return "\n".join(out) + "\n"


def _interval_svg(r: ComparisonResult) -> str:
    scored = [m for m in r.metrics if m.ci_low is not None and m.ci_high is not None]
    if not scored:
        return ""
    span = max(0.05, *(max(abs(m.ci_low or 0.0), abs(m.ci_high or 0.0)) for m in scored))
    w, label_w, row_h = 640, 180, 22
    plot_w = w - label_w - 20
    h = row_h * len(scored) + 24

    def x(v: float) -> float:
        return round(label_w + (v + span) / (2 * span) * plot_w, 2)

    parts = [
        f'<svg class="forest" viewBox="0 0 {w} {h}" role="img" aria-label="confidence intervals '
        f'of the deltas">',
        f'<line x1="{x(0)}" y1="0" x2="{x(0)}" y2="{h - 16}" stroke="#59636e" stroke-dasharray="3"/>',
    ]
    for i, m in enumerate(scored):
        y = i * row_h + 12
        color = "#cf222e" if m.regressed else "#1a7f37" if m.verdict == "improvement" else "#0969da"
        lo, hi = m.ci_low or 0.0, m.ci_high or 0.0
        parts.append(
            f'<text x="0" y="{y + 4}" font-size="12">{escape(m.metric)}</text>'
            f'<line x1="{x(lo)}" y1="{y}" x2="{x(hi)}" y2="{y}" stroke="{color}" stroke-width="3"/>'
            f'<circle cx="{x(m.delta or 0.0)}" cy="{y}" r="4" fill="{color}">'
            f"<title>{escape(m.metric)}: {_signed(m.delta)} {_ci(m)}</title></circle>"
        )
    parts.append(
        f'<text x="{label_w}" y="{h - 2}" font-size="10">{-span:+.3f}</text>'
        f'<text x="{x(0) - 4}" y="{h - 2}" font-size="10">0</text>'
        f'<text x="{w - 50}" y="{h - 2}" font-size="10">{span:+.3f}</text></svg>'
    )
    return "".join(parts)


def render_comparison_html(r: ComparisonResult) -> str:
    """A self-contained HTML page (no script at all)."""
    css = resources.files("veracity.render").joinpath("assets").joinpath("report.css")
    e = escape
    badge = (
        f'<span class="badge fail">REGRESSION: {e(", ".join(r.regressions))}</span>'
        if r.regressed
        else f'<span class="badge pass">{e(_no_regression(r))}</span>'
    )
    head = "".join(
        f"<th>{e(h)}</th>"
        for h in ("metric", "base", "new", "delta", f"{r.confidence:.0%} CI", "worse", "better",
                  "verdict")
    )  # fmt: skip
    rows = "".join(
        f'<tr class="{"fails" if m.regressed else ""}"><td>{e(m.metric)}</td><td>{_num(m.base_mean)}</td>'
        f"<td>{_num(m.new_mean)}</td><td>{_signed(m.delta)}</td><td>{_ci(m)}</td>"
        f"<td>{m.n_worse}</td><td>{m.n_better}</td><td>{e(m.verdict)}</td></tr>"
        for m in r.metrics
    )
    lists = ""
    for title, items in (("got worse", r.worse), ("got better", r.better)):
        if items:
            body = "".join(
                "<tr>" + "".join(f"<td>{e(c)}</td>" for c in _change(x)) + "</tr>"
                for x in items[:TOP_N]
            )
            lists += (
                f"<h2>Samples that {title} ({min(TOP_N, len(items))} of {len(items)})</h2>"
                '<table class="samples"><thead><tr><th>id</th><th>metric</th><th>base</th>'
                f"<th>new</th><th>delta</th></tr></thead><tbody>{body}</tbody></table>"
            )
    for title, ids in (("New ids", r.new_ids), ("Missing ids", r.missing_ids)):
        if ids:
            lists += f"<h2>{title} ({len(ids)})</h2><p>{e(_ids(ids))}</p>"
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>veracity compare</title>
<style>{css.read_text(encoding="utf-8")}</style>
</head>
<body>
<header><h1>veracity compare {badge}</h1><div class="sub">{e(_head(r))}</div></header>
<main>
<h2>Metrics</h2>
<table class="samples" id="deltas"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>
{_interval_svg(r)}
<p class="note">{e(_method_note(r))}</p>
{lists}
</main>
</body>
</html>
"""


def render_comparison(result: ComparisonResult, fmt: str) -> str:
    """Render ``result`` as ``fmt``: one of :data:`COMPARE_FORMATS`."""
    if fmt == "table":
        return render_comparison_table(result)
    if fmt == "json":
        return dumps(result.to_dict(), indent=2)
    if fmt == "markdown":
        return render_comparison_markdown(result)
    if fmt == "html":
        return render_comparison_html(result)
    raise ConfigError(f"unknown format {fmt!r}; choose from {', '.join(COMPARE_FORMATS)}")
