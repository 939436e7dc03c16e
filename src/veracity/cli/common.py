"""Helpers shared by the command modules: error output, exit codes, output files.

User text (paths, answers, messages) is printed without rich markup, so a path like
``x[red]y.jsonl`` appears as written.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn, TextIO

import typer

from veracity.errors import VeracityError

__all__ = [
    "EXIT_GATE_FAILED",
    "EXIT_OK",
    "EXIT_USAGE",
    "fail",
    "progress_reporter",
    "user_errors",
    "write_output",
]

EXIT_OK = 0
EXIT_GATE_FAILED = 1
EXIT_USAGE = 2


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print ``error: message`` on one line to stderr and exit with ``code``."""
    sys.stderr.write(f"error: {' '.join(message.split())}\n")
    raise typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn :class:`VeracityError` (and file-system errors) into a one-line exit 2."""
    try:
        yield
    except VeracityError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": "))


def write_output(text: str, output: Path | None, stream: TextIO | None = None) -> None:
    """Write ``text`` to ``output`` (UTF-8) or to stdout."""
    if output is None:
        out = stream or sys.stdout
        out.write(text)
        if text and not text.endswith("\n"):
            out.write("\n")
        out.flush()
        return
    output.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")


@contextmanager
def progress_reporter(
    description: str, total: int | None, *, enabled: bool
) -> Iterator[Callable[[int], None]]:
    """A rich progress bar on stderr, or a no-op when disabled or stderr is no terminal.

    Yields ``advance(n)``."""
    if not enabled or not sys.stderr.isatty():
        yield lambda n: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = Console(stderr=True, markup=False, highlight=False)
    with Progress(
        TextColumn("{task.description}", markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task(description, total=total)
        yield lambda n: progress.advance(task, n)
