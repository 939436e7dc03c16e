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
        an entity (capitalised word or initialism) found in no context x 0.1
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
from collections import defaultdict
from dataclasses import dataclass, field
from operator import itemgetter

from veracity.faithfulness.claim_view import ClaimTokens
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
_VALUE = itemgetter(1)


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
    missing_words: list[str] = field(default_factory=list)
    missing_numbers: list[str] = field(default_factory=list)
    missing_entities: list[str] = field(default_factory=list)
    swapped: list[str] = field(default_factory=list)
    negation_mismatch: bool = False
    question: bool = False
    first_person: bool = False
    pairs: int = 0
    unattested_pairs: list[str] = field(default_factory=list)
    """Adjacent word pairs of the claim that no context sentence puts near each other."""
    failed: list[str] = field(default_factory=list)
    """Names of the failed checks (keys of :data:`FACTORS`), in a fixed order."""
    # working state between prepare_claim and finish_claim
    tokens: ClaimTokens | None = None
    weights: dict[str, float] = field(default_factory=dict)
    surface: dict[str, str] = field(default_factory=dict)
    mapped: dict[str, str] = field(default_factory=dict)
    total: float = 0.0

    def _failed_checks(self) -> list[str]:
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
        return out


def prepare_claim(ct: ClaimTokens, question: bool, idx: ContextIndex) -> ClaimAnalysis:
    """Weights, entities and which keys the contexts hold (directly or as an inflection
    variant); global cover and gap. ``res.mapped`` maps claim keys to context keys."""
    weights: dict[str, float] = {}
    surface: dict[str, str] = {}
    entities: dict[str, str] = {}
    for i, (key, w, tx, e_first, e_mid, _) in enumerate(ct.items):
        if (e_mid if i else e_first) and key not in entities:
            entities[key] = tx
        old = weights.get(key)
        if old is None:
            weights[key] = w
            surface[key] = tx
        elif w > old:
            weights[key] = w
    for key, tx in ct.numbers:
        weights[key] = WEIGHT_MAX
        if key not in surface:
            surface[key] = tx
    res = ClaimAnalysis(1.0, n_tokens=len(weights), question=question)
    res.first_person = ct.first_person
    res.tokens = ct
    if not weights:
        if question:
            res.score = FACTORS["question"]
            res.failed = ["question"]
        return res
    res.weights, res.surface = weights, surface
    all_keys = idx.all_keys
    total = res.total = sum(weights.values())
    gap = 0.0
    if weights.keys() <= all_keys:
        mapped = {k: k for k in weights}
        res.global_cover = 1.0
    else:
        mapped = {}
        lost = []
        missing_w = 0.0
        for k, w in weights.items():
            if k in all_keys:
                mapped[k] = k
                continue
            v = None if k in entities else idx.variant(k)
            if v is None:
                lost.append(k)
                missing_w += w
                if w > gap:
                    gap = w
            else:
                mapped[k] = v
        if lost:
            res.global_cover = 1.0 - missing_w / total
            res.missing_words = [surface[k] for k in lost if k[0] != "#"]
            res.missing_numbers = [surface[k] for k in lost if k[0] == "#"]
            res.missing_entities = [v for k, v in entities.items() if k not in mapped]
        else:
            res.global_cover = 1.0
    res.gap = gap
    res.mapped = mapped
    return res


def finish_claim(res: ClaimAnalysis, idx: ContextIndex, postings: dict[str, list[int]]) -> None:
    """Best sentence and window, relation checks and the final score (in ``res``)."""
    weights = res.weights
    if not weights:
        return
    mapped = res.mapped
    total = res.total
    # weighted overlap per sentence, rarest keys first; very long postings skipped
    acc: defaultdict[int, float] = defaultdict(float)
    budget = POSTINGS_BUDGET
    lists = sorted((len(postings[m]), k, m) for k, m in mapped.items())
    for n, k, m in lists:
        plist = postings[m]
        if n > budget:
            if acc:
                break
            plist = plist[:budget]
            n = budget
        budget -= n
        w = weights[k]
        for sid in plist:
            acc[sid] += w
    if acc:
        skeys = idx.keys
        ctx_of = idx.context_of
        n_sents = len(skeys)
        best_val = -1.0
        best_sid = -1
        if len(acc) == 1:
            cands = list(acc)
        elif len(acc) <= MAX_CANDIDATES:
            cands = sorted(acc, key=lambda s: (-acc[s], s))
        else:
            # ties go to the earlier sentence (nlargest is stable on the sorted items)
            top = heapq.nlargest(MAX_CANDIDATES, sorted(acc.items()), key=_VALUE)
            cands = [sid for sid, _ in top]
        vals = set(mapped.values())
        for sid in cands:
            ci = ctx_of[sid]
            win = skeys[sid]
            if sid and ctx_of[sid - 1] == ci:
                win = win | skeys[sid - 1]
            if sid + 1 < n_sents and ctx_of[sid + 1] == ci:
                win = win | skeys[sid + 1]
            hit = vals & win
            val = sum([weights[k] for k, m in mapped.items() if m in hit])
            if val > best_val + 1e-12:
                best_val, best_sid = val, sid
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
        sent_neg = idx.relations(best.sid).negated_keys
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
    for mod, head in ct.strict_pairs:
        if mod not in standalone or mod not in in_best or head not in in_best:
            continue
        ctx_mods = {m for m, h in idx.relations(best.sid).pairs if h == mapped[head]}
        if not ctx_mods or mapped[mod] in ctx_mods:
            continue
        if ctx_mods & {mapped[k] for k in standalone if k in in_best and k != mod}:
            res.swapped.append(f"{surface[mod]} / {surface[head]}")


def _word_pairs(
    res: ClaimAnalysis, ct: ClaimTokens, idx: ContextIndex, postings: dict[str, list[int]]
) -> None:
    """Count the claim's adjacent content-word pairs whose words both occur in the
    contexts, and list those no context sentence holds within ``PAIR_WINDOW`` content
    words of each other (searching at most ``PAIR_SENTENCES`` sentences per pair)."""
    mapped = res.mapped
    keys = [mapped.get(item[0]) for item in ct.items]
    for i in range(len(keys) - 1):
        a, b = keys[i], keys[i + 1]
        if a is None or b is None or a == b:
            continue
        res.pairs += 1
        pa, pb = postings.get(a, ()), postings.get(b, ())
        shared = sorted(set(pa).intersection(pb))[:PAIR_SENTENCES]
        if not any(_near(idx, sid, a, b) for sid in shared):
            res.unattested_pairs.append(f"{ct.items[i][2]} {ct.items[i + 1][2]}")


def _near(idx: ContextIndex, sid: int, a: str, b: str) -> bool:
    """True when sentence ``sid`` holds content tokens ``a`` and ``b`` within
    ``PAIR_WINDOW`` positions of each other."""
    content = idx.relations(sid).content
    pos_a = [i for i, t in enumerate(content) if t[2] == a]
    if not pos_a:
        return False
    return any(abs(i - j) <= PAIR_WINDOW for j, t in enumerate(content) if t[2] == b for i in pos_a)
