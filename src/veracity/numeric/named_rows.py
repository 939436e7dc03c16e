"""A claim whose words name one table row must not take its value from another row.

"Jenna Collard of Canada finished in 1:54.37" against

    Rank | Skater | Nation | Time
    3 | Kristyna Bartosova | CZE | 1:54.37
    4 | Jenna Collard | CAN | 1:55.10

1:54.37 is in the table, but the claim names the row "Jenna Collard". Rule (``other_row``,
applied after every claim has been verified on its own): a verified claim matched to a
cell of a ``|`` or tab table fails when the part of its answer sentence between strong
cuts (see :func:`veracity.numeric.companions.segment_bounds`) writes out the name of
another row of that table (a cell's text from its first letter, or the words it starts
with: "Triumph TR4A", "Viola" of 'Viola 16"'; with a word of four letters or more;
matched as whole words, any case) and nothing of the matched row: neither one of its
names nor a word of four letters or more from one ("Kestrels" for "Harrowgate
Kestrels"). Rows are read from the line after the table's header line. Only values
read off one cell count (``within_tolerance``, ``rounding``); a named row that states the
same value as written, and names such as "Total" that sentences use as plain words, do
not fail a claim.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from veracity.numeric.companions import segment_bounds
from veracity.numeric.evidence import describe
from veracity.numeric.models import ClaimVerification
from veracity.numeric.textindex import TableCell, TextIndex

__all__ = ["check_named_rows"]

_MAX_ROWS = 200
"""Tables with more rows are not read (the check is per claim and per row)."""
_NAME = re.compile(r"[A-Za-z][^|\t\n]*")
"""A cell's name: its text from its first letter ("Triumph TR4A" of "1966 Triumph TR4A")."""
_LEAD = re.compile(r"[A-Za-z][A-Za-z&'’. -]*[A-Za-z]")
"""A name's leading words ("Viola" of 'Viola 16"'): a name too."""
_WORDS = re.compile(r"[A-Za-z]{4,}")

_DIRECT = frozenset({"within_tolerance", "rounding"})
"""Verdicts read off one evidence value (not derived from several)."""
_GENERIC = frozenset({"total", "overall", "all", "average", "other", "others", "mean", "median"})
"""Row names that sentences use as plain words ("£3,192 in total")."""

_Rows = dict[int, tuple[list[str], set[str]]]
"""Row line start -> (its names in lower case, their words of four letters or more)."""


def check_named_rows(verdicts: Sequence[ClaimVerification]) -> list[ClaimVerification]:
    """Fail (``other_row``) each verified claim matched in a table row that its segment of
    the answer does not name while it names another row of the same table."""
    out = list(verdicts)
    tables: dict[tuple[int, int], _Rows] = {}
    for i, v in enumerate(verdicts):
        ev, claim = v.matched, v.claim
        if v.rule not in _DIRECT or ev is None or ev.index is None or ev.span is None:
            continue
        if claim.index is None or claim.span is None:
            continue
        row = ev.index.table_cell(ev.span[0])
        if row is None or row.head is None or row.head == row.start:
            continue
        key = (id(ev.index), row.head)
        rows = tables.get(key)
        if rows is None:
            rows = tables[key] = _rows(ev.index, row)
        if row.start not in rows:
            continue
        a, b = segment_bounds(claim.index, claim.span[0])
        segment = claim.index.text[a:b].lower()
        names, words = rows[row.start]
        said = set(_WORDS.findall(segment))
        if words & said or any(_named(n, segment) for n in names):
            continue
        named = [
            (start, n)
            for start, (ns, _) in rows.items()
            if start != row.start
            for n in ns
            if n not in _GENERIC and _named(n, segment)
        ]
        if not named:
            continue
        cell = ev.index.text[ev.span[0] : ev.span[1]]
        if any(_holds(ev.index, start, row.sep, cell) for start, _ in named):
            continue  # the named row states the same value too ("won 10 of their 14")
        other = named[0][1]
        reason = (
            f"{claim.text!r} matches {describe(ev)}, but its sentence names the row "
            f"{other!r}, not the row of that value (a number from another row)"
        )
        out[i] = replace(v, verified=False, rule="other_row", reason=reason)
    return out


def _holds(index: TextIndex, line: int, sep: str, value: str) -> bool:
    """Whether the table row starting at ``line`` has a cell holding ``value`` as written."""
    end = index.text.find("\n", line)
    cells = index.text[line : len(index.text) if end < 0 else end].split(sep)
    return any(value in cell for cell in cells)


def _rows(index: TextIndex, row: TableCell) -> _Rows:
    """The names of every row of ``row``'s table below its header line."""
    text = index.text
    head = row.head if row.head is not None else row.start
    line = text.find("\n", head) + 1
    found: _Rows = {}
    while 0 < line < len(text) and len(found) < _MAX_ROWS:
        end = text.find("\n", line)
        end = len(text) if end < 0 else end
        if row.sep not in text[line:end]:
            break
        names: list[str] = []
        for cell in text[line:end].split(row.sep):
            m = _NAME.search(cell)
            if m is None:
                continue
            name = m.group().strip().lower()
            lead = _LEAD.match(name)
            for n in (name, lead.group() if lead is not None else ""):
                if n and n not in names and _WORDS.search(n) is not None:
                    names.append(n)
        words = {w for n in names for w in _WORDS.findall(n)}
        found[line] = (names, words)
        line = end + 1
    return found


def _named(name: str, segment: str) -> bool:
    """Whether ``segment`` (lower case) writes ``name`` as whole words."""
    at = segment.find(name)
    while at >= 0:
        end = at + len(name)
        if (at == 0 or not segment[at - 1].isalnum()) and (
            end == len(segment) or not segment[end].isalnum()
        ):
            return True
        at = segment.find(name, at + 1)
    return False
