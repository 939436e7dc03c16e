"""The claim view: what scoring needs of one claim, read from cached whitespace chunks.

Each distinct chunk of a claim ("France's", "city.", "(1990)") is analysed once into its
content items and numbers (a bounded cache, cleared when full), so a claim costs one
``str.split``, one ``map`` over a dict and a few set operations. Word order is read only
where it matters: negation scopes when a negation cue occurs, "I" after a capitalised
word ("World War I" is not first person), and the full
:func:`~veracity.faithfulness.index.analyse` for "of <Name>", a possessive name or a
"<number> <scale word>". The result equals what :func:`analyse` gives (tested).
"""

from __future__ import annotations

import re
from itertools import chain
from typing import NamedTuple

from veracity.faithfulness.frequency import WEIGHT_MAX, word_weight
from veracity.faithfulness.index import (
    CHUNK_CACHE_MAX,
    FIRST_PERSON,
    NUM_SCALE_RE,
    analyse,
    scoped_keys,
    speaks_first_person,
)
from veracity.text import NEGATIONS, STOPWORDS, RawToken, chunk_tokens

__all__ = ["ClaimTokens", "Item", "claim_tokens", "item"]

Item = tuple[str, float, str, bool, bool, bool]
"""A claim's content token: (key, weight, surface, entity when first, entity
elsewhere, capitalised)."""


class ClaimTokens(NamedTuple):
    """What scoring needs of a claim: content items (:data:`Item`, in order), numbers
    ``(key, surface)``, the keys inside a negation's scope, the strict pairs of
    :class:`Analysed` and whether it speaks in the first person."""

    items: list[Item]
    numbers: list[tuple[str, str]]
    negated_keys: frozenset[str]
    strict_pairs: list[tuple[str, str]]
    first_person: bool


_NEG, _FIRST, _OF, _POSS, _DIGIT = 1, 2, 4, 8, 32
ChunkInfo = tuple[tuple[Item, ...], tuple[tuple[str, str], ...], int]
_CLAIM_ITEMS: dict[str, tuple[Item, ...]] = {}  # every chunk seen: its content items
_CLAIM_FLAGS: dict[str, int] = {}  # only chunks with a flag
_CLAIM_NUMBERS: dict[str, tuple[tuple[str, str], ...]] = {}  # only chunks with a digit
_DIGIT_RE = re.compile(r"\d")
_CLEARED = [0]  # how often the chunk caches were cleared (another thread may clear them)
_OF_NAME_RE = re.compile(
    r"(?i:\bof\b)(?:\W+(?i:the|a|an|its|his|her|their|our|this|that|and)\b)*\W+"
    r"(?:[^\W\d_a-z]|(?:[^\W\d_]\.){2})"
)


def item(tok: RawToken) -> Item:
    """The :data:`Item` of one content token."""
    tx, kind, k, _, _ = tok
    up = tx[:1].isupper()
    if kind == "word":
        w = word_weight(tx)
        return (k, w, tx, up and w >= 3.0, up, up)
    ini = kind == "initialism"
    return (k, WEIGHT_MAX, tx, ini, ini, up)


def _claim_chunk(chunk: str) -> ChunkInfo:
    """Content items, numbers and flags (negation, first person, "of", possessive,
    digit) of one whitespace chunk of a claim, stored in the chunk caches."""
    items: list[Item] = []
    nums: list[tuple[str, str]] = []
    flags = _DIGIT if _DIGIT_RE.search(chunk) else 0
    for t in chunk_tokens(chunk):
        tx, kind, k, norm, _ = t
        if kind == "number":
            nums.append((k, tx))
        elif k in NEGATIONS:
            flags |= _NEG
        elif norm in STOPWORDS:
            if norm in FIRST_PERSON:  # checked in context by speaks_first_person
                flags |= _FIRST
            elif norm == "of":
                flags |= _OF
        else:
            items.append(item(t))
            if (tx[:1].isupper() or kind == "initialism") and tx.endswith(("'s", "’s")):
                flags |= _POSS  # a possessive name: "<Name>'s <head>" is a strict pair
    out = (tuple(items), tuple(nums), flags)
    if len(_CLAIM_ITEMS) >= CHUNK_CACHE_MAX:
        _CLEARED[0] += 1  # before clearing: a reader that may have missed it sees it
        _CLAIM_ITEMS.clear()
        _CLAIM_FLAGS.clear()
        _CLAIM_NUMBERS.clear()
    _CLAIM_ITEMS[chunk] = out[0]
    if flags:
        _CLAIM_FLAGS[chunk] = flags
        if flags & _DIGIT:
            _CLAIM_NUMBERS[chunk] = out[1]
    return out


_NO_KEYS: frozenset[str] = frozenset()


def _chunk_view(parts: list[str]) -> tuple[list[Item], list[tuple[str, str]], int]:
    """Content items, numbers and the union of the flags of a claim's chunks."""
    cleared = _CLEARED[0]
    try:  # common case: every chunk seen before (a new one gives None: TypeError)
        items = list(chain.from_iterable(map(_CLAIM_ITEMS.get, parts)))  # type: ignore[arg-type]
    except TypeError:
        return _chunk_view_afresh(parts)
    flags = 0
    for p in _CLAIM_FLAGS.keys() & parts:
        flags |= _CLAIM_FLAGS[p]
    numbers: list[tuple[str, str]] = []
    if flags & _DIGIT:  # a number needs a digit
        nums_of = _CLAIM_NUMBERS
        numbers = [n for p in parts if p in nums_of for n in nums_of[p]]
    if _CLEARED[0] != cleared:  # caches cleared meanwhile: flags may be lost
        return _chunk_view_afresh(parts)
    return items, numbers, flags


def _chunk_view_afresh(parts: list[str]) -> tuple[list[Item], list[tuple[str, str]], int]:
    """:func:`_chunk_view` analysing every chunk afresh (and caching it)."""
    infos = [_claim_chunk(p) for p in parts]
    flags = 0
    for info in infos:
        flags |= info[2]
    items = list(chain.from_iterable([info[0] for info in infos]))
    return items, list(chain.from_iterable([info[1] for info in infos])), flags


def claim_tokens(text: str) -> ClaimTokens:
    """The :class:`ClaimTokens` of a claim, from cached chunks. Word order is read only
    where it matters: negation scopes when a negation cue occurs, "I" after a
    capitalised word, and the full :func:`analyse` for "of <Name>", a possessive name
    or "<number> <scale word>"."""
    parts = text.split()
    items, numbers, flags = _chunk_view(parts)
    if (
        flags & _POSS
        or (flags & _OF and _OF_NAME_RE.search(text) is not None)
        or (flags & _DIGIT and NUM_SCALE_RE.search(text))
    ):
        a = analyse(text)
        return ClaimTokens(
            [item(t) for t in a.content],
            [(t[2], t[0]) for t in a.numbers],
            a.negated_keys,
            a.strict_pairs,
            a.first_person,
        )
    negated_keys = _NO_KEYS
    first_person = False
    if flags & _NEG:
        negated_keys = scoped_keys(parts)
    if flags & _FIRST:
        toks = [t for p in parts for t in chunk_tokens(p)]
        first_person = any(
            speaks_first_person(toks, i) for i, t in enumerate(toks) if t[3] in FIRST_PERSON
        )
    return ClaimTokens(items, numbers, negated_keys, [], first_person)
