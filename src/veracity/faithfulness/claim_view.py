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
    NEG_SCOPE,
    NUM_SCALE_RE,
    analyse,
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


_NEG, _FIRST, _OF, _POSS, _ME = 1, 2, 4, 8, 16
_CLAIM_CHUNKS: dict[str, tuple[tuple[Item, ...], tuple[tuple[str, str], ...]]] = {}
_CLAIM_FLAGS: dict[str, int] = {}  # only chunks with a flag
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


def _claim_chunk(chunk: str) -> tuple[tuple[Item, ...], tuple[tuple[str, str], ...]]:
    """Content items and numbers of one whitespace chunk of a claim (cached), and its
    flags (negation, first person, "of", possessive) in ``_CLAIM_FLAGS``."""
    items: list[Item] = []
    nums: list[tuple[str, str]] = []
    flags = 0
    for t in chunk_tokens(chunk):
        tx, kind, k, norm, _ = t
        if kind == "number":
            nums.append((k, tx))
        elif k in NEGATIONS:
            flags |= _NEG
        elif norm in STOPWORDS:
            if tx == "I":  # "I" is not first person after a capitalised word
                flags |= _FIRST
            elif norm in FIRST_PERSON:
                flags |= _ME
            elif norm == "of":
                flags |= _OF
        else:
            items.append(item(t))
            if (tx[:1].isupper() or kind == "initialism") and tx.endswith(("'s", "’s")):
                flags |= _POSS  # a possessive name: "<Name>'s <head>" is a strict pair
    out = (tuple(items), tuple(nums))
    if len(_CLAIM_CHUNKS) >= CHUNK_CACHE_MAX:
        _CLAIM_CHUNKS.clear()
        _CLAIM_FLAGS.clear()
    _CLAIM_CHUNKS[chunk] = out
    if flags:
        _CLAIM_FLAGS[chunk] = flags
    return out


_NO_KEYS: frozenset[str] = frozenset()


def claim_tokens(text: str) -> ClaimTokens:
    """The :class:`ClaimTokens` of a claim, from cached chunks. Word order is read only
    where it matters: negation scopes when a negation cue occurs, "I" after a
    capitalised word, and the full :func:`analyse` for "of <Name>", a possessive name
    or "<number> <scale word>"."""
    parts = text.split()
    infos = list(map(_CLAIM_CHUNKS.get, parts))
    if None in infos:
        infos = [_claim_chunk(p) if i is None else i for i, p in zip(infos, parts, strict=True)]
    flags = 0
    for p in _CLAIM_FLAGS.keys() & parts:
        flags |= _CLAIM_FLAGS[p]
    if (
        flags & _POSS
        or (flags & _OF and _OF_NAME_RE.search(text) is not None)
        or NUM_SCALE_RE.search(text)
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
    first_person = bool(flags & _ME)
    if flags & (_NEG | _FIRST):
        toks = [t for p in parts for t in chunk_tokens(p)]
        if flags & _NEG:
            negated_keys = _negated_keys(toks)
        if not first_person and flags & _FIRST:
            first_person = any(
                t[0] == "I" and not (i and toks[i - 1][0][:1].isupper()) for i, t in enumerate(toks)
            )
    return ClaimTokens(
        list(chain.from_iterable([i[0] for i in infos])),  # type: ignore[index]
        list(chain.from_iterable([i[1] for i in infos])),  # type: ignore[index]
        negated_keys,
        [],
        first_person,
    )


def _negated_keys(toks: list[RawToken]) -> frozenset[str]:
    """The ``negated_keys`` of :func:`analyse`: the keys of the ``NEG_SCOPE`` content
    tokens or numbers after each negation cue."""
    out: set[str] = set()
    scope = 0
    for _, kind, k, norm, _ in toks:
        if kind == "number":
            if scope:
                out.add(k)
                scope -= 1
        elif k in NEGATIONS:
            scope = NEG_SCOPE
        elif norm not in STOPWORDS and scope:
            out.add(k)
            scope -= 1
    return frozenset(out)
