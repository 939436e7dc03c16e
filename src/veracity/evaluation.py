"""evaluate(): samples in, :class:`~veracity.report.Report` out. No I/O, no globals.

``evaluate_sample`` scores one sample with a metric plan (see
:func:`veracity.metrics.plan_metrics`); ``iter_evaluate`` streams results;
``evaluate`` builds the whole report with its aggregates and gates. The same input
always gives the same output: samples are scored in order, metrics in plan order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from veracity import retrieval
from veracity.errors import ConfigError, InputError
from veracity.metrics import MetricOptions, PlannedMetric, plan_metrics
from veracity.report import Gate, Report, ReportBuilder, SampleResult, parse_gate
from veracity.results import MetricResult
from veracity.samples import Sample

__all__ = ["RETRIEVAL_DETAILS", "evaluate", "evaluate_sample", "iter_evaluate"]

NO_RETRIEVED = "no retrieved list"
RETRIEVAL_DETAILS = "retrieval"
"""The key of a sample's details that explains its retrieval scores
(:func:`veracity.retrieval.explain`): the ranks of its relevant items."""


def evaluate_sample(
    sample: Sample, plan: Sequence[PlannedMetric], options: MetricOptions | None = None
) -> SampleResult:
    """Score one sample with every planned metric.

    Retrieval metrics are undetermined when the sample has no ``retrieved`` list or
    no ``golden_documents``; the ranked list is joined with its judgements once.
    """
    if not isinstance(sample, Sample):
        sample = _as_sample(sample, 0)
    if not isinstance(options, MetricOptions | None) or (
        plan and not isinstance(plan[0], PlannedMetric)
    ):
        _check_arguments(plan, options)
    opts = options or MetricOptions()
    values: dict[str, float | None] = {}
    details: dict[str, dict[str, Any]] = {}
    judged: retrieval.Judged | None = None
    for planned in plan:
        spec = planned.spec
        if spec.kernel is not None:
            if sample.retrieved is None:
                result = MetricResult.undetermined(NO_RETRIEVED)
            elif sample.golden_documents is None:
                result = MetricResult.undetermined(retrieval.NO_RELEVANT)
            else:
                if judged is None:
                    judged = retrieval.judge(
                        sample.retrieved, sample.golden_documents, normalize=opts.normalize_ids
                    )
                result = spec.kernel(judged, planned.k)
        else:
            assert spec.answer_fn is not None
            result = spec.answer_fn(sample, opts)
        values[planned.name] = result.value
        if result.reason or result.details:
            entry: dict[str, Any] = {"reason": result.reason} if result.reason else {}
            entry.update(result.details)
            details[planned.name] = entry
    if judged is not None and judged.undetermined_reason is None:
        # one reason behind every retrieval score: where the relevant items were ranked
        details[RETRIEVAL_DETAILS] = retrieval.explain(judged)
    return SampleResult(
        id=sample.id,
        metrics=values,
        details=details,
        question=sample.question,
        answer=sample.answer,
        metadata=dict(sample.metadata),
    )


def iter_evaluate(
    samples: Iterable[Sample | Mapping[str, Any]],
    plan: Sequence[PlannedMetric],
    options: MetricOptions | None = None,
) -> Iterator[SampleResult]:
    """Yield one :class:`SampleResult` per sample, in input order. A sample may also be
    a dict in the JSONL sample format (read as :func:`veracity.io.sample_from_dict`
    reads it; InputError naming ``samples[i]`` and the field)."""
    for i, sample in enumerate(samples):
        yield evaluate_sample(_as_sample(sample, i), plan, options)


def _as_sample(obj: object, i: int) -> Sample:
    if isinstance(obj, Sample):
        return obj
    if isinstance(obj, Mapping):
        from veracity.io import sample_from_dict

        try:
            return sample_from_dict(dict(obj))
        except InputError as exc:
            field = f"samples[{i}].{exc.field}" if exc.field else f"samples[{i}]"
            raise InputError(exc.reason, field=field) from None
    raise InputError(
        f"expected a Sample or a dict, got {type(obj).__name__}", field=f"samples[{i}]"
    )


def _check_arguments(plan: Sequence[PlannedMetric], options: object) -> None:
    """Clear errors for arguments of the wrong kind (they failed deep inside before)."""
    if options is not None and not isinstance(options, MetricOptions):
        raise ConfigError(f"options must be a MetricOptions, not {type(options).__name__}")
    if isinstance(plan, str) or not all(isinstance(p, PlannedMetric) for p in plan):
        raise ConfigError("plan must be the list plan_metrics(...) returns, not metric names")


def evaluate(
    samples: Iterable[Sample | Mapping[str, Any]],
    metrics: Sequence[str] | None = None,
    k: int | Sequence[int] = 5,
    *,
    gates: Iterable[Gate | str] = (),
    claims_only: bool = False,
    options: MetricOptions | None = None,
    skipped: Iterable[InputError] = (),
) -> Report:
    """Evaluate ``samples`` and return the :class:`Report`.

    ``metrics``: names such as ``"precision@5"``, ``"ndcg"`` (expanded over every
    ``k``), ``"faithfulness"``; ``None`` = all. ``k``: one cut-off or several.
    ``gates``: :class:`Gate` objects or strings (``"faithfulness=0.8"``).
    ``skipped``: input errors skipped while reading, recorded in the report.
    """
    ks = [k] if isinstance(k, int) else list(k)
    plan = plan_metrics(metrics, ks, claims_only=claims_only)
    _check_arguments(plan, options)
    gate_objs = [g if isinstance(g, Gate) else parse_gate(g) for g in gates]
    builder = ReportBuilder([p.name for p in plan])
    for result in iter_evaluate(samples, plan, options):
        builder.add(result)
    for err in skipped:
        builder.skip(err)
    return builder.build(gate_objs, options=_options_dict(plan, ks, options))


def _options_dict(
    plan: Sequence[PlannedMetric], ks: Sequence[int], options: MetricOptions | None
) -> dict[str, Any]:
    opts = options or MetricOptions()
    return {
        "metrics": [p.name for p in plan],
        "k": list(ks),
        "normalize_ids": opts.normalize_ids,
        "faithfulness_method": opts.faithfulness_method,
        "numeric_preset": opts.numeric_preset,
    }
