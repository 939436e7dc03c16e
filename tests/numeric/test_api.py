"""The public API of veracity.numeric: names, evidence item kinds, report shape."""

from __future__ import annotations

import json

from sfs_toolkit.models import EvidenceItem as SfsEvidenceItem

import veracity.numeric as numeric
from veracity.numeric import check_numbers
from veracity.samples import EvidenceItem, Sample


def test_public_names() -> None:
    assert sorted(numeric.__all__) == sorted(
        [
            "ClaimVerification",
            "DomainConfig",
            "EvidenceQuantity",
            "ExcludedNumber",
            "ExtractionPattern",
            "NumericClaim",
            "NumericReport",
            "check_numbers",
            "evidence_from_contexts",
            "excluded_numbers",
            "extract_claims",
            "get_preset",
            "list_presets",
            "load_config",
            "verify_claims",
        ]
    )
    for name in numeric.__all__:
        assert getattr(numeric, name) is not None


def test_sample_evidence_items_and_sfs_items_are_accepted() -> None:
    sample = Sample(
        question="q",
        answer="The house sold for $850,000, 12 km out.",
        contexts=["It is 12 km from town."],
        evidence=[EvidenceItem(key="price", value=842000, unit="AUD", source="db")],
    )
    report = check_numbers(
        sample.answer,
        contexts=sample.contexts,
        evidence=sample.evidence,
        config="property_valuation",
    )
    assert (report.sfs_score, report.reason) == (1.0, "2 of 2 numeric claims verified")
    theirs = [SfsEvidenceItem(key="price", value=842000, unit="AUD")]
    report = check_numbers("It sold for $850,000.", evidence=theirs, config="property_valuation")
    assert report.verified_claims == 1


def test_report_to_dict_shape() -> None:
    report = check_numbers(
        "Growth was 3.2% on 1,500 patients.", contexts=["1,500 patients; growth 3.5%."]
    )
    d = report.to_dict()
    assert list(d)[:7] == [
        "sfs_score",
        "reason",
        "total_claims",
        "verified_claims",
        "failed_claims",
        "claim_verifications",
        "type_breakdown",
    ]
    first = d["claim_verifications"][0]
    assert (
        first["verified"],
        first["rule"],
        first["claim"]["text"],
        first["claim"]["source_span"],
    ) == (
        False,
        "out_of_tolerance",
        "3.2%",
        [11, 15],
    )
    assert first["error"] == 0.0857142857
    second = d["claim_verifications"][1]
    assert (second["claim"]["noun"], second["claim"]["claim_type"], second["verified"]) == (
        "patients",
        "count",
        True,
    )
    assert (d["sfs_score"], d["reason"]) == (0.5, "1 of 2 numeric claims verified")
    json.dumps(d, allow_nan=False)


def test_a_preset_handed_out_is_a_copy() -> None:
    """Editing what get_preset or list_presets returns changes no other caller's view."""
    from veracity.numeric import check_numbers, get_preset, list_presets

    get_preset("general").type_tolerances["currency"] = 0.99
    list_presets().clear()
    report = check_numbers("It costs $5.", evidence=[{"value": 9, "unit": "USD"}])
    assert report.sfs_score == 0.0  # $5 against $9: still out of tolerance
    assert "general" in list_presets() and get_preset("general").tolerance == 0.01


def test_reports_of_the_same_input_are_equal() -> None:
    """A test author writes `assert a == b`: equal when they say the same (to_dict)."""
    from veracity.numeric import check_numbers

    first = check_numbers("It costs $5.", contexts=["It costs $5."])
    again = check_numbers("It costs $5.", contexts=["It costs $5."])
    other = check_numbers("It costs $6.", contexts=["It costs $5."])
    assert first == again and first.to_dict() == again.to_dict()
    assert first != other


def test_a_keyless_evidence_item_is_named_by_its_value() -> None:
    from veracity.numeric import check_numbers

    (v,) = check_numbers("It costs $5.", evidence=[{"value": 9, "unit": "USD"}]).claim_verifications
    assert v.reason == (
        "'$5' is not within 1% of any evidence; closest is evidence 9 USD (relative error 44.44%)"
    )  # it read "closest is '' in evidence"
