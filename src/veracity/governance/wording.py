"""Wording rules of the ``strict`` scoring: absence statements, clauses, numbers, stems.

- :data:`ABSENCE_RE` -- a statement that the information is absent ("is not specified",
  "does not mention", "no information", "unknown", "cannot determine"...);
- :func:`clause_bounds` -- clause spans: split at sentence ends, newlines, ``;``, ``, ``
  and before but/however/although/though/whereas/while/yet/except;
- :func:`numbers_in` -- the numbers of a text, thousands separators removed;
- :func:`content_stems` -- lower-cased, lightly stemmed content words (stop words
  dropped, negations folded to ``not``), used to compare meanings.
"""

from __future__ import annotations

import functools

import regex

__all__ = ["ABSENCE_RE", "clause_bounds", "content_stems", "numbers_in", "stem"]

_WORD_GAP = r"(?:[\w'-]+\s+){0,3}?"
_ABSENCE_VERBS = (
    r"specif\w*|mention\w*|provid\w*|stat\w*|giv\w*|given|list\w*|includ\w*|disclos\w*|"
    r"report\w*|say|says|said|indicat\w*|identif\w*|describ\w*|address\w*|cover\w*|"
    r"contain\w*|detail\w*|document\w*|defin\w*|reveal\w*|discuss\w*|explain\w*|break\w*"
)
ABSENCE_RE = regex.compile(
    rf"""(?ix)
    \bnot\s+{_WORD_GAP}(?:{_ABSENCE_VERBS}|available|known|clear|found|specific|present)\b
    | \b(?:does|do|did|is|are|was|were|has|have|had)n[o']?t\s+{_WORD_GAP}(?:{_ABSENCE_VERBS})\b
    | \bno\s+{_WORD_GAP}(?:information|info|data|details?|mention|figures?|numbers?|specifics?|
        indication|evidence|record|date|price|pricing|deadline|exact|specific|explicit)\b
    | \b(?:unknown|unspecified|unclear|undisclosed|unavailable|unstated|unmentioned|
        unreported|undocumented|undetermined)\b
    | \b(?:cannot|can\s*not|can'?t|unable\s+to|could\s*n[o']?t|could\s+not)\s+{_WORD_GAP}
        (?:determine|find|tell|say|confirm|identify|locate|answer|verify|establish|know)\b
    | \b(?:silent\s+on|lacks?|lacking|missing|absent|omits?|omitted)\b
    | \bthere\s+(?:is|are)\s+no\b | \bnone\s+of\s+the\b | \bdoes\s+not\s+appear\b
    """
)
"""A statement that information is absent (used to excuse hits and to satisfy elements)."""

_CLAUSE_SPLIT = regex.compile(
    r"(?i)(?<=[.!?])\s+|\n+|;\s*|,\s+|\s+(?=(?:but|however|although|though|whereas|while|"
    r"yet|except)\b)"
)
_NUMBER = regex.compile(r"\d+(?:[.,]\d+)*")
_TOKEN = regex.compile(r"[\w']+")
_NEGATIONS = frozenset({"no", "not", "never", "none", "cannot", "nor", "without"})
_STOPWORDS = frozenset(
    "a an the of to in on at for by with and or is are was were be been being it its this "
    "that these those as from into about than then there their they them he she his her "
    "we our you your i do does did has have had will would should can could may might "
    "which who whom what when where why how".split()
)
_SUFFIXES = ("ations", "ation", "ings", "ing", "ies", "ied", "ed", "es", "s", "ly")


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light stem: negations -> ``not``; one suffix of ``_SUFFIXES`` (stem >= 3 letters)
    removed, then a final ``e`` when more than 4 letters remain."""
    w = word.lower()
    if w.endswith("n't") or w in _NEGATIONS:
        return "not"
    w = w.replace("'", "")
    for suffix in _SUFFIXES:
        if len(w) - len(suffix) >= 3 and w.endswith(suffix):
            w = w[: -len(suffix)]
            break
    if w.endswith("e") and len(w) > 4:
        w = w[:-1]
    return w


def content_stems(text: str) -> frozenset[str]:
    """The stems of the text's words that are not stop words."""
    return frozenset(stem(t) for t in _TOKEN.findall(text.lower()) if t.lower() not in _STOPWORDS)


def clause_bounds(text: str) -> list[tuple[int, int]]:
    """The non-empty ``(start, end)`` spans of the text's clauses, in order."""
    bounds, pos = [], 0
    for m in _CLAUSE_SPLIT.finditer(text):
        bounds.append((pos, m.start()))
        pos = m.end()
    bounds.append((pos, len(text)))
    return [b for b in bounds if b[1] > b[0]]


def numbers_in(text: str) -> set[str]:
    """The numbers written in the text (``1,200`` -> ``1200``)."""
    return {n.replace(",", "") for n in _NUMBER.findall(text)}
