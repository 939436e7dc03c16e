"""Domain configuration: tolerances, claim types, exclusions and safe user patterns.

:class:`DomainConfig` keeps the SFS toolkit's field names (``name``, ``description``,
``tolerance``, ``type_tolerances``, ``extraction_patterns``,
``percentage_absolute_threshold``) and adds documented fields of ours. Differences
from SFS, on purpose:

* ``percentage_absolute_threshold`` defaults to ``0`` (SFS: 15 points, which accepts
  18 % against 3.5 %); it applies only between two percentages.
* ``extraction_patterns`` add claims to the built-in parser (their spans win over the
  parser's); set ``builtin_extraction = false`` to use the patterns alone.

User patterns are compiled with the ``regex`` package and run with a time bound:
all the patterns of a config share one budget per text (:data:`PATTERN_TIMEOUT`
plus one second per megabyte). A pattern that is invalid, has ``value_group`` out of
range, or is slow on 1,000-character probes (each character of the pattern repeated,
then a non-matching tail: catastrophic backtracking) is rejected at load with
:class:`UnsafePatternError`; a config holds at most :data:`MAX_PATTERNS` patterns,
whose load-time probes share a 2-second budget.

Strict types: numbers must be JSON numbers (``true`` or ``"0.1"`` are not numbers),
switches JSON booleans (``"yes"`` or ``1`` is not ``true``),
``claim_types`` must name claim types the config can produce (a typo would drop every
claim), and keyword lists hold non-empty words.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_validator,
)

from veracity.errors import ConfigError, UnsafePatternError
from veracity.io import LONE_SURROGATE, TOO_MANY_DIGITS, exceeds_int_digits, lone_surrogate_at
from veracity.numeric.lexicon import EXCLUSIONS
from veracity.numeric.user_patterns import compile_pattern, shared_probe_budget

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

__all__ = [
    "BUILTIN_CLAIM_TYPES",
    "MAX_CONFIG_BYTES",
    "MAX_PATTERNS",
    "DomainConfig",
    "ExtractionPattern",
    "load_config",
]

MAX_PATTERNS = 200
"""Most extraction patterns one config may hold."""

BUILTIN_CLAIM_TYPES = frozenset(
    {
        "currency",
        "percentage",
        "percentage_points",
        "distance",
        "mass",
        "volume",
        "duration",
        "area",
        "speed",
        "temperature",
        "energy",
        "power",
        "data_size",
        "charge",
        "concentration",
        "pressure",
        "force",
        "frequency",
        "voltage",
        "current",
        "bitrate",
        "apparent_power",
        "radiation_dose",
        "radioactivity",
        "rotational_speed",
        "torque",
        "sound_level",
        "lab_value",
        "ratio",
        "count",
        "number",
    }
)
"""Claim types of the built-in parser (before ``type_map``)."""

MAX_CONFIG_BYTES = 1_000_000
"""Largest configuration text :func:`load_config` accepts."""


class ExtractionPattern(BaseModel):
    """A user rule: a regex whose ``value_group`` holds the number (SFS fields)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    claim_type: str = Field(min_length=1)
    pattern: str = Field(min_length=1)
    unit: str = ""
    value_group: StrictInt = 1
    context_keywords: list[str] = Field(default_factory=list)
    min_value: StrictFloat | None = None
    max_value: StrictFloat | None = None

    @field_validator("context_keywords")
    @classmethod
    def _keywords(cls, v: list[str]) -> list[str]:
        return _non_empty_words(v, "context_keywords")

    @model_validator(mode="after")
    def _check_pattern(self) -> ExtractionPattern:
        for bound in (self.min_value, self.max_value):
            if bound is not None and not math.isfinite(bound):
                raise ValueError("min_value / max_value must be finite")
        if (
            self.min_value is not None
            and self.max_value is not None
            and self.min_value > self.max_value
        ):
            raise ValueError(
                f"min_value {self.min_value:g} is above max_value {self.max_value:g}: "
                "the pattern could never match"
            )
        compile_pattern(self.pattern, self.value_group)
        return self


def _non_empty_words(words: list[str], what: str) -> list[str]:
    for i, w in enumerate(words):
        if not w.strip():
            raise ValueError(f"{what}[{i}] is empty: an empty keyword matches everywhere")
    return words


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
    tolerance: StrictFloat = 0.15
    type_tolerances: dict[str, StrictFloat] = Field(default_factory=dict)
    extraction_patterns: list[ExtractionPattern] = Field(
        default_factory=list, max_length=MAX_PATTERNS
    )
    """User patterns (at most :data:`MAX_PATTERNS`). A match whose value is beyond the
    float range once its unit is applied (``1e300`` with ``unit = "USD trillions"``)
    is not a claim."""
    percentage_absolute_threshold: StrictFloat = 0.0
    claim_types: list[str] = Field(default_factory=list)
    """Claim types kept (empty: all); each must be a type the config can produce
    (:data:`BUILTIN_CLAIM_TYPES`, a ``type_map`` target, a ``type_keywords`` key or an
    extraction pattern's ``claim_type``), else :class:`ConfigError`."""
    type_map: dict[str, str] = Field(default_factory=dict)
    """Renames built-in claim types, e.g. ``{"mass": "dosage"}``."""
    type_keywords: dict[str, list[str]] = Field(default_factory=dict)
    """A plain number after one of these words (within 30 characters) gets that type."""
    exclusions: list[str] = Field(default_factory=lambda: list(EXCLUSIONS))
    """Active exclusion rules (see :data:`veracity.numeric.lexicon.EXCLUSIONS`)."""
    approximation_widening: StrictFloat = 0.05
    zero_tolerance: StrictFloat = 0.0
    derive_pp_difference: StrictBool = True
    """A percentage-point claim may equal the difference of two evidence percentages."""
    derive_percent_change: StrictBool = False
    """A percentage claim may equal the percent change between two evidence values."""
    context_check: StrictBool = True
    """Prefer evidence stated for the claim's year / entity / noun (another row or year fails)."""
    check_dates: StrictBool = False
    """Also check the calendar dates an answer states to the day ("11 June 2024", "June 11",
    "2024-06-11"): each is a claim of type ``date``, verified when the contexts state the
    same date (see :mod:`veracity.numeric.dates`). Off by default: a date is then no claim
    (the ``date`` and ``year`` exclusions). Date claims are kept whatever ``claim_types``
    lists."""
    builtin_extraction: StrictBool = True
    table_scale: StrictBool = True

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

    @field_validator("extraction_patterns", mode="wrap")
    @classmethod
    def _shared_probe_budget(
        cls, v: Any, handler: ValidatorFunctionWrapHandler
    ) -> list[ExtractionPattern]:
        """The load-time probes of all the patterns share one budget
        (:func:`~veracity.numeric.user_patterns.shared_probe_budget`)."""
        with shared_probe_budget():
            patterns: list[ExtractionPattern] = handler(v)
        return patterns

    @field_validator("type_keywords")
    @classmethod
    def _type_keywords(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        for ctype, words in v.items():
            if not ctype.strip():
                raise ValueError("type_keywords has an empty claim type")
            _non_empty_words(words, f"type_keywords[{ctype!r}]")
        return v

    @model_validator(mode="after")
    def _known_claim_types(self) -> DomainConfig:
        if not self.claim_types:
            return self
        known = (
            set(BUILTIN_CLAIM_TYPES)
            | set(self.type_map.values())
            | set(self.type_keywords)
            | {p.claim_type for p in self.extraction_patterns}
        )
        unknown = sorted(set(self.claim_types) - known)
        if unknown:
            raise ValueError(
                f"claim_types: unknown claim type(s) {unknown} (no claim would have them); "
                f"known: {', '.join(sorted(known))}"
            )
        return self

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
        where = ".".join(str(p) for p in first.get("loc", ()))
        if isinstance(ctx_err, UnsafePatternError):
            raise UnsafePatternError(f"{where or 'config'}: {ctx_err}") from None
        message = str(ctx_err) if ctx_err is not None else first.get("msg", "invalid")
        if where:
            message = f"{where}: {message}"
        more = f" (and {err.error_count() - 1} more)" if err.error_count() > 1 else ""
        raise ConfigError(f"invalid config: {message}{more}") from None


def _parse_text_or_file(source: str | Path) -> Any:
    text: str
    kind: str
    if isinstance(source, str) and not source.strip():
        raise ConfigError("config is an empty string; expected JSON or TOML text or a file path")
    if isinstance(source, str) and source.lstrip().startswith(("{", "[")):
        text, kind = source, "json"
    elif isinstance(source, str) and ("\n" in source or "=" in source):
        text, kind = source, "toml"
    else:
        path = Path(source)
        try:
            if path.stat().st_size > MAX_CONFIG_BYTES:
                raise ConfigError(f"{path}: config file larger than {MAX_CONFIG_BYTES} bytes")
            text = path.read_text(encoding="utf-8-sig")  # a byte-order mark is no error
        except (OSError, UnicodeDecodeError, ValueError) as err:
            # ValueError: a path with a NUL byte
            raise ConfigError(f"cannot read config {str(path)!r}: {err}") from None
        kind = "toml" if path.suffix.lower() == ".toml" else "json"
    if len(text) > MAX_CONFIG_BYTES:
        raise ConfigError(f"config text larger than {MAX_CONFIG_BYTES} characters")
    try:
        if kind == "json":
            loaded: Any = json.loads(text, parse_constant=_reject_constant)
        else:
            loaded = tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as err:
        raise ConfigError(f"invalid {kind.upper()} config: {err}") from None
    except ValueError as err:
        if exceeds_int_digits(err):
            raise ConfigError(f"invalid {kind.upper()} config: {TOO_MANY_DIGITS}") from None
        raise ConfigError(f"invalid {kind.upper()} config: {err}") from None
    except RecursionError:
        raise ConfigError(f"invalid {kind.upper()} config: nested too deeply") from None
    field = lone_surrogate_at(loaded)
    if field is not None:
        raise ConfigError(
            f"invalid {kind.upper()} config: {field or 'the config'} {LONE_SURROGATE}"
        )
    return loaded


def _reject_constant(name: str) -> Any:
    raise ValueError(f"non-finite number {name} is not allowed")
