"""veracity: evaluate RAG systems against their evidence, deterministic first.

The public API is re-exported here and loaded lazily on first use, so importing
``veracity`` (for example by its pytest plugin) costs next to nothing; everything
else is an implementation module.

>>> from veracity import Sample, evaluate
>>> s = Sample(question="Capital of France?", answer="Paris is the capital of France.",
...            contexts=["Paris is the capital and largest city of France."],
...            retrieved=["d1", "d2"], golden_documents=["d1"])
>>> evaluate([s], metrics=["precision@1", "mrr"]).metrics["mrr"].mean
1.0
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# public name -> module that defines it
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(
        ["ConfigError", "InputError", "MetricError", "UnsafePatternError", "VeracityError"],
        "veracity.errors",
    ),
    **dict.fromkeys(["EvidenceItem", "Sample"], "veracity.samples"),
    **dict.fromkeys(["read_samples", "sample_from_dict"], "veracity.io"),
    **dict.fromkeys(["evaluate", "evaluate_sample", "iter_evaluate"], "veracity.evaluation"),
    **dict.fromkeys(["REGISTRY", "MetricOptions", "plan_metrics"], "veracity.metrics"),
    **dict.fromkeys(
        ["Gate", "GateResult", "MetricSummary", "Report", "SampleResult", "parse_gate"],
        "veracity.report",
    ),
    "MetricResult": "veracity.results",
    **dict.fromkeys(
        [
            "average_precision",
            "hit_at_k",
            "ndcg_at_k",
            "precision_at_k",
            "r_precision",
            "recall_at_k",
            "reciprocal_rank",
        ],
        "veracity.retrieval",
    ),
    **dict.fromkeys(["FaithfulnessResult", "score_faithfulness"], "veracity.faithfulness"),
    **dict.fromkeys(
        ["DomainConfig", "NumericReport", "check_numbers", "extract_claims", "get_preset"],
        "veracity.numeric",
    ),
    **dict.fromkeys(["detect_mode", "load_suite", "score_case"], "veracity.governance"),
    **dict.fromkeys(["ComparisonResult", "compare_reports"], "veracity.compare"),
    **dict.fromkeys(
        ["assert_faithful", "assert_numbers_supported", "assert_retrieval"], "veracity.assertions"
    ),
}

__all__ = [
    "REGISTRY",
    "ComparisonResult",
    "ConfigError",
    "DomainConfig",
    "EvidenceItem",
    "FaithfulnessResult",
    "Gate",
    "GateResult",
    "InputError",
    "MetricError",
    "MetricOptions",
    "MetricResult",
    "MetricSummary",
    "NumericReport",
    "Report",
    "Sample",
    "SampleResult",
    "UnsafePatternError",
    "VeracityError",
    "__version__",
    "assert_faithful",
    "assert_numbers_supported",
    "assert_retrieval",
    "average_precision",
    "check_numbers",
    "compare_reports",
    "detect_mode",
    "evaluate",
    "evaluate_sample",
    "extract_claims",
    "get_preset",
    "hit_at_k",
    "iter_evaluate",
    "load_suite",
    "ndcg_at_k",
    "parse_gate",
    "plan_metrics",
    "precision_at_k",
    "r_precision",
    "read_samples",
    "recall_at_k",
    "reciprocal_rank",
    "sample_from_dict",
    "score_case",
    "score_faithfulness",
]

if TYPE_CHECKING:
    from veracity.assertions import assert_faithful, assert_numbers_supported, assert_retrieval
    from veracity.compare import ComparisonResult, compare_reports
    from veracity.errors import (
        ConfigError,
        InputError,
        MetricError,
        UnsafePatternError,
        VeracityError,
    )
    from veracity.evaluation import evaluate, evaluate_sample, iter_evaluate
    from veracity.faithfulness import FaithfulnessResult, score_faithfulness
    from veracity.governance import detect_mode, load_suite, score_case
    from veracity.io import read_samples, sample_from_dict
    from veracity.metrics import REGISTRY, MetricOptions, plan_metrics
    from veracity.numeric import (
        DomainConfig,
        NumericReport,
        check_numbers,
        extract_claims,
        get_preset,
    )
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


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'veracity' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
