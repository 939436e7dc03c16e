"""Markdown renderer: exact output on hand-built reports; user text stays inert."""

from __future__ import annotations

from render_samples import build_report

from veracity.render import render
from veracity.render.markdown import md_text, render_markdown
from veracity.report import Report, ReportBuilder, SampleResult

EXPECTED = """\
## veracity report

3 samples scored, 1 skipped. Gates: **FAILED** (1 of 2 failed).

| metric | mean | median | scored | undetermined |
| --- | ---: | ---: | ---: | ---: |
| precision@5 | 0.3000 | 0.3000 | 2 | 1 |
| faithfulness | 0.5000 | 0.5000 | 3 | 0 |
| numeric | 0.5000 | 0.5000 | 2 | 1 |

### Gates

| gate | mean | result |
| --- | ---: | --- |
| faithfulness &gt;= 0.8 | 0.5000 | ❌ fail: faithfulness = 0.5000, required &gt;= 0.8 |
| numeric &gt;= 0.5 | 0.5000 | ✅ pass |

### Worst samples

Lowest faithfulness / numeric first (2 of 2 samples below 1.0).

**1. q2** — faithfulness 0.5000 · numeric 0.0000

- unsupported (faithfulness): "The Eiffel Tower is in Berlin." — entity 'Berlin' is in no context
- failed (numeric): "$5 million" — off by 19.0% (tolerance 10%); evidence cost = 4200000 USD \
(context 0); relative error 19.05%

**2. q3 &lt;b&gt;** — faithfulness 0.0000 · numeric -

- unsupported (faithfulness): "&lt;script&gt;document.body.setAttribute('data-pwned','1')\
&lt;/script&gt;" — no context sentence \\| shares &lt;a&gt; word

### Skipped records (1)

- hand.jsonl:4: field 'contexts': must not be empty
"""


def test_exact_output(report: Report) -> None:
    assert render_markdown(report) == EXPECTED
    assert render(report, "markdown") == EXPECTED


def test_no_gates_no_samples_below_one() -> None:
    b = ReportBuilder(["faithfulness"])
    b.add(SampleResult("a", {"faithfulness": 1.0}))
    b.add(SampleResult("b", {"faithfulness": None}, {"faithfulness": {"reason": "no claims"}}))
    assert render_markdown(b.build()) == (
        "## veracity report\n\n2 samples scored.\n\n"
        "| metric | mean | median | scored | undetermined |\n"
        "| --- | ---: | ---: | ---: | ---: |\n"
        "| faithfulness | 1.0000 | 1.0000 | 1 | 1 |\n"
    )


def test_worst_n_and_claim_cap() -> None:
    report = build_report()
    text = render_markdown(report, worst=1, max_claims=1)
    assert "(1 of 2 samples below 1.0)" in text
    assert "**2." not in text
    assert '- unsupported (faithfulness): "The Eiffel Tower is in Berlin."' in text
    assert "- … and 1 more" in text
    assert "$5 million" not in text


def test_md_text_neutralises_markdown_and_html() -> None:
    assert md_text("a | b\nc\r\n d\te") == "a \\| b c d e"
    assert md_text("<script>x</script> & `y` *z* _w_ [l](u) ~s~ \\") == (
        "&lt;script&gt;x&lt;/script&gt; &amp; \\`y\\` \\*z\\* \\_w\\_ \\[l\\](u) \\~s\\~ \\\\"
    )
    assert md_text("bell\x07 nul\x00") == "bell nul"
    assert md_text("x" * 300) == "x" * 199 + "…"
    assert md_text("abc", limit=2) == "a…"


def test_table_rows_stay_one_line_with_hostile_metric_reasons() -> None:
    b = ReportBuilder(["faithfulness"])
    b.add(SampleResult("id|with\npipe", {"faithfulness": 0.0}))
    from veracity.report import parse_gate

    text = render_markdown(b.build([parse_gate("faithfulness=0.5")]))
    assert "**1. id\\|with pipe** — faithfulness 0.0000" in text
    for line in text.splitlines():
        if line.startswith("|"):
            assert line.endswith("|")
            assert line.replace("\\|", "").count("|") in (4, 6)
