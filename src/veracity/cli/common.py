"""Helpers shared by the command modules: error output, exit codes, output files.

User text (paths, answers, messages) is printed without rich markup, so a path like
``x[red]y.jsonl`` appears as written.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import NoReturn, TextIO

import typer

from veracity.errors import VeracityError

__all__ = [
    "EXIT_BROKEN_PIPE",
    "EXIT_GATE_FAILED",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_TERMINATED",
    "EXIT_USAGE",
    "atomic_file",
    "fail",
    "progress_reporter",
    "terminate_as_interrupt",
    "user_errors",
    "write_output",
]

EXIT_OK = 0
EXIT_GATE_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
"""128 + SIGINT: stopped by Ctrl-C."""
EXIT_TERMINATED = 143
"""128 + SIGTERM: stopped by ``kill``, a CI timeout or ``docker stop``."""
EXIT_BROKEN_PIPE = 141
"""128 + SIGPIPE: the reader of standard output went away (``| head``)."""


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
    except BrokenPipeError:
        # "veracity eval ... | head": the reader has what it wanted; say nothing more
        # (stdout now goes nowhere, so the interpreter's final flush cannot fail either)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise typer.Exit(EXIT_BROKEN_PIPE) from None
    except OSError as exc:
        fail(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": "))
    except MemoryError:
        fail("out of memory: the input is too large for this machine's memory")


@contextmanager
def atomic_file(path: Path) -> Iterator[TextIO]:
    """Open ``path`` for writing (UTF-8) through a temporary file beside it, renamed over
    ``path`` only when the block ends without error: an interrupted or failed write
    leaves the earlier file, or none, never half a report. A path that exists and is not
    a regular file (``/dev/stdout``, a pipe) is written directly."""
    if path.exists() and not path.is_file():
        with path.open("w", encoding="utf-8") as fh:
            yield fh
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        try:
            fh = tmp.open("w", encoding="utf-8")
        except OSError as exc:  # name the file asked for, not the temporary one
            raise OSError(exc.errno, exc.strerror, str(path)) from None
        with fh:
            yield fh
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM stops the work as Ctrl-C does (the same cleanup and the
    same one line) but the command exits with :data:`EXIT_TERMINATED`, not
    :data:`EXIT_INTERRUPTED`. Only in the main thread (where signals arrive)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    terminated = False

    def on_term(signum: int, frame: FrameType | None) -> None:
        nonlocal terminated
        terminated = True
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, on_term)
    try:
        yield
    except KeyboardInterrupt:
        if terminated:
            raise typer.Exit(EXIT_TERMINATED) from None
        raise
    except typer.Exit as exc:
        if terminated and exc.exit_code == EXIT_INTERRUPTED:
            raise typer.Exit(EXIT_TERMINATED) from None
        raise
    finally:
        signal.signal(signal.SIGTERM, before)


def write_output(text: str, output: Path | None, stream: TextIO | None = None) -> None:
    """Write ``text`` to ``output`` (UTF-8, see :func:`atomic_file`) or to stdout."""
    if output is None:
        out = stream or sys.stdout
        out.write(text)
        if text and not text.endswith("\n"):
            out.write("\n")
        out.flush()
        return
    with atomic_file(output) as fh:
        fh.write(text if text.endswith("\n") else text + "\n")


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
