"""SFS-style user patterns: quadratic ones load, overlapping ones count a number once.

SFS configurations write patterns such as ``(\\d+)\\s*(?:patients|subjects)``: on a run of
n digits the engine tries each start and each length, about n^2 / 2 steps, so they are
polynomial, not catastrophic. The load-time probes (500 characters) let them through;
the run-time budget (0.5 s + 1 s per MB, shared by a config's patterns) still stops them
on a pathological text.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from sfs_toolkit.presets import PRESETS

from veracity.errors import UnsafePatternError
from veracity.numeric import extract_claims, load_config


def _config(*patterns: str) -> dict[str, Any]:
    return {
        "name": "custom",
        "extraction_patterns": [{"claim_type": "count", "pattern": p} for p in patterns],
    }


@pytest.mark.parametrize(
    ("pattern", "text", "values"),
    [
        (r"(\d+)\s*(?:patients|subjects)", "We enrolled 45 patients and 30 subjects.", [45, 30]),
        (r"([\d.]+)\s*(?:%|percent)", "Sales rose 3.5 percent, margins 12%.", [3.5, 12]),
        (r"(\d+)\s*(?:a|b)", "Take 3 a day, then 2 b.", [3, 2]),
    ],
)
def test_quadratic_sfs_patterns_load_and_extract(
    pattern: str, text: str, values: list[float]
) -> None:
    cfg = load_config(_config(pattern))
    assert [c.stated_value for c in extract_claims(text, cfg)] == values


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_sfs_preset_loads_as_a_custom_config(name: str) -> None:
    preset = PRESETS[name]()
    cfg = load_config(json.loads(preset.model_dump_json()))
    assert [p.pattern for p in cfg.extraction_patterns] == [
        p.pattern for p in preset.extraction_patterns
    ]


def test_quadratic_pattern_on_a_huge_digit_run_is_stopped_by_the_run_time_budget() -> None:
    # 200,000 digits: about 2e10 backtracking steps; the budget is 0.5 + 0.2 = 0.7 s
    cfg = load_config(_config(r"(\d+)\s*(?:patients|subjects)"))
    with pytest.raises(UnsafePatternError, match=r"took longer than 0\.7 s in all on a 200000-"):
        extract_claims("1" * 200_000, cfg)


def test_overlapping_patterns_count_one_number_once_the_first_pattern_wins() -> None:
    text = "It moved 500 TEU and 20 boxes."
    specific_first = load_config(_config(r"(\d+) TEU", r"(\d+)"))
    assert [(c.text, c.stated_value) for c in extract_claims(text, specific_first)] == [
        ("500 TEU", 500),
        ("20", 20),
    ]
    generic_first = load_config(_config(r"(\d+)", r"(\d+) TEU"))
    assert [(c.text, c.stated_value) for c in extract_claims(text, generic_first)] == [
        ("500", 500),
        ("20", 20),
    ]


def test_the_same_pattern_twice_gives_each_claim_once() -> None:
    cfg = load_config(_config(r"(\d+) TEU", r"(\d+) TEU"))
    assert [c.span for c in extract_claims("500 TEU, then 700 TEU.", cfg)] == [(0, 7), (14, 21)]
