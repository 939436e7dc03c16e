"""Read the governance mode (abstain / disputed / trustworthy) from an answer's wording.

Many RAG systems return only text. :func:`detect_mode` classifies that text
deterministically with cue phrases, in this order:

1. An explicit mode tag at the start ("MODE: ABSTAIN", "[DISPUTED]", "Trustworthy:")
   wins.
2. Quoted spans ("..." / “...” / '...') are removed first, so a source quoted as
   saying "no data were collected" is not read as the answer abstaining.
3. The text is split into clauses (sentence ends, ``;``, ``but``, ``however``,
   ``while``, ``although``). A cue whose clause contains a negator shortly before it
   ("it is not true that the sources disagree", "there is no conflict") does not
   count. Resolution cues ("the audited figure supersedes", "the sources agree")
   cancel conflict cues.
4. Decision: any live conflict cue -> ``disputed``; otherwise an abstention cue in the
   first sentence, or abstention cues in at least half of the sentences ->
   ``abstain``; otherwise ``trustworthy``. An empty answer is ``abstain``.

The result names the cue that decided and a one-line reason.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

__all__ = ["DetectedMode", "detect_mode"]

Mode = Literal["trustworthy", "disputed", "abstain"]


@dataclass(frozen=True)
class DetectedMode:
    """The mode read from an answer, the cue phrase that decided it (or None) and why."""

    mode: Mode
    cue: str | None
    reason: str


_TAG = re.compile(
    r"^\W{0,3}(?:mode|governance(?: mode)?|answer mode|status)?\s*[:=\-]?\s*\W{0,2}"
    r"(abstain|abstention|disputed|dispute|trustworthy)\b\W{0,2}\s*[:\-\]\)\n.]",
    re.IGNORECASE,
)
_TAG_MODES: dict[str, Mode] = {
    "abstain": "abstain",
    "abstention": "abstain",
    "disputed": "disputed",
    "dispute": "disputed",
    "trustworthy": "trustworthy",
}

_QUOTES = re.compile(
    r"\"[^\"\n]{0,400}\"|“[^”\n]{0,400}”|«[^»\n]{0,400}»|(?<!\w)'[^'\n]{0,400}'(?!\w)"
)

_NEGATORS = re.compile(
    r"\b(?:not|no|never|nor|neither|without|hardly|n't|isn't|aren't|wasn't|weren't|"
    r"don't|doesn't|didn't|cannot|can't|nothing|none)\b"
)

_SRC_WORDS = (
    "sources?|contexts?|passages?|documents?|reports?|studies|accounts?|references?|texts?|"
    "records?|articles?|data|evidence|figures|numbers|statements|claims|findings|results|"
    "estimates|excerpts?|material"
)
_SRC = r"(?:" + _SRC_WORDS + r")"

# Conflict cues: (pattern, negatable). "negatable" cues are ignored when a negator
# precedes them in the same clause.
_DISPUTE: list[tuple[re.Pattern[str], bool]] = [
    (re.compile(p), neg)
    for p, neg in [
        (r"\bdisagree(?:s|d|ment|ments)?\b", True),
        (r"\bcontradict(?:s|ed|ing|ion|ions|ory)?\b", True),
        (r"\bconflict(?:s|ed|ing)?\b", True),
        (r"\binconsistenc(?:y|ies)\b|\binconsistent\b", True),
        (r"\bdiscrepanc(?:y|ies)\b", True),
        (r"\bdisput(?:e|es|ed|ing)\b|\bcontested\b|\bcontroversial\b", True),
        (r"\bat odds\b|\bin tension\b", True),
        (r"\b(?:cannot|can't|could not|couldn't) be reconciled\b|\birreconcilable\b", False),
        (r"\b(?:do|does|did)(?: not|n't) agree\b", False),
        (r"\bno (?:consensus|agreement)\b|\black of (?:consensus|agreement)\b", False),
        (r"\bnot consistent\b|\bnot in agreement\b", False),
        (r"\b" + _SRC + r" (?:differ|diverge|vary)\b", True),
        (r"\b(?:differing|divergent|opposing|competing|incompatible|mutually exclusive)\b", True),
        (
            r"\b(?:two|several|multiple) (?:different|conflicting) (?:figures|dates|values|numbers|answers|accounts)\b",
            True,
        ),
        (
            r"\bone (?:\w+ )?(?:source|report|study|document|passage|context|article|paper|review|survey|"
            r"account|record|expert|analysis|trial|estimate)\b[^.]{0,160}\b(?:another|the other|a second|others|while|whereas)\b",
            True,
        ),
        (
            r"\b(?:source|document|passage|context|report|study) (?:1|one|a)\b[^.]{0,120}\b(?:source|document|"
            r"passage|context|report|study) (?:2|two|b)\b",
            True,
        ),
        (r"\b" + _SRC + r"\b[^.;:]{0,40}\b(?:differ|diverge|vary|clash)\b", True),
        (r"\b(?:is|are) split\b", True),
        (
            r"\bthe first (?:\w+ )?(?:says?|states?|reports?|gives?|claims?)\b[^.]{0,120}\bthe second\b",
            True,
        ),
        (r"\b(?:mixed|contradictory) (?:evidence|findings|results|signals)\b", True),
        (r"\bsplit on\b|\bdivided on\b", True),
        (r"\bunclear which (?:source|figure|date|value|one|account)\b", False),
        (r"\bnot all " + _SRC + r" agree\b", False),
        (r"\b(?:findings|evidence|results|studies|data)\b[^.;:]{0,40}\b(?:are|is) mixed\b", True),
        (r"\b(?:cannot|can't|could not) both be (?:right|true|correct|accurate)\b", False),
        (
            r"\b"
            + _SRC
            + r" (?:give|report|state|say|list|show|provide) (?:two |several )?different "
            r"(?:figures|dates|values|numbers|answers|years|accounts|results)\b",
            True,
        ),
    ]
]

_RESOLVED = re.compile(
    r"\b(?:supersede[sd]?|superseding|replac(?:es|ed|ing) the (?:earlier|previous|old|preliminary)|"
    r"(?:conflict|discrepancy|disagreement|contradiction) (?:is|was) resolved|resolves? the (?:conflict|discrepancy)|"
    r"only apparent|not (?:a|an actual|a real) (?:conflict|contradiction)|"
    r"(?:sources?|reports?|studies|accounts?|passages?|contexts?) (?:all )?(?:agree|concur|are consistent|converge))\b"
)

_ABSTAIN: list[tuple[re.Pattern[str], bool]] = [
    (re.compile(p), neg)
    for p, neg in [
        (
            r"\b(?:does|do|did)(?: not|n't) (?:say|state|mention|specify|contain|include|provide|give|"
            r"list|report|address|discuss|cover|indicate|name|describe|reveal|disclose|tell|show|answer)\b",
            False,
        ),
        (
            r"\b(?:is|are|was|were)(?: not|n't) (?:specified|mentioned|provided|stated|given|included|"
            r"disclosed|reported|listed|available|documented|described|covered|addressed|known)\b",
            False,
        ),
        (
            r"\bno (?:information|mention|data|details?|figures?|evidence|indication|record|reference|"
            r"specific|numbers?|date|answer)\b",
            False,
        ),
        (r"\bnothing (?:in|about|on|regarding)\b", False),
        (r"\bnot (?:enough|sufficient) (?:information|evidence|data|detail|context)\b", False),
        (r"\binsufficient (?:information|evidence|data|detail|context)\b", True),
        (
            r"\b(?:cannot|can't|can ?not|could not|couldn't|unable to|am not able to|isn't possible to|"
            r"is not possible to|impossible to) (?:answer|determine|tell|say|find|confirm|identify|"
            r"provide|give|establish|verify|locate|know|state)\b",
            False,
        ),
        (r"\bi (?:do not|don't) (?:know|have)\b", False),
        (r"\b(?:beyond|outside) (?:the scope|what the)\b", False),
        (
            r"\b"
            + _SRC
            + r" (?:only|just) (?:covers?|mentions?|discuss(?:es)?|describes?|refers? to|"
            r"talks? about|deals? with|gives?|provides?)\b",
            False,
        ),
        (
            r"\b(?:lack|lacks|lacking|missing|absent)\b[^.]{0,40}\b(?:information|data|details?|figures?)\b",
            True,
        ),
        (r"\bnone of the " + _SRC + r"\b", False),
        (r"\bnowhere\b", False),
        (r"\bno way to (?:know|tell|determine|say|answer)\b", False),
        (r"\b(?:wasn't|was not|weren't|were not) able to\b|\bno basis\b|\bunclear from\b", False),
        (r"\b(?:gives?|provides?|contains?|offers?|lists?|includes?) no\b", False),
        (
            r"\bnever (?:state|states|stated|mention|mentions|say|says|specif(?:y|ies)|give|gives)\b",
            False,
        ),
        (r"\b(?:isn't|is not|aren't|are not) (?:there|here|included)\b", False),
        (
            r"\b(?:does|do|did)(?: not|n't) (?:appear|touch|contain|offer|reference|make|have)\b",
            False,
        ),
        (
            r"\bwon't (?:speculate|guess)\b|\b(?:rather|prefer) not (?:to )?(?:guess|speculate)\b",
            False,
        ),
        (r"\bno relevant\b|\bmake[s]? no (?:reference|mention)\b", False),
        (r"\binsufficient to\b|\babsent from\b|\bis silent\b|\bnothing here\b", False),
        (r"^\W*not (?:stated|specified|mentioned|given|provided|available|found|covered)\b", False),
        (
            r"\b(?:cannot|can't|can ?not|could not|couldn't) be (?:determined|established|answered|known|"
            r"confirmed|found|said|identified|verified|inferred|deduced)\b",
            False,
        ),
        (r"\bmissing from\b", False),
        (r"\bneither (?:of the )?" + _SRC + r"\b", False),
        (r"\b(?:isn't|is not|aren't|are not|wasn't|was not) (?:enough|sufficient)\b", False),
        (r"\bnot (?:available|known)\b", False),
        (r"\b(?:not able|unable) to\b", False),
        (
            r"\b(?:it|they|" + _SRC + r")(?: \w+)? only (?:gives?|mentions?|covers?|reports?|"
            r"discuss(?:es)?|describes?|provides?|has|have|lists?)\b",
            False,
        ),
        (r"\bunanswerable\b|\bi must abstain\b|\babstain\b", True),
        (r"\b(?:silent on|says nothing|say nothing)\b", False),
    ]
]

_CLAUSE_SPLIT = re.compile(r"[;:]|,?\s\b(?:but|however|while|although|whereas|yet)\b")
_META = re.compile(
    r"^\W*(?:so |and |but )?(?:(?:the|these|those|both|all|this|that) )?(?:\w+ )?(?:"
    + _SRC_WORDS
    + r"|it|they|i)\b"
)
_LEADING_SUB = re.compile(r"^\s*(?:while|although|though|whereas)\b([^,]+),")
_SENT_SPLIT = re.compile(r"(?<=[.!?])\s+|\n+")


def _normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    return text.replace("’", "'").replace("‘", "'")


def _clauses(sentence: str) -> list[str]:
    """Split on contrast connectors; a leading "While X, Y" gives "X" and "Y"."""
    lead = _LEADING_SUB.match(sentence)
    parts = [lead.group(1), sentence[lead.end() :]] if lead else [sentence]
    return [c for part in parts for c in _CLAUSE_SPLIT.split(part)]


def _negated(sentence: str, start: int) -> bool:
    """True when a negator occurs within the six words before ``start`` in its clause."""
    prefix = sentence[:start]
    cuts = [m.end() for m in _CLAUSE_SPLIT.finditer(prefix)]
    lead = _LEADING_SUB.match(sentence)
    if lead and lead.end() <= start:
        cuts.append(lead.end())
    before = prefix[max(cuts, default=0) :].split()[-6:]
    return bool(_NEGATORS.search(" ".join(before)))


def _live_cues(sentence: str, cues: list[tuple[re.Pattern[str], bool]]) -> list[str]:
    found: list[str] = []
    for pattern, negatable in cues:
        for m in pattern.finditer(sentence):
            if negatable and _negated(sentence, m.start()):
                continue
            found.append(m.group(0))
    return found


def _abstains(sentence: str) -> list[str]:
    """Abstention cues of a sentence, or [] when another clause of it gives an answer."""
    cues = _live_cues(sentence, _ABSTAIN)
    if not cues:
        return []
    for clause in _clauses(sentence):
        if (
            len(clause.split()) >= 4
            and not _META.match(clause)
            and not _live_cues(clause, _ABSTAIN)
        ):
            return []
    return cues


def _resolution(body: str) -> str | None:
    for m in _RESOLVED.finditer(body):
        if not _negated(body, m.start()):
            return m.group(0)
    return None


def detect_mode(answer: str) -> DetectedMode:
    """Classify ``answer`` as abstain, disputed or trustworthy from its wording (see module)."""
    if not isinstance(answer, str):
        raise TypeError(f"answer must be a str, got {type(answer).__name__}")
    text = _normalise(answer).strip()
    if not text:
        return DetectedMode("abstain", None, "empty answer")
    tag = _TAG.match(text + "\n")
    if tag:
        mode = _TAG_MODES[tag.group(1).lower()]
        return DetectedMode(mode, tag.group(1), "explicit mode tag")
    body = _QUOTES.sub(" QUOTED ", text).lower()
    sentences = [s for s in _SENT_SPLIT.split(body) if s.strip()]
    if not sentences:
        return DetectedMode("abstain", None, "empty answer")
    resolved = _resolution(body)
    for sentence in sentences:
        cues = _live_cues(sentence, _DISPUTE)
        if cues and not resolved:
            return DetectedMode("disputed", cues[0], "states that the sources conflict")
    abstain_by_sentence = [_abstains(s) for s in sentences]
    if abstain_by_sentence[0]:
        return DetectedMode(
            "abstain", abstain_by_sentence[0][0], "first sentence says the answer is not available"
        )
    hits = [c for c in abstain_by_sentence if c]
    if hits and 2 * len(hits) >= len(sentences):
        return DetectedMode("abstain", hits[0][0], "most sentences say the answer is not available")
    if resolved:
        return DetectedMode("trustworthy", resolved, "conflict stated as resolved")
    return DetectedMode("trustworthy", None, "answers without abstention or conflict cues")
