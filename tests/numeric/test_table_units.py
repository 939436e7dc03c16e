"""Units a table declares for its bare cells (row label, header, title line)."""

from __future__ import annotations

from veracity.numeric.config import DomainConfig
from veracity.numeric.extract import evidence_from_contexts
from veracity.numeric.table_units import declared_text, declares

AIR = "Air quality\n| Pollutant | 2022 | 2023 |\n| PM2.5 (µg/m³) | 14.2 | 11.8 |"


def test_declared_text_is_row_title_and_header() -> None:
    cells = evidence_from_contexts([AIR], DomainConfig(name="t"))
    cell = next(e for e in cells if e.text == "11.8")
    assert declared_text(cell).split("\n") == [
        "| PM2.5 (µg/m³) | 14.2 | 11.8 |",
        "Air quality",
        "| Pollutant | 2022 | 2023 |",
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
    assert [v.rule for v in bad.claim_verifications] == ["no_comparable_evidence"]


def test_declares_any_alias_and_the_denominator() -> None:
    assert declares("(tonnes per hectare)", "t", "ha") is True
    assert declares("(t/ha)", "t", "ha") is True
    assert declares("(tonnes per hectare)", "t", "") is True
    assert declares("(tonnes)", "t", "ha") is False  # the denominator is not declared
    assert declares("don't stop", "t", "") is False  # a lone "t" is not a unit
    assert declares("PM2.5 (µg/m³)", "µg", "m³") is True
    assert declares("PM2.5 (mg/m³)", "µg", "m³") is False
    assert declares("Cost per day", "kg", "") is False
