"""Fast paths of the numeric checker give the verdicts of the full rules (hand-worked).

``verify._judge_all`` settles a plain far miss without calling ``_judge`` (see
``verify._quick_miss_limits``); the cases below sit on each side of the limits that
path must respect: the tolerance, the approximation widening, the rounding a stated
value allows, the percentage-points threshold and the sign.
"""

from __future__ import annotations

import pytest

from veracity.numeric import check_numbers
from veracity.numeric.config import DomainConfig

CFG = DomainConfig(tolerance=0.01, approximation_widening=0.05, percentage_absolute_threshold=0.5)
MONEY = [
    {"key": "a", "value": 2150, "unit": "USD"},
    {"key": "b", "value": 15400, "unit": "USD"},
    {"key": "c", "value": 581300, "unit": "USD"},
]
SHARES = [
    {"key": "p", "value": 12.4, "unit": "%"},
    {"key": "q", "value": 3.2, "unit": "%"},
    {"key": "r", "value": 40, "unit": "%"},
]


@pytest.mark.parametrize(
    ("answer", "evidence", "verified", "rule", "error", "key"),
    [
        # every value far off: the closest is 581,300 (268,700 / 581,300)
        ("It costs $850,000.", MONEY, False, "out_of_tolerance", 268700 / 581300, "c"),
        # 400 / 15,400 = 2.6 % is beyond 1 %, but "15,000" rounds to the nearest 1,000
        ("It costs $15,000.", MONEY, True, "rounding", 400 / 15400, "b"),
        # 18,700 / 581,300 = 3.2 %: within 1 % + 5 % for "about" with one digit stated
        ("It costs about $600,000.", MONEY, True, "within_tolerance", 18700 / 581300, "c"),
        # 0.4 / 12.4 = 3.2 %, but 0.4 points is within the 0.5 point threshold
        ("Growth was 12.0%.", SHARES, True, "percentage_absolute", 0.4 / 12.4, "p"),
        # opposite signs: no quick miss, the sign rule decides (magnitudes equal); the
        # error is SFS's |c - e| / |e| = |-3.2 - 3.2| / 3.2 = 2
        ("Margin was -3.2%.", SHARES, False, "sign_mismatch", 2.0, "q"),
        # 15 points from 40 %: a plain miss (15 / 40)
        ("Share was 25.0%.", SHARES, False, "out_of_tolerance", 15 / 40, "r"),
    ],
)
def test_verdicts_at_the_quick_miss_limits(
    answer: str,
    evidence: list[dict[str, object]],
    verified: bool,
    rule: str,
    error: float,
    key: str,
) -> None:
    (v,) = check_numbers(answer, evidence=evidence, config=CFG).claim_verifications
    assert v.verified is verified
    assert v.rule == rule
    assert v.relative_error == pytest.approx(error, rel=1e-12, abs=1e-15)
    assert v.matched is not None and v.matched.key == key
