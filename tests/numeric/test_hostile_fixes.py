"""Fixes of the hostile-input audit: strict config types, shared pattern budget,
overflowing values, deep nesting and the ``check_claims`` guard of ``verify_claims``."""

from __future__ import annotations

import json
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from pydantic import ValidationError
from sfs_toolkit.models import EvidenceItem as SfsEvidenceItem
from typer.testing import CliRunner

from veracity.cli.numbers import app as numbers_app
from veracity.errors import ConfigError, InputError, UnsafePatternError
from veracity.numeric import check_numbers, extract_claims, load_config
from veracity.numeric import extract as extract_module
from veracity.numeric.config import BUILTIN_CLAIM_TYPES, MAX_PATTERNS
from veracity.numeric.evidence import evidence_from_items
from veracity.numeric.models import check_claims
from veracity.numeric.sfs_api import sfs_compute, sfs_verify_claims, sfs_verify_single
from veracity.samples import EvidenceItem

_EV = json.dumps([{"key": "distance", "value": 12, "unit": "km"}])


def _patterns(*patterns: str, **extra: object) -> dict[str, Any]:
    return {"extraction_patterns": [{"claim_type": "x", "pattern": p, **extra} for p in patterns]}


# --------------------------------------------------------------------------- check_claims


def test_check_claims_returns_the_claims_as_a_list() -> None:
    claims = extract_claims("It is 12 km and 5 kg.")
    assert check_claims(claims) == claims
    assert check_claims(tuple(claims)) == claims
    assert check_claims([]) == []


def _gen() -> Iterator[str]:
    yield "12 km"


@pytest.mark.parametrize(
    ("claims", "reason"),
    [
        (None, "must be a list of NumericClaim (from extract_claims), not NoneType"),
        (5, "must be a list of NumericClaim (from extract_claims), not int"),
        ("12 km", "must be a list of NumericClaim (from extract_claims), not str"),
        ({"a": 1}, "must be a list of NumericClaim (from extract_claims), not dict"),
        ({"12 km"}, "must be a list of NumericClaim (from extract_claims), not set"),
        (_gen(), "must be a list of NumericClaim (from extract_claims), not generator"),
        (["12 km"], "item 0 must be a NumericClaim (from extract_claims), not str"),
        (
            [{"claim_text": "12 km"}],
            "item 0 must be a NumericClaim (from extract_claims), not dict",
        ),
    ],
)
def test_check_claims_rejects_non_claims_naming_claims(claims: object, reason: str) -> None:
    with pytest.raises(InputError) as err:
        check_claims(claims)
    assert (err.value.field, err.value.reason) == ("claims", reason)


# --------------------------------------------------------------------------- config


def test_builtin_claim_types_are_the_parser_types() -> None:
    parser_types = set(extract_module._TYPE_BY_DIMENSION.values()) | {"lab_value"}
    assert parser_types == set(BUILTIN_CLAIM_TYPES)
    # every unit's dimension has one of them (a config naming it is not refused)
    from veracity.numeric import units
    from veracity.numeric.config import DomainConfig

    config = DomainConfig(name="t")
    dims = {extract_module.claim_type_of(u.dimension, config) for u in units.UNITS.values()}
    assert dims - set(BUILTIN_CLAIM_TYPES) == set()


@pytest.mark.parametrize(
    ("config", "fragment"),
    [
        ({"tolerance": True}, "tolerance: Input should be a valid number"),
        ({"tolerance": "0.1"}, "tolerance: Input should be a valid number"),
        ({"type_tolerances": {"a": False}}, "type_tolerances.a: Input should be a valid number"),
        ({"zero_tolerance": True}, "zero_tolerance: Input should be a valid number"),
        (_patterns(r"(\d+)", value_group="1"), "value_group: Input should be a valid integer"),
        (_patterns(r"(\d+)", value_group=True), "value_group: Input should be a valid integer"),
        (_patterns(r"(\d+)", min_value=True), "min_value: Input should be a valid number"),
        (_patterns(r"(\d+)", min_value=5, max_value=4), "min_value 5 is above max_value 4"),
        (_patterns(r"(\d+)", context_keywords=["ok", " "]), "context_keywords[1] is empty"),
        ({"type_keywords": {"lab_value": ["level", ""]}}, "type_keywords['lab_value'][1] is empty"),
        ({"type_keywords": {"": ["level"]}}, "type_keywords has an empty claim type"),
        ({"claim_types": ["currency", "currrency"]}, "unknown claim type(s) ['currrency']"),
        (
            {"claim_types": ["dosage"]},
            "known: apparent_power, area, bitrate, charge, concentration",
        ),
    ],
)
def test_lax_or_silently_dropping_configs_are_config_errors(
    config: dict[str, Any], fragment: str
) -> None:
    with pytest.raises(ConfigError) as err:
        load_config(config)
    assert fragment in str(err.value)


def test_claim_types_may_name_mapped_keyword_and_pattern_types() -> None:
    cfg = load_config(
        {
            "type_map": {"mass": "dosage"},
            "type_keywords": {"score": ["score of"]},
            "extraction_patterns": [{"claim_type": "ppm", "pattern": r"(\d+) ppm"}],
            "claim_types": ["dosage", "score", "ppm", "distance"],
        }
    )
    claims = extract_claims("Give 5 mg, a score of 7, 400 ppm, 12 km and 3%.", cfg)
    assert [(c.text, c.claim_type) for c in claims] == [
        ("5 mg", "dosage"),
        ("7", "score"),
        ("400 ppm", "ppm"),
        ("12 km", "distance"),
    ]


def test_more_than_max_patterns_is_a_config_error() -> None:
    assert load_config(_patterns(*[rf"(\d+) u{i}" for i in range(MAX_PATTERNS)]))
    with pytest.raises(ConfigError, match=r"extraction_patterns: List should have at most 200"):
        load_config(_patterns(*[rf"(\d+) u{i}" for i in range(MAX_PATTERNS + 1)]))


@pytest.mark.parametrize("source", ["", "   ", "\n"])
def test_empty_config_text_has_a_clear_message(source: str) -> None:
    with pytest.raises(ConfigError) as err:
        load_config(source)
    assert str(err.value) == "config is an empty string; expected JSON or TOML text or a file path"


def test_config_file_nested_too_deeply_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    with pytest.raises(ConfigError, match="invalid JSON config: nested too deeply"):
        load_config(path)


@pytest.mark.parametrize("pattern", [r"(b|bb)+c", r"(\$+)+q", r"(x+x+)+y", r"(é|éé)+z"])
def test_patterns_catastrophic_on_their_own_characters_are_rejected_at_load(
    pattern: str,
) -> None:
    with pytest.raises(UnsafePatternError, match="catastrophic backtracking"):
        load_config(_patterns(pattern))


def test_pattern_with_many_distinct_characters_is_accepted() -> None:
    alternation = "|".join(rf"\{c}" if not c.isalnum() else c for c in string.printable[:94])
    cfg = load_config(_patterns(rf"(?:{alternation})=(\d+)"))
    assert [c.stated_value for c in extract_claims("x=5 and #=7", cfg)] == [5.0, 7.0]


class _FakeClock:
    """``time`` stand-in whose clock moves 0.3 s at each reading."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 0.3
        return self.now


def test_extraction_patterns_share_one_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = load_config(_patterns(r"(\d+) km", r"(\d+) kg"))
    assert len(extract_claims("12 km", cfg)) == 1
    # deadline = 0.3 + 0.5; the first pattern starts at 0.6 (0.2 s left), the second
    # at 0.9: the budget is spent, though neither pattern used its own 0.5 s
    monkeypatch.setattr(extract_module, "time", _FakeClock())
    with pytest.raises(UnsafePatternError) as err:
        extract_claims("12 km", cfg)
    assert str(err.value) == (
        "extraction patterns took longer than 0.5 s in all on a 5-character text; "
        r"stopped in pattern '(\\d+) kg'"
    )


@pytest.mark.parametrize(
    ("text", "unit", "expected"),
    [
        ("n=" + "9" * 400, "", []),
        ("n=1e300", "USD trillions", []),
        ("n=1e300", "km", [1e303]),
        ("n=1e300", "USD", [1e300]),
    ],
)
def test_pattern_value_beyond_float_range_is_not_a_claim(
    text: str, unit: str, expected: list[float]
) -> None:
    cfg = load_config(
        {"builtin_extraction": False, **_patterns(r"n=(\S+)", unit=unit, value_group=1)}
    )
    assert [c.value for c in extract_claims(text, cfg)] == expected


# --------------------------------------------------------------------------- evidence


def test_numeric_string_evidence_value_is_read_like_sfs() -> None:
    # the SFS toolkit's pydantic EvidenceItem coerces "12" to 12.0: we do the same
    assert SfsEvidenceItem(key="d", value="12").value == 12.0  # type: ignore[arg-type]
    (ev,) = evidence_from_items([{"key": "d", "value": "12", "unit": "km"}])
    assert (ev.stated_value, ev.value) == (12.0, 12_000.0)


@pytest.mark.parametrize(
    ("item", "reason"),
    [
        ({"value": False}, "value must be a number, not a boolean (False)"),
        ({"value": -(10**400)}, "value (an integer of about 401 digits) is beyond the float range"),
        (
            {"value": 1e308, "unit": "USD trillions"},
            "value 1e+308 'USD trillions' is beyond the float range once its unit is applied",
        ),
    ],
)
def test_evidence_overflow_and_bool_name_the_item(item: object, reason: str) -> None:
    good = {"key": "a", "value": 1}
    with pytest.raises(InputError) as err:
        evidence_from_items([good, item])  # type: ignore[list-item]
    assert (err.value.field, err.value.reason) == ("evidence[1]", reason)


def test_an_evidence_item_that_overflows_in_its_unit_is_rejected_when_built() -> None:
    # so a sample file's reader names its line and --skip-errors skips it (it used to
    # pass reading and abort the whole run when scored)
    with pytest.raises(ValidationError) as err:
        EvidenceItem(value=1e300, unit="$bn")
    assert err.value.errors()[0]["msg"] == (
        "Value error, value 1e+300 '$bn' is beyond the float range once its unit is applied"
    )


def test_largest_float_int_evidence_is_accepted() -> None:
    report = check_numbers("It is 12 km away.", evidence=[{"key": "d", "value": 2**1000}])
    assert (report.total_claims, report.verified_claims, report.evidence_count) == (1, 0, 1)


# --------------------------------------------------------------------------- SFS API


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda deep: sfs_verify_claims(deep, _EV), "claims_json"),
        (lambda deep: sfs_compute("12 km", _EV, custom_config_json=deep), "custom_config_json"),
        (lambda deep: sfs_verify_single("12 km", "distance", 12, "km", deep), "evidence_json"),
    ],
)
def test_sfs_deeply_nested_json_names_the_field(call: Any, field: str) -> None:
    with pytest.raises(InputError) as err:
        call("[" * 100_000 + "]" * 100_000)
    assert (err.value.field, err.value.reason) == (field, "is not valid JSON: nested too deeply")


@pytest.mark.parametrize(
    ("value", "unit", "reason"),
    [
        (10**400, "km", "'extracted_value' must be a finite number or null"),
        (
            1e308,
            "km",
            "'extracted_value' 1e+308 'km' is beyond the float range once its unit is applied",
        ),
    ],
)
def test_sfs_single_claim_overflow_is_an_input_error(value: float, unit: str, reason: str) -> None:
    with pytest.raises(InputError) as err:
        sfs_verify_single("x", "distance", value, unit, _EV)
    assert (err.value.field, err.value.reason) == ("claim", reason)


# --------------------------------------------------------------------------- CLI

_root = typer.Typer()
_root.add_typer(numbers_app, name="numbers")


def test_cli_deeply_nested_evidence_text_exits_2() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    result = CliRunner().invoke(_root, ["numbers", "verify", "12 km", "--evidence", deep])
    assert (result.exit_code, result.output) == (
        2,
        "error: evidence is not valid JSON: nested too deeply\n",
    )


def test_cli_non_utf8_evidence_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "ev.json"
    path.write_bytes(b"\xff\xfe garbage")
    result = CliRunner().invoke(_root, ["numbers", "verify", "12 km", "--evidence", str(path)])
    assert (result.exit_code, result.output) == (
        2,
        f"error: evidence file {str(path)!r} is not UTF-8 text: invalid start byte at byte 0\n",
    )


def test_cli_non_utf8_stdin_exits_2() -> None:
    result = CliRunner().invoke(_root, ["numbers", "extract", "-"], input=b"\xff\xfe 12 km")
    assert (result.exit_code, result.output) == (
        2,
        "error: stdin is not UTF-8 text: invalid start byte at byte 0\n",
    )


def test_load_time_probes_share_one_budget_per_config(monkeypatch: pytest.MonkeyPatch) -> None:
    from veracity.numeric import user_patterns

    # a pattern no other test compiles (compile_pattern caches the patterns it passed)
    pattern = r"(\d+) shared-probe-budget"
    monkeypatch.setattr(user_patterns, "CONFIG_PROBE_BUDGET", 0.0)
    with pytest.raises(UnsafePatternError) as err:
        load_config(_patterns(pattern))
    assert str(err.value) == (
        "extraction_patterns.0: the extraction patterns take more than 0 s in all to check on "
        r"1000-character inputs; stopped at pattern '(\\d+) shared-probe-budget'"
    )
