"""``veracity serve``: run the HTTP service (FastAPI + uvicorn; extra ``[server]``).

FastAPI and uvicorn are imported inside the command, so ``veracity --help`` works
without the extra; when they are missing the command prints the install line.
API keys come from ``VERACITY_API_KEYS`` (never from the command line, where they
would show in the process list); limits from the options or ``VERACITY_MAX_*``.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from veracity.cli.common import fail, user_errors
from veracity.errors import ConfigError

__all__ = ["LOG_LEVELS", "SERVER_HINT", "register"]

LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")
"""uvicorn's log levels, as ``--log-level`` takes them (any letter case)."""

SERVER_HINT = "the HTTP service needs FastAPI and uvicorn: pip install 'veracity[server]'"


def serve(
    host: Annotated[str, typer.Option(help="Interface to bind; 0.0.0.0 exposes the service.")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="TCP port.", min=1, max=65535)] = 8000,
    max_body_bytes: Annotated[
        int | None, typer.Option(help="Largest request body (413 above). [default: 2 MiB]", min=1)
    ] = None,
    max_samples: Annotated[
        int | None, typer.Option(help="Samples per /evaluate request. [default: 1000]", min=1)
    ] = None,
    max_text_chars: Annotated[
        int | None, typer.Option(help="Characters in one text field. [default: 100000]", min=1)
    ] = None,
    max_items: Annotated[
        int | None, typer.Option(help="Items in one list field. [default: 1000]", min=1)
    ] = None,
    cors_origin: Annotated[
        list[str] | None,
        typer.Option(
            metavar="URL",
            help="Allow this browser origin (repeatable). CORS is off by default.",
        ),
    ] = None,
    log_level: Annotated[
        str,
        typer.Option(
            help=(
                "uvicorn log level: critical, error, warning, info (one line per request) "
                "or debug, trace; any letter case."
            )
        ),
    ] = "info",
) -> None:
    """Serve the HTTP API: /health, /evaluate, /numbers/*, /presets, /governance/*.

    Set VERACITY_API_KEYS="key1,key2" to require `Authorization: Bearer KEY`.
    OpenAPI docs at /docs."""
    try:
        import uvicorn

        from veracity.server.http import create_app
    except ImportError:
        fail(SERVER_HINT)
    from veracity.server.settings import ServiceSettings

    with user_errors():
        if log_level.lower() not in LOG_LEVELS:
            raise ConfigError(
                f"unknown --log-level {log_level!r}; choose from {', '.join(LOG_LEVELS)}"
            )
        settings = ServiceSettings.from_env(
            max_body_bytes=max_body_bytes,
            max_samples=max_samples,
            max_text_chars=max_text_chars,
            max_items=max_items,
            cors_origins=tuple(cors_origin) if cors_origin else None,
        )
        app = create_app(settings)
    auth = "API key required" if settings.auth_enabled else "no API key"
    sys.stderr.write(f"veracity serve: http://{host}:{port} ({auth}; docs at /docs)\n")
    uvicorn.run(app, host=host, port=port, log_level=log_level.lower())


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to the root app."""
    app.command("serve")(serve)
