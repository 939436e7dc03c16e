"""``veracity numbers`` mounted on a local Typer app, driven by CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from veracity.cli.numbers import app as numbers_app

root = typer.Typer()
root.add_typer(numbers_app, name="numbers")
runner = CliRunner()


def test_extract_json() -> None:
    result = runner.invoke(
        root, ["numbers", "extract", "The trial enrolled 1,500 patients for 12 weeks.", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(c["text"], c["claim_type"], c["extracted_value"]) for c in data] == [
        ("1,500", "count", 1500.0),
        ("12 weeks", "duration", 12.0),
    ]


def test_extract_table_and_stdin() -> None:
    result = runner.invoke(
        root, ["numbers", "extract", "-"], input="It costs $5 million.\n", env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert "1 numeric claim(s)" in result.stdout
    assert "$5 million" in result.stdout


def test_extract_table_shows_the_rate_denominator() -> None:
    result = runner.invoke(
        root, ["numbers", "extract", "Roaming is $10 per day."], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    [row] = [line for line in result.stdout.splitlines() if "$10" in line]
    assert [cell.strip() for cell in row.split("│")[1:-1]] == [
        "1", "$10", "currency", "10", "$", "day", ""
    ]  # fmt: skip


def test_verify_with_evidence_json_and_context() -> None:
    evidence = '[{"key": "price", "value": 842000, "unit": "AUD"}]'
    result = runner.invoke(
        root,
        [
            "numbers",
            "verify",
            "Price $850,000, 12 km away, 3 stores.",
            "--evidence",
            evidence,
            "--context",
            "The CBD is 12 km away.",
            "--preset",
            "property_valuation",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [v["verified"] for v in data["claim_verifications"]] == [True, True, False]
    assert data["sfs_score"] == pytest.approx(2 / 3)


def test_verify_evidence_file_and_config(tmp_path: Path) -> None:
    ev = tmp_path / "ev.json"
    ev.write_text('[{"key": "d", "value": 108, "unit": "count"}]', encoding="utf-8")
    cfg = tmp_path / "cfg.toml"
    cfg.write_text('name = "loose"\ntolerance = 0.1\n', encoding="utf-8")
    result = runner.invoke(
        root,
        ["numbers", "verify", "We saw 100 cases.", "--evidence", str(ev), "--config", str(cfg)],
    )
    assert result.exit_code == 0, result.output
    assert "score: 1.0000 (1 of 1 numeric claims verified)" in result.stdout


def test_verify_no_claims_undetermined() -> None:
    result = runner.invoke(root, ["numbers", "verify", "No numbers.", "--context", "5 km"])
    assert result.exit_code == 0
    assert "score: undetermined (no numeric claims)" in result.stdout


def test_user_text_not_read_as_markup() -> None:
    evidence = '[{"key": "[red]dist[/red]", "value": 5, "unit": "km"}]'
    result = runner.invoke(
        root,
        ["numbers", "verify", "[bold]5 km[/bold] away", "--evidence", evidence],
        env={"COLUMNS": "250"},
    )
    assert result.exit_code == 0, result.output
    assert "[red]dist[/red]=5 km" in result.stdout


def test_presets_list_and_show() -> None:
    result = runner.invoke(root, ["numbers", "presets"])
    assert result.exit_code == 0
    assert [line.split()[0] for line in result.stdout.splitlines()] == [
        "financial",
        "general",
        "legal",
        "medical",
        "property_valuation",
    ]
    shown = runner.invoke(root, ["numbers", "presets", "medical"])
    assert json.loads(shown.stdout)["type_tolerances"] == {"dosage": 0.05}


def test_errors_exit_2_one_line() -> None:
    cases = [
        ["numbers", "presets", "nope"],
        ["numbers", "extract", "5 km", "--preset", "nope"],
        ["numbers", "verify", "5 km", "--evidence", "{bad"],
        ["numbers", "verify", "5 km", "--evidence", "/no/such/file.json"],
        ["numbers", "verify", "5 km", "--evidence", '{"a": 1}'],
        ["numbers", "verify", "5 km", "--evidence", '[{"key": "k", "value": "x"}]'],
        ["numbers", "extract", "5 km", "--config", "/no/such/config.toml"],
        ["numbers", "extract", "5 km", "--preset", ""],
        ["numbers", "verify", "5 km", "--evidence", ""],
        ["numbers", "verify", "5 km", "--evidence", '[{"key": "\\ud800", "value": 5}]'],
        ["numbers", "verify", "5 km", "--evidence", '[{"key": "k", "value": 1' + "0" * 5000 + "}]"],
        ["numbers", "extract", "a \udcff 5 km"],  # a byte that is not UTF-8, as argv gives it
    ]
    for args in cases:
        result = runner.invoke(root, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: "), (
            args,
            result.stderr,
        )
        assert "Traceback" not in result.output
    messages = [runner.invoke(root, args).stderr for args in cases[-5:]]
    assert messages == [
        "error: unknown preset ''; known presets: financial, general, legal, medical, "
        "property_valuation\n",
        "error: --evidence is empty: give a JSON list or the path of a JSON file\n",
        "error: evidence.0.key holds a lone surrogate escape (such as \\ud800), not a Unicode "
        "character\n",
        "error: evidence is not valid JSON: an integer of more than 4,300 digits\n",
        "error: TEXT is not UTF-8 text (it holds an undecodable byte)\n",
    ]


def test_an_evidence_item_with_an_unknown_field_is_named_in_one_sentence() -> None:
    from typer.testing import CliRunner

    from veracity.cli.main import app

    result = CliRunner().invoke(
        app,
        ["numbers", "verify", "It costs $5.", "--evidence",
         '[{"key": "p", "value": 5, "unit": "USD", "confidence": 1}]'],
    )  # fmt: skip
    assert result.exit_code == 2
    assert result.stderr == (
        "error: field 'evidence[0]': unknown field 'confidence' (an evidence item has the "
        "fields key, value, unit and source)\n"
    )


def test_extract_table_shows_the_first_200_claims() -> None:
    text = " ".join(f"Site {i} has {i} km." for i in range(1001, 1251))  # 250 distances
    result = runner.invoke(root, ["numbers", "extract", "-"], input=text, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "1200 km" in result.stdout and "1201 km" not in result.stdout
    assert result.stdout.endswith(
        "showing the first 200 of 250 claims; --json lists all\n250 numeric claim(s)\n"
    )


def test_verify_table_shows_200_claims_failed_first() -> None:
    # 250 distances, all verified against their own evidence but the last one (9,999 km
    # is 87 % above the closest, 1,249 km)
    text = " ".join(f"Site {i} has {i} km." for i in range(1001, 1250)) + " Site X has 9999 km."
    evidence = json.dumps([{"value": i, "unit": "km"} for i in range(1001, 1250)])
    result = runner.invoke(
        root,
        ["numbers", "verify", "-", "--evidence", evidence],
        input=text,
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    rows = [line for line in lines if " km " in line and ("verified" in line or "failed" in line)]
    assert len(rows) == 200
    assert rows[0].split()[:4] == ["│", "9999", "km", "│"] and "failed" in rows[0]
    assert "1199 km" in rows[-1] and "verified" in rows[-1]  # then 1001..1199 in text order
    assert lines[-2] == "showing 200 of 250 claims, failed first; --json lists all"
    assert lines[-1] == "score: 0.9960 (249 of 250 numeric claims verified)"
