"""Units of structured evidence items: a scale word before a counted noun ("10",
"million people"), rate units ("EUR/kg", "USD per day", "L/100km"), and the accounting
negatives "$(2,500)" and "(2,500) dollars" in text."""

from __future__ import annotations

import math

import pytest

from veracity.numeric import check_numbers, extract_claims
from veracity.numeric.evidence import evidence_from_items
from veracity.numeric.unitstr import UnitSpec, parse_unit_string


@pytest.mark.parametrize(
    ("unit", "scale", "noun"),
    [
        ("million people", 1e6, "people"),
        ("thousand units", 1e3, "units"),
        ("bn users", 1e9, "users"),
        ("k downloads", 1e3, "downloads"),
        ("people (millions)", 1e6, "people"),
        ("millions of people", 1e6, "people"),
        ("Million Adult Patients", 1e6, "adult patients"),
    ],
)
def test_a_scale_word_scales_a_counted_noun(unit: str, scale: float, noun: str) -> None:
    assert parse_unit_string(unit) == UnitSpec("count", "count", scale=scale, noun=noun)


def test_a_letter_after_a_noun_is_not_a_scale() -> None:
    # "b" is a billion only before the noun ("bn users", "b users"): "grade b" is a label
    assert parse_unit_string("grade b") == UnitSpec("count", "count", noun="grade b")
    assert parse_unit_string("b users") == UnitSpec("count", "count", scale=1e9, noun="users")


def test_scaled_units_and_currencies_are_unchanged() -> None:
    assert parse_unit_string("USD millions") == UnitSpec(
        "currency", "USD", scale=1e6, base_unit="USD"
    )
    assert parse_unit_string("patients") == UnitSpec("count", "count", noun="patients")
    spec = parse_unit_string("thousand km")
    assert (spec.dimension, spec.scale, spec.factor, spec.per) == ("length", 1e3, 1000.0, "")


@pytest.mark.parametrize(
    ("unit", "dimension", "symbol", "factor", "per"),
    [
        ("EUR/kg", "currency", "EUR", 1.0, "kg"),
        ("€/kg", "currency", "EUR", 1.0, "kg"),
        ("EUR / kg", "currency", "EUR", 1.0, "kg"),
        ("USD/day", "currency", "USD", 1.0, "day"),
        ("USD per day", "currency", "USD", 1.0, "day"),
        ("$/sqm", "currency", "$", 1.0, "m²"),
        ("L/100km", "volume", "L", 1.0, "100 km"),
        ("L/100 km", "volume", "L", 1.0, "100 km"),
        ("mg/L", "mass", "mg", 0.001, "L"),
        ("%/year", "percent", "%", 1.0, "year"),
    ],
)
def test_a_rate_unit_keeps_its_denominator(
    unit: str, dimension: str, symbol: str, factor: float, per: str
) -> None:
    spec = parse_unit_string(unit)
    assert (spec.dimension, spec.symbol, spec.per) == (dimension, symbol, per)
    assert math.isclose(spec.factor, factor)


def test_rate_units_read_like_text() -> None:
    spec = parse_unit_string("km per hour")  # a distance per hour is a speed: 1 km/h
    assert (spec.dimension, spec.per) == ("speed", "")
    assert math.isclose(spec.factor, 1000 / 3600)
    assert parse_unit_string("km/h") == UnitSpec("speed", "km/h", 1000 / 3600, base_unit="m/s")
    spec = parse_unit_string("patients per day")
    assert (spec.dimension, spec.noun, spec.per) == ("count", "patients", "day")
    spec = parse_unit_string("USD millions/year")
    assert (spec.dimension, spec.symbol, spec.scale, spec.per) == ("currency", "USD", 1e6, "year")
    spec = parse_unit_string("°C/decade")
    assert (spec.dimension, spec.per) == ("temperature", "decade")
    spec = parse_unit_string("kg N/ha")  # the substance between unit and rate is skipped
    assert (spec.dimension, spec.symbol, spec.per) == ("mass", "kg", "ha")
    # no known unit or denominator: compared as written, with equal unit strings only
    assert parse_unit_string("score/10").dimension == "other:score/10"
    assert parse_unit_string("n/a").dimension == "other:n/a"


def test_structured_items_carry_scale_noun_and_rate() -> None:
    people, feed, fuel = evidence_from_items(
        [
            {"key": "pop", "value": 10, "unit": "million people", "source": "census"},
            {"key": "feed", "value": 0.34, "unit": "EUR/kg", "source": "db"},
            {"key": "fuel", "value": 6.5, "unit": "L/100km", "source": "db"},
        ]
    )
    assert (people.value, people.stated_value, people.dimension, people.noun, people.per) == (
        1e7,
        1e7,
        "count",
        "people",
        "",
    )
    assert people.labels == frozenset({"#person"})
    assert (feed.value, feed.dimension, feed.unit, feed.per) == (
        0.34,
        "currency:EUR",
        "EUR/kg",
        "kg",
    )
    assert (fuel.value, fuel.dimension, fuel.per) == (6.5, "volume", "100 km")
    assert feed.to_dict()["per"] == "kg"


def _verdict(answer: str, value: float, unit: str) -> tuple[bool, str, float | None]:
    [v] = check_numbers(
        answer, evidence=[{"key": "k", "value": value, "unit": unit, "source": "s"}]
    ).claim_verifications
    return v.verified, v.rule, v.relative_error


@pytest.mark.parametrize(
    ("answer", "value", "unit", "verified", "rule"),
    [
        ("The city has 10 million residents.", 10, "million people", True, "within_tolerance"),
        ("The city has 10 residents.", 10, "million people", False, "out_of_tolerance"),
        ("The firm sold 5,000 units.", 5, "thousand units", True, "within_tolerance"),
        ("The app has 2 billion users.", 2, "bn users", True, "within_tolerance"),
        ("The app had 300,000 downloads.", 300, "k downloads", True, "within_tolerance"),
        ("Feed costs €0.34 per kg.", 0.34, "EUR/kg", True, "within_tolerance"),
        ("Feed costs €340 per tonne.", 0.34, "EUR/kg", True, "within_tolerance"),
        ("Feed costs €0.34 per litre.", 0.34, "EUR/kg", False, "no_comparable_evidence"),
        ("Feed costs €0.50 per kg.", 0.34, "EUR/kg", False, "out_of_tolerance"),
        ("Wages are $12 per day.", 12, "USD/day", True, "within_tolerance"),
        ("Wages are $12 per day.", 12, "USD per day", True, "within_tolerance"),
        # per month against per day: converted (12 / 30.4 a day), as between two contexts
        ("Wages are $12 per month.", 12, "USD/day", False, "out_of_tolerance"),
        ("The car uses 6.5 L/100km.", 6.5, "L/100km", True, "within_tolerance"),
        ("The car uses 6.5 litres per 100 km.", 6.5, "L/100km", True, "within_tolerance"),
        ("The car uses 7.5 L/100km.", 6.5, "L/100km", False, "out_of_tolerance"),
        ("Lead was 5 mg/L.", 5, "mg/L", True, "within_tolerance"),
        ("The loss was $(2,500).", -2500, "USD", True, "within_tolerance"),
        ("The loss was (2,500) dollars.", -2500, "USD", True, "within_tolerance"),
        ("The loss was ($2,500).", -2500, "USD", True, "within_tolerance"),
    ],
)
def test_evidence_units_verify(
    answer: str, value: float, unit: str, verified: bool, rule: str
) -> None:
    got = _verdict(answer, value, unit)
    assert got[:2] == (verified, rule), got
    if rule == "within_tolerance":
        assert got[2] == 0.0


def test_the_scaled_noun_gives_the_exact_error() -> None:
    # 10 residents against 10 million people: |10 - 1e7| / 1e7
    assert _verdict("The city has 10 residents.", 10, "million people")[2] == pytest.approx(
        0.999999
    )


@pytest.mark.parametrize(
    ("text", "claim_text", "claim_type", "value", "unit"),
    [
        ("The loss was $(2,500).", "$(2,500)", "currency", -2500.0, "$"),
        ("The loss was US$(2,500).", "US$(2,500)", "currency", -2500.0, "USD"),
        ("The loss was (2,500) dollars.", "(2,500) dollars", "currency", -2500.0, "$"),
        ("Net income was ($2,500) for the year.", "$2,500", "currency", -2500.0, "$"),
        ("Net income | $1,200 | $(2,500)", "$(2,500)", "currency", -2500.0, "$"),
        ("Diluted EPS | $0.11 | $(0.15)", "$(0.15)", "currency", -0.15, "$"),
        # not an accounting negative: a bracketed number in prose keeps its sign
        ("the total (2,500) was high.", "2,500", "number", 2500.0, ""),
        ("He paid $12 (2,500) in all.", "2,500", "number", 2500.0, ""),
    ],
)
def test_accounting_negatives(
    text: str, claim_text: str, claim_type: str, value: float, unit: str
) -> None:
    claims = [c for c in extract_claims(text) if c.text == claim_text]
    assert [(c.claim_type, c.value, c.unit) for c in claims] == [(claim_type, value, unit)], [
        (c.text, c.claim_type, c.value, c.unit) for c in extract_claims(text)
    ]


@pytest.mark.parametrize(
    ("evidence_unit", "evidence_value", "verified", "rule"),
    [
        ("EUR/kg", 0.34, True, "within_tolerance"),
        ("EUR/t", 340, True, "within_tolerance"),  # 340 / 1000 kg = 0.34 per kg
        ("EUR/L", 0.34, False, "no_comparable_evidence"),  # per litre is not per kilogram
    ],
)
def test_a_rate_unit_on_a_given_claim_converts_like_the_evidence(
    evidence_unit: str, evidence_value: float, verified: bool, rule: str
) -> None:
    from veracity.numeric.sfs_api import sfs_verify_single

    result = sfs_verify_single(
        "Feed costs 0.34 EUR per kg.",
        "currency",
        0.34,
        "EUR/kg",
        [{"value": evidence_value, "unit": evidence_unit}],
    )
    assert (result["verified"], result["rule"]) == (verified, rule)


def test_a_user_pattern_with_a_rate_unit_keeps_its_denominator() -> None:
    from veracity.numeric import load_config

    cfg = load_config(
        {
            "extraction_patterns": [
                {"claim_type": "currency", "pattern": r"([\d.]+) a kilo", "unit": "EUR/kg"}
            ]
        }
    )
    report = check_numbers(
        "Feed costs 0.34 a kilo.", evidence=[{"value": 340, "unit": "EUR/t"}], config=cfg
    )
    assert [(v.claim.per, v.verified) for v in report.claim_verifications] == [("kg", True)]
