"""Units declared for bare numbers by their labels: a table's row label, header or title
("| PM2.5 (µg/m³) | 14.2 |", "Yield (tonnes per hectare):" above the table), or a unit
name written just before the number ("Calories 250", "Calories: 250").

A number in a ``|`` or tab separated table row is often bare while its row label, its
header row or the line just above the table names the unit; nutrition labels and spec
sheets put the unit name first. :func:`declares` tells whether that text names a
claim's unit (and its rate denominator), so verification may read the bare number in
the claim's unit ("14.2 µg/m³" vs the cell "14.2"; "250 calories" vs "Calories 250").
"""

from __future__ import annotations

import re
from functools import lru_cache

from veracity.numeric import units
from veracity.numeric.models import EvidenceQuantity

__all__ = ["declared_text", "declares"]

_NAME_BEFORE = re.compile(r"(?<![\w.])([^\W\d_]{2,})\)?[ \t]*:?[ \t]*$")


def declared_text(ev: EvidenceQuantity) -> str:
    """The row, the table's first line and the line above the table of a bare table cell
    ``ev``; outside a table, the one word written just before it ("Calories 250"), or
    ``""``. Cached on the evidence."""
    if ev.index is None or ev.span is None:
        return ""
    cache = ev.cache
    if cache is None:
        cache = ev.cache = {}
    got: str | None = cache.get("declared")
    if got is not None:
        return got
    index = ev.index
    text = index.text
    pos = ev.span[0]
    cell = index.table_cell(pos)
    parts = []
    if cell is not None:
        parts.append(text[cell.start : cell.end])  # the row
        head = cell.head if cell.head is not None else cell.start
        if head > 0:  # the line above the table: its title
            parts.append(text[text.rfind("\n", 0, head - 1) + 1 : head - 1])
        he = text.find("\n", head)
        parts.append(text[head : len(text) if he < 0 else he])  # the table's first line
    else:
        ls = text.rfind("\n", 0, pos) + 1
        name = _NAME_BEFORE.search(text, max(ls, pos - 30), pos)
        if name is not None:
            parts.append(name.group(1))
    got = cache["declared"] = "\n".join(parts)
    return got


@lru_cache(maxsize=512)
def _unit_pattern(symbol: str) -> re.Pattern[str] | None:
    """A pattern finding any alias of the unit ``symbol`` as a word; a one-letter
    alias only inside brackets or before ``/`` ("(t/ha)", "(m)")."""
    aliases = [a for a, u in units.UNITS.items() if u.symbol == symbol]
    if not aliases:
        return None
    alts = []
    for a in sorted(aliases, key=len, reverse=True):
        esc = re.escape(a)
        if len(a) >= 2:
            alts.append(rf"(?<!\w){esc}(?!\w)")
        else:
            alts.append(rf"(?<=[(\[]){esc}(?=[)\]/])|(?<!\w){esc}(?=/)")
    return re.compile("|".join(alts), re.IGNORECASE if any(len(a) > 3 for a in aliases) else 0)


def declares(text: str, unit: str, per: str = "") -> bool:
    """True when ``text`` names the unit ``unit`` (any alias) and, when given, the
    rate denominator ``per`` (a unit symbol or a period word)."""
    if not text:
        return False
    pat = _unit_pattern(unit)
    if pat is None or pat.search(text) is None:
        return False
    if not per:
        return True
    den = per.rsplit(" ", 1)[-1]
    per_pat = _unit_pattern(den)
    if per_pat is not None:
        return per_pat.search(text) is not None
    return re.search(rf"(?<!\w){re.escape(den)}", text, re.IGNORECASE) is not None
