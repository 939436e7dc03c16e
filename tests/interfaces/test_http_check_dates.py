"""``POST /numbers/check`` with ``check_dates`` (FastAPI's TestClient)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from veracity.server.http import create_app


def test_check_dates_on_the_http_service() -> None:
    body = {
        "answer": "The hoist is due for examination by 13 January 2026; the fee is $40.",
        "contexts": ["The hoist's next examination is due by 13 January 2027. Fee: $40."],
    }
    with TestClient(create_app()) as http:
        plain = http.post("/numbers/check", json=body)
        dated = http.post("/numbers/check", json={**body, "check_dates": True})
        wrong_type = http.post("/numbers/check", json={**body, "check_dates": "yes"})
    assert plain.status_code == 200 and dated.status_code == 200
    assert (plain.json()["sfs_score"], plain.json()["total_claims"]) == (1.0, 1)
    report = dated.json()
    assert (report["sfs_score"], report["total_claims"], report["verified_claims"]) == (0.5, 2, 1)
    assert report["type_breakdown"]["date"] == {"total": 1, "verified": 0, "failed": 1}
    assert wrong_type.status_code == 422
    assert "check_dates" in wrong_type.text
