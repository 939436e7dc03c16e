"""Table scale markers apply to the bare numbers below them, down to the next blank line."""

from __future__ import annotations

from veracity.numeric import extract_claims


def values(text: str) -> list[float]:
    return [c.value for c in extract_claims(text)]


def test_marker_applies_down_to_the_next_blank_line() -> None:
    text = "Revenue (in thousands)\n| a | 1,200 |\n| b | 300 |\n\n| c | 5 |"
    assert values(text) == [1_200_000.0, 300_000.0, 5.0]


def test_overlapping_blank_lines_end_the_region_at_the_first() -> None:
    text = "Costs (in millions)\n| a | 2.5 |\n\n\n| b | 7 |"
    assert values(text) == [2_500_000.0, 7.0]


def test_each_table_takes_its_own_marker() -> None:
    text = "Sales (in thousands)\n| a | 4 |\n\nDebt (in millions)\n| b | 4 |"
    assert values(text) == [4_000.0, 4_000_000.0]


def test_many_tables_each_scaled_once() -> None:
    text = "(in thousands)\n| a | 1 |\n" * 2000
    claims = extract_claims(text)
    assert len(claims) == 2000
    assert {c.value for c in claims} == {1_000.0}
