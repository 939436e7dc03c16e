"""Pydantic validation errors of request bodies and MCP tool arguments as one
user-facing line: the field by name (``evidence``, ``contexts[2]``; union type tags
such as ``str`` or ``list[str]`` dropped) and what it must be
(``must be a string or an array, got int``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

__all__ = ["describe_errors", "field_of"]

_TYPE_TAG = re.compile(r"^(str|int|float|bool|none|list\[.*\]|dict\[.*\]|[A-Z]\w*)$")

_EXPECTED = {
    "string_type": "a string",
    "list_type": "an array",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "bool_type": "true or false",
    "none_required": "null",
}

_JSON_TYPES = {
    "str": "string",
    "int": "int",
    "float": "number",
    "bool": "bool",
    "NoneType": "null",
    "list": "array",
    "dict": "object",
}


def field_of(loc: Sequence[Any]) -> str | None:
    """``("evidence", "list[EvidenceIn]", 0, "value")`` -> ``"evidence[0].value"``."""
    parts = [p for p in loc if not (isinstance(p, str) and _TYPE_TAG.match(p))]
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or None


def describe_errors(errors: Sequence[Any]) -> tuple[str | None, str]:
    """The field of the first error and one line saying what is wrong with it
    (other fields' problems are counted: ``(and 2 more problems)``)."""
    first = errors[0]
    field = field_of(tuple(first.get("loc", ())))
    same = [e for e in errors if field_of(tuple(e.get("loc", ()))) == field]
    if any(e.get("type") == "missing" for e in same):
        msg = "required field is missing"
    else:
        expected = [_EXPECTED[e["type"]] for e in same if e.get("type") in _EXPECTED]
        if expected and len(expected) == len(same):
            got = _JSON_TYPES.get(type(first.get("input")).__name__, "a value")
            msg = f"must be {' or '.join(dict.fromkeys(expected))}, got {got}"
        else:
            msg = str(first.get("msg", "invalid value"))
    others = {field_of(tuple(e.get("loc", ()))) for e in errors} - {field}
    if others:
        msg += f" (and {len(others)} more problem{'s' if len(others) > 1 else ''})"
    return field, msg
