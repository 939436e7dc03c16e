"""LLMJudge against local fake Ollama / OpenAI-compatible servers: cache, TTL, on_error."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from fake_http import Handle, serve_json
from veracity.errors import ConfigError, MetricError
from veracity.governance.cases import GovCase
from veracity.governance.llm_check import DEFAULT_TTL_S, LLMJudge, build_prompt

CASE = GovCase(
    id="g1",
    category="grounding",
    query="What was the revenue?",
    contexts=["Revenue grew strongly.", "The second context mentions Oslo."],
    expected_mode="trustworthy",
)
HIT: dict[str, Any] = {
    "case": CASE,
    "response": "Revenue was $5 million.",
    "pattern": r"\$\d",
    "matched": "$5",
    "kind": "forbidden_claim",
}


def serve(handle: Handle) -> AbstractContextManager[str]:
    """A real HTTP server on 127.0.0.1; ``handle(path, body, headers) -> (status, json)``."""
    return serve_json(handle)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def ollama(verdict: str, log: list[tuple[str, dict[str, Any]]]) -> Callable[..., tuple[int, Any]]:
    def handle(path: str, body: dict[str, Any], headers: dict[str, str]) -> tuple[int, Any]:
        log.append((path, body))
        return 200, {"model": body["model"], "response": verdict, "done": True}

    return handle


def test_ollama_verdict_prompt_and_cache_hit(tmp_path: Path) -> None:
    log: list[tuple[str, dict[str, Any]]] = []
    with serve(ollama("TRUE_VIOLATION", log)) as url:
        judge = LLMJudge(url, "qwen", api="ollama", cache_dir=tmp_path)
        assert judge(**HIT) is True
        assert judge(**HIT) is True  # cache hit: no second request
    assert len(log) == 1 and judge.calls == 1
    path, body = log[0]
    assert path == "/api/generate"
    assert body["stream"] is False and body["options"] == {"temperature": 0}
    assert "[1] Revenue grew strongly." in body["prompt"]
    assert "[2] The second context mentions Oslo." in body["prompt"]  # all contexts sent
    assert body["prompt"] == build_prompt(
        query=CASE.query,
        contexts=CASE.contexts,
        response=HIT["response"],
        pattern=HIT["pattern"],
        matched="$5",
        kind="forbidden_claim",
    )
    assert (tmp_path / "llm_judge.sqlite3").is_file()


def test_cache_persists_across_instances_and_is_keyed_by_model(tmp_path: Path) -> None:
    log: list[tuple[str, dict[str, Any]]] = []
    with serve(ollama("FALSE_POSITIVE", log)) as url:
        assert LLMJudge(url, "a", api="ollama", cache_dir=tmp_path)(**HIT) is False
        assert LLMJudge(url, "a", api="ollama", cache_dir=tmp_path)(**HIT) is False
        assert LLMJudge(url, "b", api="ollama", cache_dir=tmp_path)(**HIT) is False
    assert [b["model"] for _, b in log] == ["a", "b"]


def test_ttl_expiry_with_injected_clock(tmp_path: Path) -> None:
    log: list[tuple[str, dict[str, Any]]] = []
    clock = Clock()
    with serve(ollama("TRUE_VIOLATION", log)) as url:
        judge = LLMJudge(url, "m", api="ollama", cache_dir=tmp_path, clock=clock)
        judge(**HIT)
        clock.now += DEFAULT_TTL_S  # exactly 7 days: still fresh
        judge(**HIT)
        assert len(log) == 1
        clock.now += 1  # older than 7 days: asked again
        judge(**HIT)
        assert len(log) == 2
        clock.now += 10
        judge(**HIT)  # refreshed entry is fresh again
    assert len(log) == 2


def test_openai_api_with_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_KEY", "k1")
    seen: list[tuple[str, dict[str, Any], dict[str, str]]] = []

    def handle(path: str, body: dict[str, Any], headers: dict[str, str]) -> tuple[int, Any]:
        seen.append((path, body, headers))
        return 200, {"choices": [{"message": {"content": "Verdict: false_positive"}}]}

    with serve(handle) as url:
        judge = LLMJudge(url + "/v1", "gpt", cache_dir=tmp_path, api_key_env="JUDGE_KEY")
        assert judge(**HIT) is False
    path, body, headers = seen[0]
    assert path == "/v1/chat/completions"
    assert body["model"] == "gpt" and body["temperature"] == 0
    assert headers["authorization"] == "Bearer k1"


@pytest.mark.parametrize(("on_error", "expected"), [("keep", None), ("clear", False)])
@pytest.mark.parametrize("failure", ["http500", "garbage"])
def test_on_error_keep_and_clear(
    tmp_path: Path, on_error: str, expected: bool | None, failure: str
) -> None:
    def handle(path: str, body: dict[str, Any], headers: dict[str, str]) -> tuple[int, Any]:
        return (500, {"error": "x"}) if failure == "http500" else (200, {"response": "maybe?"})

    with serve(handle) as url:
        judge = LLMJudge(url, "m", api="ollama", cache_dir=tmp_path, on_error=on_error)  # type: ignore[arg-type]
        assert judge(**HIT) is expected
        assert judge(**HIT) is expected
    assert judge.calls == 2  # failures are never cached


def test_on_error_fail_raises(tmp_path: Path) -> None:
    with serve(lambda p, b, h: (500, {})) as url:
        judge = LLMJudge(url, "m", api="ollama", cache_dir=tmp_path, on_error="fail")
        with pytest.raises(MetricError, match="LLM judge m failed"):
            judge(**HIT)


def test_injected_transport_and_unreachable_server(tmp_path: Path) -> None:
    calls: list[str] = []

    def transport(
        url: str, payload: dict[str, Any], headers: dict[str, str], timeout: float
    ) -> Any:
        calls.append(url)
        return {"response": "TRUE_VIOLATION"}

    judge = LLMJudge(
        "http://llm.invalid", "m", api="ollama", cache_dir=tmp_path, transport=transport
    )
    assert judge(**HIT) is True and calls == ["http://llm.invalid/api/generate"]
    with serve(lambda p, b, h: (200, {})) as url:
        pass  # closed: connection refused
    keep = LLMJudge(url, "m2", api="ollama", cache_dir=tmp_path, timeout=5)
    assert keep(**HIT) is None


def test_parse_verdict_and_bad_config(tmp_path: Path) -> None:
    assert LLMJudge.parse_verdict("true_violation.") is True
    with pytest.raises(ValueError):
        LLMJudge.parse_verdict("TRUE_VIOLATION or FALSE_POSITIVE")
    with pytest.raises(ConfigError):
        LLMJudge("http://x", "m", api="bard", cache_dir=tmp_path)  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        LLMJudge("http://x", "m", cache_dir=tmp_path, on_error="ignore")  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        LLMJudge("http://x", "m", cache_dir=tmp_path, ttl_s=0)
