"""What neighbouring quantities share: a number joined to the one before it takes that
one's direction ("lost 2.7% on the day and 3.1% over the week"), rate denominator
("144.9p a litre, down from 145.3p") or unit ("845 x 598 x 600 mm"); the numbers of a
list take the unit after its last ("3, 4 and 5 mm"), a value the unit of its tolerance ("2.0 ± 0.3
mm"); a part takes the unit of its whole
("1,150 of the appellation's 4,800 hectares")."""

from __future__ import annotations

import itertools
import re

from veracity.numeric import units
from veracity.numeric.quantity import Quantity

__all__ = ["share_with_neighbours"]


def share_with_neighbours(
    text: str, found: list[Quantity], *, compared_units: bool = False
) -> None:
    """Apply the sharing rules below to ``found`` (quantities of ``text`` in order),
    in place; ``compared_units`` also gives a bare number the unit of the value it is
    compared with (for evidence: a bare claim still meets a value with a unit, but a
    claim with a unit would no longer meet the same bare number in the evidence)."""
    _share_directions(text, found)
    _share_rates(text, found)
    _share_dimension_units(text, found)
    _share_list_units(text, found)
    _share_plus_minus_units(text, found)
    _share_whole_units(text, found)
    _share_compared_units(text, found, compared_units)
    if compared_units:
        _share_list_rates(text, found)
        _share_parallel_units(text, found)


_AND_GAP = re.compile(
    r"(?:[ \t]+(?!(?i:is|are|was|were|stood|reached|remained|hit|at|to)\b)[^\W\d_]+){0,4}"
    r"[ \t]+and[ \t]+(?:(?:by|of)[ \t]+)?$"
)
"""The words between two numbers joined by "and", with no verb of their own ("lost 2.7%
on the day and 3.1% over the week")."""


def _share_directions(text: str, found: list[Quantity]) -> None:
    """A number joined by "and" to the one before it, of the same kind and with no
    direction word of its own, takes that one's direction ("lost 2.7% on the day and
    3.1% over the week": both fell)."""
    for prev, q in itertools.pairwise(found):
        if q.direction or not prev.direction or q.dimension != prev.dimension:
            continue
        if q.start - prev.end <= 60 and _AND_GAP.fullmatch(text, prev.end, q.start):
            q.direction = prev.direction


_FROM_GAP = re.compile(
    r"[^.;:!?\n]{0,60}\b(?:from|than|versus|vs\.?|against|compared[ \t]+with|down|up|averaging)"
    r"[ \t]+$",
    re.IGNORECASE,
)
"""The words between a rate and a second value of the same thing ("144.9p a litre this
week, down from 145.3p", "38 to 55 ringgit per kg, averaging 46.2 ringgit")."""


def _share_rates(text: str, found: list[Quantity]) -> None:
    """A value of the same unit with no denominator of its own, after "from",
    "than", "down"... following a rate, takes that rate's denominator ("$2.96 a kilo, down
    from $3.02": both per kilo; "$8,126 a tonne, down $214")."""
    for prev, q in itertools.pairwise(found):
        if (
            q.per
            and not prev.per
            and q.dimension == prev.dimension == "currency"
            and units.currencies_compatible(q.unit, prev.unit)
            and _TO_GAP.fullmatch(text, prev.end, q.start)
        ):
            prev.per = q.per  # "from USD 412 to USD 437 per cubic metre": both per m³
            continue
        if q.per or not prev.per or q.dimension != prev.dimension:
            continue
        if q.unit != prev.unit and not (
            q.dimension == "currency" and units.currencies_compatible(q.unit, prev.unit)
        ):
            continue  # but "US$446/t ..., compared with $440": both dollars a tonne
        if q.noun and prev.noun and q.noun != prev.noun:
            continue  # "467 cfu per 100 ml from 19 samples": two things counted
        if q.start - prev.end <= 70 and (
            _FROM_GAP.fullmatch(text, prev.end, q.start)
            or (  # "the daily range from 40 miles to 65 miles": both per day
                _TO_GAP.fullmatch(text, prev.end, q.start)
                and _FROM_END.search(text, max(0, prev.start - 8), prev.start)
            )
        ):
            q.per = prev.per


_LIST_GAP = re.compile(r"[^,.;:!?\n]{0,24},[^.;:!?\n]{0,80}")
_JOINED = re.compile(r"\b(?i:and|or|plus|but|with|while|whereas|including|except)\b")


def _share_list_rates(text: str, found: list[Quantity]) -> None:
    """In a price list written out in prose, the prices after a rate take its denominator
    ("small £65 per session, medium (up to 10 cm x 10 cm) £110, large £175": all per
    session): an amount with no denominator of its own, after a comma from the last amount
    before it in the same currency, with no "and", "plus", "with"... between (for
    evidence: a claim with no denominator still meets one)."""
    last: Quantity | None = None
    for q in found:
        if q.dimension != "currency":
            continue
        if (
            last is not None
            and not q.per
            and last.per
            and q.low is None
            and units.currencies_compatible(q.unit, last.unit)
            and _LIST_GAP.fullmatch(text, last.end, q.start)
            and _JOINED.search(text, last.end, q.start) is None
        ):
            q.per = last.per
        last = q


_FROM_END = re.compile(r"\b(?i:from)[ \t]+[$€£¥₹]?$")
_TO_GAP = re.compile(r"[ \t]+to[ \t]+")
"""Between the two values of a change written with a code before each ("from USD 412 to
USD 437 per cubic metre"): the rate after the second is the first's too."""
_TIMES_GAP = re.compile(r"[ \t]*(?:[x×]|by)?[ \t]*(?:[WDHL][ \t]?)?")
"""What separates the numbers of a dimension chain: "845 x 598 x 600 mm", "20 by 30 cm",
"W 440 x D 650 x H 130 mm" (an axis letter before each side)."""


def _share_dimension_units(text: str, found: list[Quantity]) -> None:
    """The numbers of a dimension chain take the unit written after the last of them
    ("845 x 598 x 600 mm": three lengths in millimetres; "20 by 30 cm")."""
    for i in range(len(found) - 1, 0, -1):
        p, q = found[i - 1], found[i]
        if (
            p.unit == "x"
            and p.dimension == "ratio"
            and _bare(q)
            and q.start - p.end <= 6
            and _TIMES_GAP.fullmatch("x" + text[p.end : q.start]) is not None
        ):  # "150 x 110 x 70" under "Internal dimensions (mm)": sides, not multiples
            p.end = p.start + len(text[p.start : p.end].rstrip(" \txX×"))
            p.dimension, p.unit, p.noun = "number", "", ""
            continue
        # by alias, so not inches ("in"): "2 x 12in" is two 12-inch speakers and "500 x
        # 2-inch boxes" 500 boxes, where a chain in mm or cm is one object's sides
        unit = units.UNITS.get(q.unit)
        if unit is None or unit.dimension != "length" or p.low is not None:
            continue
        bare = p.dimension == "number" or (p.unit == "x" and p.dimension == "ratio")
        if not bare or q.start - p.end > 6:
            continue
        gap = text[p.end : q.start]
        if p.unit == "x":  # "845 x" was read as a multiplier: its "x" joins the chain
            gap = "x" + gap
        if not gap.strip() or _TIMES_GAP.fullmatch(gap) is None:
            continue
        if p.unit == "x":
            p.end = p.start + len(text[p.start : p.end].rstrip(" \txX×"))
        p.take_unit("length", q.unit, unit)
        p.noun = ""


_LAST_GAP = re.compile(r"[ \t]+(?:and|or)[ \t]+")
"""Before the last number of a list: "3 and 5 mm", "10 or 12 kg"."""
_OXFORD_GAP = re.compile(r"[ \t]*,[ \t]*(?:and|or)[ \t]+")
"""The same after a comma, in a list of three or more ("3, 4, and 5 mm")."""
_COMMA_GAP = re.compile(r"[ \t]*,[ \t]*")
"""Between the earlier numbers of a list ("3, 4 and 5 mm")."""
_LIST_DIMS = frozenset(
    {"length", "mass", "volume", "area", "time", "energy", "power", "percent", "temperature"}
)


def _bare(q: Quantity) -> bool:
    return q.dimension == "number" and not q.noun and q.low is None and not q.excluded


def _share_list_units(text: str, found: list[Quantity]) -> None:
    """The bare numbers of a list take the unit written after its last number ("3, 4 and
    5 mm", "gauges .032, .042 and .052 inches", "10 or 12 kg", "70, 80 and 90 °C"). The
    last two are joined by "and" / "or" (after a comma only in a list of three or more),
    the earlier ones by commas: "aged under 18, 23% were ..." and "down from 14, and 62%"
    are no lists."""
    for i in range(len(found) - 1, 0, -1):
        q = found[i]
        if q.dimension not in _LIST_DIMS or q.low is not None or q.excluded:
            continue
        unit = units.SYMBOLS.get(q.unit)
        if unit is None and q.dimension != "percent":
            continue
        members: list[Quantity] = []
        k = i - 1
        p = found[k]
        if not _bare(p) or q.start - p.end > 8:
            continue
        if _LAST_GAP.fullmatch(text, p.end, q.start):
            members.append(p)
        elif _OXFORD_GAP.fullmatch(text, p.end, q.start) and k > 0:
            before = found[k - 1]
            if _bare(before) and _COMMA_GAP.fullmatch(text, before.end, p.start):
                members.append(p)
        if not members:
            continue
        while k > 0:  # the earlier numbers, joined by commas
            before = found[k - 1]
            if not _bare(before) or not _COMMA_GAP.fullmatch(text, before.end, found[k].start):
                break
            members.append(before)
            k -= 1
        for m in members:
            m.take_unit(q.dimension, q.unit, unit)
            m.per = q.per


_PLUS_MINUS_GAP = re.compile(r"[ \t]*(?:±|\+/-|\+/−|\+-)[ \t]*")
"""Between a value and its tolerance: "2.0 ± 0.3 mm", "5.2±0.3 mmol/L", "7.2 +/- 0.4%"."""


def _share_plus_minus_units(text: str, found: list[Quantity]) -> None:
    """A bare number before "±" and a tolerance with a unit takes that unit ("pre-travel
    2.0 ± 0.3 mm": 2.0 mm)."""
    for p, q in itertools.pairwise(found):
        if not _bare(p) or q.start - p.end > 6 or q.low is not None or q.excluded:
            continue
        unit = units.SYMBOLS.get(q.unit)
        if unit is None and q.dimension != "percent":
            continue
        if q.dimension == "number" or not _PLUS_MINUS_GAP.fullmatch(text, p.end, q.start):
            continue
        p.take_unit(q.dimension, q.unit, unit)
        p.per = q.per


_PART_OF = re.compile(r"[ \t]+of[ \t]+(?:(?:the|its|their|[\w'’-]+['’]s?)[ \t]+){0,3}")
"""Between a part and its whole: "1,150 of the appellation's 4,800 hectares"."""
_WHOLE_DIMS = frozenset({"length", "mass", "volume", "area", "time", "energy", "power"})


def _share_whole_units(text: str, found: list[Quantity]) -> None:
    """A bare number right before "of (the) ... <whole> <unit>" is a part of that whole,
    in its unit ("1,150 of the appellation's 4,800 hectares": 1,150 hectares)."""
    for p, q in itertools.pairwise(found):
        if p.dimension != "number" or p.noun or p.low is not None:
            continue
        if q.dimension not in _WHOLE_DIMS:
            continue
        unit = units.SYMBOLS.get(q.unit)
        if unit is None or q.start - p.end > 40 or not _PART_OF.fullmatch(text, p.end, q.start):
            continue
        p.take_unit(q.dimension, q.unit, unit)


_COMPARED_GAP = re.compile(
    r"(?:[ \t]*(?:(?:per|a|an|each|every)[ \t]+|/)[^\W\d_]+)?[ \t]*,?[ \t]*"
    r"(?:(?:up|down)[ \t]+)?(?:from|than|versus|vs\.?|against|compared[ \t]+(?:with|to)"
    r"|(?:against|versus|from)[ \t]+(?:a|the)[ \t]+(?:target|forecast|estimate|budget|goal)"
    r"[ \t]+of)[ \t]+$",
    re.IGNORECASE,
)
"""Between a value and the one it is compared with ("41 hours, up from 38", "24 minutes
against a target of 30", "$4.1 million from $3.8")."""
_COMPARED_DIMS = _LIST_DIMS | {"currency", "speed", "pp"}


def _share_compared_units(text: str, found: list[Quantity], bare_too: bool) -> None:
    """A bare number compared with the value before it is in that value's unit ("24
    minutes against a target of 30": 30 minutes; when ``bare_too``, and not after a
    change: "up 17% from 318" is no percentage), and an amount
    in the same currency without a scale word takes that value's scale ("$4.1 million
    from $3.8": $3.8 million)."""
    for prev, q in itertools.pairwise(found):
        if q.dimension == "number":
            if not bare_too or q.noun or prev.direction or q.direction:
                continue
        elif q.dimension != "currency" or q.scale != 1.0 or prev.scale == 1.0:
            continue
        if prev.dimension not in _COMPARED_DIMS or prev.low is not None or q.low is not None:
            continue
        if q.excluded or q.start - prev.end > 50:
            continue
        if not _COMPARED_GAP.fullmatch(text, prev.end, q.start):
            continue
        if q.dimension == "number":
            unit = units.SYMBOLS.get(prev.unit)
            if unit is None and prev.dimension not in ("percent", "pp", "currency"):
                continue
            q.take_unit(prev.dimension, prev.unit, unit)
            q.per = q.per or prev.per
            if prev.dimension == "currency" and prev.scale != 1.0:
                q.rescale(prev.scale)
        elif (
            q.dimension == "currency"
            and q.unit == prev.unit
            and q.scale == 1.0
            and prev.scale != 1.0
            and prev.stated / prev.scale / 10 <= q.stated <= prev.stated / prev.scale * 10
        ):
            q.rescale(prev.scale)


_PARALLEL_GAP = re.compile(
    r"[ \t]+(?P<prep>in|for|at|on|during|by)[ \t]+[\w'’/-]{1,15}[ \t]*,?"
    r"(?:[ \t]+(?:and|to|then|or))?[ \t]+$"
)
"""Between a value with its qualifier and the next value: "16 days in Q1 to " of "16 days
in Q1 to 13 in Q2"."""


def _share_parallel_units(text: str, found: list[Quantity]) -> None:
    """A bare number after a value with a unit, each followed by a qualifier of the same
    preposition, is in that unit ("fell from 16 days in Q1 to 13 in Q2 and 11 in Q3": 13
    and 11 days); applied left to right, so a chain shares one unit."""
    for prev, q in itertools.pairwise(found):
        if not _bare(q) or prev.dimension not in _COMPARED_DIMS or prev.low is not None:
            continue
        if q.start - prev.end > 40 or q.direction:
            continue
        gap = _PARALLEL_GAP.fullmatch(text, prev.end, q.start)
        if gap is None or not text.startswith(f" {gap.group('prep')} ", q.end):
            continue
        unit = units.SYMBOLS.get(prev.unit)
        if unit is None and prev.dimension not in ("percent", "pp", "currency"):
            continue
        q.take_unit(prev.dimension, prev.unit, unit)
        q.per = q.per or prev.per
        if prev.dimension == "currency" and prev.scale != 1.0:
            q.rescale(prev.scale)
