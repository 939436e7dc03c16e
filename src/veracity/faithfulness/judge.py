"""Optional LLM judge for faithfulness (extra ``[llm]``): one verdict per claim.

:func:`judge_faithfulness` splits the answer into claims with the lexical engine's
splitter (:func:`veracity.faithfulness.claims.split_claims`), asks the configured model
about each claim -- with **all** contexts, numbered from 1 -- using the prompt of
:func:`build_prompt` (version :data:`PROMPT_VERSION`), and parses a JSON verdict
``{"verdict": "supported"|"unsupported", "context_index": int|null, "reason": str}``
(:func:`parse_reply`; a reply wrapped in a Markdown code fence is accepted, anything
else is a failure). Temperature 0. Nothing is sent unless a :class:`JudgeConfig` with an
explicit model and base URL is given: there is no default model and no default URL.

Formula: ``score = supported claims / judged claims`` (``support`` = ``score``,
``threshold`` = ``None``); ``None`` with reason ``"no claims"`` when the answer has no
claim. A judged claim has ``score`` 1.0 (supported) or 0.0, the judge's reason, its
context index (0-based, like the lexical engine) and, when the lexical engine finds one
in that context, the best matching context sentence with its offsets. Contexts that are
all empty support nothing: every claim is unsupported and nothing is sent.

Failures (network error, timeout, HTTP error, a reply that is not the JSON above), per
``JudgeConfig.on_error``:

- ``keep`` (default): that claim gets the lexical engine's verdict, its reason prefixed
  ``"judge failed (...); lexical verdict: "``;
- ``undetermined``: the claim is marked undetermined (``supported=False``, ``score``
  0.0, reason ``"undetermined: judge failed (...)"``) and left out of the score; when no
  claim was judged the score is ``None``;
- ``fail``: raise :class:`veracity.errors.MetricError`.

The answer-level reason counts the failures, so a fallback is never silent.

Cache: with ``cache_dir`` set, replies that parsed are stored in the shared SQLite cache
of :mod:`veracity.llm` keyed by (model, :data:`PROMPT_VERSION`, prompt), valid ``ttl_s``
seconds; given the cache the result is deterministic. A claim repeated in one answer is
asked once. The API key is read from ``$api_key_env`` at call time; when that variable
is unset or empty no ``Authorization`` header is sent (for local servers) and a 401/403
reply is reported with the variable's name.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from veracity.errors import ConfigError, MetricError
from veracity.faithfulness import ClaimVerdict, FaithfulnessResult, score_faithfulness
from veracity.faithfulness.api import checked_contexts
from veracity.faithfulness.claims import is_abstention, split_claims
from veracity.llm import (
    APIS,
    DEFAULT_TTL_S,
    LLMClient,
    ResponseCache,
    Transport,
    cache_key,
    check_retries,
)

__all__ = [
    "ON_ERROR",
    "PROMPT_VERSION",
    "JudgeConfig",
    "build_prompt",
    "judge_faithfulness",
    "parse_reply",
]

PROMPT_VERSION = "faithfulness-judge-1"
ON_ERROR = ("keep", "undetermined", "fail")
MAX_REASON_CHARS = 500
_Outcome = tuple[bool, int | None, str] | Exception  # parsed verdict or the failure

_PROMPT = """You check whether one claim is supported by the numbered contexts below.
A claim is "supported" only when the contexts state it or it follows directly from them.
A claim that adds facts, numbers, names or certainty that the contexts do not give, or
that contradicts them, is "unsupported". Use only the contexts, not your own knowledge.

Contexts:
{contexts}
{answer}
Claim: {claim}

Reply with only a JSON object, no other text:
{{"verdict": "supported" or "unsupported", "context_index": the number of the context \
that supports (or contradicts) the claim, or null, "reason": "one short sentence"}}"""

_ANSWER = """
The claim is part of this answer (use it only to understand words such as "it"):
{answer}
"""


@dataclass(frozen=True, kw_only=True)
class JudgeConfig:
    """Where and how to ask the judge; plain data (pickles for worker processes).

    ``base_url`` (e.g. ``https://api.openai.com/v1`` or ``http://localhost:11434``) and
    ``model`` are required: leaving either out raises :class:`ConfigError`.
    ``api``: ``"openai"`` (any OpenAI-compatible chat-completions server) or ``"ollama"``.
    ``api_key_env``: the environment variable holding the key (read at call time, never
    stored). ``timeout`` seconds per request; ``retries`` extra attempts on network
    errors, timeouts, HTTP 408/429/5xx. ``cache_dir``: directory of the SQLite cache
    (``None``: no cache); ``ttl_s``: cache entry lifetime. ``on_error``: ``keep`` |
    ``undetermined`` | ``fail`` (see the module docstring). ``concurrency``: how many
    claims of one answer are asked at once (threads; the result does not depend on it).
    """

    base_url: str = ""
    model: str = ""
    api: Literal["openai", "ollama"] = "openai"
    api_key_env: str = "OPENAI_API_KEY"
    timeout: float = 60.0
    retries: int = 2
    cache_dir: Path | str | None = None
    ttl_s: float = DEFAULT_TTL_S
    on_error: Literal["keep", "undetermined", "fail"] = "keep"
    concurrency: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.model, str) or not self.model.strip():
            raise ConfigError("the faithfulness judge needs a model (there is no default)")
        if not isinstance(self.base_url, str) or not re.match(
            r"https?://[^\s/]+", self.base_url.strip()
        ):
            raise ConfigError(
                "the faithfulness judge needs a base URL starting with http:// or https:// "
                f"(there is no default), got {self.base_url!r}"
            )
        if self.api not in APIS:
            raise ConfigError(f"judge api must be 'openai' or 'ollama', not {self.api!r}")
        if not isinstance(self.api_key_env, str):
            raise ConfigError(f"api_key_env must be a string, got {self.api_key_env!r}")
        for name in ("timeout", "ttl_s"):
            value = getattr(self, name)
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not math.isfinite(value)
                or value <= 0
            ):
                raise ConfigError(f"judge {name} must be a positive number, got {value!r}")
        check_retries(self.retries)
        c = self.concurrency
        if isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= 32:
            raise ConfigError(f"judge concurrency must be an integer from 1 to 32, got {c!r}")
        if self.on_error not in ON_ERROR:
            raise ConfigError(
                f"judge on_error must be keep, undetermined or fail, not {self.on_error!r}"
            )
        if self.cache_dir is not None and not isinstance(self.cache_dir, (str, Path)):
            raise ConfigError(f"cache_dir must be a path, got {self.cache_dir!r}")


def build_prompt(claim: str, contexts: Sequence[str], answer: str | None = None) -> str:
    """The judge prompt (version :data:`PROMPT_VERSION`): every context, numbered from 1
    (an empty one shows as ``(empty)``), the answer when it holds more than this claim,
    and the claim."""
    ctx = "\n".join(f"[{i}] {c if c.strip() else '(empty)'}" for i, c in enumerate(contexts, 1))
    extra = _ANSWER.format(answer=answer) if answer is not None and answer.strip() != claim else ""
    return _PROMPT.format(contexts=ctx or "(none)", answer=extra, claim=claim)


_FENCE_RE = re.compile(r"\A```[\w-]*[ \t]*\n?(.*?)\n?```\Z", re.DOTALL)


def parse_reply(text: str, n_contexts: int) -> tuple[bool, int | None, str]:
    """``(supported, context index 0-based or None, reason)`` from the judge's reply.

    The reply must be one JSON object, optionally inside a Markdown code fence, with
    ``verdict`` "supported" or "unsupported" (any case), ``context_index`` an integer in
    1..``n_contexts`` or null/absent, and ``reason`` a string or absent. Anything else
    raises ``ValueError``.
    """
    body = text.strip()
    fenced = _FENCE_RE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    try:
        data = json.loads(body)
    except ValueError:
        raise ValueError(f"reply is not a JSON object: {text[:80]!r}") from None
    if not isinstance(data, dict):
        raise ValueError(f"reply is not a JSON object: {text[:80]!r}")
    verdict = data.get("verdict")
    if not isinstance(verdict, str) or verdict.strip().lower() not in (
        "supported",
        "unsupported",
    ):
        raise ValueError(f"verdict must be 'supported' or 'unsupported', got {verdict!r}")
    index = data.get("context_index")
    if index is not None and (
        isinstance(index, bool) or not isinstance(index, int) or not 1 <= index <= n_contexts
    ):
        raise ValueError(f"context_index must be null or 1..{n_contexts}, got {index!r}")
    reason = data.get("reason", "")
    if reason is None:
        reason = ""
    if not isinstance(reason, str):
        raise ValueError(f"reason must be a string, got {type(reason).__name__}")
    reason = " ".join(reason.split())
    if len(reason) > MAX_REASON_CHARS:
        reason = reason[: MAX_REASON_CHARS - 3] + "..."
    return verdict.strip().lower() == "supported", None if index is None else index - 1, reason


def _sentence(
    claim: str, index: int, contexts: list[str], lexical: ClaimVerdict | None
) -> tuple[str | None, int | None, int | None]:
    """The lexical engine's best sentence for ``claim`` inside context ``index``."""
    if lexical is not None and lexical.context_index == index:
        return lexical.context_sentence, lexical.context_start, lexical.context_end
    found = [
        v
        for v in score_faithfulness(claim, [contexts[index]]).claims
        if v.context_sentence is not None
    ]
    if not found:
        return None, None, None
    best = max(found, key=lambda v: v.score)
    return best.context_sentence, best.context_start, best.context_end


def judge_faithfulness(
    answer: str,
    contexts: Sequence[str],
    config: JudgeConfig,
    *,
    transport: Transport | None = None,
    clock: Callable[[], float] | None = None,
    sleep: Callable[[float], None] | None = None,
) -> FaithfulnessResult:
    """LLM-judged faithfulness, method ``"judge"`` (see the module docstring).

    ``score = supported claims / judged claims``; ``None`` with reason "no claims" when
    the answer has none. ``transport``, ``clock`` (cache TTL) and ``sleep`` (retry
    pauses) are injectable for tests. A non-string answer or context raises
    :class:`InputError`; a bad ``config`` :class:`ConfigError`; a failure with
    ``on_error="fail"`` :class:`MetricError`.
    """
    if not isinstance(config, JudgeConfig):
        raise ConfigError(f"config must be a JudgeConfig, got {type(config).__name__}")
    ctxs = checked_contexts(answer, contexts)
    all_claims = split_claims(answer)
    # statements that the contexts lack the information are not factual claims
    claims = [c for c in all_claims if not is_abstention(c.text)]
    if not claims:
        reason = "no claims (states that the contexts do not say)" if all_claims else "no claims"
        return FaithfulnessResult(None, reason, "judge", [], None, None, 0)
    lexical = {(v.start, v.end): v for v in score_faithfulness(answer, ctxs).claims}
    if not any(c.strip() for c in ctxs):
        verdicts = [
            ClaimVerdict(c.text, c.start, c.end, False, 0.0, "unsupported: no context text")
            for c in claims
        ]
        reason = f"0/{len(claims)} claims supported (no context text)"
        return FaithfulnessResult(0.0, reason, "judge", verdicts, 0.0, None, 0)

    client = LLMClient(
        config.base_url,
        config.model,
        api=config.api,
        api_key_env=config.api_key_env,
        timeout=config.timeout,
        retries=config.retries,
        transport=transport,
        sleep=sleep or time.sleep,
    )
    cache = (
        None
        if config.cache_dir is None
        else ResponseCache(config.cache_dir, ttl_s=config.ttl_s, clock=clock or time.time)
    )
    multi = len(claims) > 1
    prompts = [build_prompt(c.text, ctxs, answer if multi else None) for c in claims]
    unique = list(dict.fromkeys(prompts))  # a repeated claim is asked once

    def ask(prompt: str) -> _Outcome:
        return _ask(client, cache, prompt, len(ctxs))

    asked: dict[str, _Outcome] = {}
    if config.concurrency > 1 and len(unique) > 1:
        with ThreadPoolExecutor(max_workers=min(config.concurrency, len(unique))) as pool:
            asked = dict(zip(unique, pool.map(ask, unique), strict=True))
    verdicts = []
    failed = undetermined = 0
    first_error = ""
    for claim, prompt in zip(claims, prompts, strict=True):
        outcome = asked.get(prompt)
        if outcome is None:
            outcome = asked[prompt] = ask(prompt)
        lex = lexical.get((claim.start, claim.end))
        if isinstance(outcome, Exception):
            if config.on_error == "fail":
                msg = f"faithfulness judge {config.model} failed: {outcome}"
                raise MetricError(msg) from outcome
            failed += 1
            first_error = first_error or str(outcome)
            if config.on_error == "keep" and lex is not None:
                why = f"judge failed ({outcome}); lexical verdict: {lex.reason}"
                verdicts.append(replace(lex, reason=why))
                continue
            undetermined += 1
            why = f"undetermined: judge failed ({outcome})"
            verdicts.append(ClaimVerdict(claim.text, claim.start, claim.end, False, 0.0, why))
            continue
        ok, index, why = outcome
        label = "supported" if ok else "unsupported"
        sentence, c_start, c_end = (
            (None, None, None) if index is None else _sentence(claim.text, index, ctxs, lex)
        )
        verdicts.append(
            ClaimVerdict(
                text=claim.text,
                start=claim.start,
                end=claim.end,
                supported=ok,
                score=1.0 if ok else 0.0,
                reason=f"{label} (judge): {why or 'no reason given'}",
                context_index=index,
                context_sentence=sentence,
                context_start=c_start,
                context_end=c_end,
            )
        )
    return _result(verdicts, config, failed, undetermined, first_error)


def _ask(client: LLMClient, cache: ResponseCache | None, prompt: str, n_contexts: int) -> _Outcome:
    """The parsed verdict for ``prompt`` (cache first), or the exception that stopped it."""
    key = cache_key(client.model, PROMPT_VERSION, prompt)
    if cache is not None:
        hit = cache.get(key)
        if hit is not None:
            try:
                return parse_reply(hit, n_contexts)
            except ValueError:
                pass  # written by an older parser: ask again
    try:
        reply = client.complete(prompt, json_mode=True)
        parsed = parse_reply(reply, n_contexts)
    except Exception as exc:  # network, HTTP, parse, or an injected transport's error
        return exc
    if cache is not None:
        cache.put(key, reply, model=client.model, prompt_version=PROMPT_VERSION)
    return parsed


def _result(
    verdicts: list[ClaimVerdict],
    config: JudgeConfig,
    failed: int,
    undetermined: int,
    first_error: str,
) -> FaithfulnessResult:
    judged = len(verdicts) - undetermined
    n_ok = sum(v.supported for v in verdicts)
    if judged == 0:
        reason = f"undetermined: judge {config.model} failed on all {len(verdicts)} claims"
        why = f"{reason} ({first_error})"
        return FaithfulnessResult(None, why, "judge", verdicts, None, None, failed)
    score = n_ok / judged
    reason = f"{n_ok}/{judged} claims supported (judge {config.model})"
    if failed:
        what = "lexical verdict kept" if config.on_error == "keep" else "left out as undetermined"
        reason += f"; judge failed on {failed} claim(s), {what}: {first_error}"
    return FaithfulnessResult(score, reason, "judge", verdicts, score, None, failed)
