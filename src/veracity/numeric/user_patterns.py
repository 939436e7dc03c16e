r"""User extraction patterns: compiled safely, run within one shared time budget.

Patterns are compiled with the ``regex`` package. :func:`compile_pattern` rejects, with
:class:`UnsafePatternError`, a pattern that is invalid, longer than 2,000 characters,
has ``value_group`` out of range, or is slow on 1,000-character probes (fixed probes,
then each character of the pattern repeated and followed by a tail it does not match):
nested repetitions such as ``(a+)+$`` backtrack cubically or exponentially and take
more than a second there. Quadratic backtracking passes: SFS-style patterns such as
``(\d+)\s*(?:patients|subjects)`` try every start and length on a run of digits (at
most 0.054 s on a probe, 33 ms on 1 MB of prose) and are bounded at run time by the
shared budget. While a config loads, :func:`shared_probe_budget` makes the probes of
all its patterns share :data:`CONFIG_PROBE_BUDGET` seconds; at run time all the
patterns of a config share :data:`PATTERN_TIMEOUT` seconds (plus one per megabyte) on
one text (see :func:`veracity.numeric.extract.extract_claims`).
"""

from __future__ import annotations

import functools
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import regex

from veracity.errors import UnsafePatternError

__all__ = [
    "CONFIG_PROBE_BUDGET",
    "PATTERN_TIMEOUT",
    "PROBE_LENGTH",
    "compile_pattern",
    "shared_probe_budget",
]

PATTERN_TIMEOUT = 0.5
"""Seconds all the user patterns of a config may run on one text (plus one second per
megabyte): one budget shared by the patterns, not one each."""

PROBE_LENGTH = 1000
"""Characters of each load-time probe. Measured here: a quadratic pattern (SFS's own,
``(\\d+)\\s*(?:patients|subjects)``) takes at most 0.054 s on one probe; a cubic or
exponential one (``(a+)+$``, ``(\\$+)+q``, ``(b|bb)+c``) more than 1 s."""

_PROBES = (
    "1" * PROBE_LENGTH + "!",
    "a" * PROBE_LENGTH + "!",
    "1." * (PROBE_LENGTH // 2) + "!",
    " " * PROBE_LENGTH + "!",
    "1 " * (PROBE_LENGTH // 2) + "!",
)
_PROBE_BUDGET = 0.25
"""Seconds one probe may take (about 4.6 times the slowest quadratic probe)."""

_PATTERN_PROBE_BUDGET = 1.0
"""Seconds all the probes of one pattern may take together."""

CONFIG_PROBE_BUDGET = 2.0
"""Seconds the probes of all the patterns of one config may take together."""

_config_deadline: ContextVar[float | None] = ContextVar("_config_deadline", default=None)


_CHAR_PROBES = 64
"""Most pattern characters probed (the most frequent ones of the pattern)."""


def _probes(pattern: str) -> list[str]:
    """The fixed probes, then each character of ``pattern`` (the :data:`_CHAR_PROBES`
    most frequent) repeated :data:`PROBE_LENGTH` times and followed by a tail it does
    not match:
    ``(b|bb)+c`` backtracks on ``bbb...b!``."""
    counts = Counter(ch for ch in pattern if ch not in "1a ")
    chars = sorted(counts, key=lambda ch: -counts[ch])[:_CHAR_PROBES]  # stable: ties by position
    tails = (ch * PROBE_LENGTH + ("!" if ch != "!" else "\x00") for ch in chars)
    return [*_PROBES, *tails]


@functools.lru_cache(maxsize=256)
def compile_pattern(pattern: str, value_group: int = 1) -> Any:
    """Compile a user pattern with the ``regex`` engine after checking it is safe.

    Raises :class:`UnsafePatternError` for an invalid pattern, a ``value_group``
    outside ``0..groups``, or a pattern one of whose probes (see :func:`_probes`) takes
    more than 0.25 s, or all of them more than 1 s.
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
    deadline = time.monotonic() + _PATTERN_PROBE_BUDGET
    shared = _config_deadline.get()  # set while a DomainConfig checks its patterns
    if shared is not None:
        deadline = min(deadline, shared)
    for probe in _probes(pattern):
        start = time.monotonic()
        config_bound = shared is not None and shared < start + _PROBE_BUDGET
        try:
            left = min(deadline, start + _PROBE_BUDGET) - start
            if left <= 0:
                raise TimeoutError
            for _ in compiled.finditer(probe, timeout=left):
                pass
        except TimeoutError:
            if config_bound:
                raise UnsafePatternError(
                    f"the extraction patterns take more than {CONFIG_PROBE_BUDGET:g} s in all "
                    f"to check on {PROBE_LENGTH}-character inputs; stopped at pattern {pattern!r}"
                ) from None
            raise UnsafePatternError(
                f"pattern {pattern!r} is too slow on a {PROBE_LENGTH}-character input "
                "(catastrophic backtracking); simplify nested repetitions"
            ) from None
    return compiled


@contextmanager
def shared_probe_budget() -> Iterator[None]:
    """Inside, the load-time probes of every pattern compiled share
    :data:`CONFIG_PROBE_BUDGET` seconds (one config's patterns)."""
    token = _config_deadline.set(time.monotonic() + CONFIG_PROBE_BUDGET)
    try:
        yield
    finally:
        _config_deadline.reset(token)
