"""One real ``veracity serve`` process on 127.0.0.1, hit over HTTP: rag-eval-shaped
requests answered, malformed and oversized ones refused, and the server still up."""

from __future__ import annotations

from pathlib import Path

import httpx
from interfaces_support import README_EVIDENCE, README_TEXT, run_server


def test_veracity_serve_subprocess(tmp_path: Path) -> None:
    env = {"VERACITY_API_KEYS": "secret-key", "VERACITY_MAX_SAMPLES": "3"}
    with run_server(["serve", "--max-body-bytes", "50000"], tmp_path, env=env) as (base, proc):
        auth = {"Authorization": "Bearer secret-key"}
        with httpx.Client(base_url=base, timeout=30, headers=auth) as http:
            assert http.get("/health").json()["status"] == "ok"
            sample = {
                "question": "What is the capital of France?",
                "answer": "Paris is the capital of France.",
                "context": ["Paris is the capital and largest city of France."],
                "golden_documents": ["doc-paris"],
                "retrieved": ["doc-lyon", "doc-paris"],
            }
            report = http.post("/evaluate", json={"samples": [sample], "k": 2}).json()
            # relevant item at rank 2: P@2 = 1/2, MRR = 1/2
            assert report["metrics"]["precision@2"]["mean"] == 0.5
            assert report["metrics"]["mrr"]["mean"] == 0.5
            sfs = http.post(
                "/numbers/compute",
                json={
                    "text": README_TEXT,
                    "evidence": README_EVIDENCE,
                    "preset": "property_valuation",
                },
            ).json()
            assert (sfs["total_claims"], sfs["verified_claims"]) == (5, 5)

            too_big = http.post("/numbers/compute", json={"text": "x" * 60000, "evidence": []})
            assert too_big.status_code == 413
            assert too_big.json()["error"] == "payload_too_large"
            too_many = http.post("/evaluate", json={"samples": [sample] * 4})
            assert too_many.status_code == 422 and too_many.json()["field"] == "samples"
            garbage = http.post(
                "/evaluate", content=b"\xff\xfe{", headers={"content-type": "application/json"}
            )
            assert garbage.status_code in (400, 422) and "error" in garbage.json()
            assert httpx.get(f"{base}/presets", timeout=10).status_code == 401

            assert http.get("/health").status_code == 200
        assert proc.poll() is None


def test_an_unknown_log_level_is_one_line_and_exit_2() -> None:
    from typer.testing import CliRunner

    from veracity.cli.main import app

    result = CliRunner().invoke(app, ["serve", "--log-level", "bogus"])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: unknown --log-level 'bogus'; choose from critical, error, warning, info, "
        "debug, trace\n"
    )
