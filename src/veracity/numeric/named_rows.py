"""A claim whose words name one table row (or column) must not take its value from another.

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
Kestrels"). A model code is a name too ("HX 800"). When the segment names no row, a
sentence that names exactly one other row as a proper name counts ("The HX 800 weighs
2.1 t and has a 451 g shot weight"). Rows are read from the line after the table's
header line. Only values
read off one cell count (``within_tolerance``, ``rounding``); a named row that states the
same value as written, and names such as "Total" that sentences use as plain words, do
not fail a claim.

Columns the same way: a claim matched under a header that is a name ("Glide 4 XL", "Lift
Pro Duo": two capitalised words or a word and a number; not a period such as "Q3 2026"
or "FY2025") fails when its segment writes out another such header and not its own,
unless that column holds the same value in the row.
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
_CODE_NAME = re.compile(r"[a-z]{1,3}[ -]?\d{2,5}[a-z]?(?:[ -][a-z0-9]+)*")
"""A model code as a row name ("hx 800", "bp-520", "dc-400 duo")."""

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
        column = _other_column(ev.index, row, segment)
        if column is not None:
            reason = (
                f"{claim.text!r} matches {describe(ev)}, but its sentence names the column "
                f"{column!r}, not the column of that value (a number from another column)"
            )
            out[i] = replace(v, verified=False, rule="other_row", reason=reason)
            continue
        named = _rows_named(rows, row.start, segment)
        if named is None:
            continue  # the segment names the matched row
        if not named:  # "The City 5 costs €3,199 and has a 500 W motor": the sentence
            s0, s1 = claim.index.sentence_bounds(claim.span[0])
            sentence = claim.index.text[s0:s1]
            named = [
                (start, n)
                for start, n in _rows_named(rows, row.start, sentence.lower()) or []
                if _proper_name(n, sentence)
            ]
            if len({start for start, _ in named}) != 1:
                continue  # one row, named as a proper name ("City 5"), counts there
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


def _proper_name(name: str, text: str) -> bool:
    """Whether ``name`` (lower case) is written capitalised in ``text`` ("City 5", "HX
    800"), not as plain words ("kcal", "fuel tank")."""
    at = text.lower().find(name)
    return at >= 0 and text[at].isupper()


def _rows_named(rows: _Rows, mine: int, text: str) -> list[tuple[int, str]] | None:
    """The other rows ``text`` (lower case) names, as (line start, name); None when it names
    the row ``mine`` (a name of it, or one of its words of four letters or more)."""
    names, words = rows[mine]
    if words & set(_WORDS.findall(text)) or any(_named(n, text) for n in names):
        return None
    return [
        (start, n)
        for start, (ns, _) in rows.items()
        if start != mine
        for n in ns
        if n not in _GENERIC and _named(n, text)
    ]


def _other_column(index: TextIndex, row: TableCell, segment: str) -> str | None:
    """The header of another column that ``segment`` names while it does not name the
    header of ``row``'s column (headers that are names: "Glide 4 XL", "Lift Pro Duo"),
    unless that column holds the same value in this row; else None."""
    heads = index.head_cells(row)
    if heads is None or len(heads) != len(row.cells) or not 0 <= row.col < len(heads):
        return None
    text = index.text
    names = [text[a:b].strip() for a, b in heads]
    mine = names[row.col]
    if not _proper(mine) or _named(mine.lower(), segment):
        return None
    value = text[row.cells[row.col][0] : row.cells[row.col][1]].strip()
    for k, name in enumerate(names):
        if k == row.col or not _proper(name) or not _named(name.lower(), segment):
            continue
        if mine.lower().startswith(name.lower()) and _named(mine.lower(), segment):
            continue
        cell = text[row.cells[k][0] : row.cells[k][1]].strip()
        if cell != value:
            return name
    return None


def _proper(header: str) -> bool:
    """Whether a column header is a name, not a period or a measure ("Q3 2026", "FY2025",
    "Per 100 ml")."""
    return _PROPER.search(header) is not None and _NOT_A_NAME.search(header) is None


_NOT_A_NAME = re.compile(r"(?:18|19|20)\d\d|\b(?i:q[1-4]|h[12]|fy|per|week|wk|period|round)\b")
_PROPER = re.compile(r"[A-Z][a-z]*[ \t-]+(?:[A-Z0-9]|\d)|[A-Za-z]+[ \t-]?\d")
"""A header that names a product or entity: two capitalised words or a word and a number
("Lift Pro Duo", "Glide 4", "BP-520"); not "Pass rate" or "Target"."""


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
                if n and n not in names and (_WORDS.search(n) or _CODE_NAME.fullmatch(n)):
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
