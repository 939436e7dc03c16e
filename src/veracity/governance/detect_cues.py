"""The conflict cue tables of :mod:`veracity.governance.detect`: bounded regular
expressions for mode tags, markup, negators, source vocabulary, conflict, agreement and
resolution wording, and the clause and sentence splitters.

Abstention wording and the sentence classifier are in ``detect_sentences.py``; the
"<source> says A, <source> says B" pairs in ``detect_pairs.py``. Every pattern is
bounded (no nested unbounded repetition), so matching is linear in the text's length.
The decision rules that use them live in ``detect.py``.
"""

from __future__ import annotations

import re
from typing import Literal

__all__ = [
    "AGREE",
    "AGREE_MARKER",
    "CLAIM_VERBS",
    "CLAUSE_SPLIT",
    "CONTRAST_AFTER",
    "DECIMAL",
    "DISPUTE",
    "DOC",
    "DOC_WORDS",
    "HARD_NEGATORS",
    "JSON_ANSWER_KEYS",
    "JSON_MODE_KEYS",
    "LATER_FIX",
    "LEADING_SUB",
    "MARKUP",
    "NEGATORS",
    "PAST",
    "QUOTES",
    "REF",
    "REF_SECTION",
    "RESOLVED",
    "RV_VERB",
    "RV_WORDS",
    "SENT_SPLIT",
    "SRC",
    "SRC_WORDS",
    "SUPERSEDED",
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
    "surveys?|labels?|catalogues?|charts?|faqs?|docs|pdfs?|chunks?|exhibits?|monographs?|"
    "datasheets?|handbooks?|threads?|emails?|wikis?|essays?|bulletins?|entries|abstracts?|"
    "summar(?:y|ies)|materials|literature|documentation|knowledge snippets?|search|retrieval"
)
DOC = re.compile(r"\b(?:" + DOC_WORDS + r")\b")
RV_WORDS = "(?:says?|states?|gives?|lists?|reports?|shows?|puts?|claims?|describes?)"
# A reporting verb used as a verb, not as a noun ("the medication list is absent").
RV_VERB = RV_WORDS + r"\b(?! (?:is|are|was|were|of|has|have|had)\b)"
# Reporting verbs of a source's claim, for "<source> <verb> <value>" pairs.
CLAIM_VERBS = (
    r"(?:says?|said|states?|stated|gives?|gave|lists?|listed|reports?|reported|shows?|showed|"
    r"puts?|claims?|claimed|describes?|described|mentions?|mentioned|attributes?|attributed|"
    r"dates?|dated|places?|placed|records?|recorded|credits?|credited|calls?|called|names?|"
    r"named|notes?|noted|argues?(?: for)?|argued|measures?|measured|finds?|found|suggests?|"
    r"suggested|indicates?|indicated|cites?|cited|estimates?|estimated|insists?|maintains?|"
    r"asserts?|reads?|specifies|specified|quotes?|quoted|counts?|counted|identifies|identified|"
    r"warns?|warned|recommends?|recommended|refers? to|points? to)"
)
_NUMBERED = (
    r"(?:source|document|doc|passage|context|report|study|text|article|excerpt|snippet|chunk) "
    r"(?:[a-h]|\d{1,3}|one|two|three|four|five)\b"
)
REF = r"(?:\[\d{1,3}\]|(?:source|document|doc|passage|report) (?:[a-d1-9]|one|two))"

# Conflict cues: (pattern, kind). kind "neg": ignored when negated; "fixed": the
# pattern carries its own negation; "pair": a structural contrast, also cancelled by
# any agreement marker or superseded side in its sentence; "doc": like "neg", and only
# with a document noun in the sentence; "choice": only when the sentence or the two
# before hold two values or two source claims.
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
            r"(?:the|a|an|\[\d{1,3}\]) (?:\w+ ){0,3}?" + RV_VERB,
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
        (r"\b" + SRC + r"\b[^.;:]{0,40}\b(?:differ|diverge|vary|clash)\b", "neg"),
        (
            r"\b(?:" + DOC_WORDS + r"|opinion|experts?|views?|authorities)\b[^.;:]{0,30}"
            r"\b(?:is|are) split\b(?! (?:equally|evenly|between|into|across|among|in half))",
            "neg",
        ),
        (
            r"\bthe (?:first|older|earlier|original) (?:\w+ )?(?:\w+ )?(?:says?|states?|reports?|gives?|"
            r"claims?|puts?|lists?)\b[^.]{0,120}\bthe (?:second|newer|later|other)\b",
            "pair",
        ),
        (
            r"\b" + _NUMBERED + r"\)? (?:\w+ly )?" + CLAIM_VERBS + r"\b[^.]{0,120}\b" + _NUMBERED,
            "pair",
        ),
        (
            r"\b(?:some|most|two|three|several|many) of the (?:\w+ )?(?:"
            + DOC_WORDS
            + r")\b[^.]{0,160}"
            r"\b(?:the (?:other|third|fourth|remaining|rest)|others)\b",
            "pair",
        ),
        (
            r"\bsome (?:of (?:them|these|those) )?(?:\w+ ){0,2}?(?:put|say|give|report|claim|"
            r"list|find|found|suggest|show|describe|call|name|date)\b[^.]{0,120}\bothers?\b",
            "pair",
        ),
        (r"\bin one\b[^.;]{0,80}\bin (?:the other|another|a second)\b", "pair"),
        # wording families: the sources "say different things", "are all over the place",
        # "don't give the same answer" ("doc": needs a document noun in the sentence)
        (r"\bdifferent (?:things|answers|versions|stories|accounts|information)\b", "doc"),
        (r"\ball over the (?:place|map)\b", "doc"),
        (
            r"\b(?:gives?|giving|says?|reports?|lists?|shows?) not the same\b|"
            r"\bnot (?:give|say|report|list|show) the same\b|\b(?:is|are|was|were) not same\b",
            "doc",
        ),
        (
            r"\b(?:can't|cannot|can not|couldn't|could not|unable to|no way to|not able to|"
            r"don't|do not|doesn't|does not)(?: \w+)? (?:resolve|settle|reconcile|explain) "
            r"(?:the|this|that|these|those) (?:\w+ )?(?:difference|differences|discrepancy|gap|"
            r"disagreement|inconsistency|mismatch)\b",
            "fixed",
        ),
        # "I can't say which is accurate", "can't confirm either figure": a conflict when
        # the answer holds two values or two source claims ("choice"), else nothing
        (
            r"\b(?:can't|cannot|can not|couldn't|could not|unable to|not able to|no way to|"
            r"don't know|do not know|not sure|unsure|unclear|hard to|impossible to)\b"
            r"[^.;:]{0,40}?\bwhich (?:(?:one|figure|value|date|number|version|account|source|"
            r"claim|report|document|statement|of (?:the|them|these)(?: \w+)?)s? )?"
            r"(?:to (?:believe|trust|go with|use)|(?:is|was|are|were) (?:the )?(?:more |most )?"
            r"(?:accurate|correct|right|true|reliable|valid|current|authoritative))\b",
            "choice",
        ),
        (
            r"\b(?:can't|cannot|can not|couldn't|could not|unable to|not able to)"
            r" (?:confirm|verify|trust|accept|choose|pick) either (?:figure|value|date|number|"
            r"claim|version|account|one|of (?:them|these|the \w+))\b",
            "choice",
        ),
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
    r"what (?:looked|seemed|appeared) (?:like|to be) (?:a|an) (?:\w+ )?"
    r"(?:conflict|contradiction|discrepancy|disagreement|inconsistency)|"
    r"not (?:a|an actual|a real) (?:conflict|contradiction)|"
    r"(?:sources?|reports?|studies|accounts?|passages?|contexts?|documents?) (?:all )?"
    r"(?:agree|concur|are consistent|converge))\b"
)
# "the same": agreement, except in a prepositional phrase naming the context ("for the
# same release", "from the same month", "of the same recipe").
_SAME = r"(?<!\bfor )(?<!\bof )(?<!\bfrom )(?<!\bin )(?<!\bat )(?<!\bon )the same"
AGREE = re.compile(
    r"\b(?:(?:they|both|all|each) (?:\w+ )?(?:agree|concur)|"
    r"(?:both|all|each)(?: [a-z0-9]+){0,2}? (?:give|gives|say|says|state|states|report|reports|"
    r"list|lists|put|puts|use|cite|show|shows|confirm|confirms)\b"
    r"(?! (?:two |several |very )?(?:different|conflicting|contradictory|opposite|differing|"
    r"varying|incompatible))|"
    r"(?:are|is|were) consistent|reconcil(?:es|ed|ing) (?:them|the)|" + _SAME + r")\b"
)
AGREE_MARKER = re.compile(
    r"\b(?:(?<!\bfor the )(?<!\bof the )(?<!\bfrom the )(?<!\bin the )(?<!\bat the )same|both|"
    r"also|likewise|confirms?|confirmed|matching|matches|consistent|agrees?|as well)\b|"
    r"\btoo\b(?=[.,;)]|$)"
)
# One side of a pair marked as replaced: "the draft said 4.1%, the final report says 3.8%".
SUPERSEDED = re.compile(
    r"\b(?:drafts?|preliminary|provisional|superseded|outdated|revised|corrected|amended|"
    r"final|updated)\b"
)
PAST = re.compile(
    r"\b(?:earlier|initially|originally|previously|at first|formerly|early drafts?|preliminary|"
    r"used to|at one point|in the early|once)\b"
)
LATER_FIX = re.compile(
    r"\b(?:later|since|subsequently|eventually|final|revised|updated|corrected|reconcil\w*|"
    r"settled|resolved|confirmed|now|approved|official|published|latest|current|adopted|amended)\b"
)

CLAUSE_SPLIT = re.compile(r"[;:]|,?\s\b(?:but|however|while|although|though|whereas|yet)\b")
LEADING_SUB = re.compile(r"^\s*(?:while|although|though|whereas)\b([^,]{1,300}),")
WINDOW = 400  # characters looked at around a cue, so the work per cue is bounded
DECIMAL = re.compile(r"(?<=\d)\.(?=\d)")
SENT_SPLIT = re.compile(r"(?<=[.!?])\s+|\n+")
CONTRAST_AFTER = re.compile(r"[;:,—]|\b(?:but|however|while|although|yet|so)\b")
