"""The lexical faithfulness scorer (``method="lexical"``, the default).

Each claim is scored against a :class:`ContextIndex` built once per answer
(:func:`prepare_claim`, then :func:`finish_claim`; :func:`score_claim` does both for one
claim). Notation: ``w(t)`` is the information weight of content token
``t`` (:func:`~veracity.faithfulness.frequency.word_weight`: rare words weigh more;
numbers, initialisms and character n-grams weigh ``WEIGHT_MAX``); a token is *found*
when its key, or for a non-name an inflection of it ("reduc" / "reduction"; a shared
prefix of at least five letters, chosen deterministically by
:meth:`ContextIndex.variant`), is in some context sentence; ``W`` is the total
weight of the claim's distinct tokens.

- ``sentence_cover`` = weight found in the best single context sentence / ``W``
- ``window_cover``   = weight found in the best window (best sentence and its
  neighbours in the same context) / ``W``
- ``global_cover``   = weight found anywhere in the contexts / ``W``
- ``gap``            = the weight of the rarest token found nowhere (0 if none)

    base  = 0.25 * sentence_cover + 0.25 * window_cover + 0.5 * global_cover
    score = base * (1 - gap / (gap + GAP_K))           # the weakest word counts
    score *= 1 - PAIR_PENALTY * unattested / pairs     # the weakest word pair counts

where ``pairs`` counts the claim's adjacent content-word pairs (bigrams) whose two
words both occur in the contexts, and ``unattested`` those whose words never occur
within ``PAIR_WINDOW`` content words of each other in any context sentence: an
invented pairing of known words ("France is the capital of Paris" keeps every word).
    score *= product of the factors of the checks that fail:
        a number found in no context                                  x 0.1
        an entity found in no context (an initialism, a capitalised word
          after the first, or a first one that is rare, weight >= 3, or
          opens a name: weight >= 2, before a capitalised word, no -ly)  x 0.1
        roles swapped ("France is the capital of Paris" when the
          contexts relate "capital" to France)                         x 0.1
        negation differs from the best sentence on a shared word       x 0.3
        the claim is a question (asserts nothing checkable)            x 0.3
        the claim speaks in the first person ("I", "my": the
          speaker's own view, which no context can support)            x 0.5
        exactly one word is missing and it is rare (weight >= 3.5, i.e.
          Zipf <= 3.5): one invented rare word in an otherwise
          supported claim                                              x 0.5

A claim with no content word at all (and not a question) scores 1.0: there is
nothing to check. The claim is supported iff ``score >= threshold``;
``DEFAULT_THRESHOLD = 0.4`` is the one threshold (the same for every data set) that
gave the best mean balanced accuracy over the four labeled development sets
(SummEdits, WiCE, BEGIN, HaluEval QA; see ``benchmarks/faithfulness_accuracy.py``).
Cost per claim is bounded: candidate sentences are counted
from the postings of the claim's keys, rarest first, until ``POSTINGS_BUDGET``
postings have been read (the rarest key's list is cut to the budget when even it is
longer), and only the ``MAX_CANDIDATES`` best candidates get a window score; so the
whole answer costs time linear in the input size. The claims of an answer are
prepared first (:func:`prepare_claim`: keys, weights, what the contexts lack), then one
pass over the context sentences collects the postings of every key they need, then each
claim is finished (:func:`finish_claim`: best sentence, window, checks).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from operator import itemgetter

from veracity.faithfulness.claim_view import ClaimTokens, Item
from veracity.faithfulness.frequency import WEIGHT_MAX
from veracity.faithfulness.index import ContextIndex, IndexedSentence

__all__ = [
    "DEFAULT_THRESHOLD",
    "FACTORS",
    "GAP_K",
    "PAIR_PENALTY",
    "PAIR_WINDOW",
    "ClaimAnalysis",
    "finish_claim",
    "prepare_claim",
    "score_claim",
]

DEFAULT_THRESHOLD = 0.4
GAP_K = 16.0
FACTORS: dict[str, float] = {
    "number": 0.1,
    "entity": 0.1,
    "swap": 0.1,
    "negation": 0.3,
    "question": 0.3,
    "first_person": 0.5,
    "rare_word": 0.5,
}
RARE_WEIGHT = 3.5
PAIR_PENALTY = 0.3
PAIR_WINDOW = 3
PAIR_SENTENCES = 8
"""Most context sentences holding both words of a pair that are searched for it."""
POSTINGS_BUDGET = 200
MAX_CANDIDATES = 4
SORT_CANDIDATES = 48
"""Up to this many candidate sentences, :func:`_candidates` sorts them all."""
_VALUE = itemgetter(1)
_NO_KEYS: frozenset[str] = frozenset()


@dataclass(slots=True)
class ClaimAnalysis:
    """Everything the scorer found out about one claim (``score`` in [0, 1])."""

    score: float
    best: IndexedSentence | None = None
    sentence_cover: float = 0.0
    window_cover: float = 0.0
    global_cover: float = 0.0
    gap: float = 0.0
    n_tokens: int = 0
    missing_words: Sequence[str] = ()
    missing_numbers: Sequence[str] = ()
    missing_entities: Sequence[str] = ()
    swapped: Sequence[str] = ()
    negation_mismatch: bool = False
    question: bool = False
    first_person: bool = False
    pairs: int = 0
    unattested_pairs: Sequence[str] = ()
    """Adjacent word pairs of the claim that no context sentence puts near each other."""
    failed: Sequence[str] = ()
    """Names of the failed checks (keys of :data:`FACTORS`), in a fixed order."""
    # working state between prepare_claim and finish_claim
    tokens: ClaimTokens | None = None
    weights: dict[str, float] = field(default_factory=dict)
    surface: dict[str, str] = field(default_factory=dict)
    mapped: dict[str, str] = field(default_factory=dict)
    total: float = 0.0

    def _failed_checks(self) -> Sequence[str]:
        out = []
        if self.missing_numbers:
            out.append("number")
        if self.missing_entities:
            out.append("entity")
        if self.swapped:
            out.append("swap")
        if self.negation_mismatch:
            out.append("negation")
        if self.question:
            out.append("question")
        if self.first_person:
            out.append("first_person")
        if self.gap >= RARE_WEIGHT and len(self.missing_words) == 1:
            out.append("rare_word")
        return out or ()  # most claims fail none: no list kept (fewer objects for the GC)


def prepare_claim(ct: ClaimTokens, question: bool, idx: ContextIndex) -> ClaimAnalysis:
    """Weights, entities and which keys the contexts hold (directly or as an inflection
    variant); global cover and gap. ``res.mapped`` maps claim keys to context keys."""
    weights, surface = _weights(ct.items)
    for key, tx in ct.numbers:
        weights[key] = WEIGHT_MAX
        if key not in surface:
            surface[key] = tx
    res = ClaimAnalysis(
        1.0,
        n_tokens=len(weights),
        question=question,
        first_person=ct.first_person,
        tokens=ct,
        weights=weights,
        surface=surface,
    )
    if not weights:
        if question:
            res.score = FACTORS["question"]
            res.failed = ("question",)
        return res
    res.total = sum(weights.values())
    if weights.keys() <= idx.all_keys:  # every key found as it is (the common case)
        res.mapped = {k: k for k in weights}
        res.global_cover = 1.0
    else:
        _map_keys(res, _entities(ct.items), idx)
    return res


def _map_keys(res: ClaimAnalysis, entities: dict[str, str], idx: ContextIndex) -> None:
    """Map each key to the context key that holds it (itself or, for a non-entity, an
    inflection variant); list what no context holds; global cover and gap."""
    all_keys = idx.all_keys
    weights = res.weights
    surface = res.surface
    mapped: dict[str, str] = {}
    lost = []
    missing_w = 0.0
    gap = 0.0
    for k, w in weights.items():
        if k in all_keys:
            mapped[k] = k
            continue
        v = None if len(k) < 5 or k in entities else idx.variant(k)
        if v is None:
            lost.append(k)
            missing_w += w
            if w > gap:
                gap = w
        else:
            mapped[k] = v
    if lost:
        res.global_cover = 1.0 - missing_w / res.total
        res.missing_words = [surface[k] for k in lost if k[0] != "#"] or ()
        res.missing_numbers = [surface[k] for k in lost if k[0] == "#"] or ()
        res.missing_entities = [v for k, v in entities.items() if k not in mapped] or ()
    else:
        res.global_cover = 1.0
    res.gap = gap
    res.mapped = mapped


def _weights(items: list[Item]) -> tuple[dict[str, float], dict[str, str]]:
    """Each key's weight (the largest of its tokens') and surface (its first token's)."""
    weights = {it[0]: it[1] for it in items}
    if len(weights) == len(items):  # no key repeats (the common case)
        return weights, {it[0]: it[2] for it in items}
    weights = {}
    surface: dict[str, str] = {}
    for key, w, tx, _, _, _ in items:
        old = weights.get(key)
        if old is None:
            weights[key] = w
            surface[key] = tx
        elif w > old:
            weights[key] = w
    return weights, surface


_ENTITY_ELSEWHERE = itemgetter(4)
_NAME_START_WEIGHT = 2.0
"""A capitalised first word this rare (Zipf <= 5) before another capitalised word opens a
name ("Marvel Comics", "Steven Spielberg"); "Later, Mike" and "Apparently Georgia" do not."""


def _entities(items: list[Item]) -> dict[str, str]:
    """key -> surface of the claim's entities (first occurrence), in claim order."""
    entities: dict[str, str] = {}
    if items and (
        items[0][3]
        or (
            len(items) > 1
            and items[0][5]
            and items[1][4]
            and items[0][1] >= _NAME_START_WEIGHT
            and not items[0][2].endswith("ly")
        )
    ):  # a rare capitalised first word, or one opening a name ("Marvel Comics")
        entities[items[0][0]] = items[0][2]
    for it in filter(_ENTITY_ELSEWHERE, items[1:]):
        if it[0] not in entities:
            entities[it[0]] = it[2]
    return entities


def finish_claim(res: ClaimAnalysis, idx: ContextIndex, postings: dict[str, list[int]]) -> None:
    """Best sentence and window, relation checks and the final score (in ``res``)."""
    weights = res.weights
    if not weights:
        return
    acc = _sentence_overlap(res, postings)
    if acc:
        total = res.total
        best_sid, best_val = _best_window(res, idx, _candidates(acc))
        res.best = best = idx.sentence(best_sid)
        res.window_cover = best_val / total
        res.sentence_cover = max(acc.values()) / total
        ct = res.tokens
        if ct is not None and (ct.negated_keys or ct.strict_pairs or best.negated):
            _relations(res, ct, idx)
        if ct is not None:
            _word_pairs(res, ct, idx, postings)
    base = 0.25 * res.sentence_cover + 0.25 * res.window_cover + 0.5 * res.global_cover
    gap = res.gap
    score = base * (1.0 - gap / (gap + GAP_K))
    if res.pairs:
        score *= 1.0 - PAIR_PENALTY * len(res.unattested_pairs) / res.pairs
    res.failed = failed = res._failed_checks()
    for name in failed:
        score *= FACTORS[name]
    res.score = min(1.0, max(0.0, score))


def _sentence_overlap(res: ClaimAnalysis, postings: dict[str, list[int]]) -> dict[int, float]:
    """sentence id -> weight of the claim's keys it holds, read from the postings rarest
    key first until ``POSTINGS_BUDGET`` postings are read (the rarest list is cut to the
    budget when even it is longer)."""
    weights = res.weights
    acc: dict[int, float] = {}
    get = acc.get
    budget = POSTINGS_BUDGET
    for n, k, m in sorted([(len(postings[m]), k, m) for k, m in res.mapped.items()]):
        plist = postings[m]
        if n > budget:
            if acc:
                break
            plist = plist[:budget]
            n = budget
        budget -= n
        w = weights[k]
        if not acc:  # the first list: every sum is 0.0 + w == w (sentence ids are unique)
            acc = dict.fromkeys(plist, w)
            get = acc.get
            continue
        for sid in plist:
            acc[sid] = get(sid, 0.0) + w
    return acc


def _candidates(acc: dict[int, float]) -> list[int]:
    """The ``MAX_CANDIDATES`` sentences of highest overlap, best first (ties: earlier)."""
    if len(acc) == 1:
        return list(acc)
    if len(acc) <= SORT_CANDIDATES:  # a full sort is cheaper for a few sentences
        # by sentence id, then (stable, so ties keep that order) by overlap, descending
        order = sorted(acc)
        order.sort(key=acc.__getitem__, reverse=True)
        return order[:MAX_CANDIDATES]
    # the same order: nlargest is stable on the items sorted by sentence id
    top = heapq.nlargest(MAX_CANDIDATES, sorted(acc.items()), key=_VALUE)
    return [sid for sid, _ in top]


def _best_window(res: ClaimAnalysis, idx: ContextIndex, cands: list[int]) -> tuple[int, float]:
    """The candidate whose window (it and its neighbours in the same context) holds the
    most claim weight, and that weight (ties: the earlier candidate). The weight is summed
    over the claim's keys in claim order; a window holding every key ends the search."""
    weights = res.weights
    skeys = idx.keys
    ctx_of = idx.context_of
    last = len(skeys) - 1
    mapped = res.mapped
    n_keys = len(mapped)
    best_val = -1.0
    best_sid = -1
    for sid in cands:
        ci = ctx_of[sid]
        here = skeys[sid]
        before = skeys[sid - 1] if sid and ctx_of[sid - 1] == ci else _NO_KEYS
        after = skeys[sid + 1] if sid < last and ctx_of[sid + 1] == ci else _NO_KEYS
        val = 0.0  # summed left to right, as sum() would: the same float
        n_hit = 0
        for k, m in mapped.items():
            if m in here or m in before or m in after:
                val += weights[k]
                n_hit += 1
        if val > best_val + 1e-12:
            best_val, best_sid = val, sid
        if n_hit == n_keys:  # every key: no later window can hold more
            break
    return best_sid, best_val


def score_claim(ct: ClaimTokens, question: bool, idx: ContextIndex) -> ClaimAnalysis:
    """Score one claim against the indexed contexts (formula in the module docstring)."""
    res = prepare_claim(ct, question, idx)
    if res.weights:
        finish_claim(res, idx, idx.postings(set(res.mapped.values())))
    return res


def _relations(res: ClaimAnalysis, ct: ClaimTokens, idx: ContextIndex) -> None:
    """Negation and role checks of a claim against its best sentence / the contexts.

    Negation differs when a word negated in the claim occurs un-negated in the best
    sentence, or a word negated there occurs un-negated in the claim. Roles are swapped
    when the claim reads "<head> of <X>" (or "<X>'s <head>") with X a one-word entity, and
    the best sentence, which holds X and the head, relates the head to another one-word
    entity of the claim but not to X.
    """
    best = res.best
    if best is None:
        return
    mapped = res.mapped
    surface = res.surface
    sent_keys = best.keys
    claim_neg = {mapped[k] for k in ct.negated_keys if k in mapped}
    if claim_neg or best.negated:
        sent_neg = idx.negated_keys(best.sid)
        claim_vals = set(mapped.values())
        res.negation_mismatch = bool(
            (claim_neg & sent_keys) - sent_neg or (sent_neg & claim_vals) - claim_neg
        )
    if not ct.strict_pairs:
        return
    c = ct.items
    standalone = {
        t[0]
        for i, t in enumerate(c)
        if t[4] or t[5]
        if not (i and c[i - 1][5]) and not (i + 1 < len(c) and c[i + 1][5])
    }
    in_best = {k for k, m in mapped.items() if m in sent_keys}
    swapped: list[str] = []
    for mod, head in ct.strict_pairs:
        if mod not in standalone or mod not in in_best or head not in in_best:
            continue
        ctx_mods = {m for m, h in idx.relations(best.sid).pairs if h == mapped[head]}
        if not ctx_mods or mapped[mod] in ctx_mods:
            continue
        if ctx_mods & {mapped[k] for k in standalone if k in in_best and k != mod}:
            swapped.append(f"{surface[mod]} / {surface[head]}")
    if swapped:
        res.swapped = swapped


def _word_pairs(
    res: ClaimAnalysis, ct: ClaimTokens, idx: ContextIndex, postings: dict[str, list[int]]
) -> None:
    """Count the claim's adjacent content-word pairs whose words both occur in the
    contexts, and list those no context sentence holds within ``PAIR_WINDOW`` content
    words of each other (searching at most ``PAIR_SENTENCES`` sentences per pair)."""
    get = res.mapped.get
    items = ct.items
    keys = [get(item[0]) for item in items]
    n_pairs = 0
    unattested: list[str] = []
    cur_sid = -1  # the sentence whose order ``cur`` is at hand
    cur: dict[str, int] | None = None
    for i, (a, b) in enumerate(pairwise(keys)):
        if a is None or b is None or a == b:
            continue
        n_pairs += 1
        pa = postings[a]  # every mapped key has a postings list (maybe empty)
        pb = postings[b]
        sids: Sequence[int]
        if len(pa) == 1:  # the common cases of _shared, inlined: a key in one sentence
            sids = pa if pa[0] in pb else ()
        elif len(pb) == 1:
            sids = pb if pb[0] in pa else ()
        else:
            sids = _shared(pa, pb)
        for sid in sids:
            if sid != cur_sid:
                cur_sid, cur = sid, idx.order(sid)
            if cur is None:  # a content key repeats in the sentence: all its positions
                if _near(idx.positions(sid), a, b):
                    break
            else:  # _near, inlined, on the single positions
                at_a = cur.get(a)
                at_b = cur.get(b)
                if at_a is not None and at_b is not None and abs(at_a - at_b) <= PAIR_WINDOW:
                    break
        else:
            unattested.append(f"{items[i][2]} {items[i + 1][2]}")
    res.pairs += n_pairs
    if unattested:
        res.unattested_pairs = unattested


def _shared(pa: Sequence[int], pb: Sequence[int]) -> Sequence[int]:
    """The first ``PAIR_SENTENCES`` sentence ids in both sorted postings lists."""
    if len(pa) == 1:  # the common case: a key in one sentence
        return pa if pa[0] in pb else ()
    if len(pb) == 1:
        return pb if pb[0] in pa else ()
    return sorted(set(pa).intersection(pb))[:PAIR_SENTENCES]


def _near(pos: dict[str, list[int]], a: str, b: str) -> bool:
    """True when a sentence (``pos``: its :meth:`ContextIndex.positions`) holds content
    tokens ``a`` and ``b`` within ``PAIR_WINDOW`` positions of each other."""
    pos_a = pos.get(a)
    pos_b = pos.get(b)
    if pos_a is None or pos_b is None:
        return False
    if len(pos_a) == 1 and len(pos_b) == 1:  # the common case: each once
        return abs(pos_a[0] - pos_b[0]) <= PAIR_WINDOW
    return any(abs(i - j) <= PAIR_WINDOW for j in pos_b for i in pos_a)
