"""Faithfulness: is each claim of an answer supported by the contexts?

``score_faithfulness(answer, contexts, method="lexical", threshold=None)`` splits the
answer into claims (sentences and contrastive clauses, with character spans), scores
each claim against the contexts, and returns a :class:`FaithfulnessResult`:
``score = supported claims / claims`` (``None``, reason "no claims", for an answer
without claims), a continuous ``support`` (lowest claim score, for ranking/AUROC),
and one :class:`ClaimVerdict` per claim naming its best context sentence, the words,
numbers and names it could not find, and a short reason.
The lexical method leaves out abstentions ("The documents do not state X.", "I don't
know."): they are not factual claims, so an answer made only of them is undetermined
(``None``, reason "no claims (states that the contexts do not say)"), never 0.0.

Methods: ``"lexical"`` (default; claim threshold 0.4; see
:mod:`veracity.faithfulness.lexical` for the formula) and ``"overlap"`` (rag-eval-py's
claim overlap reproduced exactly, threshold 0.8, except that no claims gives ``None``
instead of 1.0; :func:`overlap_faithfulness_raw` keeps the 1.0).
"""

from __future__ import annotations

from veracity.faithfulness.api import METHODS, score_faithfulness
from veracity.faithfulness.lexical import DEFAULT_THRESHOLD
from veracity.faithfulness.overlap import overlap_faithfulness_raw
from veracity.faithfulness.verdicts import ClaimVerdict, FaithfulnessResult

__all__ = [
    "DEFAULT_THRESHOLD",
    "METHODS",
    "ClaimVerdict",
    "FaithfulnessResult",
    "overlap_faithfulness_raw",
    "score_faithfulness",
]
