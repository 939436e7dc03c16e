"""Retrieval metrics over one ranked list, equal to trec_eval.

Every function takes the ranked list the retriever returned (``retrieved``, best
first; ids or chunk texts) and the relevance judgements (``relevant``: a collection
of relevant items, grade 1 each, or a mapping ``{item: grade}`` with grade >= 0).
Items match by exact string; ``normalize=True`` matches after collapsing white space
and case-folding. As in trec_eval:

* a duplicate in the ranked list counts once, at its first (best) position;
* an item with grade >= 1 is relevant; grade 0 or an unjudged item is not;
* a cut-off ``k`` counts ranks 1..k even when fewer items were retrieved.

No relevant document -> the metric is undetermined: ``MetricResult(value=None,
reason=...)``, never 0.0 or NaN. ``k < 1`` raises :class:`~veracity.errors.ConfigError`.

Notation below: ``rel_i`` = 1 if the item at rank i is relevant else 0, ``g_i`` its
grade, ``R`` = number of relevant items in the judgements.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from veracity.errors import ConfigError, InputError
from veracity.results import MetricResult

__all__ = [
    "MAX_GRADE",
    "MAX_K",
    "Judged",
    "Relevance",
    "average_precision",
    "explain",
    "hit_at_k",
    "judge",
    "ndcg_at_k",
    "normalize_item",
    "precision_at_k",
    "r_precision",
    "recall_at_k",
    "reciprocal_rank",
]

Relevance = Collection[str] | Mapping[str, int]

MAX_GRADE = 1_000_000
"""Largest relevance grade accepted: judgement scales use a handful of grades, and DCG
sums of larger ones could leave the float range."""

NO_RELEVANT = "no golden documents"
NO_POSITIVE = "no relevant golden documents (every grade is 0)"


def normalize_item(item: str) -> str:
    """Collapse runs of white space to one space, strip, and case-fold."""
    return " ".join(item.split()).casefold()


@dataclass(frozen=True, slots=True)
class Judged:
    """A ranked list joined with its judgements: the kernel every metric reads.

    ``grades[i]`` is the grade of the item at rank ``i + 1`` (duplicates removed),
    ``ideal`` the positive grades sorted from high to low, ``n_relevant`` = R.
    """

    grades: tuple[int, ...]
    ideal: tuple[int, ...]
    n_relevant: int
    undetermined_reason: str | None


def _ids(items: object, field: str) -> list[str]:
    """``items`` as a list of ids, or an InputError naming ``field`` (a string is not a
    list of ids: it would be read one letter at a time)."""
    if isinstance(items, str | bytes) or not isinstance(items, Iterable):
        raise InputError(f"must be a list of ids, not {type(items).__name__}", field=field)
    out = list(items)
    for i, item in enumerate(out):
        if not isinstance(item, str):
            raise InputError(f"item {i} must be a string, not {type(item).__name__}", field=field)
    return out


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _grade(key: str, grade: object) -> int:
    """A relevance grade: a whole number from 0 to MAX_GRADE (2.0 counts as 2)."""
    whole = (isinstance(grade, int) and not isinstance(grade, bool)) or (
        isinstance(grade, float) and math.isfinite(grade) and grade.is_integer()
    )
    if whole and 0 <= grade <= MAX_GRADE:  # type: ignore[operator]
        return int(grade)  # type: ignore[call-overload, no-any-return]
    raise InputError(
        f"grade of {key!r} must be a whole number from 0 to {MAX_GRADE:,}, "
        f"got {_short(repr(grade))}",
        field="golden_documents",
    )


def judge(retrieved: Sequence[str], relevant: Relevance, *, normalize: bool = False) -> Judged:
    """Join ``retrieved`` with ``relevant`` once; the metric kernels read the result.
    Bad input (a string for a list, a non-string id, a grade that is no whole number
    from 0 to MAX_GRADE) is an InputError naming ``retrieved`` or ``golden_documents``."""
    retrieved = _ids(retrieved, "retrieved")
    if isinstance(relevant, Mapping):
        grade_map = {}
        for key, grade in relevant.items():
            if not isinstance(key, str):
                raise InputError("ids must be strings", field="golden_documents")
            grade_map[key] = _grade(key, grade)
    else:
        grade_map = dict.fromkeys(_ids(relevant, "golden_documents"), 1)
    if normalize:
        merged: dict[str, int] = {}
        for key, grade in grade_map.items():
            nkey = normalize_item(key)
            merged[nkey] = max(grade, merged.get(nkey, 0))
        grade_map = merged
    seen: set[str] = set()
    grades: list[int] = []
    for item in retrieved:
        key = normalize_item(item) if normalize else item
        if key in seen:
            continue
        seen.add(key)
        grades.append(grade_map.get(key, 0))
    positive = sorted((g for g in grade_map.values() if g > 0), reverse=True)
    reason = None
    if not grade_map:
        reason = NO_RELEVANT
    elif not positive:
        reason = NO_POSITIVE
    return Judged(tuple(grades), tuple(positive), len(positive), reason)


MAX_RANKS_SHOWN = 10
"""Relevant ranks written out in :func:`explain`'s reason (the rest are counted)."""
MAX_RANKS_KEPT = 1000
"""Relevant ranks kept in :func:`explain`'s ``relevant_ranks`` list."""


def explain(j: Judged) -> dict[str, object]:
    """Why a sample's retrieval metrics are what they are, for its details: the ranks of
    the relevant items in the (de-duplicated) ranked list, with their grades when graded,
    how many items were retrieved and how many are relevant in all. Every retrieval
    metric is a function of these (see :mod:`veracity.metrics`)."""
    ranks = [i + 1 for i, g in enumerate(j.grades) if g > 0]
    graded = any(g > 1 for g in j.grades) or any(g > 1 for g in j.ideal)
    n = len(j.grades)
    if ranks:
        shown = ", ".join(
            f"{r} (grade {j.grades[r - 1]})" if graded else str(r) for r in ranks[:MAX_RANKS_SHOWN]
        )
        more = f" and {len(ranks) - MAX_RANKS_SHOWN} more" if len(ranks) > MAX_RANKS_SHOWN else ""
        where = f"relevant at rank{'s' if len(ranks) > 1 else ''} {shown}{more}"
    else:
        where = "no relevant item retrieved"
    reason = (
        f"{where}; {len(ranks)} of {n} retrieved item{'' if n == 1 else 's'} relevant, "
        f"{j.n_relevant} relevant in all"
    )
    out: dict[str, object] = {
        "reason": reason,
        "relevant_ranks": ranks[:MAX_RANKS_KEPT],
        "n_retrieved": n,
        "n_relevant": j.n_relevant,
    }
    if graded:
        out["grades"] = [j.grades[r - 1] for r in ranks[:MAX_RANKS_KEPT]]
    return out


MAX_K = 1_000_000
"""The largest cut-off accepted (a ranking longer than this is not a RAG ranking)."""


def _check_k(k: int | None, *, optional: bool = False) -> None:
    """A cut-off is a whole number from 1 to MAX_K (None only where ``optional``)."""
    if k is None and optional:
        return
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
        raise ConfigError(f"k must be an integer from 1 to {MAX_K:,}, got {k!r}")


def _hits(j: Judged, k: int) -> int:
    return sum(1 for g in j.grades[:k] if g > 0)


def precision_at_k(
    retrieved: Sequence[str], relevant: Relevance, k: int, *, normalize: bool = False
) -> MetricResult:
    """Precision@k = (1/k) * sum_{i=1..k} rel_i   (trec_eval ``P_k``)."""
    _check_k(k)
    return precision_judged(judge(retrieved, relevant, normalize=normalize), k)


def precision_judged(j: Judged, k: int) -> MetricResult:
    """Kernel of :func:`precision_at_k`."""
    if j.undetermined_reason:
        return MetricResult.undetermined(j.undetermined_reason)
    return MetricResult(_hits(j, k) / k)


def recall_at_k(
    retrieved: Sequence[str], relevant: Relevance, k: int, *, normalize: bool = False
) -> MetricResult:
    """Recall@k = (1/R) * sum_{i=1..k} rel_i   (trec_eval ``recall_k``)."""
    _check_k(k)
    return recall_judged(judge(retrieved, relevant, normalize=normalize), k)


def recall_judged(j: Judged, k: int) -> MetricResult:
    """Kernel of :func:`recall_at_k`."""
    if j.undetermined_reason:
        return MetricResult.undetermined(j.undetermined_reason)
    return MetricResult(_hits(j, k) / j.n_relevant)


def hit_at_k(
    retrieved: Sequence[str], relevant: Relevance, k: int, *, normalize: bool = False
) -> MetricResult:
    """Hit@k = 1 if sum_{i=1..k} rel_i >= 1 else 0   (trec_eval ``success_k``)."""
    _check_k(k)
    return hit_judged(judge(retrieved, relevant, normalize=normalize), k)


def hit_judged(j: Judged, k: int) -> MetricResult:
    """Kernel of :func:`hit_at_k`."""
    if j.undetermined_reason:
        return MetricResult.undetermined(j.undetermined_reason)
    return MetricResult(1.0 if _hits(j, k) else 0.0)


def reciprocal_rank(
    retrieved: Sequence[str], relevant: Relevance, k: int | None = None, *, normalize: bool = False
) -> MetricResult:
    """RR = 1 / (rank of the first relevant item), 0 if none is ranked (within k if
    given). Averaged over queries this is MRR (trec_eval ``recip_rank``)."""
    _check_k(k, optional=True)
    return reciprocal_rank_judged(judge(retrieved, relevant, normalize=normalize), k)


def reciprocal_rank_judged(j: Judged, k: int | None = None) -> MetricResult:
    """Kernel of :func:`reciprocal_rank`."""
    if j.undetermined_reason:
        return MetricResult.undetermined(j.undetermined_reason)
    grades = j.grades if k is None else j.grades[:k]
    for rank, grade in enumerate(grades, start=1):
        if grade > 0:
            return MetricResult(1.0 / rank)
    return MetricResult(0.0)


def ndcg_at_k(
    retrieved: Sequence[str], relevant: Relevance, k: int, *, normalize: bool = False
) -> MetricResult:
    """nDCG@k = DCG@k / IDCG@k with DCG@k = sum_{i=1..k} g_i / log2(i + 1) and IDCG@k
    the DCG@k of the judgements sorted by grade (trec_eval ``ndcg_cut_k``: linear
    gain, log2 discount; binary relevance is grade 1)."""
    _check_k(k)
    return ndcg_judged(judge(retrieved, relevant, normalize=normalize), k)


def _dcg(grades: Sequence[int]) -> float:
    return sum(g / math.log2(i + 2) for i, g in enumerate(grades) if g > 0)


def ndcg_judged(j: Judged, k: int) -> MetricResult:
    """Kernel of :func:`ndcg_at_k`."""
    if j.undetermined_reason:
        return MetricResult.undetermined(j.undetermined_reason)
    return MetricResult(_dcg(j.grades[:k]) / _dcg(j.ideal[:k]))


def average_precision(
    retrieved: Sequence[str], relevant: Relevance, k: int | None = None, *, normalize: bool = False
) -> MetricResult:
    """AP@k = (1/R) * sum_{i=1..k} rel_i * Precision@i (whole list when k is None).
    Averaged over queries this is MAP (trec_eval ``map`` and ``map_cut_k``)."""
    _check_k(k, optional=True)
    return average_precision_judged(judge(retrieved, relevant, normalize=normalize), k)


def average_precision_judged(j: Judged, k: int | None = None) -> MetricResult:
    """Kernel of :func:`average_precision`."""
    if j.undetermined_reason:
        return MetricResult.undetermined(j.undetermined_reason)
    grades = j.grades if k is None else j.grades[:k]
    hits = 0
    total = 0.0
    for rank, grade in enumerate(grades, start=1):
        if grade > 0:
            hits += 1
            total += hits / rank
    return MetricResult(total / j.n_relevant)


def r_precision(
    retrieved: Sequence[str], relevant: Relevance, *, normalize: bool = False
) -> MetricResult:
    """R-precision = (1/R) * sum_{i=1..R} rel_i   (trec_eval ``Rprec``)."""
    return r_precision_judged(judge(retrieved, relevant, normalize=normalize))


def r_precision_judged(j: Judged) -> MetricResult:
    """Kernel of :func:`r_precision`."""
    if j.undetermined_reason:
        return MetricResult.undetermined(j.undetermined_reason)
    return MetricResult(_hits(j, j.n_relevant) / j.n_relevant)
