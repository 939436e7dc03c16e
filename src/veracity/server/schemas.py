"""Request and error bodies of the HTTP service, with the examples shown in its OpenAPI.

Only shapes live here; the limits (text length, items, samples) are checked by
:mod:`veracity.server.ops` against the instance's settings, so they stay configurable.
"""

from __future__ import annotations

import functools
from typing import Annotated, Any

from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    PrivateAttr,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import PydanticCustomError
from typing_extensions import Self

from veracity.field_typos import likely_typo
from veracity.io import LONE_SURROGATE
from veracity.samples import NESTED_TOO_DEEPLY
from veracity.server.checks import lone_surrogate_field
from veracity.server.depth import deep_field

__all__ = [
    "EVALUATE_EXAMPLE",
    "README_EVIDENCE",
    "README_TEXT",
    "CheckNumbersRequest",
    "ClaimIn",
    "ComputeRequest",
    "ErrorBody",
    "EvaluateRequest",
    "EvidenceIn",
    "ExtractRequest",
    "FaithfulnessRequest",
    "GovernanceCheckRequest",
    "GovernanceDetectRequest",
    "GovernanceScoreRequest",
    "HealthResponse",
    "RetrievalRequest",
    "VerifyRequest",
]

README_TEXT = (
    "The median house price in this suburb is $850,000, located 12.5 km from the CBD. "
    "With 190 comparable sales showing a 3.2% gradient north, the estimated value is "
    "$875,000."
)
README_EVIDENCE: list[Any] = [
    {"key": "median_price", "value": 842000, "unit": "AUD"},
    {"key": "cbd_distance", "value": 12.3, "unit": "km"},
    {"key": "comparable_count", "value": 188, "unit": "count"},
    {"key": "north_gradient", "value": 3.5, "unit": "%"},
    {"key": "ml_prediction", "value": 880000, "unit": "AUD"},
]
EVALUATE_EXAMPLE: dict[str, Any] = {
    "samples": [
        {
            "id": "sample-1",
            "question": "What is the capital of France?",
            "answer": "Paris is the capital of France.",
            "context": ["Paris is the capital and largest city of France."],
            "retrieved": ["Paris is the capital and largest city of France."],
            "golden_documents": ["Paris is the capital and largest city of France."],
        }
    ],
    "k": 5,
    "claims_only": False,
    "metrics": ["precision", "recall", "mrr", "faithfulness"],
    "gates": ["faithfulness=0.8"],
}

_EVIDENCE = Field(
    default=None,
    validation_alias=AliasChoices("evidence", "evidence_json"),
    description=(
        "Evidence pool: objects {key, value, unit, source} (or that array as JSON text, "
        "an SFS EvidencePool {items: [...]} or one evidence object; alias evidence_json -- "
        "send one of the two). Omitted or null = no evidence."
    ),
)
_PRESET = Field(
    default="",
    description="Domain preset (GET /presets lists them); empty = the general default.",
)
_CHECK_DATES = (
    'Also check the dates the answer states to the day ("11 June 2024", "June 11", '
    '"2024-06-11"): each is a claim of type date, verified when a context states the same '
    "date. Off by default (a date is then no claim)."
)
_CUSTOM = Field(
    default=None,
    validation_alias=AliasChoices("custom_config", "custom_config_json"),
    description="Custom domain configuration (SFS DomainConfig); overrides `preset`.",
)


_ALIAS_PAIRS = (
    ("evidence", "evidence_json"),
    ("claims", "claims_json"),
    ("custom_config", "custom_config_json"),
    ("relevant", "golden_documents"),
)


@functools.cache
def _keys_of(model: type[BaseModel]) -> frozenset[str]:
    """A request model's field names and their aliases (once per model)."""
    keys = set(model.model_fields)
    for info in model.model_fields.values():
        alias = info.validation_alias
        if isinstance(alias, str):
            keys.add(alias)
        elif isinstance(alias, AliasChoices):
            keys.update(c for c in alias.choices if isinstance(c, str))
        if info.alias:
            keys.add(info.alias)
    return frozenset(keys)


class _Strict(BaseModel):
    """Request bodies: strict types (``0`` is not ``false``), unknown keys ignored.

    A field nested more than :data:`~veracity.samples.MAX_NESTING` levels is an error
    (type ``too_deep``, ``ctx.field`` names it: ``samples[0].metadata``). A string
    holding a lone surrogate escape (``"\\ud800"``) is an error (type
    ``lone_surrogate``, ``ctx.field`` names where). A field and its alias sent together
    (``evidence`` and ``evidence_json``) is an error (error type ``both_aliases``,
    ``ctx.field`` names the field). :meth:`sent_as` tells which of the two was sent, so
    that errors name the field as the caller wrote it."""

    model_config = ConfigDict(strict=True)
    _sent: frozenset[str] = PrivateAttr(default_factory=frozenset)

    @model_validator(mode="before")
    @classmethod
    def _one_alias(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        deep = deep_field(data)  # first: the checks below recurse
        if deep is not None:
            raise PydanticCustomError(
                "too_deep", "field '{field}': " + NESTED_TOO_DEEPLY, {"field": deep}
            )
        where = lone_surrogate_field(data)
        if where is not None:  # "\ud800": no UTF-8 response could hold it
            raise PydanticCustomError(
                "lone_surrogate",
                "'{field}' " + LONE_SURROGATE,
                {"field": where},
            )
        typo = likely_typo(data, _keys_of(cls))
        if typo is not None:  # "K" for "k" would silently take the default
            raise PydanticCustomError(
                "likely_typo",
                "unknown field '{key}': did you mean '{field}'?",
                {"key": typo[0], "field": typo[1]},
            )
        for name, alias in _ALIAS_PAIRS:
            if name in data and alias in data:
                raise PydanticCustomError(
                    "both_aliases",
                    "send only one of '{field}' and '{alias}', not both",
                    {"field": name, "alias": alias},
                )
        return data

    @model_validator(mode="wrap")
    @classmethod
    def _remember_keys(cls, data: Any, handler: ModelWrapValidatorHandler[Self]) -> Self:
        model = handler(data)
        if isinstance(data, dict):
            model._sent = frozenset(k for k in data if isinstance(k, str))
        return model

    def sent_as(self, name: str) -> str:
        """``name`` or its alias, whichever the body used (``evidence_json``)."""
        for field, alias in _ALIAS_PAIRS:
            if field == name and alias in self._sent:
                return alias
        return name


class EvidenceIn(BaseModel):
    """One evidence value (SFS ``EvidenceItem``), as the OpenAPI schema shows it; the
    items are read by :func:`veracity.server.numeric_args.evidence_items` (the library's
    ``EvidenceItem`` rules), so every interface refuses and accepts the same items."""

    model_config = ConfigDict(extra="forbid")

    key: str = Field(default="", description="Name of the value, e.g. median_price.")
    value: float | str = Field(
        description='The number (a numeric string such as "842000" is read as the number).'
    )
    unit: str = Field(default="", description="Its unit: AUD, %, km, count, mg...")
    source: str = Field(default="", description="Where it comes from.")


class ClaimIn(BaseModel):
    """One numeric claim to verify (SFS ``Claim``), as the OpenAPI schema shows it; read
    by :func:`veracity.server.numeric_args.claims_arg`. Other fields (the trace
    ``/numbers/extract`` adds: ``source_span``, ``direction``...) go to the library."""

    claim_text: str = Field(
        description="The claim as sfs_extract_claims returns it: the sentence that states "
        "the number."
    )
    claim_type: str = Field(description="currency, percentage, distance, count, ...")
    extracted_value: float | str | None = Field(
        default=None,
        description="The number it states (or a numeric string); null = the claim states "
        "no number.",
    )
    unit: str = Field(default="", description="Its unit.")


EvidenceItemJson = Annotated[dict[str, Any], WithJsonSchema(EvidenceIn.model_json_schema())]
ClaimJson = Annotated[dict[str, Any], WithJsonSchema(ClaimIn.model_json_schema())]
Evidence = str | list[EvidenceItemJson] | dict[str, Any] | None


class ErrorBody(BaseModel):
    """Every error response: a stable code, a one-line message and, when known, the
    request field at fault (``samples[2].contexts``)."""

    error: str = Field(
        description="invalid_input | invalid_request | invalid_config | not_found | "
        "unauthorized | payload_too_large | unsupported_media_type | method_not_allowed | "
        "internal_error"
    )
    message: str
    field: str | None = None
    model_config = ConfigDict(
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "error": "invalid_input",
                    "message": "field 'samples[0].contexts': must not be empty",
                    "field": "samples[0].contexts",
                }
            ]
        },
    )


class HealthResponse(BaseModel):
    status: str = Field(description="Always 'ok' when the service answers.")
    version: str
    model_config = ConfigDict(
        strict=True, json_schema_extra={"examples": [{"status": "ok", "version": "0.1.0"}]}
    )


class EvaluateRequest(_Strict):
    """rag-eval's body (``samples``, ``k``, ``claims_only``) plus veracity's options."""

    samples: list[dict[str, Any]] = Field(
        description="Samples in the JSONL sample format (question, answer, contexts...)."
    )
    k: int | list[int] = Field(default=5, description="Cut-off(s) for the @k metrics.")
    claims_only: bool = Field(default=False, description="Skip the retrieval metrics.")
    metrics: list[str] | None = Field(default=None, description="Metric names; null = all.")
    gates: list[str] = Field(default_factory=list, description="Gates such as 'faithfulness=0.8'.")
    skip_errors: bool = Field(
        default=False, description="Record malformed samples in `skipped` instead of failing."
    )
    model_config = ConfigDict(strict=True, json_schema_extra={"examples": [EVALUATE_EXAMPLE]})


class ComputeRequest(_Strict):
    text: str = Field(description="The text whose numeric claims to verify.")
    evidence: Evidence = _EVIDENCE
    preset: str = _PRESET
    custom_config: str | dict[str, Any] | None = _CUSTOM
    model_config = ConfigDict(
        strict=True,
        json_schema_extra={
            "examples": [
                {"text": README_TEXT, "evidence": README_EVIDENCE, "preset": "property_valuation"}
            ]
        },
    )


class ExtractRequest(_Strict):
    text: str = Field(description="The text whose numeric claims to list.")
    preset: str = _PRESET
    custom_config: str | dict[str, Any] | None = _CUSTOM
    model_config = ConfigDict(
        strict=True,
        json_schema_extra={"examples": [{"text": README_TEXT, "preset": "property_valuation"}]},
    )


class VerifyRequest(_Strict):
    claims: str | list[ClaimJson] = Field(
        validation_alias=AliasChoices("claims", "claims_json"),
        description="Claims {claim_text, claim_type, extracted_value, unit} to verify.",
    )
    evidence: Evidence = _EVIDENCE
    preset: str = _PRESET
    custom_config: str | dict[str, Any] | None = _CUSTOM
    model_config = ConfigDict(
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "claims": [
                        {
                            "claim_text": README_TEXT.split(". ")[0] + ".",
                            "claim_type": "currency",
                            "extracted_value": 850000,
                            "unit": "$",
                        }
                    ],
                    "evidence": README_EVIDENCE,
                    "preset": "property_valuation",
                }
            ]
        },
    )


class CheckNumbersRequest(_Strict):
    answer: str = Field(description="The answer whose numbers to check.")
    contexts: list[str] | None = Field(
        default=None, description="Context passages; their numbers count as evidence too."
    )
    evidence: Evidence = Field(
        default=None,
        description="Structured evidence {key, value, unit, source} (array, JSON text, "
        "an SFS EvidencePool {items: [...]} or one evidence object).",
    )
    preset: str = _PRESET
    check_dates: bool = Field(default=False, description=_CHECK_DATES)
    model_config = ConfigDict(
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "answer": "Revenue grew 12% to $3.5 million.",
                    "contexts": ["Revenue rose 12 percent, reaching $3.5m in 2023."],
                }
            ]
        },
    )


class FaithfulnessRequest(_Strict):
    answer: str = Field(description="The answer to check claim by claim.")
    contexts: list[str] = Field(description="The passages the answer was written from.")
    model_config = ConfigDict(
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "answer": "Paris is the capital of France.",
                    "contexts": ["Paris is the capital and largest city of France."],
                }
            ]
        },
    )


class RetrievalRequest(_Strict):
    retrieved: list[str] = Field(description="The ranked list, best first.")
    relevant: list[str] | dict[str, int] = Field(
        validation_alias=AliasChoices("relevant", "golden_documents"),
        description="Relevant items, or {item: grade} for graded relevance.",
    )
    k: int = Field(default=5, description="Cut-off for the @k metrics (1 to 1,000,000).")
    model_config = ConfigDict(
        strict=True,
        json_schema_extra={
            "examples": [{"retrieved": ["d3", "d1", "d7"], "relevant": ["d1", "d2"], "k": 3}]
        },
    )


class GovernanceDetectRequest(_Strict):
    answer: str = Field(description="The answer whose governance mode to read.")
    model_config = ConfigDict(
        strict=True,
        json_schema_extra={
            "examples": [{"answer": "The documents do not say, so I cannot answer that."}]
        },
    )


class GovernanceCheckRequest(_Strict):
    query: str = Field(description="The user question.")
    contexts: list[str] = Field(description="The retrieved passages.")
    model_config = ConfigDict(
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "query": "When was the bridge opened?",
                    "contexts": ["The bridge opened to traffic in 1932."],
                }
            ]
        },
    )


class GovernanceScoreRequest(_Strict):
    case: dict[str, Any] = Field(description="A governance case in fitz-gov's format.")
    answer: str | None = Field(default=None, description="The system's answer.")
    mode: str | None = Field(
        default=None, description="The system's mode; null = read it from the answer."
    )
    scoring: str = Field(default="strict", description="strict | fitz-gov-4.1")
    model_config = ConfigDict(
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "case": {
                        "id": "abst-001",
                        "category": "abstention",
                        "query": "What was the company's 2031 revenue?",
                        "contexts": ["The company reported revenue of $2M in 2020."],
                        "expected_mode": "abstain",
                    },
                    "answer": "The provided documents do not contain the 2031 revenue.",
                }
            ]
        },
    )
