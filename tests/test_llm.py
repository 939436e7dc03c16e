"""The shared LLM client and response cache (veracity.llm) against a fake local server.

Both transports are exercised: httpx (installed in the dev venv) and the urllib
fallback (httpx hidden from the import system).
"""

from __future__ import annotations

import hashlib
import sqlite3
import sys
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from fake_http import serve_json
from veracity.errors import ConfigError, MetricError
from veracity.llm import (
    DEFAULT_TTL_S,
    LLMClient,
    LLMRequestError,
    ResponseCache,
    cache_key,
    default_transport,
)

Reply = tuple[int, Any]
Log = list[tuple[str, dict[str, Any], dict[str, str]]]


def serve(handle: Callable[[dict[str, Any]], Reply], log: Log) -> AbstractContextManager[str]:
    """A real HTTP server on 127.0.0.1; ``handle(body) -> (status, json or bytes)``."""
    return serve_json(lambda path, body, headers: handle(body), log)


@pytest.fixture(params=["httpx", "urllib"])
def transport_kind(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "urllib":
        monkeypatch.setitem(sys.modules, "httpx", None)  # `import httpx` -> ImportError
    return str(request.param)


def test_openai_and_ollama_round_trip(transport_kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LLM_TEST_KEY", "k-1")
    log: Log = []

    def handle(body: dict[str, Any]) -> Reply:
        if "messages" in body:
            return 200, {"choices": [{"message": {"content": "hello " + body["model"]}}]}
        return 200, {"response": "hi " + body["model"]}

    with serve(handle, log) as url:
        oa = LLMClient(url + "/v1/", "gpt", api_key_env="LLM_TEST_KEY")
        assert oa.complete("p1") == "hello gpt"
        ol = LLMClient(url, "qwen", api="ollama")
        assert ol.complete("p2") == "hi qwen"
        assert ol.complete("p3", json_mode=True) == "hi qwen"
    (p1, b1, h1), (p2, b2, h2), (_, b3, _) = log
    assert p1 == "/v1/chat/completions" and h1["authorization"] == "Bearer k-1"
    assert b1 == {"model": "gpt", "temperature": 0, "messages": [{"role": "user", "content": "p1"}]}
    assert p2 == "/api/generate" and "authorization" not in h2
    assert b2 == {"model": "qwen", "prompt": "p2", "stream": False, "options": {"temperature": 0}}
    assert b3["format"] == "json"
    assert oa.requests == 1 and ol.requests == 2


@pytest.mark.parametrize(
    ("status", "retryable"), [(400, False), (401, False), (429, True), (500, True), (503, True)]
)
def test_http_errors(transport_kind: str, status: int, retryable: bool) -> None:
    with (
        serve(lambda b: (status, {"error": "nope"}), []) as url,
        pytest.raises(LLMRequestError) as info,
    ):
        default_transport(url + "/x", {}, {}, 5.0)
    assert str(info.value) == f'HTTP {status} from {url}/x: {{"error": "nope"}}'
    assert info.value.retryable is retryable
    assert isinstance(info.value, MetricError)


def test_non_json_reply_and_reply_without_text(transport_kind: str) -> None:
    with (
        serve(lambda b: (200, b"<html>"), []) as url,
        pytest.raises(LLMRequestError, match="is not JSON"),
    ):
        default_transport(url, {}, {}, 5.0)
    with (
        serve(lambda b: (200, {"choices": []}), []) as url,
        pytest.raises(LLMRequestError, match="reply from m has no text"),
    ):
        LLMClient(url, "m").complete("p")
    with (
        serve(lambda b: (200, {"response": 3}), []) as url,
        pytest.raises(LLMRequestError, match="has no text"),
    ):
        LLMClient(url, "m", api="ollama").complete("p")


def test_timeout_and_refused_connection(transport_kind: str) -> None:
    release = threading.Event()

    def slow(body: dict[str, Any]) -> Reply:
        release.wait(10)
        return 200, {"response": "late"}

    with serve(slow, []) as url:
        try:
            with pytest.raises(LLMRequestError, match=r"timed out after 0\.2 s") as info:
                default_transport(url, {}, {}, 0.2)
        finally:
            release.set()
    assert info.value.retryable is True
    with pytest.raises(LLMRequestError, match="cannot reach") as info:
        default_transport(url, {}, {}, 5.0)  # the server is closed now
    assert info.value.retryable is True


def test_retries_with_doubling_pause_then_give_up() -> None:
    pauses: list[float] = []
    calls: list[str] = []

    def transport(url: str, payload: dict[str, Any], headers: dict[str, str], t: float) -> Any:
        calls.append(url)
        if len(calls) < 3:
            raise ConnectionResetError("reset")
        return {"response": "ok"}

    client = LLMClient(
        "http://h",
        "m",
        api="ollama",
        retries=2,
        backoff_s=0.5,
        sleep=pauses.append,
        transport=transport,
    )
    assert client.complete("p") == "ok" and pauses == [0.5, 1.0] and client.requests == 3
    calls.clear()
    pauses.clear()
    client = LLMClient(
        "http://h", "m", api="ollama", retries=1, sleep=pauses.append, transport=transport
    )
    with pytest.raises(LLMRequestError, match="cannot reach http://h/api/generate: reset"):
        client.complete("p")
    assert len(calls) == 2 and pauses == [1.0]


def test_bad_client_config() -> None:
    with pytest.raises(ConfigError, match="needs a model"):
        LLMClient("http://h", "")
    with pytest.raises(ConfigError, match="needs a base URL"):
        LLMClient("", "m")
    with pytest.raises(ConfigError, match="api must be"):
        LLMClient("http://h", "m", api="bard")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="timeout must be a positive number"):
        LLMClient("http://h", "m", timeout=-1)
    with pytest.raises(ConfigError, match="retries must be"):
        LLMClient("http://h", "m", retries=11)


class Clock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


def test_cache_key_is_sha256_of_model_version_prompt() -> None:
    expected = hashlib.sha256(b"m\x00v1\x00hello").hexdigest()
    assert cache_key("m", "v1", "hello") == expected
    assert cache_key("m", "v2", "hello") != expected


def test_cache_get_put_ttl_and_persistence(tmp_path: Path) -> None:
    clock = Clock()
    cache = ResponseCache(tmp_path / "sub", ttl_s=10, clock=clock)
    assert cache.get("k") is None
    cache.put("k", "reply 1", model="m", prompt_version="v")
    clock.now += 10
    assert ResponseCache(tmp_path / "sub", ttl_s=10, clock=clock).get("k") == "reply 1"
    clock.now += 0.5
    assert cache.get("k") is None  # stale
    cache.put("k", "reply 2", model="m", prompt_version="v")
    assert cache.get("k") == "reply 2"
    db = sqlite3.connect(tmp_path / "sub" / "llm_judge.sqlite3")
    try:
        rows = db.execute("SELECT key, response, created, model, prompt_version FROM responses")
        assert rows.fetchall() == [("k", "reply 2", 510.5, "m", "v")]
    finally:
        db.close()
    assert ResponseCache(tmp_path).ttl_s == DEFAULT_TTL_S == 604800.0


def test_bad_cache(tmp_path: Path) -> None:
    (tmp_path / "llm_judge.sqlite3").write_bytes(b"this is not a database" * 100)
    with pytest.raises(ConfigError, match="cannot use LLM cache"):
        ResponseCache(tmp_path)
    (tmp_path / "file").write_text("x")
    with pytest.raises(ConfigError, match="cannot use LLM cache"):
        ResponseCache(tmp_path / "file")
    with pytest.raises(ConfigError, match="ttl_s must be a positive number"):
        ResponseCache(tmp_path / "ok", ttl_s=0)


def test_cache_dir_tilde_is_expanded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    cache = ResponseCache("~/c")
    assert cache.path == tmp_path / "c" / "llm_judge.sqlite3" and cache.path.is_file()
