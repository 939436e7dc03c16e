"""Every MCP tool, called through the SDK's own in-process client: values, schemas,
descriptions and error paths (tool errors, never a dead server)."""

from __future__ import annotations

import ast
import json
import math
from pathlib import Path
from typing import Any

import anyio
import pytest
from interfaces_support import README_BREAKDOWN, README_EVIDENCE, README_TEXT
from mcp.client import Client
from mcp.types import CallToolResult, TextContent, Tool

from veracity.mcp_server import TOOL_NAMES, build_server
from veracity.server.settings import ServiceSettings

SFS_TOOLS = (
    "sfs_compute",
    "sfs_extract_claims",
    "sfs_verify_claims",
    "sfs_verify_single",
    "sfs_list_presets",
    "sfs_get_preset",
)


def call_many(
    calls: list[tuple[str, dict[str, Any]]], settings: ServiceSettings | None = None
) -> list[CallToolResult]:
    async def main() -> list[CallToolResult]:
        async with Client(build_server(settings)) as client:
            return [await client.call_tool(name, args) for name, args in calls]

    return anyio.run(main)


def call(name: str, args: dict[str, Any], settings: ServiceSettings | None = None) -> Any:
    """Call one tool; return its structured content (asserting it succeeded)."""
    (result,) = call_many([(name, args)], settings)
    assert not result.is_error, text_of(result)
    return result.structured_content


def text_of(result: CallToolResult) -> str:
    return "".join(c.text for c in result.content if isinstance(c, TextContent))


def list_tools() -> list[Tool]:
    async def main() -> list[Tool]:
        async with Client(build_server()) as client:
            return list((await client.list_tools()).tools)

    return anyio.run(main)


# ---------------------------------------------------------------- listing and schemas


def test_every_tool_and_parameter_is_described() -> None:
    tools = {t.name: t for t in list_tools()}
    assert set(TOOL_NAMES) <= set(tools)
    for tool in tools.values():
        assert tool.description and len(tool.description) > 60, tool.name
        for pname, prop in tool.input_schema.get("properties", {}).items():
            assert prop.get("description"), f"{tool.name}.{pname} has no description"
        assert tool.output_schema is not None and tool.output_schema["type"] == "object"
        assert tool.annotations is not None and tool.annotations.read_only_hint is True


def _sfs_signatures() -> dict[str, tuple[list[str], list[str]]]:
    """(parameters, required parameters) of the six tools, read from the SFS toolkit's
    own server source (it cannot be imported under mcp 2)."""
    import sfs_toolkit

    source = (Path(sfs_toolkit.__file__).parent / "server.py").read_text(encoding="utf-8")
    out: dict[str, tuple[list[str], list[str]]] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name in SFS_TOOLS:
            names = [a.arg for a in node.args.args]
            required = names[: len(names) - len(node.args.defaults)]
            out[node.name] = (names, required)
    return out


def test_sfs_tools_keep_the_sfs_names_and_parameters() -> None:
    tools = {t.name: t for t in list_tools()}
    expected = _sfs_signatures()
    assert set(expected) == set(SFS_TOOLS)
    for name, (params, required) in expected.items():
        schema = tools[name].input_schema
        assert list(schema.get("properties", {})) == params, name
        assert sorted(schema.get("required", [])) == sorted(required), name


# ---------------------------------------------------------------- SFS tools


def test_sfs_compute_readme_example_verifies_all_five_claims() -> None:
    out = call(
        "sfs_compute",
        {"text": README_TEXT, "evidence_json": README_EVIDENCE, "preset": "property_valuation"},
    )
    assert out["sfs_score"] == 1.0
    assert (out["total_claims"], out["verified_claims"], out["failed_claims"]) == (5, 5, 0)
    assert out["type_breakdown"] == README_BREAKDOWN
    assert len(out["claim_verifications"]) == 5
    assert all(v["verified"] for v in out["claim_verifications"])


def test_sfs_compute_takes_json_text_like_sfs_clients_and_returns_json_text_too() -> None:
    args = {"text": README_TEXT, "preset": "property_valuation"}
    as_text, as_list = call_many(
        [
            ("sfs_compute", {**args, "evidence_json": json.dumps(README_EVIDENCE)}),
            ("sfs_compute", {**args, "evidence_json": README_EVIDENCE}),
        ]
    )
    assert not as_text.is_error and not as_list.is_error
    assert as_text.structured_content == as_list.structured_content
    # the text block is the same object as JSON, for clients that read text only
    assert json.loads(text_of(as_text)) == as_text.structured_content


def test_sfs_extract_claims_lists_the_five_numbers() -> None:
    (result,) = call_many(
        [("sfs_extract_claims", {"text": README_TEXT, "preset": "property_valuation"})]
    )
    assert not result.is_error
    assert result.structured_content is not None
    claims = result.structured_content["result"]
    assert json.loads(text_of(result)) == claims  # SFS's text form: one JSON array
    values = sorted(c["extracted_value"] for c in claims)
    assert values == [3.2, 12.5, 190.0, 850000.0, 875000.0]
    assert {c["claim_type"] for c in claims} == {"currency", "distance", "count", "percentage"}


def test_sfs_verify_claims_scores_extracted_claims_like_compute() -> None:
    claims = call("sfs_extract_claims", {"text": README_TEXT, "preset": "property_valuation"})[
        "result"
    ]
    out = call(
        "sfs_verify_claims",
        {
            "claims_json": json.dumps(claims),
            "evidence_json": README_EVIDENCE,
            "preset": "property_valuation",
        },
    )
    assert (out["sfs_score"], out["total_claims"], out["verified_claims"]) == (1.0, 5, 5)


def test_sfs_verify_single_reports_the_relative_error() -> None:
    out = call(
        "sfs_verify_single",
        {
            "claim_text": "$850,000",
            "claim_type": "currency",
            "extracted_value": 850000,
            "unit": "AUD",
            "evidence_json": README_EVIDENCE,
            "preset": "property_valuation",
        },
    )
    assert out["verified"] is True
    assert out["matched_evidence"]["key"] == "median_price"
    # SFS: |claimed - actual| / |actual| = 8000 / 842000
    assert math.isclose(out["error"], 8000 / 842000, abs_tol=1e-4)


def test_sfs_verify_single_fails_a_far_value() -> None:
    out = call(
        "sfs_verify_single",
        {
            "claim_text": "$500,000",
            "claim_type": "currency",
            "extracted_value": 500000,
            "unit": "AUD",
            "evidence_json": README_EVIDENCE,
            "preset": "property_valuation",
        },
    )
    assert out["verified"] is False


def test_sfs_presets() -> None:
    presets = call("sfs_list_presets", {})["result"]
    names = {p["name"] for p in presets}
    assert {"property_valuation", "medical", "legal", "financial"} <= names
    medical = call("sfs_get_preset", {"preset_name": "medical"})
    assert medical["tolerance"] == 0.1
    assert medical["type_tolerances"]["dosage"] == 0.05


# ---------------------------------------------------------------- veracity tools


def test_check_faithfulness_supported_and_unsupported() -> None:
    ctx = ["Paris is the capital and largest city of France."]
    good = call(
        "check_faithfulness", {"answer": "Paris is the capital of France.", "contexts": ctx}
    )
    bad = call(
        "check_faithfulness",
        {"answer": "The moon orbits Jupiter every nine days.", "contexts": ctx},
    )
    assert good["score"] == 1.0 and good["claims"][0]["supported"] is True
    assert bad["score"] == 0.0 and bad["claims"][0]["supported"] is False


def test_check_numbers_against_contexts() -> None:
    out = call(
        "check_numbers",
        {
            "answer": "Revenue grew 12% to $3.5 million.",
            "contexts": ["Revenue rose 12 percent, reaching $3.5m in 2023."],
        },
    )
    assert (out["sfs_score"], out["total_claims"], out["verified_claims"]) == (1.0, 2, 2)
    wrong = call(
        "check_numbers",
        {"answer": "Revenue grew 40%.", "evidence": [{"key": "growth", "value": 12, "unit": "%"}]},
    )
    assert (wrong["sfs_score"], wrong["failed_claims"]) == (0.0, 1)


def test_check_numbers_checks_dates_when_asked() -> None:
    args = {
        "answer": "The welds must be repaired by 11 June 2024.",
        "contexts": ["Repairs to the welds must be completed by 11 June 2025."],
    }
    plain = call("check_numbers", args)
    assert (plain["sfs_score"], plain["total_claims"]) == (None, 0)  # a date is no claim
    dated = call("check_numbers", {**args, "check_dates": True})
    assert (dated["sfs_score"], dated["failed_claims"]) == (0.0, 1)
    [verdict] = dated["claim_verifications"]
    assert (verdict["claim"]["claim_type"], verdict["rule"]) == ("date", "other_date")
    assert verdict["reason"] == (
        "'11 June 2024' is not a date of the evidence; closest is '11 June 2025' in "
        "context 0 (365 days apart)"
    )


def test_retrieval_metrics_hand_computed() -> None:
    out = call(
        "retrieval_metrics", {"retrieved": ["d3", "d1", "d7"], "relevant": ["d1", "d2"], "k": 3}
    )
    m = out["metrics"]
    assert m["precision@3"] == pytest.approx(1 / 3)
    assert m["recall@3"] == pytest.approx(1 / 2)
    assert m["hit@3"] == 1.0
    assert m["mrr"] == pytest.approx(1 / 2)
    assert m["map"] == pytest.approx((1 / 2) / 2)
    assert m["r_precision"] == pytest.approx(1 / 2)
    # DCG = 1/log2(3); IDCG = 1 + 1/log2(3)
    assert m["ndcg@3"] == pytest.approx((1 / math.log2(3)) / (1 + 1 / math.log2(3)))
    none = call("retrieval_metrics", {"retrieved": ["a"], "relevant": [], "k": 1})
    assert none["metrics"]["precision@1"] is None and none["reasons"]["precision@1"]


def test_evaluate_samples_report() -> None:
    samples = [
        {"id": "a", "question": "q", "answer": "x", "contexts": ["c"], "retrieved": ["d1", "d2"],
         "relevant": ["d1"]},
        {"id": "b", "question": "q", "answer": "x", "contexts": ["c"], "retrieved": ["d2", "d1"],
         "relevant": ["d1"]},
    ]  # fmt: skip
    out = call(
        "evaluate_samples",
        {"samples": samples, "metrics": ["precision", "mrr"], "k": 1, "gates": ["mrr=0.7"]},
    )
    assert out["n_samples"] == 2
    assert out["metrics"]["precision@1"]["mean"] == 0.5  # (1 + 0) / 2
    assert out["metrics"]["mrr"]["mean"] == 0.75  # (1 + 1/2) / 2
    assert out["gates"][0]["passed"] is True and out["passed"] is True


def test_governance_detect_mode() -> None:
    names = {t.name for t in list_tools()}
    if "governance_detect_mode" not in names:
        pytest.skip("governance modules not installed")
    out = call(
        "governance_detect_mode",
        {"answer": "I cannot answer this: the documents do not mention the 2031 revenue."},
    )
    assert out["mode"] == "abstain"


ABSTAIN_CASE = {
    "id": "abst-001",
    "category": "abstention",
    "query": "What was the company's 2031 revenue?",
    "contexts": ["The company reported revenue of $2M in 2020."],
    "expected_mode": "abstain",
}


def test_governance_score_and_check() -> None:
    names = {t.name for t in list_tools()}
    if not {"governance_score", "governance_check"} <= names:
        pytest.skip("governance modules not installed")
    declined = "The provided documents do not contain the 2031 revenue."
    good = call("governance_score", {"case": ABSTAIN_CASE, "answer": declined})
    assert (good["mode"], good["passed"]) == ("abstain", True)
    bad = call("governance_score", {"case": ABSTAIN_CASE, "answer": "It was $5M.",
                                    "mode": "trustworthy"})  # fmt: skip
    assert (bad["passed"], bad["expected_mode"]) == (False, "abstain")
    q = "When was the bridge opened?"
    agree = call("governance_check", {"query": q, "contexts": ["The bridge opened in 1932."]})
    assert agree["mode"] == "trustworthy" and "1932" in agree["answer"]
    conflict = call(
        "governance_check",
        {"query": q, "contexts": ["The bridge opened in 1932.", "The bridge opened in 1936."]},
    )
    assert conflict["mode"] == "disputed"
    assert call("governance_check", {"query": q, "contexts": []})["mode"] == "abstain"


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("name", "args", "needle"),
    [
        ("sfs_compute", {"text": "It costs $5.", "evidence_json": "[{bad json"}, "evidence_json"),
        ("sfs_compute", {"text": "It costs $5.", "evidence_json": "[]", "preset": "nope"}, "nope"),
        ("sfs_get_preset", {"preset_name": "no-such-preset"}, "no-such-preset"),
        ("sfs_compute", {"evidence_json": "[]"}, "text"),
        ("sfs_verify_claims", {"claims_json": "{}", "evidence_json": "[]"}, "claims"),
        ("check_faithfulness", {"answer": 3, "contexts": ["x"]}, "answer"),
        ("evaluate_samples", {"samples": [{"question": "q", "answer": "a"}]}, "samples[0]"),
        ("evaluate_samples", {"samples": [{"question": "q", "answer": "a", "contexts": ["c"]}],
                              "metrics": ["bogus"]}, "bogus"),
        ("retrieval_metrics", {"retrieved": ["a"], "relevant": ["a"], "k": 0}, "k"),
        ("no_such_tool", {}, "no_such_tool"),
        ("governance_score", {"case": {"id": "x"}, "answer": "a"}, "case"),
        ("check_numbers", {"answer": "5 kg \ud800", "contexts": ["5 kg"]},
         "field 'answer' holds a lone surrogate escape"),
        ("retrieval_metrics", {"retrieved": ["a"], "relevant": ["a"], "K": 3},
         "unknown field 'K': did you mean 'k'?"),
        # strict types, as the HTTP API (these had been coerced: true -> 1, "3" -> 3)
        ("retrieval_metrics", {"retrieved": ["a"], "relevant": ["a"], "k": True},
         "field 'k': must be a whole number, got bool"),
        ("retrieval_metrics", {"retrieved": ["a"], "relevant": {"a": "2"}, "k": 1},
         "field 'relevant.a': must be a whole number, got string"),
        ("evaluate_samples", {"samples": [{"question": "q", "answer": "a", "contexts": ["c"]}],
                              "claims_only": "yes"},
         "field 'claims_only': must be true or false, got string"),
    ],
)  # fmt: skip
def test_bad_input_is_a_tool_error_and_the_server_survives(
    name: str, args: dict[str, Any], needle: str
) -> None:
    bad, good = call_many(
        [(name, args), ("retrieval_metrics", {"retrieved": ["a"], "relevant": ["a"], "k": 1})]
    )
    assert bad.is_error is True
    assert needle in text_of(bad)
    assert not good.is_error
    assert good.structured_content == {
        "k": 1,
        "metrics": dict.fromkeys(["precision@1", "recall@1", "hit@1", "ndcg@1", "mrr", "map",
                                  "r_precision"], 1.0),
        "reasons": {},
    }  # fmt: skip


def test_oversized_input_is_refused_naming_the_field() -> None:
    settings = ServiceSettings(max_text_chars=50, max_items=3)
    long_text, many = call_many(
        [
            ("check_faithfulness", {"answer": "word " * 20, "contexts": ["c"]}),
            ("check_faithfulness", {"answer": "a", "contexts": ["c"] * 4}),
        ],
        settings,
    )
    assert long_text.is_error and "answer" in text_of(long_text) and "100" in text_of(long_text)
    assert many.is_error and "contexts" in text_of(many) and "4" in text_of(many)
