"""HTML renderer: parsed with the standard library; escaping, embedded data, caps."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html.parser import HTMLParser
from typing import Any

from render_samples import A2, HOSTILE

from veracity.render import render
from veracity.render.html import histogram, render_html, script_json
from veracity.report import Report, ReportBuilder, SampleResult, parse_gate


class Collector(HTMLParser):
    """Element start tags (with attributes), script bodies and visible text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.text: list[str] = []
        self._in_script: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._in_script = dict(attrs)
            self.scripts.append((self._in_script, ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = None

    def handle_data(self, data: str) -> None:
        if self._in_script is not None:
            attrs, body = self.scripts[-1]
            self.scripts[-1] = (attrs, body + data)
        else:
            self.text.append(data)


def parse(page: str) -> Collector:
    c = Collector()
    c.feed(page)
    c.close()
    return c


def data_of(c: Collector) -> dict[str, Any]:
    [(_, body)] = [(a, b) for a, b in c.scripts if a.get("type") == "application/json"]
    return json.loads(body)  # type: ignore[no-any-return]


def test_structure_cards_gates_and_data(report: Report) -> None:
    page = render_html(report)
    assert page == render(report, "html")
    c = parse(page)
    cards = [a["data-metric"] for t, a in c.tags if t == "article"]
    assert cards == ["precision@5", "faithfulness", "numeric"]
    card_classes = [a["class"] for t, a in c.tags if t == "article"]
    assert card_classes == ["card", "card gate-fail", "card gate-pass"]
    gates = [(a["class"], a["data-metric"]) for t, a in c.tags if t == "li" and "data-metric" in a]
    assert gates == [("fail", "faithfulness"), ("pass", "numeric")]
    assert sum(1 for t, a in c.tags if t == "rect") == 30  # 10 bars per card
    data = data_of(c)
    assert data["metrics"] == ["precision@5", "faithfulness", "numeric"]
    # row: id, values, preview, failing-gate bits (1 = faithfulness, 2 = numeric), detail index
    assert [r[0] for r in data["rows"]] == ["q1", "q2", "q3 <b>"]
    assert [r[1] for r in data["rows"]] == [[0.4, 1.0, 1.0], [0.2, 0.5, 0.0], [None, 0.0, None]]
    assert [r[3] for r in data["rows"]] == [0, 3, 1]
    assert [r[4] for r in data["rows"]] == [0, 1, 2]
    assert data["rows"][2][2] == " ".join(HOSTILE.split())
    q2 = data["details"][1]
    assert q2["a"] == A2 and q2["q"] == "Where | is it?"
    assert q2["c"][0] == {
        "m": "f", "t": "The Eiffel Tower is in Berlin.", "st": "unsupported", "s": 0, "e": 30,
        "r": "entity 'Berlin' is in no context", "sc": 0.1, "ci": 0,
        "cs": "The tower stands in Paris.",
    }  # fmt: skip
    assert q2["c"][2] == {
        "m": "n", "t": "$5 million", "st": "unsupported", "s": 39, "e": 49,
        "r": "off by 19.0% (tolerance 10%)", "ev": "cost = 4200000 USD (context 0)",
        "re": 0.1905, "v": 5000000.0, "u": "USD",
    }  # fmt: skip
    assert data["details"][2]["rs"] == [
        "precision@5: no golden documents",
        "numeric: no numeric claims",
    ]


def test_user_text_never_becomes_markup(report: Report) -> None:
    page = render_html(report)
    c = parse(page)
    scripts = [a for t, a in c.tags if t == "script"]
    assert scripts == [{"type": "application/json", "id": "veracity-data"}, {}]
    assert not any(t in ("b", "a", "img") for t, _ in c.tags)
    assert "q3 <b>" not in page and "<script>document" not in page
    assert page.count("</script>") == 2
    # the JSON block has no raw <, > or & at all
    body = next(b for a, b in c.scripts if a.get("type") == "application/json")
    assert not re.search(r"[<>&]", body)
    assert "\\u003cscript\\u003e" in body


def test_csp_allows_only_the_report_script(report: Report) -> None:
    page = render_html(report)
    c = parse(page)
    [csp] = [a["content"] for t, a in c.tags if t == "meta" and a.get("http-equiv")]
    script = next(b for a, b in c.scripts if not a)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert csp == (
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
        f"script-src 'sha256-{digest}'"
    )
    # no external resource anywhere
    assert not re.search(r"(src|href)=\"(https?:)?//", page)
    assert "http://" not in page and "https://" not in page


def test_script_json_escapes_and_round_trips() -> None:
    obj = {"a": "</script><!-- & -->", "b": [1.5, None, True], "é": "\u2028"}
    text = script_json(obj)
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == obj


def test_histogram_bins() -> None:
    svg = histogram([0.0, 0.05, 0.1, 0.95, 1.0, 1.0, -0.5, 1.5], "m")
    titles = re.findall(r"<title>([^<]*)</title>", svg)
    assert titles[0] == "[0.0, 0.1): 3 samples"  # 0.0, 0.05 and -0.5 (clamped)
    assert titles[1] == "[0.1, 0.2): 1 sample"
    assert titles[9] == "[0.9, 1.0]: 4 samples"  # 0.95, 1.0, 1.0 and 1.5 (clamped)
    heights = re.findall(r'height="([0-9.]+)"', svg)
    assert heights[9] == "70" and heights[0] == "52.5" and heights[5] == "0"
    assert 'aria-label="distribution of m over 8 samples"' in svg


def test_detail_cap_embeds_the_worst_samples_first() -> None:
    b = ReportBuilder(["faithfulness"])
    for i, v in enumerate([0.9, 0.1, 1.0, 0.5, 0.7]):
        b.add(SampleResult(f"s{i}", {"faithfulness": v}, {}, f"question {i}", f"answer {i}"))
    report = b.build([parse_gate("faithfulness=0.8")])
    data = data_of(parse(render_html(report, detail_cap=2)))
    # worst two: s1 (0.1), s3 (0.5); details numbered in input order
    assert [r[4] for r in data["rows"]] == [-1, 0, -1, 1, -1]
    assert [d["a"] for d in data["details"]] == ["answer 1", "answer 3"]
    page = render_html(report, detail_cap=2)
    assert (
        "Per-claim details are embedded for 2 of 5 samples (cap 2: the lowest-scoring first)."
        in page
    )


def test_long_answers_are_cut_and_report_without_samples_renders() -> None:
    b = ReportBuilder(["faithfulness"])
    b.add(SampleResult("long", {"faithfulness": 1.0}, {}, "q", "word " * 3000))
    data = data_of(parse(render_html(b.build(), preview_chars=20)))
    assert data["rows"][0][2] == "word word word word "[:20]
    assert len(data["details"][0]["a"]) == 5000 and data["details"][0]["at"] == 1
    empty = ReportBuilder(["faithfulness"], keep_samples=False)
    empty.add(SampleResult("x", {"faithfulness": 1.0}))
    page = render_html(empty.build())
    assert "no per-sample values in this report" in page
    assert data_of(parse(page))["rows"] == []


def test_lone_surrogates_do_not_break_the_file() -> None:
    b = ReportBuilder(["faithfulness"])
    b.add(SampleResult("s\ud800", {"faithfulness": 1.0}, {}, "q", "a\udfff"))
    page = render_html(b.build())
    page.encode("utf-8")
    assert data_of(parse(page))["rows"][0][0] == "s?"


def test_negative_caps_are_config_errors(report: Report) -> None:
    import pytest

    from veracity.errors import ConfigError

    with pytest.raises(ConfigError, match="detail_cap and preview_chars must be >= 0"):
        render_html(report, detail_cap=-1)


def test_the_detail_cap_the_cli_keeps_is_the_renderers() -> None:
    from veracity.render import SAMPLES_KEPT
    from veracity.render.html import DETAIL_CAP

    assert SAMPLES_KEPT["html"] == ("light", DETAIL_CAP)


def test_the_markdown_kept_count_is_the_clis() -> None:
    from veracity.render import SAMPLES_KEPT
    from veracity.render.markdown import _KEPT

    assert SAMPLES_KEPT["markdown"] == ("worst", _KEPT)


def test_the_page_title_says_the_verdict_and_the_file() -> None:
    from veracity.render.html import render_html
    from veracity.report import ReportBuilder, SampleResult, parse_gate

    b = ReportBuilder(["faithfulness"])
    b.add(SampleResult("a", {"faithfulness": 0.5}))
    failed = b.build([parse_gate("faithfulness=0.8")], options={"source": "answers.jsonl"})
    html = render_html(failed)
    assert "<title>veracity: FAILED 1 of 1 (answers.jsonl)</title>" in html
    assert 'id="status">FAILED: 1 of 1 gate</span>' in html
    assert "<title>veracity</title>" in render_html(b.build())  # no gate, no source
    assert "<title>mine</title>" in render_html(failed, title="mine")


def test_a_long_answer_keeps_its_unsupported_claims_in_the_page() -> None:
    """Over MAX_CLAIMS claims, the unsupported ones are kept first, in answer order."""
    from veracity.render.claims import UNSUPPORTED, ClaimView
    from veracity.render.html import MAX_CLAIMS, _shown_claims

    def claim(i: int, status: str) -> ClaimView:
        return ClaimView("faithfulness", f"c{i}", status, "")

    claims = [claim(i, "supported") for i in range(MAX_CLAIMS + 5)] + [claim(99, UNSUPPORTED)]
    shown = _shown_claims(claims)
    assert len(shown) == MAX_CLAIMS and shown[-1].text == "c99"
    assert [c.text for c in shown[:3]] == ["c0", "c1", "c2"]
