"""The ``veracity`` command: mounts every command module on one typer app.

Each command module holds one command or command group and is imported here only to
be mounted; modules import their heavy dependencies inside their commands, so
``veracity --help`` stays fast. A module that is missing from an installation (for
example a server extra) is simply not mounted.
"""

from __future__ import annotations

import importlib

import typer

from veracity import __version__

__all__ = ["app", "main"]

app = typer.Typer(
    name="veracity",
    help=(
        "Evaluate RAG systems against their evidence, deterministic first.\n\n"
        "Scores retrieval (precision, recall, hit, MRR, nDCG, MAP, R-precision), answer "
        "faithfulness (claim by claim, with reasons), numeric claims (numbers checked against "
        "evidence within tolerance) and governance (abstain / disputed / trustworthy).\n\n"
        "Exit codes: 0 all gates pass; 1 a gate failed; 2 bad usage or bad input."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

# (module, attribute, group name or None for modules that register plain commands)
_MOUNTS: list[tuple[str, str, str | None, str]] = [
    ("veracity.cli.eval_cmd", "register", None, ""),
    ("veracity.cli.numbers", "app", "numbers", "Extract numeric claims and verify them (SFS)."),
    ("veracity.cli.gov", "app", "gov", "Governance benchmark: abstain / disputed / trustworthy."),
    ("veracity.cli.render_cmd", "register", None, ""),
    ("veracity.cli.compare", "register", None, ""),
    ("veracity.cli.serve", "register", None, ""),
    ("veracity.cli.mcp", "register", None, ""),
]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"veracity {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Evaluate RAG systems against their evidence."""


def _mount() -> None:
    for module_name, attr, group, help_text in _MOUNTS:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                continue
            raise
        target = getattr(module, attr)
        if group is None:
            target(app)
        else:
            app.add_typer(target, name=group, help=help_text)


_mount()


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":  # python -m veracity.cli.main
    main()
