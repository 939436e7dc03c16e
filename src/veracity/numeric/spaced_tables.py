"""Tables whose columns are aligned with blanks (text taken from a PDF or a terminal),
rewritten as tab separated tables of the same length.

    Township      Households 1664  Hearths 1672
    Rotherham          248             512

Rule: a line is a row when it holds no ``|`` or tab, is at most :data:`_MAX_LINE`
characters long, and splits into two or
more cells at runs of two or more blanks (a run after ``.`` ``!`` ``?`` ``:`` or ``;`` is
the gap between two sentences, no cell border); a line that starts with such a run has an
empty first cell (the corner above the row labels). A block of consecutive rows is a table
when at least two of them have the same number of cells and one cell after a gap starts
with a digit, a sign or a currency symbol. The first blank of each gap of a table's lines
becomes a tab, so every offset in the text stays where it was and the tab table reader
(row labels, column headers, scale markers) reads the table.
"""

from __future__ import annotations

import re
from collections import Counter

__all__ = ["spaced_tables_as_tabs"]

_GAP = re.compile(r"(?<=[^\s.!?:;]) {2,}(?=\S)")
"""A cell border inside a line: two or more blanks after a cell's last character."""
_LEAD = re.compile(r" {2,}(?=\S)")
"""Blanks that open a line: its first cell is empty ("      2022     2023")."""
_NUMERIC_CELL = re.compile(r" {2,}[-+−$€£¥₹]?\d")
"""A gap then a cell that starts with a number."""
_MAX_LINE = 400
"""The longest line read as a row (longer ones are prose)."""
_MIN_ROWS = 2


def spaced_tables_as_tabs(text: str) -> str:
    """``text`` with each table aligned by blanks turned into a tab separated one of the
    same length (see the module docstring); ``text`` itself when it holds none."""
    if "  " not in text:
        return text
    lines = text.split("\n")
    gaps: list[list[int] | None] = [_row_gaps(line) for line in lines]
    out = list(lines)
    changed = False
    i = 0
    while i < len(lines):
        if gaps[i] is None:
            i += 1
            continue
        j = i
        while j < len(lines) and gaps[j] is not None:
            j += 1
        if _is_table(lines[i:j], gaps[i:j]):
            for k in range(i, j):
                row = list(lines[k])
                for at in gaps[k] or ():
                    row[at] = "\t"
                out[k] = "".join(row)
            changed = True
        i = j
    return "\n".join(out) if changed else text


def _row_gaps(line: str) -> list[int] | None:
    """Where the cell borders of ``line`` start, or None when it is no row."""
    if len(line) > _MAX_LINE or "|" in line or "\t" in line or "  " not in line:
        return None
    found = [m.start() for m in _GAP.finditer(line)]
    if not found:
        return None
    lead = _LEAD.match(line)
    return [0, *found] if lead is not None else found


def _is_table(lines: list[str], gaps: list[list[int] | None]) -> bool:
    """Whether a block of rows is a table: two rows of as many cells, one numeric cell."""
    if len(lines) < _MIN_ROWS:
        return False
    counts = Counter(len(g) for g in gaps if g is not None)
    if counts.most_common(1)[0][1] < _MIN_ROWS:
        return False
    return any(_NUMERIC_CELL.search(line) for line in lines)
