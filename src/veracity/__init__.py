"""veracity: evaluate RAG systems against their evidence, deterministic first.

The public API is re-exported here; everything else is an implementation module.

>>> from veracity import Sample, evaluate
>>> s = Sample(question="Capital of France?", answer="Paris is the capital of France.",
...            contexts=["Paris is the capital and largest city of France."],
...            retrieved=["d1", "d2"], golden_documents=["d1"])
>>> evaluate([s], metrics=["precision@1", "mrr"]).metrics["mrr"].mean
1.0
"""

from __future__ import annotations

from veracity.errors import (
    ConfigError,
    InputError,
    MetricError,
    UnsafePatternError,
    VeracityError,
)
from veracity.evaluate import evaluate, evaluate_sample, iter_evaluate
from veracity.io import read_samples, sample_from_dict
from veracity.metrics import REGISTRY, MetricOptions, plan_metrics
from veracity.report import Gate, GateResult, MetricSummary, Report, SampleResult, parse_gate
from veracity.results import MetricResult
from veracity.retrieval import (
    average_precision,
    hit_at_k,
    ndcg_at_k,
    precision_at_k,
    r_precision,
    recall_at_k,
    reciprocal_rank,
)
from veracity.samples import EvidenceItem, Sample

__version__ = "0.1.0"

__all__ = [
    "REGISTRY",
    "ConfigError",
    "EvidenceItem",
    "Gate",
    "GateResult",
    "InputError",
    "MetricError",
    "MetricOptions",
    "MetricResult",
    "MetricSummary",
    "Report",
    "Sample",
    "SampleResult",
    "UnsafePatternError",
    "VeracityError",
    "__version__",
    "average_precision",
    "evaluate",
    "evaluate_sample",
    "hit_at_k",
    "iter_evaluate",
    "ndcg_at_k",
    "parse_gate",
    "plan_metrics",
    "precision_at_k",
    "r_precision",
    "read_samples",
    "recall_at_k",
    "reciprocal_rank",
    "sample_from_dict",
]
