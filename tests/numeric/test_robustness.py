"""Bad and hostile input: clear errors or documented results, never a traceback."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from veracity.errors import ConfigError, InputError
from veracity.numeric import (
    check_numbers,
    evidence_from_contexts,
    extract_claims,
    verify_claims,
)
from veracity.numeric.extract import MAX_TEXT_CHARS

NUMBERISH = st.lists(
    st.sampled_from(
        [
            *list("0123456789 ,.-_%$€£()kmMbBgKx:/+~\n"),
            "km",
            "mg",
            " million",
            " in ",
            "about ",
            "Q",
            "§",
            "19",
            "20",
            " patients",
            "between ",
        ]
    ),
    max_size=40,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(NUMBERISH, NUMBERISH)
def test_random_numberish_text_never_crashes_and_json_is_finite(answer: str, context: str) -> None:
    report = check_numbers(answer, contexts=[context])
    data = report.to_dict()
    json.dumps(data, allow_nan=False)
    assert report.total_claims == report.verified_claims + report.failed_claims
    if report.total_claims == 0:
        assert (report.sfs_score, report.reason) == (None, "no numeric claims")
    else:
        assert report.sfs_score == report.verified_claims / report.total_claims
    for claim in extract_claims(answer):
        assert math.isfinite(claim.value)
        assert 0 <= claim.span[0] < claim.span[1] <= len(answer)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_random_unicode_never_crashes(text: str) -> None:
    json.dumps(check_numbers(text, contexts=[text]).to_dict(), allow_nan=False)


def test_long_digit_run_is_not_a_claim_and_linear() -> None:
    assert extract_claims("7" * 200_000) == []
    assert extract_claims("1," * 100_000) == []
    assert extract_claims("1." * 100_000) == []


def test_huge_values_stay_finite() -> None:
    claims = extract_claims("Debt of $999,999,999,999,999,999 trillion and 1e308 units.")
    assert all(math.isfinite(c.value) for c in claims)
    report = check_numbers(
        "It cost $5 trillion.", evidence=[{"key": "k", "value": 1e-300, "unit": "USD"}]
    )
    json.dumps(report.to_dict(), allow_nan=False)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: extract_claims(None), InputError, "must be a string"),  # type: ignore[arg-type]
        (lambda: extract_claims("x" * (MAX_TEXT_CHARS + 1)), InputError, "longer than"),
        (lambda: extract_claims("5 km", 3), ConfigError, "DomainConfig"),  # type: ignore[arg-type]
        (lambda: evidence_from_contexts("one string"), InputError, "list of strings"),
        (lambda: evidence_from_contexts([5]), InputError, r"contexts\[0\]"),  # type: ignore[list-item]
        (lambda: check_numbers("5 km", contexts="5 km"), InputError, "list of strings"),
        (
            lambda: check_numbers("5 km", evidence={"key": "k", "value": 5}),
            InputError,
            "list of evidence",
        ),  # type: ignore[arg-type]
        (
            lambda: check_numbers("5 km", evidence=[{"key": "k", "value": float("nan")}]),
            InputError,
            "finite",
        ),
        (lambda: check_numbers("5 km", evidence=[{"key": "k"}]), InputError, "value"),
        (
            lambda: check_numbers("5 km", evidence=[{"key": "k", "value": 1, "extra": 2}]),
            InputError,
            "extra",
        ),
        (lambda: check_numbers("5 km", evidence=[42]), InputError, "evidence item"),
        (lambda: verify_claims([], config="nope"), ConfigError, "unknown preset"),
    ],
)
def test_bad_input(call: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]


def test_trace_names_context_and_sentence() -> None:
    report = check_numbers(
        "The bridge is 1.6 km long. It cost $420 million.",
        contexts=[
            "Intro text.",
            "The new bridge is 1,600 metres long. Building it cost $420m in total.",
        ],
    )
    d = report.to_dict()
    first, second = d["claim_verifications"]
    assert (first["evidence"]["context_index"], first["evidence"]["sentence"]) == (
        1,
        "The new bridge is 1,600 metres long.",
    )
    assert first["claim"]["sentence"] == "The bridge is 1.6 km long."
    assert (first["claim"]["value"], first["claim"]["base_unit"], first["claim"]["unit"]) == (
        1600.0,
        "m",
        "km",
    )
    assert (second["evidence"]["text"], second["rule"], second["error"]) == (
        "$420m",
        "within_tolerance",
        0.0,
    )
    assert d["type_breakdown"] == {
        "distance": {"total": 1, "verified": 1, "failed": 0},
        "currency": {"total": 1, "verified": 1, "failed": 0},
    }


def test_structured_evidence_plus_contexts_both_used() -> None:
    report = check_numbers(
        "Price $850,000; 12 km away.",
        evidence=[{"key": "price", "value": 850000, "unit": "USD", "source": "db"}],
        contexts=["It lies 12 km out."],
    )
    matched = [
        (v.matched.key, v.matched.source, v.matched.context_index)
        for v in report.claim_verifications
        if v.matched
    ]
    assert matched == [("price", "db", None), ("", "context[0]", 0)]


def test_a_line_longer_than_a_table_row_is_no_table() -> None:
    """A ``|`` in a line of more than MAX_TABLE_LINE characters is no table: reading one
    as a row had cost time quadratic in its length (a 100 KB line of "| 5 | 6 " took
    minutes). A short row is still read, and line bounds come from one scan."""
    from veracity.numeric.textindex import MAX_TABLE_LINE, TextIndex

    long_row = "| 5 | 6 " * (MAX_TABLE_LINE // 8 + 1)
    index = TextIndex("Title\n" + long_row + "\nA | 7 | 8")
    assert index.table_cell(10) is None
    row_start = len("Title\n") + len(long_row) + 1
    cell = index.table_cell(row_start + 4)
    assert cell is not None and cell.col == 1 and cell.cells[1] == (row_start + 3, row_start + 6)
    assert index.line_bounds(0) == (0, 5)
    assert index.line_bounds(row_start + 4) == (row_start, row_start + 9)
    # the claim is still checked against the long line's numbers, as prose
    report = check_numbers("It was 6.", contexts=[long_row * 4])
    assert report.verified_claims == 1
