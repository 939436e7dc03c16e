"""After the scan: compound measures (``2 hours 5 minutes``) and table scales
(``(in thousands)``)."""

from __future__ import annotations

import bisect
import functools
import re

from veracity.numeric import units
from veracity.numeric.patterns import (
    BLANK_LINE,
    COMPOUND_DIMS,
    COMPOUND_GAP,
    SYM_CODE,
    TABLE_MARK,
    TABLE_SCALES,
)
from veracity.numeric.quantity import (
    Quantity,
)
from veracity.numeric.word_labels import names_stem, plural_stem

__all__ = [
    "apply_table_scale",
    "join_compounds",
    "might_have_table_marker",
    "smaller_unit",
]


def join_compounds(text: str, found: list[Quantity], keep_parts: bool) -> list[Quantity]:
    """Join ``2 hours 5 minutes`` into one quantity (a larger unit then a smaller one);
    in ``36h 47m`` the glued "m" after hours is minutes, not metres (and in ``12m 48s``,
    before seconds), and in ``32d 04h 17m`` the glued "d" before hours is days."""
    found = list(found)
    k = 0
    while k < len(found):
        q = found[k]
        if q.unit == "h" and text[q.end - 1 : q.end] == "h":
            days = _GLUED_DAYS.search(text, max(0, q.start - 8), q.start)
            if days is not None and (k == 0 or found[k - 1].end <= days.start()):
                n = float(days.group(1))
                d = Quantity(days.start(), days.end(), n * 86400.0, n, "time", "day")
                d.half_unit = 43200.0
                found.insert(k, d)
                k += 1
        k += 1
    k = 0
    while k < len(found):
        q = found[k]
        if (
            q.unit == "m"
            and text[q.end - 1 : q.end] == "m"
            and text[q.end - 2 : q.end - 1].isdigit()
        ):
            secs = _GLUED_SECONDS.match(text, q.end)
            if secs is not None and (k + 1 == len(found) or found[k + 1].start >= secs.end()):
                # "12m 48s": minutes and seconds
                found[k] = Quantity(
                    q.start, q.end, q.stated * 60.0, q.stated, "time", "min", half_unit=30.0
                )
                n = float(secs.group(1))
                sec = Quantity(secs.start(1), secs.end(), n, n, "time", "s", half_unit=0.5)
                found.insert(k + 1, sec)
                k += 1
        k += 1
    for k in range(1, len(found)):
        q, prev = found[k], found[k - 1]
        if (
            q.unit == "m"
            and prev.unit == "h"
            and text[q.end - 1 : q.end] == "m"
            and text[q.end - 2 : q.end - 1].isdigit()
            and COMPOUND_GAP.fullmatch(text, prev.end, q.start) is not None
        ):
            found[k] = Quantity(
                q.start, q.end, q.stated * 60.0, q.stated, "time", "min", half_unit=30.0
            )
    found = _one_larger_unit(text, found, keep_parts)
    out: list[Quantity] = []
    i = 0
    while i < len(found):
        q = found[i]
        j = i
        merged = q
        while j + 1 < len(found):
            nxt = found[j + 1]
            cur = found[j]
            if (
                nxt.dimension != merged.dimension
                or merged.dimension not in COMPOUND_DIMS
                or merged.is_range
                or nxt.is_range
                or nxt.excluded
                or merged.excluded
                or nxt.stated < 0
                or q.stated != int(q.stated)  # "13.31 metres and 100 mm": two
                # values ("5 feet 8 inches" has a whole number of the larger unit)
                or not smaller_unit(nxt.unit, cur.unit)
                or COMPOUND_GAP.fullmatch(text, cur.end, nxt.start) is None
            ):
                break
            factor = units.SYMBOLS[merged.unit].factor
            merged = Quantity(
                merged.start,
                nxt.end,
                merged.value + nxt.value,
                merged.stated + nxt.value / factor,
                merged.dimension,
                merged.unit,
                approx=merged.approx,
                bound=merged.bound,
                half_unit=nxt.half_unit,
                significant=merged.significant + nxt.significant,
            )
            j += 1
        if j > i:
            if keep_parts:
                out.extend(found[i : j + 1])
            out.append(merged)
        else:
            out.append(q)
        i = j + 1
    return out


_ONE_LARGER = re.compile(
    r"(?<![\w'’-])(?i:an|a|one)[ \t]+(?i:(hour|minute|foot|pound|year|day|week)s?)"
    r"[ \t]*,?(?:[ \t]*and)?[ \t]+$"
)
""""an hour and " / "one minute and " / "one foot " before a smaller measure ("an hour and
22 minutes", "one hour forty minutes", "one foot six inches")."""
_LARGER_UNITS = {
    "hour": "h",
    "minute": "min",
    "foot": "ft",
    "pound": "lb",
    "year": "year",
    "day": "day",
    "week": "week",
}


def _one_larger_unit(text: str, found: list[Quantity], keep_parts: bool) -> list[Quantity]:
    """Join "one hour and 14 minutes" / "an hour and 22 minutes" (a larger unit counted
    by a word that is no claim of its own) into one time: 74 and 82 minutes."""
    out: list[Quantity] = []
    for q in found:
        if q.dimension in COMPOUND_DIMS and q.unit and not q.excluded and not q.is_range:
            m = _ONE_LARGER.search(text, max(0, q.start - 24), q.start)
            big = units.SYMBOLS[_LARGER_UNITS[m.group(1).lower()]] if m is not None else None
            if (
                m is not None
                and big is not None
                and big.dimension == q.dimension
                and smaller_unit(q.unit, big.symbol)
            ):
                if keep_parts:
                    out.append(q)
                q = Quantity(
                    m.start(),
                    q.end,
                    big.factor + q.value,
                    1.0 + q.value / big.factor,
                    big.dimension,
                    big.symbol,
                    approx=q.approx,
                    bound=q.bound,
                    half_unit=q.half_unit,
                    significant=q.significant + 1,
                )
        out.append(q)
    return out


_GLUED_SECONDS = re.compile(r"[ \t]+(\d{1,2})s\b")
""""48s" glued after a minutes part ("12m 48s"): seconds."""
_GLUED_DAYS = re.compile(r"(?<![\w.,])(\d{1,3})d[ \t]+$")
""""32d " glued before an hours part ("32d 04h 17m"): days."""


def smaller_unit(small: str, big: str) -> bool:
    """Whether unit symbol ``small`` is a smaller unit than ``big`` of the same scale
    (no offset): "in" of "ft", "min" of "h"."""
    a, b = units.SYMBOLS.get(small), units.SYMBOLS.get(big)
    return a is not None and b is not None and a.factor < b.factor and a.offset == b.offset == 0


def might_have_table_marker(text: str) -> bool:
    """Whether ``text`` may hold a table-scale marker (a cheap test before TABLE_MARK)."""
    low = text.lower()
    if "thousands" in low or "millions" in low or "billions" in low:
        return True
    return ")" in low and any(
        w in low
        for w in (
            *("000)", "000s)", "m)", "mn)", "bn)", "thousand)", "million)", "billion)"),
            *("stated)", "noted)", "indicated)"),  # "(RM million unless stated)"
        )
    )


_EXCEPT_PER_SHARE = re.compile(r"[ \t,]*(?i:except|excluding)[ \t]+(?i:per[- ]share|eps)")
_PER_SHARE_ROW = re.compile(r"(?i:\bEPS\b|per[- ]share|earnings per)")


def _column_of(text: str, pos: int) -> int:
    """The ``|`` or tab separated column of ``pos`` on its line, or -1 when the line is not
    a table row."""
    line_start = text.rfind("\n", 0, pos) + 1
    line = _line(text, pos)
    sep = "|" if "|" in line else "\t" if "\t" in line else ""
    return text.count(sep, line_start, pos) if sep else -1


def _column_header(text: str, table_start: int, pos: int) -> str | None:
    """The header cell of ``pos``'s column (in the first table line from
    ``table_start``), or None when ``pos`` is not in a column under such a line."""
    col = _column_of(text, pos)
    if col < 0:
        return None
    head = text.find("\n", table_start) + 1
    if head <= 0 or head > pos:
        return None
    line = _line(text, head)
    cells = line.split("|" if "|" in line else "\t")
    return cells[col] if col < len(cells) else None


def _percent_column(text: str, table_start: int, pos: int) -> bool:
    """True when the header of ``pos``'s column names a percentage ("Change (%)",
    "Share, per cent")."""
    header = _column_header(text, table_start, pos)
    return header is not None and _PERCENT_HEAD.search(header) is not None


_PERCENT_HEAD = re.compile(r"%|\b(?i:per[ \t]?cent|percent(?:age)?)\b")


def _per_item_column(text: str, table_start: int, pos: int) -> bool:
    """True when the header of ``pos``'s column is a value per one thing ("Average toll per
    transaction", "Revenue per employee"): a table's scale counts its totals, not these."""
    header = _column_header(text, table_start, pos)
    return header is not None and _PER_ITEM_HEAD.search(header) is not None


_PER_ITEM_HEAD = re.compile(r"\b(?i:per)[ \t]+(?!cent\b)[A-Za-z]")


def _measure_column(text: str, table_start: int, pos: int) -> bool:
    """True when the header of ``pos``'s column names a unit of measure by its name
    ("H1 2025 tonnes", "Area (hectares)"): its cells are not money."""
    header = _column_header(text, table_start, pos)
    if header is None:
        return False
    if _measure_head().search(header) is not None:
        return True
    # "Spectrum won (MHz)", "Tension (kg)": a unit symbol in brackets
    return any(_measure_unit(m.group(1)) for m in _BRACKETED.finditer(header))


def _count_column(text: str, table_start: int, pos: int) -> bool:
    """True when the header of ``pos``'s column names what its cells count and nothing
    else ("Spaces", "No. of beds", "Staff (FTE)"): its cells are not money."""
    header = _column_header(text, table_start, pos)
    return header is not None and _COUNT_HEAD.fullmatch(header.strip()) is not None


_COUNT_HEAD = re.compile(
    r"(?i:(?:(?:number|no\.?)[ \t]+of[ \t]+)?"
    r"(?:spaces|places|beds|seats|rooms|units|staff|employees|people|members|pupils|students"
    r"|visitors|customers|patients|sites|stores|branches|outlets|vehicles|households|pitches"
    r"|berths|plots|count|headcount)"
    r"(?:[ \t]*\((?:fte|number|no\.?)\))?)"
)
"""A column header that names only what its cells count."""


_BRACKETED = re.compile(r"\(([^()]{1,12})\)")
_ROW_LABEL_BRACKET = re.compile(r"\(([^()]{1,40})\)")
_OWN_UNIT_WORDS = frozenset(
    "number no. count pieces units people persons staff headcount % percent per cent".split()
)


def _row_states_unit(text: str, pos: int) -> bool:
    """True when the label cell of ``pos``'s table row names the row's own unit in
    brackets ("Outlets (period end, number)", "Gloves sold (billion pieces)", "Yield
    (tonnes)"): a table's scale or currency marker is for the other rows."""
    col = _column_of(text, pos)
    if col <= 0:
        return False
    line = _line(text, pos)
    label = line.split("|" if "|" in line else "\t", 1)[0]
    for m in _ROW_LABEL_BRACKET.finditer(label):
        for word in re.findall(r"[A-Za-z%.]+", m.group(1)):
            low = word.lower()
            bare = low.rstrip(".")
            if low in _OWN_UNIT_WORDS or bare in _OWN_UNIT_WORDS or bare in TABLE_SCALES:
                return True
            if _measure_unit(word.rstrip(".")):
                return True
    return False


def _measure_unit(symbol: str) -> bool:
    found = units.UNITS.get(symbol.strip())
    return found is not None and found.dimension not in ("currency", "count", "number")


@functools.lru_cache(maxsize=1)
def _measure_head() -> re.Pattern[str]:
    """Spelled-out unit names ("tonnes", "litres", "hectares") as whole words; not time
    units or a rate's denominator ("Cost per tonne" is money)."""
    names = sorted(
        (
            a
            for a, u in units.UNITS.items()
            if len(a) > 3
            and a.isalpha()
            and u.dimension not in ("currency", "count", "number", "time")
        ),
        key=len,
        reverse=True,
    )
    return re.compile(rf"(?<!/)(?<!(?i:per) )\b(?i:{'|'.join(map(re.escape, names))})\b")


def _line(text: str, pos: int) -> str:
    """The line holding ``pos``."""
    end = text.find("\n", pos)
    return text[text.rfind("\n", 0, pos) + 1 : len(text) if end < 0 else end]


def _table_end(text: str, start: int, end: int) -> int:
    """Where a marker's region ends: at ``end`` (the next blank line), or, when the line
    after the marker is a ``|`` or tab separated row, at the first later line that is
    not one (prose under a table is not in the table's units)."""
    nl = text.find("\n", start, end)
    if nl < 0:
        return end
    line_end = text.find("\n", nl + 1, end)
    first = text[nl + 1 : end if line_end < 0 else line_end]
    sep = "|" if "|" in first else "\t" if "\t" in first else ""
    if not sep:
        return end
    pos = nl + 1
    while pos < end:
        le = text.find("\n", pos, end)
        le = end if le < 0 else le
        if sep not in text[pos:le]:
            return pos
        pos = le + 1
    return end


_NAMED_BEFORE = re.compile(r"(\w+)[ \t]+$")


def _named_column(text: str, start: int, end: int, table_end: int) -> str:
    """The column a title's marker names ("value" in "(tonnes; value in USD thousands)"),
    lower-case, when a header cell of the table below holds that word; else ``""`` (the
    marker scales every column: "(all figures in $m)")."""
    if not text.startswith("in", start):
        return ""
    m = _NAMED_BEFORE.search(text, max(0, start - 40), start)
    if m is None:
        return ""
    word = m.group(1).lower()
    head = text.find("\n", end, table_end) + 1
    if head <= 0:
        return ""
    line = _line(text, head).lower()
    cells = line.split("|" if "|" in line else "\t")
    stem = plural_stem(word)  # "(volumes in ...)" names "Volume"
    named = len(cells) > 1 and any(names_stem(stem, c) for c in cells)
    return stem if named else ""


def apply_table_scale(text: str, found: list[Quantity]) -> None:
    """Multiply bare numbers under a ``(in thousands)``-style marker by its scale."""
    marks = list(TABLE_MARK.finditer(text))
    if not marks:
        return
    # every position where a blank line starts, found once (then bisected per marker)
    blanks = [m.start() for m in BLANK_LINE.finditer(text)]
    regions: list[tuple[int, int, float, str, bool, int, str]] = []
    for mk in marks:
        sc = (mk.group("sc") or mk.group("sc3") or mk.group("sc4") or "").lower()
        factor = TABLE_SCALES.get(sc)
        if factor is None:
            continue
        cur = mk.group("cur") or mk.group("cur2") or mk.group("cur3") or mk.group("cur4") or ""
        code = SYM_CODE.get(cur, SYM_CODE.get(cur.upper(), cur.upper()))
        k = bisect.bisect_left(blanks, mk.end())
        end = blanks[k] if k < len(blanks) else len(text)
        except_per_share = _EXCEPT_PER_SHARE.match(text, mk.end()) is not None
        column = _column_of(text, mk.start())  # "| Funding (€m) |": that column only
        table_end = _table_end(text, mk.end(), end)
        named = _named_column(text, mk.start(), mk.end(), table_end)
        regions.append((mk.end(), table_end, factor, code, except_per_share, column, named))
    # regions are in marker order and each ends at the next blank line, so their ends
    # never decrease: the first region holding a position is found by two bisections
    los = [r[0] for r in regions]
    his = [r[1] for r in regions]
    for q in found:
        if q.scale != 1.0 or q.dimension not in ("number", "currency") or q.noun:
            continue
        k_max = bisect.bisect_right(los, q.start)
        i = bisect.bisect_right(his, q.start, 0, k_max)
        for lo, hi, factor, code, except_per_share, column, named in (
            regions[i : i + 1] if i < k_max else ()
        ):
            if lo <= q.start < hi:
                if named and named not in (_column_header(text, lo, q.start) or named).lower():
                    break  # "(tonnes; value in USD thousands)": the "Value" column only
                if except_per_share and _PER_SHARE_ROW.search(_line(text, q.start)):
                    break  # "$ in millions, except per-share data": EPS stays in dollars
                if column >= 0 and _column_of(text, q.start) != column:
                    break  # a header cell's marker scales its own column
                if _column_of(text, q.start) == 0 and q.dimension == "currency":
                    break  # "£5 | 1,210 | 1,298" under "(£m)": the row's label, a price
                if _percent_column(text, lo, q.start):
                    break  # "| Change (%) |" under "(EUR million)": a percentage
                if _per_item_column(text, lo, q.start):
                    break  # "| Average toll per transaction |" under "(US$ millions)"
                if code and _measure_column(text, lo, q.start):
                    break  # "| H1 2025 tonnes |" under "(... US$ thousands)": not money
                if code and _count_column(text, lo, q.start):
                    break  # "| Spaces |" under "(£ thousands)": a count, not money
                if _row_states_unit(text, q.start):
                    break  # "Outlets (period end, number) | 212" under "(S$ thousands)"
                q.rescale(factor)
                q.table_scaled = True
                if code and q.dimension == "number":
                    q.dimension, q.unit = "currency", code
                break
