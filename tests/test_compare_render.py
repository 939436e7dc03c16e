"""Comparison renderers: exact Markdown and table on hand-built reports."""

from __future__ import annotations

import pytest

from test_compare import BASE, NEW
from veracity.compare import compare_reports
from veracity.errors import ConfigError
from veracity.render.compare_formats import render_comparison

# f diffs: -0.5, -1, -0.5, -0.5. A resample's mean is -0.5 - k/8 where k ~ Binomial(4, 1/4)
# counts the -1 draws: P(k = 0) = 0.316 > 2.5 % gives ci_high = -0.5; P(k >= 3) = 0.051
# and P(k = 4) = 0.004 put the 2.5 % quantile at k = 3: ci_low = -0.875.
# r diffs: +0.5, +0.5, 0: P(all 0) = 1/27 = 3.7 % > 2.5 %: ci_low = 0; P(all 0.5) = 8/27.
MARKDOWN = """\
## veracity compare

4 matched samples (base 5, new 5: 1 new, 1 missing); paired bootstrap 95% CI, 500 \
resamples, seed 1. Result: **REGRESSION** in f.

| metric | base | new | delta | 95% CI | worse | better | verdict |
| --- | ---: | ---: | ---: | --- | ---: | ---: | --- |
| f | 0.8750 | 0.2500 | -0.6250 | [-0.8750, -0.5000] | 4 | 0 | ❌ regression |
| r | 0.6667 | 1.0000 | +0.3333 | [+0.0000, +0.5000] | 0 | 2 | no significant change |

### Samples that got worse (4 of 4)

| id | metric | base | new | delta |
| --- | --- | ---: | ---: | ---: |
| b | f | 1.0000 | 0.0000 | -1.0000 |
| a | f | 1.0000 | 0.5000 | -0.5000 |
| c | f | 0.5000 | 0.0000 | -0.5000 |
| d | f | 1.0000 | 0.5000 | -0.5000 |

### Samples that got better (2 of 2)

| id | metric | base | new | delta |
| --- | --- | ---: | ---: | ---: |
| a | r | 0.5000 | 1.0000 | +0.5000 |
| b | r | 0.5000 | 1.0000 | +0.5000 |

**New ids (1):** fresh

**Missing ids (1):** gone
"""


def test_markdown_exact() -> None:
    result = compare_reports(BASE, NEW, seed=1, resamples=500)
    assert render_comparison(result, "markdown") == MARKDOWN


def test_table_rows() -> None:
    text = render_comparison(compare_reports(BASE, NEW, seed=1, resamples=500), "table")
    lines = text.splitlines()
    assert lines[3].split() == [
        "metric",
        "base",
        "new",
        "delta",
        "95%",
        "CI",
        "worse",
        "better",
        "verdict",
    ]
    assert (
        lines[5] == "f       0.8750  0.2500  -0.6250  [-0.8750, -0.5000]      4       0  REGRESSION"
    )
    assert lines[-1] == "REGRESSION: f"
    assert "new ids (1): fresh" in lines and "missing ids (1): gone" in lines


def test_unknown_format() -> None:
    with pytest.raises(ConfigError, match="unknown format 'pdf'"):
        render_comparison(compare_reports(BASE, NEW), "pdf")


def test_no_significant_regression_says_how_many_metrics_are_lower() -> None:
    """f only: its diffs are 0 or -0.5 on 4 pairs, so some resamples hold no drop (the
    interval reaches 0): not significant, but lower all the same, and said so."""
    from veracity.report import ReportBuilder, SampleResult

    def report(values: list[float]):  # type: ignore[no-untyped-def]
        b = ReportBuilder(["f"])
        for i, v in enumerate(values):
            b.add(SampleResult(f"s{i}", {"f": v}))
        return b.build()

    result = compare_reports(report([1, 1, 1, 1]), report([1, 1, 1, 0.5]), seed=1, resamples=500)
    assert not result.regressed
    expected = "no significant regression (1 metric lower, within the 95% confidence interval: f)"
    assert render_comparison(result, "table").splitlines()[-1] == expected
    assert f"Result: {expected}." in render_comparison(result, "markdown")
    assert f'<span class="badge pass">{expected}</span>' in render_comparison(result, "html")
