"""Accuracy of veracity's lexical faithfulness next to rag-eval-py's, on labeled data.

Run from anywhere: ``python benchmarks/faithfulness_accuracy.py [DATA_DIR]``

Reads every ``*.jsonl`` of ``DATA_DIR`` (default: ``../shared/data/faithfulness-dev``
relative to the repository root; skipped with a message when absent). Each line has
``answer``, ``contexts`` and ``label`` (1 = faithful). For each file it prints, side by
side for veracity (``method="lexical"``, default threshold) and rag-eval-py 0.1.0
(``faithfulness()``):

- AUROC (threshold-free; ties count one half): veracity ranks answers by ``support``
  (its lowest claim score), rag-eval-py by its score (supported-claim fraction);
- balanced accuracy = (TPR + TNR) / 2 of the default decision "faithful iff every
  claim is supported": veracity ``support >= 0.4``, rag-eval-py ``score == 1.0`` (its
  own claim threshold 0.8). Answers without claims (veracity: undetermined) are
  counted as not faithful; their number is printed.

Nothing is tuned per file: one scorer, one threshold.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from veracity.faithfulness import DEFAULT_THRESHOLD, score_faithfulness

__all__ = ["auroc", "balanced_accuracy", "main"]

ROOT = Path(__file__).resolve().parents[1]
# issue 7's targets on the dev splits: AUROC per source, and BA >= rag-eval-py's + 0.05
AUROC_TARGETS = {"summedits": 0.58, "wice": 0.93, "begin": 0.93, "halueval": 0.93}
BA_MARGIN = 0.05
DEFAULT_DIR = ROOT.parent / "shared" / "data" / "faithfulness-dev"


def auroc(labels: list[int], scores: list[float]) -> float:
    """Mann-Whitney AUROC: P(score of a positive > score of a negative), ties 1/2."""
    order = sorted(range(len(scores)), key=lambda i: scores[i])
    ranks = [0.0] * len(scores)
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and scores[order[j]] == scores[order[i]]:
            j += 1
        for k in range(i, j):
            ranks[order[k]] = (i + j + 1) / 2  # average 1-based rank of the tie group
        i = j
    n_pos = sum(labels)
    n_neg = len(labels) - n_pos
    rank_sum = sum(r for r, y in zip(ranks, labels, strict=True) if y == 1)
    return (rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


def balanced_accuracy(labels: list[int], predicted: list[bool]) -> float:
    """(true-positive rate + true-negative rate) / 2."""
    tp = sum(1 for y, p in zip(labels, predicted, strict=True) if y == 1 and p)
    tn = sum(1 for y, p in zip(labels, predicted, strict=True) if y == 0 and not p)
    n_pos = sum(labels)
    return (tp / n_pos + tn / (len(labels) - n_pos)) / 2


def main() -> int:
    """Print the table; return 0 (also when the data is absent)."""
    data_dir = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_DIR
    files = sorted(data_dir.glob("*.jsonl")) if data_dir.is_dir() else []
    if not files:
        print(f"no labeled data in {data_dir}: skipped")
        return 0
    try:
        from rag_eval.faithfulness import faithfulness as rag_faithfulness
    except ImportError:  # pragma: no cover - peer not installed
        rag_faithfulness = None
    print(f"veracity lexical, default threshold {DEFAULT_THRESHOLD}; rag-eval-py 0.1.0")
    print(
        f"{'file':24s} {'n':>5s} {'AUROC ver':>9s} {'AUROC rag':>9s} "
        f"{'BA ver':>7s} {'BA rag':>7s} {'BA diff':>7s} {'undet.':>6s} {'s':>5s}  targets"
    )
    for path in files:
        rows = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]
        labels = [int(r["label"]) for r in rows]
        start = time.perf_counter()
        results = [score_faithfulness(r["answer"], r["contexts"]) for r in rows]
        elapsed = time.perf_counter() - start
        support = [0.0 if r.support is None else r.support for r in results]
        undetermined = sum(r.support is None for r in results)
        ours_auc = auroc(labels, support)
        ours_ba = balanced_accuracy(labels, [s >= DEFAULT_THRESHOLD for s in support])
        rag_auc = rag_ba = float("nan")
        if rag_faithfulness is not None:
            rag = [rag_faithfulness(r["answer"], r["contexts"])[0] for r in rows]
            rag_auc = auroc(labels, rag)
            rag_ba = balanced_accuracy(labels, [s >= 1.0 for s in rag])
        target = next((v for k, v in AUROC_TARGETS.items() if path.name.startswith(k)), None)
        verdict = []
        if target is not None:
            verdict.append(f"AUROC>={target}: {'met' if ours_auc >= target else 'MISSED'}")
        if rag_faithfulness is not None:
            met = ours_ba - rag_ba >= BA_MARGIN
            verdict.append(f"BA+{BA_MARGIN}: {'met' if met else 'MISSED'}")
        print(
            f"{path.name:24s} {len(rows):5d} {ours_auc:9.3f} {rag_auc:9.3f} "
            f"{ours_ba:7.3f} {rag_ba:7.3f} {ours_ba - rag_ba:+7.3f} {undetermined:6d} "
            f"{elapsed:5.1f}  {', '.join(verdict)}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
