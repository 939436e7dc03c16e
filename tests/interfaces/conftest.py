"""Fixtures of the interface tests."""

from __future__ import annotations

import pytest
from interfaces_support import free_port


@pytest.fixture
def port() -> int:
    """A free TCP port on 127.0.0.1."""
    return free_port()
