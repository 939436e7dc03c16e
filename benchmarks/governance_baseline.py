"""Accuracy of the built-in governor on fitz-gov tier 0 / tier 1 and on veracity's own suite.

Run: ``python benchmarks/governance_baseline.py`` (needs ``fitz-gov==4.1.0`` installed).

Every case set is scored with fitz-gov's own evaluator (``FitzGovEvaluator``), and with
veracity's scoring (``fitz-gov-4.1`` and ``strict``) when ``veracity.governance.scoring``
is available. A 19-line keyword heuristic (the reference in the fitz-gov notes: abstain
when under half the query's content words occur in the contexts, disputed on
contradiction cue words or disjoint numbers) is printed alongside for comparison.
The built-in governor was tuned on veracity's own suite and tier 0 only, never on tier 1.
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from veracity.governance.baseline import builtin_governor

SUITE_DIR = Path(__file__).resolve().parents[1] / "src" / "veracity" / "governance" / "suite"
System = Callable[[str, Sequence[str]], tuple[str, str]]


def heuristic19(query: str, contexts: Sequence[str]) -> tuple[str, str]:
    """The simple keyword heuristic used as a reference point."""
    stop = {"the", "a", "an", "of", "in", "on", "is", "are", "was", "what", "how", "does", "do"}
    stop |= {"for", "to", "and", "or", "by", "with", "which", "who", "when", "why", "did"}
    words = {w for w in re.findall(r"[a-z0-9]+", query.lower()) if w not in stop and len(w) > 2}
    text = " ".join(contexts).lower()
    if words and sum(w in text for w in words) < len(words) / 2:
        return "I cannot answer from the context.", "abstain"
    cues = ("however", "contradict", "disagree", "conflict", "whereas", "but another", "dispute")
    if any(c in text for c in cues):
        return "The sources disagree.", "disputed"
    nums = [set(re.findall(r"\d+(?:\.\d+)?", c)) for c in contexts]
    nums = [n for n in nums if n]
    if len(nums) >= 2 and any(a.isdisjoint(b) for a in nums for b in nums if a is not b):
        return "The sources give different numbers.", "disputed"
    return " ".join(contexts), "trustworthy"


def _fitz_score(cases: list[Any], system: System) -> tuple[float, dict[str, float], float]:
    from fitz_gov import AnswerMode, FitzGovEvaluator

    start = time.perf_counter()
    outs = [system(c.query, c.contexts) for c in cases]
    elapsed = time.perf_counter() - start
    result = FitzGovEvaluator().evaluate_all(
        cases, [a for a, _ in outs], [AnswerMode(m) for _, m in outs]
    )
    per_cat = {k.value: v.accuracy for k, v in result.category_results.items()}
    return result.overall_accuracy, per_cat, elapsed


def _veracity_score(path: Path | None, suite: str, tier: str, system: System) -> str:
    try:
        from veracity.governance.loaders import load_suite
        from veracity.governance.responses import GovResponse
        from veracity.governance.scoring import score_cases
    except ImportError:
        return "veracity scoring not available yet"
    loaded = load_suite(str(path) if path else suite, tier=tier)
    cases = loaded.cases if hasattr(loaded, "cases") else loaded
    responses = []
    for c in cases:
        answer, mode = system(c.query, c.contexts)
        responses.append(GovResponse(id=c.id, answer=answer, mode=mode))
    parts = []
    for scoring in ("fitz-gov-4.1", "strict"):
        results = score_cases(cases, responses, scoring=scoring)
        acc = sum(r.passed for r in results) / len(results)
        parts.append(f"{scoring}={acc:.1%}")
    return "veracity " + " ".join(parts)


def main() -> int:
    try:
        from fitz_gov import Tier, load_cases, load_tier
    except ImportError:
        print("fitz-gov is not installed: pip install fitz-gov==4.1.0")
        return 1
    sets = [
        ("fitz-gov tier 0", load_tier(Tier.SANITY), None, "fitz-gov", "0"),
        ("fitz-gov tier 1", load_tier(Tier.CORE), None, "fitz-gov", "1"),
        ("veracity suite", load_cases(data_dir=SUITE_DIR), SUITE_DIR, "builtin", "all"),
    ]
    for label, cases, path, suite, tier in sets:
        print(f"== {label}: {len(cases)} cases")
        for name, system in (("builtin", builtin_governor), ("heuristic19", heuristic19)):
            acc, per_cat, elapsed = _fitz_score(cases, system)
            cats = " ".join(f"{k}={v:.0%}" for k, v in sorted(per_cat.items()))
            print(f"  {name:12s} fitz-gov evaluator {acc:.1%}  ({elapsed:.2f} s)  {cats}")
            if name == "builtin":
                print(f"  {'':12s} {_veracity_score(path, suite, tier, system)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
