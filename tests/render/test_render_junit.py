"""JUnit renderer: valid against the shipped schema, counts consistent, reasons carried."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from veracity.render import render
from veracity.render.junit import render_junit
from veracity.report import Report, ReportBuilder, SampleResult, parse_gate

XSD = Path(__file__).with_name("junit.xsd")


def validate(xml: str) -> None:
    etree = pytest.importorskip("lxml.etree", reason="lxml (dev dependency) validates the XSD")
    schema = etree.XMLSchema(etree.parse(str(XSD)))
    doc = etree.fromstring(xml.encode("utf-8"))
    assert schema.validate(doc), schema.error_log


def structure(xml: str) -> ET.Element:
    """Checks that need no schema validator: counts add up, names are present."""
    root = ET.fromstring(xml)
    assert root.tag == "testsuites"
    totals = {"tests": 0, "failures": 0, "skipped": 0}
    for suite in root.findall("testsuite"):
        cases = suite.findall("testcase")
        assert int(suite.get("tests", "-1")) == len(cases)
        assert int(suite.get("failures", "-1")) == sum(c.find("failure") is not None for c in cases)
        assert int(suite.get("skipped", "-1")) == sum(c.find("skipped") is not None for c in cases)
        assert suite.get("errors") == "0"
        for key in totals:
            totals[key] += int(suite.get(key, "0"))
        for c in cases:
            assert c.get("name") and c.get("classname") and c.get("time") == "0"
    for key, value in totals.items():
        assert int(root.get(key, "-1")) == value
    return root


def cases(root: ET.Element, suite: str) -> list[tuple[str, str, str]]:
    out = []
    for c in root.findall(f"testsuite[@name='{suite}']/testcase"):
        kind = (
            "failure"
            if c.find("failure") is not None
            else "skipped"
            if c.find("skipped") is not None
            else "pass"
        )
        out.append((c.get("classname", ""), c.get("name", ""), kind))
    return out


def test_gates_samples_and_inputs(report: Report) -> None:
    xml = render_junit(report)
    assert xml == render(report, "junit")
    validate(xml)
    root = structure(xml)
    assert (root.get("tests"), root.get("failures"), root.get("skipped")) == ("9", "4", "2")
    assert cases(root, "veracity.gates") == [
        ("veracity.gates", "faithfulness >= 0.8", "failure"),
        ("veracity.gates", "numeric >= 0.5", "pass"),
    ]
    assert cases(root, "veracity.samples") == [
        ("veracity.faithfulness", "q1", "pass"),  # 1.0 >= 0.8
        ("veracity.faithfulness", "q2", "failure"),  # 0.5
        ("veracity.faithfulness", "q3 <b>", "failure"),  # 0.0
        ("veracity.numeric", "q1", "pass"),  # 1.0 >= 0.5
        ("veracity.numeric", "q2", "failure"),  # 0.0
        ("veracity.numeric", "q3 <b>", "skipped"),  # undetermined
    ]
    assert cases(root, "veracity.input") == [("veracity.input", "hand.jsonl:4", "skipped")]
    gate_failure = root.find("testsuite[@name='veracity.gates']/testcase/failure")
    assert gate_failure is not None
    assert gate_failure.get("message") == "faithfulness = 0.5000, required >= 0.8"
    q2 = root.find("testsuite[@name='veracity.samples']/testcase[@name='q2']/failure")
    assert q2 is not None
    assert q2.get("message") == "faithfulness = 0.5000, required >= 0.8"
    assert (
        q2.text
        == "- [faithfulness] 'The Eiffel Tower is in Berlin.': entity 'Berlin' is in no context"
    )
    q2n = root.findall("testsuite[@name='veracity.samples']/testcase[@name='q2']/failure")[1]
    assert q2n.text == (
        "- [numeric] '$5 million': off by 19.0% (tolerance 10%) "
        "(evidence cost = 4200000 USD (context 0), relative error 19.05%)"
    )
    skipped = root.find("testsuite[@name='veracity.samples']/testcase[@name='q3 <b>']/skipped")
    assert skipped is not None and skipped.get("message") == "no numeric claims"


def test_without_per_sample_cases(report: Report) -> None:
    xml = render_junit(report, per_sample=False)
    validate(xml)
    root = structure(xml)
    assert [s.get("name") for s in root.findall("testsuite")] == [
        "veracity.gates",
        "veracity.input",
    ]
    assert root.get("tests") == "3"


def test_no_gates_gives_an_empty_valid_suite() -> None:
    b = ReportBuilder(["faithfulness"])
    b.add(SampleResult("a", {"faithfulness": 0.2}))
    xml = render_junit(b.build())
    validate(xml)
    root = structure(xml)
    assert root.get("tests") == "0"
    assert [s.get("name") for s in root.findall("testsuite")] == ["veracity.gates"]


def test_xml_forbidden_characters_are_replaced() -> None:
    b = ReportBuilder(["faithfulness"])
    evil = "bad\x00id\x1b]8;;\ud800"
    b.add(
        SampleResult(
            evil,
            {"faithfulness": 0.0},
            {"faithfulness": {"claims": [{"text": "x\x07y", "start": 0, "end": 3,
                                          "supported": False, "reason": "r\x0c"}]}},
        )
    )  # fmt: skip
    xml = render_junit(b.build([parse_gate("faithfulness=0.5")]))
    xml.encode("utf-8")  # no lone surrogate left
    validate(xml)
    root = structure(xml)
    case = root.find("testsuite[@name='veracity.samples']/testcase")
    assert case is not None and case.get("name") == "bad\ufffdid\ufffd]8;;\ufffd"
    failure = case.find("failure")
    assert failure is not None and failure.text == "- [faithfulness] 'x\\x07y': r\ufffd"


def test_sample_case_cap_keeps_failures_first() -> None:
    b = ReportBuilder(["faithfulness"])
    for sid, v in (("a", 1.0), ("b", 0.1), ("c", None), ("d", 0.9), ("e", 0.2)):
        b.add(SampleResult(sid, {"faithfulness": v}))
    report = b.build([parse_gate("faithfulness=0.5")])
    xml = render_junit(report, max_sample_cases=3)
    validate(xml)
    root = structure(xml)
    # two failures (b, e), then the undetermined one (c); a and d (passing) left out
    assert cases(root, "veracity.samples") == [
        ("veracity.faithfulness", "b", "failure"),
        ("veracity.faithfulness", "c", "skipped"),
        ("veracity.faithfulness", "e", "failure"),
    ]
    props = {p.get("name"): p.get("value") for p in root.iter("property")}
    assert props == {"n_samples": "5", "n_skipped": "0", "sample_cases_omitted": "2"}
    assert render_junit(report, max_sample_cases=None).count("<testcase") == 6


def test_a_failed_gate_says_how_many_samples_its_mean_is_over() -> None:
    """The mean of a gated metric is over its scored samples: 0.6 over 2, not over 3."""
    b = ReportBuilder(["faithfulness"])
    b.add(SampleResult("a", {"faithfulness": 1.0}))
    b.add(SampleResult("b", {"faithfulness": 0.2}))
    b.add(SampleResult("c", {"faithfulness": None}))
    root = ET.fromstring(render_junit(b.build([parse_gate("faithfulness=0.8")])))
    failure = root.find("testsuite[@name='veracity.gates']/testcase/failure")
    assert failure is not None
    assert failure.text == (
        "faithfulness: mean 0.6000 over 2 scored samples (1 undetermined), required >= 0.8"
    )
