"""Optional LLM second pass for grounding and relevance hits (extra ``[llm]``).

:class:`LLMJudge` implements the scoring module's ``ViolationJudge``: for each regex hit
(a forbidden claim or forbidden element found in an answer) it asks an LLM whether the
hit is a real violation. The prompt carries the question, **all** contexts, the answer,
the pattern and the matched text. Verdicts: ``TRUE_VIOLATION`` -> ``True`` (the hit
stands), ``FALSE_POSITIVE`` -> ``False`` (the hit is cleared).

APIs: ``api="openai"`` posts to ``{base_url}/chat/completions`` (key from the environment
variable ``api_key_env`` if set); ``api="ollama"`` posts to ``{base_url}/api/generate``
with ``stream: false``. Temperature 0 in both.

Cache: SQLite file ``llm_judge.sqlite3`` in ``cache_dir``; key = SHA-256 of
``model``, :data:`PROMPT_VERSION` and the full prompt; an entry older than ``ttl_s``
(7 days by default) is ignored and replaced. Only verdicts are cached, never failures.
The clock is injectable for tests.

Failures (network error, HTTP error, unparseable reply), per ``on_error``:

- ``keep`` (default): return ``None`` -- no verdict, the regex hit stands;
- ``clear``: return ``False`` -- the hit is cleared (lenient);
- ``fail``: raise :class:`veracity.errors.MetricError`.

``transport(url, payload, headers, timeout) -> parsed JSON`` is injectable; the default
uses httpx when installed (imported lazily) and the standard library otherwise.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from veracity.errors import ConfigError, MetricError

if TYPE_CHECKING:
    from veracity.governance.cases import GovCase

__all__ = ["DEFAULT_TTL_S", "PROMPT_VERSION", "LLMJudge", "Transport", "build_prompt"]

PROMPT_VERSION = "judge-1"
DEFAULT_TTL_S = 7 * 24 * 3600.0
Transport = Callable[[str, dict[str, Any], dict[str, str], float], Any]

_PROMPT = """You check one flagged passage of an answer produced by a RAG system.
The answer was flagged because it matched a pattern for a {what}.
Decide whether the flagged text is a TRUE_VIOLATION (the answer really asserts
something the contexts do not support, or the forbidden content) or a FALSE_POSITIVE
(for example the answer says the information is absent, negates it, or the match is
part of an unrelated word or a supported statement).

Question: {query}

Contexts:
{contexts}

Answer:
{response}

Pattern: {pattern}
Matched text: {matched}

Reply with exactly one word: TRUE_VIOLATION or FALSE_POSITIVE."""

_WHAT = {
    "forbidden_claim": "claim not supported by the contexts (hallucination)",
    "forbidden_element": "forbidden element (false confidence or off-target content)",
}


def build_prompt(
    *, query: str, contexts: list[str], response: str, pattern: str, matched: str, kind: str
) -> str:
    """The judge prompt (version :data:`PROMPT_VERSION`); every context is included."""
    ctx = "\n".join(f"[{i}] {c}" for i, c in enumerate(contexts, 1)) or "(none)"
    return _PROMPT.format(
        what=_WHAT.get(kind, kind),
        query=query,
        contexts=ctx,
        response=response,
        pattern=pattern,
        matched=matched,
    )


def _default_transport(
    url: str, payload: dict[str, Any], headers: dict[str, str], timeout: float
) -> Any:
    try:
        import httpx
    except ImportError:
        req = urllib.request.Request(url, data=json.dumps(payload).encode("utf-8"), method="POST")
        req.add_header("Content-Type", "application/json")
        for k, v in headers.items():
            req.add_header(k, v)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return json.loads(resp.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            exc.close()
            raise ValueError(f"HTTP {exc.code} from {url}") from None
    reply = httpx.post(url, json=payload, headers=headers, timeout=timeout)
    reply.raise_for_status()
    return reply.json()


class LLMJudge:
    """LLM verdicts on regex hits with a persistent SQLite cache (see module docstring)."""

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api: Literal["openai", "ollama"] = "openai",
        cache_dir: Path,
        ttl_s: float = DEFAULT_TTL_S,
        on_error: Literal["keep", "clear", "fail"] = "keep",
        timeout: float = 60.0,
        api_key_env: str = "OPENAI_API_KEY",
        transport: Transport | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if api not in ("openai", "ollama"):
            raise ConfigError(f"api must be 'openai' or 'ollama', not {api!r}")
        if on_error not in ("keep", "clear", "fail"):
            raise ConfigError(f"on_error must be keep, clear or fail, not {on_error!r}")
        if not ttl_s > 0 or not timeout > 0:
            raise ConfigError("ttl_s and timeout must be positive")
        if not model or not base_url:
            raise ConfigError("an LLM judge needs a model and a base URL")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.api = api
        self.ttl_s = float(ttl_s)
        self.on_error = on_error
        self.timeout = float(timeout)
        self.api_key_env = api_key_env
        self.transport: Transport = transport or _default_transport
        self.clock = clock
        self.cache_path = Path(cache_dir) / "llm_judge.sqlite3"
        self.cache_path.parent.mkdir(parents=True, exist_ok=True)
        self.calls = 0  # LLM requests made (cache misses), for reporting
        with self._db() as db:
            db.execute(
                "CREATE TABLE IF NOT EXISTS verdicts (key TEXT PRIMARY KEY, verdict INTEGER "
                "NOT NULL, created REAL NOT NULL, model TEXT, prompt_version TEXT)"
            )

    def _db(self) -> sqlite3.Connection:
        return sqlite3.connect(self.cache_path, timeout=30)

    def cache_key(self, prompt: str) -> str:
        """SHA-256 over model, prompt version and prompt."""
        blob = "\0".join((self.model, PROMPT_VERSION, prompt)).encode("utf-8")
        return hashlib.sha256(blob).hexdigest()

    def _cached(self, key: str) -> bool | None:
        db = self._db()
        try:
            row = db.execute(
                "SELECT verdict, created FROM verdicts WHERE key = ?", (key,)
            ).fetchone()
        finally:
            db.close()
        if row is None or self.clock() - float(row[1]) > self.ttl_s:
            return None
        return bool(row[0])

    def _store(self, key: str, verdict: bool) -> None:
        db = self._db()
        try:
            with db:
                db.execute(
                    "INSERT OR REPLACE INTO verdicts VALUES (?, ?, ?, ?, ?)",
                    (key, int(verdict), self.clock(), self.model, PROMPT_VERSION),
                )
        finally:
            db.close()

    def _ask(self, prompt: str) -> str:
        if self.api == "ollama":
            url = f"{self.base_url}/api/generate"
            payload: dict[str, Any] = {
                "model": self.model,
                "prompt": prompt,
                "stream": False,
                "options": {"temperature": 0},
            }
            data = self.transport(url, payload, {}, self.timeout)
            text = data.get("response") if isinstance(data, dict) else None
        else:
            url = f"{self.base_url}/chat/completions"
            payload = {
                "model": self.model,
                "temperature": 0,
                "messages": [{"role": "user", "content": prompt}],
            }
            key = os.environ.get(self.api_key_env)
            headers = {"Authorization": f"Bearer {key}"} if key else {}
            data = self.transport(url, payload, headers, self.timeout)
            try:
                text = data["choices"][0]["message"]["content"]
            except (KeyError, IndexError, TypeError):
                text = None
        if not isinstance(text, str):
            raise ValueError("reply has no text")
        return text

    @staticmethod
    def parse_verdict(text: str) -> bool:
        """TRUE_VIOLATION -> True, FALSE_POSITIVE -> False; ValueError if neither or both."""
        upper = text.upper()
        true, false = "TRUE_VIOLATION" in upper, "FALSE_POSITIVE" in upper
        if true == false:
            raise ValueError(f"unparseable verdict: {text[:80]!r}")
        return true

    def __call__(
        self,
        *,
        case: GovCase,
        response: str,
        pattern: str,
        matched: str,
        kind: Literal["forbidden_claim", "forbidden_element"],
    ) -> bool | None:
        """True = real violation, False = false positive, None = no verdict (see on_error)."""
        prompt = build_prompt(
            query=case.query,
            contexts=list(case.contexts),
            response=response,
            pattern=pattern,
            matched=matched,
            kind=kind,
        )
        key = self.cache_key(prompt)
        cached = self._cached(key)
        if cached is not None:
            return cached
        self.calls += 1
        try:
            verdict = self.parse_verdict(self._ask(prompt))
        except Exception as exc:
            if self.on_error == "fail":
                raise MetricError(f"LLM judge {self.model} failed: {exc}") from exc
            return None if self.on_error == "keep" else False
        self._store(key, verdict)
        return verdict
