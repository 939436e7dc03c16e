"""``python -m veracity``: the same as the ``veracity`` command."""

from __future__ import annotations

from veracity.cli.main import main

__all__: list[str] = []

if __name__ == "__main__":
    main()
