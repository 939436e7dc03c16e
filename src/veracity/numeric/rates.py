"""Rates: the denominator written after a quantity ("$10 per day", "6.8 L/100 km").

:func:`read_per` reads it at the end of a quantity and names it canonically, so that
"$45 a month", "$45/month", "$45 per month" and "$45 monthly" all give ``month`` and
"per kilogram" / "/kg" give ``kg``. Forms, right after the quantity:

- ``per`` / ``each`` / ``every`` / ``/`` + optional number + a period ("day", "week",
  "annum", "night", ...), a counted thing ("person", "capita", "dose", "share", ...)
  or a unit ("kg", "100 km", "m²");
- ``a`` / ``an`` + a period, a spelled-out unit, or a person, share, ticket, item, dose,
  serving or seat ("$10 a day", "£1.45 a litre", "€5 a head", "85 cents a share");
- after the counted noun ("34,500 vehicles a week");
- failing those, a period adjective up to three words before the number ("a daily
  maximum of £14", "a monthly season ticket costs £165");
- an adverb: ``daily``, ``weekly``, ``monthly``, ``quarterly``, ``annually``,
  ``yearly``, ``hourly``, ``nightly``, ``p.a.``, or the adjective ``annual`` ("the 4.1 mm
  annual rise").

A period after another denominator makes a compound ("per hectare per year": ``ha/year``,
"per person per night": ``person/night``).

Verification (:mod:`veracity.numeric.verify`) converts two denominators that are
units of one dimension ("€340 per tonne" = "€0.34 per kg"; "$10 per month" is not "$10
per day") and treats other differing denominators as incomparable ("$5 per person" is
not "$5 per room"; "per hectare per month" is not "per hectare per year", but "per
hectare" may leave the period unstated); a value stated without one compares as before.
A distance per time unit is read as a speed ("12 km per hour" = 12 km/h).
"""

from __future__ import annotations

import re

from veracity.numeric import lexicon, units
from veracity.numeric.quantity import Quantity

__all__ = [
    "ADVERBS",
    "LONG_PERIODS",
    "PERIODS",
    "PERIOD_WORDS",
    "THINGS",
    "apply_rate",
    "denominator_kind",
    "per_ratio",
    "read_per",
    "written_denominators",
]

PERIODS: dict[str, str] = {
    **dict.fromkeys(["second", "seconds", "sec", "s"], "s"),
    **dict.fromkeys(["minute", "minutes", "min", "mins"], "min"),
    **dict.fromkeys(["hour", "hours", "hr", "hrs", "h"], "h"),
    **dict.fromkeys(["day", "days", "d"], "day"),  # "d" only after "/": "Ml/d"
    **dict.fromkeys(["night", "nights"], "night"),
    **dict.fromkeys(["week", "weeks", "wk"], "week"),
    **dict.fromkeys(["fortnight"], "fortnight"),
    **dict.fromkeys(["month", "months", "mo"], "month"),
    **dict.fromkeys(["quarter", "quarters"], "quarter"),
    **dict.fromkeys(["year", "years", "yr", "annum"], "year"),
    **dict.fromkeys(
        ["shift", "session", "visit", "trip", "game", "match", "season", "stay", "lesson"], ""
    ),
}
"""Period words -> canonical period (``""``: the word itself, singular)."""

THINGS: dict[str, str] = {
    **dict.fromkeys(
        ["person", "persons", "people", "capita", "head", "inhabitant", "population", "resident"],
        "person",
    ),
    **dict.fromkeys(
        """patient adult child household student employee worker share unit item dose
        tablet capsule serving portion bottle pack ticket passenger vehicle room guest
        seat copy page user customer member load""".split(),
        "",
    ),
    # abbreviations in table headers ("Mean delay (s/veh)", "(kg/pax)", "(£/hh)")
    "veh": "vehicle",
    "pax": "passenger",
    "hh": "household",
}
"""Counted things -> canonical (``""``: the word itself); plurals are taken off."""

ADVERBS: dict[str, str] = {
    "daily": "day",
    "nightly": "night",
    "weekly": "week",
    "fortnightly": "fortnight",
    "monthly": "month",
    "quarterly": "quarter",
    "annually": "year",
    "yearly": "year",
    "hourly": "h",
    "p.a.": "year",
}

_SP = r"[ \t\u00a0\u2009\u202f]"
_PER = re.compile(
    rf"{_SP}*(?:(?P<slash>/)|(?P<word>(?i:per|each|every|an|a))(?={_SP}))"
    rf"{_SP}*(?:(?P<n>\d{{1,3}}(?:,\d{{3}})+|\d{{1,7}}(?:\.\d+)?){_SP}*)?"
    rf"(?:(?i:installed|additional|extra|working|calendar|school|business|operating|"
    rf"trading|linear|running){_SP}+)?"  # "£5,000 per installed megawatt", "61.5 t per
    # working day", "£9 per linear metre"
    r"(?P<den>[^\W\d_][\w²³]*(?:-[^\W\d_]+)?)(?!\w)"
    r"(?!/(?!(?i:s|min|h|hr|day|night|week|wk|month|mo|quarter|year|yr|annum)\b))"
)
_QUALIFIER = re.compile(r"[ \t]+(?:DM|N|P|K|C|S|CO2e?|CO₂e?|P2O5|K2O|FW|DW)(?=/)")
"""A substance written between a unit and its denominator ("t DM/ha", "kg N/ha", "kg
CO2e/t"): the rate still follows."""
_TIME_AFTER = re.compile(rf"{_SP}+(?i:ago|earlier|later|(?:before|after)(?!{_SP}*\d))\b")
"""After "a year": a point in time ("8 % a year ago"), not a rate."""
_PER_POWER = re.compile(
    rf"{_SP}*(?i:per){_SP}+(?P<n>1(?:00|000|0000|00000|,000|0,000|00,000|,000,000))"
    r"(?![\d,.]*\d)(?![ \t]*[A-Za-z])"
)
""""per 100,000" with no word after it: a rate per a round number of things (what they
are is stated elsewhere, "Rate per 100,000 | 24.8")."""
_PERIOD_ADJECTIVES = {
    **{w: p for w, p in ADVERBS.items() if w not in ("fortnightly", "annually", "p.a.")},
    "annual": "year",
}
PERIOD_WORDS: dict[str, str] = {**ADVERBS, "annual": "year"}
"""Words that name a period, to its denominator ("annual" -> ``year``)."""
_PERIOD_BEFORE = re.compile(
    rf"\b(?i:({'|'.join(_PERIOD_ADJECTIVES)}))"
    r"(?:[ \t]+[^\W\d_][\w'’-]*){0,4}[ \t]+"
    r"(?:of[ \t]+|costs?[ \t]+|is[ \t]+|was[ \t]+|were[ \t]+|are[ \t]+|at[ \t]+)?"
    r"[$€£¥₹]?$"
)
"""A period adjective up to four words before a number ("a daily maximum of £14", "a
monthly season ticket costs £165", "Daily transits will be capped at 32"): the number is a
rate per that period."""
_AT_END = re.compile(r"\bat[ \t]+[$€£¥₹]?$", re.IGNORECASE)
_PLACE_AFTER = re.compile(
    r"[ \t]+(?i:depth|deep|below|above|high|down|up|from|altitude|elevation|away)\b"
)
"""After a measure "at" a place: "at 12 m depth", "at 300 m altitude"."""
_PER_PERIODS = ("day", "week", "month", "quarter", "year", "annum")
"""The periods :data:`_PER_PERIOD_BEFORE` reads (for speed, a window it matches holds one
of them; no other letter folds to theirs once the window is lower-cased)."""
_PER_PERIOD_BEFORE = re.compile(
    rf"\b(?i:per|a)[ \t]+(?i:({'|'.join(_PER_PERIODS)}))[ \t]+"
    r"(?i:was|were|is|are|averaged|came[ \t]+to|stood[ \t]+at|of)[ \t]+"
    r"(?:(?i:about|around|roughly|approximately|nearly|almost)[ \t]+)?[$€£¥₹]?$"
)
"""A rate's period stated before its value ("Average revenue per member per month was
£18.45"): the number is a rate per that period."""
_INVERSE = re.compile(rf"{_SP}+(?P<den>[^\W\d_][\w²³]*)(?:-1|⁻¹)(?![\w])")
"""Scientific notation for a denominator: "152 Wh kg-1", "128 mAh g⁻¹"."""
_ADVERB = re.compile(
    rf"{_SP}+(?P<adv>(?i:{'|'.join(w for w in PERIOD_WORDS if w != 'p.a.')})\b|p\.a\.)"
)
"""A period adverb or adjective right after a quantity ("£45 monthly", "the 4.1 mm annual
rise")."""
_OF_WHAT = re.compile(
    r" of(?:[ \t]+[^\W\d_][\w-]*){1,3}?(?=[ \t]*(?:/|(?i:per|an?|each|every)[ \t]|"
    rf"[ \t](?i:{'|'.join(w for w in ADVERBS if w != 'p.a.')})\b|[ \t]p\.a\.))"
)
"""" of <one to three words>" before a rate: what a measured quantity is of."""
_AFTER_A = frozenset({"a", "an"})
_RATE_AFTER_A = frozenset({"person", "share", "ticket", "item", "dose", "serving", "seat"})
"""Counted things that make a rate after "a" ("85 cents a share", "€5 a head")."""


def _canonical(den: str, word: str) -> str | None:
    """The canonical denominator of ``den`` after ``word`` ("per", "a", "/"...), or None."""
    low = den.lower()
    if low == "d" and word != "/":
        return None  # "Ml/d" is per day, "a d" is nothing
    if low in PERIODS:
        return PERIODS[low] or low
    thing = low if low in THINGS else low[:-1] if low[:-1] in THINGS else None
    if thing is not None:
        canon = THINGS[thing] or thing
        # "$5 a head", "85 cents a share" are rates; "a pack" after a number is a noun phrase
        return None if word in _AFTER_A and canon not in _RATE_AFTER_A else canon
    unit = units.UNITS.get(den) or units.UNITS.get(low)
    if unit is None or (word in _AFTER_A and not (len(den) > 3 and den.isalpha())):
        return None  # after "a", only a spelled-out unit: "£1.45 a litre", not "a m"
    return unit.symbol


_PERIOD_DENS = frozenset(
    {"s", "min", "h", "day", "night", "week", "fortnight", "month", "quarter", "year"}
)
"""Denominators that may follow another ("per hectare per year": ``ha/year``)."""


def read_per(text: str, pos: int) -> tuple[str, int, bool] | None:
    """The rate denominator written at ``pos`` (the end of a quantity), or None.

    Returns ``(denominator, end, with_number)``: the canonical denominator ("day",
    "kg", "100 km"), where it ends, and whether it holds a number (then the caller
    takes the whole span, so "100 km" of "per 100 km" is not read as a claim).
    """
    head = text[pos : pos + 24]
    # for speed: a qualifier ends at a "/", so with none in ``head`` it needs 19 blanks first
    if "/" in head or not head[:19].strip(" \t"):
        qualifier = _QUALIFIER.match(text, pos)
        if qualifier is not None:  # "t DM/ha", "kg N/ha": what is measured, then the rate
            pos = qualifier.end()
            head = text[pos : pos + 24]
    lead = head.split(None, 1)[:1]
    if (
        "/" not in head[:3]
        and not (lead and lead[0].lower().rstrip(".,;:)!?") in _FIRST_WORDS)
        and "-1" not in head
        and "⁻¹" not in head
    ):
        return None  # cheap test first: most numbers are followed by no rate at all
    m = _PER.match(text, pos)
    if (
        m is not None
        and (m.group("word") or "").lower() in ("a", "an")
        and _TIME_AFTER.match(text, m.end())
    ):
        m = None  # "8% a year ago"; but "£0.35 per hour after the first 10 minutes"
    if (
        m is not None
        and m.group("n") is not None
        and (m.group("word") or "").lower() == "each"
        and _MEASURE_AFTER.match(text, m.end())
    ):
        return None  # "12 streamers each 8 km long": each measures 8 km, no rate
    if m is not None:
        word = (m.group("word") or "/").lower()
        raw = m.group("den")
        den = _canonical(raw, word)
        end = m.end()
        if den is None and "-" in raw:  # "per head-count": the first part alone
            first = raw.split("-", 1)[0]
            den, end = _canonical(first, word), m.start("den") + len(first)
        if den is None and raw.lower() in ("cubic", "square", "sq", "metric"):
            # "per cubic metre", "per metric tonne"
            two = _SECOND_WORD.match(text, end)
            unit = units.UNITS.get(f"{raw.lower()} {two.group(1)}") if two else None
            if two is not None and unit is not None:
                den, end = unit.symbol, two.end()
        if den is None and m.group("n") is not None and raw.isalpha():
            # "176 per 100,000 young people": one adjective before the counted noun
            two = _SECOND_WORD.match(text, end)
            den2 = _canonical(two.group(1), word) if two is not None else None
            if two is not None and den2 is not None:
                den, end = den2, two.end()
        if den is None and word == "per" and m.group("n") is None:
            scale = units.SCALE_WORDS.get(raw.lower())
            if scale is not None and scale >= 100:  # "US$3.80 per thousand" (larvae)
                two = _SECOND_WORD.match(text, end)
                den2 = _canonical(two.group(1), "per") if two is not None else None
                if two is not None and den2 is not None:  # "per million people"
                    return f"{scale:.0f} {den2}", two.end(), True
                return f"{scale:.0f}", end, True
        if (
            den is None
            and word == "per"
            and m.group("n") is None
            and raw.lower().endswith(("ed", "ing"))
        ):  # "per loaded mile", "per running metre": a participle before the unit
            two = _SECOND_WORD.match(text, end)
            unit = units.UNITS.get(two.group(1).lower()) if two is not None else None
            if two is not None and unit is not None and unit.dimension != "currency":
                den, end = unit.symbol, two.end()
        if den is None and word == "per" and m.group("n") is None and raw.isalpha():
            then = _PER.match(text, end)  # "£3.85 per wearer per week": a rate per week
            if then is not None and then.group("n") is None:
                period = _canonical(then.group("den"), (then.group("word") or "/").lower())
                if period in _PERIOD_DENS:
                    return period, then.end(), False
        if den is not None:
            n = m.group("n")
            if n is None:
                then = _PER.match(text, end) if den not in _PERIOD_DENS else None
                if (
                    then is not None
                    and then.group("n") is None
                    and not (  # "/kg a year ago": a time, not per year
                        (then.group("word") or "").lower() in ("a", "an")
                        and _TIME_AFTER.match(text, then.end())
                    )
                ):
                    period = _canonical(then.group("den"), (then.group("word") or "/").lower())
                    if period in _PERIOD_DENS:  # "per hectare per year": both denominators
                        return f"{den}/{period}", then.end(), False
                adverb = _ADVERB.match(text, end) if den in lexicon.PER_HEAD else None
                if adverb is not None:  # "128 litres per person daily": per person per day
                    period = PERIOD_WORDS[adverb.group("adv").lower()]
                    if period in _PERIOD_DENS:
                        return f"{den}/{period}", adverb.end(), False
                return den, end, False
            if word in _AFTER_A or _BY_SIDE.match(text, end):
                return None  # ("per 2.4 m by 1.2 m sheet": per sheet, its size given)
            number = float(n.replace(",", ""))
            shown = f"{number:g}" if number != int(number) else str(int(number))
            return f"{shown} {den}", end, True
    bare = _PER_POWER.match(text, pos)
    if bare is not None:  # "25 per 100,000.": a rate per a round number of things
        return bare.group("n").replace(",", ""), bare.end(), True
    inv = _INVERSE.match(text, pos)
    if inv is not None:
        den = _canonical(inv.group("den"), "/")
        if den is not None:
            return den, inv.end(), True
    a = _ADVERB.match(text, pos)
    if a is not None:
        return PERIOD_WORDS[a.group("adv").lower()], a.end(), False
    return None


_BLANK = frozenset(" \t")
"""What :data:`_LATE_RATE` opens with (a cheap test before it)."""
_LATE_RATE = re.compile(
    r"(?:[ \t]+(?!(?i:and|but|or|for|within|after|over|lasts?|lasted|takes?|took)\b)"
    r"[A-Za-z'’-]+){1,6}?[ \t]+(?i:per|each|every|a|an)[ \t]+"
    r"(?i:(day|week|month|year|hour|night))"
    r"(?=[ \t]*(?:[.,;:)!?]|$|(?i:and|at|in|on|during|when|from|until)\b))"
)
"""A period rate closing the clause a few words after a quantity ("720 tonnes of tomatoes
are harvested each day.", "1.2 litres of moisture out of the air per day"); not "a day
pass"."""
_MEASURE_AFTER = re.compile(
    r"[ \t]+(?i:long|wide|tall|high|deep|thick|across|in[ \t]+(?:length|diameter|width))\b"
)
"""After "each" and a measure: what each measures ("each 8 km long")."""
_SECOND_WORD = re.compile(r"[ \t]+([A-Za-z]+)\b")
_BY_SIDE = re.compile(r"[ \t]*(?:by|x|×)[ \t]*\d", re.IGNORECASE)
"""After a measure: the other side of an object's size ("2.4 m by 1.2 m")."""
_FIRST_WORDS = frozenset(["per", "each", "every", "a", "an", *PERIOD_WORDS, "p.a"])
"""Words that may open a rate right after a number (see :func:`read_per`)."""


LONG_PERIODS = frozenset({"year", "month", "week"})
"""A length per one of these stays a length with that denominator ("152 mm a year" of
drainage, "3 cm per year" of growth), as "annual drainage of 152 mm" reads: a speed is a
length per hour, minute or second ("12 km per hour")."""


def apply_rate(text: str, q: Quantity) -> None:
    """Read the rate denominator after ``q`` ("per day", "/100 km"), after its counted
    noun ("vehicles a week") or, failing those, a period adjective before it ("a daily
    maximum of £14"): set ``q.per``, take a denominator holding a number into the span,
    and turn a distance per time into a speed ("12 km per hour")."""
    got = read_per(text, q.end)
    if got is None and q.noun:  # "34,500 vehicles a week": the rate follows the noun
        k = text[q.end : q.end + 60].lower().find(q.noun)
        after = read_per(text, q.end + k + len(q.noun)) if k >= 0 else None
        if after is not None:
            q.per = after[0]
            if after[2]:  # "467 cfu per 100 ml": "100 ml" is the rate's, not a claim
                q.end = after[1]
            return
    if got is None and q.unit and text[q.end : q.end + 4] == " of ":
        # "720 tonnes of vine tomatoes a week", "48 litres of water per cycle"
        what = _OF_WHAT.match(text, q.end)
        after = read_per(text, what.end()) if what is not None else None
        if after is not None:
            q.per = after[0]
            if after[2]:  # "48 litres of water per 100 cycles": the number is the rate's
                q.end = after[1]
            return
    if got is None:
        if q.dimension == "time":
            return  # a time span takes no period from the words around it
        if q.dimension != "percent" and text[q.end : q.end + 1] in _BLANK:
            late = _LATE_RATE.match(text, q.end)
            if late is not None:  # "720 tonnes of tomatoes are harvested each day."
                q.per = PERIODS[late.group(1).lower()]
                return
        window = text[max(0, q.start - 40) : q.start].lower()
        if ("per " in window or " a " in window) and any(p in window for p in _PER_PERIODS):
            said = _PER_PERIOD_BEFORE.search(text, max(0, q.start - 40), q.start)
            if said is not None:  # "revenue per member per month was £18.45"
                q.per = PERIODS[said.group(1).lower()] or said.group(1).lower()
                return
        if "ly" not in window and "annual" not in window:
            return  # no period adjective can be there
        before = _PERIOD_BEFORE.search(text, max(0, q.start - 40), q.start)
        if before is not None and not (
            _AT_END.search(before.group()) and (q.noun or _PLACE_AFTER.match(text, q.end))
        ):  # but "annual temperature at 12 m depth", "the annual fee at 12 sites": a place
            q.per = _PERIOD_ADJECTIVES[before.group(1).lower()]
        return
    per, end, with_number = got
    den = units.UNITS.get(per.rsplit(" ", 1)[-1])
    if with_number and den is not None and den.dimension == q.dimension:
        return  # "32 GB / 1 TB": two values of one kind, not a rate
    if with_number:
        q.end = end
    compound = units.UNITS.get(f"{q.unit}/{per}")
    if compound is not None and compound.dimension != "speed":  # "10 mg per kg" = 10 mg/kg
        q.dimension, q.unit = compound.dimension, compound.symbol
        q.value = q.stated * compound.factor + compound.offset
        return
    time_unit = units.UNITS.get(per.rsplit(" ", 1)[-1])
    if (
        q.dimension == "length"
        and time_unit is not None
        and time_unit.dimension == "time"
        and per not in LONG_PERIODS
    ):
        n = float(per.split(" ")[0]) if " " in per else 1.0
        seconds = n * time_unit.factor
        q.dimension, q.unit = "speed", f"{q.unit}/{per.replace(' ', '')}"
        q.value /= seconds
        q.half_unit /= seconds
        return
    q.per = per


def per_ratio(claim_per: str, ev_per: str) -> float | None:
    """The factor that turns a value per ``claim_per`` into a value per ``ev_per`` when
    both denominators are units of one dimension ("€340 per t" is "€0.34 per kg":
    340 x 1 kg / 1 t), else None. A number in a denominator counts ("per 100 km")."""
    a, b = _per_size(claim_per), _per_size(ev_per)
    if a is None or b is None or a[0] != b[0]:
        return None
    return b[1] / a[1]


def _per_size(per: str) -> tuple[str, float] | None:
    """(dimension, size in base units) of a unit denominator ("kg", "100 km"), or None."""
    count, _, name = per.rpartition(" ")
    unit = units.UNITS.get(name)
    if unit is None or unit.offset or unit.dimension == "currency":
        return None
    try:
        n = float(count) if count else 1.0
    except ValueError:
        return None
    return unit.dimension, n * unit.factor


_WRITTEN_PER = re.compile(
    rf"(?:{_SP}+[A-Za-z][A-Za-z-]*){{0,2}}?{_SP}*(?:/|(?i:per){_SP}+)"
    rf"(?:(?P<n>\d+){_SP}+|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve)"
    rf"(?:-[A-Za-z]+{_SP}+|{_SP}*))?"
    r"(?P<den>[^\W\d_][^\W\d]*)"
)
"""A denominator written after a quantity and at most two words ("$3 per round", "0.6
livestock units per hectare", "£18 per three-hour session")."""
_NEXT_PER = re.compile(rf"{_SP}*(?:/|(?i:per){_SP}+)(?P<den>[^\W\d_][^\W\d]*)")
_NOUN_AFTER = re.compile(rf"{_SP}+(?P<den>[A-Za-z]+)\b")


def written_denominators(text: str, pos: int) -> tuple[str, ...]:
    """The denominators that "per" or "/" write after the quantity ending at ``pos`` (and
    at most two words), in order ("per cow per day": ``("cow", "day")``): canonical when
    a known unit or period ("hectare" is ``ha``, "square kilometre" ``km²``), else the
    word in the singular ("round", "session"; "per resettled person" is per "person")."""
    m = _WRITTEN_PER.match(text, pos)
    found: list[str] = []
    while m is not None and len(found) < 3:
        den, end = m.group("den"), m.end()
        nxt = _NOUN_AFTER.match(text, end)
        low = den.lower()
        if nxt is not None and (
            low in ("square", "sq", "cubic") or low.endswith(("ed", "ing"))
        ):  # "per square kilometre", "per resettled person"
            two = nxt.group("den")
            unit = units.UNITS.get(f"{low} {two.lower()}") or units.UNITS.get(f"{low} {two}")
            found.append(unit.symbol if unit is not None else _singular(two))
            end = nxt.end()
        else:
            known = _canonical(den, "per")
            if known is not None and m.groupdict().get("n"):
                known = f"{m.group('n')} {known}"  # "per 4 ha"
            found.append(known if known is not None else _singular(den))
        m = _NEXT_PER.match(text, end)
    return tuple(found)


def _singular(word: str) -> str:
    low = word.lower()
    return low[:-1] if low.endswith("s") and len(low) > 3 else low


def denominator_kind(den: str) -> str:
    """``"period"`` (a period: "h", "week"), ``"unit"`` (a unit of measure: "ha", "L"), or
    ``"thing"`` (any other word: "round", "session", "person")."""
    if den in _PERIOD_DENS or den in PERIODS.values():
        return "period"
    return "unit" if den in units.SYMBOLS else "thing"
