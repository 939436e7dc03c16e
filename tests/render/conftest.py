"""Fixtures of the renderer tests."""

from __future__ import annotations

import pytest
from render_samples import build_report

from veracity.report import Report


@pytest.fixture
def report() -> Report:
    return build_report()
