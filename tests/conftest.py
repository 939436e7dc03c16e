"""Suite-wide test settings.

Property-based tests (hypothesis, schemathesis) run derandomized: the same examples on
every run and machine, so a CI result is reproducible; no example database is written
into the working tree."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("veracity", derandomize=True, database=None, print_blob=True)
settings.load_profile("veracity")
