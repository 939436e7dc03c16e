"""The built-in baseline governor: a deterministic reference system named ``builtin``.

:func:`builtin_governor` decides the mode from the query and the contexts only, in
this order:

1. **Missing name.** A capitalised name of the query (after its first word) that no
   context contains -> ``abstain`` (the contexts are about another entity).
2. **Conflict** between two contexts -> ``disputed``, unless a resolution cue
   ("supersedes", "replacing the earlier", "corrected", "revised") appears. Two
   on-topic sentences (each sharing a query word) from different contexts conflict when
   (a) they state numbers of the same kind (year, %, currency, unit, or count) about the
   same thing (years: the sentences share >= 2 content words; other numbers: also a
   shared word among the three content words on each side of the number) and no pair
   agrees (years exactly, others within 10 %); numbers right after a name ("SDK 3.2")
   or after "per" are ignored; (b) they are similar (Jaccard >= 0.3 on content words, or
   each covers >= half the query words) and one negates a predicate the other states
   ("does not support" vs "supports"), or they hold an antonym pair (rose/fell,
   won/lost, approved/rejected); (c) a later context uses an explicit contradiction cue
   ("contrary to", "failed to replicate", "competing").
3. **Coverage.** ``coverage = |q ∩ C| / |q|`` with ``q`` the query's content words
   (stop words removed, light stemming, prefix match for stems of 5+ letters) and ``C``
   the context words. ``abstain`` when a key term (name, year, version) is missing,
   when the sentence that best matches the query names a *sibling* of a key term
   instead (another year, "X1" for "X2", another name), or when coverage < 0.5.
4. Otherwise ``trustworthy``; hedging cues (pilot, preliminary, may, as of, associated)
   add a caveat to the answer.

The answer text quotes the best supporting context sentences (ranked by query-word
overlap) and names the uncovered query words; for ``disputed`` it quotes the two
conflicting sentences and for ``abstain`` it names what is missing, so that
:func:`veracity.governance.detect.detect_mode` reads back the same mode (tested on the
bundled suite). Thresholds were tuned on veracity's own suite and fitz-gov tier 0
only, never on fitz-gov tier 1.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache
from itertools import combinations
from typing import Literal

__all__ = ["NAME", "builtin_governor"]

NAME = "builtin"
Mode = Literal["trustworthy", "disputed", "abstain"]

_COVERAGE_MIN = 0.5
_JACCARD_MIN = 0.3
_NUM_TOLERANCE = 0.10
_SHARED_MIN = 2
_QUERY_SHARE_MIN = 0.5
_MAX_CONTEXTS = 20
_MAX_SENTENCES = 12

_STOP = frozenset(
    """a an the of in on at to for from by with about as is are was were be been being do does
    did has have had what which who whom whose when where why how that this these those it its
    and or but not no can could should would will shall may might must there their they them
    than then so if into over under after before during between per any all some each more most
    much many i you we he she his her our your my me us one also just only very such same other
    give tell list name explain describe current currently exact exactly typical typically
    usually generally really still yet ever whether s""".split()
)
_WORD = re.compile(r"[a-z0-9]+(?:[.,][0-9]+)*")
_SENT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
_NEG = re.compile(r"\b(?:not|no|never|none|cannot|without|neither|nor)\b|n't\b")
_ANTONYMS = [
    ("increase", "decline"), ("increase", "decrease"), ("rose", "fell"), ("rise", "fall"),
    ("higher", "lower"), ("more", "less"), ("improv", "worsen"), ("growth", "decline"),
    ("effective", "ineffective"), ("safe", "unsafe"), ("legal", "illegal"), ("allow", "prohibit"),
    ("permit", "prohibit"), ("support", "oppos"), ("benefit", "harm"), ("positive", "negative"),
    ("gain", "loss"), ("up", "down"), ("accept", "reject"), ("confirm", "deny"),
    ("success", "fail"), ("approv", "reject"), ("won", "lost"), ("win", "lose"),
    ("open", "closed"), ("cancel", "went ahead"), ("passed", "failed"), ("guilty", "not guilty"),
    ("available", "delayed"), ("profit", "loss"), ("approv", "denied"), ("resign", "remain"),
]  # fmt: skip
_CUE = re.compile(
    r"\b(?:contrary to|contradict\w*|dispute[sd]?|disputing|competing|failed to replicate|"
    r"no effect|did not (?:find|replicate)|found no|inflated|refute[sd]?|challeng\w+ (?:the|this))\b",
    re.IGNORECASE,
)
_RESOLVE = re.compile(
    r"\b(?:supersed\w*|replac(?:es|ed|ing) (?:the |an? )?(?:earlier|previous|old|preliminary)|"
    r"correct(?:ed|ion)|revised|erratum|lifted (?:its|the) (?:earlier )?advisory|confirmed the)\b",
    re.IGNORECASE,
)
_HEDGE = re.compile(
    r"\b(?:pilot|preliminary|small (?:study|sample|trial)|may|might|suggest\w*|as of|"
    r"limited|uncertain|experimental|not (?:yet )?(?:proven|confirmed)|needed to confirm|"
    r"self-selected|correlat\w+|associat\w+)\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(
    r"(?<![\w.])(?P<cur>[$€£])?\s?(?P<num>\d+(?:[.,]\d+)*)\s?(?P<unit>%|percent|[a-zA-Z°²/]+)?"
)


def _stem(word: str) -> str:
    for suffix, repl in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: len(word) - len(suffix)] + repl
    return word


@lru_cache(maxsize=65536)
def _content(text: str) -> frozenset[str]:
    """Stems of the content words of ``text`` (cached: the same sentences recur)."""
    return frozenset(
        _stem(w)
        for w in _WORD.findall(text.lower())
        if w not in _STOP and (len(w) > 1 or w.isdigit())
    )


def _covered(term: str, stems: AbstractSet[str]) -> bool:
    if term in stems:
        return True
    return len(term) >= 5 and any(
        len(s) >= 5 and (s.startswith(term) or term.startswith(s)) for s in stems
    )


def _key_terms(query: str) -> set[str]:
    """Capitalised names after the first word, years and version-like numbers of the query."""
    words = re.findall(r"[A-Za-z][\w'-]*|\d+(?:\.\d+)*", query)
    keys = {w.lower() for w in words[1:] if w[0].isupper() and w.lower() not in _STOP}
    keys |= {w for w in words if w[0].isdigit()}
    return {_stem(k) for k in keys}


def _sibling_miss(query: str, terms: AbstractSet[str], contexts: Sequence[str]) -> str | None:
    """A key term missing from the best-matching sentence, which names a sibling instead.

    Siblings: another year for a year ("fiscal 2021" for 2024), the same name with other
    digits ("X1" for "X2"), or another capitalised name for a name ("Perth" for
    "Brisbane"). Returns the missing key, or None.
    """
    keys = _key_terms(query)
    if not keys:
        return None
    best: tuple[int, str] | None = None
    for sentence in (s for c in contexts for s in _sentences(c)):
        score = sum(_covered(t, _content(sentence)) for t in terms)
        if best is None or score > best[0]:
            best = (score, sentence)
    if best is None:
        return None
    sentence = best[1]
    stems = _content(sentence)
    query_words = {w.lower() for w in re.findall(r"[\w'-]+", query)}
    raw = re.findall(r"[A-Za-z][\w'-]*|\d+(?:\.\d+)*", sentence)
    for key in sorted(keys):
        if _covered(key, stems):
            continue
        if re.fullmatch(r"1\d{3}|20\d{2}", key):
            if any(re.fullmatch(r"1\d{3}|20\d{2}", w) and w not in query_words for w in raw):
                return key
        elif re.search(r"\d", key) and re.search(r"[a-z]", key):
            letters = re.sub(r"[\d.]", "", key)
            if any(
                re.sub(r"[\d.]", "", w.lower()) == letters and w.lower() not in query_words
                for w in raw
                if re.search(r"\d", w)
            ):
                return key
        elif key.isalpha() and any(
            w[0].isupper() and w.lower() not in query_words and w.lower() not in _STOP
            for w in raw[1:]
        ):
            return key
    return None


def _sentences(context: str) -> list[str]:
    return [s.strip() for s in _SENT.split(context) if s.strip()]


def _value(raw: str) -> float | None:
    try:
        return float(raw.replace(",", ""))
    except ValueError:
        return None


_UNITS = {
    "km": "km", "kilometre": "km", "kilometer": "km", "m": "m", "metre": "m", "meter": "m",
    "cm": "cm", "mm": "mm", "kg": "kg", "g": "g", "gram": "g", "ml": "ml", "l": "l",
    "°c": "°c", "°f": "°f", "mah": "mah", "h": "h", "hour": "h", "min": "min", "minute": "min",
    "day": "day", "week": "week", "month": "month", "year": "yr", "m²": "m²", "km/h": "km/h",
    "mph": "mph", "gb": "gb", "mb": "mb", "tb": "tb", "mg": "mg", "kwh": "kwh",
    "million": "million", "billion": "billion", "mw": "mw", "gw": "gw",
}  # fmt: skip


_Num = tuple[str, float, frozenset[str]]
_MONTHS = (
    "January|February|March|April|May|June|July|August|September|October|November|December|"
    "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Monday|Tuesday|Wednesday|Thursday|"
    "Friday|Saturday|Sunday|In|On|At|By|From|Since|Until|To|Of|For|And|Or|The|A|An"
)
_IDENTIFIER = re.compile(
    r"(?:(?<=\s)(?!(?:"
    + _MONTHS
    + r")\b)[A-Z][\w-]*|\b(?:version|v|release|model|type|no|number))\s*$"
)


def _numbers(sentence: str) -> list[_Num]:
    """(kind, value, neighbours): kind is 'year', '%', a currency sign, a unit or 'count';
    neighbours are the stems of up to three content words on each side."""
    found: list[_Num] = []
    for m in _NUMBER.finditer(sentence):
        value = _value(m.group("num"))
        if value is None or re.search(r"\b(?:per|every|each)\s*$", sentence[: m.start()]):
            continue
        unit = (m.group("unit") or "").lower()
        unit = "" if unit in _STOP else unit
        if _IDENTIFIER.search(sentence[: m.start()]):
            continue  # "SDK 3.2", "Python 3.7", "version 5": a name, not a quantity
        if m.group("cur"):
            kind = m.group("cur")
        elif unit in ("%", "percent"):
            kind = "%"
        elif not unit and value.is_integer() and 1000 <= value <= 2100:
            kind = "year"
        else:
            kind = _UNITS.get(unit, _UNITS.get(_stem(unit), "count"))
        before = [w for w in _WORD.findall(sentence[: m.start()].lower()) if w not in _STOP]
        after = [w for w in _WORD.findall(sentence[m.end() :].lower()) if w not in _STOP]
        near = frozenset(_stem(w) for w in before[-3:] + after[:3] if not w[0].isdigit())
        found.append((kind, value, near))
    return found


def _numeric_conflict(a: list[_Num], b: list[_Num]) -> bool:
    """Same-kind numbers about the same thing (years: same sentence topic; others: a
    shared neighbour word) of which no pair agrees within 10 % (years: exactly)."""
    for kind in {k for k, _, _ in a} & {k for k, _, _ in b}:
        pairs = [
            (x, y)
            for ka, x, na in a
            for kb, y, nb in b
            if ka == kind == kb and (kind == "year" or any(_covered(w, nb) for w in na))
        ]
        tol = 0.0 if kind == "year" else _NUM_TOLERANCE
        if pairs and not any(abs(x - y) <= tol * max(abs(x), abs(y)) for x, y in pairs):
            return True
    return False


_FILLER = frozenset(
    "be been being a an the yet always currently officially any to have has had do does did "
    "actually really ever so very".split()
)


def _negated_predicates(sentence: str) -> set[str]:
    """Stems of the first content word after each negator ("does not support" -> support)."""
    words = re.findall(r"[a-z0-9']+", sentence.lower())
    preds: set[str] = set()
    for i, word in enumerate(words):
        if word in ("not", "no", "never", "cannot") or word.endswith("n't"):
            rest = [w for w in words[i + 1 : i + 5] if w not in _FILLER]
            if rest:
                preds.add(_stem(rest[0]))
    return preds


def _query_share(terms: AbstractSet[str], sentence_terms: AbstractSet[str]) -> float:
    return len(terms & sentence_terms) / len(terms) if terms else 0.0


def _polarity_conflict(a: str, b: str, query_terms: AbstractSet[str]) -> bool:
    """Similar sentences where one negates what the other asserts, or antonyms."""
    ca, cb = _content(a), _content(b)
    if not ca or not cb:
        return False
    similar = len(ca & cb) / len(ca | cb) >= _JACCARD_MIN
    on_query = min(_query_share(query_terms, ca), _query_share(query_terms, cb)) >= _QUERY_SHARE_MIN
    if not (similar or on_query):
        return False
    na, nb = _negated_predicates(a), _negated_predicates(b)
    if bool(na) != bool(nb):
        preds, other = (na, cb) if na else (nb, ca)
        if any(_covered(p, other) for p in preds):
            return True
    la, lb = a.lower(), b.lower()
    return any(
        (re.search(rf"\b{x}", la) and re.search(rf"\b{y}", lb))
        or (re.search(rf"\b{y}", la) and re.search(rf"\b{x}", lb))
        for x, y in _ANTONYMS
    )


def _find_conflict(
    query_terms: AbstractSet[str], contexts: Sequence[str]
) -> tuple[str, str] | None:
    """The first pair of conflicting on-topic sentences from two different contexts."""
    per_context: list[list[str]] = []
    for c in contexts[:_MAX_CONTEXTS]:
        on_topic = [s for s in _sentences(c) if query_terms & _content(s) or not query_terms]
        # bound the pairwise work on huge inputs: keep the sentences closest to the query
        on_topic.sort(key=lambda s: -len(query_terms & _content(s)))
        per_context.append(on_topic[:_MAX_SENTENCES])
    for i, j in combinations(range(len(per_context)), 2):
        for a in per_context[i]:
            for b in per_context[j]:
                shared = {w for w in _content(a) & _content(b) if not w[0].isdigit()}
                same_topic = len(shared) >= _SHARED_MIN
                if (
                    same_topic and _numeric_conflict(_numbers(a), _numbers(b))
                ) or _polarity_conflict(a, b, query_terms):
                    return a, b
        if _CUE.search(contexts[j]) and per_context[i] and per_context[j]:
            return per_context[i][0], per_context[j][0]
    return None


def _best_sentences(
    query_terms: AbstractSet[str], contexts: Sequence[str], k: int = 2
) -> list[str]:
    ranked: list[tuple[int, int, str]] = []
    for order, sentence in enumerate(s for c in contexts for s in _sentences(c)):
        ranked.append((-len(query_terms & _content(sentence)), order, sentence))
    ranked.sort()
    return [s for _, _, s in ranked[:k]]


def _quote(sentence: str) -> str:
    return '"' + sentence.replace('"', "'").rstrip() + '"'


def _abstain(gap: str) -> tuple[str, Mode]:
    return (
        f"The provided context does not contain the answer: it does not mention {gap}.",
        "abstain",
    )


def builtin_governor(query: str, contexts: Sequence[str]) -> tuple[str, Mode]:
    """Decide the mode and write an answer from ``query`` and ``contexts`` (see module)."""
    if not isinstance(query, str) or isinstance(contexts, str):
        raise TypeError("query must be a str and contexts a sequence of str")
    texts = [c for c in contexts if isinstance(c, str) and c.strip()]
    terms = _content(query)
    if not texts:
        return "The provided context is empty, so the question cannot be answered.", "abstain"
    stems = set().union(*(_content(c) for c in texts))
    missing = sorted(t for t in terms if not _covered(t, stems))
    missing_keys = sorted(k for k in _key_terms(query) if not _covered(k, stems))
    coverage = 1.0 if not terms else 1 - len(missing) / len(terms)

    # the entity asked about is absent (or replaced by a sibling): abstain, whatever the
    # contexts say about their own subject
    missing_names = [k for k in missing_keys if k.isalpha()]
    if missing_names:
        return _abstain(", ".join(missing_names))
    conflict = None if _RESOLVE.search(" ".join(texts)) else _find_conflict(terms, texts)
    if conflict is not None:
        a, b = conflict
        return (
            f"The sources conflict on this question: one says {_quote(a)}, "
            f"while another says {_quote(b)}.",
            "disputed",
        )
    sibling = _sibling_miss(query, terms, texts)
    if missing_keys or sibling:
        return _abstain(", ".join(missing_keys or [sibling or ""]))
    if coverage < _COVERAGE_MIN:
        return _abstain(", ".join(missing) or "the requested detail")
    best = _best_sentences(terms, texts)
    answer = "According to the context, " + " ".join(_quote(s) for s in best)
    if missing:
        answer += f"; details on {', '.join(missing)} are not specified in the context"
    answer += "."
    if any(_HEDGE.search(s) for s in texts):
        answer += " This evidence is qualified, so the answer should be read with caution."
    return answer, "trustworthy"
