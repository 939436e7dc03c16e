"""``score_faithfulness``: the one entry point, with a registry of methods.

Methods (:data:`METHODS`):

- ``"lexical"`` (default) -- :mod:`veracity.faithfulness.lexical`; claim threshold
  :data:`~veracity.faithfulness.lexical.DEFAULT_THRESHOLD` (0.4).
- ``"overlap"`` -- rag-eval-py 0.1.0's claim overlap, rule for rule
  (:mod:`veracity.faithfulness.overlap`); claim threshold 0.8.

Answer score = supported claims / claims; ``None`` with reason ``"no claims"`` when the
answer has no claim (empty, whitespace, punctuation only). The lexical method leaves out
abstentions (:func:`~veracity.faithfulness.claims.is_abstention`: "The documents do not
state X", "I don't know"): they are not factual claims, so an answer made only of them is
undetermined (``None``, reason ``"no claims (states that the contexts do not say)"``),
never 0.0. ``support`` is the
continuous answer-level score (lexical: the lowest claim score, so
``support >= threshold`` exactly when every claim is supported; overlap: the score).

Bad input: ``answer`` must be a ``str`` and ``contexts`` a sequence of ``str`` (a bare
``str`` is taken as one context); anything else raises :class:`InputError`. Empty or
whitespace-only contexts support nothing: every claim with content is unsupported.
Control characters separate tokens; a "sentence" longer than 1,000 characters is cut
into pieces at spaces; all work is linear in the input size. The analysed contexts of
recent calls are cached (:func:`_index`), so repeated contexts are analysed once.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence

from veracity.errors import ConfigError, InputError
from veracity.faithfulness.claim_view import claim_tokens
from veracity.faithfulness.claims import is_abstention, split_claims
from veracity.faithfulness.index import ContextIndex, build_index
from veracity.faithfulness.lexical import (
    DEFAULT_THRESHOLD,
    ClaimAnalysis,
    finish_claim,
    prepare_claim,
)
from veracity.faithfulness.overlap import overlap_faithfulness
from veracity.faithfulness.verdicts import ClaimVerdict, FaithfulnessResult, new_claim_verdict
from veracity.text import Span

__all__ = ["METHODS", "checked_contexts", "lexical_faithfulness", "score_faithfulness"]

CACHE_ENTRIES = 128
CACHE_MAX_CHARS = 100_000
CACHE_TOTAL_CHARS = 1_000_000
_CACHE: OrderedDict[tuple[str, ...], tuple[int, ContextIndex]] = OrderedDict()
_CACHE_SIZE = [0]  # characters of context held by the cache
_CACHE_LOCK = threading.Lock()


def _index(contexts: Sequence[str]) -> ContextIndex:
    """The analysed contexts, from a small LRU cache keyed by the context strings.

    RAG evaluation data repeats contexts (several questions over the same chunks, or one
    sample scored with several thresholds). The cache keeps at most ``CACHE_ENTRIES``
    context lists of at most ``CACHE_MAX_CHARS`` characters each and
    ``CACHE_TOTAL_CHARS`` in all (least recently used dropped first). An index is
    read-only once built, so sharing it does not change any result.
    """
    key = tuple(contexts)
    size = sum(map(len, key))
    if size > CACHE_MAX_CHARS:
        return build_index(key)
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
        if hit is not None:
            _CACHE.move_to_end(key)
            return hit[1]
    idx = build_index(key)
    with _CACHE_LOCK:
        if key not in _CACHE:
            _CACHE[key] = (size, idx)
            _CACHE_SIZE[0] += size
        while len(_CACHE) > CACHE_ENTRIES or _CACHE_SIZE[0] > CACHE_TOTAL_CHARS:
            _, (old, _) = _CACHE.popitem(last=False)
            _CACHE_SIZE[0] -= old
    return idx


_CHECK_TEXT = {
    "number": "number(s) {numbers} in no context",
    "entity": "name(s) {entities} in no context",
    "swap": "roles swapped against the context sentence ({swapped})",
    "negation": "negation differs from the context sentence",
    "question": "a question asserts nothing the contexts can support",
    "first_person": "first-person statement (the speaker's own view)",
    "rare_word": "its one unfound word is rare: likely invented",
}


def lexical_faithfulness(
    answer: str, contexts: Sequence[str], *, threshold: float | None = None
) -> FaithfulnessResult:
    """Lexical faithfulness: ``supported claims / claims``, claim scores as in
    :mod:`veracity.faithfulness.lexical`, ``support = min(claim scores)``."""
    thr = DEFAULT_THRESHOLD if threshold is None else threshold
    pieces = split_claims(answer)
    claims = [c for c in pieces if not is_abstention(c.text)]
    abstained = len(pieces) - len(claims)
    if not claims:
        reason = f"no claims ({ABSTAINED})" if abstained else "no claims"
        return FaithfulnessResult(None, reason, "lexical", [], None, thr)
    idx = _index(contexts)
    verdicts = _verdicts(claims, idx, thr)
    n_ok = sum([v.supported for v in verdicts])
    support = min([v.score for v in verdicts])
    reason = f"{n_ok}/{len(verdicts)} claims supported"
    if not len(idx):
        reason += " (no context text)"
    if abstained:
        reason += f"; {abstained} statement(s) left out: {ABSTAINED}"
    return FaithfulnessResult(n_ok / len(verdicts), reason, "lexical", verdicts, support, thr)


def _verdicts(claims: list[Span], idx: ContextIndex, thr: float) -> list[ClaimVerdict]:
    """One verdict per claim: every distinct claim is prepared, then the postings of all
    their keys are read in one pass, then each claim is finished where it first occurs
    (a repeated claim is analysed once)."""
    seen: dict[str, ClaimAnalysis] = {}
    for c in claims:
        t = c.text
        if t not in seen:
            seen[t] = prepare_claim(claim_tokens(t), t.endswith(_QUESTION_MARKS), idx)
    wanted: set[str] = set()
    for a in seen.values():
        wanted.update(a.mapped.values())
    postings = idx.postings(wanted)
    # an analysis is dropped after its claim's last occurrence: fewer live objects, so
    # fewer garbage collector passes
    last = {c.text: i for i, c in enumerate(claims)}
    reasons: dict[str, str] = {}
    verdicts: list[ClaimVerdict] = []
    for i, c in enumerate(claims):
        t = c.text
        a = seen[t]
        why = reasons.get(t)
        if why is None:
            finish_claim(a, idx, postings)
            why = reasons[t] = _reason(a, a.score >= thr)
        verdicts.append(_verdict(c, a, thr, why))
        if last[t] == i:
            del seen[t]
    return verdicts


_QUESTION_MARKS = ("?", "？")
ABSTAINED = "states that the contexts do not say"


def _reason(a: ClaimAnalysis, ok: bool) -> str:
    """The short human explanation of one claim's verdict."""
    if a.n_tokens == 0 and not a.question:
        return "no content words to check"
    best = a.best
    parts: list[str] = []
    if best is None:
        parts.append("no context sentence shares a content word")
    else:
        parts.append(
            f"{round(100 * a.global_cover)}% of its content found in the contexts, "
            f"{round(100 * a.window_cover)}% around the best sentence (context "
            f"{best.context_index}, chars {best.span.start}-{best.span.end})"
        )
    if a.missing_words:
        parts.append("not found: " + ", ".join(a.missing_words[:10]))
    if a.unattested_pairs:
        shown = "'" + "', '".join(a.unattested_pairs[:5]) + "'"  # each pair quoted
        parts.append(
            f"{len(a.unattested_pairs)} of {a.pairs} word pairs near in no context sentence: {shown}"
        )
    for name in a.failed:
        parts.append(
            _CHECK_TEXT[name].format(
                numbers=", ".join(a.missing_numbers),
                entities=", ".join(a.missing_entities),
                swapped="; ".join(a.swapped),
            )
        )
    return ("supported: " if ok else "unsupported: ") + "; ".join(parts)


def _verdict(claim: Span, a: ClaimAnalysis, thr: float, reason: str) -> ClaimVerdict:
    best = a.best
    span = best.span if best is not None else None
    return new_claim_verdict(  # ClaimVerdict(...) without the frozen __init__'s cost
        claim.text,
        claim.start,
        claim.end,
        a.score >= thr,
        a.score,
        reason,
        best.context_index if best is not None else None,
        span.text if span is not None else None,
        span.start if span is not None else None,
        span.end if span is not None else None,
        list(a.missing_words),
        list(a.missing_numbers),
        list(a.missing_entities),
    )


Method = Callable[..., FaithfulnessResult]
_REGISTRY: dict[str, Method] = {
    "lexical": lexical_faithfulness,
    "overlap": overlap_faithfulness,
}
METHODS: tuple[str, ...] = tuple(_REGISTRY)


def score_faithfulness(
    answer: str,
    contexts: Sequence[str],
    *,
    method: str = "lexical",
    threshold: float | None = None,
) -> FaithfulnessResult:
    """Is each claim of ``answer`` supported by ``contexts``?

    ``score = supported claims / claims`` (``None``, reason "no claims", when the answer
    has none). ``threshold`` (in [0, 1]) overrides the method's claim threshold
    (lexical 0.4, overlap 0.8). Unknown ``method`` or a bad ``threshold`` raise
    :class:`ConfigError`; a non-string answer or context raises :class:`InputError`.
    """
    fn = _REGISTRY.get(method) if isinstance(method, str) else None
    if fn is None:
        raise ConfigError(
            f"unknown faithfulness method {_brief(method)}; choose one of {', '.join(METHODS)}"
        )
    if threshold is not None and not _unit_interval(threshold):
        raise ConfigError(f"threshold must be a number in [0, 1], got {_brief(threshold)}")
    return fn(answer, checked_contexts(answer, contexts), threshold=threshold)


def _unit_interval(value: object) -> bool:
    """An int or float (not a bool) in [0, 1]; ``10**400`` is out, not an overflow."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        x = float(value)
    except OverflowError:
        return False
    return math.isfinite(x) and 0.0 <= x <= 1.0


def _brief(value: object) -> str:
    """``repr`` of a bad option value, cut to 60 characters (it may be huge)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"an integer of about {int(value.bit_length() * math.log10(2)) + 1} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def checked_contexts(answer: object, contexts: object) -> list[str]:
    """Check the inputs of a faithfulness scorer: ``answer`` must be a string and
    ``contexts`` a sequence of strings (a bare string counts as one context).
    Returns the contexts as a list; raises :class:`InputError` naming the field."""
    if not isinstance(answer, str):
        raise InputError(f"must be a string, got {type(answer).__name__}", field="answer")
    if isinstance(contexts, str):
        return [contexts]
    if not isinstance(contexts, Sequence):
        raise InputError(
            f"must be a list of strings, got {type(contexts).__name__}", field="contexts"
        )
    for i, c in enumerate(contexts):
        if not isinstance(c, str):
            raise InputError(f"item {i} must be a string, got {type(c).__name__}", field="contexts")
    return list(contexts)
