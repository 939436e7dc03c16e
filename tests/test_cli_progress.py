"""The progress bar: shown on a terminal's stderr, absent otherwise or when disabled."""

from __future__ import annotations

import io
import sys

import pytest

from veracity.cli.common import progress_reporter


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    with progress_reporter("scoring x[red]y.jsonl", 4, enabled=True) as advance:
        for _ in range(4):
            advance(1)
    text = err.getvalue()
    assert "scoring x[red]y.jsonl" in text  # no markup interpretation
    assert "4/4" in text


def test_no_progress_when_not_a_terminal_or_disabled(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = io.StringIO()
    monkeypatch.setattr(sys, "stderr", plain)
    with progress_reporter("scoring", 2, enabled=True) as advance:
        advance(2)
    assert plain.getvalue() == ""
    term = Terminal()
    monkeypatch.setattr(sys, "stderr", term)
    with progress_reporter("scoring", 2, enabled=False) as advance:
        advance(2)
    assert term.getvalue() == ""
