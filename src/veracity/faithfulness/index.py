"""The analysed contexts of one sample: sentences, keys, numbers and an inverted index.

Built once per answer by :func:`build_index` (linear in the contexts' size) and shared by
every claim, so no claim re-reads the contexts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from veracity.text import NEGATIONS, STOPWORDS, RawToken, Span, scan, split_sentences

__all__ = ["Analysed", "ContextIndex", "IndexedSentence", "analyse", "build_index"]


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
    """One context sentence: where it is, its content keys and number keys.

    ``negated`` says whether it holds a negation cue; its negation scopes and pairs are
    computed on demand by :meth:`ContextIndex.relations`.
    """

    sid: int
    context_index: int
    span: Span
    keys: frozenset[str]
    numbers: frozenset[str]
    negated: bool


@dataclass(slots=True)
class ContextIndex:
    """All context sentences, and ``postings``: key -> ids of sentences that contain it."""

    sentences: list[IndexedSentence] = field(default_factory=list)
    postings: dict[str, list[int]] = field(default_factory=dict)
    _prefixes: dict[str, list[str]] | None = None
    _relations: dict[int, Analysed] = field(default_factory=dict)

    def relations(self, sentence: IndexedSentence) -> Analysed:
        """The full :func:`analyse` of one sentence (negation scopes, pairs), cached."""
        a = self._relations.get(sentence.sid)
        if a is None:
            a = self._relations[sentence.sid] = analyse(sentence.span.text)
        return a

    def variant(self, key: str) -> str | None:
        """A context key that extends ``key`` or that ``key`` extends (both >= 5 letters).

        Catches inflections the light stemmer leaves apart ("reduc" / "reduction").
        """
        if len(key) < 5 or not key.isalpha():
            return None
        if self._prefixes is None:
            self._prefixes = {}
            for k in self.postings:
                if len(k) >= 5 and k.isalpha():
                    self._prefixes.setdefault(k[:5], []).append(k)
        for k in self._prefixes.get(key[:5], ()):
            if k.startswith(key) or key.startswith(k):
                return k
        return None


NEG_SCOPE = 3
_FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself"})
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
            if norm in _FIRST_PERSON and not (text_ == "I" and was_title):
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


def build_index(contexts: Sequence[str]) -> ContextIndex:
    """Split every context into sentences once and index their content and number keys."""
    idx = ContextIndex()
    postings = idx.postings
    sentences = idx.sentences
    for ci, ctx in enumerate(contexts):
        for span in split_sentences(ctx):
            toks = scan(span.text)
            keys = frozenset(
                [t[2] for t in toks if t[1] != "number" and t[3] not in STOPWORDS]
            ).difference(NEGATIONS)
            nums = frozenset([t[2] for t in toks if t[1] == "number"])
            negated = any(t[2] in NEGATIONS for t in toks)
            sid = len(sentences)
            sentences.append(IndexedSentence(sid, ci, span, keys, nums, negated))
            for k in keys:
                postings.setdefault(k, []).append(sid)
            for k in nums:
                postings.setdefault(k, []).append(sid)
    return idx
