"""Pydantic validation errors as user-facing words, for every reader of user input (the
JSONL reader, request bodies, MCP tool arguments): the field by name (``evidence``,
``contexts[2]``, ``evidence[0].value``; union type tags such as ``str`` or
``list[str]`` dropped) and what it must be, with what was sent (``must be a string or an
array, got int 3``): one wording for every reader."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

__all__ = [
    "bracket_path",
    "describe_errors",
    "field_of",
    "got_value",
    "json_type",
    "plain_message",
    "problem_of",
]

_TYPE_TAG = re.compile(r"^(str|int|float|bool|none|list\[.*\]|dict\[.*\]|[A-Z]\w*)$")

_EXPECTED = {
    "string_type": "a string",
    "list_type": "an array",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "int_parsing": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "none_required": "null",
}

_BOUNDS = {
    "greater_than_equal": (">=", "ge"),
    "greater_than": (">", "gt"),
    "less_than_equal": ("<=", "le"),
    "less_than": ("<", "lt"),
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


def json_type(value: object) -> str:
    """The JSON name of a decoded value's type: ``string``, ``array``, ``null``..."""
    return _JSON_TYPES.get(type(value).__name__, "a value")


def bracket_path(parts: Sequence[object]) -> str:
    """``("evidence", 0, "value")`` -> ``"evidence[0].value"`` (indexes in brackets)."""
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def field_of(loc: Sequence[Any]) -> str | None:
    """``("evidence", "list[EvidenceIn]", 0, "value")`` -> ``"evidence[0].value"``."""
    parts = [p for p in loc if not (isinstance(p, str) and _TYPE_TAG.match(p))]
    return bracket_path(parts) or None


def describe_errors(errors: Sequence[Any]) -> tuple[str | None, str]:
    """The field of the first error and one line saying what is wrong with it
    (other fields' problems are counted: ``(and 2 more problems)``)."""
    first = errors[0]
    top = _top(first)
    # In a union, the error inside the member that was sent (evidence[0].value) says
    # more than "not a string": report the deepest error of the first field.
    first = max(
        (e for e in errors if _top(e) == top),
        key=lambda e: len(field_of(tuple(e.get("loc", ()))) or ""),
    )
    field = field_of(tuple(first.get("loc", ())))
    same = [e for e in errors if field_of(tuple(e.get("loc", ()))) == field]
    if any(e.get("type") == "missing" for e in same):
        msg = "required field is missing"
    else:
        expected = [_EXPECTED[e["type"]] for e in same if e.get("type") in _EXPECTED]
        bound = _bound(first)
        if bound is not None:
            msg = bound
        elif expected and len(expected) == len(same):
            msg = f"must be {' or '.join(dict.fromkeys(expected))}, got {got_value(first.get('input'))}"
        else:
            msg = plain_message(first)
    others = {_top(e) for e in errors} - {top}
    if others:
        msg += f" (and {len(others)} more problem{'s' if len(others) > 1 else ''})"
    return field, msg


_PREFIXES = ("Value error, ", "Assertion failed, ")


def problem_of(error: Any) -> str:
    """One pydantic error as a sentence about its field's value, with the value shown
    (at most 40 characters of its JSON): ``required field is missing``, ``must be a
    string, got int 3``, ``must be >= 0, got -1``, or pydantic's own message without its
    prefix (custom checks already speak plainly)."""
    kind = str(error.get("type", ""))
    if kind == "missing":
        return "required field is missing"
    bound = _bound(error)
    if bound is not None:
        return bound
    if kind in _EXPECTED and "input" in error:
        return f"must be {_EXPECTED[kind]}, got {got_value(error['input'])}"
    return plain_message(error)


def got_value(value: object) -> str:
    """What was sent instead, for "must be ..., got ...": ``null``, or the JSON type and
    at most 40 characters of the value's JSON (``int 3``, ``string "12 km"``)."""
    if value is None:
        return "null"
    return f"{json_type(value)} {json.dumps(value, default=str, ensure_ascii=False)[:40]}"


def _bound(error: Any) -> str | None:
    """``must be >= 0, got -1`` for an error of a numeric bound; else None."""
    bound = _BOUNDS.get(str(error.get("type")))
    if bound is None or bound[1] not in error.get("ctx", {}):
        return None
    return f"must be {bound[0]} {error['ctx'][bound[1]]}, got {error.get('input')!r}"


def plain_message(error: Any) -> str:
    """The message of one pydantic error without pydantic's ``Value error,`` prefix."""
    msg = str(error.get("msg", "invalid value"))
    for prefix in _PREFIXES:
        msg = msg.removeprefix(prefix)
    return msg


def _top(error: Any) -> Any:
    """The top-level field of an error (``evidence`` of ``evidence[0].value``)."""
    loc = tuple(error.get("loc", ()))
    return loc[0] if loc else None
