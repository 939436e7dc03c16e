"""Sentence kinds for :mod:`veracity.governance.detect`: abstention wording and the
abstain / answer / neutral classifier.

A sentence is an *abstention* when it holds a live abstention cue and no clause that
states content; an *answer* when it states something about the world; *neutral* when it
only talks about the sources, the search or the question (an echo of the question, a
sentence ending in "?", a pleasantry, a remark such as "the sources are all about the
2008 model"). Abstention cue families (each a bounded regular expression):

* a negated report verb, with an optional adverb between ("don't actually say", "is
  never mentioned", "never comes up", "nobody says", "none of them lists");
* "no" / "nothing" + an information or document noun ("no info", "no evidentiary
  basis", "no passage that answers", "nothing I retrieved covers", "nothing to go on");
* inability ("can't report", "not in a position to") and refusing to guess ("I'd rather
  not make up a number", "I won't estimate it", "I'll pass on this one");
* an information noun stated as missing ("the vote tally is missing", "devoid of any
  reference": only with an information or document noun in the sentence);
* "<document> discusses X, not Y" and "<document> only covers X".

Every pattern is bounded (no nested unbounded repetition), so matching is linear.
"""

from __future__ import annotations

import re

from veracity.governance.detect_cues import (
    CLAUSE_SPLIT,
    DOC,
    DOC_WORDS,
    LEADING_SUB,
    NEGATORS,
    SRC,
    SRC_WORDS,
)

__all__ = [
    "ABSTAIN",
    "CONSEQUENCE",
    "CONTENT_LEAD",
    "INFO",
    "INTERJECTION",
    "META",
    "classify",
    "clauses",
    "is_consequence",
    "is_content",
    "live_abstain",
    "negated",
]

INFO = re.compile(
    r"\b(?:information|info|data|details?|answer|question|figures?|values?|numbers?|dates?|"
    r"tally|count|list|amount|price|rate|name|reference|mention|" + SRC_WORDS + r")\b"
)
# an optional adverb between a negation and its verb: "don't actually say", "never really"
_ADV = r"(?:(?:\w+ly|even|ever|yet|quite|still|anywhere|at all) )?"
_SAY = (
    r"(?:say|state|mention|specify|contain|include|provide|give|list|report|address|discuss|"
    r"cover|indicate|name|describe|reveal|disclose|tell|show|answer|allow|let|enable|permit|"
    r"support|help|come up|show up|turn up|feature|identify|speak to|get into|go into|"
    r"touch on|deal with|explain|record|document|cite|confirm|spell out|set out)"
)
_SAYS = (
    r"(?:says?|states?|mentions?|lists?|gives?|reports?|specif(?:y|ies)|names?|identif(?:y|ies)|"
    r"provides?|includes?|contains?|covers?|addresses|discuss(?:es)?|answers?|tells?|shows?|"
    r"indicates?|speaks? to|touch(?:es)? on|gets? into|spells? out|sets? out)"
)
_PARTICIPLE = (
    r"(?:specified|mentioned|provided|stated|given|included|disclosed|reported|listed|"
    r"documented|described|covered|addressed|contained|present|found|recorded|shown|part of|"
    r"written|identified|named|cited|quoted|noted|indicated|explained|answered|discussed|"
    r"retrieved|supplied|captured|set out|spelled out|spelt out|broken down)"
)
_CANT = (
    r"(?:cannot|can't|can ?not|could not|couldn't|unable to|am not able to|isn't possible to|"
    r"is not possible to|impossible to|not in a position to|in no position to)"
)
_CANT_VERB = (
    r"(?:answer|determine|tell|say|find|confirm|identify|provide|give|establish|verify|locate|"
    r"know|state|report|recommend|advise|help|pin|work out|figure out|cite|specify|quote|"
    r"supply|share|offer|comment|speak)"
)

# "no document gives a different date" denies a conflict, it does not abstain
_NOT_OTHER = r"(?! (?:a |any )?(?:different|other|another|conflicting|contrary|otherwise)\b)"

# Abstention cues: (pattern, kind). kind "fixed": the pattern carries its own negation;
# "neg": ignored when negated; "info": only with an information noun in the sentence;
# "doc": only with an information or document noun in the sentence.
ABSTAIN: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), kind)
    for p, kind in [
        (r"\b(?:does|do|did)(?: not|n't) " + _ADV + _SAY + r"\b", "fixed"),
        (r"\b(?:is|are|was|were)(?: not|n't| never) " + _ADV + _PARTICIPLE + r"\b", "fixed"),
        (r"\b(?:is|are|was|were)(?: not|n't) (?:available|known)\b", "info"),
        (
            r"\b(?:isn't|is not|aren't|are not|wasn't|was not) (?:anywhere )?in (?:the |these |this |"
            r"any |my )?(?:\w+ )?" + SRC + r"\b",
            "fixed",
        ),
        (
            r"\bno (?:information|informations|info|mention|data|details?|figures?|evidence|"
            r"indication|record|reference|specific|numbers?|date|answer|entry|entries|idea|clue|"
            r"documentation|basis)\b",
            "fixed",
        ),
        (
            r"\bno (?:\w+ ){1,2}?(?:information|info|mention|details|answer|basis|documentation|"
            r"indication|reference)\b",
            "fixed",
        ),
        (
            r"\bno (?:single |one )?(?:source|passage|document|excerpt|snippet|context|text|article|"
            r"page|entry|record|chunk|result|file)s? "
            r"(?:(?:that|which) (?:(?:i|we|you) (?:\w+ ){0,2}?)?)?" + _SAYS + r"\b" + _NOT_OTHER,
            "fixed",
        ),
        (r"\bno (?:documented|recorded|reported|stated|listed|published|explicit)\b", "doc"),
        (
            r"\bnothing (?:(?:that )?(?:i|we|you) (?:\w+ ){0,2}?(?:retrieved|found|have|had|got|can|"
            r"could|was given|were given|see|saw)|retrieved|returned|provided|supplied|given|"
            r"found|relevant|useful|specific|definitive|to go on|in|about|on|regarding|concerning)\b",
            "fixed",
        ),
        (r"\bnot (?:enough|sufficient) (?:information|evidence|data|detail|context)\b", "fixed"),
        (r"\binsufficient (?:information|evidence|data|detail|context)\b", "neg"),
        (r"^\W*insufficient\b", "fixed"),
        (r"\b" + _CANT + r" " + _CANT_VERB + r"\b", "fixed"),
        (r"\bi (?:do not|don't) (?:know|have)\b", "fixed"),
        (
            r"\b(?:do not|don't|can't|cannot|could not|couldn't) (?:see|spot) (?:anything|any|it|"
            r"the answer|that|this|where|mention)\b",
            "fixed",
        ),
        (
            r"\b(?:is|are|was|were)(?: not|n't) "
            r"(?:determinable|answerable|ascertainable|clear from)\b",
            "fixed",
        ),
        (r"\b(?:is|are) unknown\b", "info"),
        (r"\bunknown to (?:me|us)\b", "fixed"),
        (
            r"\bno (?:supporting|relevant|matching) (?:passage|source|document|evidence|context)",
            "fixed",
        ),
        (r"\b(?:beyond|outside) (?:the scope|what|the (?:\w+ )?" + SRC + r")\b", "fixed"),
        (
            r"\b(?:"
            + DOC_WORDS
            + r") (?:only|just) (?:covers?|mentions?|discuss(?:es)?|describes?|"
            r"refers? to|talks? about|deals? with|gives?|provides?)\b",
            "fixed",
        ),
        (
            r"\b(?:" + DOC_WORDS + r") (?:\w+ )?(?:talks? about|covers?|discuss(?:es)?|describes?|"
            r"focus(?:es)? on|(?:is|are) about|deals? with)\b[^.;]{0,80}, not\b",
            "fixed",
        ),
        (
            r"\b(?:lack|lacks|lacking|missing|absent)\b[^.]{0,40}\b(?:information|data|details?|figures?)\b",
            "neg",
        ),
        (
            r"\b(?:is|are|was|were) (?:\w+ )?(?:missing|absent|lacking)"
            r"(?=\s?[.,;:)—-]|$| (?:from|in|here|there|entirely|altogether|too)\b)",
            "doc",
        ),
        (r"\b(?:devoid|bereft|void) of\b", "doc"),
        (r"\bnone of the (?:\w+ ){0,2}?(?:" + DOC_WORDS + r")\b", "fixed"),
        (r"\bnone of (?:them|these|those)\b", "fixed"),
        (r"\b(?:none|nobody|no one)(?: \w+ly)? " + _SAYS + r"\b", "fixed"),
        (r"\bnowhere\b", "fixed"),
        (
            r"\bno way (?:for (?:me|us) )?(?:to|of) (?:know|tell|determin|say|answer|find|give)",
            "fixed",
        ),
        (r"\bnever (?:gets?|got|is|was|are|were) " + _ADV + _PARTICIPLE + r"\b", "fixed"),
        (
            r"\bneither (?:\w+ ){0,5}?nor (?:[\w'-]+ ){0,5}?(?:"
            + _SAY
            + "|"
            + _SAYS
            + r")\b"
            + _NOT_OTHER,
            "fixed",
        ),
        (r"\b(?:wasn't|was not|weren't|were not) able to\b|\bno basis\b|\bunclear from\b", "fixed"),
        (r"\b(?:gives?|provides?|contains?|offers?|lists?|includes?|has) no\b", "fixed"),
        (
            r"\bnever (?:\w+ly )?(?:state|states|stated|mention|mentions|say|says|specif(?:y|ies)|"
            r"give|gives|identif(?:y|ies)|names?|lists?|reports?|address(?:es)?|discuss(?:es)?|"
            r"covers?|(?:comes?|came) up|appears?)\b",
            "fixed",
        ),
        (r"\b(?:isn't|is not|aren't|are not) (?:there|here|included)\b", "fixed"),
        (
            r"\b(?:does|do|did)(?: not|n't) (?:appear|touch|contain|offer|reference|make|have)\b",
            "fixed",
        ),
        # refusing to guess
        (
            r"\b(?:won't|will not|not going to|rather not|prefer not to|don't want to|"
            r"do not want to|refuse to|shouldn't|should not|can't|cannot)(?: \w+)? (?:guess|"
            r"speculate|make up|invent|estimate|fabricate|extrapolate|hazard)\b",
            "fixed",
        ),
        (
            r"\bwon't (?:attempt|answer|be able)\b|\b(?:i'd|i would|we'd) (?:only )?be guessing\b",
            "fixed",
        ),
        (r"\bpass on (?:this|that|the question)\b|\b(?:must|have to) decline\b", "fixed"),
        (r"\bno relevant\b|\bmake[s]? no (?:reference|mention)\b", "fixed"),
        (r"\binsufficient to\b|\babsent from\b|\b(?:is|are) silent\b|\bnothing here\b", "fixed"),
        (
            r"(?:^|:)\W*not (?:stated|specified|mentioned|given|provided|available|found|covered|"
            r"determinable)\b",
            "fixed",
        ),
        (r"\bnot found (?:in|within|anywhere)\b|(?:^|:)\s*(?:unknown|n/a)\b", "fixed"),
        (
            r"(?:^|:)\W*not (?:in|within|part of) (?:the |these |any )?(?:\w+ )?" + SRC + r"\b",
            "fixed",
        ),
        (
            r"\b(?:came|comes|come) up (?:empty|short)\b|"
            r"\b(?:turned up|found|yielded|returned) nothing\b",
            "fixed",
        ),
        (
            r"\b(?:cannot|can't|can ?not|could not|couldn't) be (?:determined|established|answered|"
            r"known|confirmed|found|said|identified|verified|inferred|deduced|resolved|rendered|"
            r"given)\b",
            "fixed",
        ),
        (r"\bmissing from\b", "fixed"),
        (r"\bneither (?:of the )?" + SRC + r"\b", "fixed"),
        (r"\b(?:isn't|is not|aren't|are not|wasn't|was not) (?:enough|sufficient)\b", "fixed"),
        (r"\bnot (?:available|known)\b", "info"),
        (r"\b(?:information|data|details?|answer) (?:is |are )?unavailable\b", "neg"),
        (r"\b(?:not able|unable) to\b", "fixed"),
        (
            r"\btoo (?:\w+ ){1,2}to "
            r"(?:identify|determine|answer|tell|say|establish|know|confirm)\b",
            "fixed",
        ),
        (r"\b(?:unrelated|irrelevant|off-topic) to (?:the|your|this) question\b", "neg"),
        (r"\b(?:isn't|is not|not) something (?:that )?(?:the|these|this|i|we)\b", "fixed"),
        (
            r"\b(?:it|they|" + SRC + r")(?: \w+)? only (?:gives?|mentions?|covers?|reports?|"
            r"discuss(?:es)?|describes?|provides?|has|have|lists?)\b",
            "fixed",
        ),
        (r"\bunanswer(?:able|ed)\b|\bi must abstain\b|\babstain\b", "neg"),
        (r"\b(?:silent on|says nothing|say nothing)\b", "fixed"),
    ]
]

INTERJECTION = re.compile(
    r"^\W*(?:(?:sorry|unfortunately|regrettably|sadly|hmm|well|note|honestly|to be honest|"
    r"i'm afraid|my apologies|apologies|thanks for (?:the question|asking)|"
    r"(?:that's |that is )?(?:a )?(?:good|great|fair) question|i'd love to help|"
    r"dear user|hi|hello|okay|ok|so|short version|in short)(?:\W+|$)){1,6}"
)
META = re.compile(
    r"^\W*(?:not\b|(?:so\W+|and\W+|but\W+|okay\W+|ok\W+)?"
    r"(?:(?:the|these|those|both|all|this|that|your|my|every|each) )?(?:\w+ )?(?:"
    + DOC_WORDS
    + r"|it|they|i|you|question|here is|here's)\b"
    r"|(?:i )?(?:checked|searched|looked|reviewed|went through|scanned|read)\b"
    r"|what (?:the|these|this|my) (?:\w+ )?(?:" + DOC_WORDS + r")\b"
    r"|q\b|question\b"
    # a pronoun subject for the sources with a coverage verb: "each describes the orbit"
    r"|(?:each|both|all|none|neither|either|some|most|one|another|others)"
    r"(?: of (?:them|these|those))? (?:only )?(?:describes?|covers?|discuss(?:es)?|"
    r"talks? about|mentions?|deals? with|focus(?:es)? on|concerns?|(?:is|are) about)\b)"
)
CONTENT_LEAD = re.compile(
    r"^\W*(?:i can (?:tell you|confirm)\b|(?:(?:the|these|this) )?(?:\w+ )?(?:"
    + DOC_WORDS
    + r") (?:shows?|gives?|puts?|lists?|states?|says?|reports?|records?)\b[^.]{0,80}\d)"
)
# A closing consequence: the answer ends by drawing "so I can't ..." from what it said,
# or by a bare refusal ("I can't answer that.").
CONSEQUENCE = re.compile(
    r"\b(?:so|therefore|thus|hence|accordingly|consequently)\b,? (?:i|we)(?:'m| am| are)? "
    r"(?:can't|cannot|can not|could not|couldn't|unable to|not able to|won't be able to)"
    r" (?:answer|say|tell|give|provide|confirm|determine|report|state|help)\b|"
    r"^\W*(?:i|we) (?:can't|cannot|can not|am unable to|am not able to) answer"
    r"(?: (?:that|this|it|the question|your question))?(?: (?:from|with|based on) [^.]{0,40})?\W*$"
)


def clauses(sentence: str) -> list[str]:
    """Split on contrast connectors; a leading "While X, Y" gives "X" and "Y"."""
    lead = LEADING_SUB.match(sentence)
    parts = [lead.group(1), sentence[lead.end() :]] if lead else [sentence]
    return [c for part in parts for c in CLAUSE_SPLIT.split(part)]


def negated(sentence: str, start: int, negators: re.Pattern[str] = NEGATORS) -> bool:
    """True when a negator occurs within the six words before ``start`` in its clause."""
    prefix = sentence[max(0, start - 400) : start]
    cuts = [m.end() for m in CLAUSE_SPLIT.finditer(prefix)]
    lead = LEADING_SUB.match(sentence)
    if lead and lead.end() <= start:
        cuts.append(max(0, lead.end() - max(0, start - 400)))
    before = prefix[max(cuts, default=0) :].split()[-6:]
    return bool(negators.search(" ".join(before)))


def live_abstain(sentence: str) -> list[str]:
    """The abstention cues of ``sentence`` that are live (not negated, nouns present)."""
    found: list[str] = []
    has_info: bool | None = None
    for pattern, kind in ABSTAIN:
        for m in pattern.finditer(sentence):
            if kind == "neg" and negated(sentence, m.start()):
                continue
            if kind in ("info", "doc"):
                if has_info is None:
                    has_info = bool(INFO.search(sentence))
                if not has_info and not (kind == "doc" and DOC.search(sentence)):
                    continue
            found.append(m.group(0))
    return found


def is_content(clause: str) -> bool:
    """A clause that states something other than the sources' or question's coverage."""
    clause = INTERJECTION.sub("", clause)
    if CONTENT_LEAD.match(clause):
        return True
    return len(clause.split()) >= 4 and not META.match(clause)


def is_consequence(sentence: str) -> bool:
    """True for a closing "so I can't answer / give you the mass" sentence."""
    return bool(CONSEQUENCE.search(INTERJECTION.sub("", sentence)))


def classify(sentence: str) -> tuple[str, list[str]]:
    """("abstain", cues) / ("answer", []) / ("neutral", []) for one sentence."""
    cues = live_abstain(sentence)
    if cues:
        for clause in clauses(sentence):
            if is_content(clause) and not live_abstain(clause):
                return "answer", []
        return "abstain", cues
    words = sentence.split()
    if sentence.rstrip().endswith("?"):
        return "neutral", []
    if len(words) < 3 and not any(ch.isdigit() for ch in sentence):
        return "neutral", []
    if all(not is_content(c) for c in clauses(sentence)):
        return "neutral", []
    return "answer", []
