"""The ``veracity`` command line: a thin typer shell over the library."""

__all__: list[str] = []
