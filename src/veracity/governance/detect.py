"""Read the governance mode (abstain / disputed / trustworthy) from an answer's wording.

Many RAG systems return only text. :func:`detect_mode` classifies that text
deterministically with cue phrases, in this order:

1. An explicit mode tag at the start ("MODE: ABSTAIN", "[DISPUTED]", "Trustworthy:")
   wins. A JSON object answer is read through its fields: a ``mode`` / ``status`` /
   ``label`` field holding a mode name is a tag; otherwise its string values are the text.
2. Markdown markup (headers, bullets, bold) is dropped, and so is a trailing
   "Sources" / "References" section. Quoted spans ("..." / “...” / '...') are removed,
   so a source quoted as saying "no data were collected" is not read as the answer
   abstaining.
3. The text is split into sentences (and lines) and clauses (``;``, ``:``, ``but``,
   ``however``, ``while``, ``(al)though``, ``whereas``, ``yet``). A cue whose clause has a
   negator within the six words before it ("it is not true that the sources disagree",
   "nobody disputes", "there is no conflict") does not count.
4. Conflict cues (tables in ``detect_cues.py``): explicit words ("disagree",
   "contradict", "discrepancy", "don't line up"); wording families ("say different
   things", "all over the place", "give not the same answer": only with a document noun
   in the sentence; "can't resolve the difference"); structural contrasts ("one report
   says ... another ...", "[1] ... however [2] ...", "two of the documents ... the third
   ...", "some ... others", "in one ..., in the other"); source-claim pairs
   (``detect_pairs.py``: "the memo says Friday, the calendar invite says Monday",
   "passage 1 describes ..., passage 3 mentions ...", "one says 8, another 9", and across
   two sentences when the second opens with a contrast word or an ordinal subject), which
   need a reporting verb after the first source and different values; and "I can't say
   which is accurate" / "can't confirm either figure" when the sentence or the two before
   hold two values or two source claims. A negated agreement ("it is not true that the
   sources agree") is a conflict cue. A conflict cue is cancelled by (a) a global
   resolution ("supersedes", "the conflict was resolved", "the sources agree", "what
   looked like a contradiction"); (b) an agreement statement later in the same sentence
   ("..., but the documents all give 1066"; "while they differ in wording, they agree
   ..."); (c) for structural contrasts and pairs only, any agreement marker ("the second
   paper confirms the same figure"; "the same" in "for the same release" is not one) or a
   superseded side ("the draft said 4.1%, the final report says 3.8%"); (d) for a cue
   marked as past ("earlier reports disagreed") a later correction or final figure.
5. Each sentence (``detect_sentences.py``) is an *abstention* (a live abstention cue and
   no clause that states content), an *answer* (content that is not about the sources,
   the search or the question) or *neutral* (short labels, headers, questions and echoes
   of the question, pleasantries, remarks about the sources or the search). Partial
   answers: an answer that first states a fact and then says some other part is not
   available is ``trustworthy``; it is ``abstain`` when the first non-neutral sentence
   abstains, abstentions outnumber answers, or they tie and the answer closes with a
   consequence ("so I can't give you the mass", "I can't answer that.").
6. Decision: any live conflict cue -> ``disputed``; else the abstention rule ->
   ``abstain``; else ``trustworthy``. An empty answer is ``abstain``.

Every pattern is a bounded regular expression (no nested unbounded repetition), so the
run time is linear in the answer's length. The result names the deciding cue and a
one-line reason.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, replace
from typing import Literal

from veracity.errors import InputError
from veracity.governance import detect_cues as cues
from veracity.governance.detect_pairs import pair_conflict, two_claims
from veracity.governance.detect_sentences import classify, is_consequence, negated
from veracity.governance.responses import GovResponse

__all__ = ["DetectedMode", "detect_mode", "with_detected_mode"]

Mode = Literal["trustworthy", "disputed", "abstain"]


@dataclass(frozen=True)
class DetectedMode:
    """The mode read from an answer, the cue phrase that decided it (or None) and why."""

    mode: Mode
    cue: str | None
    reason: str


def _normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    return text.replace("’", "'").replace("‘", "'")


def _json_view(text: str) -> tuple[Mode | None, str] | None:
    """For a JSON object answer: (mode from its fields or None, its string values).

    A mode / status / label field holding a mode name gives that mode; an empty or null
    ``answer`` field gives ``abstain``; otherwise the mode is None and the text is the
    object's string values joined as sentences.
    """
    if not text.startswith("{"):
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    for key in cues.JSON_MODE_KEYS:
        value = data.get(key)
        if isinstance(value, str) and value.strip().lower() in cues.TAG_MODES:
            return cues.TAG_MODES[value.strip().lower()], "explicit mode field in a JSON answer"
    for key in cues.JSON_ANSWER_KEYS:
        if key in data and (data[key] is None or data[key] == "" or data[key] == []):
            return "abstain", "empty answer field"
    strings = [v.strip() for v in data.values() if isinstance(v, str) and v.strip()]
    return None, ". ".join(s.rstrip(".") for s in strings)


def _strip_markup(text: str) -> str:
    """Drop markdown markup and a trailing sources / references section."""
    section = cues.REF_SECTION.search(text)
    if section and section.start() > 0:
        text = text[: section.start()]
    return "\n".join(cues.MARKUP.sub("", line) for line in text.split("\n"))


def _conflict_cancelled(sentence: str, m: re.Match[str], kind: str, body_rest: str) -> bool:
    """Rules 4(b)-(d) of the module docstring for one conflict cue (bounded windows)."""
    after = sentence[m.end() : m.end() + cues.WINDOW]
    agree = cues.AGREE.search(after)
    if (
        agree
        and cues.CONTRAST_AFTER.search(after[: agree.start()] + " ")
        and not negated(after, agree.start())
    ):
        return True
    near = sentence[max(0, m.start() - cues.WINDOW) : m.end() + cues.WINDOW]
    if kind == "pair" and (
        cues.AGREE_MARKER.search(near) or cues.AGREE.search(near) or cues.SUPERSEDED.search(near)
    ):
        return True
    before = sentence[max(0, m.start() - cues.WINDOW) : m.start()]
    clause_start = max([c.end() for c in cues.CLAUSE_SPLIT.finditer(before)] or [0])
    past = cues.PAST.search(before[clause_start:] + m.group(0))
    return bool(past and cues.LATER_FIX.search(after + " " + body_rest[: cues.WINDOW]))


def _first_conflict(sentences: list[str]) -> str | None:
    """The first live conflict cue of the answer, or None."""
    for i, sentence in enumerate(sentences):
        rest = " ".join(sentences[i + 1 : i + 3])
        for pattern, kind in cues.DISPUTE:
            for m in pattern.finditer(sentence):
                if kind in ("neg", "pair", "doc") and negated(sentence, m.start()):
                    continue
                if kind == "doc" and not cues.DOC.search(sentence):
                    continue
                if kind == "choice" and not two_claims(
                    " ".join(sentences[max(0, i - 2) : i + 1])[-2 * cues.WINDOW :]
                ):
                    continue
                if not _conflict_cancelled(sentence, m, kind, rest):
                    return m.group(0)
        pair = pair_conflict(sentences, i)
        if pair is not None:
            return pair
        for m in cues.RESOLVED.finditer(sentence):
            if negated(sentence, m.start(), cues.HARD_NEGATORS) and "agree" in m.group(0):
                return "not " + m.group(0)
    return None


def _resolution(body: str) -> str | None:
    for m in cues.RESOLVED.finditer(body):
        if not negated(body, m.start()):
            return m.group(0)
    return None


def detect_mode(answer: str) -> DetectedMode:
    """Classify ``answer`` as abstain, disputed or trustworthy from its wording (see module)."""
    if not isinstance(answer, str):
        raise InputError(f"must be a string, got {type(answer).__name__}", field="answer")
    text = _normalise(answer).strip()
    if not text:
        return DetectedMode("abstain", None, "empty answer")
    tag = cues.TAG.match(text + "\n")
    if tag:
        mode = cues.TAG_MODES[tag.group(1).lower()]
        return DetectedMode(mode, tag.group(1), "explicit mode tag")
    view = _json_view(text)
    if view is not None:
        if view[0] is not None:
            return DetectedMode(view[0], None, view[1])
        text = view[1]
    body = cues.DECIMAL.sub("·", cues.QUOTES.sub(" QUOTED ", _strip_markup(text))).lower()
    sentences = [s.strip() for s in cues.SENT_SPLIT.split(body) if s.strip()]
    if not sentences:
        return DetectedMode("abstain", None, "empty answer")
    resolved = _resolution(body)
    conflict = None if resolved else _first_conflict(sentences)
    if conflict:
        return DetectedMode("disputed", conflict, "states that the sources conflict")
    kinds = [classify(s) for s in sentences]
    abstained = [cues for kind, cues in kinds if kind == "abstain"]
    if abstained:
        first = next(kind for kind, _ in kinds if kind != "neutral")
        if first == "abstain":
            return DetectedMode(
                "abstain", abstained[0][0], "first sentence says the answer is not available"
            )
        answers = sum(kind == "answer" for kind, _ in kinds)
        if len(abstained) > answers:
            return DetectedMode(
                "abstain", abstained[0][0], "most sentences say the answer is not available"
            )
        last = max(i for i, (kind, _) in enumerate(kinds) if kind != "neutral")
        if (
            len(abstained) == answers
            and kinds[last][0] == "abstain"
            and is_consequence(sentences[last])
        ):
            return DetectedMode("abstain", kinds[last][1][0], "ends by concluding it cannot answer")
    if resolved:
        return DetectedMode("trustworthy", resolved, "conflict stated as resolved")
    return DetectedMode("trustworthy", None, "answers without abstention or conflict cues")


def with_detected_mode(response: GovResponse) -> GovResponse:
    """``response`` with its mode read from its answer when it gives none.

    A response that names a mode, has no answer or records a system error is returned
    unchanged. Otherwise the mode is :func:`detect_mode`'s, and ``raw`` gains
    ``mode_detected: true`` with the deciding ``cue`` and the ``reason``, so a report
    shows which modes were read from the wording.
    """
    if response.mode is not None or response.answer is None or response.error is not None:
        return response
    found = detect_mode(response.answer)
    raw = dict(response.raw or {})
    raw.update(mode_detected=True, cue=found.cue, reason=found.reason)
    return replace(response, mode=found.mode, raw=raw)
