"""Settings shared by the HTTP service and the MCP server: limits, API keys, CORS.

Every limit is configurable; the defaults suit one machine serving a team. Values can
come from the environment (:meth:`ServiceSettings.from_env`), read only when a server
starts, never at import:

=============================== ===================================== ==========
variable                        meaning                               default
=============================== ===================================== ==========
``VERACITY_API_KEYS``           comma-separated keys (``key`` or       (none: open)
                                ``key:user``); when set, every route
                                but ``/health`` needs one
``VERACITY_MAX_BODY_BYTES``     largest request body (HTTP 413)       2 MiB
``VERACITY_MAX_SAMPLES``        samples per ``/evaluate`` request     1000
``VERACITY_MAX_TEXT_CHARS``     characters in one text field          100000
``VERACITY_MAX_ITEMS``          items in one list (contexts, claims,  1000
                                evidence, retrieved ids)
``VERACITY_CORS_ORIGINS``       comma-separated allowed origins       (none: CORS off)
=============================== ===================================== ==========
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from veracity.errors import ConfigError

__all__ = ["ServiceSettings", "parse_api_keys"]

MIB = 1024 * 1024


def parse_api_keys(raw: str) -> dict[str, str]:
    """Parse ``"key1:alice,key2"`` into ``{"key1": "alice", "key2": "default"}``.

    The ``key:user`` form is the one the SFS toolkit reads from ``SFS_API_KEYS``; a
    bare key is accepted too. Blank entries are ignored."""
    keys: dict[str, str] = {}
    for entry in raw.split(","):
        entry = entry.strip()
        if not entry:
            continue
        key, _, user = entry.partition(":")
        key = key.strip()
        if not key:
            raise ConfigError("VERACITY_API_KEYS: an entry has an empty key")
        keys[key] = user.strip() or "default"
    return keys


def _env_int(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, got {raw!r}") from None
    if value < 1:
        raise ConfigError(f"{name} must be at least 1, got {value}")
    return value


@dataclass(frozen=True)
class ServiceSettings:
    """Limits and access rules of one server instance (HTTP or MCP)."""

    max_body_bytes: int = 2 * MIB
    max_samples: int = 1000
    max_text_chars: int = 100_000
    max_items: int = 1000
    api_keys: Mapping[str, str] = field(default_factory=dict)
    cors_origins: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("max_body_bytes", "max_samples", "max_text_chars", "max_items"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ConfigError(f"{name} must be a whole number >= 1, got {value!r}")

    @property
    def auth_enabled(self) -> bool:
        """True when at least one API key is configured."""
        return bool(self.api_keys)

    def user_for(self, key: str) -> str | None:
        """The user a key belongs to, or None if the key is unknown."""
        return self.api_keys.get(key) if key else None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: object) -> ServiceSettings:
        """Settings from ``VERACITY_*`` variables (see the module docstring); keyword
        arguments that are not None override them."""
        env = os.environ if env is None else env
        values: dict[str, object] = {
            "max_body_bytes": _env_int(env, "VERACITY_MAX_BODY_BYTES", 2 * MIB),
            "max_samples": _env_int(env, "VERACITY_MAX_SAMPLES", 1000),
            "max_text_chars": _env_int(env, "VERACITY_MAX_TEXT_CHARS", 100_000),
            "max_items": _env_int(env, "VERACITY_MAX_ITEMS", 1000),
            "api_keys": parse_api_keys(env.get("VERACITY_API_KEYS", "")),
            "cors_origins": tuple(
                o.strip() for o in env.get("VERACITY_CORS_ORIGINS", "").split(",") if o.strip()
            ),
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]
