"""Calendar dates as claims (``DomainConfig.check_dates``, off by default)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from veracity.cli.main import app as main_app
from veracity.cli.numbers import app as numbers_app
from veracity.numeric import DomainConfig, check_numbers, excluded_numbers, extract_claims
from veracity.numeric.dates import scan_dates
from veracity.numeric.presets import resolve_config

DATES = resolve_config("general", check_dates=True)


def _read(text: str) -> list[tuple[str, int | None, int, int]]:
    return [(d.text, d.year, d.month, d.day) for d in scan_dates(text)]


def test_written_forms_are_read_to_the_day() -> None:
    assert _read("Due 11 June 2024.") == [("11 June 2024", 2024, 6, 11)]
    assert _read("on the 11th of June, 2024") == [("11th of June, 2024", 2024, 6, 11)]
    assert _read("Saturday 8 November at 06:00") == [("8 November", None, 11, 8)]
    assert _read("June 11, 2024 and Sept. 3") == [
        ("June 11, 2024", 2024, 6, 11),
        ("Sept. 3", None, 9, 3),
    ]
    assert _read("effective 2024-06-11") == [("2024-06-11", 2024, 6, 11)]
    assert _read("15 Jul-31 Aug") == [("15 Jul", None, 7, 15), ("31 Aug", None, 8, 31)]


def test_a_day_range_gives_both_days() -> None:
    assert _read("held on 15-17 June 2025") == [
        ("15", 2025, 6, 15),
        ("17 June 2025", 2025, 6, 17),
    ]


def test_a_day_range_written_with_and_or_to_gives_both_days() -> None:
    assert _read("between 9 and 20 June 2025") == [
        ("9", 2025, 6, 9),
        ("20 June 2025", 2025, 6, 20),
    ]
    assert _read("from 1 to 3 May") == [("1", None, 5, 1), ("3 May", None, 5, 3)]
    # the first number must be the earlier day: "20 and 9 June" reads 9 June only
    assert _read("20 and 9 June") == [("9 June", None, 6, 9)]


def test_numeric_dates_are_read_both_ways_when_both_are_days() -> None:
    # day first (8 January) and month first (1 August); 13/01 has one reading only
    assert _read("08/01/2025") == [("08/01/2025", 2025, 1, 8), ("08/01/2025", 2025, 8, 1)]
    assert _read("13/01/2025") == [("13/01/2025", 2025, 1, 13)]
    assert _read("01/08/2025") == [("01/08/2025", 2025, 8, 1), ("01/08/2025", 2025, 1, 8)]
    assert _read("05/05/2025") == [("05/05/2025", 2025, 5, 5)]
    assert _read("8.1.2025") == [("8.1.2025", 2025, 1, 8), ("8.1.2025", 2025, 8, 1)]


def test_what_is_not_a_date_to_the_day() -> None:
    assert _read("31 February 2024") == []  # no such day
    assert _read("29 February 2024") == [("29 February 2024", 2024, 2, 29)]
    assert _read("in May 2024 it rose") == []  # a month and a year: no day
    assert _read("June 11.5% higher") == []
    assert _read("5 may be enough") == []  # the verb, not the month
    assert _read("no digits at all") == []
    assert _read("12/05") == []  # no year: a fraction or a date, unread


def test_dates_are_no_claims_by_default() -> None:
    assert DomainConfig().check_dates is False
    assert resolve_config("general").check_dates is False
    plain = DomainConfig(name="mine", tolerance=0.05)
    dated = resolve_config(plain, check_dates=True)
    assert (dated.check_dates, dated.name, dated.tolerance, plain.check_dates) == (
        True,
        "mine",
        0.05,
        False,
    )
    text = "Repairs must be completed by 11 June 2024 at a cost of £4,500."
    assert [c.text for c in extract_claims(text)] == ["£4,500"]
    assert [(c.text, c.claim_type, c.value, c.unit, c.base_unit) for c in extract_claims(text, DATES)] == [
        ("11 June 2024", "date", 20240611.0, "date", "2024-06-11"),
        ("£4,500", "currency", 4500.0, "GBP", "GBP"),
    ]  # fmt: skip


def test_a_date_without_its_year_has_value_mmdd() -> None:
    [claim] = extract_claims("Closed until 8 November.", DATES)
    assert (claim.value, claim.base_unit) == (1108.0, "--11-08")


def test_the_numbers_of_a_checked_date_are_not_listed_as_excluded() -> None:
    text = "Filed on 11 June 2024, section 12."
    assert [(e.text, e.rule) for e in excluded_numbers(text)] == [
        ("11", "date"),
        ("2024", "date"),
        ("12", "identifier"),
    ]
    assert [(e.text, e.rule) for e in excluded_numbers(text, DATES)] == [("12", "identifier")]


CONTEXT = (
    "Repairs to the welds must be completed by 11 June 2025; the quote is £4,500. "
    "Log: 08/01/2025 magnetron replaced. The path is closed until 14 November."
)


def _verdicts(answer: str) -> list[tuple[str, bool, str]]:
    report = check_numbers(answer, contexts=[CONTEXT], config=DATES)
    return [(v.claim.text, v.verified, v.rule) for v in report.claim_verifications]


def test_a_date_of_the_evidence_verifies_and_another_year_fails() -> None:
    assert _verdicts("The welds are due by 11 June 2025 (£4,500).") == [
        ("11 June 2025", True, "same_date"),
        ("£4,500", True, "within_tolerance"),
    ]
    report = check_numbers(
        "The welds are due by 11 June 2024 (£4,500).", contexts=[CONTEXT], config=DATES
    )
    assert (report.sfs_score, report.total_claims, report.verified_claims) == (0.5, 2, 1)
    assert report.type_breakdown == {
        "date": {"total": 1, "verified": 0, "failed": 1},
        "currency": {"total": 1, "verified": 1, "failed": 0},
    }
    date_verdict = report.claim_verifications[0]
    assert date_verdict.rule == "other_date"
    assert date_verdict.matched is not None and date_verdict.matched.text == "11 June 2025"
    assert date_verdict.reason == (
        "'11 June 2024' is not a date of the evidence; closest is '11 June 2025' in "
        "context 0 (365 days apart)"
    )


def test_a_date_without_a_year_takes_the_evidence_year() -> None:
    assert _verdicts("It stays closed until November 14.") == [("November 14", True, "same_date")]
    assert _verdicts("It stays closed until 8 November.") == [("8 November", False, "other_date")]


def test_a_numeric_date_of_the_evidence_matches_either_reading() -> None:
    assert _verdicts("The magnetron was replaced on 8 January 2025.") == [
        ("8 January 2025", True, "same_date")
    ]
    assert _verdicts("The magnetron was replaced on 1 August 2025.") == [
        ("1 August 2025", True, "same_date")
    ]
    assert _verdicts("The magnetron was replaced on 9 January 2025.") == [
        ("9 January 2025", False, "other_date")
    ]


def test_a_numeric_date_of_the_answer_matches_either_reading() -> None:
    # claimed by its day-first reading (1 August), verified by its month-first one too
    context = "The magnetron was replaced on 8 January 2025."
    report = check_numbers("Replaced on 01/08/2025.", contexts=[context], config=DATES)
    [v] = report.claim_verifications
    assert (v.claim.base_unit, v.verified, v.rule) == ("2025-08-01", True, "same_date")
    report = check_numbers("Replaced on 02/08/2025.", contexts=[context], config=DATES)
    assert [v.verified for v in report.claim_verifications] == [False]


def test_no_date_in_the_evidence() -> None:
    report = check_numbers("Due 3 March 2025.", contexts=["It costs £5."], config=DATES)
    [v] = report.claim_verifications
    assert (v.verified, v.rule, v.matched) == (False, "no_evidence", None)
    assert v.reason == "'3 March 2025': the evidence states no date to compare it with"
    assert report.to_dict()["claim_verifications"][0]["claim"]["extracted_value"] == 20250303.0


def test_the_first_day_of_a_range_names_its_date_in_the_reason() -> None:
    report = check_numbers(
        "Held on 15-17 June 2025.", contexts=["Held 17 June 2025."], config=DATES
    )
    assert [(v.claim.text, v.verified) for v in report.claim_verifications] == [
        ("15", False),
        ("17 June 2025", True),
    ]
    assert report.claim_verifications[0].reason.startswith("'15' (2025-06-15) is not a date")


runner = CliRunner()
numbers_root = typer.Typer()
numbers_root.add_typer(numbers_app, name="numbers")


def test_cli_numbers_check_dates() -> None:
    args = ["numbers", "verify", "Due by 11 June 2024.", "--context", CONTEXT, "--json"]
    plain = runner.invoke(numbers_root, args)
    assert plain.exit_code == 0, plain.output
    assert json.loads(plain.stdout)["total_claims"] == 0
    dated = runner.invoke(numbers_root, [*args, "--check-dates"])
    assert dated.exit_code == 0, dated.output
    [v] = json.loads(dated.stdout)["claim_verifications"]
    assert (v["claim"]["claim_type"], v["verified"], v["rule"]) == ("date", False, "other_date")
    table = runner.invoke(
        numbers_root,
        ["numbers", "extract", "Due 11 June 2024.", "--check-dates"],
        env={"COLUMNS": "200"},
    )
    [row] = [line for line in table.stdout.splitlines() if "11 June 2024" in line]
    assert [cell.strip() for cell in row.split("│")[1:-1]] == [
        "1", "11 June 2024", "date", "2024-06-11", "date", "", ""
    ]  # fmt: skip


def test_eval_check_dates(tmp_path: Path) -> None:
    row = {
        "question": "When is the hoist due?",
        "answer": "The hoist is due for examination by 13 January 2026 and costs $40.",
        "contexts": ["The hoist's next examination is due by 13 January 2027. Fee: $40."],
    }
    path = tmp_path / "a.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    base = ["eval", str(path), "-m", "numeric", "--json", "-q"]
    plain = json.loads(runner.invoke(main_app, base).stdout)
    dated = json.loads(runner.invoke(main_app, [*base, "--check-dates"]).stdout)
    assert plain["metrics"]["numeric"]["mean"] == 1.0
    assert dated["metrics"]["numeric"]["mean"] == 0.5
    assert (plain["options"]["numeric_check_dates"], dated["options"]["numeric_check_dates"]) == (
        False,
        True,
    )


@pytest.mark.parametrize(
    ("answer", "context", "closest", "days"),
    [
        # the same day in another year wins (30 June 2023 -> 2024 spans 29 February)
        ("Due 30 June 2024.", "Due 1 July 2024 or 30 June 2023.", "30 June 2023", "366 days"),
        ("Due 30 June 2024.", "Due 1 July 2024 or 3 June 2024.", "1 July 2024", "1 day"),
        # a date without a year is placed in the other's year, or the year before or after
        ("Due 30 June.", "Due 2 July 2023 or 20 June.", "2 July 2023", "2 days"),
        ("Closed on 31 December.", "Closed on 1 January 2025.", "1 January 2025", "1 day"),
        ("Due 11 June 2024.", "Due 12 June 2023, or else by 20 June.", "20 June", "9 days"),
        # 29 February placed in 2025 counts as 28 February, a day before 1 March
        ("On 29 February.", "On 1 March 2025.", "1 March 2025", "1 day"),
        ("On 1 March 2025.", "On 29 February.", "29 February", "1 day"),
        # 08/01/2025 is 8 January or 1 August: 1 August is 8 days from 9 August
        ("Replaced on 08/01/2025.", "Replaced on 9 August 2025.", "9 August 2025", "8 days"),
    ],
)
def test_a_failed_date_names_the_closest(
    answer: str, context: str, closest: str, days: str
) -> None:
    [v] = check_numbers(answer, contexts=[context], config=DATES).claim_verifications
    assert (v.verified, v.rule) == (False, "other_date")
    assert v.reason == (
        f"{v.claim.text!r} is not a date of the evidence; closest is {closest!r} in "
        f"context 0 ({days} apart)"
    )


def test_many_dates_against_many_dates() -> None:
    # 1,000 dates of the 1900s against 1,000 of the 2000s: none verifies, each names the
    # same day 100 years on (judged through the index, not claim by claim)
    days = [(d % 28 + 1, (d * 7) % 12) for d in range(1000)]
    months = "January February March April May June July August September October November December".split()
    answer = " ".join(
        f"On {d} {months[m]} {1900 + i % 100} it rained." for i, (d, m) in enumerate(days)
    )
    context = " ".join(
        f"On {d} {months[m]} {2000 + i % 100} it rained." for i, (d, m) in enumerate(days)
    )
    report = check_numbers(answer, contexts=[context], config=DATES)
    assert (report.total_claims, report.verified_claims) == (1000, 0)
    first = report.claim_verifications[0]
    assert first.reason == (
        "'1 January 1900' is not a date of the evidence; closest is '1 January 2000' in "
        "context 0 (36524 days apart)"
    )


def test_month_first_day_ranges_and_capitals() -> None:
    assert _read("Held June 15-17, 2025.") == [
        ("June 15", 2025, 6, 15),
        ("17, 2025", 2025, 6, 17),
    ]
    assert _read("DUE 11 JUNE 2024") == [("11 JUNE 2024", 2024, 6, 11)]
    report = check_numbers(
        "Held June 15-17, 2025.", contexts=["Held June 15-17, 2024."], config=DATES
    )
    assert [(v.verified, v.rule) for v in report.claim_verifications] == [
        (False, "other_date"),
        (False, "other_date"),
    ]


def test_a_numeric_date_is_one_evidence_date() -> None:
    report = check_numbers(
        "Replaced on 8 January 2025.", contexts=["Log: 08/01/2025."], config=DATES
    )
    assert (report.sfs_score, report.evidence_count) == (1.0, 1)


def test_the_same_day_in_other_years_many_times() -> None:
    # 500 claims of a day, 500 evidence dates of that day a year on: each names the first
    answer = " ".join("Due 11 June 2024." for _ in range(500))
    context = " ".join("Due 11 June 2025." for _ in range(500))
    report = check_numbers(answer, contexts=[context], config=DATES)
    assert (report.total_claims, report.verified_claims) == (500, 0)
    assert {v.matched.span if v.matched else None for v in report.claim_verifications} == {(4, 16)}


def test_eval_checks_dates_against_the_contexts_when_a_sample_has_evidence(tmp_path: Path) -> None:
    row = {
        "question": "When is the fee due?",
        "answer": "The fee of $40 is due by 13 January 2026.",
        "contexts": ["The fee of $40 is due by 13 January 2026."],
        "evidence": [{"key": "fee", "value": 40, "unit": "$"}],
    }
    path = tmp_path / "e.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    out = runner.invoke(
        main_app, ["eval", str(path), "-m", "numeric", "--json", "-q", "--check-dates"]
    )
    report = json.loads(out.stdout)
    assert report["metrics"]["numeric"]["mean"] == 1.0


def test_date_contexts_apart_from_contexts() -> None:
    report = check_numbers(
        "The fee of $40 is due by 13 January 2026.",
        evidence=[{"key": "fee", "value": 40, "unit": "$"}],
        date_contexts=["Due by 13 January 2026."],
        config=DATES,
    )
    assert [(v.claim.claim_type, v.verified) for v in report.claim_verifications] == [
        ("currency", True),
        ("date", True),
    ]
    no_dates = check_numbers(
        "Due by 13 January 2026.", evidence=[{"value": 40, "unit": "$"}], config=DATES
    )
    assert [v.rule for v in no_dates.claim_verifications] == ["no_evidence"]


def test_date_contexts_are_checked_like_contexts() -> None:
    from veracity.errors import InputError

    answer = "Due by 13 January 2026."
    with pytest.raises(InputError) as bad_list:
        check_numbers(answer, date_contexts="Due by 13 January 2026.", config=DATES)  # type: ignore[arg-type]
    assert (bad_list.value.field, bad_list.value.reason) == (
        "date_contexts",
        "must be a list of strings",
    )
    with pytest.raises(InputError) as bad_item:
        check_numbers(answer, date_contexts=["ok", 5], config=DATES)  # type: ignore[list-item]
    assert (bad_item.value.field, bad_item.value.reason) == (
        "date_contexts[1]",
        "must be a string, not int",
    )


def test_excluded_numbers_with_many_checked_dates() -> None:
    # each date's numbers are the date's; each section number stays excluded (one sweep)
    text = "Filed on 11 June 2024, section 12. " * 3000
    found = excluded_numbers(text, DATES)
    assert len(found) == 3000
    assert {(e.text, e.rule) for e in found} == {("12", "identifier")}
