"""Governance benchmark: does a RAG system know when to abstain, dispute or answer?

Cases in fitz-gov's format (:mod:`.cases`, :mod:`.loaders`, :mod:`.validate`), system
responses (:mod:`.responses`), scoring in two modes -- ``strict`` (default) and an
exact ``fitz-gov-4.1`` reproduction (:mod:`.scoring`) -- and metrics with confidence
intervals, tiers and run comparison (:mod:`.metrics`). Systems to run on the cases:
a mode detector for answer-only systems (:mod:`.detect`), a deterministic baseline
governor (:mod:`.baseline`), runners for callables and endpoints (:mod:`.runners`)
and an optional LLM second opinion on pattern hits (:mod:`.llm_check`).

The names below are loaded lazily on first use, so importing one submodule (say
:mod:`.detect`) does not load the whole benchmark harness.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(["builtin_governor"], "veracity.governance.baseline"),
    **dict.fromkeys(
        ["CATEGORIES", "CATEGORY_MODE", "GovCase", "GovFile", "MODES", "Mode"],
        "veracity.governance.cases",
    ),
    **dict.fromkeys(["DetectedMode", "detect_mode"], "veracity.governance.detect"),
    **dict.fromkeys(["LLMJudge"], "veracity.governance.llm_check"),
    **dict.fromkeys(
        ["CaseProblem", "LoadResult", "load_cases", "load_suite"], "veracity.governance.loaders"
    ),
    **dict.fromkeys(
        [
            "Comparison",
            "GovMetrics",
            "Rate",
            "TieredReport",
            "compare_runs",
            "compute_metrics",
            "evaluate_tiered",
        ],
        "veracity.governance.metrics",
    ),
    **dict.fromkeys(
        ["GovResponse", "append_response", "read_responses"], "veracity.governance.responses"
    ),
    **dict.fromkeys(["System", "make_system", "run_system"], "veracity.governance.runners"),
    **dict.fromkeys(
        ["CaseResult", "SCORING_MODES", "ViolationJudge", "score_case", "score_cases"],
        "veracity.governance.scoring",
    ),
    **dict.fromkeys(["ValidationReport", "validate_path"], "veracity.governance.validate"),
}

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

if TYPE_CHECKING:
    from veracity.governance.baseline import builtin_governor
    from veracity.governance.cases import CATEGORIES, CATEGORY_MODE, MODES, GovCase, GovFile, Mode
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


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'veracity.governance' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
