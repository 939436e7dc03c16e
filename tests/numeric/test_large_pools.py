"""Large evidence pools: each claim meets the values nearest it (pool.NEAR_MIN/NEAR_K);
on ordinary text the verdicts equal the exhaustive comparison."""

from __future__ import annotations

import random

import pytest

from veracity.numeric import check_numbers
from veracity.numeric import pool as pool_mod


def _prose(n_sentences: int, seed: int) -> str:
    rng = random.Random(seed)
    out = []
    for _ in range(n_sentences):
        out.append(
            rng.choice(
                [
                    f"Revenue rose {rng.randint(1, 40)}% to ${rng.randint(1, 999)}.{rng.randint(1, 9)} million.",
                    f"The site is {rng.randint(1, 90)} km away and has {rng.randint(2, 900)} staff.",
                    f"In {rng.randint(1990, 2024)}, about {rng.randint(2, 99)},000 people attended.",
                ]
            )
        )
    return " ".join(out)


def _verdicts(answer: str, context: str) -> list[tuple[str, bool, str]]:
    report = check_numbers(answer, contexts=[context])
    return [(v.claim.text, v.verified, v.rule) for v in report.claim_verifications]


def test_windowed_verdicts_equal_exhaustive_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    context = _prose(400, 1)  # about 900 context values: above NEAR_MIN
    answer = _prose(20, 2) + " " + " ".join(context.split(". ")[:20])
    windowed = _verdicts(answer, context)
    monkeypatch.setattr(pool_mod, "NEAR_MIN", 10**9)
    exhaustive = _verdicts(answer, context)
    assert len(windowed) == len(exhaustive) == 60
    assert windowed == exhaustive


def test_repeated_values_all_verify() -> None:
    text = "$5 " * 3000
    report = check_numbers(text, contexts=[text])
    assert (report.total_claims, report.verified_claims) == (3000, 3000)
