"""Labeled extraction cases (tests/numeric/data/extract_cases.jsonl), written by hand.

Each case lists every claim the text states: its exact text, claim type and value
in the base unit (metres, grams, litres, seconds, degrees Celsius, the currency,
percent...), plus optional fields (noun, unit, range ends, approximation, bound).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from veracity.numeric import extract_claims

CASES = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "extract_cases.jsonl")
    .read_text("utf-8")
    .splitlines()
    if line.strip()
]


def _close(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_extract_case(case: dict[str, Any]) -> None:
    claims = extract_claims(case["text"], case.get("preset"))
    got = [(c.text, c.claim_type, c.value) for c in claims]
    expected = case["claims"]
    assert len(claims) == len(expected), got
    for claim, exp in zip(claims, expected, strict=True):
        text, ctype, value = exp[:3]
        extra = exp[3] if len(exp) > 3 else {}
        assert (claim.text, claim.claim_type) == (text, ctype), got
        assert _close(claim.value, value), (claim.value, value)
        for key, want in extra.items():
            if key in ("low", "high"):
                assert _close(getattr(claim, key), want), (key, getattr(claim, key), want)
            else:
                assert getattr(claim, key) == want, (key, getattr(claim, key), want)


def test_case_ids_unique() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids))
