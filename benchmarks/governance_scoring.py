"""Speed and memory of veracity's governance scoring next to fitz-gov 4.1.0's evaluator.

Run: ``python benchmarks/governance_scoring.py [--repeat N] [--sets empty,echo-all,...]``
(needs ``fitz-gov==4.1.0`` installed).

All 2,980 fitz-gov cases (tier 0 and tier 1) get the same responses from a few response
sets (empty answers, echoed contexts...). Each set is scored by

- ``fitz-gov``: ``FitzGovEvaluator.evaluate_case`` per case (``score``) and
  ``FitzGovEvaluator.evaluate_tiered`` without gating (``evaluate``: scores + aggregates);
- ``fitz-gov-4.1``: veracity's reproduction, ``score_cases`` (``score``) and
  ``score_cases`` + ``evaluate_tiered(ci=False)`` (``evaluate``: more aggregates than
  fitz-gov computes -- confusion with ``none``, F1, kappa, slices);
- ``strict``: veracity's default scoring, same two measurements.

Times are the best of N rounds (caches warm on every side: a first untimed run compiles
the patterns; the measures take turns within a round; gc off while timing), the ratio
is our time / fitz-gov's (below 1 = faster), and the peak is the tracemalloc peak of
one more run. The script asserts that the ``fitz-gov-4.1`` verdicts
(pass/fail and reason) equal fitz-gov's on every case (AssertionError otherwise).
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from veracity.governance.cases import GovCase
from veracity.governance.loaders import load_suite
from veracity.governance.metrics import evaluate_tiered
from veracity.governance.responses import GovResponse
from veracity.governance.scoring import CaseResult, score_cases

__all__ = ["RESPONSE_SETS", "main"]

Responder = Callable[[Any], tuple[str, str | None]]

RESPONSE_SETS: dict[str, Responder] = {
    "empty": lambda c: ("", "trustworthy"),
    "echo-all": lambda c: (" ".join(c.contexts), c.expected_mode.value),
    "echo-first": lambda c: (c.contexts[0] if c.contexts else "", "abstain"),
}
"""Response set name -> ``responder(fitz_gov_case) -> (answer, mode)``."""


def _best_times(fns: list[Callable[[], object]], repeat: int) -> list[float]:
    """Best wall time of each function over ``repeat`` rounds, with the garbage collector
    off while timing (as ``timeit``). The functions take turns within each round, so a
    busy machine slows all of them alike."""
    for fn in fns:
        fn()  # warm-up: compiles and caches patterns on every side
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for k, fn in enumerate(fns):
            gc.collect()
            gc.disable()
            try:
                start = time.perf_counter()
                fn()
                best[k] = min(best[k], time.perf_counter() - start)
            finally:
                gc.enable()
    return best


def _peak_mib(fn: Callable[[], object]) -> float:
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        fn()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def _their_verdicts(result: Any) -> dict[str, tuple[bool, str | None]]:
    out: dict[str, tuple[bool, str | None]] = {}
    for tier in (result.tier0, result.tier1):
        for cat in tier.category_results.values():
            for cr in cat.case_results:
                out[cr.case.id] = (cr.passed, cr.failure_reason)
    return out


def _run_set(
    fitz_gov: Any,
    theirs: dict[str, list[Any]],
    ours: dict[str, GovCase],
    responder: Responder,
    repeat: int,
) -> tuple[list[tuple[str, float, float, float, float]], int, list[str]]:
    ev = fitz_gov.FitzGovEvaluator()
    args: list[Any] = []
    flat: list[tuple[Any, str, Any]] = []
    responses: list[GovResponse] = []
    for cases in theirs.values():
        texts, modes = [], []
        for case in cases:
            text, mode = responder(case)
            texts.append(text)
            modes.append(fitz_gov.AnswerMode(mode) if mode else None)
            flat.append((case, text, modes[-1]))
            responses.append(GovResponse(case.id, text, mode))
        args += [cases, texts, modes]
    our_cases = [ours[c.id] for cases in theirs.values() for c in cases]

    def their_score() -> list[Any]:
        return [ev.evaluate_case(c, t, m) for c, t, m in flat]

    def their_eval() -> Any:
        return ev.evaluate_tiered(*args, gating_enabled=False)

    def our_score(scoring: str) -> Callable[[], list[CaseResult]]:
        return lambda: score_cases(our_cases, responses, scoring=scoring)

    def our_eval(scoring: str) -> Callable[[], object]:
        return lambda: evaluate_tiered(
            score_cases(our_cases, responses, scoring=scoring), gated=False, ci=False
        )

    expected = _their_verdicts(their_eval())
    mine = {r.id: (r.passed, r.reason) for r in our_score("fitz-gov-4.1")()}
    differ = [i for i in expected if expected[i] != mine.get(i)]
    strict_passed = sum(r.passed for r in our_score("strict")())
    measures = [
        ("fitz-gov", their_score, their_eval),
        ("fitz-gov-4.1", our_score("fitz-gov-4.1"), our_eval("fitz-gov-4.1")),
        ("strict", our_score("strict"), our_eval("strict")),
    ]
    times = _best_times(
        [fn for _, score_fn, eval_fn in measures for fn in (score_fn, eval_fn)], repeat
    )
    rows = [
        (name, times[2 * k], times[2 * k + 1], _peak_mib(score_fn), _peak_mib(eval_fn))
        for k, (name, score_fn, eval_fn) in enumerate(measures)
    ]
    return rows, strict_passed, differ


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; raises AssertionError when a fitz-gov-4.1 verdict differs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=10, help="timed runs per measure (best)")
    parser.add_argument("--sets", default=",".join(RESPONSE_SETS), help="response sets")
    ns = parser.parse_args(argv)
    try:
        import fitz_gov
    except ImportError:
        print("error: needs fitz-gov: pip install fitz-gov==4.1.0", file=sys.stderr)
        return 2
    names = [s for s in ns.sets.split(",") if s]
    unknown = [s for s in names if s not in RESPONSE_SETS]
    if unknown:
        print(f"error: unknown response set(s) {unknown}; use {list(RESPONSE_SETS)}")
        return 2
    theirs = {
        "0": fitz_gov.load_tier(fitz_gov.Tier.SANITY),
        "1": fitz_gov.load_tier(fitz_gov.Tier.CORE),
    }
    ours = {c.id: c for c in load_suite("fitz-gov", "all").cases}
    n = sum(len(v) for v in theirs.values())
    version = importlib.metadata.version("fitz-gov")
    print(f"fitz-gov {version}: {n} cases; best of {ns.repeat} rounds; Python "
          f"{sys.version.split()[0]}")  # fmt: skip
    ok = True
    for name in names:
        rows, strict_passed, differ = _run_set(
            fitz_gov, theirs, ours, RESPONSE_SETS[name], ns.repeat
        )
        base_score, base_eval = rows[0][1], rows[0][2]
        print(f"\n[{name}]  identical fitz-gov-4.1 verdicts: {n - len(differ)}/{n};"
              f"  strict passes {strict_passed}/{n}")  # fmt: skip
        print(f"  {'scoring':<13}{'score s':>9}{'ratio':>7}{'peak MiB':>10}"
              f"{'evaluate s':>12}{'ratio':>7}{'peak MiB':>10}")  # fmt: skip
        for label, t_score, t_eval, m_score, m_eval in rows:
            print(f"  {label:<13}{t_score:>9.4f}{t_score / base_score:>7.2f}{m_score:>10.1f}"
                  f"{t_eval:>12.4f}{t_eval / base_eval:>7.2f}{m_eval:>10.1f}")  # fmt: skip
        if differ:
            ok = False
            print(f"  MISMATCH on {len(differ)} cases, e.g. {differ[:5]}", file=sys.stderr)
    if not ok:
        raise AssertionError("fitz-gov-4.1 verdicts differ from fitz-gov's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
