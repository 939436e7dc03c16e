"""Shared LLM plumbing for the optional judges (extra ``[llm]``): client and response cache.

Nothing here runs unless a caller builds an :class:`LLMClient` with an explicit model and
base URL: there is no default model, no default URL and no network access at import.

:class:`LLMClient` sends one prompt and returns the reply text, temperature 0:

- ``api="openai"`` posts ``{"model", "temperature": 0, "messages": [{"role": "user",
  "content": prompt}]}`` to ``{base_url}/chat/completions`` (any OpenAI-compatible
  server) and reads ``choices[0].message.content``. The API key is read from the
  environment variable ``api_key_env`` at call time; when it is unset or empty no
  ``Authorization`` header is sent (local servers need none), and a 401/403 reply names
  the variable. The key is never logged, cached or put in an error message.
- ``api="ollama"`` posts ``{"model", "prompt", "stream": false, "options":
  {"temperature": 0}}`` (plus ``"format": "json"`` with ``json_mode=True``) to
  ``{base_url}/api/generate`` and reads ``response``.

Failures (connection refused, timeout, HTTP status, a reply without text) raise
:class:`LLMRequestError`. Connection errors, timeouts, HTTP 408/429 and 5xx are retried
up to ``retries`` times with a doubling pause (``backoff_s``, 2x, 4x ...); other
failures are not. Each request waits at most ``timeout`` seconds, so one call takes at
most about ``(retries + 1) * timeout`` plus the pauses.

``transport(url, payload, headers, timeout) -> parsed JSON`` is injectable;
:func:`default_transport` uses httpx when installed (imported lazily) and
``urllib.request`` otherwise.

:class:`ResponseCache` is a SQLite file (``llm_judge.sqlite3`` in ``cache_dir``, where a
leading ``~`` is expanded), table ``responses``; key = :func:`cache_key` = SHA-256 of
model, prompt version and the full prompt. An entry older than ``ttl_s`` seconds (7 days
by default) is ignored and replaced; the clock is injectable. Callers store a reply only
after it parsed, so a failure is never cached. Several processes may share one file.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sqlite3
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from veracity.errors import ConfigError, MetricError

__all__ = [
    "APIS",
    "CACHE_FILENAME",
    "DEFAULT_TTL_S",
    "LLMClient",
    "LLMRequestError",
    "ResponseCache",
    "Transport",
    "cache_key",
    "check_retries",
    "default_transport",
]

APIS = ("openai", "ollama")
CACHE_FILENAME = "llm_judge.sqlite3"
DEFAULT_TTL_S = 7 * 24 * 3600.0
Transport = Callable[[str, dict[str, Any], dict[str, str], float], Any]

_RETRY_STATUS = frozenset({408, 429})


class LLMRequestError(MetricError):
    """One LLM request failed; ``retryable`` says whether trying again may help."""

    def __init__(self, message: str, *, retryable: bool = False) -> None:
        super().__init__(message)
        self.retryable = retryable


def _status_error(status: int, url: str, body: str) -> LLMRequestError:
    detail = " ".join(body.split())[:200]
    msg = f"HTTP {status} from {url}" + (f": {detail}" if detail else "")
    return LLMRequestError(msg, retryable=status in _RETRY_STATUS or status >= 500)


def _httpx_post(
    httpx: Any, url: str, payload: dict[str, Any], headers: dict[str, str], timeout: float
) -> Any:
    try:
        reply = httpx.post(url, json=payload, headers=headers, timeout=timeout)
    except httpx.TimeoutException:
        raise LLMRequestError(f"timed out after {timeout:g} s: {url}", retryable=True) from None
    except httpx.TransportError as exc:
        raise LLMRequestError(f"cannot reach {url}: {exc}", retryable=True) from None
    if reply.status_code >= 400:
        raise _status_error(reply.status_code, url, reply.text)
    try:
        return reply.json()
    except ValueError:
        raise LLMRequestError(f"reply from {url} is not JSON") from None


def _urllib_post(url: str, payload: dict[str, Any], headers: dict[str, str], timeout: float) -> Any:
    req = urllib.request.Request(url, data=json.dumps(payload).encode("utf-8"), method="POST")
    req.add_header("Content-Type", "application/json")
    for k, v in headers.items():
        req.add_header(k, v)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            raw = resp.read()
    except urllib.error.HTTPError as exc:
        try:
            body = exc.read().decode("utf-8", "replace")
        finally:
            exc.close()
        raise _status_error(exc.code, url, body) from None
    except TimeoutError:
        raise LLMRequestError(f"timed out after {timeout:g} s: {url}", retryable=True) from None
    except urllib.error.URLError as exc:
        if isinstance(exc.reason, TimeoutError):
            msg = f"timed out after {timeout:g} s: {url}"
        else:
            msg = f"cannot reach {url}: {exc.reason}"
        raise LLMRequestError(msg, retryable=True) from None
    except OSError as exc:
        raise LLMRequestError(f"cannot reach {url}: {exc}", retryable=True) from None
    try:
        return json.loads(raw.decode("utf-8"))
    except ValueError:
        raise LLMRequestError(f"reply from {url} is not JSON") from None


def default_transport(
    url: str, payload: dict[str, Any], headers: dict[str, str], timeout: float
) -> Any:
    """POST ``payload`` as JSON and return the parsed JSON reply (httpx, else urllib).

    Raises :class:`LLMRequestError` on a network error, a timeout, an HTTP status >= 400
    or a reply that is not JSON.
    """
    try:
        import httpx
    except ImportError:
        return _urllib_post(url, payload, headers, timeout)
    return _httpx_post(httpx, url, payload, headers, timeout)


def _positive(name: str, value: object) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value <= 0
    ):
        raise ConfigError(f"{name} must be a positive number, got {value!r}")
    return float(value)


def check_retries(value: object) -> int:
    """``value`` as a retry count (an int in 0..10) or :class:`ConfigError`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10:
        raise ConfigError(f"retries must be an integer from 0 to 10, got {value!r}")
    return value


class LLMClient:
    """One model behind an OpenAI-compatible or Ollama endpoint (see module docstring)."""

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api: Literal["openai", "ollama"] = "openai",
        api_key_env: str = "OPENAI_API_KEY",
        timeout: float = 60.0,
        retries: int = 0,
        backoff_s: float = 1.0,
        transport: Transport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if api not in APIS:
            raise ConfigError(f"api must be 'openai' or 'ollama', not {api!r}")
        if not isinstance(model, str) or not model.strip():
            raise ConfigError("an LLM judge needs a model (no default is assumed)")
        if not isinstance(base_url, str) or not base_url.strip():
            raise ConfigError("an LLM judge needs a base URL (no default is assumed)")
        if not isinstance(api_key_env, str):
            raise ConfigError(f"api_key_env must be a string, got {api_key_env!r}")
        self.base_url = base_url.strip().rstrip("/")
        self.model = model
        self.api = api
        self.api_key_env = api_key_env
        self.timeout = _positive("timeout", timeout)
        self.retries = check_retries(retries)
        self.backoff_s = float(backoff_s)
        self.transport: Transport = transport or default_transport
        self.sleep = sleep
        self.requests = 0  # HTTP requests sent, retries included

    def _request(self, prompt: str, json_mode: bool) -> tuple[str, dict[str, Any], dict[str, str]]:
        if self.api == "ollama":
            payload: dict[str, Any] = {
                "model": self.model,
                "prompt": prompt,
                "stream": False,
                "options": {"temperature": 0},
            }
            if json_mode:
                payload["format"] = "json"
            return f"{self.base_url}/api/generate", payload, {}
        payload = {
            "model": self.model,
            "temperature": 0,
            "messages": [{"role": "user", "content": prompt}],
        }
        key = os.environ.get(self.api_key_env) if self.api_key_env else None
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return f"{self.base_url}/chat/completions", payload, headers

    def _text(self, data: Any) -> str:
        text: Any = None
        if self.api == "ollama":
            text = data.get("response") if isinstance(data, dict) else None
        else:
            try:
                text = data["choices"][0]["message"]["content"]
            except (KeyError, IndexError, TypeError):
                text = None
        if not isinstance(text, str):
            raise LLMRequestError(f"reply from {self.model} has no text")
        return text

    def complete(self, prompt: str, *, json_mode: bool = False) -> str:
        """The model's reply to ``prompt`` (temperature 0), retried as documented.

        Raises :class:`LLMRequestError` once the retries are spent.
        """
        url, payload, headers = self._request(prompt, json_mode)
        attempt = 0
        while True:
            self.requests += 1
            try:
                data = self.transport(url, payload, headers, self.timeout)
            except LLMRequestError as exc:
                if not exc.retryable or attempt >= self.retries:
                    raise self._explain(exc) from None
            except OSError as exc:  # an injected transport's network error
                if attempt >= self.retries:
                    raise LLMRequestError(f"cannot reach {url}: {exc}", retryable=True) from None
            else:
                return self._text(data)
            self.sleep(self.backoff_s * 2**attempt)
            attempt += 1

    def _explain(self, exc: LLMRequestError) -> LLMRequestError:
        """Name the API-key variable (never its value) when the server refused us."""
        msg = str(exc)
        if self.api == "openai" and self.api_key_env and msg.startswith(("HTTP 401", "HTTP 403")):
            state = "is set" if os.environ.get(self.api_key_env) else "is not set"
            return LLMRequestError(f"{msg} (API key from ${self.api_key_env}, which {state})")
        return exc


def cache_key(model: str, prompt_version: str, prompt: str) -> str:
    """SHA-256 (hex) over model, prompt version and prompt, NUL-separated."""
    return hashlib.sha256("\0".join((model, prompt_version, prompt)).encode("utf-8")).hexdigest()


class ResponseCache:
    """Reply texts in a SQLite file, keyed by :func:`cache_key`, with a TTL."""

    def __init__(
        self,
        cache_dir: Path | str,
        *,
        ttl_s: float = DEFAULT_TTL_S,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.ttl_s = _positive("ttl_s", ttl_s)
        self.clock = clock
        self.path = Path(cache_dir).expanduser() / CACHE_FILENAME
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = self._db()
            try:
                with db:
                    db.execute(
                        "CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, "
                        "response TEXT NOT NULL, created REAL NOT NULL, model TEXT, "
                        "prompt_version TEXT)"
                    )
            finally:
                db.close()
        except (OSError, sqlite3.Error) as exc:
            raise ConfigError(f"cannot use LLM cache {self.path}: {exc}") from None

    def _db(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=30)

    def get(self, key: str) -> str | None:
        """The cached reply for ``key``, or ``None`` when absent or older than ``ttl_s``."""
        try:
            db = self._db()
            try:
                row = db.execute(
                    "SELECT response, created FROM responses WHERE key = ?", (key,)
                ).fetchone()
            finally:
                db.close()
        except sqlite3.Error as exc:
            raise MetricError(f"cannot read LLM cache {self.path}: {exc}") from None
        if row is None or self.clock() - float(row[1]) > self.ttl_s:
            return None
        return str(row[0])

    def put(self, key: str, response: str, *, model: str, prompt_version: str) -> None:
        """Store ``response`` under ``key`` (replacing an older entry), stamped now."""
        try:
            db = self._db()
            try:
                with db:
                    db.execute(
                        "INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?, ?)",
                        (key, response, self.clock(), model, prompt_version),
                    )
            finally:
                db.close()
        except sqlite3.Error as exc:
            raise MetricError(f"cannot write LLM cache {self.path}: {exc}") from None
