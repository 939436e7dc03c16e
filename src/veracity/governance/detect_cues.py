"""The cue tables of :mod:`veracity.governance.detect`: bounded regular expressions
for mode tags, markup, negators, conflict, agreement, resolution and abstention
wording, and the clause and sentence splitters.

Every pattern is bounded (no nested unbounded repetition), so matching is linear in
the text's length. The decision rules that use them live in ``detect.py``.
"""

from __future__ import annotations

import re
from typing import Literal

__all__ = [
    "ABSTAIN",
    "AGREE",
    "AGREE_MARKER",
    "CLAUSE_SPLIT",
    "CONTENT_LEAD",
    "CONTRAST_AFTER",
    "DECIMAL",
    "DISPUTE",
    "DOC_WORDS",
    "HARD_NEGATORS",
    "INFO",
    "INTERJECTION",
    "JSON_ANSWER_KEYS",
    "JSON_MODE_KEYS",
    "LATER_FIX",
    "LEADING_SUB",
    "MARKUP",
    "META",
    "NEGATORS",
    "PAST",
    "QUOTES",
    "REF",
    "REF_SECTION",
    "RESOLVED",
    "RV_WORDS",
    "SENT_SPLIT",
    "SRC",
    "SRC_WORDS",
    "TAG",
    "TAG_MODES",
    "WINDOW",
]

TAG = re.compile(
    r"^\W{0,3}(?:mode|governance(?: mode)?|answer mode|status)?\s*[:=\-]?\s*\W{0,2}"
    r"(abstain|abstention|disputed|dispute|trustworthy)\b\W{0,2}\s*[:\-\]\)\n.]",
    re.IGNORECASE,
)
TAG_MODES: dict[str, Literal["trustworthy", "disputed", "abstain"]] = {
    "abstain": "abstain",
    "abstention": "abstain",
    "disputed": "disputed",
    "dispute": "disputed",
    "trustworthy": "trustworthy",
}
JSON_ANSWER_KEYS = ("answer", "response", "output")
JSON_MODE_KEYS = ("mode", "governance_mode", "status", "label", "decision", "verdict")

QUOTES = re.compile(
    r"\"[^\"\n]{0,400}\"|“[^”\n]{0,400}”|«[^»\n]{0,400}»|(?<!\w)'[^'\n]{0,400}'(?!\w)"
)
MARKUP = re.compile(r"^[ \t]*(?:#{1,6}[ \t]*|>[ \t]*|[-*•+][ \t]+|\d{1,3}[.)][ \t]+)|\*\*|__|`")
REF_SECTION = re.compile(
    r"^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?(?:sources|references|citations|bibliography)"
    r"(?:\*\*)?[ \t]*:?(?:\*\*)?[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)

NEGATORS = re.compile(
    r"\b(?:not|no|never|nor|neither|without|hardly|n't|isn't|aren't|wasn't|weren't|"
    r"don't|doesn't|didn't|cannot|can't|nothing|none|nobody|no one)\b"
)
HARD_NEGATORS = re.compile(r"\b(?:not|never|n't|isn't|aren't|don't|doesn't|didn't)\b")

SRC_WORDS = (
    "sources?|contexts?|passages?|documents?|reports?|studies|accounts?|references?|texts?|"
    "records?|articles?|data|evidence|figures|numbers|statements|claims|findings|results|"
    "estimates|excerpts?|material|snippets?|knowledge base|search results|filings?|content"
)
SRC = r"(?:" + SRC_WORDS + r")"
# Document nouns in general: used only to tell remarks about documents from content.
DOC_WORDS = (
    SRC_WORDS + "|memos?|minutes|manuals?|brochures?|leaflets?|pages?|tables?|files?|notes|"
    "papers?|reviews?|websites?|sites?|transcripts?|guides?|versions?|maps?|logs?|ledgers?|"
    "surveys?|labels?|catalogues?|charts?|faqs?"
)
RV_WORDS = "(?:says?|states?|gives?|lists?|reports?|shows?|puts?|claims?|describes?)"
REF = r"(?:\[\d{1,3}\]|(?:source|document|doc|passage|report) (?:[a-d1-9]|one|two))"
INFO = re.compile(r"\b(?:information|info|data|details?|answer|question|" + SRC_WORDS + r")\b")

# Conflict cues: (pattern, kind). kind "neg": ignored when negated; "fixed": the
# pattern carries its own negation; "pair": a structural contrast, also cancelled by
# any agreement marker in its sentence.
DISPUTE: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), kind)
    for p, kind in [
        (r"\bdisagree(?:s|d|ment|ments)?\b", "neg"),
        (r"\bcontradict(?:s|ed|ing|ion|ions|ory)?\b", "neg"),
        (r"\bconflict(?:s|ed|ing)?\b", "neg"),
        (r"\binconsistenc(?:y|ies)\b|\binconsistent\b", "neg"),
        (r"\bdiscrepanc(?:y|ies)\b", "neg"),
        (r"\bdisput(?:e|es|ed|ing)\b|\bcontested\b|\bcontroversial\b", "neg"),
        (r"\bat odds\b|\bin tension\b|\btension between\b|\bat variance\b", "neg"),
        (r"\b(?:cannot|can't|could not|couldn't) be reconciled\b|\birreconcilable\b", "fixed"),
        (r"\b(?:do|does|did)(?: not|n't) (?:all )?agree\b", "fixed"),
        (r"\bno (?:consensus|agreement)\b|\black of (?:consensus|agreement)\b", "fixed"),
        (r"\bnot consistent\b|\bnot in agreement\b|\bfail(?:s|ed)? to agree\b", "fixed"),
        (
            r"\b(?:do|does|did)(?: not|n't) (?:line up|match|add up|tally|square|correspond)\b",
            "fixed",
        ),
        (r"\b(?:do|does|did)(?: not|n't) (?:all )?(?:say|report|give) the same\b", "fixed"),
        (r"\b" + SRC + r" (?:differ|diverge|vary)\b", "neg"),
        (r"\b(?:differing|divergent|opposing|competing|incompatible|mutually exclusive)\b", "neg"),
        (
            r"\b(?:two|three|several|multiple|\d) (?:different|conflicting|contradictory) "
            r"(?:\w+ )?(?:figures|dates|values|numbers|answers|accounts|years|versions|stories|"
            r"estimates|counts|totals|names|explanations|results|birth years)\b",
            "neg",
        ),
        (
            r"\b(?:tell|give|paint) (?:very )?different (?:stories|accounts|pictures|versions)\b",
            "neg",
        ),
        (r"\b(?:point|pull) in (?:different|opposite) directions\b", "neg"),
        (r"\bdifferent (?:" + DOC_WORDS + r")\b[^.;:]{0,60}\bdifferent\b", "neg"),
        (
            r"\b(?:differs?|varies|vary) (?:by|between|across|among|from one|depending on) "
            r"(?:the |which )?(?:\w+ )?(?:" + DOC_WORDS + r")\b",
            "neg",
        ),
        (
            r"\b(?:the|both|two|three|these|all)\b[^.;:]{0,40}\b(?:"
            + DOC_WORDS
            + r")\b[^.;:]{0,60}\b(?:report|give|list|show|"
            r"state|cite|name|provide|offer) (?:two |several |very )?different\b",
            "neg",
        ),
        (
            r"\b(?:according to|per|" + RV_WORDS + r")\b[^.]{0,140}\b(?:whereas|while|but)\b,? "
            r"(?:the|a|an|\[\d{1,3}\]) (?:\w+ ){0,3}?" + RV_WORDS + r"\b",
            "pair",
        ),
        (
            r"\b(?:it )?depend(?:s|ing)? on (?:which|the) (?:\w+ )?"
            r"(?:source|document|report|study|account|passage)",
            "neg",
        ),
        (
            r"\bone (?:\w+ )?(?:source|report|study|document|passage|context|article|paper|review|survey|"
            r"account|record|expert|analysis|trial|estimate|excerpt|table)\b[^.]{0,160}"
            r"\b(?:another|the other|a second|others|while|whereas)\b",
            "pair",
        ),
        (
            r"\b(?:source|document|passage|context|report|study|doc) (?:1|one|a)\b[^.]{0,120}"
            r"\b(?:source|document|passage|context|report|study|doc) (?:2|two|b)\b",
            "pair",
        ),
        (r"\b" + SRC + r"\b[^.;:]{0,40}\b(?:differ|diverge|vary|clash)\b", "neg"),
        (r"\b(?:is|are) split\b", "neg"),
        (
            r"\bthe (?:first|older|earlier|original) (?:\w+ )?(?:\w+ )?(?:says?|states?|reports?|gives?|"
            r"claims?|puts?|lists?)\b[^.]{0,120}\bthe (?:second|newer|later|other)\b",
            "pair",
        ),
        (
            r"\b(?:some|most|two|three|several|many) of the (?:\w+ )?" + SRC + r"\b[^.]{0,160}"
            r"\b(?:the (?:other|third|fourth|remaining|rest)|others)\b",
            "pair",
        ),
        (r"\bsome (?:\w+ )?(?:put|say|give|report|claim|list)\b[^.]{0,120}\bothers\b", "pair"),
        (
            r"(?:according to|per|in) "
            + REF
            + r"[^.]{0,120}\b(?:however|whereas|while|but|in contrast)"
            r"\b[^.]{0,60}" + REF,
            "pair",
        ),
        (r"" + REF + r",? (?:however|by contrast|in contrast|on the other hand)\b", "pair"),
        (
            r"\b(?:mixed|contradictory) (?:evidence|findings|results|signals|information|data)\b",
            "neg",
        ),
        (r"\bsplit on\b|\bdivided on\b|\b(?:are|is) divided\b", "neg"),
        (r"\bunclear which (?:source|figure|date|value|one|account)\b", "fixed"),
        (r"\bnot all " + SRC + r" agree\b", "fixed"),
        (r"\b(?:findings|evidence|results|studies|data)\b[^.;:]{0,40}\b(?:are|is) mixed\b", "neg"),
        (r"\b(?:cannot|can't|could not) both be (?:right|true|correct|accurate)\b", "fixed"),
        (
            r"\b"
            + SRC
            + r" (?:give|report|state|say|list|show|provide) (?:two |several )?different "
            r"(?:figures|dates|values|numbers|answers|years|accounts|results)\b",
            "neg",
        ),
    ]
]

RESOLVED = re.compile(
    r"\b(?:supersede[sd]?|superseding|replac(?:es|ed|ing) the (?:earlier|previous|old|preliminary)|"
    r"(?:conflict|discrepancy|disagreement|contradiction) (?:is|was|has been) resolved|"
    r"resolves? the (?:conflict|discrepancy)|only apparent|"
    r"not (?:a|an actual|a real) (?:conflict|contradiction)|"
    r"(?:sources?|reports?|studies|accounts?|passages?|contexts?|documents?) (?:all )?"
    r"(?:agree|concur|are consistent|converge))\b"
)
AGREE = re.compile(
    r"\b(?:(?:they|both|all|each) (?:\w+ )?(?:agree|concur)|"
    r"(?:both|all|each)(?: [a-z0-9]+){0,2}? (?:give|gives|say|says|state|states|report|reports|"
    r"list|lists|put|puts|use|cite|show|shows|confirm|confirms)\b"
    r"(?! (?:two |several |very )?(?:different|conflicting|contradictory|opposite|differing|"
    r"varying|incompatible))|"
    r"(?:are|is|were) consistent|reconcil(?:es|ed|ing) (?:them|the)|the same)\b"
)
AGREE_MARKER = re.compile(
    r"\b(?:same|both|also|likewise|confirms?|confirmed|matching|matches|consistent|agrees?|"
    r"as well)\b"
)
PAST = re.compile(
    r"\b(?:earlier|initially|originally|previously|at first|formerly|early drafts?|preliminary|"
    r"used to|at one point|in the early|once)\b"
)
LATER_FIX = re.compile(
    r"\b(?:later|since|subsequently|eventually|final|revised|updated|corrected|reconcil\w*|"
    r"settled|resolved|confirmed|now|approved|official|published|latest|current|adopted|amended)\b"
)

ABSTAIN: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), kind)
    for p, kind in [
        (
            r"\b(?:does|do|did)(?: not|n't) (?:say|state|mention|specify|contain|include|provide|give|"
            r"list|report|address|discuss|cover|indicate|name|describe|reveal|disclose|tell|show|"
            r"answer|allow|let|enable|permit|support|help|come up|show up|turn up|feature)\b",
            "fixed",
        ),
        (
            r"\b(?:is|are|was|were)(?: not|n't) (?:specified|mentioned|provided|stated|given|included|"
            r"disclosed|reported|listed|documented|described|covered|addressed|contained|present|"
            r"found|recorded|shown|part of)\b",
            "fixed",
        ),
        (r"\b(?:is|are|was|were)(?: not|n't) (?:available|known)\b", "info"),
        (
            r"\b(?:isn't|is not|aren't|are not|wasn't|was not) (?:anywhere )?in (?:the |these |this |"
            r"any |my )?(?:\w+ )?" + SRC + r"\b",
            "fixed",
        ),
        (
            r"\bno (?:information|mention|data|details?|figures?|evidence|indication|record|reference|"
            r"specific|numbers?|date|answer|entry|entries)\b",
            "fixed",
        ),
        (r"\bnothing (?:in|about|on|regarding)\b", "fixed"),
        (r"\bnot (?:enough|sufficient) (?:information|evidence|data|detail|context)\b", "fixed"),
        (r"\binsufficient (?:information|evidence|data|detail|context)\b", "neg"),
        (r"^\W*insufficient\b", "fixed"),
        (
            r"\b(?:cannot|can't|can ?not|could not|couldn't|unable to|am not able to|isn't possible to|"
            r"is not possible to|impossible to) (?:answer|determine|tell|say|find|confirm|identify|"
            r"provide|give|establish|verify|locate|know|state)\b",
            "fixed",
        ),
        (r"\bi (?:do not|don't) (?:know|have)\b", "fixed"),
        (r"\b(?:do not|don't|can't|cannot|could not|couldn't) see (?:anything|any|it)\b", "fixed"),
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
            r"\b"
            + SRC
            + r" (?:only|just) (?:covers?|mentions?|discuss(?:es)?|describes?|refers? to|"
            r"talks? about|deals? with|gives?|provides?)\b",
            "fixed",
        ),
        (
            r"\b" + SRC + r" (?:\w+ )?(?:talks? about|covers?|discuss(?:es)?|describes?|"
            r"focus(?:es)? on|(?:is|are) about|deals? with)\b[^.;]{0,80}, not\b",
            "fixed",
        ),
        (
            r"\b(?:lack|lacks|lacking|missing|absent)\b[^.]{0,40}\b(?:information|data|details?|figures?)\b",
            "neg",
        ),
        (r"\bnone of the (?:\w+ )?" + SRC + r"\b", "fixed"),
        (r"\bnowhere\b", "fixed"),
        (r"\bno way (?:to|of) (?:know|tell|determin|say|answer)", "fixed"),
        (r"\b(?:wasn't|was not|weren't|were not) able to\b|\bno basis\b|\bunclear from\b", "fixed"),
        (r"\b(?:gives?|provides?|contains?|offers?|lists?|includes?|has) no\b", "fixed"),
        (
            r"\bnever (?:state|states|stated|mention|mentions|say|says|specif(?:y|ies)|give|gives)\b",
            "fixed",
        ),
        (r"\b(?:isn't|is not|aren't|are not) (?:there|here|included)\b", "fixed"),
        (
            r"\b(?:does|do|did)(?: not|n't) (?:appear|touch|contain|offer|reference|make|have)\b",
            "fixed",
        ),
        (
            r"\bwon't (?:speculate|guess|attempt|answer|be able)\b|"
            r"\b(?:rather|prefer) not (?:to )?(?:guess|speculate)\b",
            "fixed",
        ),
        (r"\bno relevant\b|\bmake[s]? no (?:reference|mention)\b", "fixed"),
        (r"\binsufficient to\b|\babsent from\b|\b(?:is|are) silent\b|\bnothing here\b", "fixed"),
        (
            r"(?:^|:)\W*not (?:stated|specified|mentioned|given|provided|available|found|covered)\b",
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
            r"\b(?:cannot|can't|can ?not|could not|couldn't) be (?:determined|established|answered|known|"
            r"confirmed|found|said|identified|verified|inferred|deduced|resolved)\b",
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
        (r"\bunanswerable\b|\bi must abstain\b|\babstain\b", "neg"),
        (r"\b(?:silent on|says nothing|say nothing)\b", "fixed"),
    ]
]

CLAUSE_SPLIT = re.compile(r"[;:]|,?\s\b(?:but|however|while|although|though|whereas|yet)\b")
INTERJECTION = re.compile(
    r"^\W*(?:(?:sorry|unfortunately|regrettably|sadly|hmm|well|note|honestly|to be honest|"
    r"i'm afraid|my apologies|apologies|thanks for the question)\W+)+"
)
META = re.compile(
    r"^\W*(?:not\b|(?:so |and |but )?"
    r"(?:(?:the|these|those|both|all|this|that|your|my) )?(?:\w+ )?(?:"
    + DOC_WORDS
    + r"|it|they|i|you|question|here is|here's)\b"
    r"|(?:i )?(?:checked|searched|looked|reviewed|went through|scanned|read)\b)"
)
CONTENT_LEAD = re.compile(
    r"^\W*(?:i can (?:tell you|confirm)\b|(?:(?:the|these|this) )?(?:\w+ )?(?:"
    + DOC_WORDS
    + r") (?:shows?|gives?|puts?|lists?|states?|says?|reports?|records?)\b[^.]{0,80}\d)"
)
LEADING_SUB = re.compile(r"^\s*(?:while|although|though|whereas)\b([^,]{1,300}),")
WINDOW = 400  # characters looked at around a cue, so the work per cue is bounded
DECIMAL = re.compile(r"(?<=\d)\.(?=\d)")
SENT_SPLIT = re.compile(r"(?<=[.!?])\s+|\n+")
CONTRAST_AFTER = re.compile(r"[;:,—]|\b(?:but|however|while|although|yet|so)\b")
