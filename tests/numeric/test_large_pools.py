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


def test_sentence_readings_run_once_per_sentence_and_skip_number_dumps() -> None:
    # The sentence-level readings (earlier-period words, the words that name periods,
    # "since" spans) are memoised per sentence, and a "sentence" holding more than
    # MAX_SENTENCE_QUANTITIES quantities gets the default: an answer of thousands of
    # numbers in one sentence stays linear (it took minutes when each claim re-read it).
    from veracity.numeric.textindex import MAX_SENTENCE_QUANTITIES, TextIndex

    text = "In the previous year 5 apples. " + " ".join(f"{i} pears" for i in range(1, 40))
    index = TextIndex(text)
    spans = [(m.start(), m.end()) for m in __import__("re").finditer(r"\d+", text)]
    index.set_quantities(spans)
    calls: list[tuple[int, int]] = []

    def read(s0: int, s1: int) -> str:
        calls.append((s0, s1))
        return text[s0:s1].split()[0]

    assert index.per_sentence("first", 0, read, "-") == "In"
    assert index.per_sentence("first", 25, read, "-") == "In"  # same sentence: memoised
    assert calls == [(0, 31)]
    assert MAX_SENTENCE_QUANTITIES == 24
    # the second sentence holds 39 quantities: the default, and no reading at all
    assert index.per_sentence("first", 40, read, "-") == "-"
    assert calls == [(0, 31)]

    # end to end: the one number of the first sentence is dated to the previous year, and
    # 1,000 numbers in one sentence are checked (each against the context) without the
    # sentence being re-read per number ("year 1" names a period, so 999 claims; only
    # the 5 apples are in the context)
    answer = "In the previous year " + " ".join(f"{i} apples" for i in range(1, 1001))
    report = check_numbers(answer, contexts=["The previous total was 5 apples."])
    assert (report.total_claims, report.verified_claims) == (999, 1)


def test_ranges_in_a_large_pool_are_indexed_too(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ranges used to be judged all against every claim: 11,000 copies of "5-10 kg" took
    # 70 s. Each claim now meets the NEAR_K ranges on each side of its value by low end,
    # high end and midpoint; the verdicts equal the exhaustive comparison.
    context = " ".join(f"A bin holds {i}-{i + 5} kg." for i in range(1, 600))
    answer = "A bin holds 7-12 kg. A bin holds 9 kg. A bin holds 2,000-3,000 kg. " + (
        "A sack holds 5-10 kg. " * 500
    )
    windowed = _verdicts(answer, context)
    monkeypatch.setattr(pool_mod, "NEAR_MIN", 10**9)
    exhaustive = _verdicts(answer, context)
    assert windowed == exhaustive
    # 7-12 kg and 9 kg lie inside the context's ranges; 2,000-3,000 kg is far off all
    assert [(text, verified) for text, verified, _ in windowed[:3]] == [
        ("7-12 kg", True),
        ("9 kg", True),
        ("2,000-3,000 kg", False),
    ]
    assert sum(verified for _, verified, _ in windowed) == 502
