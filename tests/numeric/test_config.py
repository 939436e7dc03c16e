"""DomainConfig, presets, load_config and safe user patterns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from veracity.errors import ConfigError, UnsafePatternError
from veracity.numeric import (
    DomainConfig,
    ExtractionPattern,
    check_numbers,
    extract_claims,
    get_preset,
    list_presets,
    load_config,
)


def test_list_presets() -> None:
    assert list_presets() == ["financial", "general", "legal", "medical", "property_valuation"]


@pytest.mark.parametrize(
    ("name", "tolerance", "type_tolerances"),
    [
        ("property_valuation", 0.15, {}),
        ("medical", 0.10, {"dosage": 0.05}),
        ("legal", 0.10, {"currency": 0.05}),
        ("financial", 0.10, {"ratio": 0.05}),
        ("general", 0.01, {}),
    ],
)
def test_preset_tolerances_match_sfs(
    name: str, tolerance: float, type_tolerances: dict[str, float]
) -> None:
    cfg = get_preset(name)
    assert cfg.tolerance == tolerance
    assert cfg.type_tolerances == type_tolerances


def test_sfs_presets_keep_sfs_claim_types() -> None:
    assert {"currency", "percentage", "distance", "count"} <= set(
        get_preset("property_valuation").claim_types
    )
    assert {"dosage", "lab_value", "percentage", "count", "duration"} <= set(
        get_preset("medical").claim_types
    )
    assert {"currency", "percentage", "duration", "count"} <= set(get_preset("legal").claim_types)
    assert {"currency", "percentage", "ratio"} <= set(get_preset("financial").claim_types)


def test_unknown_preset_lists_known_names() -> None:
    with pytest.raises(
        ConfigError, match=r"unknown preset 'nope'; known presets: financial, general"
    ):
        get_preset("nope")
    with pytest.raises(ConfigError):
        extract_claims("5 km", "nope")


def test_load_config_json_text_and_mapping() -> None:
    text = json.dumps(
        {"name": "Climate", "tolerance": 0.1, "type_tolerances": {"temperature": 0.05}}
    )
    cfg = load_config(text)
    assert (
        cfg.name,
        cfg.tolerance,
        cfg.tolerance_for("temperature"),
        cfg.tolerance_for("count"),
    ) == (
        "Climate",
        0.1,
        0.05,
        0.1,
    )
    assert load_config({"name": "x"}).percentage_absolute_threshold == 0.0


def test_load_config_toml_text_and_files(tmp_path: Path) -> None:
    toml_text = 'name = "T"\ntolerance = 0.2\n[type_tolerances]\ncount = 0.01\n'
    assert load_config(toml_text).tolerance_for("count") == 0.01
    path = tmp_path / "c.toml"
    path.write_text(toml_text, encoding="utf-8")
    assert load_config(path).name == "T"
    jpath = tmp_path / "c.json"
    jpath.write_text('{"name": "J", "tolerance": 0.3}', encoding="utf-8")
    assert load_config(str(jpath)).tolerance == 0.3
    # a byte-order mark (Windows editors write one) is no error, as in sample files
    path.write_bytes(b"\xef\xbb\xbf" + toml_text.encode())
    jpath.write_bytes(b"\xef\xbb\xbf" + b'{"name": "J", "tolerance": 0.3}')
    assert (load_config(path).name, load_config(jpath).name) == ("T", "J")


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("{not json", "invalid JSON config"),
        ('name = "x"\ntolerance = ', "invalid TOML config"),
        ('{"tolerance": -1}', "tolerance"),
        ('{"tolerance": NaN}', "non-finite"),
        ('{"tolerance": "high"}', "tolerance"),
        ('{"unknown_field": 1}', "unknown_field"),
        ('{"exclusions": ["year", "bogus"]}', "unknown exclusion"),
        ('{"check_dates": "yes"}', "check_dates: Input should be a valid boolean"),
        ('{"context_check": 1}', "context_check: Input should be a valid boolean"),
        ("[1, 2]", "JSON object"),
        ("/no/such/config.json", "cannot read config"),
        ('{"name": "\\ud800"}', r"name holds a lone surrogate escape \(such as \\ud800\)"),
        ('{"tolerance": 1' + "0" * 5000 + "}", "an integer of more than 4,300 digits"),
    ],
)
def test_load_config_errors(source: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_config(source)


def test_load_config_rejects_wrong_type() -> None:
    with pytest.raises(ConfigError, match="mapping"):
        load_config(42)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("pattern", "value_group", "message"),
    [
        ("([0-9]+", 1, "invalid pattern"),
        (r"(\d+)\s*ppm", 2, "value_group 2 is out of range"),
        (r"\d+ppm", 1, "value_group 1 is out of range"),
        (r"(\d+)+$", 1, "catastrophic backtracking"),
        (r"((a|aa)+)+b", 1, "catastrophic backtracking"),
    ],
)
def test_unsafe_patterns_rejected(pattern: str, value_group: int, message: str) -> None:
    data = {
        "name": "x",
        "extraction_patterns": [
            {"claim_type": "c", "pattern": pattern, "value_group": value_group}
        ],
    }
    with pytest.raises(UnsafePatternError, match=message):
        load_config(data)


def test_sfs_readme_custom_config_patterns() -> None:
    cfg = DomainConfig(
        name="Climate Science RAG",
        tolerance=0.10,
        type_tolerances={"temperature": 0.05},
        extraction_patterns=[
            ExtractionPattern(
                claim_type="temperature",
                pattern=r"([\d.]+)\s*°[CF]",
                unit="°C",
                min_value=-100,
                max_value=200,
            ),
            ExtractionPattern(
                claim_type="concentration", pattern=r"([\d.]+)\s*ppm", unit="ppm", min_value=0.1
            ),
        ],
    )
    claims = extract_claims(
        "Warming reached 1.2 °C while CO2 hit 421 ppm and 12 stations reported.", cfg
    )
    assert [(c.text, c.claim_type, c.value, c.source) for c in claims] == [
        ("1.2 °C", "temperature", 1.2, "pattern"),
        ("421 ppm", "concentration", 421.0, "pattern"),
        ("12", "count", 12.0, "parser"),
    ]


def test_pattern_min_max_and_context_keywords() -> None:
    cfg = load_config(
        {
            "name": "x",
            "builtin_extraction": False,
            "extraction_patterns": [
                {
                    "claim_type": "score",
                    "pattern": r"score of (\d+)",
                    "unit": "",
                    "min_value": 10,
                    "max_value": 90,
                },
                {"claim_type": "grade", "pattern": r"grade (\d+)", "context_keywords": ["exam"]},
            ],
        }
    )
    filler = " Nothing else happened." * 5
    text = (
        "A score of 5, a score of 50 and a score of 95. The exam gave grade 7."
        + filler
        + " The lab gave grade 9."
    )
    assert [(c.claim_type, c.stated_value) for c in extract_claims(text, cfg)] == [
        ("score", 50.0),
        ("grade", 7.0),
    ]


def test_pattern_value_parsed_with_scale() -> None:
    cfg = load_config(
        {
            "name": "x",
            "builtin_extraction": False,
            "extraction_patterns": [
                {"claim_type": "funding", "pattern": r"raised ([\d.,]+ million)", "unit": "USD"}
            ],
        }
    )
    (claim,) = extract_claims("The firm raised 1.2 million last year.", cfg)
    assert (claim.stated_value, claim.dimension) == (1_200_000.0, "currency")


def test_exclusions_configurable() -> None:
    cfg = load_config({"name": "x", "tolerance": 0.05, "exclusions": ["date", "time_of_day"]})
    claims = extract_claims("The law passed in 2019 under Section 230.", cfg)
    assert [(c.text, c.claim_type) for c in claims] == [("2019", "number"), ("230", "number")]
    assert extract_claims("The law passed in 2019 under Section 230.") == []


def test_type_map_and_claim_types() -> None:
    cfg = load_config({"name": "x", "type_map": {"mass": "dosage"}, "claim_types": ["dosage"]})
    assert [(c.text, c.claim_type) for c in extract_claims("Give 5 mg to 12 patients.", cfg)] == [
        ("5 mg", "dosage")
    ]


def test_percentage_absolute_threshold_only_between_percentages() -> None:
    cfg = load_config({"name": "x", "tolerance": 0.01, "percentage_absolute_threshold": 1.0})
    report = check_numbers(
        "Rate 4.5% and 45 staff.",
        evidence=[{"key": "r", "value": 5.2, "unit": "%"}, {"key": "s", "value": 45.9}],
        config=cfg,
    )
    assert [(v.verified, v.rule) for v in report.claim_verifications] == [
        (True, "percentage_absolute"),
        (False, "out_of_tolerance"),
    ]


def test_zero_tolerance_absolute() -> None:
    cfg = load_config({"name": "x", "zero_tolerance": 0.5})
    report = check_numbers(
        "Change of 0.4 points overall, 0.6 elsewhere",
        evidence=[{"key": "z", "value": 0}],
        config=cfg,
    )
    assert [v.verified for v in report.claim_verifications] == [True, False]
