"""System responses to governance cases, and the JSONL run/response file.

A response file has one JSON object per line: ``{"id": ..., "answer": ..., "mode": ...}``
(``mode`` optional; ``error``, ``latency_s`` and ``raw`` are written by runners).
:func:`append_response` writes one line and flushes it, so an interrupted run loses
nothing; :func:`read_responses` reads such a file back, reporting the file and line
of any bad record. When an id appears twice, the last line wins (a resumed run may
retry a case).
"""

from __future__ import annotations

import json
import math
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from veracity.errors import InputError

__all__ = ["GovResponse", "append_response", "read_responses"]

_APPEND_LOCK = threading.Lock()


@dataclass(frozen=True)
class GovResponse:
    """A system's answer to one case: text, mode (either may be missing), error, timing."""

    id: str
    answer: str | None
    mode: str | None = None
    error: str | None = None
    latency_s: float | None = None
    raw: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON object; optional keys with no value are left out."""
        out: dict[str, Any] = {"id": self.id, "answer": self.answer, "mode": self.mode}
        if self.error is not None:
            out["error"] = self.error
        if self.latency_s is not None:
            out["latency_s"] = self.latency_s
        if self.raw is not None:
            out["raw"] = self.raw
        return out

    @classmethod
    def from_dict(
        cls, data: object, *, source: str | None = None, line: int | None = None
    ) -> GovResponse:
        """Validate one record; raises :class:`InputError` naming the field on bad data."""
        if not isinstance(data, dict):
            raise InputError("a response must be a JSON object", source=source, line=line)
        rid = data.get("id")
        if isinstance(rid, int) and not isinstance(rid, bool):
            rid = str(rid)
        if not isinstance(rid, str) or not rid:
            raise InputError("must be a non-empty string", source=source, line=line, field="id")
        values: dict[str, Any] = {}
        for name in ("answer", "mode", "error"):
            value = data.get(name)
            if value is not None and not isinstance(value, str):
                raise InputError(
                    f"must be a string or null, got {type(value).__name__}",
                    source=source,
                    line=line,
                    field=name,
                )
            values[name] = value
        latency = data.get("latency_s")
        if latency is not None and (
            isinstance(latency, bool)
            or not isinstance(latency, (int, float))
            or not math.isfinite(latency)
            or latency < 0
        ):
            raise InputError(
                "must be a finite number of seconds >= 0",
                source=source,
                line=line,
                field="latency_s",
            )
        raw = data.get("raw")
        if raw is not None and not isinstance(raw, dict):
            raise InputError("must be an object", source=source, line=line, field="raw")
        return cls(
            id=rid,
            answer=values["answer"],
            mode=values["mode"],
            error=values["error"],
            latency_s=float(latency) if latency is not None else None,
            raw=raw,
        )


def read_responses(
    path: str | Path, *, replaced: list[tuple[str, int]] | None = None
) -> list[GovResponse]:
    """Read a JSONL responses file (``id, answer, mode?``); the last line per id wins
    (a resumed run appends a case it ran again).

    Blank lines are skipped. A truncated final line (an interrupted write) is ignored;
    any other bad line raises :class:`InputError` with the file and line number. When
    ``replaced`` is given, each id whose later line gives another answer or mode is
    added to it with that line's number, so that a caller can say so.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such file", source=str(p)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read: {exc}", source=str(p)) from None
    lines = text.split("\n")
    by_id: dict[str, GovResponse] = {}
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            is_last = all(not rest.strip() for rest in lines[lineno:])
            if is_last and not text.endswith("\n"):
                break  # a partial last line from an interrupted run
            raise InputError(f"invalid JSON: {exc.msg}", source=str(p), line=lineno) from None
        resp = GovResponse.from_dict(data, source=str(p), line=lineno)
        earlier = by_id.pop(resp.id, None)
        if (
            replaced is not None
            and earlier is not None
            and (earlier.answer, earlier.mode) != (resp.answer, resp.mode)
        ):
            replaced.append((resp.id, lineno))
        by_id[resp.id] = resp
    return list(by_id.values())


def append_response(path: str | Path, response: GovResponse) -> None:
    """Append one response as a JSON line and flush it (thread-safe).

    A partial last line left by an interrupted write is removed first, so the file
    stays valid JSONL; that case is simply run again on resume.
    """
    line = json.dumps(response.to_dict(), ensure_ascii=False, allow_nan=False)
    p = Path(path)
    with _APPEND_LOCK:
        if p.exists() and p.stat().st_size > 0:
            with p.open("r+b") as fh:
                fh.seek(-1, 2)
                if fh.read(1) != b"\n":
                    # drop a partial last record (an interrupted write); it was never read
                    fh.seek(0)
                    data = fh.read()
                    fh.truncate(data.rfind(b"\n") + 1)
        with p.open("a", encoding="utf-8") as fh:
            fh.write(line + "\n")
            fh.flush()
