"""The metric registry: every metric ``veracity eval`` knows, by name.

A metric is a :class:`MetricSpec` in :data:`REGISTRY`. Retrieval metrics read the
sample's ranked list once joined with its judgements (:class:`~veracity.retrieval.Judged`);
answer metrics read the sample. Names with a cut-off are written ``name@K``
(``precision@5``); a bare family name (``precision``) expands to every requested K.

========== ============================================= =============================
name        formula (per sample; the report averages)       undetermined when
========== ============================================= =============================
precision@K (1/K) sum_{i<=K} rel_i                          no retrieved list / no golden
recall@K    (1/R) sum_{i<=K} rel_i                          idem
hit@K       1 if any rel_i = 1 for i <= K else 0            idem
mrr         1 / rank of the first relevant item (0: none)   idem
ndcg@K      DCG@K / IDCG@K, DCG = sum g_i / log2(i+1)       idem
map         (1/R) sum_i rel_i * precision@i                 idem
r_precision (1/R) sum_{i<=R} rel_i                          idem
faithfulness supported claims / claims                      no claims
numeric     verified numeric claims / numeric claims        no numeric claims
========== ============================================= =============================
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from veracity import retrieval
from veracity.errors import ConfigError
from veracity.results import MetricResult
from veracity.samples import Sample

if TYPE_CHECKING:
    from veracity.faithfulness.judge import JudgeConfig
    from veracity.numeric.config import DomainConfig

__all__ = [
    "ANSWER_METRICS",
    "DEFAULT_METRICS",
    "MAX_K",
    "MAX_TRACE_ITEMS",
    "REGISTRY",
    "RETRIEVAL_METRICS",
    "MetricOptions",
    "MetricSpec",
    "PlannedMetric",
    "plan_metrics",
]


@dataclass(frozen=True, slots=True)
class MetricOptions:
    """Options shared by the metrics of one evaluation run."""

    normalize_ids: bool = False
    faithfulness_method: str = "lexical"
    faithfulness_threshold: float | None = None
    numeric_preset: str | None = None
    numeric_check_dates: bool = False
    """The numeric metric checks the dates an answer states to the day too."""
    faithfulness_judge: JudgeConfig | None = None
    """When set, an LLM judges each claim (``faithfulness_method`` is then ignored)."""


RetrievalKernel = Callable[[retrieval.Judged, "int | None"], MetricResult]
AnswerFn = Callable[[Sample, MetricOptions], MetricResult]


@dataclass(frozen=True, slots=True)
class MetricSpec:
    """One registered metric: its family name, whether it takes a cut-off, and the
    function computing it (exactly one of ``kernel`` / ``answer_fn`` is set)."""

    name: str
    description: str
    takes_k: bool = False
    kernel: RetrievalKernel | None = None
    answer_fn: AnswerFn | None = None

    @property
    def is_retrieval(self) -> bool:
        return self.kernel is not None


@dataclass(frozen=True, slots=True)
class PlannedMetric:
    """A metric as it will run: output name (``ndcg@5``), spec and cut-off."""

    name: str
    spec: MetricSpec
    k: int | None = None


MAX_K = retrieval.MAX_K
"""The largest cut-off accepted (a ranking longer than this is not a RAG ranking)."""

MAX_TRACE_ITEMS = 1000
"""Per-claim trace entries kept in a sample's details (the score uses every claim)."""


def _capped(details: dict[str, Any], key: str) -> dict[str, Any]:
    """Keep at most MAX_TRACE_ITEMS entries of ``details[key]``, unsupported / failed
    ones first, and say how many were left out (a 5 MB answer has ~50,000 claims)."""
    items = details.get(key)
    if not isinstance(items, list) or len(items) <= MAX_TRACE_ITEMS:
        return details

    def ok(item: Any) -> bool:
        return isinstance(item, dict) and bool(item.get("supported", item.get("verified")))

    kept = sorted(range(len(items)), key=lambda i: (ok(items[i]), i))[:MAX_TRACE_ITEMS]
    out = dict(details)
    out[key] = [items[i] for i in sorted(kept)]
    out[f"{key}_omitted"] = len(items) - MAX_TRACE_ITEMS
    return out


def _faithfulness(sample: Sample, options: MetricOptions) -> MetricResult:
    if options.faithfulness_judge is not None:
        from veracity.faithfulness.judge import judge_faithfulness

        judged = judge_faithfulness(sample.answer, sample.contexts, options.faithfulness_judge)
        return MetricResult(judged.score, judged.reason, _capped(judged.to_dict(), "claims"))

    from veracity.faithfulness import score_faithfulness

    result = score_faithfulness(
        sample.answer,
        sample.contexts,
        method=options.faithfulness_method,
        threshold=options.faithfulness_threshold,
    )
    return MetricResult(result.score, result.reason, _capped(result.to_dict(), "claims"))


def _numeric(sample: Sample, options: MetricOptions) -> MetricResult:
    from veracity.numeric import check_numbers

    # structured evidence when the sample has it, else the numbers in its contexts; the
    # dates (--check-dates) against its contexts either way
    report = check_numbers(
        sample.answer,
        contexts=() if sample.evidence else sample.contexts,
        evidence=sample.evidence,
        config=_numeric_config(options.numeric_preset, options.numeric_check_dates),
        date_contexts=sample.contexts,
    )
    return MetricResult(
        report.sfs_score, report.reason, _capped(report.to_dict(), "claim_verifications")
    )


@functools.lru_cache(maxsize=16)
def _numeric_config(preset: str | None, check_dates: bool) -> DomainConfig | str | None:
    """The numeric metric's config: the preset, with dates checked when asked."""
    if not check_dates:
        return preset
    from veracity.numeric.presets import resolve_config

    return resolve_config(preset, check_dates=True)


def _k_kernel(fn: Callable[[retrieval.Judged, int], MetricResult]) -> RetrievalKernel:
    def kernel(j: retrieval.Judged, k: int | None) -> MetricResult:
        assert k is not None
        return fn(j, k)

    return kernel


REGISTRY: dict[str, MetricSpec] = {
    spec.name: spec
    for spec in (
        MetricSpec("precision", "share of the top K that is relevant", True,
                   _k_kernel(retrieval.precision_judged)),
        MetricSpec("recall", "share of the relevant items found in the top K", True,
                   _k_kernel(retrieval.recall_judged)),
        MetricSpec("hit", "1 if a relevant item is in the top K", True,
                   _k_kernel(retrieval.hit_judged)),
        MetricSpec("mrr", "reciprocal rank of the first relevant item", False,
                   lambda j, k: retrieval.reciprocal_rank_judged(j)),
        MetricSpec("ndcg", "normalised discounted cumulative gain at K", True,
                   _k_kernel(retrieval.ndcg_judged)),
        MetricSpec("map", "average precision over the whole ranked list", False,
                   lambda j, k: retrieval.average_precision_judged(j)),
        MetricSpec("r_precision", "precision at R, the number of relevant items", False,
                   lambda j, k: retrieval.r_precision_judged(j)),
        MetricSpec("faithfulness", "share of the answer's claims supported by the contexts",
                   answer_fn=_faithfulness),
        MetricSpec("numeric", "share of the answer's numeric claims verified by the evidence",
                   answer_fn=_numeric),
    )
}  # fmt: skip

RETRIEVAL_METRICS = tuple(n for n, s in REGISTRY.items() if s.is_retrieval)
ANSWER_METRICS = tuple(n for n, s in REGISTRY.items() if not s.is_retrieval)
DEFAULT_METRICS = (*RETRIEVAL_METRICS, *ANSWER_METRICS)


def plan_metrics(
    metrics: Sequence[str] | None = None,
    ks: Sequence[int] = (5,),
    *,
    claims_only: bool = False,
) -> list[PlannedMetric]:
    """Expand metric names into the ordered list of metrics to run.

    ``metrics=None`` selects every registered metric; ``claims_only`` drops the
    retrieval metrics (rag-eval's ``--claims-only``). Unknown names, a cut-off on a
    metric without one and ``k < 1`` raise :class:`ConfigError`. A string is read as
    comma-separated names (``"precision,mrr"``).
    """
    if not ks:
        raise ConfigError("at least one cut-off k is required")
    for k in ks:
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ConfigError(f"k must be an integer >= 1, got {k!r}")
        if k > MAX_K:
            raise ConfigError(f"k must be at most {MAX_K}, got {k}")
    if isinstance(metrics, str):  # "mrr" or "precision,mrr", as the CLI's -m takes them
        metrics = [m for m in metrics.split(",") if m.strip()]
    names = list(DEFAULT_METRICS if metrics is None else metrics)
    if not names:
        raise ConfigError("no metric selected")
    planned: list[PlannedMetric] = []
    seen: set[str] = set()
    for raw in names:
        name = raw.strip().lower()
        base, _, kpart = name.partition("@")
        spec = REGISTRY.get(base)
        if spec is None:
            known = ", ".join(REGISTRY)
            raise ConfigError(f"unknown metric {raw!r}; known metrics: {known}")
        if claims_only and spec.is_retrieval:
            continue
        if kpart:
            if not spec.takes_k:
                raise ConfigError(f"metric {base!r} takes no cut-off (got {raw!r})")
            if not kpart.isdigit() or not 1 <= int(kpart) <= MAX_K:
                raise ConfigError(f"cut-off in {raw!r} must be an integer from 1 to {MAX_K}")
            cutoffs: Sequence[int | None] = [int(kpart)]
        else:
            cutoffs = list(ks) if spec.takes_k else [None]
        for cutoff in cutoffs:
            out = f"{base}@{cutoff}" if cutoff is not None else base
            if out not in seen:
                seen.add(out)
                planned.append(PlannedMetric(out, spec, cutoff))
    if not planned:
        raise ConfigError(
            "no metric left to run (claims-only removed every selected metric: the retrieval "
            "metrics)"
        )
    return planned
