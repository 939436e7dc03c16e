"""The six SFS-compatible tool functions, checked against the real sfs_toolkit.

sfs_toolkit's MCP server module needs mcp 1.x, so ``_Theirs`` rebuilds its tool
outputs from the toolkit's own library functions exactly as its server does.
"""

from __future__ import annotations

import json

import pytest
from sfs_toolkit.extractor import extract_claims as sfs_extract
from sfs_toolkit.models import Claim, EvidenceItem, EvidencePool
from sfs_toolkit.presets import get_preset as sfs_get_preset
from sfs_toolkit.presets import list_presets as sfs_list_presets
from sfs_toolkit.verifier import compute_sfs, verify_claim

from veracity.errors import ConfigError, InputError
from veracity.numeric import sfs_api


class _Theirs:
    """The sfs_toolkit server's tool bodies (server.py), minus the MCP decorator."""

    @staticmethod
    def _pool(evidence_json: str) -> EvidencePool:
        return EvidencePool(items=[EvidenceItem(**e) for e in json.loads(evidence_json)])

    @staticmethod
    def sfs_compute(text: str, evidence_json: str, preset: str = "") -> str:
        config = sfs_get_preset(preset) if preset else None
        claims = sfs_extract(text, config=config)
        report = compute_sfs(claims, _Theirs._pool(evidence_json), config=config)
        return json.dumps(report.model_dump(), default=str)

    @staticmethod
    def sfs_extract_claims(text: str, preset: str = "") -> str:
        config = sfs_get_preset(preset) if preset else None
        return json.dumps([c.model_dump() for c in sfs_extract(text, config=config)])

    @staticmethod
    def sfs_verify_single(
        claim_text: str,
        claim_type: str,
        value: float,
        unit: str,
        evidence_json: str,
        preset: str = "",
    ) -> str:
        config = sfs_get_preset(preset) if preset else None
        claim = Claim(
            claim_text=claim_text, claim_type=claim_type, extracted_value=value, unit=unit
        )
        return json.dumps(
            verify_claim(claim, _Theirs._pool(evidence_json), config=config).model_dump(),
            default=str,
        )

    @staticmethod
    def sfs_list_presets() -> str:
        return json.dumps(sfs_list_presets())


sfs_server = _Theirs

README_TEXT = (
    "The median house price in this suburb is $850,000, located 12.5 km\n"
    "       from the CBD. With 190 comparable sales showing a 3.2% gradient\n"
    "       north, the estimated value is $875,000."
)
README_EVIDENCE = json.dumps(
    [
        {"key": "median_price", "value": 842000, "unit": "AUD"},
        {"key": "cbd_distance", "value": 12.3, "unit": "km"},
        {"key": "comparable_count", "value": 188, "unit": "count"},
        {"key": "north_gradient", "value": 3.5, "unit": "%"},
        {"key": "ml_prediction", "value": 880000, "unit": "AUD"},
    ]
)
README_OUTPUT = {
    "sfs_score": 1.0,
    "total_claims": 5,
    "verified_claims": 5,
    "failed_claims": 0,
    "type_breakdown": {
        "currency": {"total": 2, "verified": 2, "failed": 0},
        "distance": {"total": 1, "verified": 1, "failed": 0},
        "count": {"total": 1, "verified": 1, "failed": 0},
        "percentage": {"total": 1, "verified": 1, "failed": 0},
    },
}


def test_readme_sfs_compute_example() -> None:
    out = sfs_api.sfs_compute(README_TEXT, README_EVIDENCE, preset="property_valuation")
    assert {k: out[k] for k in README_OUTPUT} == README_OUTPUT
    # the real toolkit misses "190 comparable sales" on its own README example
    theirs = json.loads(
        sfs_server.sfs_compute(README_TEXT, README_EVIDENCE, preset="property_valuation")
    )
    assert {k: theirs[k] for k in ("sfs_score", "total_claims", "verified_claims")} == {
        "sfs_score": 1.0,
        "total_claims": 4,
        "verified_claims": 4,
    }
    json.dumps(out, allow_nan=False)


def test_output_field_names_are_a_superset_of_sfs() -> None:
    ours = sfs_api.sfs_compute(
        README_TEXT, json.loads(README_EVIDENCE), preset="property_valuation"
    )
    theirs = json.loads(
        sfs_server.sfs_compute(README_TEXT, README_EVIDENCE, preset="property_valuation")
    )
    assert set(theirs) <= set(ours)
    assert set(theirs["claim_verifications"][0]) <= set(ours["claim_verifications"][0])
    assert set(theirs["claim_verifications"][0]["claim"]) <= set(
        ours["claim_verifications"][0]["claim"]
    )
    assert set(theirs["claim_verifications"][0]["matched_evidence"]) == set(
        ours["claim_verifications"][0]["matched_evidence"]
    )


def test_extract_claims_matches_sfs_fields() -> None:
    ours = sfs_api.sfs_extract_claims(README_TEXT, preset="property_valuation")
    theirs = json.loads(sfs_server.sfs_extract_claims(README_TEXT, preset="property_valuation"))
    assert [(c["claim_type"], c["extracted_value"]) for c in ours] == [
        ("currency", 850000.0),
        ("distance", 12.5),
        ("count", 190.0),
        ("percentage", 3.2),
        ("currency", 875000.0),
    ]
    theirs_set = {(c["claim_type"], c["extracted_value"]) for c in theirs}
    assert theirs_set == {(c["claim_type"], c["extracted_value"]) for c in ours} - {
        ("count", 190.0)
    }


def test_verify_claims_with_sfs_claim_objects() -> None:
    claims = json.loads(sfs_server.sfs_extract_claims(README_TEXT, preset="property_valuation"))
    out = sfs_api.sfs_verify_claims(
        json.dumps(claims), README_EVIDENCE, preset="property_valuation"
    )
    assert (out["sfs_score"], out["total_claims"], out["verified_claims"]) == (1.0, 4, 4)


def test_verify_claims_null_value_fails() -> None:
    claims = [{"claim_text": "x", "claim_type": "count", "extracted_value": None, "unit": "count"}]
    out = sfs_api.sfs_verify_claims(claims, README_EVIDENCE)
    assert out["claim_verifications"][0]["verified"] is False
    assert out["claim_verifications"][0]["rule"] == "no_value"
    assert out["sfs_score"] == 0.0


def test_verify_single() -> None:
    out = sfs_api.sfs_verify_single(
        "HbA1c of 7.2%",
        "percentage",
        7.2,
        "%",
        '[{"key": "h", "value": 7.1, "unit": "%"}]',
        preset="medical",
    )
    theirs = json.loads(
        sfs_server.sfs_verify_single(
            "HbA1c of 7.2%",
            "percentage",
            7.2,
            "%",
            '[{"key": "h", "value": 7.1, "unit": "%"}]',
            preset="medical",
        )
    )
    assert (
        (out["verified"], out["matched_evidence"]["key"])
        == (theirs["verified"], theirs["matched_evidence"]["key"])
        == (True, "h")
    )
    assert out["error"] == pytest.approx(theirs["error"], abs=1e-4)


def test_verify_single_generic_units() -> None:
    out = sfs_api.sfs_verify_single(
        "500 mg",
        "dosage",
        500,
        "dosage",
        [{"key": "d", "value": 510, "unit": "dosage"}],
        preset="medical",
    )
    assert out["verified"] is True
    assert out["error"] == pytest.approx(10 / 510)


def test_no_claims_is_undetermined_not_one() -> None:
    out = sfs_api.sfs_compute("No numbers here.", "[]")
    assert (out["sfs_score"], out["reason"], out["total_claims"]) == (None, "no numeric claims", 0)
    theirs = json.loads(sfs_server.sfs_compute("No numbers here.", "[]"))
    assert theirs["sfs_score"] == 1.0  # the SFS behaviour we change on purpose


def test_list_and_get_presets() -> None:
    names = [p["name"] for p in sfs_api.sfs_list_presets()]
    assert names == ["financial", "general", "legal", "medical", "property_valuation"]
    theirs = {p["name"]: p for p in json.loads(sfs_server.sfs_list_presets())}
    for p in sfs_api.sfs_list_presets():
        if p["name"] in theirs:
            assert (p["display_name"], p["tolerance"]) == (
                theirs[p["name"]]["display_name"],
                theirs[p["name"]]["tolerance"],
            )
    med = sfs_api.sfs_get_preset("medical")
    assert (med["tolerance"], med["type_tolerances"]) == (0.1, {"dosage": 0.05})
    json.dumps(med, allow_nan=False)


def test_custom_config_wins_over_preset() -> None:
    out = sfs_api.sfs_compute(
        "Fees were $108,000.",
        '[{"key": "f", "value": 100000, "unit": "USD"}]',
        preset="legal",
        custom_config_json='{"name": "loose", "tolerance": 0.2}',
    )
    assert out["verified_claims"] == 1
    out = sfs_api.sfs_compute(
        "Fees were $108,000.", '[{"key": "f", "value": 100000, "unit": "USD"}]', preset="legal"
    )
    assert out["verified_claims"] == 0


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: sfs_api.sfs_compute("5 km", "{oops"), InputError, "evidence_json.*not valid JSON"),
        (lambda: sfs_api.sfs_compute("5 km", '{"a": 1}'), InputError, "must be a JSON list"),
        (lambda: sfs_api.sfs_compute("5 km", ""), InputError, "is empty"),
        (lambda: sfs_api.sfs_compute("5 km", '[{"value": "x"}]'), InputError, r"evidence\[0\]"),
        (
            lambda: sfs_api.sfs_compute("5 km", '[{"key": "k", "value": NaN}]'),
            InputError,
            "non-finite",
        ),
        (lambda: sfs_api.sfs_compute("5 km", "[]", preset="nope"), ConfigError, "known presets"),
        (
            lambda: sfs_api.sfs_compute("5 km", "[]", custom_config_json="[1]"),
            ConfigError,
            "JSON object",
        ),
        (
            lambda: sfs_api.sfs_compute("x" * (sfs_api.MAX_TEXT_CHARS + 1), "[]"),
            InputError,
            "longer than",
        ),
        (lambda: sfs_api.sfs_compute(5, "[]"), InputError, "must be a string"),
        (
            lambda: sfs_api.sfs_verify_claims('[{"claim_type": "c"}]', "[]"),
            InputError,
            "claim_text",
        ),
        (
            lambda: sfs_api.sfs_verify_claims(
                '[{"claim_text": "t", "claim_type": "c", "extracted_value": "nine"}]', "[]"
            ),
            InputError,
            "extracted_value",
        ),
        (lambda: sfs_api.sfs_get_preset("nope"), ConfigError, "known presets"),
        (
            lambda: sfs_api.sfs_extract_claims(
                "5 km",
                custom_config_json='{"extraction_patterns": [{"claim_type": "c", "pattern": "("}]}',
            ),
            ConfigError,
            "invalid pattern",
        ),
    ],
)
def test_bad_input_errors(call: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]
