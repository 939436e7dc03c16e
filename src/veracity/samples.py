"""The sample: one RAG interaction to evaluate, and structured numeric evidence.

A :class:`Sample` is a superset of rag-eval-py's JSONL line. ``context`` is accepted
as an alias of ``contexts`` and ``relevant`` as an alias of ``golden_documents``.
A sample without ``id`` gets a stable id derived from its content
(:func:`content_id`), so the same input always yields the same id.
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from veracity.errors import InputError
from veracity.field_typos import likely_typo
from veracity.validation_errors import field_of, problem_of

__all__ = [
    "MAX_NESTING",
    "NESTED_TOO_DEEPLY",
    "EvidenceItem",
    "Sample",
    "content_id",
    "evidence_item",
    "nested_too_deeply",
    "number_text",
]

MAX_NESTING = 100
"""Most levels of arrays and objects a free-form JSON value (a sample's ``metadata``)
may nest: deeper, JSON encoders and parsers give up (pydantic's at about 200 and 255
levels, Python's at about 1,000), so a report could not be written."""

NESTED_TOO_DEEPLY = f"nested too deeply: more than {MAX_NESTING} levels of arrays and objects"
"""The reason given for a value nested beyond :data:`MAX_NESTING` levels."""


_FLOAT = TypeAdapter(float)


def number_text(value: object) -> object:
    """A numeric string (``"850000"``, ``" 12.5 "``, ``"1e3"``) as its float, read as
    :class:`EvidenceItem` reads ``value`` (pydantic's lax float, as the SFS toolkit's
    models read numbers); anything else unchanged, for the caller to judge."""
    if isinstance(value, str):
        try:
            return _FLOAT.validate_python(value)
        except ValidationError:
            return value
    return value


def nested_too_deeply(value: Any, limit: int = MAX_NESTING) -> bool:
    """Whether ``value`` holds arrays / objects more than ``limit`` levels deep (the value
    itself, when a list or dict, is level 1). Iterative: any depth is safe to check."""
    if not isinstance(value, dict | list):
        return False
    stack: list[tuple[dict[Any, Any] | list[Any], int]] = [(value, 1)]
    while stack:
        obj, depth = stack.pop()
        if depth > limit:
            return True
        children = obj.values() if isinstance(obj, dict) else obj
        stack.extend((c, depth + 1) for c in children if isinstance(c, dict | list))
    return False


_EVIDENCE_KEYS = frozenset({"key", "value", "unit", "source"})


class EvidenceItem(BaseModel):
    """One structured evidence value (the SFS evidence-pool item).

    ``key`` names the quantity (``"median_price"``), ``value`` is the number,
    ``unit`` its unit as written (``"AUD"``, ``"km"``, ``"%"``, ``"count"``) and
    ``source`` where it came from.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str = ""
    value: float
    unit: str = ""
    source: str = ""

    @model_validator(mode="before")
    @classmethod
    def _known_fields(cls, data: Any) -> Any:
        """Any other field is refused by name, with the likely one for a misspelling
        ("unti": did you mean "unit"?): a unit left out would compare the value as a
        plain number."""
        if isinstance(data, dict):
            unknown = sorted(str(k) for k in data if k not in _EVIDENCE_KEYS)
            if unknown:
                typo = likely_typo([str(k) for k in data], _EVIDENCE_KEYS)
                hint = f": did you mean {typo[1]!r}?" if typo is not None else ""
                raise ValueError(
                    f"unknown field {unknown[0]!r}{hint} (an evidence item has the fields "
                    "key, value, unit and source)"
                )
        return data

    @field_validator("value", mode="before")
    @classmethod
    def _not_bool(cls, v: object) -> object:
        if isinstance(v, bool):
            raise ValueError("must be a number, not a boolean")
        return v

    @field_validator("value")
    @classmethod
    def _finite(cls, v: float) -> float:
        if not math.isfinite(v):
            raise ValueError("must be a finite number")
        return v

    @model_validator(mode="after")
    def _finite_in_its_unit(self) -> EvidenceItem:
        """A value that overflows once its unit's scale and conversion apply (``1e308``
        ``"USD trillions"``) is rejected here, when the sample is read, so that a file
        reader can name its line and skip it, rather than when the sample is scored."""
        from veracity.numeric.unitstr import parse_unit_string  # the unit grammar

        spec = parse_unit_string(self.unit)
        stated = self.value * spec.scale
        if not (math.isfinite(stated) and math.isfinite(stated * spec.factor + spec.offset)):
            raise ValueError(
                f"value {self.value:g} {self.unit!r} is beyond the float range once its "
                "unit is applied"
            )
        return self


def evidence_item(raw: Any, index: int) -> EvidenceItem:
    """``raw`` (a mapping) as an :class:`EvidenceItem`, or an InputError naming the field
    ``evidence[index]`` and its first problem in one sentence."""
    try:
        return EvidenceItem.model_validate(raw)
    except ValidationError as err:
        first = err.errors(include_url=False)[0]
        loc = field_of(first["loc"])
        msg = problem_of(first)
        raise InputError(f"{loc}: {msg}" if loc else msg, field=f"evidence[{index}]") from None


class Sample(BaseModel):
    """One evaluated interaction: question, answer, the contexts it was given, and
    optionally the retriever's ranking, the golden documents and numeric evidence.

    ``golden_documents`` is either a list of relevant ids/texts (binary relevance)
    or a mapping ``{id: grade}`` (graded relevance, grade >= 0; 0 = not relevant).
    """

    model_config = ConfigDict(extra="ignore", frozen=True, populate_by_name=True)

    id: str = ""
    question: str
    answer: str
    contexts: list[str] = Field(validation_alias=AliasChoices("contexts", "context"))
    retrieved: list[str] | None = None
    golden_documents: list[str] | dict[str, int] | None = Field(
        default=None, validation_alias=AliasChoices("golden_documents", "relevant")
    )
    evidence: list[EvidenceItem] | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)

    @field_validator("metadata")
    @classmethod
    def _json_metadata(cls, v: dict[str, Any]) -> dict[str, Any]:
        """Metadata is copied into the JSON report: JSON values only (finite numbers),
        nested at most :data:`MAX_NESTING` levels."""
        if nested_too_deeply(v):
            raise ValueError(NESTED_TOO_DEEPLY)
        try:
            json.dumps(v, allow_nan=False)
        except (TypeError, ValueError, RecursionError) as exc:
            raise ValueError(
                f"must hold JSON values only (finite numbers, text, lists, objects): {exc}"
            ) from None
        return v

    @model_validator(mode="before")
    @classmethod
    def _one_of_each_alias(cls, data: Any) -> Any:
        """``context`` and ``contexts`` (or ``relevant`` and ``golden_documents``) sent
        together are ambiguous: which one holds the contexts? An error, not a silent pick.
        So is a misspelled field name (:func:`veracity.field_typos.likely_typo`)."""
        if isinstance(data, dict):
            for name, alias in (("contexts", "context"), ("golden_documents", "relevant")):
                if name in data and alias in data:
                    raise ValueError(f"send only one of '{name}' and '{alias}', not both")
            typo = likely_typo(data, _SAMPLE_KEYS)
            if typo is not None:  # "retreived" would silently leave every retrieval metric out
                raise ValueError(f"unknown field {typo[0]!r}: did you mean {typo[1]!r}?")
        return data

    @field_validator("contexts")
    @classmethod
    def _non_empty(cls, v: list[str]) -> list[str]:
        if not v:
            raise ValueError("must not be empty")
        return v

    @field_validator("golden_documents", mode="before")
    @classmethod
    def _grades(cls, v: Any) -> Any:
        """A grade map must map each id to a whole number from 0 to MAX_GRADE (2.0 counts
        as 2)."""
        from veracity.retrieval import MAX_GRADE

        if not isinstance(v, dict):
            return v
        out: dict[Any, int] = {}
        for key, grade in v.items():
            whole = isinstance(grade, int) or (isinstance(grade, float) and grade.is_integer())
            if isinstance(grade, bool) or not whole:
                raise ValueError(
                    f"grade of {key!r} must be a whole number >= 0, got {json.dumps(grade)}"
                )
            if grade < 0:
                raise ValueError(f"grade of {key!r} must be >= 0, got {grade:g}")
            if grade > MAX_GRADE:
                raise ValueError(f"grade of {key!r} must be at most {MAX_GRADE:,}")
            out[key] = int(grade)
        return out

    @model_validator(mode="after")
    def _fill_id(self) -> Sample:
        if not self.id:
            object.__setattr__(self, "id", content_id(self))
        return self

    @property
    def relevance(self) -> dict[str, int] | None:
        """Golden documents as a grade map (a list becomes grade 1 each)."""
        if self.golden_documents is None:
            return None
        if isinstance(self.golden_documents, dict):
            return dict(self.golden_documents)
        return {doc: 1 for doc in self.golden_documents}


_SAMPLE_KEYS = frozenset(
    """id question answer contexts context retrieved golden_documents relevant evidence
    metadata""".split()
)
"""The keys of a sample line, aliases included."""


def content_id(sample: Sample) -> str:
    """A stable id from the sample's question, answer and contexts: ``s-`` and the
    first 12 hex digits of their SHA-256."""
    payload = json.dumps(
        [sample.question, sample.answer, sample.contexts], ensure_ascii=False, separators=(",", ":")
    )
    return "s-" + hashlib.sha256(payload.encode("utf-8")).hexdigest()[:12]
