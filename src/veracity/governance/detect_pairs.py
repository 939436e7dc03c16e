"""Source-claim pairs for :mod:`veracity.governance.detect`: "<source> says A, <source>
says B" with different values is a conflict, with or without a contrast word.

A *claim head* is a source-like subject followed by a reporting verb: a document noun
with up to four words before it ("the police report says", "the insurer's assessment
says", "the blog version of the same recipe says"), a numbered reference ("[5] gives",
"source 4 attributes", "passage 3 mentions") or an ordinal / other ("one says",
"another says", "the second describes", "others say"). The verb must be used as a verb
("the medication list is absent" is no head), so a citation list "(Source 1, Source 2)"
never forms a pair. The claim is the text after the head up to the next head.

Two heads with different subjects form a conflict when their claims differ: when both
hold numbers, neither set of numbers contains the other ("70 km/h" vs "80 km/h");
otherwise neither set of content words contains the other ("Friday" vs "Monday").
Pairs run within a sentence, or across two adjacent sentences when the second one
opens with a head that carries a contrast word ("A catalogue essay, however, argues")
or an ordinal subject ("The second describes ..."). A pair is cancelled by an agreement
marker in its sentences ("also", "both", "confirms", "the same" not in a phrase like
"for the same release", a final "too").

Every pattern is bounded; the number of heads looked at per sentence is capped, so the
work is linear in the answer's length.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from veracity.governance.detect_cues import (
    AGREE,
    AGREE_MARKER,
    CLAIM_VERBS,
    DOC_WORDS,
    SUPERSEDED,
)

__all__ = ["GAP", "HEAD", "claim_heads", "pair_conflict", "two_claims"]

_W = r"[\w'·-]+"
_NOUNS = (
    DOC_WORDS + r"|agreements?|contracts?|polic(?:y|ies)|invites?|invitations?|notices?|"
    r"letters?|cards?|timetables?|schedules?|calendars?|assessments?|presentations?|decks?|"
    r"registers?|registry|certificates?|announcements?|releases?|profiles?|biograph(?:y|ies)|"
    r"posts?|blogs?|panels?|sections?|sheets?|newspapers?|magazines?|publishers?|agency|"
    r"agencies|ministry|office|police|witness(?:es)?|experts?|authors?|historians?|"
    r"organi[sz]ers?|statement|claim|study|estimate|finding|invoices?|receipts?|note|tickets?|"
    r"signs?|plaques?|menus?|forms?|spreadsheets?|captions?|footnotes?|inscriptions?|posters?|"
    r"flyers?|apps?|databases?|portals?|dashboards?|director(?:y|ies)|index"
)
_DET = r"(?:the|a|an|its|their|this|that|these|those|my|your|his|her|our)"
_NOUN_BARE = _DET + r" (?:" + _W + r" ){0,4}?(?:" + _NOUNS + r")\b"
_NOUN_SUBJ = _NOUN_BARE + r"(?: (?:of|from|in|for|on) (?:" + _W + r" ){0,3}?" + _W + r")?"
_REF_SUBJ = (
    r"\[\d{1,3}\]|(?:source|document|doc|passage|report|study|text|article|excerpt|snippet|"
    r"context|chunk|result|reference|exhibit|table|appendix|annex) (?:[a-h]|\d{1,3}|one|two|"
    r"three|four|five)\b"
)
_ORD_SUBJ = (
    r"(?:(?:the|a) )?(?:first|second|third|fourth|fifth|other|latter|former|older|newer|"
    r"earlier|later|last)(?: one| (?:" + _W + r" ){0,2}?(?:" + _NOUNS + r")\b)?|"
    r"another(?: one)?|(?<!no )one|others|some|other"
)
_ORDINAL = re.compile(r"^(?:(?:the|a) )?(?:second|third|fourth|fifth|other|latter|later|newer)")
_SUBJ = r"(?P<subj>" + _REF_SUBJ + "|" + _NOUN_SUBJ + "|" + _ORD_SUBJ + r")"
_ASIDE = r"(?:,? (?:however|by contrast|in contrast|meanwhile|instead|though|on the other hand),?)?"
HEAD = re.compile(
    r"(?<![\w'\[])"
    + _SUBJ
    + _ASIDE
    + r"(?: \([^()]{1,40}\))?(?: (?:\w+ly |also |too )?(?P<verb>"
    + CLAIM_VERBS
    + r")\b(?! (?:is|are|was|were|of|has|have|had|and|or)\b)|:)"
)
# A gapped second claim: "..., passage B as 12 May", "..., another 7", "; the other at 22:40".
GAP = re.compile(
    r"(?:[,;]|\band|\bwhile|\bwhereas|\bbut) (?:and |while |whereas |but )?"
    + r"(?P<subj>"
    + _REF_SUBJ
    + "|"
    + _NOUN_BARE
    + "|"
    + _ORD_SUBJ
    + r")"
    + r"(?: \([^()]{1,40}\))?,? (?=(?:as|at|in|on|with|for|from)\b|[\d€$£])"
)
_ACCORDING = re.compile(
    r"\b(?:according to|per) (?P<subj>" + _REF_SUBJ + "|" + _NOUN_SUBJ + "|" + _ORD_SUBJ + r")\b,?"
)
_OPENING = re.compile(r"^\W{0,3}(?:(?:but|however|by contrast|in contrast|meanwhile|yet),? )?")
_CONTRAST = re.compile(r"\b(?:however|but|by contrast|in contrast|on the other hand|instead|yet)\b")
_NUMBER = re.compile(r"\d[\d·,:]{0,20}\d|\d")
_VALUE = re.compile(
    r"(?P<num>\d[\d·,:]{0,20}\d|\d)(?:\s?(?P<unit>%|°\s?c|°\s?f|[a-z/]{1,12}))?|"
    r"\b(?P<name>(?:jan|febr)uary|march|april|may|june|july|august|september|october|"
    r"november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"
)
_WORD = re.compile(r"[a-z][a-z'-]{1,30}")
_STOP = frozenset(
    "the a an of in on at to for is was are were be been it its as by and or that this with "
    "from has have had which who also than then there their they them so per into about "
    "while whereas but however yet".split()
)
_NAMES = frozenset(
    "january february march april may june july august september october november december "
    "monday tuesday wednesday thursday friday saturday sunday".split()
)
_NOT_UNITS = frozenset("not no nor if when after before until under over up down only".split())
MAX_HEADS = 12  # heads looked at per sentence, so the pair work per sentence is bounded


@dataclass(frozen=True)
class _Head:
    start: int
    end: int
    subj: str
    text: str
    gapped: bool


def claim_heads(sentence: str) -> list[_Head]:
    """The claim heads of ``sentence`` (at most :data:`MAX_HEADS` of each form), in order.

    A gapped head (no verb) counts only after a head with a verb.
    """
    heads: list[_Head] = []
    for m in HEAD.finditer(sentence):
        heads.append(_Head(m.start(), m.end(), m.group("subj"), m.group(0), False))
        if len(heads) >= MAX_HEADS:
            break
    if heads:
        gaps = []
        for m in GAP.finditer(sentence, heads[0].end):
            start = m.start("subj")
            if not any(h.start <= start < h.end or start <= h.start < m.end() for h in heads):
                gaps.append(_Head(start, m.end(), m.group("subj"), m.group(0), True))
            if len(gaps) >= MAX_HEADS:
                break
        heads = sorted(heads + gaps, key=lambda h: h.start)
    return heads


def _values(claim: str) -> dict[str, set[str]]:
    """The claim's values by kind: a number keyed by the word after it (its unit, or ""),
    a month or weekday name keyed by "month" / "day"."""
    values: dict[str, set[str]] = {}
    for m in _VALUE.finditer(claim):
        if m.group("num"):
            unit = m.group("unit") or ""
            unit = "" if unit in _STOP or unit in _NOT_UNITS else unit
            values.setdefault(unit, set()).add(m.group("num").replace(",", ""))
        else:
            word = m.group("name")
            kind = "day" if word.endswith("day") else "month"
            values.setdefault(kind, set()).add(word[:3])
    return values


def _differ(a: str, b: str) -> bool:
    """True when claims ``a`` and ``b`` state different values (see module docstring)."""
    va, vb = _values(a[:200]), _values(b[:200])
    common = va.keys() & vb.keys()
    wa = {w for w in _WORD.findall(a[:200]) if w not in _STOP and w not in _NAMES}
    wb = {w for w in _WORD.findall(b[:200]) if w not in _STOP and w not in _NAMES}
    if common:
        if wa and wb and wa.isdisjoint(wb):
            return False  # values of different things ("arrive at 9:00", "starts at 9:30")
        return any(not (va[k] <= vb[k] or vb[k] <= va[k]) for k in common)
    if va and vb:
        return False  # values of different kinds ("230 V" and "2 A"): different facts
    return bool(wa and wb) and not (wa <= wb or wb <= wa)


def _agrees(text: str) -> bool:
    """An agreement marker, or one side marked as superseded ("the draft said 4.1%, the
    final report says 3.8%")."""
    return bool(AGREE_MARKER.search(text) or AGREE.search(text) or SUPERSEDED.search(text))


def _within(sentence: str) -> str | None:
    heads = claim_heads(sentence)
    for i in range(len(heads) - 1):
        first, second = heads[i], heads[i + 1]
        if first.subj == second.subj:
            continue
        end = heads[i + 2].start if i + 2 < len(heads) else len(sentence)
        claim_a = sentence[first.end : second.start][:200]
        claim_b = sentence[second.end : end][:200]
        if _differ(claim_a, claim_b):
            return sentence[first.start : second.end][:160]
    return None


def _across(sentence: str, following: str) -> str | None:
    opening = _OPENING.match(following)
    start = opening.end() if opening else 0
    second = HEAD.match(following, start)
    if second is None:
        return None
    heads = claim_heads(sentence)
    according = _ACCORDING.search(sentence)
    if heads and (according is None or heads[-1].start > according.start()):
        first_end, first_text = heads[-1].end, heads[-1].text
    elif according is not None:
        first_end, first_text = according.end(), according.group(0)
    else:
        return None
    contrast = _CONTRAST.search(following[: second.end()])
    if contrast is None and not _ORDINAL.match(second.group("subj")):
        return None
    claim_b = following[second.end() :][:200]
    if _differ(sentence[first_end:][:200], claim_b):
        return f"{first_text} ... {second.group(0)}"
    return None


def pair_conflict(sentences: list[str], i: int) -> str | None:
    """The first source-claim pair in sentence ``i`` (or across ``i`` and ``i + 1``)."""
    sentence = sentences[i]
    found = _within(sentence)
    if found is not None and not _agrees(sentence):
        return found
    if i + 1 < len(sentences):
        following = sentences[i + 1]
        found = _across(sentence, following)
        if found is not None and not _agrees(sentence + " " + following):
            return found
    return None


def two_claims(body: str) -> bool:
    """True when ``body`` holds two distinct numbers or two claim heads (bounded scan)."""
    numbers: set[str] = set()
    for m in _NUMBER.finditer(body):
        numbers.add(m.group(0).replace(",", ""))
        if len(numbers) >= 2:
            return True
    return any(i >= 1 for i, _ in enumerate(HEAD.finditer(body)))
