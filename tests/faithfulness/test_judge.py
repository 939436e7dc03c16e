"""LLM faithfulness judge against a fake OpenAI / Ollama server on 127.0.0.1.

Covers the request shapes, verdict parsing, the cache (hits, model key, TTL), every
``on_error`` mode, bad replies, bounded timeouts, retries and the API key handling.
Expected values are worked out by hand from the fake judge's scripted replies.
"""

from __future__ import annotations

import json
import pickle
import re
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from fake_http import serve_json
from veracity.errors import ConfigError, InputError, MetricError
from veracity.faithfulness import score_faithfulness
from veracity.faithfulness.judge import (
    PROMPT_VERSION,
    JudgeConfig,
    build_prompt,
    judge_faithfulness,
    parse_reply,
)
from veracity.llm import DEFAULT_TTL_S

CONTEXTS = [
    "Lyon is a city on the Rhone.",  # [1] in the prompt, index 0
    "The capital of France is Paris. Paris lies on the Seine.",  # [2], index 1
]
ANSWER = "Paris is the capital of France. Paris lies on the Rhone."
CLAIM1, CLAIM2 = "Paris is the capital of France.", "Paris lies on the Rhone."
REPLIES = {
    CLAIM1: '{"verdict": "supported", "context_index": 2, "reason": "Context 2 says so."}',
    CLAIM2: '```json\n{"verdict": "UNSUPPORTED", "context_index": 1,\n'
    ' "reason": "The Rhone is at Lyon; Paris is on the Seine."}\n```',
}

Reply = tuple[int, Any]  # HTTP status, JSON body (or bytes sent as they are)
Handler = Callable[[str, dict[str, Any], dict[str, str]], Reply]
Log = list[tuple[str, dict[str, Any], dict[str, str]]]


def serve(handle: Handler, log: Log) -> AbstractContextManager[str]:
    """A real HTTP server on 127.0.0.1 answering POSTs with ``handle``."""
    return serve_json(handle, log)


def claim_of(prompt: str) -> str:
    return re.search(r"^Claim: (.*)$", prompt, re.MULTILINE).group(1)  # type: ignore[union-attr]


def openai(replies: dict[str, str]) -> Handler:
    def handle(path: str, body: dict[str, Any], headers: dict[str, str]) -> Reply:
        text = replies[claim_of(body["messages"][0]["content"])]
        return 200, {"choices": [{"message": {"role": "assistant", "content": text}}]}

    return handle


def ollama(replies: dict[str, str]) -> Handler:
    def handle(path: str, body: dict[str, Any], headers: dict[str, str]) -> Reply:
        return 200, {"model": body["model"], "response": replies[claim_of(body["prompt"])]}

    return handle


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def cfg(url: str, **kw: Any) -> JudgeConfig:
    kw.setdefault("model", "judge-m")
    kw.setdefault("retries", 0)
    return JudgeConfig(base_url=url, **kw)


def check_expected(result: Any) -> None:
    """The verdicts REPLIES lead to, worked out by hand."""
    assert result.method == "judge"
    assert result.score == 0.5 and result.support == 0.5 and result.threshold is None
    assert result.reason == "1/2 claims supported (judge judge-m)"
    c1, c2 = result.claims
    assert (c1.text, c1.start, c1.end, c1.supported, c1.score) == (CLAIM1, 0, 31, True, 1.0)
    assert c1.reason == "supported (judge): Context 2 says so."
    assert c1.context_index == 1  # [2] in the prompt
    assert (c1.context_sentence, c1.context_start, c1.context_end) == (
        "The capital of France is Paris.",
        0,
        31,
    )
    assert (c2.text, c2.start, c2.end, c2.supported, c2.score) == (CLAIM2, 32, 56, False, 0.0)
    assert c2.reason == "unsupported (judge): The Rhone is at Lyon; Paris is on the Seine."
    assert c2.context_index == 0  # the lexical engine's best sentence inside context [1]
    assert (c2.context_sentence, c2.context_start, c2.context_end) == (
        "Lyon is a city on the Rhone.",
        0,
        28,
    )
    assert c2.unmatched_words == [] and c2.unmatched_numbers == []


def test_openai_request_shape_and_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_TEST_KEY", "sk-test-123")
    log: Log = []
    with serve(openai(REPLIES), log) as url:
        result = judge_faithfulness(
            ANSWER, CONTEXTS, cfg(url + "/v1/", api_key_env="JUDGE_TEST_KEY")
        )
    check_expected(result)
    assert [p for p, _, _ in log] == ["/v1/chat/completions"] * 2
    _, body, headers = log[0]
    assert headers["authorization"] == "Bearer sk-test-123"
    assert body["model"] == "judge-m" and body["temperature"] == 0
    assert body["messages"] == [{"role": "user", "content": build_prompt(CLAIM1, CONTEXTS, ANSWER)}]
    prompt = body["messages"][0]["content"]
    assert "[1] Lyon is a city on the Rhone.\n[2] The capital of France is Paris." in prompt
    assert f'this answer (use it only to understand words such as "it"):\n{ANSWER}' in prompt
    assert "sk-test-123" not in json.dumps(result.to_dict())


def test_ollama_request_shape_and_fenced_reply() -> None:
    log: Log = []
    with serve(ollama(REPLIES), log) as url:
        result = judge_faithfulness(ANSWER, CONTEXTS, cfg(url, api="ollama"))
    check_expected(result)
    assert [p for p, _, _ in log] == ["/api/generate"] * 2
    body = log[1][1]
    assert body["prompt"] == build_prompt(CLAIM2, CONTEXTS, ANSWER)
    assert body["stream"] is False and body["format"] == "json"
    assert body["options"] == {"temperature": 0}
    assert "authorization" not in log[1][2]


def test_single_claim_prompt_omits_the_answer() -> None:
    prompt = build_prompt(CLAIM1, CONTEXTS, CLAIM1)
    assert prompt == build_prompt(CLAIM1, CONTEXTS)
    assert "part of this answer" not in prompt
    assert "[1] Lyon" in prompt and prompt.count("Claim: ") == 1
    assert build_prompt("x", ["a", "  "]).count("[2] (empty)") == 1


def test_cache_hit_sends_no_second_request_and_is_keyed_by_model(tmp_path: Path) -> None:
    log: Log = []
    with serve(ollama(REPLIES), log) as url:
        first = judge_faithfulness(ANSWER, CONTEXTS, cfg(url, api="ollama", cache_dir=tmp_path))
        again = judge_faithfulness(
            ANSWER, CONTEXTS, cfg(url, api="ollama", cache_dir=str(tmp_path))
        )
        assert len(log) == 2  # the second run was answered from the cache
        assert again == first
        other = judge_faithfulness(
            ANSWER, CONTEXTS, cfg(url, api="ollama", model="m2", cache_dir=tmp_path)
        )
        assert [b["model"] for _, b, _ in log] == ["judge-m", "judge-m", "m2", "m2"]
        no_cache = cfg(url, api="ollama")
        judge_faithfulness(ANSWER, CONTEXTS, no_cache)
        judge_faithfulness(ANSWER, CONTEXTS, no_cache)
    assert other.score == 0.5 and len(log) == 8  # without a cache every call asks
    assert (tmp_path / "llm_judge.sqlite3").is_file()
    assert PROMPT_VERSION == "faithfulness-judge-1"


def test_repeated_claim_is_asked_once() -> None:
    log: Log = []
    answer = f"{CLAIM1} {CLAIM1}"
    with serve(openai(REPLIES), log) as url:
        result = judge_faithfulness(answer, CONTEXTS, cfg(url))
    assert len(log) == 1
    assert result.score == 1.0 and [c.start for c in result.claims] == [0, 32]


def test_concurrency_gives_the_same_result() -> None:
    log: Log = []
    answer = f"{ANSWER} {CLAIM1}"  # claims 1 and 3 share a prompt: 2 requests
    with serve(openai(REPLIES), log) as url:
        result = judge_faithfulness(answer, CONTEXTS, cfg(url, concurrency=4))
    assert len(log) == 2
    assert [c.supported for c in result.claims] == [True, False, True]
    assert result.score == 2 / 3 and result.reason == "2/3 claims supported (judge judge-m)"


def test_ttl_expiry_with_injected_clock(tmp_path: Path) -> None:
    log: Log = []
    clock = Clock()
    config = cfg("http://127.0.0.1:1", api="ollama", cache_dir=tmp_path, ttl_s=100)
    with serve(ollama(REPLIES), log) as url:
        config = replace(config, base_url=url)
        judge_faithfulness(ANSWER, CONTEXTS, config, clock=clock)
        clock.now += 100  # exactly the TTL: still fresh
        judge_faithfulness(ANSWER, CONTEXTS, config, clock=clock)
        assert len(log) == 2
        clock.now += 1  # older than the TTL: asked again
        check_expected(judge_faithfulness(ANSWER, CONTEXTS, config, clock=clock))
        assert len(log) == 4
        clock.now += 50  # the refreshed entries are fresh
        judge_faithfulness(ANSWER, CONTEXTS, config, clock=clock)
    assert len(log) == 4
    assert JudgeConfig(base_url="http://h", model="m").ttl_s == DEFAULT_TTL_S == 7 * 24 * 3600


def fail_claim2(status: int, text: str = "") -> Handler:
    """Claim 1 answered normally; claim 2 gets HTTP ``status`` (or ``text`` with 200)."""

    def handle(path: str, body: dict[str, Any], headers: dict[str, str]) -> Reply:
        claim = claim_of(body["prompt"])
        if claim == CLAIM2:
            return (status, {"error": "boom"}) if status != 200 else (200, {"response": text})
        return 200, {"response": REPLIES[claim]}

    return handle


def test_on_error_keep_uses_the_lexical_verdict(tmp_path: Path) -> None:
    lexical = score_faithfulness(ANSWER, CONTEXTS).claims[1]
    log: Log = []
    config = cfg("http://h", api="ollama", cache_dir=tmp_path)
    with serve(fail_claim2(500), log) as url:
        config = replace(config, base_url=url)
        result = judge_faithfulness(ANSWER, CONTEXTS, config)
        judge_faithfulness(ANSWER, CONTEXTS, config)
    c2 = result.claims[1]
    # today the lexical engine calls claim 2 supported (all its words occur somewhere)
    n_ok = 1 + int(lexical.supported)
    assert c2 == replace(lexical, reason=c2.reason)
    assert c2.reason == (
        f"judge failed (HTTP 500 from {url}/api/generate: "
        '{"error": "boom"}); lexical verdict: ' + lexical.reason
    )
    assert result.score == n_ok / 2  # (1 judged supported + the lexical verdict) / 2
    assert result.reason.startswith(
        f"{n_ok}/2 claims supported (judge judge-m); judge failed on 1 claim(s), "
        "lexical verdict kept"
    )
    # failures are never cached: claim 2 was asked again on the second run, claim 1 not
    assert [claim_of(b["prompt"]) for _, b, _ in log] == [CLAIM1, CLAIM2, CLAIM2]


def test_on_error_undetermined_leaves_the_claim_out() -> None:
    log: Log = []
    with serve(fail_claim2(200, "I think it is supported."), log) as url:
        result = judge_faithfulness(
            ANSWER, CONTEXTS, cfg(url, api="ollama", on_error="undetermined")
        )
    c2 = result.claims[1]
    assert (c2.supported, c2.score, c2.context_index) == (False, 0.0, None)
    assert c2.reason == (
        "undetermined: judge failed (reply is not a JSON object: 'I think it is supported.')"
    )
    assert result.score == 1.0  # 1 supported / 1 judged claim
    assert result.reason.startswith(
        "1/1 claims supported (judge judge-m); judge failed on 1 claim(s), left out as undetermined"
    )


def test_on_error_undetermined_all_claims_gives_none() -> None:
    log: Log = []
    with serve(lambda p, b, h: (404, {"error": "model not found"}), log) as url:
        result = judge_faithfulness(
            ANSWER, CONTEXTS, cfg(url, api="ollama", on_error="undetermined", retries=3)
        )
    assert result.score is None and result.support is None
    assert result.reason == (
        "undetermined: judge judge-m failed on all 2 claims "
        f'(HTTP 404 from {url}/api/generate: {{"error": "model not found"}})'
    )
    assert len(log) == 2  # HTTP 404 is not retried


def test_on_error_fail_raises() -> None:
    log: Log = []
    with (
        serve(fail_claim2(200, '{"verdict": "maybe"}'), log) as url,
        pytest.raises(MetricError, match="faithfulness judge judge-m failed: verdict must"),
    ):
        judge_faithfulness(ANSWER, CONTEXTS, cfg(url, api="ollama", on_error="fail"))


def test_timeout_is_bounded_and_retried() -> None:
    release = threading.Event()
    log: Log = []
    pauses: list[float] = []

    def slow(path: str, body: dict[str, Any], headers: dict[str, str]) -> Reply:
        release.wait(10)
        return 200, {"response": REPLIES[CLAIM1]}

    with serve(slow, log) as url:
        try:
            config = cfg(url, api="ollama", timeout=0.2, retries=1, on_error="undetermined")
            result = judge_faithfulness(CLAIM1, CONTEXTS, config, sleep=pauses.append)
        finally:
            release.set()
    assert result.score is None
    assert f"timed out after 0.2 s: {url}/api/generate" in result.reason
    assert len(log) == 2 and pauses == [1.0]  # one retry after a 1 s pause (not slept)


def test_retry_on_503_then_success() -> None:
    log: Log = []
    pauses: list[float] = []

    def flaky(path: str, body: dict[str, Any], headers: dict[str, str]) -> Reply:
        if len(log) <= 2:
            return 503, {"error": "busy"}
        return 200, {"response": REPLIES[claim_of(body["prompt"])]}

    with serve(flaky, log) as url:
        result = judge_faithfulness(
            CLAIM1, CONTEXTS, cfg(url, api="ollama", retries=2), sleep=pauses.append
        )
    assert result.score == 1.0 and len(log) == 3 and pauses == [1.0, 2.0]


def test_missing_api_key_sends_no_header_and_401_names_the_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("JUDGE_TEST_KEY", raising=False)
    log: Log = []
    with serve(lambda p, b, h: (401, {"error": "no key"}), log) as url:
        config = cfg(url, api_key_env="JUDGE_TEST_KEY", on_error="fail", retries=2)
        with pytest.raises(MetricError, match=r"\$JUDGE_TEST_KEY, which is not set"):
            judge_faithfulness(CLAIM1, CONTEXTS, config)
        monkeypatch.setenv("JUDGE_TEST_KEY", "sk-secret-999")
        with pytest.raises(MetricError, match=r"which is set\)$") as info:
            judge_faithfulness(CLAIM1, CONTEXTS, config)
    assert "authorization" not in log[0][2] and len(log) == 2  # 401 is not retried
    assert log[1][2]["authorization"] == "Bearer sk-secret-999"
    assert "sk-secret-999" not in str(info.value)


def test_unreachable_server_keeps_lexical_verdict() -> None:
    with serve(lambda p, b, h: (200, {}), []) as url:
        pass  # closed: connection refused
    result = judge_faithfulness(CLAIM1, CONTEXTS, cfg(url, timeout=5))
    lexical = score_faithfulness(CLAIM1, CONTEXTS).claims[0]
    assert result.claims[0] == replace(lexical, reason=result.claims[0].reason)
    assert result.claims[0].reason.startswith(f"judge failed (cannot reach {url}/chat/completions")
    assert result.score == float(lexical.supported)


def test_injected_transport() -> None:
    calls: list[tuple[str, float]] = []

    def transport(url: str, payload: dict[str, Any], headers: dict[str, str], t: float) -> Any:
        calls.append((url, t))
        return {"response": REPLIES[claim_of(payload["prompt"])]}

    config = cfg("http://llm.invalid", api="ollama", timeout=7)
    check_expected(judge_faithfulness(ANSWER, CONTEXTS, config, transport=transport))
    assert calls == [("http://llm.invalid/api/generate", 7.0)] * 2


def test_no_claims_and_no_context_text_send_nothing() -> None:
    def transport(url: str, payload: dict[str, Any], headers: dict[str, str], t: float) -> Any:
        raise AssertionError("no request expected")

    config = cfg("http://llm.invalid")
    for answer in ("", "   ", "?!"):
        r = judge_faithfulness(answer, CONTEXTS, config, transport=transport)
        assert (r.score, r.reason, r.claims, r.method) == (None, "no claims", [], "judge")
    r = judge_faithfulness(ANSWER, ["", " \n"], config, transport=transport)
    assert r.score == 0.0 and r.reason == "0/2 claims supported (no context text)"
    assert [(c.supported, c.reason) for c in r.claims] == [
        (False, "unsupported: no context text")
    ] * 2
    r = judge_faithfulness(ANSWER, [], config, transport=transport)
    assert r.score == 0.0


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ('{"verdict": "supported", "context_index": 2, "reason": "ok"}', (True, 1, "ok")),
        ('```json\n{"verdict": "Unsupported"}\n```', (False, None, "")),
        ('```\n{"verdict": "supported", "context_index": null}```', (True, None, "")),
        ('  {"verdict": " supported ", "reason": null, "extra": 1}  ', (True, None, "")),
        ('{"verdict": "unsupported", "context_index": 1, "reason": "a\\n b"}', (False, 0, "a b")),
    ],
)
def test_parse_reply_accepts(reply: str, expected: tuple[bool, int | None, str]) -> None:
    assert parse_reply(reply, 2) == expected


@pytest.mark.parametrize(
    "reply",
    [
        "",
        "supported",
        'Sure! {"verdict": "supported"}',
        '["supported"]',
        '{"verdict": "maybe"}',
        '{"verdict": true}',
        "{}",
        '{"verdict": "supported", "context_index": 0}',
        '{"verdict": "supported", "context_index": 3}',
        '{"verdict": "supported", "context_index": "1"}',
        '{"verdict": "supported", "context_index": true}',
        '{"verdict": "supported", "context_index": 1.0}',
        '{"verdict": "supported", "reason": 5}',
        '```json\n{"verdict": "supported"}',
    ],
)
def test_parse_reply_rejects(reply: str) -> None:
    with pytest.raises(ValueError):
        parse_reply(reply, 2)


def test_long_reason_is_cut() -> None:
    ok, _, reason = parse_reply(json.dumps({"verdict": "supported", "reason": "x" * 2000}), 1)
    assert ok and len(reason) == 500 and reason.endswith("...")


@pytest.mark.parametrize(
    ("kw", "match"),
    [
        ({}, "needs a model"),
        ({"model": "m"}, "needs a base URL"),
        ({"model": " ", "base_url": "http://h"}, "needs a model"),
        ({"model": "m", "base_url": "localhost:11434"}, "http:// or https://"),
        ({"model": "m", "base_url": "http://h", "api": "bard"}, "api must be"),
        ({"model": "m", "base_url": "http://h", "on_error": "ignore"}, "on_error must be"),
        (
            {"model": "m", "base_url": "http://h", "timeout": 0},
            "timeout must be a positive number, got 0",
        ),
        ({"model": "m", "base_url": "http://h", "timeout": float("nan")}, "timeout must be"),
        (
            {"model": "m", "base_url": "http://h", "ttl_s": -1},
            "ttl_s must be a positive number, got -1",
        ),
        ({"model": "m", "base_url": "http://h", "retries": -1}, "retries must be"),
        ({"model": "m", "base_url": "http://h", "retries": True}, "retries must be"),
        ({"model": "m", "base_url": "http://h", "cache_dir": 3}, "cache_dir must be"),
        ({"model": "m", "base_url": "http://h", "concurrency": 0}, "concurrency must be"),
        ({"model": "m", "base_url": "http://h", "concurrency": 33}, "concurrency must be"),
        ({"model": "m", "base_url": "http://h", "api_key_env": None}, "api_key_env must be"),
    ],
)
def test_bad_config(kw: dict[str, Any], match: str) -> None:
    with pytest.raises(ConfigError, match=match):
        JudgeConfig(**kw)


def test_config_pickles_and_bad_call_arguments() -> None:
    config = JudgeConfig(base_url="http://h", model="m", cache_dir="/tmp/x", on_error="fail")
    assert pickle.loads(pickle.dumps(config)) == config
    with pytest.raises(ConfigError, match="must be a JudgeConfig"):
        judge_faithfulness(ANSWER, CONTEXTS, {"model": "m"})  # type: ignore[arg-type]
    with pytest.raises(InputError, match="answer"):
        judge_faithfulness(None, CONTEXTS, config)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="item 1 must be a string"):
        judge_faithfulness(ANSWER, ["a", 2], config)  # type: ignore[list-item]
    with pytest.raises(InputError, match="list of strings"):
        judge_faithfulness(ANSWER, 5, config)  # type: ignore[arg-type]


def test_bare_string_context_is_one_context() -> None:
    seen: list[str] = []

    def transport(url: str, payload: dict[str, Any], headers: dict[str, str], t: float) -> Any:
        seen.append(payload["prompt"])
        return {"response": '{"verdict": "supported", "context_index": 1}'}

    config = cfg("http://llm.invalid", api="ollama")
    r = judge_faithfulness(CLAIM1, CONTEXTS[1], config, transport=transport)
    assert "[1] The capital of France is Paris." in seen[0] and "[2]" not in seen[0]
    assert r.claims[0].context_index == 0
    assert r.claims[0].context_sentence == "The capital of France is Paris."


def test_abstention_only_answer_asks_nothing() -> None:
    """An answer that only says the contexts lack the information has no claim to judge:
    undetermined, and no request is made (the URL points at a closed port)."""
    config = JudgeConfig(base_url="http://127.0.0.1:9", model="m", retries=0, timeout=0.5)
    result = judge_faithfulness(
        "The provided documents do not state the CEO's salary.", ["x"], config
    )
    assert result.score is None
    assert result.reason == "no claims (states that the contexts do not say)"
