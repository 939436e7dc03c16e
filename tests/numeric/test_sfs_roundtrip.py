"""Extract, then verify: ``sfs_verify_claims(sfs_extract_claims(t), ev)`` judges as
``sfs_compute(t, ev)`` does, because the claim dicts carry the direction a verb gives
("fell 5 %" is -5 %) and the number's own text back in."""

from __future__ import annotations

from typing import Any

import pytest

from veracity.errors import InputError
from veracity.numeric.sfs_api import sfs_compute, sfs_extract_claims, sfs_verify_claims

FELL = [{"key": "revenue_change", "value": -5, "unit": "%", "source": "db"}]


def _verdicts(report: dict[str, Any]) -> list[tuple[str, bool, str]]:
    return [(v["claim"]["text"], v["verified"], v["rule"]) for v in report["claim_verifications"]]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Revenue fell 5% in 2023.", [("5%", True, "within_tolerance")]),
        ("Revenue rose 5% in 2023.", [("5%", False, "sign_mismatch")]),
        ("Revenue was down 5.0 percent.", [("5.0 percent", True, "within_tolerance")]),
    ],
)
def test_extract_then_verify_judges_as_compute(text: str, expected: list[Any]) -> None:
    claims = sfs_extract_claims(text)
    assert _verdicts(sfs_verify_claims(claims, FELL)) == expected
    assert _verdicts(sfs_compute(text, FELL)) == expected


def test_the_claim_dict_names_its_direction() -> None:
    assert [c["direction"] for c in sfs_extract_claims("Sales fell 5% and costs rose 2%.")] == [
        "down",
        "up",
    ]
    assert sfs_extract_claims("It is 12 km away.")[0]["direction"] is None


def test_an_unknown_direction_is_refused_naming_the_claim() -> None:
    claim = {**sfs_extract_claims("Revenue fell 5%.")[0], "direction": "sideways"}
    with pytest.raises(InputError) as err:
        sfs_verify_claims([claim], FELL)
    assert (err.value.field, str(err.value)) == (
        "claims_json[0]",
        "field 'claims_json[0]': 'direction' must be 'up', 'down' or null",
    )


KM = [{"key": "distance", "value": 12.3, "unit": "km", "source": "db"}]


@pytest.mark.parametrize("sent", ["12.5", " 12.5 ", "1.25e1"])
def test_a_numeric_string_value_is_read_as_the_number(sent: str) -> None:
    """The SFS toolkit's pydantic Claim reads "12.5" as 12.5; so does the Python API, as the
    MCP tools and the HTTP service already did: 12.5 km against 12.3 km, error 0.2/12.3."""
    claim = {"claim_text": "12.5 km", "claim_type": "distance", "unit": "km"}
    as_number = sfs_verify_claims([{**claim, "extracted_value": 12.5}], KM)
    as_text = sfs_verify_claims([{**claim, "extracted_value": sent}], KM)
    assert as_text == as_number
    verdict = as_text["claim_verifications"][0]
    assert verdict["claim"]["extracted_value"] == 12.5
    assert verdict["error"] == pytest.approx(0.2 / 12.3, abs=1e-10)  # (rounded to 10 places)


def test_a_non_numeric_string_value_is_refused_naming_the_claim() -> None:
    claim = {"claim_text": "12.5 km", "claim_type": "distance", "unit": "km"}
    with pytest.raises(InputError) as err:
        sfs_verify_claims([{**claim, "extracted_value": "twelve"}], KM)
    assert (err.value.field, err.value.reason) == (
        "claims_json[0]",
        "'extracted_value' must be a finite number or null",
    )
