"""Misspelled field names: a key that is not a field but nearly spells one that is
absent ("retreived" for "retrieved", "K" for "k") is a typo, reported rather than
silently ignored; other unknown keys ("source", "ground_truth") stay allowed.

A key is a near miss of a field when they are equal ignoring case, when they differ
only by two adjacent letters swapped ("unti" for "unit", "vaule" for "value": short
words, where one swap moves the ratio below the bar), or when their
``difflib.SequenceMatcher`` ratio is at least :data:`NEAR` (one swapped, missing or
extra letter in a word of eight: "contxts", "golden_document", "evidense").
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable

__all__ = ["NEAR", "likely_typo"]

NEAR = 0.85
"""Least similarity ratio for a near miss."""


def likely_typo(keys: Iterable[str], fields: Collection[str]) -> tuple[str, str] | None:
    """The first ``(key, field)`` where ``key`` is not in ``fields`` and nearly spells a
    field that is not among ``keys``; None when there is none."""
    present = set(keys)
    absent = [f for f in fields if f not in present]
    if not absent:
        return None
    for key in present:
        if key in fields or not isinstance(key, str):
            continue
        for name in absent:
            if key.lower() == name.lower() or _swapped(key.lower(), name.lower()):
                return key, name
            if difflib.SequenceMatcher(None, key.lower(), name.lower()).ratio() >= NEAR:
                return key, name
    return None


def _swapped(a: str, b: str) -> bool:
    """``a`` is ``b`` with two adjacent (different) letters swapped."""
    if len(a) != len(b) or len(a) < 3:
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )
