"""Transport-neutral operations behind the HTTP endpoints and the MCP tools.

Each function checks the limits of :class:`~veracity.server.settings.ServiceSettings`,
converts plain JSON data, calls the library and returns a JSON-safe ``dict``. None of
them computes a score: the numbers come from :mod:`veracity.numeric`,
:mod:`veracity.faithfulness`, :mod:`veracity.retrieval`, :mod:`veracity.evaluation` and
:mod:`veracity.governance`. Bad input raises :class:`~veracity.errors.InputError`
naming the field (``samples[2].contexts``, ``evidence_json``); an unknown preset or
metric raises :class:`~veracity.errors.ConfigError`. The HTTP layer maps these to
typed 422 bodies, the MCP layer to tool errors.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import ValidationError

from veracity import __version__
from veracity.errors import InputError
from veracity.server.checks import (
    JsonArg,
    as_dict,
    check_count,
    json_arg,
    preset_arg,
    sfs_arg,
    text_arg,
    texts_arg,
)
from veracity.server.numeric_args import (
    claims_arg,
    evidence_arg,
    number_arg,
)
from veracity.server.settings import ServiceSettings
from veracity.validation_errors import describe_errors, json_type

if TYPE_CHECKING:
    from veracity.numeric import NumericReport

__all__ = [
    "check_faithfulness",
    "check_numbers",
    "evaluate_samples",
    "governance_check",
    "governance_detect_mode",
    "governance_score",
    "health",
    "numbers_compute",
    "numbers_extract",
    "numbers_get_preset",
    "numbers_list_presets",
    "numbers_verify",
    "numbers_verify_single",
    "retrieval_metrics",
]

_T = TypeVar("_T")


def health() -> dict[str, Any]:
    """``{"status": "ok", "version": ...}``."""
    return {"status": "ok", "version": __version__}


# ---------------------------------------------------------------- numeric (SFS)


def _config_arg(value: JsonArg, field: str, settings: ServiceSettings) -> Any:
    """A custom domain configuration (JSON text or an object; ``""`` / None = none)."""
    parsed = json_arg(value, field, settings)
    if parsed is None or parsed == "":
        return ""
    if not isinstance(parsed, dict):
        raise InputError(
            f"must be a JSON object (an SFS DomainConfig), got {json_type(parsed)}", field=field
        )
    return parsed


def _as_sent(call: Callable[[], _T], names: dict[str, str]) -> _T:
    """Run a library call; an InputError naming one of its parameters (``evidence_json``,
    ``claims_json[2]``, ``claim``) names the caller's field instead."""
    try:
        return call()
    except InputError as exc:
        field = exc.field or ""
        for ours, theirs in names.items():
            if field == ours or field.startswith((ours + "[", ours + ".")):
                raise InputError(exc.reason, field=theirs + field[len(ours) :]) from None
        raise


def numbers_compute(
    text: str,
    evidence_json: JsonArg,
    preset: str | None,
    custom_config_json: JsonArg,
    settings: ServiceSettings,
    *,
    evidence_field: str = "evidence_json",
    config_field: str = "custom_config_json",
) -> dict[str, Any]:
    """Extract the numeric claims of ``text``, verify them against the evidence, score:
    SFS = verified_claims / total_claims (``sfs_api.sfs_compute``). Errors name the
    fields as the caller sent them (``evidence_field``, ``config_field``)."""
    from veracity.numeric import sfs_api

    text = text_arg(text, "text", settings)
    evidence = evidence_arg(evidence_json, evidence_field, settings) or []
    config = _config_arg(custom_config_json, config_field, settings)
    result = _as_sent(
        lambda: sfs_api.sfs_compute(text, sfs_arg(evidence), preset_arg(preset, settings), config),
        {"evidence_json": evidence_field, "evidence": evidence_field},
    )
    return as_dict(result)


def numbers_extract(
    text: str,
    preset: str | None,
    custom_config_json: JsonArg,
    settings: ServiceSettings,
    *,
    config_field: str = "custom_config_json",
) -> list[dict[str, Any]]:
    """The numeric claims found in ``text`` (``sfs_api.sfs_extract_claims``)."""
    from veracity.numeric import sfs_api

    result = sfs_api.sfs_extract_claims(
        text_arg(text, "text", settings),
        preset_arg(preset, settings),
        _config_arg(custom_config_json, config_field, settings),
    )
    return [as_dict(c) for c in result]


def numbers_verify(
    claims_json: JsonArg,
    evidence_json: JsonArg,
    preset: str | None,
    custom_config_json: JsonArg,
    settings: ServiceSettings,
    *,
    claims_field: str = "claims_json",
    evidence_field: str = "evidence_json",
    config_field: str = "custom_config_json",
) -> dict[str, Any]:
    """Verify given claims against the evidence and score them (``sfs_verify_claims``)."""
    from veracity.numeric import sfs_api

    claims = claims_arg(claims_json, claims_field, settings)
    evidence = evidence_arg(evidence_json, evidence_field, settings) or []
    config = _config_arg(custom_config_json, config_field, settings)
    result = _as_sent(
        lambda: sfs_api.sfs_verify_claims(
            sfs_arg(claims), sfs_arg(evidence), preset_arg(preset, settings), config
        ),
        {"claims_json": claims_field, "evidence_json": evidence_field, "evidence": evidence_field},
    )
    return as_dict(result)


def numbers_verify_single(
    claim_text: str,
    claim_type: str,
    extracted_value: object,
    unit: str,
    evidence_json: JsonArg,
    preset: str | None,
    custom_config_json: JsonArg,
    settings: ServiceSettings,
) -> dict[str, Any]:
    """Verify one claim against the evidence (``sfs_api.sfs_verify_single``);
    ``extracted_value`` may be a number or a numeric string."""
    from veracity.numeric import sfs_api

    claim_text = text_arg(claim_text, "claim_text", settings)
    claim_type = text_arg(claim_type, "claim_type", settings)
    value = number_arg(extracted_value, "extracted_value")
    unit = text_arg(unit, "unit", settings)
    evidence = evidence_arg(evidence_json, "evidence_json", settings) or []
    config = _config_arg(custom_config_json, "custom_config_json", settings)
    result = _as_sent(
        lambda: sfs_api.sfs_verify_single(
            claim_text,
            claim_type,
            value if value is not None else 0.0,
            unit,
            sfs_arg(evidence),
            preset_arg(preset, settings),
            config,
        ),
        {"claim": "extracted_value", "evidence_json": "evidence_json", "evidence": "evidence_json"},
    )
    return as_dict(result)


def numbers_list_presets() -> list[dict[str, Any]]:
    """The domain presets: name, display name, description, tolerance."""
    from veracity.numeric import sfs_api

    return [as_dict(p) for p in sfs_api.sfs_list_presets()]


def numbers_get_preset(preset_name: str, settings: ServiceSettings) -> dict[str, Any]:
    """The full configuration of one preset (ConfigError if unknown)."""
    from veracity.numeric import sfs_api

    return as_dict(sfs_api.sfs_get_preset(text_arg(preset_name, "preset_name", settings)))


def check_numbers(
    answer: str,
    contexts: Sequence[str] | None,
    evidence: JsonArg,
    preset: str | None,
    settings: ServiceSettings,
    check_dates: bool = False,
) -> dict[str, Any]:
    """Numeric claims of ``answer`` checked against structured evidence and/or the
    numbers in ``contexts`` (``veracity.numeric.check_numbers``). ``evidence`` is read
    as the SFS tools read it (:func:`~veracity.server.numeric_args.evidence_arg`);
    ``check_dates`` checks the dates ``answer`` states to the day too."""
    from veracity.numeric import check_numbers as _check_numbers
    from veracity.numeric.presets import resolve_config

    answer = text_arg(answer, "answer", settings)
    ctx = texts_arg(contexts, "contexts", settings) if contexts is not None else []
    items = evidence_arg(evidence, "evidence", settings)

    def check() -> NumericReport:
        # an unknown preset fails here, as before
        config = resolve_config(preset or None, check_dates=check_dates)
        return _check_numbers(answer, contexts=ctx, evidence=items, config=config)

    report = _as_sent(check, {"evidence": "evidence"})
    return as_dict(report)


# ---------------------------------------------------------------- faithfulness, retrieval


def check_faithfulness(
    answer: str, contexts: Sequence[str], settings: ServiceSettings
) -> dict[str, Any]:
    """Claim-by-claim support of ``answer`` by ``contexts``:
    score = supported claims / claims (``veracity.faithfulness.score_faithfulness``)."""
    from veracity.faithfulness import score_faithfulness

    answer = text_arg(answer, "answer", settings)
    ctx = texts_arg(contexts, "contexts", settings)
    if not ctx:
        raise InputError(
            "must not be empty: give the context passages to check against", field="contexts"
        )
    return as_dict(score_faithfulness(answer, ctx))


def retrieval_metrics(
    retrieved: Sequence[str],
    relevant: Sequence[str] | dict[str, int],
    k: int,
    settings: ServiceSettings,
    *,
    normalize: bool = False,
) -> dict[str, Any]:
    """precision@k, recall@k, hit@k, ndcg@k, mrr, map and r_precision of one ranked
    list (``veracity.retrieval``; equal to trec_eval). ``metrics`` maps each name to
    its value (None = undetermined) and ``reasons`` says why a value is None."""
    from veracity import retrieval

    ranked = texts_arg(retrieved, "retrieved", settings)
    rel: list[str] | dict[str, int]
    if isinstance(relevant, dict):
        check_count(list(relevant), "relevant", settings)
        for key, grade in relevant.items():
            text_arg(key, "relevant", settings)
            if (
                isinstance(grade, bool)
                or not isinstance(grade, int)
                or not 0 <= grade <= retrieval.MAX_GRADE
            ):
                raise InputError(
                    f"grade of {key!r} must be a whole number from 0 to {retrieval.MAX_GRADE:,}",
                    field="relevant",
                )
        rel = dict(relevant)
    else:
        rel = texts_arg(relevant, "relevant", settings)
    _check_k(k)
    results = {
        f"precision@{k}": retrieval.precision_at_k(ranked, rel, k, normalize=normalize),
        f"recall@{k}": retrieval.recall_at_k(ranked, rel, k, normalize=normalize),
        f"hit@{k}": retrieval.hit_at_k(ranked, rel, k, normalize=normalize),
        f"ndcg@{k}": retrieval.ndcg_at_k(ranked, rel, k, normalize=normalize),
        "mrr": retrieval.reciprocal_rank(ranked, rel, normalize=normalize),
        "map": retrieval.average_precision(ranked, rel, normalize=normalize),
        "r_precision": retrieval.r_precision(ranked, rel, normalize=normalize),
    }
    return {
        "k": k,
        "metrics": {name: r.value for name, r in results.items()},
        "reasons": {name: r.reason for name, r in results.items() if r.reason},
    }


# ---------------------------------------------------------------- evaluation


def _check_k(k: object) -> None:
    """A cut-off must be a whole number from 1 to MAX_K (InputError on field ``k``)."""
    from veracity.metrics import MAX_K

    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise InputError("must be a whole number >= 1", field="k")
    if k > MAX_K:
        raise InputError(f"must be at most {MAX_K:,}, got {k}", field="k")


def evaluate_samples(
    samples: Sequence[Any],
    settings: ServiceSettings,
    *,
    metrics: Sequence[str] | None = None,
    k: int | Sequence[int] = 5,
    gates: Sequence[str] = (),
    claims_only: bool = False,
    skip_errors: bool = False,
) -> dict[str, Any]:
    """Validate rag-eval-style sample dicts and return ``evaluate(...).to_dict()``.

    A bad sample raises :class:`InputError` naming ``samples[i].field``; with
    ``skip_errors`` it is recorded in the report's ``skipped`` list instead."""
    from veracity.evaluation import evaluate
    from veracity.samples import Sample

    if not isinstance(k, int) and not k:
        raise InputError("must hold at least one cut-off", field="k")
    for one in [k] if isinstance(k, int) else k:
        _check_k(one)  # an argument, like the samples: invalid_input, as /retrieval says
    if isinstance(samples, str | bytes) or not isinstance(samples, Sequence):
        raise InputError("must be a list of sample objects", field="samples")
    if not samples:
        raise InputError("must hold at least one sample", field="samples")
    if len(samples) > settings.max_samples:
        raise InputError(
            f"too many samples: {len(samples)}, the limit is {settings.max_samples}",
            field="samples",
        )
    parsed: list[Sample] = []
    skipped: list[InputError] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(samples):
        where = f"samples[{i}]"
        try:
            sample = _sample(raw, where)
            _check_sample(sample, where, settings)
            sample = _unique(sample, bool(raw.get("id")), seen, i)
        except InputError as exc:
            if not skip_errors:
                raise
            skipped.append(exc)
            continue
        parsed.append(sample)
    report = evaluate(
        parsed,
        list(metrics) if metrics is not None else None,
        k if isinstance(k, int) else list(k),
        gates=list(gates),
        claims_only=claims_only,
        skipped=skipped,
    )
    return report.to_dict()


def _sample(raw: Any, where: str) -> Any:
    """One sample object validated, an error naming its field in the path style of
    every other error (``samples[0].evidence[1].unit``) without pydantic's wording."""
    from veracity.samples import Sample

    if not isinstance(raw, dict):
        raise InputError(f"must be a sample object, got {json_type(raw)}", field=where)
    try:
        return Sample.model_validate(raw)
    except ValidationError as exc:
        field, msg = describe_errors(exc.errors(include_url=False))
        raise InputError(msg, field=f"{where}.{field}" if field else where) from None


def _unique(sample: Any, explicit: bool, seen: dict[str, int], index: int) -> Any:
    """As ``read_samples``: a repeated explicit id is an error; a repeated generated
    (content) id gets ``#2``, ``#3``... so every sample of the report is addressable."""
    sid = sample.id
    if sid in seen:
        if explicit:
            raise InputError(
                f"duplicate id {sid!r} (first at samples[{seen[sid]}])",
                field=f"samples[{index}].id",
            )
        n = 2
        while f"{sid}#{n}" in seen:
            n += 1
        sid = f"{sid}#{n}"
        sample = sample.model_copy(update={"id": sid})
    seen[sid] = index
    return sample


def _check_sample(sample: Any, where: str, settings: ServiceSettings) -> None:
    text_arg(sample.question, f"{where}.question", settings)
    text_arg(sample.answer, f"{where}.answer", settings)
    texts_arg(sample.contexts, f"{where}.contexts", settings)
    if sample.retrieved is not None:
        texts_arg(sample.retrieved, f"{where}.retrieved", settings)
    if sample.golden_documents is not None:
        texts_arg(list(sample.golden_documents), f"{where}.golden_documents", settings)
    if sample.evidence is not None:
        check_count(sample.evidence, f"{where}.evidence", settings)


# ---------------------------------------------------------------- governance


def governance_detect_mode(answer: str, settings: ServiceSettings) -> dict[str, Any]:
    """The governance mode an answer takes (trustworthy / disputed / abstain), the cue
    that decided it and why (``veracity.governance.detect.detect_mode``)."""
    from veracity.governance.detect import detect_mode

    found = detect_mode(text_arg(answer, "answer", settings))
    return {"mode": found.mode, "cue": found.cue, "reason": found.reason}


def governance_check(
    query: str, contexts: Sequence[str], settings: ServiceSettings
) -> dict[str, Any]:
    """What the built-in deterministic governor answers for ``query`` given
    ``contexts``, and the mode it takes (``governance.baseline.builtin_governor``)."""
    from veracity.governance.baseline import builtin_governor

    answer, mode = builtin_governor(
        text_arg(query, "query", settings), texts_arg(contexts, "contexts", settings)
    )
    return {"answer": answer, "mode": mode}


def governance_score(
    case: Any,
    answer: str | None,
    mode: str | None,
    settings: ServiceSettings,
    *,
    scoring: str = "strict",
) -> dict[str, Any]:
    """Score one answer against one governance case (``governance.scoring.score_case``).

    ``mode`` None = read it from the answer with ``detect_mode``."""
    from veracity.governance.cases import GovCase
    from veracity.governance.responses import GovResponse
    from veracity.governance.scoring import score_case

    if not isinstance(case, dict):
        raise InputError("must be a governance case object", field="case")
    try:
        gov_case = GovCase.from_dict(case)
    except ValidationError as exc:
        field, msg = describe_errors(exc.errors(include_url=False))
        raise InputError(msg, field=f"case.{field}" if field else "case") from None
    if answer is not None:
        text_arg(answer, "answer", settings)
    if mode is None and answer is not None:
        mode = governance_detect_mode(answer, settings)["mode"]
    response = GovResponse(id=gov_case.id, answer=answer, mode=mode)
    return as_dict(score_case(gov_case, response, scoring=scoring))
