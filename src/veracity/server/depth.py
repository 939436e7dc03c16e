"""Inputs nested too deeply, refused by name before any parser, validator or encoder
gives up on them (pydantic parses about 200 levels and writes about 255, Python's JSON
about 1,000; beyond, the HTTP service answered 500 or 400 and the MCP server not at all).

The limit is the library's (:data:`veracity.samples.MAX_NESTING`, the one a sample's
``metadata`` keeps) and so is the reason (:data:`~veracity.samples.NESTED_TOO_DEEPLY`).
It applies to each field's value: a request field or tool argument (``evidence_json``,
``case``) counts from its own value, and a sample's field (``samples[0].metadata``)
from the sample's, so an ``evaluate`` request refuses exactly the metadata
``veracity eval`` refuses. The error names that field.

:func:`deep_field` checks parsed data; :func:`deep_field_in_text` checks JSON text
that a parser may not read at all, and :func:`cut_deep_field` replaces the field's
value in such text by :data:`TOO_DEEP_MARKER` and the field's name, so the request
still reaches the tool and is answered with an error (MCP over stdio).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from veracity.samples import MAX_NESTING, NESTED_TOO_DEEPLY, nested_too_deeply
from veracity.validation_errors import bracket_path

__all__ = [
    "NESTED_TOO_DEEPLY",
    "TOO_DEEP_MARKER",
    "cut_deep_field",
    "deep_field",
    "deep_field_in_text",
]

TOO_DEEP_MARKER = "\x00veracity: nested too deeply: "
"""Prefix of the string that stands for a field cut out of a too deeply nested request."""

_SAMPLE_LISTS = frozenset({"samples"})
"""Fields holding samples: a sample's own fields count from the sample (2 levels down)."""

_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{},:]')


def _limit(field: object) -> int:
    return MAX_NESTING + (2 if field in _SAMPLE_LISTS else 0)


def _name(path: Sequence[object]) -> str:
    """``["samples", 0, "metadata", "a"]`` -> ``samples[0].metadata``; other fields by
    their own name (``evidence_json``)."""
    keep = 3 if path and path[0] in _SAMPLE_LISTS else 1
    return bracket_path(path[:keep])


def deep_field(fields: Mapping[str, Any]) -> str | None:
    """The name of the first field of ``fields`` (a request body or the arguments of a
    tool call) nested more than the limit, or None. Iterative: any depth is safe."""
    for name, value in fields.items():
        if name not in _SAMPLE_LISTS:
            if nested_too_deeply(value):
                return name
            continue
        for key, sample in _items(value):  # a sample's fields count from the sample
            for field, child in _items(sample):
                if nested_too_deeply(child):
                    return _name((name, key, field))
    return None


def _items(value: object) -> list[tuple[object, Any]]:
    if isinstance(value, dict):
        return list(value.items())
    return list(enumerate(value)) if isinstance(value, list) else []


def _scan(text: str, root: tuple[str, ...]) -> tuple[str, int, int] | None:
    """(field name, start, end) of the value of the first field below ``root`` nested
    more than the limit in JSON ``text``, or None. Reads tokens, never recursing."""
    frames: list[list[Any]] = []  # [kind, key or index, expecting a key, start offset]
    for match in _TOKEN.finditer(text):
        tok = match.group()
        top = frames[-1] if frames else None
        if tok in "[{":
            path = [f[1] for f in frames]
            frames.append([tok, 0 if tok == "[" else None, tok == "{", match.start()])
            if len(path) > len(root) and tuple(path[: len(root)]) == root:
                field = path[len(root)]
                if len(path) - len(root) > _limit(field):
                    start = frames[len(root) + 1][3] if len(frames) > len(root) + 1 else 0
                    end = _close(text, frames[len(root) + 1 :], match.end())
                    return _name(path[len(root) :]), start, end
        elif tok in "]}":
            if frames:
                frames.pop()
        elif top is None:
            continue
        elif tok == ",":
            if top[0] == "[":
                top[1] += 1
            else:
                top[2] = True
        elif tok == ":":
            top[2] = False
        elif top[0] == "{" and top[2]:  # a key
            try:
                top[1] = json.loads(tok)
            except ValueError:
                top[1] = tok
    return None


def _close(text: str, open_frames: Sequence[Any], pos: int) -> int:
    """The offset just past the bracket closing the first of ``open_frames``."""
    depth = len(open_frames)
    for match in _TOKEN.finditer(text, pos):
        tok = match.group()
        if tok in "[{":
            depth += 1
        elif tok in "]}":
            depth -= 1
            if depth == 0:
                return match.end()
    return len(text)


def _may_be_deep(text: str) -> bool:
    """Cheap test: fewer brackets than the limit cannot nest beyond it."""
    return text.count("[") + text.count("{") > MAX_NESTING


def deep_field_in_text(text: str, root: tuple[str, ...] = ()) -> str | None:
    """The name of the first field (below the keys ``root``) nested more than the limit
    in JSON ``text`` (which may be too deep for any parser), or None."""
    if not _may_be_deep(text):
        return None
    found = _scan(text, root)
    return found[0] if found else None


def cut_deep_field(text: str, root: tuple[str, ...]) -> str | None:
    """``text`` with the value of its first too deeply nested field (below ``root``,
    e.g. ``("params", "arguments")``) replaced by the string :data:`TOO_DEEP_MARKER` +
    its name; None when no field is too deep."""
    if not _may_be_deep(text):
        return None
    found = _scan(text, root)
    if found is None:
        return None
    name, start, end = found
    return text[:start] + json.dumps(TOO_DEEP_MARKER + name) + text[end:]
