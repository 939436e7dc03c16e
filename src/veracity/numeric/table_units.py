"""Units declared for bare numbers by their labels: a table's row label, header or title
("| PM2.5 (µg/m³) | 14.2 |", "Yield (tonnes per hectare):" above the table), or a unit
name written just before the number ("Calories 250", "Calories: 250").

A number in a ``|`` or tab separated table row is often bare while its row label, its
header row or the line just above the table names the unit; nutrition labels and spec
sheets put the unit name first. :func:`declared_unit` finds the unit of a claim's
dimension (and its scale word and rate denominator) that the text names, so
verification may read the bare number in that unit ("14.2 µg/m³" vs the cell "14.2";
"250 calories" vs "Calories 250"; "306 acres" vs a cell "124" under "Area (ha)";
"769,000 tonnes" vs "769" under "(thousand tonnes)"). Money and percentages too: "$684
million" vs a cell "684" under "US$ million", "23%" vs "23" under "Coral cover (%)".
Counts too, by the scale their column header names: "4.2 million meals" vs "4.2" under
"Meals served (millions)" (:func:`column_scale`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from veracity.numeric import lexicon, units
from veracity.numeric.models import EvidenceQuantity
from veracity.numeric.patterns import CODES, SCALES, SYM_CODE, TABLE_SCALES
from veracity.numeric.rates import PERIOD_WORDS, PERIODS, per_ratio, read_per
from veracity.numeric.textindex import TableCell
from veracity.numeric.word_labels import names_stem, plural_stem

__all__ = [
    "column_scale",
    "declared_per",
    "declared_text",
    "declared_unit",
    "declared_unit_per",
    "earlier_column",
    "earlier_header",
    "names_a_unit",
    "row_label_cell",
    "text_names_a_unit",
]

_NAME_BEFORE = re.compile(
    r"(?<![\w.])([^\W\d_]{2,})\)?[ \t]*(?::[ \t]*|[ \t](?i:totall?ed|totall?ing|numbered)[ \t]+)?$"
)
"""The word written just before a bare number ("Calories 250", "Calories: 250"), or before
a verb that gives its total ("Free-cooling hours totalled 5,912")."""


_LIST_ITEM = re.compile(r"[ \t]*[-*•–][ \t]")
"""The start of a list item line ("- ", "• ")."""
_LABEL_BEFORE = re.compile(r"(?<![\w.])([^\W\d_]{2,})[ \t]+[^\W\d_]{3,}[ \t]*:[ \t]*$")
"""A two-word label before a colon, its first word the unit ("Hours exchanged: 9,742")."""


def row_label_cell(ev: EvidenceQuantity) -> bool:
    """True when ``ev`` is the only number in the first cell of a table row with cells
    after it ("18-34 | 19.6 | 17.8", "Over £1,000,000 | £500"): the row's label, which
    takes no unit from the table's labels."""
    if ev.index is None or ev.span is None:
        return False
    cell = ev.index.table_cell(ev.span[0])
    if cell is None or cell.col < 0 or cell.col == len(cell.cells) - 1:
        return False
    text = ev.index.text
    first = ev.index.first_text_cell(cell)
    a, b = cell.cells[cell.col]
    rest = text[a : ev.span[0]] + text[ev.span[1] : b]  # "Over £1,000,000": words around it
    return cell.col == first and not any(ch.isdigit() for ch in rest)


def declared_text(ev: EvidenceQuantity) -> str:
    """The column header, the row, the row labels' header and the line above the table
    of a bare table cell ``ev`` (the first unit named wins: a row's own "(NGN)" before
    "(NGN million unless stated)" over the labels; the table's whole first line instead of the column
    header when that is not known: another column's unit is not this cell's); outside a
    table, the one word written just before it ("Calories 250"), or ``""``. Cached on the
    evidence."""
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
        hcells = index.head_cells(cell)
        own_header = hcells is not None and len(hcells) == len(cell.cells) and cell.col >= 0
        labels_head = ""  # the row labels' header: "Revenue (£m) | H1 2025"
        if own_header:
            assert hcells is not None
            a, b = hcells[cell.col]
            parts.append(text[a:b])  # its column's header first: "Average wait (weeks)"
            first = next((k for k, (x, y) in enumerate(hcells) if text[x:y].strip()), -1)
            if 0 <= first < cell.col:
                labels_head = text[hcells[first][0] : hcells[first][1]]
        parts.append(text[cell.start : cell.end])  # the row ("Dividend per share (NGN)")
        if labels_head:
            parts.append(labels_head)
        head = cell.head if cell.head is not None else cell.start
        if head > 0:  # the line above the table: its title
            parts.append(text[text.rfind("\n", 0, head - 1) + 1 : head - 1])
        if not own_header:  # the table's first line, when its own header is not known
            he = text.find("\n", head)
            parts.append(text[head : len(text) if he < 0 else he])
    else:
        ls = text.rfind("\n", 0, pos) + 1
        for pattern, reach in ((_NAME_BEFORE, 30), (_LABEL_BEFORE, 40)):
            name = pattern.search(text, max(ls, pos - reach), pos)
            if name is not None:  # "Calories: 250"; "Hours exchanged: 9,742"
                parts.append(name.group(1))
        if ls > 0 and _LIST_ITEM.match(text, ls):
            # "- Engelmann spruce top, AAA grade: 96.00" under "Price list (EUR, excl.
            # VAT)": the list's title, its first line, names the unit
            title = text[: text.find("\n")]
            if "(" in title:
                parts.append(title)
    got = cache["declared"] = "\n".join(parts)
    return got


_BARE_SCALE = re.compile(
    r"\((?:[ \t]*in)?[ \t]*(?P<scale>(?i:thousands?|millions?|billions?|'?000s?|mn|bn|m|k|dozens?))"
    r"[ \t]*\)"
    r"|\((?:[ \t]*in)?[ \t]*(?P<worded>(?i:thousands?|millions?|billions?|'000s?))[ \t]+"
    r"[A-Za-z]+(?:/[A-Za-z]+)?[ \t]*\)"
)
"""A column header's scale alone in brackets: "Meals served (millions)", "Visits ('000)",
"Oysters (dozen)",
or before the word of what is counted: "Safety matches (million boxes)"."""


_TITLE_SCALE = re.compile(
    r"\([^()\n]{0,40}?(?<![\w',.])(?<!(?i:per) )"
    r"(?P<scale>(?i:thousands?|millions?|billions?|'?000s?))\b[^()\n]{0,40}\)"
)
"""A table title's scale in brackets: "(thousands)", "(thousands of listeners aged 15+)",
"(million m²)", "(journeys, thousands)"; not a rate's denominator ("(vacancies per 1,000
posts)", "(per thousand people)")."""


def column_scale(ev: EvidenceQuantity) -> float:
    """The scale that the header of a bare table cell's column names in brackets
    ("(millions)" -> 1e6, "('000)" -> 1e3), else its row label ("Visitors (m)"), else
    the row labels' header ("('000 TEU)"), else the table's title ("Admissions by quarter
    (thousands)"), or 1.0."""
    own = _own_header(ev)
    if own is None:
        return 1.0
    cell, (a, b) = own
    index = ev.index
    assert index is not None
    m = _BARE_SCALE.search(index.text, a, b)
    if m is None and cell.col > 0:  # the row label: "Visitors (m) | 3.42 | 3.15"
        m = _BARE_SCALE.search(index.text, cell.cells[0][0], cell.cells[0][1])
    if m is None and cell.col > 0:  # the row labels' header: "('000 TEU) | Q1 2024"
        heads = index.head_cells(cell)
        if heads:
            m = _BARE_SCALE.search(index.text, heads[0][0], heads[0][1])
    if m is None and cell.head is not None and cell.head > 0:  # the title above the table
        text = index.text
        title = text.rfind("\n", 0, cell.head - 1) + 1
        m = _TITLE_SCALE.search(text, title, cell.head - 1)
        if m is not None and not _title_scales_column(text, m, index.head_cells(cell), (a, b)):
            return 1.0
    return _scale_of(m.group("scale") or m.group("worded")) if m is not None else 1.0


_SCALED_WORD = re.compile(r"(\w+)[ \t]+in[ \t]+$")


def _title_scales_column(
    text: str, m: re.Match[str], heads: list[tuple[int, int]] | None, own: tuple[int, int]
) -> bool:
    """Whether a title's scale reaches a column: "(volumes in million m³)" scales the
    "Volume pumped" column only, when a header cell names volumes; else every column."""
    named = _SCALED_WORD.search(text, max(0, m.start("scale") - 40), m.start("scale"))
    if named is None or heads is None:
        return True
    stem = plural_stem(named.group(1).lower())

    def names(span: tuple[int, int]) -> bool:
        return names_stem(stem, text[span[0] : span[1]].lower())

    return names(own) or not any(names(h) for h in heads)


_PERIOD_NAMED = re.compile(
    r"(?:\bper[ \t]+(?:[A-Za-z]+[ \t]+(?=(?i:minute|hour|day|week|month|year)s?\b))?|/[ \t]*)"
    r"(?P<den>[A-Za-z]+)\b|\b(?P<adv>" + "|".join(w for w in PERIOD_WORDS if w != "p.a.") + r")\b",
    re.IGNORECASE,
)


def declared_per(ev: EvidenceQuantity) -> str:
    """The period a table cell's column header or row label names for it ("API
    calls/day" -> ``day``, "Monthly premium" -> ``month``, "Skip hire (per week)" ->
    ``week``), else the table's title ("(prices per month)"), or ``""`` when they name
    none or two different ones. Cached."""
    return _declared_by_labels(ev, "declared_per", _periods_named)


def declared_unit_per(ev: EvidenceQuantity) -> str:
    """The unit denominator a bare table cell's column header or row label names ("Per
    mile" -> ``mi``, "Price (£/kg)" -> ``kg``), else the table's title ("tariff (per
    bushel)"), or ``""`` when they name none, or two different ones. Cached."""
    if ev.per:
        return ""
    return _declared_by_labels(ev, "declared_unit_per", _unit_dens_named)


def _declared_by_labels(
    ev: EvidenceQuantity, key: str, named: Callable[[str, int, int], set[str]]
) -> str:
    """The one denominator ``named`` finds in a table cell's row label and column header,
    else in the table's title ("SIM-only plans (prices per month, incl. VAT)"); ``""``
    for none or two. Cached in ``ev.cache[key]``."""
    if ev.index is None or ev.span is None:
        return ""
    cache = ev.cache
    if cache is None:
        cache = ev.cache = {}
    got: str | None = cache.get(key)
    if got is not None:
        return got
    index = ev.index
    text = index.text
    cell = index.table_cell(ev.span[0])
    found: set[str] = set()
    if cell is not None and cell.col >= 0:
        spans = [cell.cells[0]] if cell.col > 0 else []
        hcells = index.head_cells(cell)
        if hcells is not None and len(hcells) == len(cell.cells):
            spans.append(hcells[cell.col])
        # a text cell of the row that states a rate's basis ("Cased spirits storage | per
        # pallet per week | £3.85"): the value is per that
        spans += [
            (a, b)
            for k, (a, b) in enumerate(cell.cells)
            if 0 < k != cell.col and _PER_CELL.fullmatch(text, a, b)
        ]
        for a, b in spans:
            found |= named(text, a, b)
        if not found and cell.head is not None and cell.head > 0:
            title = text.rfind("\n", 0, cell.head - 1) + 1
            found = named(text, title, cell.head - 1)
    got = cache[key] = found.pop() if len(found) == 1 else ""
    return got


_PER_AT = re.compile(r"(?i:\bper\b)|/")


def _unit_dens_named(text: str, a: int, b: int) -> set[str]:
    """The unit denominators ``text[a:b]`` names ("Per mile", "(£/kg)")."""
    found = set()
    for m in _PER_AT.finditer(text, a, b):
        got = read_per(text[:b], m.start())
        if got is None or got[2]:
            continue
        unit = units.UNITS.get(got[0])
        if unit is not None and unit.dimension not in ("currency", "time") and not unit.offset:
            found.add(got[0])
    return found


_PER_CELL = re.compile(r"[ \t]*(?i:per)[ \t]+[^\d|\t\n]*")
"""A table cell that states a rate's basis in words and no number ("per pallet per week")."""
_BARE_PERIOD = re.compile(
    r"[ \t*]*(?i:(day|week|month|year|night|hour|fortnight|quarter))s?"
    r"(?:[ \t]*\([^()\d]{1,8}\))?[ \t*]*"
)
"""A column header that is a period alone ("Day", "Week", "Month (£)"): its values are
per that period."""


_PER_NUMBER = re.compile(r"[ \t](?i:per)[ \t]+\d")
"""A period with a number ("per 30 min")."""
_PERIOD_UNITS = frozenset(p for p in PERIODS.values() if p)


def _periods_named(text: str, a: int, b: int) -> set[str]:
    """The rate periods ``text[a:b]`` names ("per month", "Monthly", a header "Week", "Labour
    per 30 min")."""
    bare = _BARE_PERIOD.fullmatch(text, a, b)
    if bare is not None:
        return {PERIODS[bare.group(1).lower()] or bare.group(1).lower()}
    found = set()
    for m in _PER_NUMBER.finditer(text, a, b):  # "Labour per 30 min": per 30 minutes
        got = read_per(text[:b], m.start())
        if got is not None and got[2] and got[0].partition(" ")[2] in _PERIOD_UNITS:
            found.add(got[0])
    if found:
        return found
    for m in _PERIOD_NAMED.finditer(text, a, b):
        if m.group("adv"):
            found.add(PERIOD_WORDS[m.group("adv").lower()])
        else:
            period = PERIODS.get(m.group("den").lower())
            if period:
                found.add(period)
    return found


def names_a_unit(ev: EvidenceQuantity) -> bool:
    """True when the labels of a bare number ``ev`` name a percentage, money or any unit
    ("Copper (kt)", "NO2 (µg/m³)", "Change (%)"); False for a plain "Gold" column."""
    return text_names_a_unit(declared_text(ev))


def text_names_a_unit(text: str) -> bool:
    """True when ``text`` names a percentage, money or any unit ("Proof load (kN)")."""
    if not text:
        return False
    if _PERCENT.search(text) or _declared_money(text, "") is not None:
        return True
    for d in _UNIT_DIMENSIONS:
        pat = _dimension_pattern(d)
        if pat is not None and pat.search(text):
            return True
    return False


_UNIT_DIMENSIONS = tuple(sorted({u.dimension for u in units.UNITS.values()} - {"number"}))


_QUALIFIER = r"(?i:net|gross|metric|dry|wet|fresh|raw)[ \t]+"
"""A word between a label's scale and its unit: "million net tonnes", "'000 dry tonnes"."""


@lru_cache(maxsize=64)
def _dimension_pattern(dimension: str) -> re.Pattern[str] | None:
    """Any alias of a unit of ``dimension`` as a word (group ``unit``), after an
    optional scale word (group ``scale``: "thousand tonnes", "'000 t") and an optional
    :data:`_QUALIFIER` ("million net tonnes"); a one-letter
    alias only after a scale word, inside brackets or next to ``/`` ("(t/ha)",
    "mg/L")."""
    aliases = sorted((a for a, u in units.UNITS.items() if u.dimension == dimension), key=len)
    if not aliases:
        return None
    words, letters = [], []
    for a in reversed(aliases):  # longest first
        esc = re.escape(a).replace(r"\ ", r"[ \t]+")
        if len(a) > 3 and a.isalpha():  # a spelled-out name: any case ("Calories")
            words.append(rf"(?i:{esc})")
        elif len(a) >= 2:  # a symbol: its case matters ("mL", "MW")
            words.append(esc)
        else:
            letters.append(esc)
    scale = r"(?:(?i:thousands?|millions?|billions?|'?000s?|mn|bn)|(?<![\w/])[mk](?=[ \t]+[a-z]{3}))[ \t]+"
    word = rf"(?<![\w/])(?:{'|'.join(words)})(?!\w)" if words else "(?!)"
    letter = rf"(?:{'|'.join(letters)})" if letters else "(?!)"
    return re.compile(
        rf"(?P<scale>{scale})?(?:{_QUALIFIER})?(?P<unit>{word}"
        rf"|(?<=[(\[/]){letter}(?=[)\]/\s,;]|$)|(?<![\w/]){letter}(?=/))"
        rf"|(?P<scale2>{scale})(?P<unit2>{letter})(?=[)\]/\s,;]|$)"
    )


_WORDS = "|".join(
    sorted(w for w, code in units.CURRENCY_WORDS.items() if " " not in w and len(code) == 3)
)
_MONEY = re.compile(
    r"(?:(?P<pre>(?i:thousands?|millions?|billions?|'?000s?))[ \t]+)?"
    r"(?P<cur>US\$|A\$|AU\$|C\$|NZ\$|HK\$|S\$|R\$|\$|€|£|¥|₹|₩|(?<![A-Za-z])RM(?![A-Za-z])"
    r"|(?<![A-Za-z])(?:" + CODES + r")(?![A-Za-z])"
    r"|(?i:\b(?:pence|cents?|dollars?|euros?|pounds|" + _WORDS + r")\b)"
    r"|(?<![A-Za-z])p(?=[ \t]*/))"
    r"(?:[ \t]*(?P<post>(?i:thousands?|millions?|billions?|mn|bn|m|k|'?000s?))(?![A-Za-z]))?"
)
"""A currency named by a label, with a scale word before or after it ("US$ million",
"£m", "(€ '000)", "thousand dollars", "pence per litre")."""
_NAME_AFTER = re.compile(r"[ \t]+(?!(?i:per|in|a|an|each|only)\b)[A-Za-z0-9]")
"""After a capitalised "Euro", the word or number of a name it leads."""
_MONEY_WORDS = {**units.CURRENCY_WORDS, "pounds": "GBP", "p": "GBP¢"}
"""Currency words of labels (a trailing "¢" marks hundredths: "pence", "cents")."""
_PERCENT = re.compile(r"(?<![\d.])%|(?i:\bper[ \t]?cent\b|\bpercent(?:age)?\b)")
_PERCENT_UNIT = units.Unit("percent", "%")
_PP = re.compile(r"(?<![\w.])(?:pp|ppts?|pts)(?![\w.])|(?i:\bpercentage[ \t-]points?\b)")
"""A label naming percentage points ("Drawdown (pp)", "change, percentage points")."""
_PP_UNIT = units.Unit("pp", "pp")


def _scale_of(word: str | None) -> float:
    """The factor of a scale word ("thousand", "millions", "'000", "bn", "m", "dozen"; 1 for
    none)."""
    w = (word or "").strip().lower().strip("'")
    if w.rstrip("s") == "dozen":
        return 12.0  # "Oysters (dozen)"
    return units.SCALE_WORDS.get(w.rstrip("s")) or TABLE_SCALES.get(w) or SCALES.get(w) or 1.0


def _declared_money(text: str, per: str) -> tuple[units.Unit, float] | None:
    """The currency (as a Unit whose symbol is its code) and scale a label names."""
    for m in _MONEY.finditer(text):
        raw = m.group("cur")
        if raw == "Euro" and _NAME_AFTER.match(text, m.end("cur")):
            continue  # "Euro 1200×800", "Euro pallet", "Euro 6": a name, not the currency
        low = raw.lower()
        code = _MONEY_WORDS.get(low) or SYM_CODE.get(raw, raw.upper())
        factor = 0.01 if code.endswith("¢") else 1.0
        code = code.rstrip("¢")
        rate = read_per(text, m.end())
        stated = rate[0] if rate is not None else ""
        if not _fits(stated, per) and not (
            not stated
            and per
            and (_names_period(text, per) or per in _unit_dens_named(text, 0, len(text)))
        ):
            ratio = _denominator_ratio(stated, per)
            if ratio is None:
                continue  # but "Daily rates ... (EUR)" declares euros per day, and "Price
                # per running metre (EUR)" euros per metre
            factor *= ratio  # "(EUR per kg)" declares 3,460 euros per tonne for "3.46"
        return units.Unit("currency", code, factor), _scale_of(m.group("pre") or m.group("post"))
    return None


def _denominator_ratio(stated: str, per: str) -> float | None:
    """:func:`~veracity.numeric.rates.per_ratio` for two named units that are no periods
    ("kg" and "t": 1,000; a price per kg is 1,000 times that per tonne); None otherwise (a
    price per day is no seventh of one per week, and "per 100 km" names no unit)."""
    a, b = units.UNITS.get(stated), units.UNITS.get(per)
    if a is None or b is None or "time" in (a.dimension, b.dimension):
        return None
    return per_ratio(stated, per)


_EACH = frozenset({"unit", "item", "piece", "each"})
"""Denominators of a price of one thing: "per unit" is "each"."""


def _fits(stated: str, per: str) -> bool:
    """A declared denominator fits a claim's: equal, or one the compound of the other
    ("GB/month" and "GB")."""
    if (
        stated == per
        or (not per and (stated in lexicon.PER_HEAD or stated in _EACH))
        or (not stated and (per in lexicon.PER_HEAD or per in _EACH))
    ):
        return True  # "(ISK per person)": "an adult place costs ISK 24,500" is per person;
        # "Fee (USD)" under "(per student)": "$690 per student"; "(GBP per unit)": "£1.24
        # each"
    return (
        bool(stated and per)
        and ("/" in stated) != ("/" in per)
        and (stated.partition("/")[0] == per.partition("/")[0])
    )


def _names_period(text: str, per: str) -> bool:
    """Whether ``text`` names the period ``per`` ("annual change (%)" names a year):
    a percentage per year ("annual inflation of 2.8%") may be read from such a table."""
    words = [w for w, p in PERIOD_WORDS.items() if p == per] + [per]
    pattern = r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\b"
    return re.search(pattern, text, re.IGNORECASE) is not None


def declared_unit(text: str, dimension: str, per: str = "") -> tuple[units.Unit, float] | None:
    """The unit of ``dimension`` that ``text`` names for a bare number, and the scale
    word before it: ``(Unit, scale)``, or None. The unit's own rate denominator
    ("µg/m³", "tonnes per hectare") must be ``per`` (none when ``per`` is ``""``, so a
    "(m³/ha)" column does not declare cubic metres), or convert to it ("(kg/m3)" declares
    grams per litre for a claim per litre). Money: a currency with a scale word
    ("US$ million", "(pence per litre)": the Unit's symbol is the currency code and its
    factor 0.01 for pence / cents); percentages: "%" or "percent" in the label (and, for a
    percentage per a period, that period: "annual change (%)")."""
    if not text:
        return None
    if dimension == "currency":
        return _declared_money(text, per)
    if dimension == "percent":
        if not _PERCENT.search(text) or (per and not _names_period(text, per)):
            return None
        return _PERCENT_UNIT, 1.0
    if dimension == "pp":  # "Drawdown (pp)", "Change (percentage points)"
        return (_PP_UNIT, 1.0) if _PP.search(text) and not per else None
    if dimension == "length" and _INCHES.search(text):
        return units.SYMBOLS["in"], 1.0  # "Gauge (in)": "in" is inches only in brackets
    if dimension == "current" and "(A)" in text:
        return units.SYMBOLS["A"], 1.0  # "Rated current (A)": a lone "A" only in brackets
    found = _declared_measure(text, dimension, per)
    if found is None and dimension == "speed" and not per:
        # "Infiltration rate (mm/h)": a length per time, read in metres per second
        length = _declared_measure(text, "length", "s")
        period = _SHORT_PERIOD.search(text)
        if length is not None and period is not None:
            unit, scale = length
            return units.Unit("speed", f"{unit.symbol}/{period.group(1)}", unit.factor), scale
    return found


_SHORT_PERIOD = re.compile(r"(?:/|\bper[ \t]+)((?i:h|hr|hour|min|minute|s|sec|second))\b")
"""The hour, minute or second of a speed's label ("mm/h"); a length per a longer period
("mm/year") is growth or drainage (see :data:`veracity.numeric.rates.LONG_PERIODS`)."""


def _declared_measure(text: str, dimension: str, per: str) -> tuple[units.Unit, float] | None:
    """:func:`declared_unit` for a unit of the registry (no money, percentage or inches)."""
    pat = _dimension_pattern(dimension)
    if pat is None:
        return None
    first: tuple[units.Unit, float] | None = None
    for m in pat.finditer(text):
        alias = re.sub(r"[ \t]+", " ", m.group("unit") or m.group("unit2"))
        unit = units.UNITS.get(alias) or units.UNITS.get(alias.lower())
        if unit is None or unit.dimension != dimension:
            continue
        rate = read_per(text, m.end())
        stated = rate[0] if rate is not None else ""
        if not _fits(stated, per):
            k = per_ratio(stated, per) if stated and per else None
            if k is None:
                continue
            # "Total N (kg/m3)" declares 3.6 g per litre for "3.6": kg/m³ read per L
            unit = units.Unit(unit.dimension, unit.symbol, unit.factor * k, unit.offset)
        found = unit, _scale_of(m.group("scale") or m.group("scale2"))
        line = text.rfind("\n", 0, m.start()) + 1
        if text.count("(", line, m.start()) > text.count(")", line, m.start()):
            return found  # a unit in brackets declares: "3.6 GHz (MHz won)" is in MHz
        if first is None:
            first = found
    return first


_INCHES = re.compile(r"\((?:in\.?|inches)\)")
"""A label's unit of inches: "Gauge (in)" ("in" alone is a preposition)."""

_EARLIER_HEAD = re.compile(
    r"\b(?i:prior|previous|preceding|last|ago|same[ \t]+(?:week|month|quarter|period))\b"
)


_CHANGE_HEAD = re.compile(r"\b(?i:change|vs|versus|compared|growth|difference|on)\b")
"""A column of changes against an earlier period ("Change vs prior year") states the
current period's change, not an earlier value."""


def earlier_header(head: str) -> str:
    """The words by which a column header names an earlier period than the table's own
    ("same week" of "Same week 2024", "prior" of "Prior year"), lower case, when it names
    no change against it; else ``""``."""
    m = _EARLIER_HEAD.search(head)
    if m is None or _CHANGE_HEAD.search(head):
        return ""
    return re.sub(r"[ \t]+", " ", m.group().lower())


def earlier_column(ev: EvidenceQuantity) -> str | None:
    """The header of a table cell's column when it names an earlier period than the
    table's own ("Prior sitting pass rate", "Last week", "Year ago"), else None."""
    cache = ev.cache
    if cache is not None and "earlier" in cache:
        got: str | None = cache["earlier"]
        return got
    own = _own_header(ev)
    head = ev.index.text[own[1][0] : own[1][1]].strip() if own and ev.index else ""
    got = head if head and earlier_header(head) else None
    if cache is None:
        cache = ev.cache = {}
    cache["earlier"] = got  # asked for every candidate of every claim: read once
    return got


def _own_header(ev: EvidenceQuantity) -> tuple[TableCell, tuple[int, int]] | None:
    """The table row of a cell ``ev`` and the span of its column's header, or None when
    ``ev`` is not in a table column under a header line of as many cells."""
    if ev.index is None or ev.span is None:
        return None
    index = ev.index
    cell = index.table_cell(ev.span[0])
    hcells = index.head_cells(cell) if cell is not None else None
    if cell is None or hcells is None or len(hcells) != len(cell.cells) or cell.col < 0:
        return None
    return cell, hcells[cell.col]
