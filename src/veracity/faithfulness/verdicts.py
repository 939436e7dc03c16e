"""Result types of faithfulness scoring: one :class:`ClaimVerdict` per claim, one
:class:`FaithfulnessResult` per answer. Both are frozen and serialise to JSON-safe dicts.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

__all__ = ["ClaimVerdict", "FaithfulnessResult", "new_claim_verdict"]


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    """The verdict on one claim of the answer.

    ``text == answer[start:end]``. ``score`` in [0, 1] is the claim's support; the claim
    is ``supported`` when ``score >= threshold``. ``context_index`` / ``context_sentence``
    (with ``context_start`` / ``context_end`` offsets into that context) name the best
    supporting context sentence, or are ``None`` when no context shares a content word.
    ``unmatched_*`` list what the claim says that the contexts do not (words found in no
    context; numbers and entities absent from the contexts or contradicting the best
    sentence). ``reason`` is a short human explanation.
    """

    text: str
    start: int
    end: int
    supported: bool
    score: float
    reason: str
    context_index: int | None = None
    context_sentence: str | None = None
    context_start: int | None = None
    context_end: int | None = None
    unmatched_words: list[str] = field(default_factory=list)
    unmatched_numbers: list[str] = field(default_factory=list)
    unmatched_entities: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe dict with every field."""
        return {
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "supported": self.supported,
            "score": self.score,
            "reason": self.reason,
            "context_index": self.context_index,
            "context_sentence": self.context_sentence,
            "context_start": self.context_start,
            "context_end": self.context_end,
            "unmatched_words": list(self.unmatched_words),
            "unmatched_numbers": list(self.unmatched_numbers),
            "unmatched_entities": list(self.unmatched_entities),
        }


# the slot setters of ClaimVerdict, in field order (what its frozen __init__ reaches
# through one object.__setattr__ call per field)
(
    _SET_TEXT,
    _SET_START,
    _SET_END,
    _SET_SUPPORTED,
    _SET_SCORE,
    _SET_REASON,
    _SET_CONTEXT_INDEX,
    _SET_CONTEXT_SENTENCE,
    _SET_CONTEXT_START,
    _SET_CONTEXT_END,
    _SET_UNMATCHED_WORDS,
    _SET_UNMATCHED_NUMBERS,
    _SET_UNMATCHED_ENTITIES,
) = (getattr(ClaimVerdict, f.name).__set__ for f in fields(ClaimVerdict))
_NEW = object.__new__


def new_claim_verdict(
    text: str,
    start: int,
    end: int,
    supported: bool,
    score: float,
    reason: str,
    context_index: int | None,
    context_sentence: str | None,
    context_start: int | None,
    context_end: int | None,
    unmatched_words: list[str],
    unmatched_numbers: list[str],
    unmatched_entities: list[str],
) -> ClaimVerdict:
    """``ClaimVerdict(text, start, ..., unmatched_entities)`` (every field, in order),
    built by setting its slots directly: the same object at about half the cost of the
    frozen ``__init__``, for the lexical scorer's per-claim loop."""
    v: ClaimVerdict = _NEW(ClaimVerdict)
    _SET_TEXT(v, text)
    _SET_START(v, start)
    _SET_END(v, end)
    _SET_SUPPORTED(v, supported)
    _SET_SCORE(v, score)
    _SET_REASON(v, reason)
    _SET_CONTEXT_INDEX(v, context_index)
    _SET_CONTEXT_SENTENCE(v, context_sentence)
    _SET_CONTEXT_START(v, context_start)
    _SET_CONTEXT_END(v, context_end)
    _SET_UNMATCHED_WORDS(v, unmatched_words)
    _SET_UNMATCHED_NUMBERS(v, unmatched_numbers)
    _SET_UNMATCHED_ENTITIES(v, unmatched_entities)
    return v


@dataclass(frozen=True, slots=True)
class FaithfulnessResult:
    """Answer-level result.

    ``score`` = supported claims / claims, or ``None`` with ``reason == "no claims"``.
    ``support`` is the continuous answer-level score (for ranking / AUROC): the lowest
    claim score (``None`` when there are no claims). ``threshold`` is the claim threshold
    that was applied. ``judge_failures`` (the ``judge`` method only, else ``None``) counts
    the claims on which the model judge failed.
    """

    score: float | None
    reason: str
    method: str
    claims: list[ClaimVerdict]
    support: float | None = None
    threshold: float | None = None
    judge_failures: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe dict: score, support, threshold, reason, method and the claims, plus
        ``judge_failures`` when the judge method scored it."""
        out: dict[str, Any] = {
            "score": self.score,
            "support": self.support,
            "threshold": self.threshold,
            "reason": self.reason,
            "method": self.method,
            "claims": [c.to_dict() for c in self.claims],
        }
        if self.judge_failures is not None:
            out["judge_failures"] = self.judge_failures
        return out
