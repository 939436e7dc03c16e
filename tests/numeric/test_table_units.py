"""Units a table declares for its bare cells (row label, header, title line)."""

from __future__ import annotations

from veracity.numeric.config import DomainConfig
from veracity.numeric.extract import evidence_from_contexts
from veracity.numeric.table_units import declared_text, declared_unit

AIR = "Air quality\n| Pollutant | 2022 | 2023 |\n| PM2.5 (µg/m³) | 14.2 | 11.8 |"


def test_declared_text_is_column_header_row_row_labels_header_and_title() -> None:
    cells = evidence_from_contexts([AIR], DomainConfig(name="t"))
    cell = next(e for e in cells if e.text == "11.8")
    assert declared_text(cell).split("\n") == [
        " 2023 ",
        "| PM2.5 (µg/m³) | 14.2 | 11.8 |",
        " Pollutant ",
        "Air quality",
    ]


def test_declared_text_outside_a_table_is_the_word_before() -> None:
    cfg = DomainConfig(name="t")
    [ev] = evidence_from_contexts(["Nutrition. Calories: 250. Fat 12 g."], cfg)[:1]
    assert (ev.text, declared_text(ev)) == ("250", "Calories")
    [ev] = evidence_from_contexts(["250"], cfg)
    assert declared_text(ev) == ""


def test_a_unit_name_before_a_bare_number_declares_it() -> None:
    from veracity.numeric import check_numbers

    ctx = ["Serving size 1 cup (228 g). Calories 250. Sodium 470 mg."]
    ok = check_numbers("A cup supplies 250 calories.", contexts=ctx)
    assert [v.rule for v in ok.claim_verifications] == ["within_tolerance"]
    assert "unit named by its label" in ok.claim_verifications[0].reason
    bad = check_numbers("A cup supplies 280 calories.", contexts=ctx)
    assert [v.rule for v in bad.claim_verifications] == ["out_of_tolerance"]
    assert "closest is '250'" in bad.claim_verifications[0].reason


def unit_of(text: str, dimension: str, per: str = "") -> tuple[str, float] | None:
    found = declared_unit(text, dimension, per)
    return None if found is None else (found[0].symbol, found[1])


def test_declared_unit_any_alias_scale_and_denominator() -> None:
    assert unit_of("(tonnes per hectare)", "mass", "ha") == ("t", 1.0)
    assert unit_of("(t/ha)", "mass", "ha") == ("t", 1.0)
    assert unit_of("(tonnes per hectare)", "mass") is None  # a rate does not declare tonnes
    assert unit_of("(tonnes)", "mass", "ha") is None  # the denominator is not declared
    assert unit_of("don't stop", "mass") is None  # a lone "t" is not a unit
    assert unit_of("PM2.5 (µg/m³)", "mass", "m³") == ("µg", 1.0)
    assert unit_of("Free chlorine (mg/L)", "mass", "L") == ("mg", 1.0)
    assert unit_of("Exports (thousand tonnes)", "mass") == ("t", 1e3)
    assert unit_of("Output ('000 t)", "mass") == ("t", 1e3)
    assert unit_of("Area (ha)", "area") == ("ha", 1.0)
    assert unit_of("Water temperature (°C)", "temperature") == ("°C", 1.0)
    assert unit_of("Calories", "energy") == ("kcal", 1.0)
    assert unit_of("Cost per day", "mass") is None


def test_a_declared_unit_converts_and_scales() -> None:
    from veracity.numeric import check_numbers

    area = ["Block | Area (ha) | Volume (m³/ha)\nA | 124 | 410"]
    ok = check_numbers("Block A covers 306 acres.", contexts=area)
    assert [v.verified for v in ok.claim_verifications] == [True]  # 124 ha = 306.4 acres
    bad = check_numbers("Block A holds 410 cubic metres in total.", contexts=area)
    assert [v.verified for v in bad.claim_verifications] == [False]  # the column is per ha
    steel = ["Exports by country (thousand tonnes)\n| Country | 2024 |\n| Vietnam | 769 |"]
    big = check_numbers("Vietnam took 769,000 tonnes in 2024.", contexts=steel)
    assert [v.verified for v in big.claim_verifications] == [True]


WAITS = (
    "Driving tests, year to 30 September 2026\n"
    "Centre | Tests | Average wait (weeks)\n"
    "Norbridge | 8,932 | 11\n"
    "Greyhill | 12,480 | 17"
)


def test_the_column_header_unit_wins_over_a_unit_word_in_the_title() -> None:
    from veracity.numeric import check_numbers

    report = check_numbers("Norbridge had an average wait of 11 weeks.", contexts=[WAITS])
    assert [
        (v.verified, v.matched.text if v.matched else None) for v in report.claim_verifications
    ] == [(True, "11")]
    wrong = check_numbers("Norbridge had an average wait of 11 years.", contexts=[WAITS])
    assert [v.verified for v in wrong.claim_verifications] == [False]


MEALS = (
    "Free school meals, 2025/26\n"
    "Phase | Pupils eligible | Meals served (millions)\n"
    "Primary | 48,210 | 7.9\n"
    "Secondary | 31,640 | 4.2"
)


def test_a_column_header_scale_applies_to_counts() -> None:
    from veracity.numeric import check_numbers

    ok = check_numbers("Secondary schools served 4.2 million meals.", contexts=[MEALS])
    assert [v.verified for v in ok.claim_verifications] == [True]
    assert "unit named by its label" in ok.claim_verifications[0].reason
    wrong = check_numbers("Secondary schools served 4.2 billion meals.", contexts=[MEALS])
    assert [v.verified for v in wrong.claim_verifications] == [False]


def test_a_qualifier_between_the_scale_and_the_unit_keeps_the_scale() -> None:
    from veracity.numeric import check_numbers

    t = 1_000_000.0  # a tonne in grams
    assert declared_unit("Freight (million net tonnes)", "mass") == (
        declared_unit("Freight (million tonnes)", "mass")
    )
    unit_and_scale = declared_unit("Output ('000 dry tonnes)", "mass")
    assert unit_and_scale is not None
    assert (unit_and_scale[0].factor, unit_and_scale[1]) == (t, 1000.0)
    ctx = ["Freight (million net tonnes)\nCommodity | 2024 | 2025\nCoal | 2.1 | 0.9"]
    ok = check_numbers("Coal fell to 900,000 net tonnes in 2025.", contexts=ctx)
    assert [v.verified for v in ok.claim_verifications] == [True]
    bad = check_numbers("Coal fell to 90,000 net tonnes in 2025.", contexts=ctx)
    assert [v.verified for v in bad.claim_verifications] == [False]
