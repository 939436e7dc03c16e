"""JUnit XML renderer: gates (and samples) as test cases that CI systems show natively.

Layout (valid against the common JUnit schema, the one Jenkins / GitLab / GitHub
readers accept; a copy is in the test suite)::

    <testsuites name="veracity" tests failures errors skipped time>
      <testsuite name="veracity.gates">         one <testcase> per gate;
                                                 <failure> when the gate failed
      <testsuite name="veracity.samples">       per_sample=True: one <testcase> per sample
                                                 x gated metric (classname veracity.<metric>,
                                                 name = sample id); <failure> when the
                                                 sample's own value fails the gate's
                                                 comparison, <skipped> when undetermined;
                                                 at most MAX_SAMPLE_CASES (failures first)
      <testsuite name="veracity.input">         one skipped <testcase> per skipped record

Failure messages carry the reason; failure bodies list the sample's unsupported claims
with their reasons. ``time`` is always ``0`` (the report holds no timings, and the same
report gives the same bytes). Characters that XML 1.0 forbids (control characters,
lone surrogates) are replaced by U+FFFD.
"""

from __future__ import annotations

import operator
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

from veracity.render.claims import (
    claim_extras,
    detail_reason,
    grouped,
    is_answer_metric,
    metric_reason,
    unsupported_claims,
)
from veracity.report import GateResult, Report, SampleResult, value_against

__all__ = [
    "MAX_SAMPLE_CASES",
    "add_case",
    "add_suite",
    "junit_document",
    "render_junit",
    "sample_fails_gate",
    "xml_safe",
]

MAX_BODY_CLAIMS = 10
MAX_SAMPLE_CASES = 20_000
_OPS: dict[str, Callable[[float, float], bool]] = {
    ">=": operator.ge,
    ">": operator.gt,
    "<=": operator.le,
    "<": operator.lt,
}
_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_safe(text: object) -> str:
    """``str(text)`` with every character XML 1.0 forbids (control characters other
    than tab / newline / carriage return, lone surrogates, U+FFFE, U+FFFF) replaced
    by U+FFFD, so it can go into an attribute or text node."""
    return _INVALID_XML.sub("\ufffd", str(text))


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.4f}"


def sample_fails_gate(value: float | None, gate: GateResult) -> bool:
    """True when a determined per-sample ``value`` fails the gate's comparison
    (``not value op threshold``); an undetermined value (``None``) never fails."""
    return value is not None and not _OPS[gate.gate.op](value, gate.gate.threshold)


def add_suite(parent: ET.Element, name: str) -> ET.Element:
    """A ``<testsuite name=...>`` under ``parent`` (its counts are set by
    :func:`junit_document`)."""
    return ET.SubElement(parent, "testsuite", {"name": name})


def add_case(suite: ET.Element, classname: str, name: str) -> ET.Element:
    """A ``<testcase classname name time="0">`` under ``suite``, names made XML-safe."""
    attrs = {"classname": xml_safe(classname), "name": xml_safe(name), "time": "0"}
    return ET.SubElement(suite, "testcase", attrs)


def _claims_body(sample: SampleResult, metric: str) -> str:
    if not is_answer_metric(metric):  # a retrieval gate: where the relevant items ranked
        reason = metric_reason(sample, metric)
        return xml_safe(f"- [{metric}] {reason}" if reason else "")
    lines = []
    claims = [c for c in unsupported_claims(sample) if c.metric == metric]
    groups = grouped(claims)
    for c, times in groups[:MAX_BODY_CLAIMS]:
        line = f"- [{c.metric}] {c.text!r}" + (f" ({times} times)" if times > 1 else "")
        line += f": {c.reason or 'unsupported'}"
        extras = claim_extras(c)
        if extras:
            line += f" ({', '.join(extras)})"
        lines.append(line)
    if len(groups) > MAX_BODY_CLAIMS:
        lines.append(f"... and {sum(n for _, n in groups[MAX_BODY_CLAIMS:])} more")
    return xml_safe("\n".join(lines))


def junit_document(root: ET.Element, suites: list[ET.Element]) -> str:
    """Set ``tests``, ``failures``, ``errors`` (0), ``skipped`` and ``time`` (0) on each
    suite and on ``root`` (their sums), then serialise: an XML declaration, the indented
    tree and a final newline."""
    totals = [_finish(s) for s in suites]
    root.attrib.update(
        tests=str(sum(t[0] for t in totals)),
        failures=str(sum(t[1] for t in totals)),
        errors="0",
        skipped=str(sum(t[2] for t in totals)),
        time="0",
    )
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _finish(suite: ET.Element) -> tuple[int, int, int]:
    cases = suite.findall("testcase")
    failures = sum(c.find("failure") is not None for c in cases)
    skipped = sum(c.find("skipped") is not None for c in cases)
    suite.attrib.update(
        tests=str(len(cases)), failures=str(failures), errors="0", skipped=str(skipped), time="0"
    )
    return len(cases), failures, skipped


def _sample_cases(report: Report, cap: int | None) -> list[tuple[GateResult, SampleResult, str]]:
    """(gate, sample, kind) per sample x gated metric (first gate of each metric), in
    metric then input order; over ``cap``, failures are kept first, then skipped cases,
    then passing ones."""
    seen: set[str] = set()
    cases: list[tuple[GateResult, SampleResult, str]] = []
    for g in report.gates:
        if g.gate.metric in seen:
            continue
        seen.add(g.gate.metric)
        for sample in report.samples:
            value = sample.metrics.get(g.gate.metric)
            kind = (
                "skipped" if value is None else "failure" if sample_fails_gate(value, g) else "pass"
            )
            cases.append((g, sample, kind))
    if cap is None or len(cases) <= cap:
        return cases
    keep: set[int] = set()
    for wanted in ("failure", "skipped", "pass"):
        for i, (_, _, kind) in enumerate(cases):
            if len(keep) >= cap:
                break
            if kind == wanted:
                keep.add(i)
    return [c for i, c in enumerate(cases) if i in keep]


def _scored(report: Report, metric: str) -> str:
    """ "30 scored samples (1 undetermined)": what a metric's mean is over."""
    m = report.metrics.get(metric)
    if m is None:
        return f"{report.n_samples} samples"
    out = f"{m.n_scored} scored sample{'' if m.n_scored == 1 else 's'}"
    return out + (f" ({m.n_undetermined} undetermined)" if m.n_undetermined else "")


def render_junit(
    report: Report, *, per_sample: bool = True, max_sample_cases: int | None = MAX_SAMPLE_CASES
) -> str:
    """The report as JUnit XML (``per_sample``: add one test case per sample x gated
    metric, at most ``max_sample_cases`` of them, failures kept first; the number
    left out is the ``sample_cases_omitted`` property)."""
    root = ET.Element("testsuites", {"name": "veracity"})
    gates = add_suite(root, "veracity.gates")
    props = ET.SubElement(gates, "properties")
    for key, count in (("n_samples", report.n_samples), ("n_skipped", report.n_skipped)):
        ET.SubElement(props, "property", {"name": key, "value": str(count)})
    for g in report.gates:
        case = add_case(
            gates, "veracity.gates", f"{g.gate.metric} {g.gate.op} {g.gate.threshold:g}"
        )
        if not g.passed:
            failure = ET.SubElement(
                case,
                "failure",
                {"message": xml_safe(g.reason or "gate failed"), "type": "GateFailed"},
            )
            failure.text = xml_safe(
                f"{g.gate.metric}: mean {value_against(g.value, g.gate.threshold)} over "
                f"{_scored(report, g.gate.metric)}, required {g.gate.op} {g.gate.threshold:g}"
            )
    suites = [gates]
    if per_sample and report.gates and report.samples:
        samples = add_suite(root, "veracity.samples")
        suites.append(samples)
        planned = _sample_cases(report, max_sample_cases)
        omitted = len(report.samples) * len({g.gate.metric for g in report.gates}) - len(planned)
        ET.SubElement(props, "property", {"name": "sample_cases_omitted", "value": str(omitted)})
        for g, sample, kind in planned:
            metric = g.gate.metric
            case = add_case(samples, f"veracity.{metric}", sample.id)
            value = sample.metrics.get(metric)
            if kind == "skipped":
                reason = detail_reason(sample, metric) or "undetermined"
                ET.SubElement(case, "skipped", {"message": xml_safe(reason)})
            elif kind == "failure" and value is not None:
                msg = f"{metric} = {value:.4f}, required {g.gate.op} {g.gate.threshold:g}"
                failure = ET.SubElement(
                    case, "failure", {"message": msg, "type": "SampleBelowGate"}
                )
                body = _claims_body(sample, metric)
                if body:
                    failure.text = body
    if report.skipped:
        inputs = add_suite(root, "veracity.input")
        suites.append(inputs)
        for i, s in enumerate(report.skipped, 1):
            where = s.get("source") or "input"
            line = s.get("line")
            case = add_case(
                inputs, "veracity.input", f"{where}:{line}" if line else f"{where} #{i}"
            )
            ET.SubElement(case, "skipped", {"message": xml_safe(s.get("message", s))})
    return junit_document(root, suites)
