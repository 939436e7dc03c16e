"""rag-eval-py 0.1.0's claim-overlap faithfulness, reproduced rule for rule.

Rules (``method="overlap"``):

1. Claims: split the answer on runs of ``[.!?]``, then each piece on ``;\\s*`` and on
   ``,\\s+(but|however|whereas|although)\\s+`` (case-insensitive); keep stripped,
   non-empty pieces.
2. Words: ``[a-z0-9]+`` on the lower-cased text, minus 17 stopwords
   (:data:`OVERLAP_STOPWORDS`).
3. A claim is supported when ``matched / content words >= 0.8`` (the default
   threshold), where matched counts the claim's content words (with repeats) found
   anywhere in the union of all contexts; a claim with no content word is supported.
4. Score = supported claims / claims.

The single difference from rag-eval-py: an answer with no claims scores ``None``
(reason "no claims") instead of 1.0. :func:`overlap_faithfulness_raw` returns
rag-eval-py's exact tuple, 1.0 included, for reproducing old numbers.
Unlike rag-eval-py, the contexts are tokenised once per answer, not once per claim.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from veracity.faithfulness.verdicts import ClaimVerdict, FaithfulnessResult

__all__ = [
    "OVERLAP_STOPWORDS",
    "OVERLAP_THRESHOLD",
    "overlap_claims",
    "overlap_faithfulness",
    "overlap_faithfulness_raw",
]

OVERLAP_THRESHOLD = 0.8
OVERLAP_STOPWORDS: frozenset[str] = frozenset(
    "the a an is are was were of to and or in on for with it this".split()
)
_SENT_RE = re.compile(r"[.!?]+")
_CLAUSE_RE = re.compile(r";\s*|,\s+(?:but|however|whereas|although)\s+", re.IGNORECASE)
_WORD_RE = re.compile(r"[a-z0-9]+")


def overlap_claims(answer: str) -> list[tuple[int, int]]:
    """Claim spans ``(start, end)`` in ``answer``, by rag-eval-py's splitting rules."""
    out: list[tuple[int, int]] = []
    if not answer.strip():
        return out
    pos = 0
    for sm in [*_SENT_RE.finditer(answer), None]:
        s_end = sm.start() if sm else len(answer)
        start = pos
        for cm in _CLAUSE_RE.finditer(answer, pos, s_end):
            _add(answer, start, cm.start(), out)
            start = cm.end()
        _add(answer, start, s_end, out)
        if sm:
            pos = sm.end()
    return out


def _add(text: str, start: int, end: int, out: list[tuple[int, int]]) -> None:
    piece = text[start:end]
    stripped = piece.strip()
    if stripped:
        lead = len(piece) - len(piece.lstrip())
        out.append((start + lead, start + lead + len(stripped)))


def overlap_faithfulness(
    answer: str, contexts: Sequence[str], *, threshold: float | None = None
) -> FaithfulnessResult:
    """Score ``answer`` with rag-eval's claim overlap (formula in the module docstring)."""
    thr = OVERLAP_THRESHOLD if threshold is None else threshold
    vocab = set(_WORD_RE.findall(" ".join(contexts).lower()))
    verdicts: list[ClaimVerdict] = []
    for start, end in overlap_claims(answer):
        text = answer[start:end]
        words = [w for w in _WORD_RE.findall(text.lower()) if w not in OVERLAP_STOPWORDS]
        if not words:
            verdicts.append(ClaimVerdict(text, start, end, True, 1.0, "no content words"))
            continue
        missing = [w for w in words if w not in vocab]
        ratio = (len(words) - len(missing)) / len(words)
        ok = ratio >= thr
        reason = f"{len(words) - len(missing)}/{len(words)} content words found in the contexts"
        verdicts.append(
            ClaimVerdict(text, start, end, ok, ratio, reason, unmatched_words=sorted(set(missing)))
        )
    if not verdicts:
        return FaithfulnessResult(None, "no claims", "overlap", [], None, thr)
    n_ok = sum(v.supported for v in verdicts)
    score = n_ok / len(verdicts)
    return FaithfulnessResult(
        score, f"{n_ok}/{len(verdicts)} claims supported", "overlap", verdicts, score, thr
    )


def overlap_faithfulness_raw(
    answer: str, contexts: Sequence[str]
) -> tuple[float, list[str], list[str]]:
    """rag-eval-py's exact return value: ``(score, supported, unsupported)``, 1.0 if no claims."""
    res = overlap_faithfulness(answer, contexts)
    if res.score is None:
        return 1.0, [], []
    return (
        res.score,
        [c.text for c in res.claims if c.supported],
        [c.text for c in res.claims if not c.supported],
    )
