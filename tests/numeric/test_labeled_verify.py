"""Labeled verification cases (tests/numeric/data/verify_cases.jsonl), written by hand.

Each case gives an answer, its evidence (structured items and/or context passages),
a preset or config, and the expected verdict of every claim in order; optionally
the rule that decided, the matched evidence key, the context index and the score.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from veracity.numeric import check_numbers, load_config

CASES = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "verify_cases.jsonl")
    .read_text("utf-8")
    .splitlines()
    if line.strip()
]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_verify_case(case: dict[str, Any]) -> None:
    config = load_config(case["config"]) if "config" in case else case.get("preset")
    report = check_numbers(
        case["answer"],
        contexts=case.get("contexts", []),
        evidence=case.get("evidence"),
        config=config,
    )
    trace = [(v.claim.text, v.verified, v.rule, v.reason) for v in report.claim_verifications]
    assert [v.verified for v in report.claim_verifications] == case["verdicts"], trace
    if "rules" in case:
        assert [v.rule for v in report.claim_verifications] == case["rules"], trace
    if "matched" in case:
        assert [v.matched.key if v.matched else None for v in report.claim_verifications] == case[
            "matched"
        ], trace
    if "context_index" in case:
        got = [v.matched.context_index if v.matched else None for v in report.claim_verifications]
        assert got == case["context_index"], trace
    if "score" in case:
        if case["score"] is None:
            assert report.sfs_score is None
            assert report.reason == "no numeric claims"
        else:
            assert report.sfs_score is not None
            assert math.isclose(report.sfs_score, case["score"])
    else:
        n = len(case["verdicts"])
        assert report.sfs_score == (sum(case["verdicts"]) / n if n else None)
    json.dumps(report.to_dict(), allow_nan=False)


def test_case_ids_unique() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids))
