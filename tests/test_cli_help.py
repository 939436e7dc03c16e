"""Every command is documented: a help text, and a help line for every option
(the sqlite-utils habit), and `--help` works for each of them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import typer
from typer.testing import CliRunner

from veracity.cli.main import app


def walk(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    yield path, command
    if hasattr(command, "commands"):  # a group (typer vendors click: duck-type it)
        for name, sub in command.commands.items():
            yield from walk(sub, (*path, name))


def test_every_command_and_option_is_documented() -> None:
    root = typer.main.get_command(app)
    problems = []
    commands = list(walk(root))
    assert len(commands) >= 18
    for path, command in commands:
        name = " ".join(("veracity", *path))
        if not (command.help or "").strip():
            problems.append(f"{name}: no help text")
        for param in command.params:
            kind = param.param_type_name
            if kind == "option" and not (param.help or "").strip():
                problems.append(f"{name} {param.opts[0]}: no help")
            if kind == "argument" and not (getattr(param, "help", "") or "").strip():
                problems.append(f"{name} {param.name}: argument without help")
    assert problems == []


def test_help_runs_for_every_command() -> None:
    runner = CliRunner()
    for path, _ in walk(typer.main.get_command(app)):
        result = runner.invoke(app, [*path, "--help"])
        assert result.exit_code == 0, path
        assert "Usage:" in result.stdout
