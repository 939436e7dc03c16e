"""Governance benchmark: does a RAG system know when to abstain, dispute or answer?

Cases in fitz-gov's format (:mod:`.cases`, :mod:`.loaders`, :mod:`.validate`), system
responses (:mod:`.responses`), scoring in two modes -- ``strict`` (default) and an
exact ``fitz-gov-4.1`` reproduction (:mod:`.scoring`) -- and metrics with confidence
intervals, tiers and run comparison (:mod:`.metrics`). Systems to run on the cases:
a mode detector for answer-only systems (:mod:`.detect`), a deterministic baseline
governor (:mod:`.baseline`), runners for callables and endpoints (:mod:`.runners`)
and an optional LLM second opinion on pattern hits (:mod:`.llm_check`).
"""

from __future__ import annotations

from veracity.governance.baseline import builtin_governor
from veracity.governance.cases import (
    CATEGORIES,
    CATEGORY_MODE,
    MODES,
    GovCase,
    GovFile,
    Mode,
)
from veracity.governance.detect import DetectedMode, detect_mode
from veracity.governance.llm_check import LLMJudge
from veracity.governance.loaders import CaseProblem, LoadResult, load_cases, load_suite
from veracity.governance.metrics import (
    Comparison,
    GovMetrics,
    Rate,
    TieredReport,
    compare_runs,
    compute_metrics,
    evaluate_tiered,
)
from veracity.governance.responses import GovResponse, append_response, read_responses
from veracity.governance.runners import System, make_system, run_system
from veracity.governance.scoring import (
    SCORING_MODES,
    CaseResult,
    ViolationJudge,
    score_case,
    score_cases,
)
from veracity.governance.validate import ValidationReport, validate_path

__all__ = [
    "CATEGORIES",
    "CATEGORY_MODE",
    "MODES",
    "SCORING_MODES",
    "CaseProblem",
    "CaseResult",
    "Comparison",
    "DetectedMode",
    "GovCase",
    "GovFile",
    "GovMetrics",
    "GovResponse",
    "LLMJudge",
    "LoadResult",
    "Mode",
    "Rate",
    "System",
    "TieredReport",
    "ValidationReport",
    "ViolationJudge",
    "append_response",
    "builtin_governor",
    "compare_runs",
    "compute_metrics",
    "detect_mode",
    "evaluate_tiered",
    "load_cases",
    "load_suite",
    "make_system",
    "read_responses",
    "run_system",
    "score_case",
    "score_cases",
    "validate_path",
]
