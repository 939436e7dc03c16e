"""Pausing the cyclic garbage collector while a large text is read.

Reading a megabyte of dense numbers builds hundreds of thousands of small objects
(quantities, claims). None of them forms a reference cycle, yet each allocation
burst triggers CPython's generational collector, whose full passes re-scan every
live object: on such inputs the collector took about half the time. Texts of at
least :data:`PAUSE_MIN_CHARS` characters are therefore read with the collector
paused; it is re-enabled afterwards (only if it was enabled before), and nothing
is collected that would not have been collected anyway (reference counting still
frees every acyclic object at once).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

__all__ = ["PAUSE_MIN_CHARS", "gc_paused"]

PAUSE_MIN_CHARS = 100_000
"""Shorter texts are read with the collector left as it is."""


@contextlib.contextmanager
def gc_paused(size: int) -> Iterator[None]:
    """Pause the cyclic collector for a text of ``size`` characters (when large)."""
    if size < PAUSE_MIN_CHARS or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
