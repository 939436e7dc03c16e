"""Governance cases: the :class:`GovCase` model and fitz-gov's case and file format.

A case asks a RAG system a ``query`` over ``contexts`` and states the governance
``expected_mode`` it should choose: ``abstain`` (the evidence does not answer),
``disputed`` (the sources conflict) or ``trustworthy`` (answer). Grounding and
relevance cases add answer checks (``forbidden_claims``, ``required_elements``,
``forbidden_elements``) configured by ``evaluation_config``.

The format is fitz-gov 4.1's, read and written exactly:

- A *file* is ``{tier, tier_description, passing_threshold?, category, description,
  version, mode_rationale, evaluation_config?, cases: [...]}``; :class:`GovFile`
  keeps every header key (and its position) so writing a file back reproduces it
  byte for byte (``json.dumps(indent=2, ensure_ascii=False)`` plus a newline).
- A *case* has the required fields ``id, category, query, contexts, expected_mode``
  and optional fields with fitz-gov's defaults (``subcategory="unknown"``,
  ``difficulty="medium"``, ``source_type="single"``...). Unknown keys
  (``original_id``...) are kept. :meth:`GovCase.to_dict` writes only the keys that
  were present, in their original order.
- Inside a fitz-gov layout the case's category comes from the file name, the file's
  ``evaluation_config`` is merged under the case's (case level wins) -- see
  :attr:`GovCase.config` -- and the file's ``tier`` is :attr:`GovCase.tier`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, PrivateAttr

__all__ = [
    "ANSWER_QUALITY_CATEGORIES",
    "CATEGORIES",
    "CATEGORY_MODE",
    "GOVERNANCE_CATEGORIES",
    "MODES",
    "TIER_DIRS",
    "TRUSTWORTHY_CATEGORIES",
    "Category",
    "GovCase",
    "GovFile",
    "Mode",
    "dump_file_text",
]

Mode = Literal["trustworthy", "disputed", "abstain"]
"""The three governance modes, lower-case as in fitz-gov."""

Category = Literal[
    "abstention", "dispute", "trustworthy_hedged", "trustworthy_direct", "grounding", "relevance"
]

MODES: tuple[Mode, ...] = ("trustworthy", "disputed", "abstain")
CATEGORIES: tuple[Category, ...] = (
    "abstention",
    "dispute",
    "trustworthy_hedged",
    "trustworthy_direct",
    "grounding",
    "relevance",
)
CATEGORY_MODE: dict[str, Mode] = {
    "abstention": "abstain",
    "dispute": "disputed",
    "trustworthy_hedged": "trustworthy",
    "trustworthy_direct": "trustworthy",
    "grounding": "trustworthy",
    "relevance": "trustworthy",
}
"""The mode each category implies; a case whose ``expected_mode`` differs is reported."""

GOVERNANCE_CATEGORIES: frozenset[str] = frozenset(
    {"abstention", "dispute", "trustworthy_hedged", "trustworthy_direct"}
)
"""Categories fitz-gov scores by the mode alone."""
ANSWER_QUALITY_CATEGORIES: frozenset[str] = frozenset({"grounding", "relevance"})
"""Categories fitz-gov scores by the answer text alone."""
TRUSTWORTHY_CATEGORIES: frozenset[str] = frozenset(
    c for c, m in CATEGORY_MODE.items() if m == "trustworthy"
)
TIER_DIRS: dict[str, str] = {"0": "tier0_sanity", "1": "tier1_core"}
"""Tier number -> directory name of fitz-gov's layout."""


class GovCase(BaseModel):
    """One governance case in fitz-gov's format (unknown keys are kept)."""

    model_config = ConfigDict(extra="allow", strict=True, validate_assignment=False)

    id: str
    category: Category
    query: str
    contexts: list[str]
    expected_mode: Mode
    subcategory: str = "unknown"
    description: str = ""
    rationale: str = ""
    difficulty: str = "medium"
    forbidden_claims: list[str] = []
    required_elements: list[str] = []
    forbidden_elements: list[str] = []
    evaluation_config: dict[str, Any] = {}
    context_sources: list[str | dict[str, Any]] = []
    metadata: dict[str, Any] = {}
    domain: str = ""
    query_type: str = ""
    source_type: str = "single"
    context_count: int = 0
    reasoning_type: str = ""
    evidence_pattern: str = ""

    _file_config: dict[str, Any] = PrivateAttr(default_factory=dict)
    _tier: str | None = PrivateAttr(default=None)
    _source: str | None = PrivateAttr(default=None)
    _key_order: list[str] = PrivateAttr(default_factory=list)
    _file_category: str | None = PrivateAttr(default=None)

    @classmethod
    def from_dict(
        cls,
        data: dict[str, Any],
        *,
        category: str | None = None,
        file_config: dict[str, Any] | None = None,
        tier: str | None = None,
        source: str | None = None,
    ) -> GovCase:
        """Build a case from its JSON object.

        ``category`` (the file name's category) overrides the case's own, as fitz-gov
        does; ``file_config`` is the file-level ``evaluation_config``; ``tier`` is
        the file's ``tier`` value. Raises ``pydantic.ValidationError`` on bad data.
        """
        payload = dict(data)
        had_category = "category" in payload
        if category is not None:
            payload["category"] = category
        case = cls.model_validate(payload)
        if not had_category:
            case.__pydantic_fields_set__.discard("category")
        case._key_order = list(data.keys())
        case._file_config = dict(file_config or {})
        case._tier = tier
        case._source = source
        case._file_category = category
        return case

    def to_dict(self) -> dict[str, Any]:
        """The case's JSON object: the keys that were present, in their original order."""
        dumped = self.model_dump(mode="json", exclude_unset=True)
        if "category" not in dumped and not self._key_order:
            dumped["category"] = self.category
        order = [k for k in self._key_order if k in dumped]
        order += [k for k in dumped if k not in order]
        return {k: dumped[k] for k in order}

    @property
    def config(self) -> dict[str, Any]:
        """Effective evaluation config: file-level ``evaluation_config`` under the case's."""
        return {**self._file_config, **self.evaluation_config}

    @property
    def effective_subcategory(self) -> str:
        """``subcategory``; when absent, the file name's category (as fitz-gov's loader)."""
        if "subcategory" in self.model_fields_set or self._file_category is None:
            return self.subcategory
        return self._file_category

    @property
    def file_config(self) -> dict[str, Any]:
        """The file-level ``evaluation_config`` this case was loaded with (may be empty)."""
        return dict(self._file_config)

    @property
    def tier(self) -> str | None:
        """The ``tier`` value of the file the case came from (``sanity``/``core``), if any."""
        return self._tier

    @property
    def source(self) -> str | None:
        """The file the case was read from, if any."""
        return self._source

    def slice_value(self, attribute: str) -> str:
        """The value of a slicing attribute as fitz-gov groups it (empty -> ``unknown``)."""
        value = getattr(self, attribute, "")
        return str(value) if value not in ("", None) else "unknown"


@dataclass
class GovFile:
    """One case file of fitz-gov's layout: its header keys (in order) and its cases."""

    header: dict[str, Any] = field(default_factory=dict)
    cases: list[GovCase] = field(default_factory=list)
    cases_position: int | None = None
    """Index of the ``cases`` key among the file's keys (``None``: last)."""

    @property
    def evaluation_config(self) -> dict[str, Any]:
        value = self.header.get("evaluation_config", {})
        return dict(value) if isinstance(value, dict) else {}

    def to_dict(self) -> dict[str, Any]:
        """The file's JSON object, header keys and ``cases`` in their original order."""
        items = list(self.header.items())
        pos = len(items) if self.cases_position is None else min(self.cases_position, len(items))
        items.insert(pos, ("cases", [c.to_dict() for c in self.cases]))
        return dict(items)

    def write(self, path: str | Path) -> None:
        """Write the file in fitz-gov's exact text format (UTF-8)."""
        Path(path).write_text(dump_file_text(self.to_dict()), encoding="utf-8")


def dump_file_text(data: object) -> str:
    """fitz-gov's on-disk JSON text: two-space indent, non-ASCII kept, final newline."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
