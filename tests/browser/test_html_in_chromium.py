"""The HTML report opened in a real headless browser (Debian's ``chromium``).

No extra Python dependency: chromium runs with ``--dump-dom`` and a virtual-time
budget, console messages go to stderr (``--enable-logging=stderr``), and the
interactions are done by a small driver script appended to the page (its hash is
added to the report's Content-Security-Policy, which blocks every other inline
script); the driver writes what it saw as JSON into the DOM, which is dumped and read
back here. Skipped when no chromium binary is installed (``.ci/run`` installs it).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from veracity.render.html import render_html
from veracity.report import Report, ReportBuilder, SampleResult, parse_gate

CHROMIUM = os.environ.get("VERACITY_CHROMIUM") or next(
    (p for n in ("chromium", "chromium-browser") if (p := shutil.which(n))), None
)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium)"
)

HOSTILE = (
    "<script>document.body.setAttribute('data-pwned','1')</script>"
    "<img src=x onerror=\"document.body.setAttribute('data-pwned','2')\"> 42 is wrong."
)


def _claims(answer: str, parts: list[tuple[str, bool]]) -> dict[str, Any]:
    out = []
    for text, ok in parts:
        start = answer.index(text)
        out.append(
            {"text": text, "start": start, "end": start + len(text), "supported": ok,
             "score": 0.9 if ok else 0.1, "reason": "supported" if ok else f"unsupported: {text}",
             "context_index": 0, "context_sentence": f"Context for {text}"}
        )  # fmt: skip
    return {"score": None, "reason": "", "method": "lexical", "claims": out}


def build_report(n_extra: int = 0) -> Report:
    a1, a2, a3 = "Paris is in France.", "Berlin is in Spain. It has 5 parks.", HOSTILE
    samples = [
        SampleResult("ok-1", {"faithfulness": 1.0, "numeric": None},
                     {"faithfulness": _claims(a1, [("Paris is in France.", True)]),
                      "numeric": {"reason": "no numeric claims"}}, "q1", a1),
        SampleResult("bad-2", {"faithfulness": 0.5, "numeric": 0.0},
                     {"faithfulness": _claims(a2, [("Berlin is in Spain.", False),
                                                   ("It has 5 parks.", True)]),
                      "numeric": {"claim_verifications": [
                          {"text": "5", "start": 27, "end": 28, "verified": False,
                           "evidence": {"key": "parks", "value": 7, "unit": ""},
                           "relative_error": 0.2857, "reason": "5 vs 7"}]}}, "q2", a2),
        SampleResult("evil-3", {"faithfulness": 0.0, "numeric": 1.0},
                     {"faithfulness": _claims(a3, [(a3[:20], False)])}, "<b>q3</b>", a3),
    ]  # fmt: skip
    for i in range(n_extra):
        samples.append(
            SampleResult(f"x{i:05d}", {"faithfulness": 0.9, "numeric": 1.0}, {}, "q", "a")
        )
    b = ReportBuilder(["faithfulness", "numeric"])
    for s in samples:
        b.add(s)
    return b.build([parse_gate("faithfulness>=0.8"), parse_gate("numeric>=0.5")])


DRIVER = """
(function () {
  var out = {};
  function ids() {
    return Array.prototype.map.call(document.querySelectorAll('#samples-body tr.row'),
      function (r) { return r.getAttribute('data-id'); });
  }
  function set(id, value, evt) {
    var e = document.getElementById(id); e.value = value; e.dispatchEvent(new Event(evt));
  }
  out.initial = ids();
  out.cards = document.querySelectorAll('article.card').length;
  out.bars = Array.prototype.map.call(document.querySelectorAll('article.card'),
    function (c) { return c.querySelectorAll('svg rect.bar').length; });
  set('f-gate', '0', 'change'); out.gate0 = ids();
  set('f-gate', '1', 'change'); out.gate1 = ids();
  set('f-gate', 'any', 'change'); out.any = ids();
  set('f-gate', '', 'change');
  set('f-metric', 'faithfulness', 'change'); set('f-min', '0.4', 'input'); set('f-max', '0.95', 'input');
  out.range = ids();
  set('f-metric', '', 'change'); set('f-min', '', 'input'); set('f-max', '', 'input');
  set('f-text', 'SPAIN', 'input'); out.search = ids(); set('f-text', '', 'input');
  document.querySelector('#samples-head th:nth-child(2) button').click(); out.sortAsc = ids();
  document.querySelector('#samples-head th:nth-child(2) button').click(); out.sortDesc = ids();
  document.querySelector('#samples-head th:nth-child(2) button').click();
  document.querySelector('tr.row[data-id="evil-3"]').click();
  var detail = document.querySelector('tr.detail');
  out.evilText = detail.querySelector('.answer').textContent;
  out.evilElements = detail.querySelectorAll('.answer script, .answer img').length;
  document.querySelector('tr.row[data-id="bad-2"]').click();
  var marks = document.querySelector('tr.row[data-id="bad-2"]').nextElementSibling
    .querySelectorAll('mark.claim');
  out.marks = Array.prototype.map.call(marks, function (m) {
    return [m.className, m.textContent]; });
  var five = Array.prototype.filter.call(marks, function (m) { return m.textContent === '5'; })[0];
  five.click();
  out.numericInfo = five.closest('td').querySelector('.claim-info').textContent;
  var berlin = Array.prototype.filter.call(marks, function (m) {
    return m.textContent === 'Berlin is in Spain.'; })[0];
  berlin.click();
  out.claimInfo = berlin.closest('td').querySelector('.claim-info').textContent;
  out.count = document.getElementById('count').textContent;
  document.getElementById('next').click(); out.page2 = ids().length;
  var pre = document.createElement('pre'); pre.id = 'driver-out';
  pre.textContent = JSON.stringify(out); document.body.appendChild(pre);
})();
"""


def _run(page: str, tmp_path: Path, budget_ms: int = 3000) -> tuple[str, str]:
    assert CHROMIUM is not None
    path = tmp_path / "report.html"
    path.write_text(page, encoding="utf-8")
    proc = subprocess.run(
        [
            CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-extensions", f"--user-data-dir={tmp_path / 'profile'}",
            "--enable-logging=stderr", "--v=0", f"--virtual-time-budget={budget_ms}",
            "--dump-dom", path.as_uri(),
        ],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout, proc.stderr


def _with_driver(page: str, driver: str = DRIVER) -> str:
    """Append ``driver`` and allow it (by its hash) in the report's CSP."""
    digest = base64.b64encode(hashlib.sha256(driver.encode()).digest()).decode()
    page = page.replace("script-src 'sha256-", f"script-src 'sha256-{digest}' 'sha256-", 1)
    return page.replace("</body>", f"<script>{driver}</script></body>", 1)


def _console(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ":CONSOLE" in line]


def test_report_loads_without_errors_and_injected_markup_is_inert(tmp_path: Path) -> None:
    dom, err = _run(render_html(build_report()), tmp_path)
    assert _console(err) == []
    body = re.search(r"<body([^>]*)>", dom)
    assert body is not None
    assert 'data-ready="1"' in body.group(1)
    assert "data-pwned" not in body.group(1) and "data-js-error" not in body.group(1)
    assert dom.count('<article class="card') == 2
    # the hostile answer is shown as text in its preview cell
    assert html.escape("<script>document.body", quote=False) in dom


def test_filters_sorting_claims_in_browser(tmp_path: Path) -> None:
    dom, err = _run(_with_driver(render_html(build_report(n_extra=60))), tmp_path)
    assert _console(err) == []
    m = re.search(r'<pre id="driver-out">(.*?)</pre>', dom, re.S)
    assert m is not None, dom[-3000:]
    out = json.loads(html.unescape(m.group(1)))
    assert out["cards"] == 2 and out["bars"] == [10, 10]
    assert out["initial"][:3] == ["ok-1", "bad-2", "evil-3"] and len(out["initial"]) == 50
    assert out["gate0"] == ["bad-2", "evil-3"]  # faithfulness < 0.8
    assert out["gate1"] == ["bad-2"]  # numeric < 0.5
    assert out["any"] == ["bad-2", "evil-3"]
    assert out["range"] == ["bad-2"] + [f"x{i:05d}" for i in range(49)]
    assert out["search"] == ["bad-2"]
    assert out["sortAsc"][:3] == ["evil-3", "bad-2", "x00000"]
    assert out["sortDesc"][0] == "ok-1"
    assert out["evilText"] == HOSTILE and out["evilElements"] == 0
    assert out["marks"] == [
        ["claim st-unsupported", "Berlin is in Spain."],
        ["claim st-supported", "It has "],
        ["claim st-unsupported num", "5"],
        ["claim st-supported", " parks."],
    ]
    assert "Matched evidence: parks = 7" in out["numericInfo"]
    assert "Relative error: 28.57%" in out["numericInfo"]
    assert "unsupported: Berlin is in Spain." in out["claimInfo"]
    assert "Context for Berlin is in Spain." in out["claimInfo"]
    assert out["count"] == "Showing 1–50 of 63"
    assert out["page2"] == 13
    body = re.search(r"<body([^>]*)>", dom)
    assert body is not None and "data-pwned" not in body.group(1)


DEMO_DRIVER = """
(function () {
  var s = document.getElementById('f-size'); s.value = '500'; s.dispatchEvent(new Event('change'));
  var g = document.getElementById('f-gate'); g.value = '0'; g.dispatchEvent(new Event('change'));
  var ids = Array.prototype.map.call(document.querySelectorAll('#samples-body tr.row'),
    function (r) { return r.getAttribute('data-id'); });
  var rows = document.querySelectorAll('#samples-body tr.row');
  for (var i = 0; i < rows.length; i++) rows[i].click();
  var pre = document.createElement('pre'); pre.id = 'driver-out';
  pre.textContent = JSON.stringify({ids: ids, cards: document.querySelectorAll('article.card').length,
    details: document.querySelectorAll('tr.detail').length,
    marks: document.querySelectorAll('tr.detail mark.claim').length});
  document.body.appendChild(pre);
})();
"""


def test_demo_report_in_browser(tmp_path: Path) -> None:
    from importlib import resources

    from veracity.evaluation import evaluate
    from veracity.io import read_samples

    demo = resources.files("veracity").joinpath("data").joinpath("demo.jsonl")
    with resources.as_file(demo) as path:
        report = evaluate(read_samples(path), gates=["faithfulness=0.8"])
    expected = [
        s.id for s in report.samples if (v := s.metrics["faithfulness"]) is not None and v < 0.8
    ]
    assert expected  # the demo data holds hallucinated answers on purpose
    dom, err = _run(_with_driver(render_html(report), DEMO_DRIVER), tmp_path)
    assert _console(err) == []
    m = re.search(r'<pre id="driver-out">(.*?)</pre>', dom, re.S)
    assert m is not None
    out = json.loads(html.unescape(m.group(1)))
    assert out["cards"] == len(report.metric_names)
    assert out["ids"] == expected
    assert out["details"] == len(expected) and out["marks"] >= len(expected)
