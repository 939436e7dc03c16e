"""The one exception tree of veracity.

Every error the library raises on purpose derives from :class:`VeracityError`, so a
caller can catch one class. Each subclass names what went wrong; ``InputError``
also carries where (file, line, field) so a CLI can print a one-line message.
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "InputError",
    "MetricError",
    "UnsafePatternError",
    "VeracityError",
]


class VeracityError(Exception):
    """Base class of every error raised by veracity on purpose."""


class InputError(VeracityError, ValueError):
    """Bad input data: names the source, the physical line, the field and the reason.

    ``str(err)`` is a one-line message such as
    ``answers.jsonl:12: field 'contexts': must not be empty``.
    """

    def __init__(
        self,
        reason: str,
        *,
        source: str | None = None,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        self.reason = reason
        self.source = source
        self.line = line
        self.field = field
        super().__init__(self.message)

    @property
    def message(self) -> str:
        where = ""
        if self.source is not None:
            where = self.source
            if self.line is not None:
                where += f":{self.line}"
        elif self.line is not None:
            where = f"line {self.line}"
        what = f"field '{self.field}': " if self.field else ""
        return f"{where}: {what}{self.reason}" if where else f"{what}{self.reason}"

    def to_dict(self) -> dict[str, object]:
        """JSON form used in reports (the ``skipped`` list) and HTTP error bodies."""
        return {
            "source": self.source,
            "line": self.line,
            "field": self.field,
            "reason": self.reason,
            "message": self.message,
        }


class ConfigError(VeracityError, ValueError):
    """Invalid configuration: unknown metric or preset, bad gate, bad option value."""


class UnsafePatternError(ConfigError):
    """A user-supplied regular expression is invalid or unsafe to run."""


class MetricError(VeracityError):
    """A metric could not run on valid input (a bug or a failed optional backend)."""
