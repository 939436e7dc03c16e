"""Numeric claims: extract every number an answer asserts and verify it against evidence.

``sfs_score = verified_claims / total_claims`` (the SFS toolkit's score), with a
parser that reads scales, words, ranges, units and signs, verification by unit
conversion and closest compatible evidence, presets as data files, and a per-claim
trace. See :func:`check_numbers`.
"""

from __future__ import annotations

from veracity.numeric.config import DomainConfig, ExtractionPattern, load_config
from veracity.numeric.extract import evidence_from_contexts, excluded_numbers, extract_claims
from veracity.numeric.models import (
    ClaimVerification,
    EvidenceQuantity,
    ExcludedNumber,
    NumericClaim,
    NumericReport,
)
from veracity.numeric.presets import get_preset, list_presets
from veracity.numeric.verify import check_numbers, verify_claims

__all__ = [
    "ClaimVerification",
    "DomainConfig",
    "EvidenceQuantity",
    "ExcludedNumber",
    "ExtractionPattern",
    "NumericClaim",
    "NumericReport",
    "check_numbers",
    "evidence_from_contexts",
    "excluded_numbers",
    "extract_claims",
    "get_preset",
    "list_presets",
    "load_config",
    "verify_claims",
]
