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
