"""``assert``-style checks for RAG pipeline tests (used with or without pytest).

Each helper scores its input with the library and raises :class:`AssertionError`
when the score is below the bar; the message lists what failed and why (the
unsupported claims with their reasons and best context sentences, the failed numbers
with the evidence they were compared to, the relevant items not retrieved). On
success it returns the result, for further checks.

* :func:`assert_faithful`: faithfulness = supported claims / claims >= ``min_score``;
* :func:`assert_numbers_supported`: numeric = verified numeric claims / numeric claims
  >= ``min_score``;
* :func:`assert_retrieval`: a retrieval metric (``recall@5``, ``ndcg@10``, ``mrr``...)
  >= ``min_value``.

An undetermined score (no claims, no numeric claims, no relevant items) fails unless
``allow_undetermined=True``. Malformed arguments raise :class:`~veracity.errors.InputError`
or :class:`~veracity.errors.ConfigError`, not :class:`AssertionError`. Every call is also passed to the recorder set with
:func:`set_recorder` (the pytest plugin's ``--veracity-report`` uses it); this module
never imports pytest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from veracity.errors import ConfigError, InputError
from veracity.results import MetricResult
from veracity.samples import EvidenceItem, evidence_item

if TYPE_CHECKING:  # imported when called: the helpers load only what they check
    from veracity.faithfulness.verdicts import FaithfulnessResult
    from veracity.numeric.models import NumericReport

__all__ = [
    "Recorder",
    "assert_faithful",
    "assert_numbers_supported",
    "assert_retrieval",
    "faithfulness_message",
    "numeric_message",
    "set_recorder",
]

# recorder(metric name, value or None, details, answer or None)
Recorder = Callable[[str, "float | None", dict[str, Any], "str | None"], None]
_recorder: Recorder | None = None
MAX_LISTED = 20


def set_recorder(recorder: Recorder | None) -> Recorder | None:
    """Install ``recorder`` (called as ``recorder(metric, value, details, answer)`` by
    every assertion, pass or fail); returns the previous one. ``None`` removes it."""
    global _recorder
    previous, _recorder = _recorder, recorder
    return previous


def _record(metric: str, value: float | None, details: dict[str, Any], answer: str | None) -> None:
    if _recorder is not None:
        _recorder(metric, value, details, answer)


def _check_bar(name: str, bar: float) -> None:
    if isinstance(bar, bool) or not isinstance(bar, (int, float)) or not 0.0 <= bar <= 1.0:
        raise ConfigError(f"{name} must be a number in [0, 1], got {bar!r}")


def _short(text: object, limit: int = 160) -> str:
    s = " ".join(str(text).split())
    return s if len(s) <= limit else s[: limit - 1] + "…"


def faithfulness_message(details: Mapping[str, Any], min_score: float) -> str:
    """The failure message of :func:`assert_faithful` from a faithfulness trace."""
    from veracity.render.claims import faithfulness_claims

    claims = faithfulness_claims(details)
    score = details.get("score")
    if score is None:
        return f"faithfulness undetermined: {details.get('reason') or 'no claims'}"
    bad = [c for c in claims if c.status != "supported"]
    lines = [
        f"faithfulness {score:.4f} < min_score {min_score:.4f}: "
        f"{len(bad)} of {len(claims)} claims not supported"
    ]
    for c in bad[:MAX_LISTED]:
        score_txt = "" if c.score is None else f" (score {c.score:.2f})"
        lines.append(f"  - {_short(c.text)!r}{score_txt}: {c.reason or c.status}")
        if c.context_sentence is not None:
            where = "" if c.context_index is None else f" [context {c.context_index}]"
            lines.append(f"    best context sentence{where}: {_short(c.context_sentence)!r}")
    if len(bad) > MAX_LISTED:
        lines.append(f"  ... and {len(bad) - MAX_LISTED} more")
    return "\n".join(lines)


def numeric_message(details: Mapping[str, Any], min_score: float) -> str:
    """The failure message of :func:`assert_numbers_supported` from a numeric trace."""
    from veracity.render.claims import numeric_claims

    claims = numeric_claims(details)
    score = details.get("sfs_score", details.get("score"))
    if score is None:
        return f"numeric claims undetermined: {details.get('reason') or 'no numeric claims'}"
    bad = [c for c in claims if c.status != "supported"]
    lines = [
        f"numeric {score:.4f} < min_score {min_score:.4f}: "
        f"{len(bad)} of {len(claims)} numeric claims not verified"
    ]
    for c in bad[:MAX_LISTED]:
        line = f"  - {_short(c.text)!r}: {c.reason or c.status}"
        if c.evidence:
            line += f"; evidence {c.evidence}"
        if c.relative_error is not None:
            line += f"; relative error {c.relative_error:.2%}"
        lines.append(line)
    if len(bad) > MAX_LISTED:
        lines.append(f"  ... and {len(bad) - MAX_LISTED} more")
    return "\n".join(lines)


def assert_faithful(
    answer: str,
    contexts: Sequence[str],
    *,
    min_score: float = 1.0,
    method: str = "lexical",
    threshold: float | None = None,
    allow_undetermined: bool = False,
) -> FaithfulnessResult:
    """Assert faithfulness(answer, contexts) >= ``min_score`` (default: every claim
    supported). Returns the :class:`~veracity.faithfulness.FaithfulnessResult`."""
    __tracebackhide__ = True  # pytest shows the failing test's line, not this helper's
    from veracity.faithfulness import score_faithfulness

    _check_bar("min_score", min_score)
    texts = _texts(answer, contexts)
    result = score_faithfulness(answer, texts, method=method, threshold=threshold)
    details = result.to_dict()
    _record("faithfulness", result.score, details, answer)
    if result.score is None:
        if not allow_undetermined:
            raise AssertionError(faithfulness_message(details, min_score))
    elif result.score < min_score:
        raise AssertionError(faithfulness_message(details, min_score))
    return result


def _texts(answer: object, contexts: object) -> list[str]:
    if not isinstance(answer, str):
        raise InputError(f"must be a string, got {type(answer).__name__}", field="answer")
    if isinstance(contexts, str):
        return [contexts]
    if not isinstance(contexts, Iterable) or isinstance(contexts, Mapping):
        raise InputError("must be a list of strings", field="contexts")
    out = list(contexts)
    if not all(isinstance(c, str) for c in out):
        raise InputError("must be a list of strings", field="contexts")
    return out


def _evidence(items: Iterable[EvidenceItem | Mapping[str, Any]]) -> list[EvidenceItem]:
    out = []
    for n, item in enumerate(items):
        if isinstance(item, EvidenceItem):
            out.append(item)
            continue
        out.append(evidence_item(item, n))
    return out


def assert_numbers_supported(
    answer: str,
    *,
    contexts: Sequence[str] = (),
    evidence: Iterable[EvidenceItem | Mapping[str, Any]] = (),
    preset: str | None = None,
    min_score: float = 1.0,
    allow_undetermined: bool = False,
) -> NumericReport:
    """Assert that the answer's numeric claims are verified by ``evidence`` (and numbers
    in ``contexts``): verified / numeric claims >= ``min_score``. Returns the numeric
    report of :func:`veracity.numeric.check_numbers`."""
    __tracebackhide__ = True
    from veracity.numeric import check_numbers

    _check_bar("min_score", min_score)
    texts = _texts(answer, contexts)
    report = check_numbers(answer, contexts=texts, evidence=_evidence(evidence), config=preset)
    details: dict[str, Any] = dict(report.to_dict())
    details.setdefault("reason", getattr(report, "reason", ""))
    score: float | None = report.sfs_score
    _record("numeric", score, details, answer)
    if score is None:
        if not allow_undetermined:
            raise AssertionError(numeric_message(details, min_score))
    elif score < min_score:
        raise AssertionError(numeric_message(details, min_score))
    return report


def assert_retrieval(
    retrieved: Sequence[str],
    relevant: Sequence[str] | Mapping[str, int],
    *,
    metric: str = "recall@5",
    min_value: float = 1.0,
    normalize: bool = False,
    allow_undetermined: bool = False,
) -> MetricResult:
    """Assert a retrieval metric of ``retrieved`` against ``relevant`` >= ``min_value``.

    ``metric``: ``precision@K``, ``recall@K``, ``hit@K``, ``ndcg@K`` (bare name: K=5),
    ``mrr``, ``map``, ``r_precision``. The message names the relevant items missing
    from the top K (or from the whole list for metrics without a cut-off)."""
    __tracebackhide__ = True
    from veracity import retrieval
    from veracity.metrics import plan_metrics

    _check_bar("min_value", min_value)
    if isinstance(retrieved, str) or isinstance(relevant, str):
        raise ConfigError("retrieved and relevant must be lists of ids, not strings")
    plan = plan_metrics([metric])
    if len(plan) != 1 or plan[0].spec.kernel is None:
        raise ConfigError(f"{metric!r} is not a retrieval metric")
    planned = plan[0]
    assert planned.spec.kernel is not None
    judged = retrieval.judge(list(retrieved), relevant, normalize=normalize)
    result = planned.spec.kernel(judged, planned.k)
    cut = planned.k if planned.k is not None else len(retrieved)
    top = list(retrieved)[:cut]
    grades = relevant if isinstance(relevant, Mapping) else dict.fromkeys(relevant, 1)
    norm = retrieval.normalize_item if normalize else (lambda s: s)
    top_keys = {norm(t) for t in top}
    missing = [r for r, g in grades.items() if g > 0 and norm(r) not in top_keys]
    relevant_keys = {norm(r) for r, g in grades.items() if g > 0}
    details: dict[str, Any] = {"retrieved": list(retrieved), "missing": missing}
    if result.reason:
        details["reason"] = result.reason
    _record(planned.name, result.value, details, None)
    if result.value is None:
        if not allow_undetermined:
            raise AssertionError(f"{planned.name} undetermined: {result.reason}")
    elif result.value < min_value:
        where = f"top {cut}" if planned.k is not None else "retrieved list"
        parts = [f"{planned.name} = {result.value:.4f} < min_value {min_value:.4f}"]
        ranks: dict[str, int] = {}
        for rank, item in enumerate(retrieved, 1):
            key = norm(item)
            if key in relevant_keys and key not in ranks:
                ranks[key] = rank
        if ranks:
            found = ", ".join(f"{k!r} at {r}" for k, r in list(ranks.items())[:MAX_LISTED])
            parts.append(f"relevant item(s) found at rank: {found}")
        if missing:
            shown = ", ".join(repr(m) for m in missing[:MAX_LISTED])
            if len(missing) > MAX_LISTED:
                shown += f", ... and {len(missing) - MAX_LISTED} more"
            parts.append(f"{len(missing)} relevant item(s) not in the {where}: {shown}")
        top_txt = ", ".join(repr(_short(t, 60)) for t in top[:10])
        parts.append(f"top {len(top)} retrieved: {top_txt}")
        raise AssertionError(parts[0] + ": " + "; ".join(parts[1:]))
    return result
