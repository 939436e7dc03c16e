"""Claim splitting: an answer's sentences, cut again at contrastive clauses.

A claim is a :class:`veracity.text.Span` of the answer. Sentences come from
:func:`veracity.text.split_sentences` (abbreviation-, decimal- and list-aware; every line
break ends one). Each sentence is then cut before ``;`` and before a contrastive
conjunction that opens a clause: ", but", ", however", ", whereas", ", although",
", though", ", while", ", yet", and "whereas" / "although" anywhere. The conjunction
stays at the start of the second claim.

:func:`is_abstention` recognises claims that only say the contexts lack the information
("The provided documents do not state the CEO's salary.", "The context does not mention
X", "I don't know", "There is no information about X"): they assert nothing about the
world, so the lexical scorer leaves them out of the claims.
"""

from __future__ import annotations

import re

from veracity.text import Span, split_sentences

__all__ = ["is_abstention", "split_claims"]

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


_SOURCE = (
    r"(?:(?:provided|given|available|retrieved|supplied|above|attached|following|reference|"
    r"relevant|cited|these|this|those|the)\s+)*"
    r"(?:contexts?|documents?|passages?|texts?|sources?|excerpts?|snippets?|information|"
    r"articles?|materials?|data|chunks?|knowledge|evidence)"
)
_VERB = (
    r"(?:say|state|mention|specify|include|contain|provide|indicate|give|discuss|cover|"
    r"address|describe|list|reveal|report|disclose|tell|show|offer|explain|identify|name)"
)
_ABSTENTION_RE = re.compile(
    r"(?:(?:however|unfortunately|sorry|but|and|also|so|note that|please note that|"
    r"based on the \w+(?: \w+)?)[,:]?\s+){0,3}(?:"
    # the whole claim: "I don't know.", "I cannot answer that.", "I'm not sure."
    r"(?:i\s+(?:do\s+not|don['’]t|cannot|can['’]t|can\s+not|am\s+(?:not\s+able|unable)\s+to)"
    r"\s+(?:really\s+)?(?:know|say|tell|answer|determine)"
    r"(?:\s+(?:that|this|it|the\s+answer|for\s+sure|for\s+certain))?"
    r"|i['’]m\s+(?:not\s+(?:sure|certain)|unable\s+to\s+(?:say|tell|answer))"
    r"|i\s+am\s+not\s+(?:sure|certain))\W*$"
    # "The provided documents do not state ...", "The context doesn't mention ..."
    rf"|(?:the\s+|these\s+|this\s+|those\s+|my\s+){_SOURCE}\s+(?:do|does|did)"
    rf"(?:\s+not|n['’]t)\s+(?:\w+\s+)?{_VERB}"
    # "There is no information about ...", "No information is given on ..."
    r"|there\s+(?:is|are|was)\s+no\s+(?:\w+\s+)?(?:information|mention|data|details?|"
    r"indication|evidence)\b"
    r"|no\s+(?:\w+\s+)?(?:information|mention|data|details?)\s+(?:is\s+|was\s+|are\s+)?"
    r"(?:provided|given|available|found|mentioned|included)\b"
    # "... is not mentioned in the context", "... cannot be determined from the documents"
    r"|.*?\b(?:is|are|was|were|isn['’]t|aren['’]t)\s+(?:not\s+)?(?:mentioned|stated|specified|"
    r"given|provided|included|discussed|available|found)\s+in\s+(?:the\s+|these\s+)"
    + _SOURCE
    + r"|.*?\b(?:cannot|can['’]t|can\s+not)\s+be\s+(?:determined|answered|found|inferred|"
    r"confirmed|verified)\s+(?:from|based\s+on|with|using)\s+(?:the\s+|these\s+)" + _SOURCE + r")",
    re.IGNORECASE,
)


def is_abstention(claim: str) -> bool:
    """True when ``claim`` only states that the contexts (or the speaker) do not know.

    Recognised forms, case-insensitive, after optional openers ("However,",
    "Unfortunately,", "Based on the context,"): the whole claim "I don't know", "I can't
    say", "I'm not sure" (nothing after it); "The (provided) context(s) / document(s) / passage(s) / text / sources / information
    do(es) not <say | state | mention | specify | ...> ..."; "There is no information /
    mention of ..."; "No information is given on ..."; "... is not mentioned / stated in the
    context(s)"; "... cannot be determined from the documents".
    """
    low = claim.casefold()  # every form holds one of these cues: a cheap first test
    if not ("not" in low or "n't" in low or "n’t" in low or "no " in low or "unable" in low):
        return False
    return _ABSTENTION_RE.match(claim) is not None
