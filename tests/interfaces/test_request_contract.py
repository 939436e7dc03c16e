"""Request-contract details of the HTTP service and the MCP server: OpenAPI response
examples equal to what the endpoint returns for its request example, user-facing 422
fields, aliases sent twice, SFS EvidencePool evidence, the k cap and one-line MCP
argument errors."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient
from interfaces_support import README_EVIDENCE, README_TEXT
from mcp.client import Client
from mcp.types import CallToolResult, TextContent

from veracity.mcp_server import build_server
from veracity.server.http import create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def call_many(calls: list[tuple[str, dict[str, Any]]]) -> list[CallToolResult]:
    async def main() -> list[CallToolResult]:
        async with Client(build_server()) as client:
            return [await client.call_tool(name, args) for name, args in calls]

    return anyio.run(main)


def post_json_bytes(client: TestClient, path: str, body: bytes) -> Any:
    """POST ``body`` as it is (bytes no JSON encoder would write) as application/json."""
    return client.post(path, content=body, headers={"content-type": "application/json"})


def text_of(result: CallToolResult) -> str:
    return "".join(c.text for c in result.content if isinstance(c, TextContent))


# ---------------------------------------------------------------- OpenAPI examples


def test_every_response_example_is_what_the_endpoint_returns(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    components = spec["components"]["schemas"]
    checked = 0
    for path, methods in spec["paths"].items():
        for method, op in methods.items():
            if path == "/health":
                continue
            example = op["responses"]["200"]["content"]["application/json"]["example"]
            if method == "get":
                url = path.replace("{name}", "medical")
                resp = client.get(url)
            else:
                ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
                body = components[ref.split("/")[-1]]["examples"][0]
                resp = client.post(path, json=body)
            assert resp.status_code == 200, path
            assert resp.json() == example, f"{method.upper()} {path}: stale example"
            checked += 1
    assert checked >= 10


def test_examples_show_the_real_shapes(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]

    def example(path: str) -> Any:
        return paths[path]["post"]["responses"]["200"]["content"]["application/json"]["example"]

    faith = example("/faithfulness")
    assert faith["score"] == 1.0 and len(faith["claims"]) == 1
    assert faith["claims"][0]["supported"] is True
    claim = example("/numbers/compute")["claim_verifications"][0]["claim"]
    assert claim["claim_text"] == README_TEXT.split(". ")[0] + "."
    assert claim["unit"] == "$" and claim["text"] == "$850,000"
    assert example("/numbers/compute")["sfs_score"] == 1.0
    assert example("/numbers/extract")["claims"][0]["unit"] == "$"


# ---------------------------------------------------------------- 422 / 415 bodies


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/numbers/compute", {"text": "x", "evidence": 5}, "evidence"),
        ("/retrieval", {"retrieved": ["a"], "relevant": 3}, "relevant"),
        ("/retrieval", {"retrieved": ["a", 2], "relevant": ["a"]}, "retrieved[1]"),
        ("/numbers/compute", {"text": "x", "evidence": [{"key": "a", "value": "one"}]},
         "evidence[0].value"),
    ],
)  # fmt: skip
def test_422_field_is_the_request_field(
    client: TestClient, path: str, body: dict[str, Any], field: str
) -> None:
    resp = client.post(path, json=body)
    assert resp.status_code == 422
    assert resp.json()["field"] == field
    assert "validation" not in resp.json()["message"]


def test_wrong_type_message_names_what_is_expected(client: TestClient) -> None:
    resp = client.post("/numbers/compute", json={"text": "x", "evidence": 5})
    assert resp.json()["message"] == (
        "field 'evidence': must be a string or an array or an object, got int 5"
    )


def test_malformed_body_names_line_and_column(client: TestClient) -> None:
    resp = post_json_bytes(client, "/numbers/compute", b'{"text": "x",\n  bad}')
    assert resp.status_code == 422
    body = resp.json()
    assert body["field"] is None
    assert body["message"].startswith("request body is not valid JSON: ")
    assert body["message"].endswith("at line 2 column 3")


def test_json_sent_as_text_plain_is_415(client: TestClient) -> None:
    resp = client.post(
        "/retrieval",
        content=json.dumps({"retrieved": ["a"], "relevant": ["a"]}),
        headers={"content-type": "text/plain"},
    )
    assert resp.status_code == 415
    assert resp.json()["error"] == "unsupported_media_type"
    assert "text/plain" in resp.json()["message"]


def test_field_and_alias_together_is_refused(client: TestClient) -> None:
    resp = client.post(
        "/numbers/compute",
        json={"text": "The dose is 500 mg.", "evidence": [],
              "evidence_json": [{"key": "d", "value": 500, "unit": "mg"}]},
    )  # fmt: skip
    assert resp.status_code == 422
    assert resp.json()["field"] == "evidence"
    assert "evidence_json" in resp.json()["message"]


# ---------------------------------------------------------------- EvidencePool, k cap


def test_evidence_pool_is_accepted_everywhere(client: TestClient) -> None:
    pool = {"items": README_EVIDENCE}
    pv = "property_valuation"
    http = client.post(
        "/numbers/compute",
        json={"text": README_TEXT, "evidence": pool, "preset": pv},
    ).json()
    http_check = client.post(
        "/numbers/check", json={"answer": README_TEXT, "evidence": pool, "preset": pv}
    ).json()
    mcp_compute, mcp_check = call_many(
        [
            ("sfs_compute", {"text": README_TEXT, "evidence_json": pool, "preset": pv}),
            ("check_numbers", {"answer": README_TEXT, "evidence": pool, "preset": pv}),
        ]
    )
    for result in (http, http_check, mcp_compute.structured_content, mcp_check.structured_content):
        assert result is not None
        assert (result["sfs_score"], result["total_claims"], result["verified_claims"]) == (
            1.0,
            5,
            5,
        )


def test_k_is_capped(client: TestClient) -> None:
    resp = client.post("/retrieval", json={"retrieved": ["a"], "relevant": ["a"], "k": 10**23})
    assert resp.status_code == 422 and resp.json()["field"] == "k"
    assert "1,000,000" in resp.json()["message"]
    ok = client.post("/retrieval", json={"retrieved": ["a"], "relevant": ["a"], "k": 1_000_000})
    assert ok.json()["metrics"]["precision@1000000"] == 1e-06
    (bad,) = call_many(
        [("retrieval_metrics", {"retrieved": ["a"], "relevant": ["a"], "k": 10**23})]
    )
    assert bad.is_error and "1,000,000" in text_of(bad)


# ---------------------------------------------------------------- MCP argument errors


def test_mcp_wrong_types_are_one_line_input_errors() -> None:
    wrong, missing, union, good = call_many(
        [
            ("sfs_compute", {"text": 3, "evidence_json": "[]", "preset": 1}),
            ("check_faithfulness", {"answer": "a"}),
            ("check_numbers", {"answer": "a", "evidence": 7}),
            ("check_faithfulness", {"answer": "a", "contexts": ["a"]}),
        ]
    )
    assert wrong.is_error
    assert text_of(wrong) == (
        "Error executing tool sfs_compute: InputError: field 'text': must be a string, "
        "got int 3 (and 1 more problem)"
    )
    assert text_of(missing) == (
        "Error executing tool check_faithfulness: InputError: field 'contexts': "
        "required field is missing"
    )
    assert text_of(union).endswith(
        "InputError: field 'evidence': must be a string or an array or an object, got int 7"
    )
    for result in (wrong, missing, union):
        assert "pydantic" not in text_of(result) and "\n" not in text_of(result)
    assert not good.is_error


def test_mcp_descriptions_are_accurate() -> None:
    async def main() -> dict[str, Any]:
        async with Client(build_server()) as client:
            return {t.name: t.input_schema for t in (await client.list_tools()).tools}

    schemas = anyio.run(main)
    single = schemas["sfs_verify_single"]["properties"]
    assert "'$850,000'" not in single["claim_text"]["description"]
    assert "sentence" in single["claim_text"]["description"]
    assert "general" in schemas["sfs_compute"]["properties"]["preset"]["description"]


def test_mcp_bounds_and_unparsable_numbers_read_plainly() -> None:
    low_k, bad_value = call_many(
        [
            ("retrieval_metrics", {"retrieved": ["a"], "relevant": ["a"], "k": 0}),
            ("sfs_verify_single", {"claim_text": "It costs $5.", "claim_type": "currency",
                                   "extracted_value": "abc", "unit": "$", "evidence_json": []}),
        ]
    )  # fmt: skip
    assert text_of(low_k).endswith("InputError: field 'k': must be >= 1, got 0")
    assert text_of(bad_value).endswith(
        "InputError: field 'extracted_value': must be a number, got string \"abc\""
    )


def test_a_lone_surrogate_is_refused_naming_the_field(client: TestClient) -> None:
    # JSON's "\ud800" escape parses to a string no UTF-8 response can hold: it was a 500
    resp = post_json_bytes(
        client,
        "/numbers/check",
        b'{"answer": "5 kg", "evidence": [{"key": "k\\udfff", "value": 5}]}',
    )
    assert resp.status_code == 422
    assert resp.json() == {
        "error": "invalid_request",
        "message": "field 'evidence[0].key' holds a lone surrogate escape (such as \\ud800), "
        "not a Unicode character",
        "field": "evidence[0].key",
    }


def test_a_huge_grade_is_refused_not_a_500(client: TestClient) -> None:
    resp = post_json_bytes(
        client, "/retrieval", b'{"retrieved": ["a"], "relevant": {"a": 1' + b"0" * 400 + b"}}"
    )
    assert resp.status_code == 422
    assert resp.json()["field"] == "relevant"
    assert resp.json()["message"] == (
        "field 'relevant': grade of 'a' must be a whole number from 0 to 1,000,000"
    )


def test_a_misspelled_field_is_refused_naming_it(client: TestClient) -> None:
    resp = client.post("/retrieval", json={"retrieved": ["a"], "relevant": ["a"], "K": 1})
    assert resp.status_code == 422
    assert resp.json() == {
        "error": "invalid_request",
        "message": "unknown field 'K': did you mean 'k'?",
        "field": "K",
    }


def test_a_body_that_is_not_utf8_json_says_so(client: TestClient) -> None:
    resp = post_json_bytes(client, "/retrieval", b'{"retrieved": ["\xff"], "relevant": ["a"]}')
    assert resp.status_code == 400
    assert resp.json()["message"] == (
        "the body could not be read as JSON: send UTF-8 text, with integers of at most 4,300 digits"
    )


@pytest.mark.parametrize("k", [0, [5, 0], 2_000_000, []])
def test_a_bad_cut_off_is_the_same_error_on_evaluate_as_on_retrieval(
    client: TestClient, k: Any
) -> None:
    """A cut-off is an argument: 422 invalid_input naming field 'k' on /evaluate too
    (it was invalid_config with no field)."""
    sample = {"answer": "a", "contexts": ["c"], "retrieved": ["x"], "golden_documents": ["x"]}
    body = client.post("/evaluate", json={"samples": [sample], "k": k}).json()
    assert (body["error"], body["field"]) == ("invalid_input", "k")
