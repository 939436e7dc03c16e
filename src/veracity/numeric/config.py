"""Domain configuration: tolerances, claim types, exclusions and safe user patterns.

:class:`DomainConfig` keeps the SFS toolkit's field names (``name``, ``description``,
``tolerance``, ``type_tolerances``, ``extraction_patterns``,
``percentage_absolute_threshold``) and adds documented fields of ours. Differences
from SFS, on purpose:

* ``percentage_absolute_threshold`` defaults to ``0`` (SFS: 15 points, which accepts
  18 % against 3.5 %); it applies only between two percentages.
* ``extraction_patterns`` add claims to the built-in parser (their spans win over the
  parser's); set ``builtin_extraction = false`` to use the patterns alone.

User patterns are compiled with the ``regex`` package and run with a time bound
(:data:`PATTERN_TIMEOUT` per text, plus one second per megabyte); a pattern that is
invalid, has ``value_group`` out of range, or takes too long on a 3,000-character
probe (catastrophic backtracking) is rejected with :class:`UnsafePatternError`.
"""

from __future__ import annotations

import functools
import json
import math
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import regex
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from veracity.errors import ConfigError, UnsafePatternError
from veracity.numeric.lexicon import EXCLUSIONS

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

__all__ = [
    "MAX_CONFIG_BYTES",
    "PATTERN_TIMEOUT",
    "DomainConfig",
    "ExtractionPattern",
    "compile_pattern",
    "load_config",
]

PATTERN_TIMEOUT = 0.5
"""Seconds a user pattern may run on one text (plus one second per megabyte)."""

MAX_CONFIG_BYTES = 1_000_000
"""Largest configuration text :func:`load_config` accepts."""

_PROBES = (
    "1" * 3000 + "!",
    "a" * 3000 + "!",
    "1." * 1500 + "!",
    " " * 3000 + "!",
    "1 " * 1500 + "!",
)


@functools.lru_cache(maxsize=256)
def compile_pattern(pattern: str, value_group: int = 1) -> Any:
    """Compile a user pattern with the ``regex`` engine after checking it is safe.

    Raises :class:`UnsafePatternError` for an invalid pattern, a ``value_group``
    outside ``0..groups``, or a pattern slower than 0.1 s on a hostile probe.
    """
    if len(pattern) > 2000:
        raise UnsafePatternError(f"pattern is too long ({len(pattern)} > 2000 characters)")
    try:
        compiled = regex.compile(pattern, regex.IGNORECASE | regex.VERSION0)
    except (regex.error, TypeError, ValueError, OverflowError) as err:
        raise UnsafePatternError(f"invalid pattern {pattern!r}: {err}") from None
    if not 0 <= value_group <= compiled.groups:
        raise UnsafePatternError(
            f"value_group {value_group} is out of range for pattern {pattern!r}, "
            f"which has {compiled.groups} capture group(s)"
        )
    for probe in _PROBES:
        try:
            for _ in compiled.finditer(probe, timeout=0.1):
                pass
        except TimeoutError:
            raise UnsafePatternError(
                f"pattern {pattern!r} is too slow on a 3,000-character input "
                "(catastrophic backtracking); simplify nested repetitions"
            ) from None
    return compiled


class ExtractionPattern(BaseModel):
    """A user rule: a regex whose ``value_group`` holds the number (SFS fields)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    claim_type: str = Field(min_length=1)
    pattern: str = Field(min_length=1)
    unit: str = ""
    value_group: int = 1
    context_keywords: list[str] = Field(default_factory=list)
    min_value: float | None = None
    max_value: float | None = None

    @model_validator(mode="after")
    def _check_pattern(self) -> ExtractionPattern:
        compile_pattern(self.pattern, self.value_group)
        for bound in (self.min_value, self.max_value):
            if bound is not None and not math.isfinite(bound):
                raise ValueError("min_value / max_value must be finite")
        return self


def _finite_non_negative(value: float, what: str) -> float:
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{what} must be a finite number >= 0, got {value!r}")
    return value


class DomainConfig(BaseModel):
    """How claims are extracted and verified for one domain.

    Verification: a claim is verified by evidence ``e`` when
    ``|claimed - e| / |e| <= tolerance`` (the claim type's entry in
    ``type_tolerances`` wins over ``tolerance``; approximations add
    ``approximation_widening``; ``e == 0`` uses ``|claimed| <= zero_tolerance``).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = "custom"
    description: str = ""
    tolerance: float = 0.15
    type_tolerances: dict[str, float] = Field(default_factory=dict)
    extraction_patterns: list[ExtractionPattern] = Field(default_factory=list)
    percentage_absolute_threshold: float = 0.0
    claim_types: list[str] = Field(default_factory=list)
    """Claim types kept (empty: all)."""
    type_map: dict[str, str] = Field(default_factory=dict)
    """Renames built-in claim types, e.g. ``{"mass": "dosage"}``."""
    type_keywords: dict[str, list[str]] = Field(default_factory=dict)
    """A plain number after one of these words (within 30 characters) gets that type."""
    exclusions: list[str] = Field(default_factory=lambda: list(EXCLUSIONS))
    """Active exclusion rules (see :data:`veracity.numeric.lexicon.EXCLUSIONS`)."""
    approximation_widening: float = 0.05
    zero_tolerance: float = 0.0
    derive_pp_difference: bool = True
    """A percentage-point claim may equal the difference of two evidence percentages."""
    derive_percent_change: bool = False
    """A percentage claim may equal the percent change between two evidence values."""
    context_check: bool = True
    """Prefer evidence stated for the claim's year / entity / noun (another row or year fails)."""
    builtin_extraction: bool = True
    table_scale: bool = True

    @field_validator(
        "tolerance", "percentage_absolute_threshold", "approximation_widening", "zero_tolerance"
    )
    @classmethod
    def _non_negative(cls, v: float) -> float:
        return _finite_non_negative(v, "value")

    @field_validator("type_tolerances")
    @classmethod
    def _type_tol(cls, v: dict[str, float]) -> dict[str, float]:
        for key, tol in v.items():
            _finite_non_negative(tol, f"type_tolerances[{key!r}]")
        return v

    @field_validator("exclusions")
    @classmethod
    def _known_exclusions(cls, v: list[str]) -> list[str]:
        unknown = sorted(set(v) - set(EXCLUSIONS))
        if unknown:
            raise ValueError(f"unknown exclusion(s) {unknown}; known: {', '.join(EXCLUSIONS)}")
        return v

    def tolerance_for(self, claim_type: str) -> float:
        """The relative tolerance of one claim type."""
        return self.type_tolerances.get(claim_type, self.tolerance)


def load_config(source: str | Path | Mapping[str, Any]) -> DomainConfig:
    """Build a :class:`DomainConfig` from a mapping, JSON or TOML text, or a file path.

    A ``str`` that starts with ``{`` or ``[`` is JSON text; a ``str`` containing a newline or
    ``=`` is TOML text; otherwise a ``str`` or ``Path`` names a ``.json`` / ``.toml``
    file. Raises :class:`ConfigError` (or :class:`UnsafePatternError` for a bad
    pattern) with a one-line message.
    """
    data: Any
    if isinstance(source, Mapping):
        data = dict(source)
    elif isinstance(source, (str, Path)):
        data = _parse_text_or_file(source)
    else:
        raise ConfigError(
            f"config must be a mapping, JSON/TOML text or a path, not {type(source).__name__}"
        )
    if not isinstance(data, dict):
        raise ConfigError("config must be a JSON object / TOML table")
    return config_from_mapping(data)


def config_from_mapping(data: Mapping[str, Any]) -> DomainConfig:
    """Validate a mapping into a :class:`DomainConfig`, translating pydantic errors."""
    try:
        return DomainConfig.model_validate(dict(data))
    except ValidationError as err:
        first = err.errors()[0]
        ctx_err = (first.get("ctx") or {}).get("error")
        where = ".".join(str(p) for p in first.get("loc", ())) or "config"
        if isinstance(ctx_err, UnsafePatternError):
            raise UnsafePatternError(f"{where}: {ctx_err}") from None
        message = str(ctx_err) if ctx_err is not None else first.get("msg", "invalid")
        more = f" (and {err.error_count() - 1} more)" if err.error_count() > 1 else ""
        raise ConfigError(f"invalid config: {where}: {message}{more}") from None


def _parse_text_or_file(source: str | Path) -> Any:
    text: str
    kind: str
    if isinstance(source, str) and source.lstrip().startswith(("{", "[")):
        text, kind = source, "json"
    elif isinstance(source, str) and ("\n" in source or "=" in source):
        text, kind = source, "toml"
    else:
        path = Path(source)
        try:
            if path.stat().st_size > MAX_CONFIG_BYTES:
                raise ConfigError(f"{path}: config file larger than {MAX_CONFIG_BYTES} bytes")
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise ConfigError(f"cannot read config {str(path)!r}: {err}") from None
        kind = "toml" if path.suffix.lower() == ".toml" else "json"
    if len(text) > MAX_CONFIG_BYTES:
        raise ConfigError(f"config text larger than {MAX_CONFIG_BYTES} characters")
    try:
        if kind == "json":
            return json.loads(text, parse_constant=_reject_constant)
        return tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError, ValueError) as err:
        raise ConfigError(f"invalid {kind.upper()} config: {err}") from None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"non-finite number {name} is not allowed")
