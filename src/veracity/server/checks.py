"""Input checks shared by the HTTP endpoints and the MCP tools: types, the configured
size limits (text length, list length, JSON size) and JSON-text arguments. Each
failure raises :class:`~veracity.errors.InputError` naming the field."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from veracity.errors import InputError
from veracity.io import lone_surrogate_parts
from veracity.server.settings import ServiceSettings
from veracity.validation_errors import bracket_path, json_type

__all__ = [
    "JsonArg",
    "as_dict",
    "check_count",
    "json_arg",
    "lone_surrogate_field",
    "preset_arg",
    "sfs_arg",
    "text_arg",
    "texts_arg",
]

JsonArg = str | list[Any] | dict[str, Any] | None


def text_arg(value: object, field: str, settings: ServiceSettings) -> str:
    """``value`` if it is a string of at most ``settings.max_text_chars`` characters."""
    if not isinstance(value, str):
        raise InputError(f"must be a string, got {json_type(value)}", field=field)
    if len(value) > settings.max_text_chars:
        raise InputError(
            f"text too long: {len(value)} characters, the limit is {settings.max_text_chars}",
            field=field,
        )
    return value


def texts_arg(value: object, field: str, settings: ServiceSettings) -> list[str]:
    """A list of strings: at most ``max_items`` of them, each checked by :func:`text_arg`
    (a failure names the item: ``contexts[3]``)."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise InputError(f"must be a list of strings, got {json_type(value)}", field=field)
    check_count(value, field, settings)
    return [text_arg(v, f"{field}[{i}]", settings) for i, v in enumerate(value)]


def check_count(value: Sequence[Any], field: str, settings: ServiceSettings) -> None:
    """Refuse a list longer than ``settings.max_items``."""
    if len(value) > settings.max_items:
        raise InputError(
            f"too many items: {len(value)}, the limit is {settings.max_items}", field=field
        )


def json_arg(value: JsonArg, field: str, settings: ServiceSettings) -> JsonArg:
    """Decode a JSON-string argument (or keep an already parsed list/object) and check
    its size; ``""`` and ``None`` stay as they are (meaning "not given")."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return value
    if isinstance(value, str):
        if len(value) > settings.max_body_bytes:
            raise InputError(
                f"JSON text too long: {len(value)} characters, the limit is "
                f"{settings.max_body_bytes}",
                field=field,
            )
        try:
            value = json.loads(value, parse_constant=_no_constant)
        except (ValueError, RecursionError) as exc:
            raise InputError(f"not valid JSON: {exc}", field=field) from None
    if isinstance(value, list):
        check_count(value, field, settings)
    elif not isinstance(value, dict):
        raise InputError(f"must be a JSON array or object, got {json_type(value)}", field=field)
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def sfs_arg(value: JsonArg) -> Any:
    """``sfs_api`` is typed for JSON text (its MCP signature) but takes parsed data too;
    ``None`` (an omitted HTTP field) means an empty list."""
    return [] if value is None else value


def as_dict(obj: Any) -> dict[str, Any]:
    """A library result as its JSON object (``to_dict()``, ``model_dump()`` or a dict)."""
    if hasattr(obj, "to_dict"):
        data = obj.to_dict()
    elif hasattr(obj, "model_dump"):
        data = obj.model_dump(mode="json")
    else:
        data = obj
    if not isinstance(data, dict):
        raise TypeError(f"expected a mapping from the library, got {type(data).__name__}")
    return data


def preset_arg(preset: str | None, settings: ServiceSettings) -> str:
    """A preset name (``""`` = the default preset)."""
    return text_arg(preset or "", "preset", settings)


def lone_surrogate_field(fields: Mapping[str, Any]) -> str | None:
    """The path (``evidence[0].key``) of the first string or key of ``fields`` holding
    a lone surrogate (JSON's ``"\\ud800"``: no UTF-8 answer could hold it), or None
    (:func:`veracity.io.lone_surrogate_parts`, in brackets)."""
    parts = lone_surrogate_parts(dict(fields))
    return None if parts is None else bracket_path(parts)
