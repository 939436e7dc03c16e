"""The report: per-sample results, per-metric aggregates, skipped lines and gates.

:class:`Report` is plain data; :meth:`Report.to_dict` is its JSON form (the schema
every renderer, ``veracity compare`` and the HTTP service share) and
:meth:`Report.from_dict` reads it back.

Aggregates per metric, over the samples where it was determined (value not None):

* ``mean``   = (1/n) * sum v_i (``math.fsum``), ``None`` when n = 0;
* ``median`` = the middle value of the sorted v_i (mean of the two middle ones when n
  is even), ``None`` when n = 0;
* ``n_scored`` = n, ``n_undetermined`` = samples where the metric was ``None``.

A gate compares a metric's mean with a threshold (``faithfulness >= 0.8``). A gate
whose metric has no scored sample fails, with that reason.
"""

from __future__ import annotations

import math
import operator
import re
import statistics
from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from veracity.errors import ConfigError, InputError

__all__ = [
    "Gate",
    "GateResult",
    "MetricSummary",
    "Report",
    "ReportBuilder",
    "SampleResult",
    "parse_gate",
    "value_against",
]

_OPS: dict[str, Callable[[float, float], bool]] = {
    ">=": operator.ge,
    ">": operator.gt,
    "<=": operator.le,
    "<": operator.lt,
}
_GATE_RE = re.compile(r"^\s*([A-Za-z_][\w@.]*)\s*(>=|<=|>|<|=)\s*([-+]?\d+(?:\.\d+)?)\s*$")


@dataclass(frozen=True, slots=True)
class Gate:
    """A quality gate: ``metric op threshold`` on the metric's mean."""

    metric: str
    op: str
    threshold: float

    def __post_init__(self) -> None:
        if self.op not in _OPS:
            raise ConfigError(f"gate operator must be one of {', '.join(_OPS)}, got {self.op!r}")
        if not math.isfinite(self.threshold) or not 0.0 <= self.threshold <= 1.0:
            raise ConfigError(
                f"gate threshold must be between 0 and 1 (every metric is a fraction), "
                f"got {self.threshold:g} for {self.metric}"
            )

    def check(self, value: float | None) -> GateResult:
        if value is None:
            return GateResult(self, None, False, "no sample could be scored on this metric")
        passed = _OPS[self.op](value, self.threshold)
        reason = (
            ""
            if passed
            else f"{self.metric} = {value_against(value, self.threshold)}, required "
            f"{self.op} {self.threshold:g}"
        )
        return GateResult(self, value, passed, reason)


def value_against(value: float | None, threshold: float) -> str:
    """``value`` to four decimals, or to as many more as it takes to differ from
    ``threshold`` when it does ("0.227586" against 0.2276, not "0.2276"); "-" for None."""
    if value is None:
        return "-"
    for places in range(4, 13):
        text = f"{value:.{places}f}"
        if value == threshold or text != f"{threshold:.{places}f}":
            return text
    return repr(value)


def parse_gate(text: str) -> Gate:
    """Parse ``METRIC=VALUE`` (means ``>=``, as ``--fail-under``) or ``METRIC>=VALUE``
    (also ``>``, ``<=``, ``<``) into a :class:`Gate`."""
    if not isinstance(text, str):
        raise ConfigError(f"a gate must be a string such as 'faithfulness=0.8', not {text!r}")
    m = _GATE_RE.match(text)
    if not m:
        raise ConfigError(
            f"invalid gate {text!r}: expected METRIC=VALUE or METRIC>=VALUE, e.g. faithfulness=0.8"
        )
    metric, op, value = m.groups()
    return Gate(metric.lower(), ">=" if op == "=" else op, float(value))


@dataclass(frozen=True, slots=True)
class GateResult:
    gate: Gate
    value: float | None
    passed: bool
    reason: str = ""

    @property
    def note(self) -> str:
        """The reason when it says more than the gate's mean ("no scored samples"), else
        "" ("faithfulness = 0.6000, required >= 0.8" repeats the mean it would follow)."""
        return "" if self.reason.startswith(f"{self.gate.metric} =") else self.reason

    def to_dict(self) -> dict[str, Any]:
        return {
            "metric": self.gate.metric,
            "op": self.gate.op,
            "threshold": self.gate.threshold,
            "value": self.value,
            "passed": self.passed,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class MetricSummary:
    mean: float | None
    median: float | None
    n_scored: int
    n_undetermined: int

    @classmethod
    def of(cls, values: Sequence[float], n_undetermined: int) -> MetricSummary:
        if not values:
            return cls(None, None, 0, n_undetermined)
        return cls(
            math.fsum(values) / len(values), statistics.median(values), len(values), n_undetermined
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "mean": self.mean,
            "median": self.median,
            "n_scored": self.n_scored,
            "n_undetermined": self.n_undetermined,
        }


@dataclass(frozen=True, slots=True)
class SampleResult:
    """One sample's values (``None`` = undetermined) and the trace behind them.

    ``details[name]`` holds ``reason`` (when there is one) and the metric's trace
    (per-claim verdicts for faithfulness, claim verifications for numeric)."""

    id: str
    metrics: dict[str, float | None]
    details: dict[str, dict[str, Any]] = field(default_factory=dict)
    question: str | None = None
    answer: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "metrics": dict(self.metrics),
            "details": self.details,
        }
        if self.question is not None:
            out["question"] = self.question
        if self.answer is not None:
            out["answer"] = self.answer
        if self.metadata:
            out["metadata"] = self.metadata
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SampleResult:
        """Read one sample result back; a metric value must be null or a number from 0
        to 1 (ValueError naming ``metrics.NAME`` otherwise)."""
        return cls(
            id=str(data["id"]),
            metrics={
                str(k): _score_in_report(v, f"metrics.{k}") for k, v in data["metrics"].items()
            },
            details=dict(data.get("details") or {}),
            question=data.get("question"),
            answer=data.get("answer"),
            metadata=dict(data.get("metadata") or {}),
        )


@dataclass(frozen=True, slots=True)
class Report:
    """Everything one evaluation produced. ``samples`` is empty when the run was
    made without keeping per-sample results (aggregates are still exact)."""

    metric_names: list[str]
    metrics: dict[str, MetricSummary]
    n_samples: int
    samples: list[SampleResult] = field(default_factory=list)
    skipped: list[dict[str, Any]] = field(default_factory=list)
    gates: list[GateResult] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        """True when every gate passed (and trivially when there is none)."""
        return all(g.passed for g in self.gates)

    @property
    def n_skipped(self) -> int:
        return len(self.skipped)

    def to_dict(self) -> dict[str, Any]:
        from veracity import __version__

        return {
            "veracity_version": __version__,
            "n_samples": self.n_samples,
            "n_skipped": self.n_skipped,
            "skipped": list(self.skipped),
            "metrics": {name: self.metrics[name].to_dict() for name in self.metric_names},
            "gates": [g.to_dict() for g in self.gates],
            "passed": self.passed,
            "options": dict(self.options),
            "samples": [s.to_dict() for s in self.samples],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, source: str | None = None) -> Report:
        """Read a report back from its JSON form (``veracity eval --format json``)."""
        try:
            metrics = {
                str(name): MetricSummary(
                    _score_in_report(m.get("mean"), f"metrics.{name}.mean"),
                    _score_in_report(m.get("median"), f"metrics.{name}.median"),
                    int(m["n_scored"]),
                    int(m["n_undetermined"]),
                )
                for name, m in data["metrics"].items()
            }
            gates = [
                GateResult(
                    Gate(g["metric"], g["op"], float(g["threshold"])),
                    g.get("value"),
                    bool(g["passed"]),
                    str(g.get("reason", "")),
                )
                for g in data.get("gates", [])
            ]
            return cls(
                metric_names=list(metrics),
                metrics=metrics,
                n_samples=int(data["n_samples"]),
                samples=[_sample_from_dict(i, s) for i, s in enumerate(data.get("samples", []))],
                skipped=list(data.get("skipped", [])),
                gates=gates,
                options=dict(data.get("options", {})),
            )
        except KeyError as exc:
            raise InputError(f"not a veracity report: no field {exc}", source=source) from None
        except (TypeError, ValueError, AttributeError) as exc:
            raise InputError(f"not a veracity report: {exc}", source=source) from None


def _score_in_report(value: Any, where: str) -> float | None:
    """A metric value read from a report: null, or a number from 0 to 1 (every
    veracity metric is one); ValueError naming ``where`` for anything else (NaN,
    1e308, "NaN", true)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        # (NaN fails the comparison too)
        raise ValueError(f"field '{where}' must be a number from 0 to 1 or null, got {value!r}")
    return float(value)


def _sample_from_dict(i: int, data: Any) -> SampleResult:
    """Sample ``i`` of a report, its problems named with its index."""
    try:
        return SampleResult.from_dict(data)
    except KeyError as exc:
        raise ValueError(f"sample {i}: no field {exc}") from None
    except (TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"sample {i}: {exc}") from None


class ReportBuilder:
    """Accumulates :class:`SampleResult` objects into a :class:`Report` in one pass.

    Memory: one 8-byte float per sample and metric (for the median), plus the sample results
    that are kept: all of them (``keep="all"``), none (``"none"``, when the caller
    streams them elsewhere), only the ``worst_n`` lowest-scoring ones (``"worst"``:
    ranked by their lowest value on the ``focus`` metrics, as the table and Markdown
    renderers show them; bounded memory on any input size), or every sample with its
    trace kept only for the first ``worst_n`` and the ``worst_n`` lowest-scoring ones
    (``"light"``: what the HTML report embeds)."""

    def __init__(
        self,
        metric_names: Iterable[str],
        *,
        keep_samples: bool = True,
        keep: str | None = None,
        worst_n: int = 50,
        focus: Iterable[str] | None = None,
    ) -> None:
        self.metric_names = list(metric_names)
        self.keep = keep or ("all" if keep_samples else "none")
        if self.keep not in ("all", "none", "worst", "light"):
            raise ConfigError(f"keep must be 'all', 'none', 'worst' or 'light', got {self.keep!r}")
        self.worst_n = worst_n
        answer: list[str] = [m for m in ("faithfulness", "numeric") if m in self.metric_names]
        self.focus = list(focus) if focus is not None else (answer or list(self.metric_names))
        # array('d'): 8 bytes per value, where a list of floats takes about 32
        self._values: dict[str, array[float]] = {n: array("d") for n in self.metric_names}
        self._undetermined: dict[str, int] = dict.fromkeys(self.metric_names, 0)
        self._samples: list[SampleResult] = []
        self._worst: list[tuple[float, str, int, SampleResult]] = []
        self._skipped: list[dict[str, Any]] = []
        self.n_samples = 0

    def add(self, result: SampleResult) -> None:
        for name in self.metric_names:
            value = result.metrics.get(name)
            if value is None:
                self._undetermined[name] += 1
            else:
                self._values[name].append(value)
        if self.keep == "all":
            self._samples.append(result)
        elif self.keep == "worst":
            self._add_worst(result)
        elif self.keep == "light":
            light = result if self.n_samples < self.worst_n else replace(result, details={})
            self._samples.append(light)
            self._add_worst(result)
        self.n_samples += 1

    def _add_worst(self, result: SampleResult) -> None:
        values = [v for m in self.focus if (v := result.metrics.get(m)) is not None]
        if not values or min(values) >= 1.0:
            return
        self._worst.append((min(values), result.id, self.n_samples, result))
        if len(self._worst) >= 2 * self.worst_n:
            self._trim_worst()

    def _trim_worst(self) -> None:
        self._worst.sort(key=lambda t: (t[0], t[1], t[2]))
        del self._worst[self.worst_n :]

    def skip(self, error: InputError) -> None:
        self._skipped.append(error.to_dict())

    def build(self, gates: Iterable[Gate] = (), options: Mapping[str, Any] | None = None) -> Report:
        summaries = {
            n: MetricSummary.of(self._values[n], self._undetermined[n]) for n in self.metric_names
        }
        gate_results = []
        for gate in gates:
            if gate.metric not in summaries:
                raise ConfigError(
                    f"gate on {gate.metric!r}, which this run does not compute "
                    f"(metrics: {', '.join(self.metric_names)})"
                )
            gate_results.append(gate.check(summaries[gate.metric].mean))
        samples = list(self._samples)
        if self.keep == "worst":
            self._trim_worst()
            samples = [t[3] for t in sorted(self._worst, key=lambda t: t[2])]
        elif self.keep == "light":
            self._trim_worst()
            for _, _, index, full in self._worst:
                samples[index] = full
        return Report(
            metric_names=list(self.metric_names),
            metrics=summaries,
            n_samples=self.n_samples,
            samples=samples,
            skipped=list(self._skipped),
            gates=gate_results,
            options=dict(options or {}),
        )
