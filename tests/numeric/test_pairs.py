"""Hand-worked cases for number pairs that are not ranges.

* A hyphenated pair written high-low ("112-100", "a 3-1 win", "won 24-17") is a score or
  tally: two claims. Ranges are written low-high ("3-5 %", "10-12 days") and stay ranges.
* "15-of-22" / "15 of 22" are two numbers.
* A slash pair followed by a unit ("120/80 mmHg") is two claims sharing the unit; a plain
  "a/b" named a ratio or split gives its two numbers. Dates ("12/05/2024", "12/05"),
  "24/7" and simple fractions ("1/2", "3/4") keep the documented ``date`` exclusion.
"""

from __future__ import annotations

import pytest

from veracity.numeric import check_numbers, extract_claims


def _claims(text: str) -> list[tuple[str, float, str, float | None, float | None]]:
    return [(c.text, c.stated_value, c.unit, c.low, c.high) for c in extract_claims(text)]


def _verdicts(answer: str, context: str) -> tuple[float | None, list[tuple[str, bool]]]:
    report = check_numbers(answer, contexts=[context])
    return report.sfs_score, [(v.claim.text, v.verified) for v in report.claim_verifications]


# --- hyphenated high-low pairs ---------------------------------------------------


def test_score_pair_is_two_claims_and_wrong_side_fails() -> None:
    # context states 112 and 108: 112 matches exactly; |100 - 108| / 108 = 7.4 % fails
    # (it used to pass as the range 100..112 containing 112)
    assert _verdicts("The Lakers won 112-100.", "Final score: Lakers 112, Celtics 108.") == (
        0.5,
        [("112", True), ("100", False)],
    )


def test_correct_score_pair_verifies_both_sides() -> None:
    assert _verdicts("The Lakers won 112-108.", "Final score: Lakers 112, Celtics 108.") == (
        1.0,
        [("112", True), ("108", True)],
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 112-108 used to be one value (112 + 108) / 2 = 110
        (
            "Lakers 112-108 Celtics",
            [("112", 112.0, "", None, None), ("108", 108.0, "", None, None)],
        ),
        ("They won 24-17.", [("24", 24.0, "", None, None), ("17", 17.0, "", None, None)]),
        # 1 counts "win"; an equal pair (3-3) is not a range either
        ("A 3-1 win.", [("3", 3.0, "", None, None), ("1", 1.0, "win", None, None)]),
        ("A 3-3 draw.", [("3", 3.0, "", None, None), ("3", 3.0, "draw", None, None)]),
    ],
)
def test_high_low_pairs_are_two_numbers(
    text: str, expected: list[tuple[str, float, str, float | None, float | None]]
) -> None:
    assert _claims(text) == expected


def test_low_high_ranges_stay_ranges() -> None:
    # midpoints: (3 + 5) / 2 = 4 %, (10 + 12) / 2 = 11 days
    assert _claims("Rates of 3-5 % over 10-12 days.") == [
        ("3-5 %", 4.0, "%", 3.0, 5.0),
        ("10-12 days", 11.0, "day", 864000.0, 1036800.0),  # 10 / 12 days in seconds
    ]
    assert _claims("between 10 and 20 %")[0][3:] == (10.0, 20.0)


@pytest.mark.parametrize("text", ["She made 15-of-22 shots.", "She made 15 of 22 shots."])
def test_tally_is_two_numbers(text: str) -> None:
    assert [(c[1], c[2]) for c in _claims(text)] == [(15.0, ""), (22.0, "shots")]


# --- slash pairs -----------------------------------------------------------------


def test_blood_pressure_pair_fails_against_other_reading() -> None:
    # 150 vs 120: 25 % off; 95 vs 80: 18.75 % off -> both fail (used to be "no claims")
    assert _verdicts("BP was 150/95 mmHg.", "BP 120/80 mmHg.") == (
        0.0,
        [("150", False), ("95 mmHg", False)],
    )
    assert _verdicts("BP was 120/80 mmHg.", "BP 120/80 mmHg.") == (
        1.0,
        [("120", True), ("80 mmHg", True)],
    )


def test_slash_pair_shares_the_unit() -> None:
    claims = extract_claims("BP 120/80 mmHg")
    assert [(c.value, c.unit, c.claim_type) for c in claims] == [
        (120.0, "mmHg", "lab_value"),
        (80.0, "mmHg", "lab_value"),
    ]
    # 5 km and 3 km, both converted to metres
    assert [(c.value, c.unit) for c in extract_claims("legs of 5/3 km")] == [
        (5000.0, "km"),
        (3000.0, "km"),
    ]


def test_slash_pair_in_a_ratio_context() -> None:
    assert [(c.stated_value, c.unit) for c in extract_claims("a 60/40 split")] == [
        (60.0, ""),
        (40.0, ""),
    ]
    assert [c.stated_value for c in extract_claims("the ratio was 3/2")] == [3.0, 2.0]


@pytest.mark.parametrize(
    "text",
    [
        "Open 24/7 mg",  # 24/7 is never a pair, even before a unit
        "On 12/05/2024 mg",  # a date chain
        "We met 12/05.",  # a bare a/b: a date
        "Support is 24/7.",
        "Add 1/2 mile.",  # a simple fraction (1 < 2 <= 16)
        "About 3/4 km.",
    ],
)
def test_dates_24_7_and_fractions_keep_the_date_exclusion(text: str) -> None:
    assert extract_claims(text) == []
