"""Claim splitting: an answer's sentences, cut again at contrastive clauses.

A claim is a :class:`veracity.text.Span` of the answer. Sentences come from
:func:`veracity.text.split_sentences` (abbreviation-, decimal- and list-aware; every line
break ends one). Each sentence is then cut before ``;`` and before a contrastive
conjunction that opens a clause: ", but", ", however", ", whereas", ", although",
", though", ", while", ", yet", and "whereas" / "although" anywhere. The conjunction
stays at the start of the second claim.
"""

from __future__ import annotations

import re

from veracity.text import Span, split_sentences

__all__ = ["split_claims"]

_CLAUSE_RE = re.compile(  # one leading character class: `re` skips to candidates fast
    r"[;,\s](?:(?<=;)\s*|(?<=,)\s+(?=(?:but|however|whereas|although|though|while|yet)\b)"
    r"|(?<=\s)\s*(?=(?:whereas|although)\b))",
    re.IGNORECASE,
)
_HAS_CONTENT_RE = re.compile(r"[^\W_]")


def split_claims(answer: str, *, max_chars: int = 1000) -> list[Span]:
    """Claims of ``answer`` as spans (stripped, each containing a letter or digit)."""
    out: list[Span] = []
    for sent in split_sentences(answer, max_chars=max_chars):
        t = sent.text
        if ";" not in t and "," not in t and "hereas" not in t and "lthough" not in t:
            out.append(sent)  # nothing to cut (the common case)
            continue
        start = sent.start
        for m in _CLAUSE_RE.finditer(answer, sent.start, sent.end):
            _add(answer, start, m.start(), out)
            start = m.end()
        _add(answer, start, sent.end, out)
    return out


def _add(text: str, start: int, end: int, out: list[Span]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if start < end and _HAS_CONTENT_RE.search(text, start, end):
        out.append(Span(start, end, text[start:end]))
