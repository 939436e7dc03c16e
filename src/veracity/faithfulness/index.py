"""The analysed contexts of one sample: sentences, their keys, postings on demand.

Built once per answer by :func:`build_index` (linear in the contexts' size) and shared by
every claim, so no claim re-reads the contexts. The hot path works on whitespace chunks:
each distinct chunk ("France's", "city.", "(1990)") is analysed once into the keys it
contributes (bounded caches, :data:`CHUNK_CACHE_MAX` entries each, cleared when full),
so a sentence costs one ``str.split``, one ``map`` over a dict and one set union; the
per-token :func:`analyse` runs only where word order matters (the best context sentence
of a claim with a negation or a possessive / "of" relation). Claims have their own view
in :mod:`veracity.faithfulness.claim_view`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from veracity.text import (
    NEGATIONS,
    STOPWORDS,
    RawToken,
    Span,
    chunk_tokens,
    scan,
    sentence_bounds,
)

__all__ = [
    "CHUNK_CACHE_MAX",
    "FIRST_PERSON",
    "NEG_MARK",
    "NEG_SCOPE",
    "NUM_SCALE_RE",
    "Analysed",
    "ContextIndex",
    "IndexedSentence",
    "analyse",
    "build_index",
]

NEG_MARK = "\x00neg"
"""Pseudo-key added to a sentence's keys when it holds a negation cue (never a word key)."""
CHUNK_CACHE_MAX = 200_000


@dataclass(frozen=True, slots=True)
class Analysed:
    """The matching view of a piece of text.

    ``content`` holds the content tokens in order (words, initialisms and character
    n-grams, neither stopwords nor negations), ``numbers`` the number tokens,
    ``negated`` whether a negation cue occurs, ``negated_keys`` the keys of the (up to
    ``NEG_SCOPE``) content tokens or numbers that follow each negation cue. ``pairs``
    are the ordered (modifier, head) relations read from "<head> of <modifier>",
    "<modifier>'s <head>" and "<Modifier> <head>"; ``strict_pairs`` only the first two
    forms. ``first_person`` says whether "I", "me", "my", "mine" or "myself" occur (not
    the "I" after a capitalised word, as in "World War I").
    """

    content: list[RawToken]
    numbers: list[RawToken]
    negated: bool
    pairs: list[tuple[str, str]]
    negated_keys: frozenset[str] = frozenset()
    strict_pairs: list[tuple[str, str]] = field(default_factory=list)
    first_person: bool = False


@dataclass(frozen=True, slots=True)
class IndexedSentence:
    """One context sentence: where it is and its keys (content words and numbers).

    ``negated`` says whether it holds a negation cue; its negation scopes and pairs are
    computed on demand by :meth:`ContextIndex.relations`.
    """

    sid: int
    context_index: int
    span: Span
    keys: frozenset[str]
    negated: bool


@dataclass(slots=True)
class ContextIndex:
    """All context sentences as parallel lists (``bounds``: offsets in context
    ``context_of[sid]``; ``keys``: content and number keys, plus :data:`NEG_MARK` when
    negated) and ``all_keys``, the union. :class:`IndexedSentence` objects and full
    analyses are built on demand for the sentences a verdict names."""

    contexts: Sequence[str] = ()
    bounds: list[tuple[int, int]] = field(default_factory=list)
    context_of: list[int] = field(default_factory=list)
    keys: list[frozenset[str]] = field(default_factory=list)
    all_keys: frozenset[str] = frozenset()
    _blob: str | None = None
    _sentences: dict[int, IndexedSentence] = field(default_factory=dict)
    _relations: dict[int, Analysed] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.keys)

    def sentence(self, sid: int) -> IndexedSentence:
        """The :class:`IndexedSentence` ``sid`` (built once)."""
        s = self._sentences.get(sid)
        if s is None:
            ci = self.context_of[sid]
            a, b = self.bounds[sid]
            keys = self.keys[sid]
            span = Span(a, b, self.contexts[ci][a:b])
            s = IndexedSentence(sid, ci, span, keys - {NEG_MARK}, NEG_MARK in keys)
            self._sentences[sid] = s
        return s

    def relations(self, sid: int) -> Analysed:
        """The full :func:`analyse` of sentence ``sid`` (negation scopes, pairs), cached."""
        a = self._relations.get(sid)
        if a is None:
            lo, hi = self.bounds[sid]
            a = self._relations[sid] = analyse(self.contexts[self.context_of[sid]][lo:hi])
        return a

    def postings(self, wanted: set[str]) -> dict[str, list[int]]:
        """key -> ids of the sentences holding it, for the keys of ``wanted`` (one pass)."""
        out: dict[str, list[int]] = {k: [] for k in wanted}
        if wanted:
            for sid, ks in enumerate(self.keys):
                for k in ks & wanted:
                    out[k].append(sid)
        return out

    def variant(self, key: str) -> str | None:
        """A context key that ``key`` extends or that extends ``key`` (both >= 5 letters).

        Catches inflections the light stemmer leaves apart ("reduc" / "reduction"). The
        shortest context key that ``key`` starts with wins, else the alphabetically
        first context key that starts with ``key``.
        """
        if len(key) < 5 or not key.isalpha():
            return None
        ks = self.all_keys
        blob = self._blob
        if blob is None:  # every key on its own line: a C-speed substring search
            blob = self._blob = "\n" + "\n".join(ks) + "\n"
        if "\n" + key[:5] not in blob:  # no context key shares the first five letters
            return None
        for i in range(5, len(key)):
            if key[:i] in ks:
                return key[:i]
        needle = "\n" + key
        found: list[str] = []
        pos = blob.find(needle)
        while pos >= 0:
            end = blob.index("\n", pos + 1)
            cand = blob[pos + 1 : end]
            if cand.isalpha():
                found.append(cand)
            pos = blob.find(needle, end)
        return min(found) if found else None


NEG_SCOPE = 3
FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself"})
_DETERMINERS = frozenset({"the", "a", "an", "its", "his", "her", "their", "our", "this", "that"})


def analyse(text: str) -> Analysed:
    """Tokenise ``text`` and sort its tokens into content, numbers, negation and pairs.

    Pairs (modifier, head): "<head> of [the] <modifier>" -- every head of a coordinated
    chain ("capital and largest city of France" gives capital, largest and city);
    "<modifier>'s <head>"; "<Capitalised modifier> <lower-case head>" ("French capital").
    """
    content: list[RawToken] = []
    numbers: list[RawToken] = []
    negated = False
    pairs: list[tuple[str, str]] = []
    strict: list[tuple[str, str]] = []
    first_person = False
    chain: list[RawToken] = []  # content tokens of the current noun-phrase-like chain
    heads: list[RawToken] = []  # chain waiting for the modifier after "of"
    negated_keys: set[str] = set()
    scope = 0  # content tokens still inside the last negation's scope
    prev_title = False
    for t in scan(text):
        text_, kind, k, norm, _ = t
        was_title, prev_title = prev_title, text_[:1].isupper()
        if kind == "number":
            numbers.append(t)
            chain, heads = [], []
            if scope:
                negated_keys.add(k)
                scope -= 1
            continue
        if k in NEGATIONS:
            negated = True
            scope = NEG_SCOPE
            chain, heads = [], []
            continue
        if norm in STOPWORDS:
            if norm in FIRST_PERSON and not (text_ == "I" and was_title):
                first_person = True  # but not the "I" of "World War I", "Elizabeth I"
            if norm == "of":
                if chain:
                    heads, chain = chain, []
            elif norm == "and":
                pass
            elif not (heads and norm in _DETERMINERS):
                chain, heads = [], []
            continue
        if heads:
            for h in heads:
                pairs.append((k, h[2]))
                strict.append((k, h[2]))
            heads = []
        elif chain:
            prev = chain[-1]
            if prev[0].endswith(("'s", "’s")):
                pairs.append((prev[2], k))
                strict.append((prev[2], k))
            elif prev[1] == "word" and prev[0][:1].isupper() and not text_[:1].isupper():
                pairs.append((prev[2], k))
        chain.append(t)
        content.append(t)
        if scope:
            negated_keys.add(k)
            scope -= 1
    return Analysed(content, numbers, negated, pairs, frozenset(negated_keys), strict, first_person)


_CTX_CHUNKS: dict[str, frozenset[str]] = {}
NUM_SCALE_RE = re.compile(r"\d\s(?:thousand|million|billion|trillion|bn|mn|tn)\b", re.I)
"""A number followed by a scale word: the chunk view would not merge them."""


def _context_chunk(chunk: str) -> frozenset[str]:
    """Keys a whitespace chunk adds to a context sentence (cached)."""
    keys: set[str] = set()
    for _, kind, k, norm, _ in chunk_tokens(chunk):
        if k in NEGATIONS:
            keys.add(NEG_MARK)
        elif kind == "number" or norm not in STOPWORDS:
            keys.add(k)
    out = frozenset(keys)
    if len(_CTX_CHUNKS) >= CHUNK_CACHE_MAX:
        _CTX_CHUNKS.clear()
    _CTX_CHUNKS[chunk] = out
    return out


def _sentence_keys(text: str) -> frozenset[str]:
    """Content and number keys of one sentence (plus :data:`NEG_MARK` when negated)."""
    parts = text.split()
    ks = list(map(_CTX_CHUNKS.get, parts))
    if None in ks:
        ks = [_context_chunk(p) if k is None else k for k, p in zip(ks, parts, strict=True)]
    return frozenset().union(*ks)  # type: ignore[arg-type]


def _sentence_keys_exact(text: str) -> frozenset[str]:
    """:func:`_sentence_keys` through :func:`scan` (merges "<number> <scale word>")."""
    keys: set[str] = set()
    for _, kind, k, norm, _ in scan(text):
        if k in NEGATIONS:
            keys.add(NEG_MARK)
        elif kind == "number" or norm not in STOPWORDS:
            keys.add(k)
    return frozenset(keys)


def build_index(contexts: Sequence[str]) -> ContextIndex:
    """Split every context into sentences once and collect their content and number keys."""
    bounds: list[tuple[int, int]] = []
    context_of: list[int] = []
    keys: list[frozenset[str]] = []
    for ci, ctx in enumerate(contexts):
        sb = sentence_bounds(ctx)
        bounds += sb
        context_of += [ci] * len(sb)
        fn = _sentence_keys_exact if NUM_SCALE_RE.search(ctx) else _sentence_keys
        keys += [fn(ctx[a:b]) for a, b in sb]
    all_keys = frozenset().union(*keys)
    return ContextIndex(contexts, bounds, context_of, keys, all_keys)
