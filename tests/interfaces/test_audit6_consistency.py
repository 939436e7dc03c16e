"""The sixth audit's interface inconsistencies, each checked on every interface that
takes the input: the HTTP service (FastAPI's TestClient), the MCP tools (the SDK's
in-process client, and a ``veracity mcp`` subprocess over stdio or HTTP where the
transport matters), ``veracity numbers verify`` and the library.

1. unknown evidence fields are refused by name everywhere (HTTP dropped them);
2. numeric strings are numbers for evidence values and claim values everywhere;
3. input nested too deeply is refused naming the field (a 500, a 400 or no reply);
4. errors name the field as the caller sent it, in one path style, in plain words;
5. a claim sent without a value shows ``extracted_value: null``;
6. ``error`` on a sign mismatch is SFS's ``|c - e| / |e|``;
7. one evidence object is a one-item list; ``""``, ``"null"`` and ``{}`` are refused.
"""

from __future__ import annotations

import json
import select
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from fastapi.testclient import TestClient
from interfaces_support import VERACITY, run_server
from mcp.client import Client
from mcp.types import CallToolResult, TextContent
from typer.testing import CliRunner

from veracity.cli.main import app as cli_app
from veracity.mcp_server import build_server
from veracity.samples import MAX_NESTING, NESTED_TOO_DEEPLY, Sample
from veracity.server.http import create_app

UNTI = (
    "unknown field 'unti': did you mean 'unit'? (an evidence item has the fields key, "
    "value, unit and source)"
)
CONFIDENCE = (
    "unknown field 'confidence' (an evidence item has the fields key, value, unit and source)"
)
EMPTY = (
    "is empty: give an array of evidence objects {key, value, unit, source} as JSON ([] for none)"
)
NULL = "is null: give an array of evidence objects {key, value, unit, source} as JSON ([] for none)"
EMPTY_OBJECT = (
    "is an empty object: give an array of evidence objects {key, value, unit, source} ([] for none)"
)
DEEP = f"nested too deeply: more than {MAX_NESTING} levels of arrays and objects"
SAMPLE = {"question": "q", "answer": "a", "contexts": ["c"]}


@pytest.fixture(scope="module")
def http() -> Iterator[TestClient]:
    with TestClient(create_app()) as client:
        yield client


def mcp(calls: list[tuple[str, dict[str, Any]]]) -> list[CallToolResult]:
    async def main() -> list[CallToolResult]:
        async with Client(build_server()) as client:
            return [await client.call_tool(name, args) for name, args in calls]

    return anyio.run(main)


def mcp_one(name: str, args: dict[str, Any]) -> CallToolResult:
    return mcp([(name, args)])[0]


def text_of(result: CallToolResult) -> str:
    return "".join(c.text for c in result.content if isinstance(c, TextContent))


def tool_error(name: str, message: str) -> str:
    return f"Error executing tool {name}: InputError: {message}"


def cli(*args: str) -> Any:
    return CliRunner().invoke(cli_app, ["numbers", "verify", *args])


def error_body(resp: Any, field: str, message: str) -> None:
    assert resp.status_code == 422, resp.text
    assert resp.json() == {
        "error": "invalid_input",
        "message": f"field '{field}': {message}",
        "field": field,
    }


def nested(levels: int) -> Any:
    """``levels`` levels of arrays (1 = ``[]``)."""
    value: Any = []
    for _ in range(levels - 1):
        value = [value]
    return value


def nested_text(levels: int) -> str:
    return "[" * levels + "]" * levels


def scores(report: dict[str, Any]) -> tuple[Any, ...]:
    return (
        report["sfs_score"],
        tuple((v["verified"], v["error"]) for v in report["claim_verifications"]),
    )


# ---------------------------------------------------------------- 1. unknown evidence fields


@pytest.mark.parametrize(
    ("path", "text_key"), [("/numbers/compute", "text"), ("/numbers/check", "answer")]
)
def test_http_refuses_an_unknown_evidence_field_by_name(
    http: TestClient, path: str, text_key: str
) -> None:
    bad = [{"value": 5, "unti": "USD"}]
    error_body(http.post(path, json={text_key: "$5", "evidence": bad}), "evidence[0]", UNTI)
    confidence = [{"value": 5, "unit": "USD", "confidence": 1}]
    error_body(
        http.post(path, json={text_key: "$5", "evidence": confidence}), "evidence[0]", CONFIDENCE
    )


def test_http_names_the_alias_the_body_used(http: TestClient) -> None:
    bad = [{"value": 5, "unti": "USD"}]
    for evidence in (bad, json.dumps(bad)):
        resp = http.post("/numbers/compute", json={"text": "$5", "evidence_json": evidence})
        error_body(resp, "evidence_json[0]", UNTI)
    claims = [{"claim_text": "$5", "claim_type": "currency", "extracted_value": 5, "unit": "$"}]
    resp = http.post("/numbers/verify", json={"claims_json": claims, "evidence": bad})
    error_body(resp, "evidence[0]", UNTI)


def test_mcp_cli_and_evaluate_refuse_it_with_the_same_words(http: TestClient) -> None:
    bad = [{"value": 5, "unti": "USD"}]
    compute, check = mcp(
        [
            ("sfs_compute", {"text": "$5", "evidence_json": bad}),
            ("check_numbers", {"answer": "$5", "evidence": json.dumps(bad)}),
        ]
    )
    assert text_of(compute) == tool_error("sfs_compute", f"field 'evidence_json[0]': {UNTI}")
    assert text_of(check) == tool_error("check_numbers", f"field 'evidence[0]': {UNTI}")
    result = cli("$5", "--evidence", json.dumps(bad))
    assert result.exit_code == 2
    assert result.stderr == f"error: field 'evidence[0]': {UNTI}\n"
    resp = http.post("/evaluate", json={"samples": [{**SAMPLE, "evidence": bad}]})
    error_body(resp, "samples[0].evidence[0]", UNTI)


# ---------------------------------------------------------------- 2. numeric strings


def test_numeric_string_evidence_values_are_numbers_everywhere(http: TestClient) -> None:
    text = "It costs $5."
    as_number = [{"key": "p", "value": 5, "unit": "USD"}]
    as_text = [{"key": "p", "value": "5", "unit": "USD"}]
    expected = scores(
        http.post("/numbers/compute", json={"text": text, "evidence": as_number}).json()
    )
    assert expected == (1.0, ((True, 0.0),))
    http_compute = http.post("/numbers/compute", json={"text": text, "evidence": as_text})
    http_check = http.post("/numbers/check", json={"answer": text, "evidence": as_text})
    sfs, check = mcp(
        [
            ("sfs_compute", {"text": text, "evidence_json": as_text}),
            ("check_numbers", {"answer": text, "evidence": as_text}),
        ]
    )
    result = cli(text, "--evidence", json.dumps(as_text), "--json")
    assert result.exit_code == 0, result.output
    for report in (
        http_compute.json(),
        http_check.json(),
        sfs.structured_content,
        check.structured_content,
        json.loads(result.stdout),
    ):
        assert report is not None and scores(report) == expected


def test_numeric_string_claim_values_are_numbers_everywhere(http: TestClient) -> None:
    evidence = [{"key": "median_price", "value": 850000, "unit": "USD"}]
    claim = {"claim_text": "The price is $850,000.", "claim_type": "currency", "unit": "$"}
    single, claims = mcp(
        [
            (
                "sfs_verify_single",
                {**claim, "extracted_value": "850000", "evidence_json": evidence},
            ),
            (
                "sfs_verify_claims",
                {
                    "claims_json": [{**claim, "extracted_value": "850000"}],
                    "evidence_json": evidence,
                },
            ),
        ]
    )
    assert not single.is_error, text_of(single)
    assert single.structured_content is not None
    assert single.structured_content["verified"] is True
    assert single.structured_content["claim"]["extracted_value"] == 850000.0
    assert claims.structured_content is not None
    assert scores(claims.structured_content) == (1.0, ((True, 0.0),))
    resp = http.post(
        "/numbers/verify",
        json={"claims": [{**claim, "extracted_value": "850000"}], "evidence": evidence},
    )
    assert scores(resp.json()) == (1.0, ((True, 0.0),))


def test_a_non_numeric_string_is_an_error_naming_the_field(http: TestClient) -> None:
    bad_evidence = [{"key": "p", "value": "five", "unit": "USD"}]
    resp = http.post("/numbers/compute", json={"text": "$5", "evidence": bad_evidence})
    error_body(resp, "evidence[0].value", 'must be a number, got string "five"')
    claim = {"claim_text": "$5", "claim_type": "currency", "unit": "$", "extracted_value": "x"}
    resp = http.post("/numbers/verify", json={"claims": [claim], "evidence": []})
    error_body(resp, "claims[0].extracted_value", 'must be a number or null, got string "x"')
    compute, single, claims = mcp(
        [
            ("sfs_compute", {"text": "$5", "evidence_json": bad_evidence}),
            ("sfs_verify_single", {**claim, "evidence_json": []}),
            ("sfs_verify_claims", {"claims_json": [claim], "evidence_json": []}),
        ]
    )
    assert text_of(compute) == tool_error(
        "sfs_compute", "field 'evidence_json[0].value': must be a number, got string \"five\""
    )
    assert text_of(single) == tool_error(
        "sfs_verify_single", "field 'extracted_value': must be a number, got string \"x\""
    )
    assert text_of(claims) == tool_error(
        "sfs_verify_claims",
        "field 'claims_json[0].extracted_value': must be a number or null, got string \"x\"",
    )
    result = cli("$5", "--evidence", json.dumps(bad_evidence))
    assert (
        result.stderr == "error: field 'evidence[0].value': must be a number, got string \"five\"\n"
    )


# ---------------------------------------------------------------- 3. nesting


def test_the_library_refuses_metadata_nested_beyond_the_limit() -> None:
    Sample.model_validate({**SAMPLE, "metadata": {"x": nested(MAX_NESTING - 1)}})
    with pytest.raises(ValueError, match=NESTED_TOO_DEEPLY):
        Sample.model_validate({**SAMPLE, "metadata": {"x": nested(MAX_NESTING)}})
    assert NESTED_TOO_DEEPLY == DEEP


@pytest.mark.parametrize("levels", [MAX_NESTING, 254, 600, 1000, 20_000])
def test_http_evaluate_refuses_deep_metadata_by_name(http: TestClient, levels: int) -> None:
    body = '{"samples": [{"question": "q", "answer": "a", "contexts": ["c"], '
    body += '"metadata": {"x": ' + nested_text(levels) + "}}]}"
    resp = http.post("/evaluate", content=body, headers={"content-type": "application/json"})
    error_body(resp, "samples[0].metadata", DEEP)


def test_http_evaluate_keeps_metadata_at_the_limit(http: TestClient) -> None:
    sample = {**SAMPLE, "metadata": {"x": nested(MAX_NESTING - 1)}}
    resp = http.post("/evaluate", json={"samples": [sample]})
    assert resp.status_code == 200, resp.text
    assert resp.json()["samples"][0]["metadata"] == sample["metadata"]


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/numbers/compute", '{"text": "x", "evidence": [{"value": 1, "key": %s}]}', "evidence"),
        ("/numbers/verify", '{"claims": %s}', "claims"),
        ("/governance/score", '{"case": {"id": "a", "x": %s}, "answer": "a"}', "case"),
        ("/retrieval", '{"retrieved": ["a"], "relevant": %s}', "relevant"),
    ],
)
@pytest.mark.parametrize("levels", [300, 5000])
def test_http_refuses_any_deep_field_by_name(
    http: TestClient, path: str, body: str, field: str, levels: int
) -> None:
    resp = http.post(
        path, content=body % nested_text(levels), headers={"content-type": "application/json"}
    )
    error_body(resp, field, DEEP)


def test_mcp_refuses_deep_arguments_by_name() -> None:
    deep_meta, deeper_meta, deep_case = mcp(
        [
            ("evaluate_samples", {"samples": [{**SAMPLE, "metadata": {"x": nested(MAX_NESTING)}}]}),
            ("evaluate_samples", {"samples": [{**SAMPLE, "metadata": {"x": nested(150)}}]}),
            ("sfs_compute", {"text": "x", "evidence_json": [{"value": 1, "key": nested(150)}]}),
        ]
    )
    message = f"field 'samples[0].metadata': {DEEP}"
    assert text_of(deep_meta) == tool_error("evaluate_samples", message)
    assert text_of(deeper_meta) == tool_error("evaluate_samples", message)
    assert text_of(deep_case) == tool_error("sfs_compute", f"field 'evidence_json': {DEEP}")


def _stdio_session(lines: list[str], tmp_path: Path) -> list[dict[str, Any]]:
    """Send raw JSON-RPC lines to a ``veracity mcp`` subprocess; one reply per line,
    each awaited at most 30 s (no reply = an AssertionError, not a hang)."""
    with (tmp_path / "stderr.log").open("w") as errlog:
        proc = subprocess.Popen(
            [*VERACITY, "mcp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errlog,
            text=True,
        )
    assert proc.stdin is not None and proc.stdout is not None
    init = {
        "jsonrpc": "2.0",
        "id": 0,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "raw", "version": "0"},
        },
    }
    replies: list[dict[str, Any]] = []
    try:
        for i, line in enumerate([json.dumps(init), *lines]):
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 30)
            assert ready, f"no reply to line {i}"
            replies.append(json.loads(proc.stdout.readline()))
            if i == 0:
                note = {"jsonrpc": "2.0", "method": "notifications/initialized"}
                proc.stdin.write(json.dumps(note) + "\n")
    finally:
        proc.stdin.close()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        proc.stdout.close()
    return replies[1:]


def _call_line(call_id: int, name: str, arguments: str) -> str:
    """A ``tools/call`` request line around ``arguments`` (JSON text, maybe too deep for
    any parser)."""
    head = {"jsonrpc": "2.0", "id": call_id, "method": "tools/call"}
    params = '{"name": ' + json.dumps(name) + ', "arguments": ' + arguments + "}"
    return json.dumps(head)[:-1] + ', "params": ' + params + "}"


def test_stdio_answers_every_deep_call_with_a_tool_error(tmp_path: Path) -> None:
    meta = '{"samples": [{"question": "q", "answer": "a", "contexts": ["c"], "metadata": %s}]}'
    lines = [
        _call_line(1, "evaluate_samples", meta % nested_text(200)),
        _call_line(2, "evaluate_samples", meta % nested_text(250)),
        _call_line(3, "evaluate_samples", meta % nested_text(5000)),
        _call_line(4, "sfs_compute", '{"text": "x", "evidence_json": ' + nested_text(3000) + "}"),
        _call_line(
            5,
            "sfs_verify_single",
            '{"claim_text": "$5", "claim_type": "currency", "extracted_value": NaN, '
            '"unit": "$", "evidence_json": []}',
        ),
        _call_line(6, "evaluate_samples", meta % "{}"),  # the server still answers
    ]
    replies = _stdio_session(lines, tmp_path)
    assert [r["id"] for r in replies] == [1, 2, 3, 4, 5, 6]
    texts = [r["result"]["content"][0]["text"] for r in replies]
    errors = [r["result"].get("isError") for r in replies]
    meta_error = tool_error("evaluate_samples", f"field 'samples[0].metadata': {DEEP}")
    assert texts[:3] == [meta_error] * 3
    assert texts[3] == tool_error("sfs_compute", f"field 'evidence_json': {DEEP}")
    assert texts[4] == tool_error(
        "sfs_verify_single", "field 'extracted_value': must be a finite number"
    )
    assert errors == [True, True, True, True, True, False]


def test_mcp_http_transport_answers_a_deep_call_with_a_tool_error(tmp_path: Path) -> None:
    headers = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    with run_server(["mcp", "--http"], tmp_path) as (base, _proc):
        init = {
            "jsonrpc": "2.0",
            "id": 0,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "raw", "version": "0"},
            },
        }
        resp = httpx.post(f"{base}/mcp", headers=headers, content=json.dumps(init), timeout=30)
        headers["mcp-session-id"] = resp.headers["mcp-session-id"]
        headers["mcp-protocol-version"] = "2025-06-18"
        note = {"jsonrpc": "2.0", "method": "notifications/initialized"}
        httpx.post(f"{base}/mcp", headers=headers, content=json.dumps(note), timeout=30)
        meta = '{"samples": [{"question": "q", "answer": "a", "contexts": ["c"], "metadata": %s}]}'
        body = _call_line(7, "evaluate_samples", meta % nested_text(1000))
        resp = httpx.post(f"{base}/mcp", headers=headers, content=body, timeout=30)
    assert resp.status_code == 200, resp.text
    data = json.loads(resp.text.split("data: ", 1)[1])
    assert data["id"] == 7 and data["result"]["isError"] is True
    assert data["result"]["content"][0]["text"] == tool_error(
        "evaluate_samples", f"field 'samples[0].metadata': {DEEP}"
    )


# ---------------------------------------------------------------- 4. field names


def test_http_names_claims_as_the_body_did(http: TestClient) -> None:
    body = '{"%s": [{"claim_text": "$5", "claim_type": "currency", "extracted_value": NaN}]}'
    for key in ("claims", "claims_json"):
        resp = http.post(
            "/numbers/verify", content=body % key, headers={"content-type": "application/json"}
        )
        error_body(resp, f"{key}[0].extracted_value", "must be a finite number")


def test_evaluate_names_sample_fields_in_the_bracket_style(http: TestClient) -> None:
    cases = [
        ({**SAMPLE, "question": 5}, "samples[0].question", "must be a string, got int 5"),
        (
            {**SAMPLE, "evidence": [{"value": "x"}]},
            "samples[0].evidence[0].value",
            'must be a number, got string "x"',
        ),
        (
            {**SAMPLE, "evidence": [{"value": True}]},
            "samples[0].evidence[0].value",
            "must be a number, not a boolean",
        ),
    ]
    for sample, field, message in cases:
        error_body(http.post("/evaluate", json={"samples": [sample]}), field, message)
    (result,) = mcp([("evaluate_samples", {"samples": [SAMPLE, {**SAMPLE, "question": 5}]})])
    assert text_of(result) == tool_error(
        "evaluate_samples", "field 'samples[1].question': must be a string, got int 5"
    )


def test_mcp_names_the_argument_not_the_library_parameter() -> None:
    compute, single, claims = mcp(
        [
            ("sfs_compute", {"text": "$5", "evidence_json": [{"value": True}]}),
            (
                "sfs_verify_single",
                {
                    "claim_text": "x",
                    "claim_type": "currency",
                    "extracted_value": 1e308,
                    "unit": "USD trillions",
                    "evidence_json": [],
                },
            ),
            ("sfs_verify_claims", {"claims_json": [{"claim_type": "count"}], "evidence_json": []}),
        ]
    )
    assert text_of(compute) == tool_error(
        "sfs_compute", "field 'evidence_json[0].value': must be a number, not a boolean"
    )
    assert text_of(single).startswith(tool_error("sfs_verify_single", "field 'extracted_value': "))
    assert text_of(claims) == tool_error(
        "sfs_verify_claims", "field 'claims_json[0].claim_text': required field is missing"
    )
    for result in (compute, single, claims):
        assert "Value error" not in text_of(result) and "Input should" not in text_of(result)


def test_a_lone_surrogate_is_named_in_the_bracket_style(http: TestClient) -> None:
    resp = http.post(
        "/numbers/check",
        content=b'{"answer": "5 kg", "evidence": [{"key": "k\\udfff", "value": 5}]}',
        headers={"content-type": "application/json"},
    )
    assert resp.json()["field"] == "evidence[0].key"


def test_governance_case_errors_read_plainly(http: TestClient) -> None:
    resp = http.post("/governance/score", json={"case": {"id": "a"}, "answer": "a"})
    assert resp.status_code == 422
    assert resp.json()["field"] == "case.category"
    assert resp.json()["message"].startswith("field 'case.category': required field is missing")


# ---------------------------------------------------------------- 5. a claim without a value


def test_a_claim_without_a_value_shows_null(http: TestClient) -> None:
    claim = {"claim_text": "Some claim.", "claim_type": "count"}
    (result,) = mcp([("sfs_verify_claims", {"claims_json": [claim], "evidence_json": []})])
    assert result.structured_content is not None
    (verdict,) = result.structured_content["claim_verifications"]
    resp = http.post("/numbers/verify", json={"claims": [claim], "evidence": []})
    (http_verdict,) = resp.json()["claim_verifications"]
    for v in (verdict, http_verdict):
        assert v["claim"]["extracted_value"] is None
        assert (v["verified"], v["error"], v["matched_evidence"]) == (False, None, None)
        assert v["reason"] == "No numerical value could be extracted from the claim."


# ---------------------------------------------------------------- 6. error on a sign mismatch


def test_error_on_a_sign_mismatch_is_the_sfs_relative_error(http: TestClient) -> None:
    text = "The balance is 5 units."
    evidence = [{"key": "balance", "value": -5, "unit": "units"}]
    single, compute, check = mcp(
        [
            (
                "sfs_verify_single",
                {
                    "claim_text": text,
                    "claim_type": "count",
                    "extracted_value": 5,
                    "unit": "",
                    "evidence_json": [{"value": -5}],
                },
            ),
            ("sfs_compute", {"text": text, "evidence_json": evidence}),
            ("check_numbers", {"answer": text, "evidence": evidence}),
        ]
    )
    assert single.structured_content is not None
    assert (single.structured_content["rule"], single.structured_content["error"]) == (
        "sign_mismatch",
        2.0,
    )
    result = cli(text, "--evidence", json.dumps(evidence), "--json")
    reports = [
        compute.structured_content,
        check.structured_content,
        http.post("/numbers/compute", json={"text": text, "evidence": evidence}).json(),
        http.post("/numbers/check", json={"answer": text, "evidence": evidence}).json(),
        json.loads(result.stdout),
    ]
    for report in reports:
        assert report is not None
        (v,) = report["claim_verifications"]
        assert (v["verified"], v["rule"], v["error"]) == (False, "sign_mismatch", 2.0)
    assert "200.00%" in cli(text, "--evidence", json.dumps(evidence)).stdout


# ---------------------------------------------------------------- 7. evidence shapes


def test_one_evidence_object_is_a_one_item_list_everywhere(http: TestClient) -> None:
    text = "It costs $5."
    one = {"key": "p", "value": 5, "unit": "USD"}
    expected = (1.0, ((True, 0.0),))
    sfs, check = mcp(
        [
            ("sfs_compute", {"text": text, "evidence_json": json.dumps(one)}),
            ("check_numbers", {"answer": text, "evidence": one}),
        ]
    )
    result = cli(text, "--evidence", json.dumps(one), "--json")
    reports = [
        sfs.structured_content,
        check.structured_content,
        http.post("/numbers/compute", json={"text": text, "evidence": one}).json(),
        http.post("/numbers/check", json={"answer": text, "evidence": one}).json(),
        json.loads(result.stdout),
    ]
    for report in reports:
        assert report is not None and scores(report) == expected
    bad = {"value": 5, "unti": "USD"}
    error_body(
        http.post("/numbers/compute", json={"text": text, "evidence": bad}), "evidence", UNTI
    )


@pytest.mark.parametrize(("sent", "reason"), [("", EMPTY), ("null", NULL), ({}, EMPTY_OBJECT)])
def test_empty_null_and_empty_object_evidence_are_refused_everywhere(
    http: TestClient, sent: Any, reason: str
) -> None:
    error_body(
        http.post("/numbers/compute", json={"text": "$5", "evidence": sent}), "evidence", reason
    )
    error_body(
        http.post("/numbers/check", json={"answer": "$5", "evidence": sent}), "evidence", reason
    )
    sfs, check = mcp(
        [
            ("sfs_compute", {"text": "$5", "evidence_json": sent}),
            ("check_numbers", {"answer": "$5", "evidence": sent}),
        ]
    )
    assert text_of(sfs) == tool_error("sfs_compute", f"field 'evidence_json': {reason}")
    assert text_of(check) == tool_error("check_numbers", f"field 'evidence': {reason}")
    result = cli("$5", "--evidence", sent if isinstance(sent, str) else json.dumps(sent))
    assert result.exit_code == 2
    start = "error: --evidence is" if isinstance(sent, str) else "error: evidence must be a JSON"
    assert result.stderr.startswith(start), result.stderr


def test_omitted_or_json_null_evidence_is_no_evidence(http: TestClient) -> None:
    for body in ({"answer": "$5"}, {"answer": "$5", "evidence": None}):
        report = http.post("/numbers/check", json=body).json()
        assert report["reason"] == "0 of 1 numeric claims verified (no evidence)"
    (check,) = mcp([("check_numbers", {"answer": "$5", "evidence": None})])
    assert check.structured_content is not None
    assert check.structured_content["reason"] == "0 of 1 numeric claims verified (no evidence)"


def test_an_evidence_pool_names_its_items(http: TestClient) -> None:
    pool = {"items": [{"value": 5, "unti": "USD"}]}
    error_body(
        http.post("/numbers/compute", json={"text": "$5", "evidence": pool}),
        "evidence.items[0]",
        UNTI,
    )
