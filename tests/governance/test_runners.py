"""Runners: callables, local HTTP and OpenAI-compatible servers, retries, timeouts, resume."""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from fake_http import serve_json
from veracity.errors import ConfigError
from veracity.governance.baseline import builtin_governor
from veracity.governance.cases import GovCase
from veracity.governance.responses import read_responses
from veracity.governance.runners import (
    GOVERNANCE_PROMPT,
    make_system,
    parse_chat_reply,
    run_system,
)


def _case(i: int, query: str = "What is the port?", ctx: str = "The port is 5820.") -> GovCase:
    return GovCase(
        id=f"c{i}",
        category="trustworthy_direct",
        query=query,
        contexts=[ctx],
        expected_mode="trustworthy",
    )


CASES = [_case(i) for i in range(1, 5)]


def serve(
    handle: Callable[[dict[str, Any], dict[str, str]], tuple[int, Any]],
) -> AbstractContextManager[str]:
    """A real HTTP server on 127.0.0.1; ``handle(body, headers) -> (status, json)``."""
    return serve_json(lambda path, body, headers: handle(body, headers))


def test_builtin_system_matches_governor() -> None:
    system = make_system("builtin")
    out = run_system(CASES[:2], system, concurrency=2)
    expected = builtin_governor(CASES[0].query, CASES[0].contexts)
    assert [(r.id, r.answer, r.mode, r.error) for r in out] == [
        ("c1", expected[0], expected[1], None),
        ("c2", expected[0], expected[1], None),
    ]


def test_callable_spec_answer_only_gets_detected_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mysys.py").write_text(
        "def answer(query, contexts):\n    return 'The context does not mention that.'\n"
        "def both(query, contexts):\n    return ('x', 'DISPUTED')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    [resp] = run_system(CASES[:1], make_system("mysys:answer"))
    assert (resp.answer, resp.mode) == ("The context does not mention that.", "abstain")
    assert resp.raw == {
        "mode_detected": True,
        "cue": "does not mention",
        "reason": "first sentence says the answer is not available",
    }
    [resp] = run_system(CASES[:1], make_system("mysys:both"))
    assert (resp.answer, resp.mode, resp.raw) == ("x", "disputed", None)


def test_retries_with_exponential_backoff() -> None:
    calls: list[str] = []
    sleeps: list[float] = []

    def flaky(query: str, contexts: list[str]) -> tuple[str, str]:
        calls.append(query)
        if len(calls) < 3:
            raise RuntimeError("boom")
        return "ok", "trustworthy"

    [resp] = run_system(CASES[:1], flaky, retries=2, backoff=0.5, sleep=sleeps.append)  # type: ignore[arg-type]
    assert (resp.answer, resp.mode, resp.error) == ("ok", "trustworthy", None)
    assert len(calls) == 3 and sleeps == [0.5, 1.0]


def test_failure_after_retries_is_recorded() -> None:
    sleeps: list[float] = []

    def broken(query: str, contexts: list[str]) -> str:
        raise ValueError("bad")

    [resp] = run_system(CASES[:1], broken, retries=1, backoff=0.25, sleep=sleeps.append)  # type: ignore[arg-type]
    assert resp.mode is None and resp.answer is None
    assert resp.error == "ValueError: bad (after 2 attempts)"
    assert sleeps == [0.25]


def test_wrong_return_type_is_not_retried() -> None:
    calls = []

    def weird(query: str, contexts: list[str]) -> int:
        calls.append(1)
        return 42

    [resp] = run_system(CASES[:1], weird, retries=3, sleep=lambda s: None)  # type: ignore[arg-type]
    assert resp.error == "system returned int; expected str or (answer, mode) (after 1 attempt)"
    assert calls == [1]


def test_timeout() -> None:
    release = threading.Event()

    def slow(query: str, contexts: list[str]) -> str:
        release.wait(10)
        return "late"

    try:
        [resp] = run_system(CASES[:1], slow, timeout=0.2, retries=0)  # type: ignore[arg-type]
    finally:
        release.set()
    assert resp.error == "timed out after 0.2 s (after 1 attempt)"


def test_run_file_appends_and_resume_skips_done_ids(tmp_path: Path) -> None:
    run_file = tmp_path / "run.jsonl"
    seen: list[str] = []

    def first(query: str, contexts: list[str]) -> tuple[str, str]:
        seen.append(query)
        if query == "boom?":
            raise RuntimeError("down")
        return "answer", "trustworthy"

    cases = [*CASES[:3], _case(9, query="boom?")]
    progress: list[tuple[int, int]] = []
    run_system(
        cases, first, run_file=run_file, retries=0, progress=lambda d, t: progress.append((d, t))
    )  # type: ignore[arg-type]
    assert len(run_file.read_text().splitlines()) == 4
    assert progress[0] == (0, 4) and progress[-1] == (4, 4) and len(progress) == 5
    # an interrupted write leaves a partial line; resume must cope
    with run_file.open("a") as fh:
        fh.write('{"id": "c1", "ans')
    seen.clear()

    def second(query: str, contexts: list[str]) -> tuple[str, str]:
        seen.append(query)
        return "fixed", "abstain"

    progress.clear()
    out = run_system(
        cases, second, run_file=run_file, progress=lambda d, t: progress.append((d, t))
    )  # type: ignore[arg-type]
    assert seen == ["boom?"]  # only the errored case ran again
    assert progress == [(3, 4), (4, 4)]
    assert [(r.id, r.answer) for r in out] == [
        ("c1", "answer"),
        ("c2", "answer"),
        ("c3", "answer"),
        ("c9", "fixed"),
    ]
    stored = {r.id: r for r in read_responses(run_file)}
    assert stored["c9"].answer == "fixed" and stored["c9"].error is None
    assert len(stored) == 4


def test_http_endpoint_shape_and_retry_on_500() -> None:
    bodies: list[dict[str, Any]] = []

    def handle(body: dict[str, Any], headers: dict[str, str]) -> tuple[int, Any]:
        bodies.append(body)
        if len(bodies) == 1:
            return 500, {"error": "warming up"}
        return 200, {"answer": f"echo {body['id']}", "mode": "ABSTAIN"}

    with serve(handle) as url:
        [resp] = run_system(
            CASES[:1], make_system(url + "/answer"), retries=2, sleep=lambda s: None
        )
    assert bodies[-1] == {
        "id": "c1",
        "query": "What is the port?",
        "contexts": ["The port is 5820."],
    }
    assert (resp.answer, resp.mode, resp.error) == ("echo c1", "abstain", None)
    assert len(bodies) == 2


def test_http_400_and_bad_reply_are_not_retried() -> None:
    count = []

    def handle(body: dict[str, Any], headers: dict[str, str]) -> tuple[int, Any]:
        count.append(1)
        return (400, {}) if body["id"] == "c1" else (200, {"text": "no answer key"})

    with serve(handle) as url:
        out = run_system(CASES[:2], make_system(url), retries=3, sleep=lambda s: None)
    assert out[0].error == f"HTTP 400 from {url}: {{}} (after 1 attempt)"  # body shown
    assert out[1].error == "reply must be a JSON object with a string 'answer' (after 1 attempt)"
    assert len(count) == 2


def test_unreachable_endpoint_is_an_error() -> None:
    with serve(lambda b, h: (200, {})) as url:
        pass  # server closed: the port now refuses connections
    [resp] = run_system(CASES[:1], make_system(url), retries=0)
    assert resp.error is not None and resp.error.startswith(f"cannot reach {url}")


def test_openai_compatible_chat(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MY_KEY", "sekret")
    seen: list[tuple[dict[str, Any], dict[str, str]]] = []

    def handle(body: dict[str, Any], headers: dict[str, str]) -> tuple[int, Any]:
        seen.append((body, headers))
        content = "MODE: DISPUTED\nANSWER: Source 1 says 5820, source 2 says 5821."
        return 200, {"choices": [{"message": {"role": "assistant", "content": content}}]}

    with serve(handle) as url:
        system = make_system("openai", model="m1", base_url=url + "/v1", api_key_env="MY_KEY")
        [resp] = run_system(CASES[:1], system)
    body, headers = seen[0]
    assert body["model"] == "m1" and body["temperature"] == 0
    assert body["messages"][0] == {"role": "system", "content": GOVERNANCE_PROMPT}
    assert body["messages"][1]["content"] == (
        "Context passages:\n[1] The port is 5820.\n\nQuestion: What is the port?"
    )
    assert headers["authorization"] == "Bearer sekret"
    assert (resp.answer, resp.mode) == ("Source 1 says 5820, source 2 says 5821.", "disputed")


def test_parse_chat_reply() -> None:
    assert parse_chat_reply("MODE: ABSTAIN\nANSWER: not there") == ("not there", "abstain")
    assert parse_chat_reply("**Mode:** trustworthy\n**Answer:** 42") == ("42", "trustworthy")
    assert parse_chat_reply("The sources disagree.") == ("The sources disagree.", None)


@pytest.mark.parametrize(
    ("spec", "kwargs", "message"),
    [
        ("nonsense", {}, "unknown system 'nonsense'"),
        ("no_such_module_xyz:f", {}, "cannot import 'no_such_module_xyz'"),
        ("veracity.governance.baseline:NAME", {}, "is not a callable"),
        ("openai", {"model": "m"}, "--model needs --base-url"),
        ("builtin", {"base_url": "http://x"}, "--base-url needs --model"),
    ],
)
def test_bad_specs(spec: str, kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_system(spec, **kwargs)


def test_bad_run_options() -> None:
    with pytest.raises(ConfigError):
        run_system(CASES, make_system("builtin"), concurrency=0)


def test_ctrl_c_drops_queued_calls_and_keeps_saved_answers(tmp_path: Path) -> None:
    """Ctrl-C while cases wait in the queue: no further call starts, run_system raises at
    once (it used to answer every queued case first), and each answer saved is whole."""
    import _thread
    import time

    started: list[str] = []

    def system(query: str, contexts: list[str]) -> tuple[str, str]:
        started.append(query)
        time.sleep(0.2)
        return "The context does not say.", "abstain"

    cases = [_case(i) for i in range(1, 41)]
    run_file = tmp_path / "run.jsonl"
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        run_system(cases, system, run_file=run_file, concurrency=2)
    calls = len(started)
    time.sleep(0.5)  # a queued call would start within this
    assert len(started) == calls < 40
    saved = read_responses(run_file)
    assert len(saved) <= calls
    assert all(r.mode == "abstain" and r.error is None for r in saved)
