"""Mode agreement of a run: confusion matrix, per-mode precision / recall / F1, kappa.

Which cases enter the confusion matrix depends on the scoring the results came from:

- ``strict``: every case (each has an expected mode); the predicted column ``none``
  counts missing or invalid modes.
- ``fitz-gov-4.1``: as fitz-gov -- only the four governance categories, and cases
  without a mode are left out (so there is no ``none`` column).

Undetermined values are ``None``, never NaN.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from veracity.governance.cases import GOVERNANCE_CATEGORIES, MODES
from veracity.governance.scoring import CaseResult

__all__ = ["NONE_MODE", "cohen_kappa", "confusion_matrix", "macro_f1", "per_mode_prf"]

NONE_MODE = "none"


def _in_confusion(r: CaseResult) -> bool:
    if r.scoring == "fitz-gov-4.1":
        return r.category in GOVERNANCE_CATEGORIES and r.mode is not None
    return True


def confusion_matrix(results: Sequence[CaseResult]) -> dict[str, dict[str, int]]:
    """``C[expected][predicted]`` = number of cases (predicted ``none`` = no valid mode).

    Strict results: all cases, columns ``trustworthy, disputed, abstain, none``.
    fitz-gov-4.1 results: governance categories with a mode, the three mode columns.
    """
    strict = any(r.scoring != "fitz-gov-4.1" for r in results) or not results
    cols = [*MODES, NONE_MODE] if strict else list(MODES)
    matrix: dict[str, dict[str, int]] = {e: dict.fromkeys(cols, 0) for e in MODES}
    for r in results:
        if _in_confusion(r) and r.expected_mode in matrix:
            matrix[r.expected_mode][r.mode if r.mode in MODES else NONE_MODE] += 1
    return matrix


def per_mode_prf(matrix: dict[str, dict[str, int]]) -> dict[str, dict[str, Any]]:
    """Precision, recall and F1 of each mode from a confusion matrix.

    For mode m: TP = C[m][m]; FP = sum over e != m of C[e][m]; FN = sum over p != m of
    C[m][p] (``none`` included). precision = TP/(TP+FP) (None if no prediction of m);
    recall = TP/(TP+FN) (None if m never expected); F1 = 2TP/(2TP+FP+FN) (None if
    m was neither expected nor predicted).
    """
    out: dict[str, dict[str, Any]] = {}
    for m in MODES:
        tp = matrix[m].get(m, 0)
        fp = sum(matrix[e].get(m, 0) for e in MODES if e != m)
        fn = sum(v for p, v in matrix[m].items() if p != m)
        out[m] = {
            "precision": tp / (tp + fp) if tp + fp else None,
            "recall": tp / (tp + fn) if tp + fn else None,
            "f1": 2 * tp / (2 * tp + fp + fn) if 2 * tp + fp + fn else None,
            "support": tp + fn,
        }
    return out


def macro_f1(prf: dict[str, dict[str, Any]]) -> float | None:
    """macro-F1 = mean of the defined per-mode F1 values (None when none is defined)."""
    values = [v["f1"] for v in prf.values() if v["f1"] is not None]
    return sum(values) / len(values) if values else None


def cohen_kappa(matrix: dict[str, dict[str, int]]) -> float | None:
    """Cohen's kappa of expected vs predicted modes (``none`` is a category of its own).

    N = sum of C; p_o = sum_k C[k][k] / N; p_e = sum_k (row_k / N) * (col_k / N);
    kappa = (p_o - p_e) / (1 - p_e). None when N = 0 or p_e = 1.
    """
    labels = sorted({*matrix, *(p for row in matrix.values() for p in row)})
    n = sum(sum(row.values()) for row in matrix.values())
    if n == 0:
        return None
    p_o = sum(matrix.get(k, {}).get(k, 0) for k in labels) / n
    p_e = sum(
        (sum(matrix.get(k, {}).values()) / n) * (sum(row.get(k, 0) for row in matrix.values()) / n)
        for k in labels
    )
    if math.isclose(p_e, 1.0):
        return None
    return (p_o - p_e) / (1.0 - p_e)
