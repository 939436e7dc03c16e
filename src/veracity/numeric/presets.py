"""Domain presets, stored as TOML data files in ``presets/``.

``property_valuation``, ``medical``, ``legal`` and ``financial`` carry the SFS
toolkit's names, tolerances and claim types; ``general`` is the default.
"""

from __future__ import annotations

import functools
import sys
from importlib import resources

from veracity.errors import ConfigError
from veracity.numeric.config import DomainConfig, config_from_mapping

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

__all__ = ["DEFAULT_PRESET", "get_preset", "list_presets", "resolve_config"]

DEFAULT_PRESET = "general"


@functools.lru_cache(maxsize=1)
def _names() -> tuple[str, ...]:
    folder = resources.files("veracity.numeric") / "presets"
    return tuple(
        sorted(p.name[: -len(".toml")] for p in folder.iterdir() if p.name.endswith(".toml"))
    )


def list_presets() -> list[str]:
    """Names of the built-in presets, sorted (a new list: changing it changes nothing)."""
    return list(_names())


@functools.lru_cache(maxsize=16)
def _load(name: str) -> DomainConfig:
    text = (resources.files("veracity.numeric") / "presets" / f"{name}.toml").read_text("utf-8")
    return config_from_mapping(tomllib.loads(text))


def get_preset(name: str) -> DomainConfig:
    """A copy of the preset called ``name`` (editing it changes no other caller's
    preset); :class:`ConfigError` lists the known names otherwise."""
    return _preset(name).model_copy(deep=True)


def _preset(name: str) -> DomainConfig:
    """The shared, cached preset ``name`` (for this package's own reads only)."""
    if not isinstance(name, str) or name not in _names():
        known = ", ".join(_names())
        raise ConfigError(f"unknown preset {name!r}; known presets: {known}")
    return _load(name)


def resolve_config(config: DomainConfig | str | None, *, check_dates: bool = False) -> DomainConfig:
    """``None`` -> the general preset; a ``str`` -> that preset; a config as is; with
    ``check_dates``, a copy that checks dates too (``DomainConfig.check_dates``)."""
    if config is None:
        config = _preset(DEFAULT_PRESET)
    elif isinstance(config, str):
        config = _preset(config)
    if isinstance(config, DomainConfig):
        return config.model_copy(update={"check_dates": True}) if check_dates else config
    raise ConfigError(
        f"config must be a DomainConfig, a preset name or None, not {type(config).__name__}"
    )
