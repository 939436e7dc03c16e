"""Drive a real system over governance cases: callables, HTTP endpoints, OpenAI-compatible chat.

System specs for :func:`make_system`:

- ``"builtin"``: the deterministic baseline governor
  (:func:`veracity.governance.baseline.builtin_governor`).
- ``"package.module:function"``: a Python callable ``f(query, contexts)`` returning an
  answer string or an ``(answer, mode)`` pair.
- ``"http://host:port/path"`` (or https): ``POST`` JSON
  ``{"id": str, "query": str, "contexts": [str, ...]}``; the reply must be a JSON object
  ``{"answer": str, "mode": "trustworthy"|"disputed"|"abstain"}`` (``mode`` optional).
  HTTP 408, 429 and 5xx are retried; other 4xx fail the case at once.
- ``model=NAME, base_url=URL``: an OpenAI-compatible chat endpoint
  (``POST {base_url}/chat/completions``, temperature 0) with :data:`GOVERNANCE_PROMPT`
  as the system message. The key is read from the environment variable ``api_key_env``
  (default ``OPENAI_API_KEY``) when the call is made; if it is unset no Authorization
  header is sent (local servers need none). The reply is parsed as
  ``MODE: ...`` / ``ANSWER: ...``.

:func:`run_system` runs the cases with a thread pool, a per-call timeout, retries with
exponential backoff (``backoff * 2**attempt`` seconds), a progress callback, and appends
every result to the run file as it arrives. Resume: ids already in the run file with no
error are not run again (errored ids are retried); a partial last line left by an
interrupted write is cut off first. A system answer without a mode gets
``detect_mode(answer).mode``; a failing case yields a response with ``error`` set and
``mode`` None. HTTP goes through :func:`veracity.llm.default_transport` (httpx when
installed, else the standard library), shared with the LLM judge and second pass.
"""

from __future__ import annotations

import importlib
import os
import re
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Protocol

from veracity.errors import ConfigError
from veracity.governance.baseline import builtin_governor
from veracity.governance.detect import with_detected_mode
from veracity.governance.responses import GovResponse, append_response, read_responses
from veracity.llm import LLMRequestError, default_transport

__all__ = [
    "GOVERNANCE_PROMPT",
    "PROMPT_VERSION",
    "CallError",
    "System",
    "make_system",
    "parse_chat_reply",
    "run_system",
]

PROMPT_VERSION = "gov-1"
GOVERNANCE_PROMPT = """You answer questions using ONLY the numbered context passages given by the user.
First decide the governance mode:
- ABSTAIN: the passages do not contain the information needed to answer the question
  (wrong entity, period, place or version, or only related facts).
- DISPUTED: the passages contradict each other on the point asked and nothing in them
  settles which is right.
- TRUSTWORTHY: the passages support an answer (state any limits or caveats they show).
Reply in exactly this format:
MODE: <TRUSTWORTHY|DISPUTED|ABSTAIN>
ANSWER: <your answer; for ABSTAIN say what is missing; for DISPUTED name the conflicting claims>"""

_MODES = ("trustworthy", "disputed", "abstain")
_REPLY = re.compile(
    r"^\W*mode\W*[:=]\s*\W*(?P<mode>trustworthy|disputed|abstain)\W*\s*$", re.I | re.M
)
_ANSWER = re.compile(r"^\W*answer[\s*_]*[:=][\s*_]*", re.I | re.M)


class System(Protocol):
    """A system under test: ``(query, contexts) -> (answer, mode or None)``."""

    def __call__(self, query: str, contexts: list[str]) -> tuple[str, str | None]: ...


class CallError(Exception):
    """One failed call; ``retryable`` says whether another attempt may succeed."""

    def __init__(self, message: str, *, retryable: bool = True) -> None:
        super().__init__(message)
        self.retryable = retryable


def _norm_mode(mode: object) -> str | None:
    if mode is None:
        return None
    if not isinstance(mode, str):
        mode = getattr(mode, "value", mode)
    text = str(mode).strip()
    return text.lower() if text.lower() in _MODES else text


def _normalise_output(out: object) -> tuple[str, str | None]:
    if isinstance(out, str):
        return out, None
    if isinstance(out, (tuple, list)) and len(out) == 2 and isinstance(out[0], str):
        return out[0], _norm_mode(out[1])
    raise CallError(
        f"system returned {type(out).__name__}; expected str or (answer, mode)", retryable=False
    )


def _post_json(url: str, payload: dict[str, Any], headers: dict[str, str], timeout: float) -> Any:
    """POST JSON through the shared :func:`veracity.llm.default_transport`; its failures
    become :class:`CallError` with the same message and retry decision."""
    try:
        return default_transport(url, payload, headers, timeout)
    except LLMRequestError as exc:
        raise CallError(str(exc), retryable=exc.retryable) from None


class _CallableSystem:
    def __init__(self, func: Callable[..., object], name: str) -> None:
        self.func = func
        self.name = name

    def __call__(self, query: str, contexts: list[str]) -> tuple[str, str | None]:
        return _normalise_output(self.func(query, contexts))


class _HttpSystem:
    accepts_case_id = True

    def __init__(self, url: str, timeout: float) -> None:
        self.url = url
        self.timeout = timeout
        self.name = url

    def __call__(
        self, query: str, contexts: list[str], *, case_id: str = ""
    ) -> tuple[str, str | None]:
        data = _post_json(
            self.url, {"id": case_id, "query": query, "contexts": contexts}, {}, self.timeout
        )
        if not isinstance(data, dict) or not isinstance(data.get("answer"), str):
            raise CallError("reply must be a JSON object with a string 'answer'", retryable=False)
        return data["answer"], _norm_mode(data.get("mode"))


def parse_chat_reply(text: str) -> tuple[str, str | None]:
    """Split a ``MODE: ... / ANSWER: ...`` reply into (answer, mode); mode None if absent."""
    m = _REPLY.search(text)
    mode = m.group("mode").lower() if m else None
    a = _ANSWER.search(text)
    answer = (
        text[a.end() :].strip()
        if a
        else (text[: m.start()] + text[m.end() :]).strip()
        if m
        else text.strip()
    )
    return answer, mode


class _ChatSystem:
    def __init__(self, base_url: str, model: str, api_key_env: str, timeout: float) -> None:
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.model = model
        self.api_key_env = api_key_env
        self.timeout = timeout
        self.name = f"{model}@{base_url}"

    def __call__(self, query: str, contexts: list[str]) -> tuple[str, str | None]:
        passages = "\n\n".join(f"[{i}] {c}" for i, c in enumerate(contexts, 1))
        payload = {
            "model": self.model,
            "temperature": 0,
            "messages": [
                {"role": "system", "content": GOVERNANCE_PROMPT},
                {"role": "user", "content": f"Context passages:\n{passages}\n\nQuestion: {query}"},
            ],
        }
        key = os.environ.get(self.api_key_env)
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        data = _post_json(self.url, payload, headers, self.timeout)
        try:
            content = data["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError):
            raise CallError("reply has no choices[0].message.content", retryable=False) from None
        if not isinstance(content, str):
            raise CallError("message content is not a string", retryable=False)
        return parse_chat_reply(content)


def make_system(
    spec: str,
    *,
    model: str | None = None,
    base_url: str | None = None,
    api_key_env: str = "OPENAI_API_KEY",
    timeout: float = 60.0,
) -> System:
    """Build a :class:`System` from a spec (see the module docstring); ConfigError if invalid."""
    if model is not None:
        url = base_url or (spec if spec.startswith(("http://", "https://")) else None)
        if not url:
            raise ConfigError("--model needs --base-url (an OpenAI-compatible endpoint)")
        return _ChatSystem(url, model, api_key_env, timeout)
    if base_url is not None:
        raise ConfigError("--base-url needs --model")
    if spec == "builtin":
        return _CallableSystem(builtin_governor, "builtin")
    if spec.startswith(("http://", "https://")):
        return _HttpSystem(spec, timeout)
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise ConfigError(
            f"unknown system {spec!r}: use 'builtin', 'package.module:function' or an http(s) URL"
        )
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:
        raise ConfigError(f"cannot import {module_name!r}: {exc}") from None
    func: Any = module
    for part in attr.split("."):
        func = getattr(func, part, None)
    if not callable(func):
        raise ConfigError(f"{spec!r} is not a callable")
    return _CallableSystem(func, spec)


_STOP_POLL_S = 0.1
"""How often a waiting call looks whether the run was interrupted (seconds)."""


def _call_with_timeout(
    system: System,
    query: str,
    contexts: list[str],
    case_id: str,
    timeout: float,
    stop: threading.Event | None = None,
) -> tuple[str, str | None]:
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            if getattr(system, "accepts_case_id", False):
                box["out"] = system(query, contexts, case_id=case_id)  # type: ignore[call-arg]
            else:
                box["out"] = system(query, contexts)
        except BaseException as exc:
            box["exc"] = exc

    worker = threading.Thread(target=target, daemon=True, name=f"gov-call-{case_id}")
    worker.start()
    deadline = time.monotonic() + timeout
    while worker.is_alive() and not (stop is not None and stop.is_set()):
        left = deadline - time.monotonic()
        if left <= 0:
            break
        worker.join(min(left, _STOP_POLL_S))
    if worker.is_alive():
        if stop is not None and stop.is_set():
            raise CallError("interrupted", retryable=False)
        raise CallError(f"timed out after {timeout:g} s")
    if "exc" in box:
        exc = box["exc"]
        if isinstance(exc, CallError):
            raise exc
        raise CallError(f"{type(exc).__name__}: {exc}")
    return _normalise_output(box["out"])


def _run_one(
    case: Any,
    system: System,
    timeout: float,
    retries: int,
    backoff: float,
    sleep: Callable[[float], None],
    stop: threading.Event | None = None,
) -> GovResponse:
    start = time.perf_counter()
    error = "not run"
    for attempt in range(retries + 1):
        try:
            answer, mode = _call_with_timeout(
                system, case.query, list(case.contexts), case.id, timeout, stop
            )
        except CallError as exc:
            error = str(exc)
            if not exc.retryable or attempt == retries or (stop is not None and stop.is_set()):
                break
            sleep(backoff * 2**attempt)
            continue
        return with_detected_mode(
            GovResponse(
                id=case.id,
                answer=answer,
                mode=mode,
                latency_s=round(time.perf_counter() - start, 6),
            )
        )
    return GovResponse(
        id=case.id,
        answer=None,
        mode=None,
        error=f"{error} (after {attempt + 1} attempt{'s' if attempt else ''})",
        latency_s=round(time.perf_counter() - start, 6),
    )


def _prepare_run_file(run_file: Path) -> dict[str, GovResponse]:
    if not run_file.exists():
        run_file.parent.mkdir(parents=True, exist_ok=True)
        return {}
    data = run_file.read_bytes()
    if data and not data.endswith(b"\n"):
        cut = data.rfind(b"\n") + 1
        with run_file.open("r+b") as fh:
            fh.truncate(cut)
    return {r.id: r for r in read_responses(run_file)}


def run_system(
    cases: Sequence[Any],
    system: System,
    *,
    run_file: Path | None = None,
    concurrency: int = 4,
    timeout: float = 60.0,
    retries: int = 2,
    backoff: float = 0.5,
    progress: Callable[[int, int], None] | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> list[GovResponse]:
    """Run ``system`` on every case; one :class:`GovResponse` per case, in case order."""
    if concurrency < 1 or timeout <= 0 or retries < 0 or backoff < 0:
        raise ConfigError("need concurrency >= 1, timeout > 0, retries >= 0, backoff >= 0")
    done: dict[str, GovResponse] = {}
    if run_file is not None:
        done = {k: v for k, v in _prepare_run_file(Path(run_file)).items() if v.error is None}
    wanted = {c.id for c in cases}
    todo = [c for c in cases if c.id not in done]
    total = len(cases)
    finished = total - len(todo)
    if progress is not None:
        progress(finished, total)
    results: dict[str, GovResponse] = {k: v for k, v in done.items() if k in wanted}
    stop = threading.Event()
    pool = ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="gov-run")
    try:
        futures = [
            pool.submit(_run_one, c, system, timeout, retries, backoff, sleep, stop) for c in todo
        ]
        for fut in as_completed(futures):
            resp = fut.result()
            results[resp.id] = resp
            if run_file is not None:
                append_response(run_file, resp)
            finished += 1
            if progress is not None:
                progress(finished, total)
    except BaseException:
        # Ctrl-C: calls not started are dropped and calls under way stop waiting, so the
        # run ends now, not when every queued case would have been answered; the answers
        # saved so far stay in the run file
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return [results[c.id] for c in cases]
