"""Rate denominators: read_per's canonical names, and how extraction keeps them."""

from __future__ import annotations

import pytest

from veracity.numeric import extract_claims
from veracity.numeric.rates import read_per


@pytest.mark.parametrize(
    ("after", "expected"),
    [
        (" per day", ("day", 8, False)),
        (" a month", ("month", 8, False)),
        ("/month", ("month", 6, False)),
        (" monthly", ("month", 8, False)),
        (" p.a.", ("year", 5, False)),
        (" per annum", ("year", 10, False)),
        (" per capita", ("person", 11, False)),
        (" a head", ("person", 7, False)),
        (" per kilogram", ("kg", 13, False)),
        ("/kg", ("kg", 3, False)),
        (" per 100 km", ("100 km", 11, True)),
        (" per 100,000 population", ("100000 person", 23, True)),
        ("/100 km", ("100 km", 7, True)),
        (" per shares", ("share", 11, False)),
        (" a share", ("share", 8, False)),  # "85 cents a share"
        (" a pack", None),  # "2 a pack..." is a noun phrase, not a rate
        (" a kg", None),
        (" a year ago", None),  # a time, not a rate
        (" each for adults", None),
        (" per cent", None),
        ("/4 cup", None),
        ("", None),
    ],
)
def test_read_per(after: str, expected: tuple[str, int, bool] | None) -> None:
    assert read_per(after, 0) == expected


def test_claims_keep_their_denominator() -> None:
    claims = extract_claims("Plans cost $45 per month, or $10 a day; doses are 10 mg per lb.")
    assert [(c.text, c.per) for c in claims] == [
        ("$45", "month"),
        ("$10", "day"),
        ("10 mg", "lb"),
    ]
    assert claims[0].to_dict()["per"] == "month"


def test_a_number_in_the_denominator_is_not_its_own_claim() -> None:
    [claim] = extract_claims("It uses 6.8 litres per 100 km.")
    assert (claim.text, claim.value, claim.per) == ("6.8 litres per 100 km", 6.8, "100 km")


def test_distance_per_time_is_a_speed() -> None:
    [claim] = extract_claims("It cruised at 12 km per hour.")
    assert (claim.claim_type, claim.unit, round(claim.value, 6)) == ("speed", "km/h", 3.333333)
    [claim] = extract_claims("It cruised at 90 m per 2 min.")
    assert (claim.claim_type, claim.unit, claim.value) == ("speed", "m/2min", 0.75)


def test_slash_pairs_are_not_rates() -> None:
    claims = extract_claims("BP was 120/80 mmHg.")
    assert [(c.text, c.per) for c in claims] == [("120", ""), ("80 mmHg", "")]


def test_a_unit_per_unit_that_is_a_known_unit_becomes_it() -> None:
    [claim] = extract_claims("The dose is 10 mg per kg.")
    assert (claim.unit, claim.dimension, claim.value, claim.per) == ("mg/kg", "lab:mg/kg", 10.0, "")


def test_a_period_adjective_before_the_number_is_its_rate() -> None:
    claims = extract_claims("Parking is capped at a daily maximum of £14.")
    assert [(c.text, c.per) for c in claims] == [("£14", "day")]
    claims = extract_claims("A monthly season ticket costs £165.")
    assert [(c.text, c.per) for c in claims] == [("£165", "month")]
    # a denominator after the number wins over an adjective before it
    claims = extract_claims("The board declared a quarterly dividend of $0.85 per share.")
    assert [(c.text, c.per) for c in claims] == [("$0.85", "share")]
