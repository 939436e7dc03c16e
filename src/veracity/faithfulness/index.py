"""The analysed contexts of one sample: sentences, their keys, postings on demand.

Built once per answer by :func:`build_index` (linear in the contexts' size) and shared by
every claim, so no claim re-reads the contexts. The hot path works on whitespace chunks:
each distinct chunk ("France's", "city.", "(1990)") is analysed once into the keys it
contributes, its content keys in order and its negation view (bounded caches,
:data:`CHUNK_CACHE_MAX` entries each, cleared when full), so a sentence's keys cost one
``str.split``, one ``map`` over a dict and one set. Word order is read from the same
chunks, on demand: content positions (word pairs; :meth:`ContextIndex.order` when no
content word repeats in the sentence) and negation scopes of the sentences a claim
needs. The per-token :func:`analyse` runs only for a possessive / "of" relation check
and for text with "<number> <scale word>" (which the chunks would not merge).
Claims have their own view in :mod:`veracity.faithfulness.claim_view`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain as _chain
from operator import itemgetter

from veracity.text import (
    NEGATIONS,
    STOPWORDS,
    RawToken,
    Span,
    chunk_tokens,
    scan,
    sentence_bounds,
    word_key,
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
    "scoped_keys",
    "speaks_first_person",
]

NEG_MARK = "\x00neg"
"""Pseudo-key added to a sentence's keys when it holds a negation cue (never a word key)."""
CHUNK_CACHE_MAX = 200_000
_NEG_MARKS = frozenset({NEG_MARK})
_NO_KEYS: frozenset[str] = frozenset()
PREFIX_SEARCHES = 12
"""Prefix checks of :meth:`ContextIndex.variant` done by substring search before the
index builds its set of key prefixes (cheaper from then on)."""
_FIRST_FIVE = itemgetter(slice(None, 5))  # shorter keys never equal a 5-letter prefix


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
    _prefixes: set[str] | None = None
    _prefix_searches: int = 0
    _sentences: dict[int, IndexedSentence] = field(default_factory=dict)
    _relations: dict[int, Analysed] = field(default_factory=dict)
    _positions: dict[int, dict[str, list[int]]] = field(default_factory=dict)
    _orders: dict[int, dict[str, int] | None] = field(default_factory=dict)
    _negated: dict[int, frozenset[str]] = field(default_factory=dict)

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
            negated = NEG_MARK in keys
            s = IndexedSentence(sid, ci, span, keys - _NEG_MARKS if negated else keys, negated)
            self._sentences[sid] = s
        return s

    def relations(self, sid: int) -> Analysed:
        """The full :func:`analyse` of sentence ``sid`` (negation scopes, pairs), cached."""
        a = self._relations.get(sid)
        if a is None:
            lo, hi = self.bounds[sid]
            a = self._relations[sid] = analyse(self.contexts[self.context_of[sid]][lo:hi])
        return a

    def positions(self, sid: int) -> dict[str, list[int]]:
        """Content key -> its positions among the content tokens of sentence ``sid``
        (the order of :attr:`Analysed.content`), cached; read from cached chunks."""
        pos = self._positions.get(sid)
        if pos is None:
            pos = {}
            for i, k in enumerate(self._content_keys(sid)):
                at = pos.get(k)
                if at is None:
                    pos[k] = [i]
                else:
                    at.append(i)
            self._positions[sid] = pos  # stored complete: the index may be shared
        return pos

    def order(self, sid: int) -> dict[str, int] | None:
        """Content key -> its position in sentence ``sid`` when no content key occurs
        twice there (then :meth:`positions` is ``{k: [order[k]]}``), else None; cached."""
        orders = self._orders
        if sid in orders:
            return orders[sid]
        keys = self._content_keys(sid)
        # equal lengths, so no strict check; fewer entries than keys when a key repeats
        found = dict(zip(keys, range(len(keys)), strict=False))
        out = found if len(found) == len(keys) else None
        self._orders[sid] = out
        return out

    def _content_keys(self, sid: int) -> list[str]:
        """The keys of :attr:`Analysed.content` of sentence ``sid``, in order."""
        a = self._relations.get(sid)
        if a is None:
            lo, hi = self.bounds[sid]
            text = self.contexts[self.context_of[sid]][lo:hi]
            if NUM_SCALE_RE.search(text) is None:  # no "<number> <scale>": chunks agree
                return _content_keys(text)
            a = self.relations(sid)
        return [t[2] for t in a.content]

    def negated_keys(self, sid: int) -> frozenset[str]:
        """:attr:`Analysed.negated_keys` of sentence ``sid``, read from cached chunks
        unless the full analysis is at hand or needed ("<number> <scale word>")."""
        if NEG_MARK not in self.keys[sid]:
            return _NO_KEYS  # no negation cue: no scope
        out = self._negated.get(sid)
        if out is None:
            a = self._relations.get(sid)
            lo, hi = self.bounds[sid]
            text = self.contexts[self.context_of[sid]][lo:hi]
            if a is None and NUM_SCALE_RE.search(text) is None:
                out = scoped_keys(text.split())
            else:
                out = self.relations(sid).negated_keys
            self._negated[sid] = out
        return out

    def postings(self, wanted: set[str]) -> dict[str, list[int]]:
        """key -> ids of the sentences holding it, for the keys of ``wanted`` (one pass)."""
        out: dict[str, list[int]] = {k: [] for k in wanted}
        if wanted:
            for sid, ks in enumerate(self.keys):
                for k in ks & wanted:
                    out[k].append(sid)
        return out

    def _shares_prefix(self, prefix: str, blob: str) -> bool:
        """Whether a context key starts with ``prefix`` (five letters): a substring
        search of the key blob for the first few calls, then a set of key prefixes."""
        prefixes = self._prefixes
        if prefixes is None:
            self._prefix_searches += 1
            if self._prefix_searches <= PREFIX_SEARCHES:
                return "\n" + prefix in blob
            prefixes = self._prefixes = set(map(_FIRST_FIVE, self.all_keys))
        return prefix in prefixes

    def variant(self, key: str) -> str | None:
        """A context key that ``key`` extends or that extends ``key`` (both >= 5 letters).

        Catches inflections the light stemmer leaves apart ("reduc" / "reduction"). The
        shortest context key that ``key`` starts with wins, else the alphabetically
        first context key that starts with ``key``.
        """
        if len(key) < 5 or not key.isalpha():
            return None
        prefixes = self._prefixes
        if prefixes is not None and key[:5] not in prefixes:
            return None  # no context key shares the first five letters
        ks = self.all_keys
        blob = self._blob
        if blob is None:  # every key on its own line: a C-speed substring search
            blob = self._blob = "\n" + "\n".join(ks) + "\n"
        if prefixes is None and not self._shares_prefix(key[:5], blob):
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


def speaks_first_person(toks: Sequence[RawToken], i: int) -> bool:
    """Whether the first-person word ``toks[i]`` is the speaker's: not the "I" of "World
    War I" or "Elizabeth I" (after a capitalised word), and not a capitalised "My"/"Me"
    inside a title ("the song My Way"; "My Own Worst Enemy": mid-claim, or followed by
    another capitalised word)."""
    tx, norm = toks[i][0], toks[i][3]
    if norm == "i":  # "I", "I'm", "I've"; a lower-case "i" is always the speaker
        return tx[0] == "i" or not (i and toks[i - 1][0][:1].isupper())
    if not tx[:1].isupper():
        return True
    return i == 0 and not (len(toks) > 1 and toks[1][0][:1].isupper())


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
    toks = scan(text)
    for i, t in enumerate(toks):
        text_, kind, k, norm, _ = t
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
            if norm in FIRST_PERSON and not first_person:
                first_person = speaks_first_person(toks, i)
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


_SCOPE_VIEW: dict[str, tuple[str, ...]] = {}  # chunk -> its cue marks and keys


def _scope_chunk(chunk: str) -> tuple[str, ...]:
    """A chunk's tokens as negation scoping sees them (cached): :data:`NEG_MARK` for a
    negation cue, the key of a content token or number; stopwords left out."""
    out = tuple(
        [
            NEG_MARK if k in NEGATIONS else k
            for _, kind, k, norm, _ in chunk_tokens(chunk)
            if kind == "number" or k in NEGATIONS or norm not in STOPWORDS
        ]
    )
    if len(_SCOPE_VIEW) >= CHUNK_CACHE_MAX:
        _SCOPE_VIEW.clear()
    _SCOPE_VIEW[chunk] = out
    return out


def scoped_keys(parts: list[str]) -> frozenset[str]:
    """The ``negated_keys`` of :func:`analyse` for a text split at whitespace into
    ``parts`` (equal when it holds no "<number> <scale word>"): the keys of the
    ``NEG_SCOPE`` content tokens or numbers after each negation cue."""
    out: set[str] = set()
    scope = 0
    get = _SCOPE_VIEW.get
    for p in parts:
        view = get(p)
        for k in _scope_chunk(p) if view is None else view:
            if k == NEG_MARK:
                scope = NEG_SCOPE
            elif scope:
                out.add(k)
                scope -= 1
    return frozenset(out)


_CTX_KEY: dict[str, str] = {}  # chunk adding one key -> it; adding none -> ""
_CTX_KEYS: dict[str, frozenset[str]] = {}  # chunk adding several keys -> them
NUM_SCALE_RE = re.compile(r"\d\s(?:thousand|million|billion|trillion|bn|mn|tn)\b", re.I)
"""A number followed by a scale word: the chunk view would not merge them."""


def _context_chunk(chunk: str) -> frozenset[str]:
    """Keys a whitespace chunk adds to a context sentence (cached in ``_CTX_KEY`` when
    there is at most one, else in ``_CTX_KEYS``)."""
    keys: set[str] = set()
    for _, kind, k, norm, _ in chunk_tokens(chunk):
        if k in NEGATIONS:
            keys.add(NEG_MARK)
        elif kind == "number" or norm not in STOPWORDS:
            keys.add(k)
    out = frozenset(keys)
    if len(_CTX_KEY) + len(_CTX_KEYS) >= CHUNK_CACHE_MAX:
        _CTX_KEY.clear()
        _CTX_KEYS.clear()
    if len(out) > 1:
        _CTX_KEYS[chunk] = out
    else:
        _CTX_KEY[chunk] = next(iter(out), "")
    return out


_CTX_CONTENT: dict[str, tuple[str, ...]] = {}


def _content_chunk(chunk: str) -> tuple[str, ...]:
    """Keys of the content tokens of a whitespace chunk, in order (cached)."""
    out = tuple(
        [
            k
            for _, kind, k, norm, _ in chunk_tokens(chunk)
            if kind != "number" and k not in NEGATIONS and norm not in STOPWORDS
        ]
    )
    if len(_CTX_CONTENT) >= CHUNK_CACHE_MAX:
        _CTX_CONTENT.clear()
    _CTX_CONTENT[chunk] = out
    return out


def _content_keys(text: str) -> list[str]:
    """Keys of :func:`analyse`'s content tokens of ``text``, in order, from cached
    chunks (equal when ``text`` holds no "<number> <scale word>")."""
    parts = text.split()
    try:  # common case: every chunk seen before (a new one gives None: TypeError)
        return list(_chain.from_iterable(map(_CTX_CONTENT.get, parts)))  # type: ignore[arg-type]
    except TypeError:
        pass
    out: list[str] = []
    get = _CTX_CONTENT.get
    for p in parts:
        ks = get(p)
        out += _content_chunk(p) if ks is None else ks
    return out


def _sentence_keys(ctx: str, bounds: list[tuple[int, int]]) -> list[frozenset[str]]:
    """Content and number keys (plus :data:`NEG_MARK` when negated) of the sentences
    ``ctx[a:b]`` of one context, from the chunk caches."""
    get = _CTX_KEY.get
    out: list[frozenset[str]] = []
    for a, b in bounds:
        parts = ctx[a:b].split()
        found = set(map(get, parts))
        if None in found:  # a chunk with several keys, or one not seen yet
            out.append(_sentence_keys_slow(parts))
        else:
            found.discard("")
            out.append(frozenset(found))  # type: ignore[arg-type]
    return out


def _sentence_keys_slow(parts: list[str]) -> frozenset[str]:
    """:func:`_sentence_keys` chunk by chunk (analysing the chunks not seen yet)."""
    keys: set[str] = set()
    for p in parts:
        k = _CTX_KEY.get(p)
        if k is None:
            ks = _CTX_KEYS.get(p)
            keys.update(_context_chunk(p) if ks is None else ks)
        elif k:
            keys.add(k)
    return frozenset(keys)


def _sentence_keys_exact(text: str) -> frozenset[str]:
    """One sentence's keys as :func:`_sentence_keys` reads them, but through
    :func:`scan` (which merges "<number> <scale word>")."""
    keys: set[str] = set()
    for _, kind, k, norm, _ in scan(text):
        if k in NEGATIONS:
            keys.add(NEG_MARK)
        elif kind == "number" or norm not in STOPWORDS:
            keys.add(k)
    return frozenset(keys)


_SCALE_KEYS = frozenset(
    map(word_key, ("thousand", "million", "billion", "trillion", "bn", "mn", "tn"))
)


def _may_scale(keys: list[frozenset[str]]) -> bool:
    """False when exact tokenisation (:func:`_sentence_keys_exact`) cannot change the
    chunk keys ``keys`` of a context's sentences: it differs from them only by merging a
    number with the scale word after it, and that word's key is then among the chunk keys.
    A few set checks, instead of a :data:`NUM_SCALE_RE` scan of the whole context."""
    return any(not _SCALE_KEYS.isdisjoint(k) for k in keys)


def build_index(contexts: Sequence[str]) -> ContextIndex:
    """Split every context into sentences once and collect their content and number keys."""
    bounds: list[tuple[int, int]] = []
    context_of: list[int] = []
    keys: list[frozenset[str]] = []
    for ci, ctx in enumerate(contexts):
        sb = sentence_bounds(ctx)
        bounds += sb
        context_of += [ci] * len(sb)
        ks = _sentence_keys(ctx, sb)
        if _may_scale(ks) and NUM_SCALE_RE.search(ctx):  # "<number> <scale word>"
            ks = [_sentence_keys_exact(ctx[a:b]) for a, b in sb]  # tokenise exactly
        keys += ks
    all_keys = frozenset().union(*keys)
    return ContextIndex(contexts, bounds, context_of, keys, all_keys)
