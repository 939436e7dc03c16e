"""Verification does work linear in the number of claims (no timing: work is counted).

A check once cost time quadratic in its claims: each derived rule scanned every verdict
for every claim, and read the claim's whole sentence again with a regex (``"1,234.5 "``
repeated 12,499 times took 139 s). Here the work of ``verify_claims`` is counted twice
over, for 200 and for 400 claims of the same shapes: the Python lines it runs in
:mod:`veracity.numeric` (each loop turn is a line event) and the characters its regex
searches scan. Twice the claims must cost about twice the work, not four times.

The value indexes that keep one long "sentence" linear must also give the verdicts the
claim-by-claim reading gives, and so must the row-selector lookup.
"""

from __future__ import annotations

import random
import re
import sys
import types
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

import veracity.numeric as numeric_pkg
from veracity.numeric import check_numbers, derived, extract_claims, verify_claims
from veracity.numeric import companions as companions_mod
from veracity.numeric.companions import stated_together
from veracity.numeric.evidence import describe
from veracity.numeric.models import ClaimVerification, EvidenceQuantity, NumericClaim

RANGE_TABLE = (
    "| Claim value | Fee | Staff |\n|---|---|---|\n"
    "| £300.01 to £500 | £50 | 12 |\n| £500.01 to £1,000 | £70 | 64 |\n"
    "| £1,000.01 to £1,500 | £90 | 47 |\n"
)
EVIDENCE: list[dict[str, Any]] = [
    {"value": 5, "unit": "GBP"},
    {"value": 10, "unit": "GBP"},
    {"value": 3, "unit": "m"},
    {"value": 4, "unit": "m"},
    {"value": 10, "unit": "count"},
    {"value": 47, "unit": "count"},
    {"value": 64, "unit": "count"},
    {"value": 12, "unit": "%"},
]


def _prose(n: int) -> str:
    """``n`` claims or more in short sentences."""
    rng = random.Random(0)
    return " ".join(
        rng.choice(
            [
                f"Revenue rose {rng.randint(1, 40)}% to £{rng.randint(1, 99)} in total.",
                f"The site is {rng.randint(1, 9)} m by {rng.randint(1, 9)} m, or "
                f"{rng.randint(1, 81)} m².",
                f"Of the {rng.randint(50, 99)} staff, {rng.randint(1, 49)}, about "
                f"{rng.randint(1, 99)} percent, came in the previous year.",
            ]
        )
        for _ in range(n // 2)
    )


def _one_sentence(n: int) -> str:
    """``n`` claims or more, of every derived rule's kind, in one "sentence" (no full
    stop)."""
    phrase = (
        "£5, £10 and twice, 12% of the £40, in total 3 km and 4 km making 7 km, "
        "47 of the 64 pupils, about 73 percent, 3 m by 4 m, 12 m², 2 m², "
        "£300.01 to £500 with a fee of £70, this year, "
    )
    per = len(extract_claims(phrase))
    return phrase * (n // per + 1)


SHAPES: dict[str, Callable[[int], tuple[str, dict[str, Any]]]] = {
    "prose": lambda n: (_prose(n), {"evidence": EVIDENCE}),
    "one sentence": lambda n: (_one_sentence(n), {"evidence": EVIDENCE}),
    "one sentence, table": lambda n: (_one_sentence(n), {"contexts": [RANGE_TABLE]}),
    "number dump": lambda n: ("1,234.5 " * n, {"evidence": [{"value": 5, "unit": "USD"}]}),
    # half the claims fail against the one value the other half verify, each in its own
    # sentence (the set-aside rule once scanned every verifying claim for each failure)
    "taken elsewhere": lambda n: (
        "Revenue was 12 km. Revenue was 13 km. " * (n // 2 + 1),
        {"contexts": ["The site is 12 km away."]},
    ),
}


def _claims(shape: str, n: int) -> tuple[list[NumericClaim], dict[str, Any]]:
    text, kwargs = SHAPES[shape](n)
    claims = extract_claims(text)
    assert len(claims) >= n, (shape, len(claims))
    return claims[:n], kwargs


def _lines_run(fn: Callable[[], object]) -> int:
    """The lines of :mod:`veracity.numeric` that ``fn()`` runs (loop turns included)."""
    count = 0
    where = numeric_pkg.__path__[0]

    def local(frame: types.FrameType, event: str, arg: object) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def outer(frame: types.FrameType, event: str, arg: object) -> Any:
        return local if frame.f_code.co_filename.startswith(where) else None

    sys.settrace(outer)
    try:
        fn()
    finally:
        sys.settrace(None)
    return count


class _CountingPattern:
    """A compiled pattern that adds up the characters its searches may scan."""

    def __init__(self, pattern: re.Pattern[str], scanned: list[int]) -> None:
        self._pattern, self._scanned = pattern, scanned

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pattern, name)

    def _count(self, string: str, pos: int, endpos: int) -> None:
        self._scanned[0] += max(0, min(endpos, len(string)) - max(pos, 0))

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Any:
        self._count(string, pos, endpos)
        return self._pattern.search(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[Any]:
        self._count(string, pos, endpos)
        return self._pattern.finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        self._count(string, pos, endpos)
        return self._pattern.findall(string, pos, endpos)


def _chars_searched(monkeypatch: pytest.MonkeyPatch, fn: Callable[[], object]) -> int:
    """The characters the regex searches of :mod:`veracity.numeric` may scan in ``fn()``
    (every module-level pattern counted; anchored matches read a few and are left out)."""
    scanned = [0]
    for name, module in list(sys.modules.items()):
        if name.startswith("veracity.numeric") and module is not None:
            for attr, value in list(vars(module).items()):
                if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                    monkeypatch.setattr(module, attr, _CountingPattern(value, scanned))
    try:
        fn()
    finally:
        monkeypatch.undo()
    return scanned[0]


@pytest.mark.parametrize("shape", list(SHAPES))
def test_twice_the_claims_run_about_twice_the_lines(shape: str) -> None:
    work = []
    for n in (200, 400):
        claims, kwargs = _claims(shape, n)
        work.append(_lines_run(partial(verify_claims, claims, **kwargs)))
    assert work[1] <= 2.5 * work[0], (
        f"{shape}: {work[0]:,} lines for 200 claims, {work[1]:,} for 400"
    )


@pytest.mark.parametrize("shape", list(SHAPES))
def test_twice_the_claims_search_about_twice_the_text(
    shape: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = []
    for n in (200, 400):
        claims, kwargs = _claims(shape, n)
        work.append(_chars_searched(monkeypatch, partial(verify_claims, claims, **kwargs)))
    assert work[1] <= 2.5 * work[0], f"{shape}: {work[0]:,} characters, then {work[1]:,}"


def test_a_long_sentence_reads_as_claim_by_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    """The value indexes of a long sentence give the verdicts of the plain reading."""
    rng = random.Random(7)
    pieces = [
        "£5",
        "£10",
        "£15",
        "twice",
        "three times",
        "more than twice",
        "about 2.5x",
        "12% of the £40",
        "47 of the 64 pupils",
        "Of the 214 episodes, 131",
        "about 73 percent",
        "61 percent",
        "3 m by 4 m",
        "12 m²",
        "7 m²",
        "3 m",
        "so four bags come to £20",
        "£2.50 each",
    ]
    joins = [", ", " and ", " with ", " of ", "; "]
    for _ in range(12):
        text = "".join(rng.choice(pieces) + rng.choice(joins) for _ in range(rng.randint(30, 90)))
        claims = extract_claims(text)
        monkeypatch.setattr(derived, "_INDEXED_MIN", 10**9)
        plain = verify_claims(claims, evidence=EVIDENCE).to_dict()
        monkeypatch.setattr(derived, "_INDEXED_MIN", -1)
        indexed = verify_claims(claims, evidence=EVIDENCE).to_dict()
        assert indexed == plain
        assert any(
            v["rule"] in ("ratio_of_claims", "product_of_claims", "share_of_claims")
            for v in plain["claim_verifications"]
        )


def test_prose_verified_at_once_or_ten_sentences_at_a_time_alike() -> None:
    claims = extract_claims(_prose(300))
    whole = verify_claims(claims, evidence=EVIDENCE).claim_verifications
    sentences: dict[tuple[int, int], list[NumericClaim]] = {}
    for c in claims:
        assert c.index is not None
        sentences.setdefault(c.index.sentence_bounds(c.span[0]), []).append(c)
    groups = list(sentences.values())
    parts: list[ClaimVerification] = []
    for k in range(0, len(groups), 10):
        chunk = [c for group in groups[k : k + 10] for c in group]
        parts += verify_claims(chunk, evidence=EVIDENCE).claim_verifications
    assert len(groups) > 100
    assert [v.to_dict() for v in whole] == [v.to_dict() for v in parts]


def _row_selectors_by_scan(
    verdicts: list[ClaimVerification],
    is_selector: Callable[[NumericClaim, EvidenceQuantity], bool],
) -> list[ClaimVerification]:
    """The rule of :func:`~veracity.numeric.companions.check_row_selectors` read plainly:
    each selector, in list order, fails every claim stated with it that is matched in
    another row of its table and not failed yet."""
    out = list(verdicts)
    for i, vx in enumerate(verdicts):
        ex = vx.matched
        if not vx.verified or ex is None or ex.index is None or ex.span is None:
            continue
        if not is_selector(vx.claim, ex):
            continue
        row = ex.index.table_cell(ex.span[0])
        if row is None:
            continue
        for j, vy in enumerate(verdicts):
            ey = vy.matched
            if j == i or not out[j].verified or ey is None or ey.index is not ex.index:
                continue
            if ey.span is None or not stated_together(vx.claim, vy.claim):
                continue
            other = ey.index.table_cell(ey.span[0])
            if other is None or other.head != row.head or other.start == row.start:
                continue
            if other.start == other.head:
                continue
            reason = (
                f"{vy.claim.text!r} matches {describe(ey)}, but {vx.claim.text!r}, stated "
                f"with it, names the row of {describe(ex)} (a number from another row)"
            )
            out[j] = replace(vy, verified=False, rule="other_row", reason=reason)
    return out


def test_row_selectors_found_by_place_as_by_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lookup of the first selector stated with a claim fails the claims a scan of
    every selector fails, with the same reasons (cut words at a gap's very edge too:
    "£50and £70")."""
    seen: list[tuple[list[ClaimVerification], list[ClaimVerification]]] = []
    real = companions_mod.check_row_selectors

    def both(
        verdicts: list[ClaimVerification],
        is_selector: Callable[[NumericClaim, EvidenceQuantity], bool],
    ) -> list[ClaimVerification]:
        got = real(verdicts, is_selector)
        seen.append((got, _row_selectors_by_scan(list(verdicts), is_selector)))
        return got

    monkeypatch.setattr("veracity.numeric.verify.check_row_selectors", both)
    rng = random.Random(3)
    pieces = ["£300.01 to £500", "£500.01 to £1,000", "£50", "£70", "£90", "64 staff", "12"]
    joins = [" ", ", ", " and ", "and ", " but", "; ", " while ", " with a fee of "]
    failed = 0
    for _ in range(40):
        text = "".join(rng.choice(pieces) + rng.choice(joins) for _ in range(rng.randint(5, 60)))
        check_numbers(text, contexts=[RANGE_TABLE])
        got, scanned = seen[-1]
        assert [v.to_dict() for v in got] == [v.to_dict() for v in scanned]
        failed += sum(v.rule == "other_row" for v in got)
    assert failed > 50
