"""pytest plugin entry point (filled by the reports work)."""

from __future__ import annotations

__all__: list[str] = []
