"""Reading samples: streaming JSONL, JSON arrays and CSV, one sample at a time.

:func:`read_samples` yields :class:`~veracity.samples.Sample` objects in file order
and holds one record in memory at a time (a JSON array is decoded incrementally).
The format comes from the extension (``.jsonl``/``.ndjson``, ``.json``, ``.csv``);
any other extension is sniffed (``[`` first = JSON array, else JSONL). A ``.json``
file that does not start with ``[`` is read as JSONL (one object per line).

Rules, each documented for users:

* a UTF-8 byte-order mark is accepted; other non-UTF-8 bytes are an error on that line;
* ``NaN`` and ``Infinity`` are not JSON and are rejected like any invalid JSON;
* blank lines in JSONL are ignored;
* in CSV, list and object fields (``contexts``, ``retrieved``, ``golden_documents``,
  ``evidence``, ``metadata``) hold JSON text; empty cells count as absent; the
  delimiter is ``,``, or ``;`` / tab when the header line has no comma;
* a sample without ``id`` gets a content-derived id; a repeated generated id gets
  ``#2``, ``#3``... appended, a repeated explicit id is an error.

Every problem raises :class:`~veracity.errors.InputError` naming the file, the
physical line, the field and the reason. With ``skip_errors=True`` the bad record is
passed to ``on_skip`` (when given) and reading goes on with the next one; file-level
problems (missing file, directory, empty file) always raise.
"""

from __future__ import annotations

import codecs
import csv
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from veracity.errors import InputError
from veracity.samples import Sample
from veracity.validation_errors import field_of, problem_of

__all__ = [
    "LONE_SURROGATE",
    "TOO_MANY_DIGITS",
    "exceeds_int_digits",
    "lone_surrogate_at",
    "lone_surrogate_parts",
    "read_samples",
    "sample_from_dict",
]

_JSON_FIELDS = (
    "contexts",
    "context",
    "retrieved",
    "golden_documents",
    "relevant",
    "evidence",
    "metadata",
)
_CHUNK = 1 << 16


def read_samples(
    path: str | Path,
    *,
    skip_errors: bool = False,
    on_skip: Callable[[InputError], None] | None = None,
) -> Iterator[Sample]:
    """Yield the samples of ``path`` one by one (JSONL, JSON array or CSV)."""
    p = Path(path)
    source = str(path)
    if not p.exists():
        raise InputError("no such file", source=source)
    if p.is_dir():
        raise InputError("is a directory, expected a JSONL, JSON or CSV file", source=source)
    fmt = _detect_format(p, source)
    if fmt == "csv":
        records = _csv_records(p, source)
    elif fmt == "array":
        records = _array_records(p, source)
    else:
        records = _jsonl_records(p, source)
    ids: dict[str, int] = {}
    count = 0
    for item in records:
        count += 1
        try:
            if isinstance(item, InputError):
                raise item
            line, obj = item
            sample = sample_from_dict(obj, source=source, line=line)
            sample = _unique_id(sample, obj, ids, source, line)
        except InputError as err:
            if not skip_errors:
                raise
            if on_skip is not None:
                on_skip(err)
            continue
        yield sample
    if count == 0:
        raise InputError("file holds no samples", source=source)


def sample_from_dict(obj: Any, *, source: str | None = None, line: int | None = None) -> Sample:
    """Validate one decoded record into a :class:`Sample` or raise :class:`InputError`."""
    if not isinstance(obj, dict):
        kind = type(obj).__name__ if not isinstance(obj, list) else "array"
        raise InputError(f"expected a JSON object, got {kind}", source=source, line=line)
    try:
        return Sample.model_validate(obj)
    except ValidationError as exc:
        raise _from_validation(exc, source, line) from None


def _from_validation(exc: ValidationError, source: str | None, line: int | None) -> InputError:
    errors = exc.errors(include_url=False)
    first = errors[0]
    loc = field_of(first["loc"])
    msg = problem_of(first)
    also = [f"field '{field_of(e['loc'])}': {problem_of(e)}" for e in errors[1:4]]
    if also:  # every problem of the record is named, not only the first (up to four)
        more = len(errors) - 1 - len(also)
        msg += "; also " + "; ".join(also) + (f"; and {more} more" if more else "")
    return InputError(msg, source=source, line=line, field=loc)


def _unique_id(
    sample: Sample, obj: dict[str, Any], ids: dict[str, int], source: str, line: int
) -> Sample:
    sid = sample.id
    if sid not in ids:
        ids[sid] = line
        return sample
    if obj.get("id"):
        raise InputError(
            f"duplicate id {sid!r} (first on line {ids[sid]})", source=source, line=line, field="id"
        )
    n = 2
    while f"{sid}#{n}" in ids:
        n += 1
    new_id = f"{sid}#{n}"
    ids[new_id] = line
    return sample.model_copy(update={"id": new_id})


_COMPRESSED = {b"\x1f\x8b": "gzip", b"BZh": "bzip2", b"\xfd7zXZ": "xz", b"PK\x03\x04": "zip"}
"""The magic bytes of compressed files, which are refused by name, not as bad UTF-8."""


def _detect_format(p: Path, source: str) -> str:
    with p.open("rb") as fh:
        head = fh.read(4096)
    for magic, kind in _COMPRESSED.items():
        if head.startswith(magic):
            how = f": gunzip -c {p.name} | veracity eval -" if kind == "gzip" else ""
            raise InputError(f"{kind}-compressed data; decompress it first{how}", source=source)
    suffix = p.suffix.lower()
    if suffix == ".csv":
        return "csv"
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    if not head.strip():
        raise InputError("file is empty", source=source)
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    return "array" if text.startswith(b"[") else "jsonl"


Record = tuple[int, Any] | InputError


class _NonFinite(ValueError):
    """NaN / Infinity in the input (Python's json accepts them; JSON does not)."""


def _reject_constant(name: str) -> Any:
    raise _NonFinite(f"invalid JSON: {name} is not a JSON number (numbers must be finite)")


def _loads(text: str) -> Any:
    """``json.loads`` that rejects NaN and Infinity (Python accepts them; JSON does not)."""
    return json.loads(text, parse_constant=_reject_constant)


LONE_SURROGATE = "holds a lone surrogate escape (such as \\ud800), not a Unicode character"
"""What every reader says of a string :func:`lone_surrogate_at` finds, after its field."""
TOO_MANY_DIGITS = "an integer of more than 4,300 digits"
"""What every JSON reader says of an integer beyond Python's conversion limit."""
_BIG_INT = f"invalid JSON: {TOO_MANY_DIGITS}"


def exceeds_int_digits(err: ValueError) -> bool:
    """Whether ``err`` is Python's refusal to convert an integer of too many digits
    ("Exceeds the limit (4300 digits) for integer string conversion ...")."""
    return "integer string conversion" in str(err)


def lone_surrogate_parts(obj: Any) -> tuple[str | int, ...] | None:
    """The path, as keys and indexes, of the first string (or key) of ``obj`` holding a
    lone surrogate (JSON's ``"\\ud800"``: no Unicode character, so it cannot be written
    out as UTF-8), in document order, a key before its value; ``()`` for ``obj`` itself;
    None when there is none. Iterative: any depth is safe."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(obj, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return path
        elif isinstance(value, dict):
            for key, child in reversed(list(value.items())):
                stack.append((child, (*path, key)))
                stack.append((key, (*path, key)))  # popped first: the key, then its value
        elif isinstance(value, list):
            stack.extend((child, (*path, i)) for i, child in reversed(list(enumerate(value))))
    return None


def lone_surrogate_at(obj: Any, path: str = "") -> str | None:
    """The field path (``"answer"``, ``"contexts.0"``, ``"metadata.k"``) of the first
    string holding a lone surrogate (see :func:`lone_surrogate_parts`), ``path`` (``""``)
    for the object itself, or None."""
    parts = lone_surrogate_parts(obj)
    if parts is None:
        return None
    names = [str(p) for p in parts]
    return ".".join([path, *names] if path else names)


def _surrogate_error(text: str, obj: Any, source: str, line: int) -> InputError | None:
    """An error naming the field with a lone surrogate, when ``text`` may hold one."""
    if "\\ud" not in text and "\\uD" not in text:
        return None  # a lone surrogate reaches a decoded file only through an escape
    field = lone_surrogate_at(obj)
    if field is None:
        return None
    return InputError(
        LONE_SURROGATE,
        source=source,
        line=line,
        field=field or None,
    )


def _decode_line(raw: bytes, source: str, lineno: int) -> str | InputError:
    if lineno == 1:
        raw = raw.removeprefix(b"\xef\xbb\xbf")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return InputError(
            f"invalid UTF-8 byte at column {exc.start + 1}", source=source, line=lineno
        )


def _jsonl_records(p: Path, source: str) -> Iterator[Record]:
    with p.open("rb") as fh:
        for lineno, raw in enumerate(fh, start=1):
            text = _decode_line(raw, source, lineno)
            if isinstance(text, InputError):
                yield text
                continue
            if not text.strip():
                continue
            try:
                obj = _loads(text)
            except json.JSONDecodeError as exc:
                yield InputError(
                    f"invalid JSON: {exc.msg} (column {exc.colno})", source=source, line=lineno
                )
            except _NonFinite as exc:
                yield InputError(str(exc), source=source, line=lineno)
            except RecursionError:
                yield InputError("invalid JSON: nested too deeply", source=source, line=lineno)
            except ValueError:  # Python's limit on int digits ("Exceeds the limit (4300...")
                yield InputError(_BIG_INT, source=source, line=lineno)
            else:
                yield _surrogate_error(text, obj, source, lineno) or (lineno, obj)


def _array_records(p: Path, source: str) -> Iterator[Record]:
    """Decode a top-level JSON array element by element from a growing buffer, so
    memory holds one element (plus a read chunk) at a time; physical lines are
    tracked by counting the newlines consumed."""
    decoder = json.JSONDecoder(parse_constant=_reject_constant)
    utf8 = codecs.getincrementaldecoder("utf-8")()
    with p.open("rb") as fh:
        buf = ""
        line = 1
        eof = False

        def fill() -> bool:
            nonlocal buf, eof
            if eof:
                return False
            chunk = fh.read(_CHUNK)
            if not chunk:
                eof = True
                try:
                    buf += utf8.decode(b"", final=True)
                except UnicodeDecodeError:
                    raise InputError(
                        "invalid UTF-8 byte", source=source, line=line + buf.count("\n")
                    ) from None
                return False
            try:
                buf += utf8.decode(chunk)
            except UnicodeDecodeError:
                raise InputError(
                    "invalid UTF-8 byte", source=source, line=line + buf.count("\n")
                ) from None
            return True

        def skip_ws() -> str:
            """Drop leading white space (counting lines); return the next char or ''."""
            nonlocal buf, line
            while True:
                stripped = buf.lstrip(" \t\r\n")
                line += buf.count("\n", 0, len(buf) - len(stripped))
                buf = stripped
                if buf or not fill():
                    return buf[:1]

        fill()
        buf = buf.removeprefix("\ufeff")
        if skip_ws() != "[":
            raise InputError("expected a JSON array", source=source, line=line)
        buf = buf[1:]
        if skip_ws() == "]":
            buf = buf[1:]
        else:
            while True:
                if not skip_ws():
                    raise InputError("invalid JSON: unterminated array", source=source, line=line)
                while True:
                    try:
                        obj, end = decoder.raw_decode(buf)
                        break
                    except json.JSONDecodeError as exc:
                        if fill():  # maybe only truncated: read more and retry
                            continue
                        raise InputError(
                            f"invalid JSON: {exc.msg}", source=source, line=line + exc.lineno - 1
                        ) from None
                    except _NonFinite as exc:
                        raise InputError(str(exc), source=source, line=line) from None
                    except ValueError:  # more digits than Python converts
                        raise InputError(_BIG_INT, source=source, line=line) from None
                yield _surrogate_error(buf[:end], obj, source, line) or (line, obj)
                line += buf.count("\n", 0, end)
                buf = buf[end:]
                nxt = skip_ws()
                if nxt == ",":
                    buf = buf[1:]
                    continue
                if nxt == "]":
                    buf = buf[1:]
                    break
                if not nxt:
                    raise InputError(
                        "invalid JSON: unterminated array (missing ']')", source=source, line=line
                    )
                raise InputError(
                    "invalid JSON: expected ',' or ']' after an element", source=source, line=line
                )
        if skip_ws():
            raise InputError("invalid JSON: extra data after the array", source=source, line=line)


def _csv_records(p: Path, source: str) -> Iterator[Record]:
    with p.open("r", encoding="utf-8-sig", newline="") as fh:
        try:
            header = fh.readline()
        except UnicodeDecodeError:
            raise InputError("invalid UTF-8 byte", source=source, line=1) from None
        fh.seek(0)
        reader = csv.DictReader(fh, delimiter=_delimiter(header))
        prev_line = 1
        try:
            if not reader.fieldnames:
                raise InputError("file is empty", source=source)
            for row in reader:
                lineno = prev_line + 1
                prev_line = reader.line_num
                yield _csv_row(row, source, lineno)
        except UnicodeDecodeError:
            raise InputError(
                "invalid UTF-8 byte", source=source, line=reader.line_num + 1
            ) from None
        except csv.Error as exc:
            raise InputError(f"invalid CSV: {exc}", source=source, line=reader.line_num) from None


def _delimiter(header: str) -> str:
    """``,`` unless the header line has no comma but semicolons or tabs."""
    if "," in header:
        return ","
    return max((";", "\t"), key=header.count) if (";" in header or "\t" in header) else ","


def _csv_row(row: dict[str | Any, str | Any], source: str, lineno: int) -> Record:
    obj: dict[str, Any] = {}
    for key, value in row.items():
        if key is None:
            return InputError("more cells than header columns", source=source, line=lineno)
        if value is None or value == "":
            continue
        if key in _JSON_FIELDS:
            try:
                obj[key] = _loads(value)
            except json.JSONDecodeError as exc:
                return InputError(
                    f"cell is not valid JSON: {exc.msg} (a list is written like "
                    '["first", "second"])',
                    source=source,
                    line=lineno,
                    field=key,
                )
            except _NonFinite as exc:
                return InputError(str(exc), source=source, line=lineno, field=key)
        else:
            obj[key] = value
    return lineno, obj
