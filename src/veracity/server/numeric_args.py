"""The numeric arguments of the interfaces, read one way by the HTTP service, the MCP
tools and ``veracity numbers verify``: evidence pools, SFS claims and claim values; and
the SFS-compatible fields of their results.

Reading (each failure an :class:`~veracity.errors.InputError` naming the field as the
caller sent it, ``evidence_json[0].value``, ``claims[1].extracted_value``):

* a number may be sent as a numeric string (``"850000"``, ``"12.5"``), read as the
  number, as the SFS toolkit's pydantic models read it; a non-numeric string, a
  boolean, NaN or infinity is refused;
* evidence is an array of ``{key, value, unit, source}`` objects, its JSON text, an
  SFS EvidencePool ``{"items": [...]}`` or one evidence object (read as a one-item
  array); each item is checked by the library's
  :class:`~veracity.samples.EvidenceItem` (an unknown field is refused, with the likely
  one for a misspelling). Empty text, the text ``null`` and an empty object are
  refused: the SFS toolkit takes a JSON array, ``[]`` when there is no evidence (an
  optional evidence field left out, or JSON ``null``, is no evidence);
* a claim is ``{claim_text, claim_type, extracted_value?, unit?}``; other fields (the
  trace ``sfs_extract_claims`` adds: ``source_span``, ``direction``...) go to the
  library as sent;
  ``extracted_value`` missing or null means the claim states no number.
"""

from __future__ import annotations

import math
from typing import Any

from pydantic import ValidationError

from veracity.errors import InputError
from veracity.field_typos import likely_typo
from veracity.samples import EvidenceItem, number_text
from veracity.server.checks import JsonArg, check_count, json_arg, text_arg
from veracity.server.settings import ServiceSettings
from veracity.validation_errors import describe_errors, got_value, json_type

__all__ = [
    "EVIDENCE_ARGS",
    "blank_json_problem",
    "claims_arg",
    "evidence_arg",
    "evidence_items",
    "number_arg",
]

EVIDENCE_ARGS = frozenset({"evidence", "evidence_json", "claims_json"})
"""Arguments whose JSON text may not be empty or ``null``."""

_CLAIM_FIELDS = frozenset({"claim_text", "claim_type", "extracted_value", "unit", "source_span"})
_EVIDENCE_SHAPE = "an array of evidence objects {key, value, unit, source}"


def number_arg(value: object, field: str, *, nullable: bool = False) -> float | None:
    """A finite number from a number or a numeric string; None for null when
    ``nullable``. Anything else is an InputError naming ``field``."""
    if value is None:
        if nullable:
            return None
        raise InputError("must be a number, got null", field=field)
    if isinstance(value, bool):
        raise InputError("must be a number, not a boolean", field=field)
    read = number_text(value)
    if isinstance(read, int):
        try:
            read = float(read)
        except OverflowError:
            raise InputError("is beyond the float range", field=field) from None
    if not isinstance(read, float):
        kind = "a number or null" if nullable else "a number"
        raise InputError(f"must be {kind}, got {got_value(value)}", field=field)
    if not math.isfinite(read):
        raise InputError("must be a finite number", field=field)
    return read


def blank_json_problem(value: object, field: str) -> str | None:
    """Why JSON text given for evidence or claims (``field``) says nothing (``""``,
    ``"null"``), or None."""
    if not isinstance(value, str):
        return None
    shape = "an array of claim objects" if field.startswith("claims") else _EVIDENCE_SHAPE
    text = value.strip()
    if not text:
        return f"is empty: give {shape} as JSON ([] for none)"
    if text == "null":
        return f"is null: give {shape} as JSON ([] for none)"
    return None


def evidence_arg(
    value: JsonArg, field: str, settings: ServiceSettings
) -> list[dict[str, Any]] | None:
    """Evidence as the caller sent it (None = not given) read into checked items
    ``{key, value, unit, source}`` (see the module's rules)."""
    if value is None:
        return None
    problem = blank_json_problem(value, field)
    if problem is not None:
        raise InputError(problem, field=field)
    return evidence_items(json_arg(value, field, settings), field, settings.max_items)


def evidence_items(data: Any, field: str, max_items: int | None = None) -> list[dict[str, Any]]:
    """Decoded evidence (array, EvidencePool or one object) as checked items, each
    error naming the item as sent: ``evidence[2].value``, ``evidence.items[0]`` or, for
    one object, ``evidence.value``."""
    prefix, indexed = field, True
    if isinstance(data, dict) and set(data) == {"items"}:  # an SFS EvidencePool
        prefix, data = f"{field}.items", data["items"]
        if not isinstance(data, list):
            raise InputError(f"must be {_EVIDENCE_SHAPE}, got {json_type(data)}", field=prefix)
    elif isinstance(data, dict):
        if not data:  # as "" and "null": says nothing, not "one item without a value"
            raise InputError(
                f"is an empty object: give {_EVIDENCE_SHAPE} ([] for none)", field=field
            )
        data, indexed = [data], False  # one evidence object
    if not isinstance(data, list):
        raise InputError(f"must be {_EVIDENCE_SHAPE}, got {json_type(data)}", field=field)
    if max_items is not None and len(data) > max_items:
        raise InputError(f"too many items: {len(data)}, the limit is {max_items}", field=prefix)
    return [
        _evidence_item(raw, f"{prefix}[{i}]" if indexed else prefix) for i, raw in enumerate(data)
    ]


def _evidence_item(raw: Any, where: str) -> dict[str, Any]:
    if isinstance(raw, dict) and "value" in raw:
        value = raw["value"]
        if isinstance(value, int) and not isinstance(value, bool):
            number_arg(value, f"{where}.value")  # an int beyond floats, said plainly
    try:
        return EvidenceItem.model_validate(raw).model_dump()
    except ValidationError as exc:
        sub, msg = describe_errors(exc.errors(include_url=False))
        raise InputError(msg, field=f"{where}.{sub}" if sub else where) from None


def claims_arg(value: JsonArg, field: str, settings: ServiceSettings) -> list[dict[str, Any]]:
    """SFS claims (an array or its JSON text) as checked claims: ``claim_text``,
    ``claim_type``, ``unit`` and ``extracted_value`` (a float or None) checked, the other
    fields as sent."""
    problem = blank_json_problem(value, field)
    if problem is not None:
        raise InputError(problem, field=field)
    data = json_arg(value, field, settings)
    if not isinstance(data, list):
        raise InputError(
            "must be an array of claim objects {claim_text, claim_type, extracted_value, "
            f"unit}}, got {json_type(data)}",
            field=field,
        )
    check_count(data, field, settings)
    return [_claim(raw, f"{field}[{i}]", settings) for i, raw in enumerate(data)]


def _claim(raw: Any, where: str, settings: ServiceSettings) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise InputError(
            "must be an object {claim_text, claim_type, extracted_value, unit}, got "
            + json_type(raw),
            field=where,
        )
    typo = likely_typo(raw, _CLAIM_FIELDS)
    if typo is not None:  # "extracted_valeu" would leave the claim without a value
        raise InputError(f"unknown field {typo[0]!r}: did you mean {typo[1]!r}?", field=where)
    out = dict(raw)  # other fields (direction, text...) are the library's to read
    for name in ("claim_text", "claim_type"):
        if name not in raw:
            raise InputError("required field is missing", field=f"{where}.{name}")
        out[name] = text_arg(raw[name], f"{where}.{name}", settings)
    out["unit"] = text_arg(raw.get("unit", ""), f"{where}.unit", settings)
    out["extracted_value"] = number_arg(
        raw.get("extracted_value"), f"{where}.extracted_value", nullable=True
    )
    return out
