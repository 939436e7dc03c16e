"""``excluded_numbers``: the numbers a text states that are not claims, each with its
exclusion rule and reason (the expected lists are worked out by hand from the rules in
``veracity.numeric.lexicon``)."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from veracity.cli.numbers import app as numbers_app
from veracity.errors import InputError
from veracity.numeric import DomainConfig, excluded_numbers, extract_claims
from veracity.numeric.lexicon import EXCLUSION_REASONS, EXCLUSIONS

TEXT = (
    "In the six months to 30 June 2025, COVID-19 admissions rose 4% "
    "(see [3]; call 555-123-4567 before 14:30)."
)


def _rules(text: str, config: DomainConfig | str | None = None) -> list[tuple[str, str]]:
    return [(e.text, e.rule) for e in excluded_numbers(text, config)]


def test_each_number_that_is_no_claim_is_listed_with_its_rule() -> None:
    assert _rules(TEXT) == [
        ("six months", "period_frame"),
        ("30", "date"),
        ("2025", "date"),
        ("19", "identifier"),
        ("3", "citation"),
        ("555-123-4567", "phone"),
        ("14", "time_of_day"),
        ("30", "time_of_day"),
    ]
    # the one claim of the text is not listed
    assert [c.text for c in extract_claims(TEXT)] == ["4%"]


def test_spans_and_reasons() -> None:
    first = excluded_numbers(TEXT)[0]
    assert first.span == (7, 17) and TEXT[7:17] == "six months"
    assert first.to_dict() == {
        "text": "six months",
        "span": [7, 17],
        "rule": "period_frame",
        "reason": EXCLUSION_REASONS["period_frame"],
    }


def test_every_rule_has_a_reason() -> None:
    assert set(EXCLUSION_REASONS) == {*EXCLUSIONS, "bare_word"}


def test_a_rule_left_out_of_the_config_makes_its_numbers_claims() -> None:
    text = "The bridge opened in 1932 and carries 48,000 vehicles a day."
    assert _rules(text) == [("1932", "year")]
    no_years = DomainConfig(exclusions=[r for r in EXCLUSIONS if r != "year"])
    assert _rules(text, no_years) == []
    assert [c.text for c in extract_claims(text, no_years)] == ["1932", "48,000"]


def test_a_number_an_extraction_pattern_takes_is_a_claim() -> None:
    cfg = DomainConfig(
        extraction_patterns=[
            {"claim_type": "count", "pattern": r"opened in (\d{4})", "value_group": 1}
        ]
    )
    assert _rules("The bridge opened in 1932.", cfg) == []


def test_without_the_built_in_parser_nothing_is_listed() -> None:
    cfg = DomainConfig(
        builtin_extraction=False,
        extraction_patterns=[{"claim_type": "count", "pattern": r"(\d+) cars"}],
    )
    assert excluded_numbers("In 2024 we sold 12 cars.", cfg) == []


@pytest.mark.parametrize("bad", [None, 5, b"2024"])
def test_text_must_be_a_string(bad: object) -> None:
    with pytest.raises(InputError) as err:
        excluded_numbers(bad)  # type: ignore[arg-type]
    assert err.value.field == "text"


def test_cli_lists_them_as_json_and_as_a_table() -> None:
    root = typer.Typer()
    root.add_typer(numbers_app, name="numbers")
    runner = CliRunner()
    result = runner.invoke(root, ["numbers", "excluded", "Call 555-123-4567.", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == [
        {"text": "555-123-4567", "span": [5, 17], "rule": "phone", "reason": "a phone-like number"}
    ]
    table = runner.invoke(
        root, ["numbers", "excluded", "It opened in 1932."], env={"COLUMNS": "200"}
    )
    assert table.exit_code == 0, table.output
    assert "a year used as a date" in table.stdout
    assert "1 number(s) not taken as claims" in table.stdout
    bad = runner.invoke(root, ["numbers", "excluded", "x", "--preset", "nope"])
    assert bad.exit_code == 2 and "nope" in bad.stderr
