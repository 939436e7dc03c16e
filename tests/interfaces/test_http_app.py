"""The HTTP service through FastAPI's TestClient: endpoints, values, limits, typed
errors, API keys, CORS and the OpenAPI examples."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from interfaces_support import README_BREAKDOWN, README_EVIDENCE, README_TEXT

from veracity.server.http import create_app
from veracity.server.settings import ServiceSettings

RAG_EVAL_BODY: dict[str, Any] = {
    "samples": [
        {
            "question": "What is the capital of France?",
            "answer": "Paris is the capital of France.",
            "context": ["Paris is the capital and largest city of France."],
            "golden_documents": ["Paris is the capital and largest city of France."],
            "retrieved": ["Paris is the capital and largest city of France."],
            "id": "sample-1",
        }
    ],
    "k": 5,
}


def client_for(**settings: Any) -> TestClient:
    return TestClient(create_app(ServiceSettings(**settings)))


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with client_for() as c:
        yield c


def assert_error(resp: Any, status: int, code: str, field: str | None = None) -> dict[str, Any]:
    assert resp.status_code == status, resp.text
    body: dict[str, Any] = resp.json()
    assert set(body) == {"error", "message", "field"}
    assert body["error"] == code
    assert body["message"]
    if field is not None:
        assert body["field"] == field
        assert field in body["message"]
    return body


# ---------------------------------------------------------------- endpoints


def test_health(client: TestClient) -> None:
    resp = client.get("/health")
    assert resp.status_code == 200
    assert resp.json()["status"] == "ok"


def test_evaluate_accepts_rag_eval_body(client: TestClient) -> None:
    resp = client.post("/evaluate", json=RAG_EVAL_BODY)
    assert resp.status_code == 200, resp.text
    report = resp.json()
    assert report["n_samples"] == 1 and report["n_skipped"] == 0
    # one relevant document, retrieved at rank 1: P@5 = 1/5, R@5 = 1, MRR = 1
    assert report["metrics"]["precision@5"]["mean"] == 0.2
    assert report["metrics"]["recall@5"]["mean"] == 1.0
    assert report["metrics"]["mrr"]["mean"] == 1.0
    assert report["metrics"]["faithfulness"]["mean"] == 1.0
    assert report["samples"][0]["id"] == "sample-1"


def test_evaluate_options_and_gates(client: TestClient) -> None:
    body = {**RAG_EVAL_BODY, "metrics": ["precision"], "k": [1, 5], "gates": ["precision@5=0.5"]}
    report = client.post("/evaluate", json=body).json()
    assert list(report["metrics"]) == ["precision@1", "precision@5"]
    assert report["metrics"]["precision@1"]["mean"] == 1.0
    assert report["gates"][0]["passed"] is False and report["passed"] is False
    claims_only = client.post("/evaluate", json={**RAG_EVAL_BODY, "claims_only": True}).json()
    assert "precision@5" not in claims_only["metrics"]
    assert "faithfulness" in claims_only["metrics"]


def test_evaluate_bad_sample_names_the_field(client: TestClient) -> None:
    sample = {"question": "q", "answer": "a", "contexts": []}
    body = {"samples": [RAG_EVAL_BODY["samples"][0], sample]}
    assert_error(client.post("/evaluate", json=body), 422, "invalid_input", "samples[1].contexts")
    skipped = client.post("/evaluate", json={**body, "skip_errors": True}).json()
    assert (skipped["n_samples"], skipped["n_skipped"]) == (1, 1)
    assert skipped["skipped"][0]["field"] == "samples[1].contexts"


def test_evaluate_sample_ids_are_unique(client: TestClient) -> None:
    sample = {"question": "q", "answer": "a b", "contexts": ["a b"]}
    report = client.post("/evaluate", json={"samples": [sample] * 3, "metrics": ["mrr"]}).json()
    first = report["samples"][0]["id"]
    assert [s["id"] for s in report["samples"]] == [first, f"{first}#2", f"{first}#3"]
    dup = {"samples": [{**sample, "id": "x"}, {**sample, "id": "x"}]}
    assert_error(client.post("/evaluate", json=dup), 422, "invalid_input", "samples[1].id")


def test_numbers_compute_readme_example(client: TestClient) -> None:
    body = {"text": README_TEXT, "evidence": README_EVIDENCE, "preset": "property_valuation"}
    out = client.post("/numbers/compute", json=body).json()
    assert (out["sfs_score"], out["total_claims"], out["verified_claims"]) == (1.0, 5, 5)
    assert out["type_breakdown"] == README_BREAKDOWN
    # SFS parameter names work too, with JSON text
    sfs_names = {
        "text": README_TEXT,
        "evidence_json": json.dumps(README_EVIDENCE),
        "preset": "property_valuation",
    }
    assert client.post("/numbers/compute", json=sfs_names).json() == out


def test_numbers_extract_verify_check(client: TestClient) -> None:
    claims = client.post(
        "/numbers/extract", json={"text": README_TEXT, "preset": "property_valuation"}
    ).json()["claims"]
    assert sorted(c["extracted_value"] for c in claims) == [3.2, 12.5, 190.0, 850000.0, 875000.0]
    verified = client.post(
        "/numbers/verify",
        json={"claims": claims[:2], "evidence": README_EVIDENCE, "preset": "property_valuation"},
    ).json()
    assert (verified["total_claims"], verified["verified_claims"]) == (2, 2)
    checked = client.post(
        "/numbers/check",
        json={"answer": "Sales rose 40%.", "evidence": [{"key": "g", "value": 12, "unit": "%"}]},
    ).json()
    assert (checked["sfs_score"], checked["failed_claims"]) == (0.0, 1)


def test_presets(client: TestClient) -> None:
    names = {p["name"] for p in client.get("/presets").json()["presets"]}
    assert {"property_valuation", "medical", "legal", "financial"} <= names
    assert client.get("/presets/medical").json()["tolerance"] == 0.1
    missing = assert_error(client.get("/presets/no-such"), 404, "not_found")
    assert missing["field"] == "name" and "no-such" in missing["message"]


def test_faithfulness_and_retrieval(client: TestClient) -> None:
    out = client.post(
        "/faithfulness",
        json={"answer": "Paris is the capital of France.", "contexts": ["Paris is the capital."]},
    ).json()
    assert out["claims"][0]["text"].startswith("Paris is the capital of France")
    ret = client.post(
        "/retrieval", json={"retrieved": ["d3", "d1", "d7"], "relevant": {"d1": 1, "d2": 1}, "k": 3}
    ).json()
    assert ret["metrics"]["precision@3"] == pytest.approx(1 / 3)
    assert ret["metrics"]["map"] == pytest.approx(0.25)


def test_governance_detect(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    if "/governance/detect" not in paths:
        pytest.skip("governance modules not installed")
    out = client.post(
        "/governance/detect",
        json={"answer": "I cannot answer this: the documents do not mention it."},
    ).json()
    assert out["mode"] == "abstain"


def test_governance_score_and_check(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    if not {"/governance/score", "/governance/check"} <= set(paths):
        pytest.skip("governance modules not installed")
    case = {
        "id": "abst-001",
        "category": "abstention",
        "query": "What was the company's 2031 revenue?",
        "contexts": ["The company reported revenue of $2M in 2020."],
        "expected_mode": "abstain",
    }
    declined = "The provided documents do not contain the 2031 revenue."
    out = client.post("/governance/score", json={"case": case, "answer": declined}).json()
    assert (out["id"], out["mode"], out["passed"]) == ("abst-001", "abstain", True)
    fitz = client.post(
        "/governance/score",
        json={"case": case, "answer": "x", "mode": "trustworthy", "scoring": "fitz-gov-4.1"},
    ).json()
    assert (fitz["passed"], fitz["scoring"]) == (False, "fitz-gov-4.1")
    assert_error(
        client.post("/governance/score", json={"case": {**case, "category": "nope"}}),
        422,
        "invalid_input",
        "case.category",
    )
    assert_error(
        client.post("/governance/score", json={"case": case, "answer": "a", "scoring": "loose"}),
        422,
        "invalid_config",
    )
    check = client.post(
        "/governance/check",
        json={
            "query": "When was the bridge opened?",
            "contexts": ["The bridge opened in 1932.", "The bridge opened in 1936."],
        },
    ).json()
    assert check["mode"] == "disputed"


# ---------------------------------------------------------------- errors and limits


def test_malformed_requests_get_typed_422(client: TestClient) -> None:
    bad_json = client.post(
        "/evaluate", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert_error(bad_json, 422, "invalid_request")
    assert_error(client.post("/numbers/compute", json={"text": 5}), 422, "invalid_request", "text")
    assert_error(client.post("/evaluate", json={"k": 5}), 422, "invalid_request", "samples")
    assert_error(
        client.post("/numbers/compute", json={"text": "x", "evidence": "[{oops"}),
        422,
        "invalid_input",
        "evidence",  # as the body names it (evidence_json when sent under that alias)
    )
    assert_error(
        client.post("/numbers/compute", json={"text": "$5", "evidence": [], "preset": "nope"}),
        422,
        "invalid_config",
    )
    assert_error(client.get("/nowhere"), 404, "not_found")
    assert_error(client.get("/evaluate"), 405, "method_not_allowed")


def test_limits() -> None:
    with client_for(max_body_bytes=2000, max_samples=2, max_text_chars=100, max_items=3) as c:
        big = {"text": "x" * 3000}
        assert_error(c.post("/numbers/compute", json=big), 413, "payload_too_large")

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted while streaming
            yield b'{"text": "'
            for _ in range(30):
                yield b"x" * 100
            yield b'"}'

        assert_error(c.post("/numbers/compute", content=chunks()), 413, "payload_too_large")
        sample = RAG_EVAL_BODY["samples"][0]
        assert_error(c.post("/evaluate", json={"samples": [sample] * 3}), 422, "invalid_input",
                     "samples")  # fmt: skip
        long = {**sample, "answer": "y" * 101}
        body = assert_error(
            c.post("/evaluate", json={"samples": [long]}), 422, "invalid_input", "samples[0].answer"
        )
        assert "100" in body["message"]
        many = {"answer": "a", "contexts": ["c"] * 4}
        assert_error(c.post("/faithfulness", json=many), 422, "invalid_input", "contexts")
        none = {"answer": "Paris is the capital of France.", "contexts": []}
        assert_error(c.post("/faithfulness", json=none), 422, "invalid_input", "contexts")
        two = [{**sample, "id": "a"}, {**sample, "id": "b"}]
        assert c.post("/evaluate", json={"samples": two}).status_code == 200


def test_api_keys() -> None:
    with client_for(api_keys={"k1": "alice", "k2": "bob"}) as c:
        assert c.get("/health").status_code == 200
        denied = c.get("/presets")
        assert_error(denied, 401, "unauthorized")
        assert denied.headers["www-authenticate"].startswith("Bearer")
        assert_error(c.get("/presets", headers={"Authorization": "Bearer nope"}), 401,
                     "unauthorized")  # fmt: skip
        assert c.get("/presets", headers={"Authorization": "Bearer k2"}).status_code == 200
        assert c.get("/presets", headers={"X-API-Key": "k1"}).status_code == 200


def test_cors_off_by_default_and_configurable() -> None:
    preflight = {"Origin": "https://app.example", "Access-Control-Request-Method": "POST"}
    with client_for() as c:
        resp = c.options("/evaluate", headers=preflight)
        assert "access-control-allow-origin" not in resp.headers
    with client_for(cors_origins=("https://app.example",)) as c:
        resp = c.options("/evaluate", headers=preflight)
        assert resp.headers["access-control-allow-origin"] == "https://app.example"


def test_every_endpoint_has_an_openapi_example(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    for path, item in schema["paths"].items():
        for method, op in item.items():
            ok = op["responses"]["200"]["content"]["application/json"]
            has_example = "example" in ok or "examples" in ok.get("schema", {})
            ref = ok.get("schema", {}).get("$ref")
            if ref:
                has_example = has_example or "examples" in components[ref.split("/")[-1]]
            assert has_example, f"{method.upper()} {path}: no response example"
            body = op.get("requestBody")
            if body:
                name = body["content"]["application/json"]["schema"]["$ref"].split("/")[-1]
                assert components[name].get("examples"), f"{method.upper()} {path}: no body example"
            if path != "/health":
                assert "422" in op["responses"] and "413" in op["responses"], path
