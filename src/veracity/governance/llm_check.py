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
(7 days by default) is ignored and replaced. Only replies that parsed as a verdict are
cached, never failures. The clock is injectable for tests. The client and the cache are
the shared ones of :mod:`veracity.llm` (also used by the faithfulness judge).

Failures (network error, HTTP error, unparseable reply), per ``on_error``:

- ``keep`` (default): return ``None`` -- no verdict, the regex hit stands;
- ``clear``: return ``False`` -- the hit is cleared (lenient);
- ``fail``: raise :class:`veracity.errors.MetricError`.

``transport(url, payload, headers, timeout) -> parsed JSON`` is injectable; the default
(:func:`veracity.llm.default_transport`) uses httpx when installed (imported lazily) and
the standard library otherwise. ``retries`` (default 0) retries network errors,
timeouts, HTTP 408/429 and 5xx.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from veracity.errors import ConfigError, MetricError
from veracity.llm import DEFAULT_TTL_S, LLMClient, ResponseCache, Transport, cache_key

if TYPE_CHECKING:
    from veracity.governance.cases import GovCase

__all__ = ["DEFAULT_TTL_S", "PROMPT_VERSION", "LLMJudge", "Transport", "build_prompt"]

PROMPT_VERSION = "judge-1"

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
        retries: int = 0,
    ) -> None:
        if api not in ("openai", "ollama"):
            raise ConfigError(f"api must be 'openai' or 'ollama', not {api!r}")
        if on_error not in ("keep", "clear", "fail"):
            raise ConfigError(f"on_error must be keep, clear or fail, not {on_error!r}")
        if not ttl_s > 0 or not timeout > 0:
            raise ConfigError("ttl_s and timeout must be positive")
        if not model or not base_url:
            raise ConfigError("an LLM judge needs a model and a base URL")
        self.client = LLMClient(
            base_url,
            model,
            api=api,
            api_key_env=api_key_env,
            timeout=timeout,
            retries=retries,
            transport=transport,
        )
        self.cache = ResponseCache(cache_dir, ttl_s=ttl_s, clock=clock)
        self.base_url = self.client.base_url
        self.model = model
        self.api = api
        self.ttl_s = float(ttl_s)
        self.on_error = on_error
        self.timeout = float(timeout)
        self.api_key_env = api_key_env
        self.transport: Transport = self.client.transport
        self.clock = clock
        self.cache_path = self.cache.path
        self.calls = 0  # LLM requests made (cache misses), for reporting

    def cache_key(self, prompt: str) -> str:
        """SHA-256 over model, prompt version and prompt."""
        return cache_key(self.model, PROMPT_VERSION, prompt)

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
        cached = self.cache.get(key)
        if cached is not None:
            try:
                return self.parse_verdict(cached)
            except ValueError:
                pass  # stored by an older parser: ask again
        self.calls += 1
        try:
            reply = self.client.complete(prompt)
            verdict = self.parse_verdict(reply)
        except Exception as exc:
            if self.on_error == "fail":
                raise MetricError(f"LLM judge {self.model} failed: {exc}") from exc
            return None if self.on_error == "keep" else False
        self.cache.put(key, reply, model=self.model, prompt_version=PROMPT_VERSION)
        return verdict
