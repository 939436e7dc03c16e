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


def test_declared_text_outside_a_table_is_empty() -> None:
    [ev] = evidence_from_contexts(["It weighs 12 kg."], DomainConfig(name="t"))
    assert declared_text(ev) == ""


def test_declares_any_alias_and_the_denominator() -> None:
    assert declares("(tonnes per hectare)", "t", "ha") is True
    assert declares("(t/ha)", "t", "ha") is True
    assert declares("(tonnes per hectare)", "t", "") is True
    assert declares("(tonnes)", "t", "ha") is False  # the denominator is not declared
    assert declares("don't stop", "t", "") is False  # a lone "t" is not a unit
    assert declares("PM2.5 (µg/m³)", "µg", "m³") is True
    assert declares("PM2.5 (mg/m³)", "µg", "m³") is False
    assert declares("Cost per day", "kg", "") is False
