"""Hostile-input audit of ``veracity.numeric`` and ``score_faithfulness``.

The contract: bad input gets a clear error (``InputError`` / ``ConfigError`` /
``UnsafePatternError`` naming the field) or a documented result, never a traceback, a
hang, NaN / Infinity in the output or a silent drop. Property tests feed every Unicode
category (lone surrogates, NUL, controls, U+2028, fullwidth and Arabic-Indic digits...)
and hand-made nasty values.
Timing (super-linear scans) is checked by a separate script, never here.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from veracity.cli.numbers import app as numbers_app
from veracity.errors import ConfigError, InputError, UnsafePatternError
from veracity.faithfulness.api import score_faithfulness
from veracity.numeric import check_numbers, extract_claims, load_config, verify_claims
from veracity.numeric.sfs_api import sfs_compute, sfs_verify_claims, sfs_verify_single

_root = typer.Typer()
_root.add_typer(numbers_app, name="numbers")
_runner = CliRunner()

_EVIDENCE_12KM = [{"key": "distance", "value": 12, "unit": "km"}]

# every character category, surrogates included (Python strings may hold them)
_ANY_CHAR = st.characters(codec=None, exclude_categories=())
_NASTY = st.sampled_from(
    [
        "\x00",
        "\u2028",
        "\u2029",
        "\u200d",
        "\u200b",
        "\u202e",
        "\u0301",
        "\ud800",
        "\udfff",
        "\ufeff",
        "１２３",
        "٣٤٥",
        "१२३",
        "²",
        "½",
        "∞",
        "NaN",
        "-0",
        "1e309",
        "9" * 40,
        "$",
        "%",
        "(",
        "-",
        ".",
        ",",
        "(in thousands)\n",
        " km",
        " million",
        " one hundred and",
        "12",
        "3.5%",
        "$1,234",
    ]
)
_HOSTILE_TEXT = st.lists(st.one_of(_NASTY, st.text(_ANY_CHAR, max_size=8)), max_size=25).map(
    "".join
)


def _finite_json(data: object) -> dict[str, Any] | list[Any]:
    """``json.dumps(allow_nan=False)`` round trip: fails on NaN / Infinity."""
    loaded: dict[str, Any] | list[Any] = json.loads(json.dumps(data, allow_nan=False))
    return loaded


# --------------------------------------------------------------------------- numeric


@settings(max_examples=60, deadline=None)
@given(text=_HOSTILE_TEXT)
def test_extract_claims_on_hostile_text_gives_finite_claims_with_true_spans(text: str) -> None:
    claims = extract_claims(text)
    for c in claims:
        start, end = c.span
        assert 0 <= start < end <= len(text)
        assert text[start:end] == c.text
        assert math.isfinite(c.value) and math.isfinite(c.stated_value)
    _finite_json([c.to_dict() for c in claims])


@settings(max_examples=40, deadline=None)
@given(answer=_HOSTILE_TEXT, context=_HOSTILE_TEXT)
def test_check_numbers_on_hostile_text_scores_in_unit_interval(answer: str, context: str) -> None:
    report = check_numbers(answer, contexts=[context])
    data = _finite_json(report.to_dict())
    assert isinstance(data, dict)
    if report.total_claims == 0:
        assert (report.sfs_score, report.reason) == (None, "no numeric claims")
    else:
        assert report.sfs_score == report.verified_claims / report.total_claims
        assert report.verified_claims + report.failed_claims == report.total_claims
        assert len(data["claim_verifications"]) == report.total_claims  # nothing dropped


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", []),
        ("1e309 km", []),  # "1e309" is an identifier (digits glued to letters)
        ("9" * 400 + " km", []),  # more than MAX_DIGITS digits: an identifier
        ("∞ km and NaN %", []),
        ("１２３ km", [("１２３ km", "distance", 123.0)]),
        ("٣٤٥ km", [("٣٤٥ km", "distance", 345.0)]),
        ("१२३ km", [("१२३ km", "distance", 123.0)]),
        ("-0 km", [("-0 km", "distance", -0.0)]),
        ("It rose 5%\u2028then 7%", [("5%", "percentage", 5.0), ("7%", "percentage", 7.0)]),
        ("." * 10_000 + "$" * 10_000 + "%" * 10_000 + "(" * 10_000, []),
        ("one hundred and " * 2000, []),
    ],
)
def test_extract_claims_documented_results(
    text: str, expected: list[tuple[str, str, float]]
) -> None:
    got = [(c.text, c.claim_type, c.stated_value) for c in extract_claims(text)]
    assert got == expected


@pytest.mark.parametrize("answer", [None, b"12 km", 12, ["12 km"]])
def test_non_string_answer_is_an_input_error_naming_text(answer: object) -> None:
    with pytest.raises(InputError) as err:
        check_numbers(answer)  # type: ignore[arg-type]
    assert err.value.field == "text"


@pytest.mark.parametrize(
    ("contexts", "field"),
    [
        ("12 km", "contexts"),
        ({"a": "12 km"}, "contexts"),
        ({"12 km"}, "contexts"),
        ((c for c in ["12 km"]), "contexts"),
        (5, "contexts"),
        (b"12 km", "contexts[0]"),
        ([b"12 km"], "contexts[0]"),
        (["ok", None], "contexts[1]"),
        ([["12 km"]], "contexts[0]"),
    ],
)
def test_bad_contexts_are_input_errors_naming_the_item(contexts: object, field: str) -> None:
    with pytest.raises(InputError) as err:
        check_numbers("It is 12 km away.", contexts=contexts)  # type: ignore[arg-type]
    assert err.value.field == field


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        (math.nan, "finite"),
        (math.inf, "finite"),
        (-math.inf, "finite"),
        (None, "must be a number, got null"),
        ("twelve", 'must be a number, got string "twelve"'),
    ],
)
def test_bad_evidence_values_are_input_errors_naming_the_item(value: object, fragment: str) -> None:
    with pytest.raises(InputError) as err:
        check_numbers("It is 12 km away.", evidence=[{"key": "d", "value": value, "unit": "km"}])
    assert err.value.field == "evidence[0]"
    assert fragment in err.value.reason


@pytest.mark.parametrize("evidence", ["12 km", b"12", {"key": "d", "value": 12}, 12])
def test_evidence_that_is_not_a_list_is_an_input_error(evidence: object) -> None:
    with pytest.raises(InputError) as err:
        check_numbers("It is 12 km away.", evidence=evidence)  # type: ignore[arg-type]
    assert (err.value.field, err.value.reason) == ("evidence", "must be a list of evidence items")


def test_duplicate_and_unknown_unit_evidence_keys_all_stay_in_the_pool() -> None:
    evidence = [
        {"key": "d", "value": 12, "unit": "km"},
        {"key": "d", "value": 13, "unit": "km"},
        {"key": "x", "value": 12, "unit": "florbs"},
    ]
    report = check_numbers("It is 12 km away.", evidence=evidence)
    assert (report.sfs_score, report.evidence_count) == (1.0, 3)
    assert report.claim_verifications[0].matched is not None
    assert report.claim_verifications[0].matched.stated_value == 12.0


@settings(max_examples=60, deadline=None)
@given(
    value=st.one_of(
        st.floats(allow_nan=True, allow_infinity=True),
        st.integers(min_value=-(10**300), max_value=10**300),
        st.none(),
        st.text(max_size=5),
    )
)
def test_any_evidence_value_is_an_input_error_or_a_finite_report(value: object) -> None:
    try:
        report = check_numbers(
            "It is 12 km away.", evidence=[{"key": "d", "value": value, "unit": "km"}]
        )
    except InputError as err:
        assert err.field == "evidence[0]"
        return
    _finite_json(report.to_dict())
    assert report.total_claims == 1


def test_evidence_value_beyond_float_range_is_an_input_error() -> None:
    with pytest.raises(InputError) as err:
        check_numbers("It is 12 km away.", evidence=[{"key": "d", "value": 10**400}])
    assert err.value.field == "evidence[0]"


def test_evidence_overflowing_its_unit_scale_is_an_input_error() -> None:
    with pytest.raises(InputError) as err:
        check_numbers(
            "It cost $5.", evidence=[{"key": "c", "value": 1e308, "unit": "USD trillions"}]
        )
    assert err.value.field == "evidence[0]"


def test_evidence_overflowing_unit_conversion_is_an_input_error() -> None:
    with pytest.raises(InputError) as err:
        check_numbers("It is 12 km away.", evidence=[{"key": "d", "value": 1e308, "unit": "km"}])
    assert err.value.field == "evidence[0]"


def test_boolean_evidence_value_is_an_input_error() -> None:
    with pytest.raises(InputError) as err:
        check_numbers("It is 12 km away.", evidence=[{"key": "d", "value": True, "unit": "km"}])
    assert err.value.field == "evidence[0]"


@pytest.mark.parametrize("claims", [None, 5, ["12 km"], [{"claim_text": "12 km"}]])
def test_verify_claims_with_non_claims_is_an_input_error(claims: object) -> None:
    with pytest.raises(InputError) as err:
        verify_claims(claims, evidence=_EVIDENCE_12KM)  # type: ignore[arg-type]
    assert err.value.field == "claims"


# --------------------------------------------------------------------------- config


def _pattern_config(pattern: str, **extra: object) -> dict[str, Any]:
    return {"extraction_patterns": [{"claim_type": "x", "pattern": pattern, **extra}]}


@pytest.mark.parametrize(
    ("config", "error", "fragment"),
    [
        (_pattern_config("(a+)+$"), UnsafePatternError, "catastrophic backtracking"),
        (_pattern_config("(abc"), UnsafePatternError, "invalid pattern '(abc'"),
        (_pattern_config(r"(\d+)", value_group=2), UnsafePatternError, "value_group 2 is out"),
        (_pattern_config(r"(\d+)", value_group=-1), UnsafePatternError, "value_group -1 is out"),
        (_pattern_config("a" * 2001), UnsafePatternError, "too long (2001 > 2000"),
        (_pattern_config(r"(\d{0,4294967295})"), UnsafePatternError, "repeat count too big"),
        (_pattern_config(""), ConfigError, "extraction_patterns.0.pattern"),
        (_pattern_config(r"(\d+)", min_value=math.nan), ConfigError, "must be finite"),
        (_pattern_config(r"(\d+)", value_group=1.5), ConfigError, "value_group"),
        ({"tolerance": math.nan}, ConfigError, "tolerance"),
        ({"tolerance": -1}, ConfigError, "tolerance"),
        ({"tolerance": 10**400}, ConfigError, "tolerance"),
        ({"type_tolerances": {"a": math.inf}}, ConfigError, "type_tolerances['a']"),
        ({"exclusions": ["nope"]}, ConfigError, "unknown exclusion(s) ['nope']"),
        ({"nope": 1}, ConfigError, "nope: Extra inputs are not permitted"),
        ('{"tolerance": NaN}', ConfigError, "non-finite number NaN"),
        ('{"tolerance": 1e999}', ConfigError, "tolerance"),
        ("tolerance = = 1\n", ConfigError, "invalid TOML config"),
        ("tolerance = nan\n", ConfigError, "tolerance"),
        ('{"extraction_patterns": [', ConfigError, "invalid JSON config"),
        ("[1, 2]", ConfigError, "must be a JSON object"),
        (b"{}", ConfigError, "not bytes"),
    ],
)
def test_bad_configs_are_config_errors_naming_the_field(
    config: Any, error: type[Exception], fragment: str
) -> None:
    with pytest.raises(error) as err:
        load_config(config)
    assert fragment in str(err.value)


def test_malformed_config_files_are_config_errors(tmp_path: Path) -> None:
    binary = tmp_path / "bad.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ConfigError, match="cannot read config"):
        load_config(binary)
    toml = tmp_path / "bad.toml"
    toml.write_text("tolerance = = 1\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="invalid TOML config"):
        load_config(toml)
    with pytest.raises(ConfigError, match="No such file"):
        load_config(tmp_path / "missing.json")


def test_slow_pattern_at_run_time_is_an_unsafe_pattern_error() -> None:
    # "b" written as \x62 is not probed at load; it backtracks on 3,000 "b": the
    # run-time budget stops it
    cfg = load_config(_pattern_config(r"(\x62|\x62\x62)+c"))
    with pytest.raises(UnsafePatternError, match=r"took longer than 0\.5 s"):
        extract_claims("b" * 3000, cfg)


def test_catastrophic_pattern_on_other_characters_is_rejected_at_load() -> None:
    with pytest.raises(UnsafePatternError, match="catastrophic"):
        load_config(_pattern_config(r"(b|bb)+c"))


def test_pattern_with_min_value_above_max_value_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="min_value"):
        load_config(_pattern_config(r"(\d+)", min_value=10, max_value=1))


def test_unknown_claim_type_filter_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="currrency"):
        load_config({"claim_types": ["currrency"]})


def test_empty_type_keyword_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="type_keywords"):
        load_config({"type_keywords": {"lab_value": [""]}})


def test_deeply_nested_json_config_is_a_config_error() -> None:
    with pytest.raises(ConfigError):
        load_config("[" * 100_000 + "]" * 100_000)


def test_deeply_nested_toml_config_is_a_config_error() -> None:
    with pytest.raises(ConfigError):
        load_config("a = " + "[" * 100_000 + "]" * 100_000 + "\n")


def test_config_path_with_nul_byte_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="cannot read config"):
        load_config("abc\x00.json")


def test_pattern_claim_overflowing_its_unit_never_has_an_infinite_value() -> None:
    cfg = load_config(_pattern_config(r"cost (\S+)", unit="USD trillions"))
    try:
        claims = extract_claims("It will cost 1e300 in total.", cfg)
    except InputError as err:
        assert err.field == "text"
        return
    assert [c.value for c in claims if not math.isfinite(c.value)] == []


@settings(max_examples=25, deadline=None)
@given(pattern=st.text(st.sampled_from("()+*?|\\d.a1[]{}^$"), min_size=1, max_size=12))
def test_random_user_patterns_are_rejected_cleanly_or_extract_finite_claims(pattern: str) -> None:
    try:
        cfg = load_config(_pattern_config(pattern, value_group=0))
    except ConfigError as err:  # UnsafePatternError included
        assert "extraction_patterns" in str(err)
        return
    try:
        claims = extract_claims("level 12, 3.5 a 111 aaa 1.1.1", cfg)
    except UnsafePatternError as err:
        assert "took longer" in str(err)
        return
    _finite_json([c.to_dict() for c in claims])


# --------------------------------------------------------------------------- SFS API


def test_sfs_rejects_non_finite_json_and_bad_types() -> None:
    with pytest.raises(InputError, match="non-finite number NaN") as err:
        sfs_compute("12 km", '[{"key": "a", "value": NaN}]')
    assert err.value.field == "evidence_json"
    with pytest.raises(InputError) as err:
        sfs_verify_single("12 km", "distance", math.nan, "km", json.dumps(_EVIDENCE_12KM))
    assert (err.value.field, err.value.reason) == (
        "claim",
        "'extracted_value' must be a finite number or null",
    )
    with pytest.raises(InputError) as err:
        sfs_verify_single("12 km", "distance", True, "km", json.dumps(_EVIDENCE_12KM))
    assert err.value.field == "claim"
    with pytest.raises(ConfigError, match="preset must be a string"):
        sfs_compute("12 km", "[]", preset=5)  # type: ignore[arg-type]


def test_sfs_missing_value_is_the_documented_no_value_result() -> None:
    out = sfs_verify_single("12 km", "distance", None, "km", json.dumps(_EVIDENCE_12KM))  # type: ignore[arg-type]
    _finite_json(out)
    assert (out["verified"], out["rule"]) == (False, "no_value")


def test_sfs_claim_value_beyond_float_range_is_an_input_error() -> None:
    with pytest.raises(InputError) as err:
        sfs_verify_claims(
            [{"claim_text": "x", "claim_type": "number", "extracted_value": 10**400}],  # type: ignore[arg-type]
            json.dumps(_EVIDENCE_12KM),
        )
    assert err.value.field == "claims_json[0]"


def test_sfs_claim_value_overflowing_its_scale_is_an_input_error() -> None:
    with pytest.raises(InputError):
        sfs_verify_single("x", "currency", 1e308, "USD trillions", '[{"value": 5, "unit": "USD"}]')


def test_sfs_deeply_nested_evidence_json_is_an_input_error() -> None:
    with pytest.raises(InputError) as err:
        sfs_compute("12 km", "[" * 100_000 + "]" * 100_000)
    assert err.value.field == "evidence_json"


# --------------------------------------------------------------------------- CLI


def test_cli_bad_config_exits_2_with_one_line(tmp_path: Path) -> None:
    cfg = tmp_path / "cat.json"
    cfg.write_text(json.dumps(_pattern_config("(a+)+$")), encoding="utf-8")
    result = _runner.invoke(_root, ["numbers", "extract", "12 km", "--config", str(cfg)])
    assert result.exit_code == 2
    assert result.output.startswith("error: extraction_patterns.0: pattern '(a+)+$' is too slow")


def test_cli_non_list_evidence_exits_2() -> None:
    result = _runner.invoke(_root, ["numbers", "verify", "12 km", "--evidence", "{}"])
    assert result.exit_code == 2
    assert "evidence must be a JSON list" in result.output


def test_cli_non_utf8_evidence_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "ev.json"
    path.write_bytes(b"\xff\xfe garbage")
    result = _runner.invoke(_root, ["numbers", "verify", "12 km", "--evidence", str(path)])
    assert result.exit_code == 2
    assert "error:" in result.output


def test_cli_deeply_nested_evidence_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "ev.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = _runner.invoke(_root, ["numbers", "verify", "12 km", "--evidence", str(path)])
    assert result.exit_code == 2
    assert "error:" in result.output


# --------------------------------------------------------------------------- faithfulness


@settings(max_examples=40, deadline=None)
@given(
    answer=_HOSTILE_TEXT,
    contexts=st.lists(_HOSTILE_TEXT, max_size=3),
    method=st.sampled_from(["lexical", "overlap"]),
)
def test_faithfulness_on_hostile_text_scores_in_unit_interval(
    answer: str, contexts: list[str], method: str
) -> None:
    res = score_faithfulness(answer, contexts, method=method)
    data = _finite_json(res.to_dict())
    assert isinstance(data, dict)
    if res.score is None:
        assert res.support is None and res.reason.startswith("no claims")
    else:
        assert 0.0 <= res.score <= 1.0 and res.support is not None and 0.0 <= res.support <= 1.0
        assert all(0.0 <= c.score <= 1.0 for c in res.claims)
        assert res.score == sum(c.supported for c in res.claims) / len(res.claims)


@pytest.mark.parametrize("method", ["lexical", "overlap"])
@pytest.mark.parametrize("answer", ["", "   \n\t", "...!!!???"])
def test_faithfulness_empty_answers_are_no_claims(answer: str, method: str) -> None:
    res = score_faithfulness(answer, ["Paris is the capital of France."], method=method)
    assert (res.score, res.support, res.reason, res.claims) == (None, None, "no claims", [])


@pytest.mark.parametrize(
    "threshold", [math.nan, math.inf, -1, 2, "0.5", True, -1e-9, 1 + 1e-9, complex(0.5, 0)]
)
def test_faithfulness_bad_threshold_is_a_config_error(threshold: object) -> None:
    with pytest.raises(ConfigError, match="threshold must be a number in"):
        score_faithfulness("Paris.", ["Paris."], threshold=threshold)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("answer", "contexts", "field"),
    [
        (None, ["x"], "answer"),
        (b"x", ["x"], "answer"),
        ("x", None, "contexts"),
        ("x", {"a": "b"}, "contexts"),
        ("x", (c for c in ["x"]), "contexts"),
        ("x", b"x", "contexts"),
        ("x", [b"x"], "contexts"),
        ("x", ["ok", 3], "contexts"),
    ],
)
def test_faithfulness_bad_types_are_input_errors(
    answer: object, contexts: object, field: str
) -> None:
    with pytest.raises(InputError) as err:
        score_faithfulness(answer, contexts)  # type: ignore[arg-type]
    assert err.value.field == field


@pytest.mark.parametrize("method", [None, "LEXICAL", ""])
def test_faithfulness_unknown_method_is_a_config_error(method: object) -> None:
    with pytest.raises(ConfigError, match="unknown faithfulness method"):
        score_faithfulness("Paris.", ["Paris."], method=method)  # type: ignore[arg-type]


def test_faithfulness_huge_int_threshold_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="threshold"):
        score_faithfulness("Paris.", ["Paris."], threshold=10**400)


def test_faithfulness_unhashable_method_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="unknown faithfulness method"):
        score_faithfulness("Paris.", ["Paris."], method=["lexical"])  # type: ignore[arg-type]
