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
matched as whole words, any case) and nothing of the matched row: neither a name of
it that no other row has ("item" leads "Item 5" and "Item 6" and names neither) nor a
word of four letters or more from one that the rows it names do not share ("Kestrels"
for "Harrowgate Kestrels"; "Item 5 sold 1,042" does not name "Item 6" by "item"). A
model code is a name too ("HX 800"). When the segment names no row, a
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
from collections.abc import Iterator, Sequence
from dataclasses import replace

from veracity.numeric.companions import segment_bounds
from veracity.numeric.evidence import describe
from veracity.numeric.models import DIRECT_RULES, ClaimVerification
from veracity.numeric.textindex import TableCell, TextIndex

__all__ = ["check_named_rows"]

_MAX_ROWS = 200
"""Tables with more rows are not read (the check is per claim and per row)."""
_NAME = re.compile(r"[A-Za-z][^|\t\n]*")
"""A cell's name: its text from its first letter ("Triumph TR4A" of "1966 Triumph TR4A")."""
_LEAD = re.compile(r"[A-Za-z][A-Za-z&'’. -]*[A-Za-z]")
"""A name's leading words ("Viola" of 'Viola 16"'): a name too."""
_WORDS = re.compile(r"[A-Za-z]{4,}")
_MEASURE_PREFIX = re.compile(r"[ \t]*(?!(?:18|19|20)\d\d\b)\d[\d.,+/–-]*[ \t]*")
"""A number before a one-word name ("10 cents", "1 crown"; not the year of "1966 Triumph"):
the cell is a quantity, which the answer may write otherwise ("10-cent coins")."""
_CODE_NAME = re.compile(r"[a-z]{1,3}[ -]?\d{2,5}[a-z]?(?:[ -][a-z0-9]+)*")
"""A model code as a row name ("hx 800", "bp-520", "dc-400 duo")."""

_DIGIT_CODE = re.compile(r"\d+[A-Za-z]+[-/]?\d[\dA-Za-z]*")
"""A row label that starts with a digit and is a code, not a measure ("0W-20", "10W40";
not "5 L" or "12kg")."""

_COMPARED_WITH = re.compile(
    r"\b(?:behind|ahead[ \t]+of|than|compared[ \t]+(?:with|to)|versus|vs\.?|trailing)"
    r"[ \t]+(?:the[ \t]+)?$"
)
"""Before a name, the words that make it what the subject is compared with."""

_GENERIC = frozenset({"total", "overall", "all", "average", "other", "others", "mean", "median"})
"""Row names that sentences use as plain words ("£3,192 in total")."""

_Rows = dict[int, tuple[list[str], set[str]]]
"""Row line start -> (its names in lower case, their words of four letters or more)."""


_WHOLE_BEFORE = re.compile(
    r"\d[\d,.]*(?:%|[ \t]+(?i:percent|per[ \t]+cent))?[ \t]+"
    r"(?:out[ \t]+of|of[ \t]+(?:the|all|its|their)(?:[ \t]+[A-Za-z-]+['’]s?){0,2})[ \t]+[$€£¥₹]?$"
)
"""Before a whole, its part: "112 of the ", "62 percent of the ", "19 out of ", "58 of the
team's "."""


def check_named_rows(verdicts: Sequence[ClaimVerification]) -> list[ClaimVerification]:
    """Fail (``other_row``) each verified claim matched in a table row that its segment of
    the answer does not name while it names another row of the same table. The whole of a
    part ("112 of the 223 wild boar") is left alone: it is the total row's on purpose."""
    out = list(verdicts)
    tables: dict[tuple[int, int], _Rows] = {}
    readings: dict[tuple[int, int, int], _Reading] = {}  # (text, start, end) -> its reading

    def reading(index: TextIndex, a: int, b: int) -> _Reading:
        """The answer text ``a:b`` read once per check (its claims share it)."""
        key = (id(index), a, b)
        got = readings.get(key)
        if got is None:
            got = readings[key] = _Reading(index.text[a:b])
        return got

    for i, v in enumerate(verdicts):
        ev, claim = v.matched, v.claim
        if v.rule not in DIRECT_RULES or ev is None or ev.index is None or ev.span is None:
            continue
        if claim.index is None or claim.span is None:
            continue
        if _WHOLE_BEFORE.search(claim.index.text, max(0, claim.span[0] - 40), claim.span[0]):
            continue  # "112 of the 223 wild boar": the whole is the total row's, on purpose
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
        s0, s1 = claim.index.sentence_bounds(claim.span[0])
        if a > s0:  # a row's name across the cut is the segment's ("plaice | and chips")
            a = s0 + reading(claim.index, s0, s1).name_across(rows, a - s0)
        segment = reading(claim.index, a, b)
        column = _other_column(ev.index, row, segment)
        if column is not None:
            reason = (
                f"{claim.text!r} matches {describe(ev)}, but its sentence names the column "
                f"{column!r}, not the column of that value (a number from another column)"
            )
            out[i] = replace(v, verified=False, rule="other_row", reason=reason)
            continue
        named = segment.rows_named(key, rows, row.start)
        if named is None:
            continue  # the segment names the matched row
        if not named:  # "The City 5 costs €3,199 and has a 500 W motor": the sentence
            sentence = reading(claim.index, s0, s1)
            named = [
                (start, n)
                for start, n in sentence.rows_named(key, rows, row.start) or []
                if sentence.proper_name(n)
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


class _Reading:
    """A segment or sentence of the answer, read once for all the claims it holds: which
    names it writes (:func:`_named`) and which rows of a table it names."""

    __slots__ = ("_named", "_rows", "_words", "lower", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.lower = text.lower()
        self._words: set[str] | None = None
        self._named: dict[str, bool] = {}
        self._rows: dict[tuple[int, int], list[tuple[int, str]]] = {}

    def named(self, name: str) -> bool:
        """Whether the text writes ``name`` (lower case) as whole words."""
        got = self._named.get(name)
        if got is None:
            got = self._named[name] = _named(name, self.lower)
        return got

    def name_across(self, rows: _Rows, cut: int) -> int:
        """Where the first row name that the text writes across offset ``cut`` starts
        ("plaice and chips" across the cut "and"); ``cut`` when there is none."""
        return min(
            (
                at
                for names, _ in rows.values()
                for n in names
                if self.named(n)
                for at in _whole_words(n, self.lower)
                if at < cut < at + len(n)
            ),
            default=cut,
        )

    def compared_only(self, name: str) -> bool:
        """Whether every time the text writes ``name`` (lower case) it is what the subject
        is compared with ("half a point behind Estravia", "ahead of Bramley"): the
        sentence is about another row."""
        return all(
            _COMPARED_WITH.search(self.lower, max(0, at - 24), at) is not None
            for at in _whole_words(name, self.lower)
        )

    def proper_name(self, name: str) -> bool:
        """Whether ``name`` (lower case) is written capitalised in the text ("City 5", "HX
        800"), not as plain words ("kcal", "fuel tank")."""
        at = self.lower.find(name)
        return at >= 0 and self.text[at].isupper()

    def rows_named(
        self, table: tuple[int, int], rows: _Rows, mine: int
    ) -> list[tuple[int, str]] | None:
        """The other rows of ``table`` the text names, as (line start, name); None when it
        names the row ``mine``: a name only it has, or one of its words of four letters or
        more that none of the other rows named has."""
        names, words = rows[mine]
        if self._words is None:
            self._words = set(_WORDS.findall(self.lower))
        if any(self.named(n) for n in names):
            return None
        every = self._rows.get(table)
        if every is None:  # (every row it names, this one's aside: read once per table)
            every = self._rows[table] = [
                (start, n)
                for start, (ns, _) in rows.items()
                for n in ns
                if n not in _GENERIC and self.named(n) and not self.compared_only(n)
            ]
        others = [(start, n) for start, n in every if start != mine]
        # a word of this row names it unless the rows named have it too ("Item 5" does
        # not name "Item 6" by "item")
        shared = {w for start in {start for start, _ in others} for w in rows[start][1]}
        if (words - shared) & self._words:
            return None
        return others


def _other_column(index: TextIndex, row: TableCell, segment: _Reading) -> str | None:
    """The header of another column that ``segment`` names while it does not name the
    header of ``row``'s column (headers that are names: "Glide 4 XL", "Lift Pro Duo"),
    unless that column holds the same value in this row; else None."""
    heads = index.head_cells(row)
    if heads is None or len(heads) != len(row.cells) or not 0 <= row.col < len(heads):
        return None
    text = index.text
    names = [text[a:b].strip() for a, b in heads]
    mine = names[row.col]
    if not _proper(mine) or segment.named(mine.lower()):
        return None
    value = text[row.cells[row.col][0] : row.cells[row.col][1]].strip()
    for k, name in enumerate(names):
        if k == row.col or not _proper(name) or not segment.named(name.lower()):
            continue
        if mine.lower().startswith(name.lower()) and segment.named(mine.lower()):
            continue
        cell = text[row.cells[k][0] : row.cells[k][1]].strip()
        if cell != value:
            return name
    return None


def _proper(header: str) -> bool:
    """Whether a column header is a name, not a period or a measure ("Q3 2026", "FY2025",
    "FY25", "Per 100 ml")."""
    return _PROPER.search(header) is not None and _NOT_A_NAME.search(header) is None


_NOT_A_NAME = re.compile(
    r"(?:18|19|20)\d\d|\b(?i:q[1-4]|h[12]|fy|per|week|wk|period|round)\b"
    r"|\b(?i:fy|cy|q[1-4]|h[12])[ ]?'?\d{2}\b"
)
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
    # a word of the header line names the whole table ("pallet" of "Pallet type" names no
    # one row of "Half pallet", "Euro 1200×800")
    common = set(_WORDS.findall(text[head : max(head, line - 1)].lower()))
    found: _Rows = {}
    unit_names: dict[int, set[str]] = {}
    while 0 < line < len(text) and len(found) < _MAX_ROWS:
        end = text.find("\n", line)
        end = len(text) if end < 0 else end
        if row.sep not in text[line:end]:
            break
        names: list[str] = []
        measures: set[str] = set()
        for k, cell in enumerate(text[line:end].split(row.sep)):
            m = _NAME.search(cell)
            if m is None:
                continue
            name = m.group().strip().lower()
            if k < 2 and _DIGIT_CODE.fullmatch(cell.strip()):
                name = cell.strip().lower()  # "0W-20" names its row, not "W-20"
            elif " " not in name and _MEASURE_PREFIX.fullmatch(cell, 0, m.start()):
                measures.add(name)  # "10 cents", "3 bedrooms": a quantity, not a name
            lead = _LEAD.match(name)
            for n in (name, lead.group() if lead is not None else ""):
                if (
                    n
                    and n not in names
                    and (_WORDS.search(n) or _CODE_NAME.fullmatch(n) or _DIGIT_CODE.fullmatch(n))
                ):
                    names.append(n)
                    if " & " in n or " and " in n:  # "Plaice & chips" is "plaice and chips"
                        names.append(_AND.sub(_other_and, n))
        words = {w for n in names for w in _WORDS.findall(n)} - common
        found[line] = (names, words)
        unit_names[line] = measures
        line = end + 1
    return _distinctive(found, unit_names)


_AND = re.compile(r" (?:&|and) ")


def _other_and(m: re.Match[str]) -> str:
    """ " and " for " & ", and the other way round."""
    return " and " if m.group() == " & " else " & "


def _distinctive(rows: _Rows, unit_names: dict[int, set[str]]) -> _Rows:
    """Each row with only the names no other row of its table has: "item" (the leading
    word of "Item 5" and "Item 6") names neither row, "item 5" names one; nor do the
    leading words of a name that lead another row's name too ("cuttlefish ink" of
    "Cuttlefish ink, tub" and of "Cuttlefish ink jar"). The word of a
    quantity ("cents" of "10 cents", "hours" of "3+ hours") is counted, then dropped: it
    names no row."""
    count: dict[str, int] = {}
    for names, _ in rows.values():
        for n in set(names):
            count[n] = count.get(n, 0) + 1
    every = list(count)
    return {
        start: (
            [
                n
                for n in names
                if count[n] == 1
                and n not in unit_names[start]
                and not (
                    any(o != n and o.startswith(n) for o in names)  # a lead, not a whole name
                    and any(m.startswith(n + " ") for m in every if m not in names)
                )
            ],
            words,
        )
        for start, (names, words) in rows.items()
    }


def _named(name: str, segment: str) -> bool:
    """Whether ``segment`` (lower case) writes ``name`` as whole words."""
    return next(_whole_words(name, segment), -1) >= 0


def _whole_words(name: str, segment: str) -> Iterator[int]:
    """Where ``segment`` (lower case) writes ``name`` as whole words, in order."""
    at = segment.find(name)
    while at >= 0:
        end = at + len(name)
        if end < len(segment) and segment[end] == "s" and name[-1:].isalpha():
            end += 1  # "young adults" writes the row "Young adult"
        if (at == 0 or not segment[at - 1].isalnum()) and (
            end == len(segment) or not segment[end].isalnum()
        ):
            yield at
        at = segment.find(name, at + 1)
