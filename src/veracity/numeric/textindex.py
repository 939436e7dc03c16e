"""Sentences, clauses, years and entity labels of a text, for claims and evidence.

Built once per text in linear time (sentence starts at once; clause cuts and year
positions on first use); queried per quantity with ``bisect``. A quantity's *labels*
are the content words of its clause plus the noun it counts, and its *year* the year
it is stated for; verification uses them to prefer evidence stated for the same year,
row or entity (so a number taken from another row or year fails). The label of a
word is a pure function of the word and is memoised (bounded).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from veracity.numeric.nearby import counted_noun
from veracity.numeric.numbers import NUMBER_WORDS
from veracity.numeric.word_labels import noun_label, part_labels, word_label

__all__ = [
    "EARLIER_STEMS",
    "MAX_SENTENCE_QUANTITIES",
    "NUMBERED_PERIODS",
    "TableCell",
    "TextIndex",
    "sentence_starts",
]

_SENT_END = re.compile(r"[.!?][\"')\]]*\s+(?=[A-Z0-9\"'(\[$€£])|\n[ \t]*(?![ \t]|[a-z])")
# its two alternatives, scanned apart (faster): see sentence_starts()
_SENT_PUNCT = re.compile(r"[.!?][\"')\]]*\s+(?=[A-Z0-9\"'(\[$€£])")
_SENT_LINE = re.compile(r"\n[ \t]*(?![ \t]|[a-z])")
_CLAUSE_CUT = re.compile(  # applied to the lower-cased text
    r"[,:](?!\d)|[;()\n|]|\s(?:a(?:fter|gainst|nd)|b(?:efore|ut)|compare[ds]? (?:to|with)|"
    r"down from|following|than|up from|v(?:ersus|s\.?)|wh(?:ereas|ile))\s"
    r"|\sfrom\s(?=(?:[a-z]+\s){0,2}[^\sa-z]{0,3}\d)"  # "from £31,200", not "from Storm X"
)
_YEAR = re.compile(  # the look-behind comes after the digits: the scan then starts on "1"/"2"
    r"((?:18|19|20)\d\d)(?<![\d.,$€£]....)(?![\d%])(?!\s?(?:%|percent))"
)
_LETTERS_BEFORE = re.compile(r"[A-Za-z]+$")
_YEAR_PREFIXES = frozenset({"FY", "CY", "MY", "AY", "SY"})
"""Letters glued before a year that keep it a year ("FY2023", "CY2024", "MY2025")."""
_NAMED_BY_YEAR = re.compile(r"(?i:the|its) (?:18|19|20)\d\d(?:[ \t]+[A-Za-z-]+){1,3}[ \t]*,")
"""A year naming a subject right before a clause cut: "the 2024 recharge,"."""
_SINCE = re.compile(r"\b(?i:since)\b")
_SINCE_DATE = re.compile(r"[ \t]+(?:\d{1,2}(?:st|nd|rd|th)?[ \t]+)?(?:[A-Z][a-z]{2,8}\.?[ \t]+)?")
"""A date's day and month between "since" and its year ("since 1 March 2025")."""
_GAPPED = re.compile(r"[A-Za-z][\w'’ -]{0,40}?[ \t](?:for|at|on|in|with)[ \t]+[$€£¥]?")
"""The second member of a gapped pair before its number: "weather for " of "... and
weather for 27%"."""
_OPENING_NOT_TOPIC = re.compile(
    r"[ \t\n]*(?i:before|after|since|outside|until|once|when|while|following)\b"
)
"""An opening phrase that names a time ("Before the trial,", "After opening five new
shops,"): not the topic of the claim after it."""
_WORD = re.compile(r"[A-Za-z][A-Za-z'’&-]+")
_DIGIT = re.compile(r"\d")
NUMBERED_PERIODS = ("period", "week", "round", "stage", "matchday", "gameweek", "phase")
"""Words that number a period or a stage ("Period 7", "week 12"): like a quarter, the
label ``period7`` names when a number was measured."""
_PERIOD_ABBREVIATIONS = {"wk": "week"}
"""Short forms of numbered periods in table headers ("Wk 41" is week 41)."""
_PERIOD = re.compile(
    r"\b(?:Q[1-4]|H[12]|FY ?'?\d{2,4}|[A-Z][A-Za-z]{0,3}\d+(?:\.\d+)?[A-Z]{0,2}|[A-Z]{1,4}-\d+[A-Z]?)\b"
    r"|#\d{2,}\b|\b(?i:" + "|".join((*NUMBERED_PERIODS, *_PERIOD_ABBREVIATIONS)) + r")\.? "
    r"(?:\d{1,2}|(?i:one|two|three|four|five|six|seven|eight|nine|ten))\b(?![.,]\d)"
    r"|\b(?i:first|second|third|fourth) (?i:quarter|half)\b"
)
"""Period codes ("Q3", "H1", "FY24"), numbered periods ("Period 7", "week 12", "Round 3")
and short alphanumeric names ("PM2.5", "NO2", "A320", "SC-220", "KS-14"): too short or
too numeric for ``_WORD``, but the row label of many tables ("Q3 | 131 | 46", "PM2.5
(µg/m³) | 14.2", "SC-220 | 60 | 6.2 kg", "#48213 | 1.6"); labels ``q3``, ``h1``,
``fy24``, ``period7``, ``pm2.5``, ``sc220`` (no hyphen), ``#48213``. A numbered period
replaces the label of its word ("period"); "the second half" is ``h2`` and "the third
quarter" ``q3``."""
_ORDINAL_PERIODS = {
    f"{n} {p}": f"{p[0]}{i}"
    for p, count in (("quarter", 4), ("half", 2))
    for i, n in enumerate(("first", "second", "third", "fourth")[:count], 1)
}
_SMALL = {w: i for i, w in enumerate("one two three four five six seven eight nine ten".split(), 1)}
"""Number words in numbered periods ("phase two" is ``phase2``)."""
_CODE_DROP = str.maketrans("", "", " '-")
_LETTER_FIRST = re.compile(r"(?<![A-Za-z0-9])([B-HJ-Z]) ([a-z][a-z'’&-]+)")
"""A capital letter then a word ("B roads"): the label ``road b`` ("A" and "I" are
words)."""
_LETTER_NAME = re.compile(r"([A-Za-z][A-Za-z'’&-]+) ([A-Z])(?![A-Za-z0-9])")
"""A word and a capital letter ("Phone A", "Group B"): the label ``phone a``."""
_ASIDE_WORDS = re.compile(r"[ \t]*(?![A-Za-z '’&-]*\b(?i:only|alone)\b)[A-Za-z][A-Za-z '’&-]{0,30}")
"""The words of a short bracket after a value, with no digit and no "only" or "alone"
("eco", "normal mode"; not "hammock only")."""
_AGE_BAND = re.compile(r"(?<![A-Za-z0-9])(?i:(under|over)[- ]?(\d{1,2})s)(?![A-Za-z0-9])")
"""An age band named by its bound ("under-16s", "Over 65s"): the label ``under16``, the
row of a price list that its words alone ("under", a stopword) cannot name."""
_CHANGE_START = re.compile(
    r"[ \t]*(?i:down|up|rising|falling|rose|fell|increasing|decreasing|growing|an? "
    r"(?:increase|decrease|rise|fall|drop|gain|decline)|a year-on-year)\b"
)
"""A clause that opens with a change ("down 8% from ...") continues the clause before."""
_WHICH = re.compile(r"[ \t]+(?:which|that)[ \t]")
"""A relative clause after a comma ("..., which averages seven years")."""
_LEVEL_BEFORE = re.compile(r"\b(?:to|with)[ \t]+$")
"""Before a bare number that a level reaches ("... to end the year with 402")."""
_BASE_YEAR = re.compile(r"\b(?i:vs\.?|versus|on|from|since|against|than)[ \t]*(?:(?i:FY|CY)[ ]?)?$")
"""Before a header's year: the year a change is measured from ("Change vs 2023", "vs FY2024")."""
_YEAR_CELL = re.compile(
    r"[ \t*]*(?:\(?[A-Za-z°µ£$€¥₹%][^\s|]*(?:[ \t]+\d{1,2}(?:[-–]\d{1,2})?)?[ \t]+){0,3}"
    r"\(?(?:FY[ ]?|CY[ ]?)?"
    r"((?:18|19|20)\d\d)(?:[/-]\d{2})?\)?"
    r"(?:[ \t]+(?:[A-Za-z°µ][^\s|()]*|[£$€¥₹%]))?(?:[ \t]*\([^()]{1,12}\))?[ \t*]*"
)
"""A table header cell that is a year ("2023", "FY2023", "2023/24", "**2023**"), with up to
three words, units or period codes before it, a word or unit after it and a unit in
brackets ("2026 proposed", "Budget 2025", "SST °C 2024", "Avg 2024 £", "Weeks 1-6 2025",
"Q3 2024", "Thrombolysis rate Q1 2025", "Week 7 2025", "2025 (t)")."""
_NOUN_GAP = re.compile(r"[ \t]*(?:[^\W\d_][\w/²³.-]*[ \t]*)?")
"""Between a value and a bracket that names it: nothing, or its one noun or unit ("400
stems/ha (alder)")."""
_TO_THIS = re.compile(r"[ \t]*,?[ \t]+to[ \t]+[$€£¥₹]?")
"""Between a year and the number after it: "(from 2.3 GJ in 2022) to 1.9 GJ"."""
_FROM_VALUE = re.compile(r"\bfrom[ \t]+[$€£¥₹]?\d[^;]*$", re.IGNORECASE)
"""A value after "from" before a year: "from 2.3 GJ in (2022 to ...)"."""
_ALTERNATIVE = re.compile(r"[ \t,]+or[ \t]+")
"""Between two values offered as alternatives ("€65 in advance or €80 at the door")."""
_FRONTED = re.compile(
    r"[ \t]*(?:For|In|At|On|During|Among|Across|Under|With|Within|Throughout)[ \t]+"
    r"(?:an?|the|each|every|all)?\b"
)
"""A phrase that opens its sentence before a comma and frames the clause after it ("For a
normally soiled load in medium-hardness water, Brightfold recommends 65 g")."""
_ANAPHORA = re.compile(r"\b(?:of|among)[ \t]+(them|which|those|these|whom)\b", re.IGNORECASE)
"""A clause about the things the clause before it names ("52% of them on the day"); a
relative clause ("88 of which were hospitalised") names them only when it says nothing
else: it is about hospital stays, not about the cases the clause before counts."""
_HAS_LETTERS = re.compile(r"[A-Za-z]{3}")
_TO_NEXT = re.compile(
    r"[ \t](to|from|versus|vs\.?|than|against|compared[ \t]+with|instead[ \t]+of)[ \t]"
)
_FROM_NEAR = re.compile(r"\bfrom\b")
"""Between two numbers: the words before it belong to the first ("17.4% in the control
period to 15.1%"; "to" only after "from"; "£42 a month by direct debit instead of the
£480 annual fee")."""
_SUBORDINATE = re.compile(r"[ \t](?:as|when|because|since|although|though|until|so)[ \t]")
"""A subordinate clause opening between a claim and the next number: its words are about
that number ("... 121 deliveries as Australia won by 41 runs")."""
_POSSESSIVE_YEAR = re.compile(r"\b((?:18|19|20)\d\d)['’]s[ \t]+[$€£¥]?$")
"""A year owning the number after it ("2025's 66,500")."""
_REF_NUMBER = re.compile(
    r"\b(?i:on|than|from|versus|vs\.?|against|compared[ \t]+with)(?:[ \t]+(?i:the|a|an))?"
    r"[ \t]*[$€£¥]?$"
)
"""Before a number that is a comparison base ("up 3.4% on the £327 million")."""
_FROM_BEFORE = re.compile(r"\bfrom[ \t]+[$€£¥]?$", re.IGNORECASE)
_RELATIVE_YEAR = re.compile(
    r"(?:[ \t]+(?:per|a|an)[ \t]+[A-Za-z]+)?"  # past its rate: "£498 per hour last year"
    r"[ \t]+(?:in[ \t]+(?=the[ \t]))?"  # "3,410 in the previous year"
    r"(?:(?:the|a)[ \t]+(?:year|season)[ \t]+(?:before|earlier)|(?:the[ \t]+)?(?:previous|"
    r"prior|preceding|last)[ \t]+(?:year|season)|a[ \t]+year[ \t]+ago"
    r"|(?:twelve|12)[ \t]+months[ \t]+(?:before|earlier|ago|previously))\b",
    re.IGNORECASE,
)
"""Right after a number: it is for the year before its sentence's year ("£1,395 the year
before", "1,420 tonnes a season earlier"; but "a rise of 1.3% on the year before" is this
year's rise)."""
_NOUN_THEN_RELATIVE = re.compile(
    r"[ \t]+(?!(?:on|than|over|versus|vs|from|against|with|since|in|above|below|up|down|"
    r"higher|lower|more|less|ahead|behind|compared)\b)[A-Za-z]+" + _RELATIVE_YEAR.pattern,
    re.IGNORECASE,
)
"""A counted noun, then "the year before" ("53,800 donors the year before"; not "1.3% on
the year before", a change measured against it)."""
_BRACKET_YEAR = re.compile(r"\(((?:18|19|20)\d\d)(?:[/-]\d{2})?\)[ \t]*$")
"""A year in brackets that closes the aside just before a clause ("Last year's (2024)")."""
_BRACKET_YEAR_AFTER = re.compile(r"[ \t]*\(((?:18|19|20)\d\d)\)")
"""A year in brackets right after a value: its year ("from 3.0 days (2021) to 2.0 days
(2023)")."""
_RELATIVE_YEAR_BEFORE = re.compile(
    r"\b(?i:previous|prior|preceding|last)[ \t]+(?i:year|season|winter|summer|spring|autumn)['’]s"
    r"[ \t]+(?:[a-z]+[ \t]+){0,3}"
    r"(?:(?:was|were|of|at)[ \t]+)?[$€£¥]?$"
)
"""Right before a number: it is for the year before ("the prior year's £299.4m", "last
year's winning 59.55%")."""
_PART_OF = re.compile(
    r"(\S+)[ \t]+(?:out[ \t]+)?of[ \t]+(?:(?:the|all|its|their)[ \t]+)?"
    r"(?:[A-Za-z]+(?:[ \t][A-Za-z0-9]+)?['’]s[ \t]+)?$"
)
"""Before a whole, its part ("63 of the 214 guests", "Sixty-three out of 214", "64 of Unit
2's 193 assemblies", "Fourteen of the nursery's 19 staff")."""


_OF_PHRASE = re.compile(
    r"[ \t]+of[ \t]+[^,;:.()]*?(?=[ \t](?:into|to|for|from|with|producing|yielding|giving|"
    r"making)[ \t])"
)
"""What a number is of, up to the word that leads to the next number ("18.4 thousand
tonnes of fresh cassava roots into 4,650 tonnes")."""
_BOUND_START = re.compile(
    r"[ \t]*(?i:up[ \t]+to|to[ \t]+a[ \t]+maximum|at[ \t]+most|at[ \t]+least|with[ \t]+a[ \t]+"
    r"(?:maximum|minimum|cap|limit)|a[ \t]+(?:maximum|minimum))\b"
)
"""A clause that opens with a limit ("up to a maximum of 55 years", "at least 3")."""
_WORD_AFTER = re.compile(r"[ \t]+[A-Za-z][A-Za-z'’-]*")
"""The word right after a number ("214 guests")."""


def _is_number(word: str) -> bool:
    """Whether ``word`` is a number: digits ("63", "41%", "£153,000") or number words
    ("Sixty-three")."""
    if word[-1:].isdigit() or word.endswith("%"):
        return word.lstrip("$€£¥₹")[:1].isdigit()
    return all(w in NUMBER_WORDS for w in word.lower().split("-"))


_OBJECT_OF_NEXT = re.compile(r"[ \t]+(?:a|an|the)[ \t][^,;.()]*[ \t](?:of|at)[ \t]*[$€£¥]?$")
"""Words between two numbers that form a noun phrase ending in "of" / "at" before the
second ("... out of a total prize fund of £12,500", "... at a valuation of $310m")."""
_DATE_CELL = re.compile(
    r"[ \t*]*(?i:(?:from|until|to|since|as[ \t]+of|at|on|before|after)[ \t]+)?"
    r"(?:\d{1,2}[ \t]+)?[A-Za-z]{3,9}\.?[ \t]+((?:18|19|20)\d\d)[ \t*]*"
)
"""A table header cell that is a date ("From 1 Jan 2025", "Until 31 Dec 2024", "Mar 2026"):
its year heads the column."""
_YEAR_JOIN = re.compile(
    r"(?:[/-]\d\d)?[ \t]*(?:,|and|to|or|&)[ \t]*"
    r"(?:(?:(?:the[ \t]+)?(?:end|start|spring|summer|autumn|fall|winter)[ \t]+(?:of[ \t]+)?)?"
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec|Q[1-4]|H[12])\.?[ \t]+)?"
)
"""Between two years listed together ("2024 and 2026", "2024-25 and 2025-26", "September
2023 and September 2024"); a dash
joins a span ("2014-2023"), not a list."""
_DAY_MONTH = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)?[ \t]+[A-Za-z]{3,9}\.?[ \t]*$")
"""The day and month of a date before its year ("From 1 January 2025")."""
_QUARTER_END = re.compile(r"\b[QH][1-4][ \t]+$")
"""The quarter or half of a year just before it ("In Q1 2025, ...")."""
_SPAN_TO_DATE = re.compile(
    r"\b\d{1,3}[ \t]+(?i:months?|weeks?|days?|years?)[ \t]+(?i:to|ending|ended)[ \t]"
)
"""A time span that runs to the date after it ("In the 12 months to March 2024"): it frames
the year, as a day does."""
_SPAN_AFTER = re.compile(
    r"[ \t]+(?i:between[ \t]+(?:18|19|20)\d\d(?:[/-]\d\d)?[ \t]+and|from[ \t]+(?:18|19|20)\d\d"
    r"(?:[/-]\d\d)?[ \t]+(?:to|until))[ \t]+(?:18|19|20)\d\d"
)
"""Right after a number: the span of years it is stated over ("27% between 2013 and
2025"): a change over a period, stated for no single year."""
_DATE_SPAN_START = re.compile(r"\b(?i:between)[ \t]+(?:\d{1,2}[ \t]+)?(?:[A-Z][a-z]+\.?[ \t]+)?$")
_DATE_SPAN_END = re.compile(
    r"[ \t]+and[ \t]+(?:\d{1,2}[ \t]+)?(?:[A-Z][a-z]+\.?[ \t]+)?(?:18|19|20)\d\d\b"
)
"""The two ends of a span of dates a value is stated over ("between October 2023 and March
2024")."""
_MEASURE_AFTER = re.compile(
    r"[ \t]+(wide|deep|long|high|tall|thick|across|in[ \t]+diameter)\b", re.IGNORECASE
)
"""The dimension a length states, right after it ("2.1 m deep"): labelled ``#deep``."""
_TO_LEVEL = re.compile(r"[ \t]to[ \t]")
_HEADER_WORDS: dict[str, tuple[str, ...]] = {
    "w": ("win",),
    "won": ("win",),
    "d": ("draw",),
    "l": ("loss",),
    "lost": ("loss",),
    "p": ("play", "gam", "match"),
    "pl": ("play", "gam", "match"),
    "pld": ("play", "gam", "match"),
    "gp": ("play", "gam", "match"),
    "mp": ("play", "gam", "match"),
    "played": ("play", "gam", "match"),
    "drawn": ("draw",),
    "gd": ("goal", "differenc"),
    "gf": ("goal", "scor"),
    "ga": ("goal", "conced"),
}
"""League-table column headers as the labels of what their cells count ("W" is wins,
"P" games played, "GD" goal difference); labels are stemmed like words ("games" ->
``gam``)."""
_OPENING_MONTH = re.compile(
    r"[ \t\"“]*(?:(?:In|By|During|For|Through|Throughout|Since|From|Until|Last|This)[ \t]+)?"
    r"(January|February|March|April|May|June|July|August|September|October|November|"
    r"December|Q[1-4]|H[12])(?:[ \t]+(?:18|19|20)\d\d(?:[/-]\d\d)?)?[ \t]*,"
)
"""A sentence that opens with a month or quarter and a comma ("In February, ...", "In May
2025, ...", "In Q1 2025-26, ..."): the period of every number in it."""
_NEXT_WORD = re.compile(r"[ \t]([a-z][a-z-]{2,})\b")
"""The word right after a measure: what it measures when a noun ("a 3 km protection
zone")."""
_NOT_ATTRIBUTIVE = frozenset(
    """before after inclusive exclusive plus minus less more than per each every across along
    above below under over into onto from with within without between during until since
    away apart ahead behind long wide deep high tall thick old""".split()
)
_ONE_WORD_HEAD = re.compile(r"[ \t*]*([A-Za-z]{3,})[ \t*]*(?:\([^()]*\))?[ \t*]*")
"""A column header of one word, with an optional unit in brackets ("Patients", "Deaths (n)")."""
_SPAN_OPEN = re.compile(r"[ \t]*(?:[-\u2013]|and[ \t]|to[ \t])[ \t]*(?:18|19|20)\d\d\b")
_SPAN_CLOSE = re.compile(
    r"(?:\b(?i:between|from)[ \t]+(?:18|19|20)\d\d[ \t]+(?i:and|to)|(?:18|19|20)\d\d[ \t]*"
    r"[-\u2013])[ \t]*$"
)
"""A year opening a span ("1901-2000", "1901 and 2000" after "between", "2013 to 2025")
or closing one."""
_YEARS_EARLIER = re.compile(
    r"[ \t]+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)[ \t]+years[ \t]+"
    r"(?:earlier|before|ago|previously)\b",
    re.IGNORECASE,
)
"""Right after a number: it is for N years before its sentence's year ("92.1% five years
earlier")."""
_SMALL_NUMBERS = {
    w: i for i, w in enumerate("two three four five six seven eight nine ten".split(), 2)
}
_COMPARED = re.compile(
    r"[ \t,](?:up[ \t]+from|down[ \t]+from|(from)|compared?[ \t]+(?:with|to)|against|than|"
    r"versus|vs\.?|(?:up|down)[ \t]+\d[\d.,]*[ \t]?(?:%|per[ \t]?cent)[ \t]+on|"
    r"\d[\d.,]*[ \t]?(?:%|per[ \t]?cent)[ \t]+(?:above|below))[ \t]",
    re.IGNORECASE,
)
"""After a number: a comparison with another value ("up from 4.31 t/ha in 2024", "6,210,
up 9.4% on Q3 2025", "182.0 million m² was 7.6% above 2023"); a bare
"from" (group 1) only before a value ("to 4.64 t/ha from 4.31 t/ha"), not before a year
("index-linked from 2019")."""
_UNITLESS = re.compile(r"[\d\s.,+\-\u2212\u2013]*")
"""A quantity written without a unit, currency or scale ("1,260", not "18.4 tonnes")."""
_NOT_UNIT = re.compile(r"[\d\s.,+\-\u2212\u2013]+")


def _unit_text(text: str, start: int, end: int) -> str:
    """The unit, currency and scale written in a quantity's span, lower case ("tonnes"
    of "11,840 tonnes", "£m" of "£4.2m"; "" for a bare number)."""
    return _NOT_UNIT.sub("", text[start:end]).lower()


_COMPARE_REACH = 48
"""Most characters from a number to its comparison (twice that when no other number is
between), from the comparison to the value compared with, and from that value to its
year."""
_COMPARE_YEAR = 16
"""Most characters from a comparison to a year compared with directly ("than in October
2025")."""
_RELATIVE_OPENING = re.compile(
    r"[ \t\n]*(?i:a[ \t]+year[ \t]+(?:earlier|ago|before)|last[ \t]+year|(?:in[ \t]+)?the[ \t]+"
    r"(?:previous|prior|preceding)[ \t]+year)\b"
)
"""A sentence opening on the year before the text's ("A year earlier the median wait ...")."""
_BACK_REACH = 400
"""How far back "last year's" finds the year it counts from, outside its sentence."""
_YEAR_LABEL_BEFORE = re.compile(
    r"\((?:[^():\d]{1,16}[ \t])?(?:FY[ ]?|[HQ][1-4][ \t])?((?:18|19|20)\d\d)(?:[/-]\d\d)?[ \t]*:"
    r"[ \t]*[$€£¥]?$"
)
"""A year labelling the figure after it in brackets ("(2024: £59.0m)", "(H1 2024:")."""
_IN_BRACKETS = re.compile(
    r"\((?:FY[ ]?)?((?:18|19|20)\d\d)(?:[/-]\d\d)?(?:[ \t]+[A-Za-z]+){0,2}[ \t]+in[ \t]+"
    r"(?:brackets|parentheses)\)",
    re.IGNORECASE,
)
"""A note that the bracketed figures are another year's ("(2023 in brackets)", "(2023/24
uptake in brackets)")."""
_VALUE_THEN_BRACKET = re.compile(r"[\d%][ \t]*\(\Z")
"""A bracket right after a value: the value of another period beside it ("£42 (£38)"), not
a size in a name ("Giant Zip (1.1 km)")."""
_YEAR_LABEL_AFTER = re.compile(
    r"[ \t]*\((?:FY[ ]?|[HQ][1-4][ \t])?((?:18|19|20)\d\d)(?:[/-]\d\d)?[ \t]*:[ \t]*[$€£¥]?\d"
)
"""After a figure, the comparative figure of an earlier year in brackets ("£68.2m (2024:
£59.0m)")."""
_YEAR_LABEL = re.compile(r"(?:[/-]\d\d)?[ \t]*:[ \t]*[$€£¥]?\d")
"""After a year: a colon and a figure, so the year labels that figure, not the one before."""
_REF_YEAR = re.compile(
    r"(?:from|since|than|over|versus|vs\.?|with|before|\bon|(?:%|\bper\s?cent)\s+(?:above|below))"
    r"(?:\s+(?:H[12]|Q[1-4]))?\s*$",
    re.IGNORECASE,
)
"""Right before a reference year ("up 6.2% on H1 2026", "7.6% above 2023")."""
_DEADLINE_BEFORE = re.compile(r"\b(?i:by|before)[ \t]+(?:\d{1,2}[ \t]+)?(?:[A-Z][a-z]+\.?[ \t]+)?$")
"""Before a deadline's year ("a target of 14,000 by December 2025")."""
_REF_THE_YEAR = re.compile(r"\b(?i:from|since|than|on|over|versus|vs\.?)[ \t]+the[ \t]+$")
"""Right before a reference year named with "the" ("up from the 2024 tariff")."""
_PARTNER_TO_YEAR = re.compile(r"[ \t]+(?:respectively[ \t]+)?(?:in|for|during)[ \t]+")
"""Between the second of two numbers joined by "and" and the year dating both ("131 and
402 respectively in 2022")."""
_COMPARED_OPENING = re.compile(
    r"\b(?i:compared|relative[ \t]+to|against|versus|vs\.?|than|unlike)\b"
)
"""In a sentence's opening clause before its year: the year is the one compared with
("Compared with the 2024 survey, ...", "Against the 2023 season, ..."), not the year of
the numbers after it."""
_MAX_SENTENCE = 400
_WINDOW = 160
_FROM_SUBJECT = 32
"""How far before a bare "from 61 to 55" its subject is read (characters)."""


class TableCell(NamedTuple):
    """A table row around a position: its line (``start``, ``end``), separator, cells,
    the column of the position (-1 when between cells) and where the table's first
    line starts (None when not found within 500 lines)."""

    start: int
    end: int
    sep: str
    cells: list[tuple[int, int]]
    col: int
    head: int | None


MAX_TABLE_LINE = 2_000
"""Longest line read as a table row (characters): a ``|`` in a longer line is no table,
and reading one as a row would cost time quadratic in its length."""
MAX_SENTENCE_QUANTITIES = 24
"""Sentences with more quantities are not read as prose by :meth:`TextIndex.per_sentence`."""
_T = TypeVar("_T")
EARLIER_STEMS = ("prior", "previous", "preceding", "earlier", "ago")
"""Words that date a value to an earlier period (see ``preference.says_only_earlier``)."""


class TextIndex:
    """Sentence and clause boundaries and year positions of one text."""

    __slots__ = (
        "_clause_cuts_",
        "_earlier",
        "_extras",
        "_last_sentence",
        "_line_starts",
        "_memo",
        "_q_ends",
        "_q_starts",
        "_rows",
        "_sent_labels",
        "_sent_starts",
        "_tables",
        "_years",
        "text",
    )

    def __init__(self, text: str) -> None:
        self.text = text
        self._sent_starts = sentence_starts(text)
        self._clause_cuts_: list[int] | None = None
        self._years: tuple[list[int], list[int]] | None = None
        self._q_starts: list[int] = []
        self._q_ends: list[int] = []
        self._tables: dict[int, int | None] = {}
        self._extras: tuple[bool, bool, bool, bool] | None = None
        self._earlier: bool | None = None
        self._memo: dict[tuple[str, int], Any] = {}
        self._line_starts: list[int] | None = None
        self._last_sentence: tuple[int, int, str] = (0, 0, "")  # start, end, text
        self._rows: dict[int, tuple[str, list[tuple[int, int]], list[int]]] = {}

    def _bracket_year(self) -> int | None:
        """The year that the text says its bracketed figures are for ("(2023 in
        brackets)", "(2024/25 figures in parentheses)"), or None (read once)."""
        key = ("bracket year", 0)
        if key not in self._memo:
            m = _IN_BRACKETS.search(self.text)
            self._memo[key] = int(m.group(1)) if m is not None else None
        got: int | None = self._memo[key]
        return got

    def mentions_earlier_period(self) -> bool:
        """Whether the text holds "prior", "previous", "preceding", "earlier" or "ago" in
        any case (computed once): a cheap test before reading a sentence's period."""
        if self._earlier is None:
            low = self.text.lower()
            self._earlier = any(w in low for w in EARLIER_STEMS)
        return self._earlier

    def set_quantities(self, spans: list[tuple[int, int]]) -> None:
        """Spans of the quantities found in the text: a number's labels stop at its
        neighbours, so words about the next number are not counted for this one."""
        ordered = sorted(spans)
        self._q_starts = [s for s, _ in ordered]
        self._q_ends = sorted(e for _, e in ordered)

    @property
    def _clause_cuts(self) -> list[int]:
        if self._clause_cuts_ is None:  # built on first use: only the context check needs it
            low = self.text.lower()
            if len(low) != len(self.text):  # rare Unicode whose lower case changes length
                low = self.text
            self._clause_cuts_ = [0] + [m.end() for m in _CLAUSE_CUT.finditer(low)]
        return self._clause_cuts_

    def _year_table(self) -> tuple[list[int], list[int]]:
        if self._years is None:
            pos: list[int] = []
            val: list[int] = []
            text = self.text
            for m in _YEAR.finditer(text):
                p = m.start(1)
                if p and text[p - 1].isalpha():
                    glued = _LETTERS_BEFORE.search(text, max(0, p - 8), p)
                    if glued is not None and glued.group(0).upper() not in _YEAR_PREFIXES:
                        continue  # "SR2008 No 20", "AB2019": a code, not a year
                pos.append(p)
                val.append(int(m.group(1)))
            self._years = (pos, val)
        return self._years

    def latest_year(self) -> int | None:
        """The latest year the text names, or None."""
        _, year_val = self._year_table()
        return max(year_val) if year_val else None

    def latest_year_near(self, pos: int) -> int | None:
        """The latest year named in the sentence holding ``pos``; else the latest year the
        text names as a period, not as the year of a day ("payable on 15 January 2026": a
        payment day or a deadline is not the period of a figure); else None."""
        year_pos, year_val = self._year_table()
        s0, s1 = self.sentence_bounds(pos)
        lo, hi = bisect.bisect_left(year_pos, s0), bisect.bisect_left(year_pos, s1)
        if lo < hi:
            return max(year_val[lo:hi])
        key = ("latest_period_year", 0)
        if key not in self._memo:  # read once per text
            text = self.text
            periods = [
                v
                for p, v in zip(year_pos, year_val, strict=True)
                if not _DAY_MONTH.search(text, max(0, p - 16), p)
            ]
            self._memo[key] = max(periods) if periods else None
        latest: int | None = self._memo[key]
        return latest

    def sentence_number(self, pos: int) -> int:
        """The 0-based number of the sentence holding ``pos``."""
        return bisect.bisect_right(self._sent_starts, pos) - 1

    def sentence_bounds(self, pos: int) -> tuple[int, int]:
        i = bisect.bisect_right(self._sent_starts, pos) - 1
        start = self._sent_starts[i]
        end = self._sent_starts[i + 1] if i + 1 < len(self._sent_starts) else len(self.text)
        return start, end

    def per_sentence(
        self, name: str, pos: int, compute: Callable[[int, int], _T], default: _T
    ) -> _T:
        """``compute(s0, s1)`` for the sentence holding ``pos``, computed once per sentence
        and ``name``; ``default`` for a sentence holding more than
        ``MAX_SENTENCE_QUANTITIES`` quantities (a table or number dump, where a sentence
        reading means nothing and would cost time quadratic in its numbers)."""

        def guarded(s0: int, s1: int) -> _T:
            starts = self._q_starts
            many = bisect.bisect_left(starts, s1) - bisect.bisect_left(starts, s0)
            return default if many > MAX_SENTENCE_QUANTITIES else compute(s0, s1)

        return self.of_sentence(name, pos, guarded)

    def of_sentence(self, name: str, pos: int, compute: Callable[[int, int], _T]) -> _T:
        """``compute(s0, s1)`` for the sentence holding ``pos``, computed once per sentence
        and ``name``, whatever the sentence holds (unlike :meth:`per_sentence`): a reading
        of a whole sentence that each of its numbers needs ("does it say 'total'?") then
        costs time linear in the text, not in its numbers times its length."""
        s0, s1 = self.sentence_bounds(pos)
        key = (name, s0)
        memo = self._memo
        if key in memo:
            got: _T = memo[key]
            return got
        got = memo[key] = compute(s0, s1)
        return got

    def sentence(self, start: int, end: int) -> str:
        """The sentence around span ``start:end`` (a window when longer than 400 chars)."""
        last = self._last_sentence
        if last[0] <= start < last[1]:  # for speed: the sentence of the last call
            return last[2]
        s0, s1 = self.sentence_bounds(start)
        if s1 - s0 > _MAX_SENTENCE:
            s0, s1 = max(s0, start - _WINDOW), min(s1, end + _WINDOW)
            return self.text[s0:s1].strip()
        got = self.text[s0:s1].strip()
        self._last_sentence = (s0, s1, got)
        return got

    def _list_colon(self, c0: int, start: int) -> int:
        """The colon that opens a list of values holding the clause ``c0`` (a later item:
        "...: 15% for ..., 18% for ..."), or -1."""
        text = self.text
        s0, _ = self.sentence_bounds(start)
        k = text.rfind(":", s0, c0)
        if k < 0 or text[c0 - 1] not in ", " or ";" in text[k:start]:
            return -1
        first = text[k + 1 : k + 4].lstrip(" \t")
        if not first or not (first[0].isdigit() or first[0] in "$€£¥₹"):
            return -1  # the list after the colon opens with a value
        return k

    def clause_bounds(self, start: int, end: int) -> tuple[int, int]:
        i = bisect.bisect_right(self._clause_cuts, start) - 1
        c0 = self._clause_cuts[i]
        if c0 > 1 and self.text[c0 - 1] == ")":
            # "A half-day session (9:30-12:30) costs $32": a closed aside before the
            # number does not end its clause, which goes on from before the aside
            # (but "310 g (hammock only) or 545 g": an aside after a number is that
            # number's, and "71.2 dB(A)" is no aside)
            p = self.text.rfind("(", 0, c0 - 1)
            if p > 0 and self.text[p - 1] == " " and self.text.find(")", p, c0 - 1) < 0:
                before = self._clause_cuts[bisect.bisect_right(self._clause_cuts, p) - 1]
                if not _DIGIT.search(self.text, before, p):
                    c0 = before
        j = bisect.bisect_left(self._clause_cuts, end)
        c1 = self._clause_cuts[j] if j < len(self._clause_cuts) else len(self.text)
        s0, s1 = self.sentence_bounds(start)
        c0, c1 = max(c0, s0, start - _WINDOW), min(c1, s1, end + _WINDOW)
        return c0, c1

    def year_for(self, start: int, end: int) -> int | None:
        """The year a quantity is stated for.

        In its clause: the first year after it ("$4.2 billion in 2022"), else the
        nearest before it; years after "from", "since", "than"... are reference
        years and skipped. Else a year in the number-free opening clause of its
        sentence ("In 2022, revenue was ..."), less one when "the year before" / "a year
        earlier" / "last year" follows the number.
        """
        year_pos, year_val = self._year_table()
        if not year_pos:
            return None  # no year anywhere in the text
        if (
            start
            and self.text[start - 1] == "("
            and self.text[end : end + 1] == ")"
            and _VALUE_THEN_BRACKET.search(self.text, max(0, start - 8), start)
        ):
            bracketed = self._bracket_year()
            if bracketed is not None:  # "4,812 (4,530)" under "(2023 in brackets)"
                return bracketed
        if self._extra()[0]:
            column = self._column_year(start)
            if column is not None:
                return column
            row = self._row_year(start)
            if row is not None:
                return row
        c0, c1 = self.clause_bounds(start, end)
        lo = bisect.bisect_left(year_pos, c0)
        hi = bisect.bisect_left(year_pos, c1)
        if self._q_starts:
            paired = self._paired_year(start, end)
            if paired is not None:
                return paired
        if _SPAN_AFTER.match(self.text, end):  # "fell 27% between 2013 and 2025"
            return None
        owner = _RELATIVE_YEAR_BEFORE.search(self.text, max(0, start - 48), start)
        back = (
            1
            if owner is not None
            or _RELATIVE_YEAR.match(self.text, end)
            or _NOUN_THEN_RELATIVE.match(self.text, end)  # "53,800 donors the year before"
            else 0
        )
        if not back:
            many = _YEARS_EARLIER.match(self.text, end)
            if many is not None:  # "down from 92.1% five years earlier"
                word = many.group(1).lower()
                back = int(word) if word.isdigit() else _SMALL_NUMBERS.get(word, 0)
        s0 = self.sentence_bounds(start)[0]
        opening = None if back else _RELATIVE_OPENING.match(self.text, s0)
        if opening is not None and c0 <= opening.end():
            # "A year earlier the median wait was 19.6 weeks" after a text about 2025: 2024,
            # the year before the latest the text names before it (its first clause only:
            # "Last year 64 took part, and we have 72 places")
            k = bisect.bisect_left(year_pos, s0) - 1
            if (
                k >= 0
                and bisect.bisect_left(year_pos, start) == k + 1  # no year of its own
                and start - year_pos[k] <= _BACK_REACH
            ):
                return max(year_val[: k + 1]) - 1
        if back:
            # "£186.2m for the year to 31 January 2026, up 12.4% on £165.7m a year
            # earlier": years before the last year named before it in its sentence
            k = bisect.bisect_left(year_pos, start) - 1
            if k >= 0 and year_pos[k] >= s0:
                if _REF_THE_YEAR.search(self.text, max(0, year_pos[k] - 16), year_pos[k]):
                    # "Rates rose 4.2% from the 2024 tariff; the gantry was £498 per hour
                    # last year" in a tariff for 2025: the year before the latest named
                    return max(year_val[: k + 1]) - back
                return year_val[k] - back
            if k >= 0 and owner is not None and start - year_pos[k] <= _BACK_REACH:
                # "Show 2025 ... Last year's winning yield was 6.15 kg": the text's year
                return year_val[k] - 1
        own = _POSSESSIVE_YEAR.search(self.text, max(0, start - 12), start)
        if own is not None:  # "2025's 66,500"
            return int(own.group(1))
        labelled = _YEAR_LABEL_BEFORE.search(self.text, max(0, start - 16), start)
        if labelled is not None:  # "£68.2m (2024: £59.0m)": the comparative figure
            return int(labelled.group(1))
        compared = _YEAR_LABEL_AFTER.match(self.text, end)
        if compared is not None:  # "£68.2m (2024: £59.0m)": £68.2m is for a later year,
            # the latest the text names after 2024 (else the year after it)
            then = int(compared.group(1))
            return max((y for y in year_val if y > then), default=then + 1)
        after = _BRACKET_YEAR_AFTER.match(self.text, end)
        if after is not None:  # "2.0 days (2023)"
            return int(after.group(1))
        from_value = _FROM_BEFORE.search(self.text, max(0, start - 8), start) is not None
        before: int | None = None
        for k in range(lo, min(hi, lo + 8)):
            p = year_pos[k]
            if (
                start <= p < end
                or _REF_YEAR.search(self.text, max(c0, p - 16), p)
                or _YEAR_LABEL.match(self.text, p + 4)
                # "318,905 since recruitment opened in 2019": the start of a total (but
                # "has applied since 1 March 2025" is dated by it)
                or (p >= end and self._since_clause_before(end, p))
                # "dropped from 2.3 GJ in 2022 to 1.9 GJ": 2022 is the earlier value's
                or (
                    p < start
                    and _TO_THIS.fullmatch(self.text, p + 4, start)
                    and _FROM_VALUE.search(self.text, max(self.sentence_bounds(p)[0], p - 48), p)
                )
            ):
                continue
            if (
                p >= end
                and _DATE_SPAN_START.search(self.text, max(c0, p - 24), p)
                and _DATE_SPAN_END.match(self.text, p + 4)
            ):
                return None  # "released 84,000 beetles between October 2023 and March
                # 2024": stated over a season, for no single year
            if p >= end:
                nxt = bisect.bisect_right(self._q_starts, end)
                between = nxt < len(self._q_starts) and self._q_starts[nxt] < p
                if between and from_value:
                    break  # "from 81.4 to 96.1 in the year to May 2026": 2026 is 96.1's
                if between and _REF_NUMBER.search(
                    self.text, max(end, self._q_starts[nxt] - 24), self._q_starts[nxt]
                ):
                    break  # "up 3.4% on the £327 million collected in 2023-24": its year
                return None if self._in_span(p) else year_val[k]
            before = None if self._in_span(p) else year_val[k]
        if before is not None:
            return before
        bracket = _BRACKET_YEAR.search(self.text, max(0, c0 - 12), c0) if c0 > 6 else None
        if bracket is not None:  # "Last year's (2024) price for the course was £72"
            return int(bracket.group(1))
        if c1 >= 5 and self.text[c1 - 5 : c1] == " and ":
            # "14.6 million sheep and lambs in June 2023": the year past "and" is this
            # number's when no other number comes first
            k = bisect.bisect_left(year_pos, c1)
            nxt = bisect.bisect_left(self._q_starts, c1)
            if (
                k < len(year_pos)
                and year_pos[k] - c1 <= 40
                and (
                    nxt >= len(self._q_starts)
                    or self._q_starts[nxt] > year_pos[k]
                    or self._partner_dated(nxt, year_pos[k])
                )
                and not _REF_YEAR.search(self.text, max(c1, year_pos[k] - 16), year_pos[k])
            ):
                return year_val[k]
        if c0 > 1 and self.text[c0 - 1] == ",":
            # "The previous survey, completed in 2019, covered 1,980 km²": a year in the
            # comma-bounded clause just before, with no number between
            p0, _ = self.clause_bounds(c0 - 2, c0 - 1)
            k = bisect.bisect_left(year_pos, p0)
            nxt = bisect.bisect_left(self._q_starts, p0)
            if (
                p0 > 1
                and self.text[p0 - 1] == ","
                and k < len(year_pos)
                and year_pos[k] < c0
                and (k + 1 >= len(year_pos) or year_pos[k + 1] >= c0)
                and (nxt >= len(self._q_starts) or self._q_starts[nxt] >= start)
                and not _REF_YEAR.search(self.text, max(p0, year_pos[k] - 16), year_pos[k])
                and not self._in_span(year_pos[k])
            ):
                return year_val[k]
        k = bisect.bisect_left(year_pos, s0)
        if k < len(year_pos) and year_pos[k] < c0 and year_pos[k] - s0 < 40:
            p = year_pos[k]
            cuts = self._clause_cuts
            cut = bisect.bisect_right(cuts, s0)
            first_cut = cuts[cut] if cut < len(cuts) else len(self.text)
            if (
                p < first_cut <= c0
                and not from_value  # "..., down from €2.00": the value before, not this year's
                and not any(
                    ch.isdigit()
                    for ch in _QUARTER_END.sub(
                        "", _DAY_MONTH.sub("", _SPAN_TO_DATE.sub("", self.text[s0:p]))
                    )
                )
                and not _REF_YEAR.search(self.text, s0, p)  # "Since 1985 the ice ..."
                # "Compared with the 2024 survey, the rate rose ...": a reference year
                and not _COMPARED_OPENING.search(self.text, s0, p)
            ):
                if _RELATIVE_YEAR.match(self.text, end):  # "... £1,395 the year before"
                    return year_val[k] - 1
                near = bisect.bisect_left(year_pos, first_cut) - 1
                if near > k and _NAMED_BY_YEAR.fullmatch(self.text, year_pos[near] - 4, first_cut):
                    # "The spring 2025 survey found that the 2024 recharge, which placed
                    # 86,000 m³": the year naming the subject just before the cut
                    return year_val[near]
                return year_val[k]
        return None

    def _partner_dated(self, nxt: int, year_at: int) -> bool:
        """Whether quantity ``nxt`` starts right after " and " and the year at ``year_at``
        follows it: "compared with 131 and 402 respectively in 2022" dates both."""
        start = self._q_starts[nxt]
        i = bisect.bisect_right(self._q_ends, start)  # the end of the quantity at ``start``
        if self.text[start - 5 : start] != " and " or i >= len(self._q_ends):
            return False
        return _PARTNER_TO_YEAR.fullmatch(self.text, self._q_ends[i], year_at) is not None

    def _since_clause_before(self, end: int, p: int) -> bool:
        """Whether "since" and a clause of its own ("since recruitment opened in") come
        between a number ending at ``end`` and the year at ``p``."""
        m = _SINCE.search(self.text, end, p)
        return m is not None and not _SINCE_DATE.fullmatch(self.text, m.end(), p)

    def _in_span(self, p: int) -> bool:
        """True when the year at ``p`` opens or closes a span of years ("between 1901 and
        2000", "over 1901-2000"): a period, not one year."""
        text = self.text
        return bool(_SPAN_OPEN.match(text, p + 4) or _SPAN_CLOSE.search(text, max(0, p - 14), p))

    def compared_year(self, start: int, end: int) -> int | None:
        """The year of the value a number is compared with later in its sentence, or
        None: "4.64 t/ha, up from 4.31 t/ha in 2024" and "148 GWh/d, compared with 35
        GWh/d in the same week of 2025" state values that are not 2024's / 2025's."""
        _, s1 = self.sentence_bounds(start)
        qs = self._q_starts
        k = bisect.bisect_left(qs, end)
        m = _COMPARED.search(self.text, end, min(s1, end + _COMPARE_REACH))
        if m is None:  # farther, before any other number
            stop = min(s1, end + 2 * _COMPARE_REACH, qs[k] if k < len(qs) else s1)
            m = _COMPARED.search(self.text, end, stop)
        if m is None:
            return None
        year_pos, year_val = self._year_table()
        j = bisect.bisect_left(year_pos, m.end())
        k = bisect.bisect_left(qs, m.end())
        if (
            m.group(1) is None
            and j < len(year_pos)
            and year_pos[j] - m.end() <= _COMPARE_YEAR
            and (k >= len(qs) or qs[k] > year_pos[j])
        ):
            return year_val[j]  # "6.8% more than in October 2025": compared with a year
        if k >= len(qs) or qs[k] >= s1 or qs[k] - m.end() > _COMPARE_REACH:
            return None
        q_end = max(qs[k], self._q_ends[bisect.bisect_left(self._q_ends, qs[k] + 1)])
        text = self.text
        if (_UNITLESS.fullmatch(text, start, end) is None) != (
            _UNITLESS.fullmatch(text, qs[k], q_end) is None
        ):
            return None  # "18.4 tonnes of yak down from 1,260 households": not a comparison
        if m.group(1) is not None and _unit_text(text, start, end) != _unit_text(
            text, qs[k], q_end
        ):
            return None  # "11,840 tonnes of seed from 15,200 hectares": a source, not a value
        j = bisect.bisect_left(year_pos, q_end)
        if (
            j < len(year_pos)
            and year_pos[j] < s1
            and year_pos[j] - q_end <= _COMPARE_REACH
            and not _DEADLINE_BEFORE.search(text, max(q_end, year_pos[j] - 24), year_pos[j])
        ):  # but "against a target of 14,000 by December 2025": a deadline, not a period
            return year_val[j]
        return None

    def _paired_year(self, start: int, end: int) -> int | None:
        """The year of the ``r``-th of ``n >= 2`` numbers that a sentence gives before as
        many years ("fell from 31.4% to 24.9% between 2024 and 2026": 24.9% is for 2026;
        "3% and 4% in 2023 and 2024"), or None when the sentence is not shaped so."""
        year_pos, year_val = self._year_table()
        qs = self._q_starts
        s0, s1 = self.sentence_bounds(start)
        kb = bisect.bisect_left(year_pos, start) - 1
        chain_start = year_pos[kb] + 4 if kb >= 0 and year_pos[kb] >= s0 else s0
        rank = bisect.bisect_left(qs, start) - bisect.bisect_left(qs, chain_start)
        k0 = bisect.bisect_left(year_pos, end)
        if k0 >= len(year_pos) or year_pos[k0] >= s1 or year_pos[k0] - end > 60:
            return None
        n = rank + 1 + bisect.bisect_left(qs, year_pos[k0]) - bisect.bisect_right(qs, start)
        k1 = k0 + 1
        while (
            k1 < len(year_pos)
            and year_pos[k1] < s1
            and _YEAR_JOIN.fullmatch(self.text, year_pos[k1 - 1] + 4, year_pos[k1])
        ):
            k1 += 1
        if n < 2 or k1 - k0 != n:
            return None
        return year_val[k0 + rank]

    def labels(
        self, start: int, end: int, noun: str = "", *, bounded: bool = False
    ) -> frozenset[str]:
        """Content words of the clause (lower case, singular, no stopwords, no units)
        plus ``#noun`` for the counted noun: the row / entity / topic of a number.
        ``bounded`` stops at the neighbouring numbers (used for claims, so words about
        another number of the same clause do not count for this one)."""
        c0, c1 = self.clause_bounds(start, end)
        gap: tuple[int, int] | None = None  # words of another number inside the clause
        if bounded:
            k = bisect.bisect_right(self._q_ends, start) - 1
            if k >= 0 and self._q_ends[k] > c0:
                c0 = self._q_ends[k]
                of = _OF_PHRASE.match(self.text, c0, start)
                if of is not None:  # "18.4 thousand tonnes of fresh cassava roots into
                    c0 = of.end()  # 4,650 tonnes of flour": the of-phrase is the first's
                counted = _WORD_AFTER.match(self.text, c0, start)
                if counted is not None and counted_noun(self.text, c0):
                    # "9,400 pupils ... across 112 schools", "the €1,200 million fine tops
                    # the record of €746 million": the noun of the number before is its own
                    c0 = counted.end()
                # "from 17.4% in the control period to 15.1%": the words before "to"
                # are the earlier number's
                last = max(_TO_NEXT.finditer(self.text, c0, start), key=_match_end, default=None)
                if last is not None and (
                    last.group(1) != "to"
                    or _FROM_NEAR.search(self.text, max(0, self._q_starts[k] - 40), c0)
                ):
                    c0 = last.end()
            k = bisect.bisect_left(self._q_starts, end)
            part = _PART_OF.search(self.text, max(0, start - 40), start)
            nxt = self._q_starts[k] if k < len(self._q_starts) else c1
            if part is not None and _is_number(part.group(1)):
                # "Sixty-three of the 214 guests helped ... moved on": what follows is
                # said of the part; the whole is named by its noun
                noun_word = _WORD_AFTER.match(self.text, end, c1)
                c1 = noun_word.end() if noun_word is not None else end
            elif (
                nxt < c1
                and _PART_OF.fullmatch(self.text, end - 1, nxt)
                and not _HAS_LETTERS.search(self.text, self.sentence_bounds(start)[0], start)
            ):
                # "Sixteen of the 21 staff hold ...": a part that opens its sentence is its
                # subject and keeps the clause, but not the whole and its noun
                whole_end = self._q_ends[bisect.bisect_left(self._q_ends, nxt + 1)]
                noun_word = _WORD_AFTER.match(self.text, whole_end, c1)
                gap = (end, noun_word.end() if noun_word is not None else whole_end)
            elif nxt < c1:
                c1 = nxt
                if _OBJECT_OF_NEXT.search(self.text, end, c1):
                    # "£7,145 out of a total prize fund of £12,500": the words name the
                    # next number, not this one
                    c1 = end
                else:
                    sub = _SUBORDINATE.search(self.text, end, c1)
                    if sub is not None:  # "114 off 121 deliveries as Australia won by 41"
                        c1 = sub.start()
        elif self._q_starts:
            # evidence: of two values offered as alternatives ("€65 in advance or €80 at
            # the door"), each keeps the words they share and its own, not the other's
            k = bisect.bisect_right(self._q_ends, start) - 1
            if k >= 0 and self._q_ends[k] > c0:
                alt = _ALTERNATIVE.search(self.text, self._q_ends[k], start)
                if alt is not None and self._q_starts[k] >= c0:
                    gap = (self._q_starts[k], alt.end())
            k = bisect.bisect_left(self._q_starts, end)
            if k < len(self._q_starts) and self._q_starts[k] < c1:
                alt = _ALTERNATIVE.search(self.text, end, self._q_starts[k])
                if alt is not None:
                    c1 = alt.start()
        extra = self._extras or self._extra()
        if gap is None:
            found = self._words(c0, c1, start, end, extra)
        else:
            found = self._words(c0, gap[0], start, end, extra)
            found |= self._words(gap[1], c1, start, end, extra)
        text = self.text
        if c0 > 1 and text[c0 - 1] == ":" and not text[c0:start].strip(" \t$€£¥"):
            # "Total prize fund: €10,500": the label is before the colon (its sentence)
            s0, _ = self.sentence_bounds(c0 - 2)
            s0 = max(s0, text.rfind(";", s0, c0 - 1) + 1)  # "Packing: £420; removal: £1,180"
            found |= self._words(max(s0, c0 - 1 - _WINDOW), c0 - 1, start, end, extra)
        elif not (bounded or found) and c0 > 2 and (colon := self._list_colon(c0, start)) >= 0:
            # "charged as a percentage of first-year salary: 15% for ..., 18% for ...":
            # the words before the colon name a value of the list after it that names
            # nothing itself
            s0, _ = self.sentence_bounds(colon)
            found |= self._words(max(s0, colon - _WINDOW), colon, start, end, extra)
        if c0 > 0 and text[c0 - 1] == "(":  # "Total Fat 12 g (18% DV)": the 18 % is about fat
            p0, _ = self.clause_bounds(c0 - 1, c0 - 1)
            found |= self._words(p0, c0 - 1, start, end, extra)

        if c1 < len(text) and text[c1 - 1] == "(" and _NOUN_GAP.fullmatch(text, end, c1 - 1):
            # "2,816 (22.6%) were positive": the clause goes on after the parenthesis
            close = text.find(")", c1, c1 + 40)
            if close > 0 and _ASIDE_WORDS.fullmatch(text, c1, close):
                # "31 dB (eco), 36 dB (normal)", "£18,750 (plus VAT)": a few words in
                # brackets right after a value name it; "310 g (hammock only)" does not
                # (it names what the value leaves out, and a claim about the whole kit
                # still says "the hammock")
                found |= self._words(c1, close, start, end, extra)
            if close > 0:
                _, n1 = self.clause_bounds(close + 1, close + 2)
                k = bisect.bisect_left(self._q_starts, close)
                if not bounded or k >= len(self._q_starts) or self._q_starts[k] >= n1:
                    # (a claim's clause goes on only when no other number follows in it)
                    found |= self._words(close + 1, n1, start, end, extra)
        if (
            not bounded
            and c0 > 1
            and text[c0 - 1] == ","
            and _CHANGE_START.match(text, c0)
            and not _TO_LEVEL.search(text, c0, start)  # "..., falling to 380 m³/h": a level
        ):
            # "6.8 billion letters, down 8% from ...": the change is about the clause before
            p0, _ = self.clause_bounds(c0 - 2, c0 - 1)
            found |= self._words(p0, c0 - 1, start, end, extra)
        if not bounded and c0 > 1 and text[c0 - 1] == "," and _BOUND_START.match(text, c0):
            # "renewed every 10 years, up to a maximum of 55 years": a limit is about the
            # clause before
            p0, _ = self.clause_bounds(c0 - 2, c0 - 1)
            found |= self._words(p0, c0 - 1, start, end, extra)
        if not bounded and c0 > 1 and text[c0 - 1] == "," and _WHICH.match(text, c0):
            # "over its working life, which averages seven years": the clause before
            # names what "which" stands for
            p0, _ = self.clause_bounds(c0 - 2, c0 - 1)
            found |= self._words(p0, c0 - 1, start, end, extra)
        if (
            bounded
            and c0 > 1
            and text[c0 - 1] == ","
            and (ana := _ANAPHORA.search(text, c0, c1)) is not None
            and not (found and ana.group(1).lower() in ("which", "whom"))
        ):
            # a claim's "198,000 calls, 52% of them on the day": "them" names the clause
            # before (evidence keeps its own clause: "96,480 members, 27,150 of whom...")
            p0, _ = self.clause_bounds(c0 - 2, c0 - 1)
            found |= self._words(p0, c0 - 1, start, end, extra)
        if bounded and c0 > 1 and text[c0 - 1] == ",":
            p0, _ = self.clause_bounds(c0 - 2, c0 - 1)
            if (
                p0 == self.sentence_bounds(start)[0]
                and _FRONTED.match(text, p0)
                and not _DIGIT.search(text, p0, c0 - 1)
                and bisect.bisect_left(self._q_starts, p0) == bisect.bisect_left(self._q_starts, c0)
            ):
                # a claim's framing phrase names its row: "For a normally soiled load in
                # medium-hardness water, ... 65 g" is the "Medium" row's "Normally soiled"
                # (a phrase with a number, "In 2024, ...", "Under the four-year contract,",
                # is that number's)
                found |= self._words(p0, c0 - 1, start, end, extra)
        if extra[0]:
            heads, column, lettered = self._table_heads(start)
            for a, b in heads:
                found |= self._words(a, b, start, end, extra)
            if lettered:  # "Sample | ... // C | 776 | 18.7%": the row of sample C
                found.add(lettered)
            if column is not None and not noun:
                # a one-word column header is what the cell counts ("Patients | 58"); a
                # league table's "W", "D", "L", "P" are wins, draws, losses and games
                short = _HEADER_WORDS.get(text[column[0] : column[1]].strip(" \t*").lower())
                if short is not None:
                    found.update(short)
                else:
                    head = _ONE_WORD_HEAD.fullmatch(text, *column)
                    label = word_label(head.group(1)) if head is not None else ""
                    if label:
                        found.add("#" + label)
        if not bounded and c0 > 5 and text[c0 - 5 : c0] == " and ":
            # the second value of a pair shares words of the first's clause (p0 to "and")
            p0, _ = self.clause_bounds(c0 - 6, c0 - 5)
            if not text[c0:start].strip(" \t$€£¥"):
                # "86.8 years for men and 89.4 years for women": the words before the
                # first ("life expectancy at 65 falls to")
                k = bisect.bisect_left(self._q_starts, p0)
                if k < len(self._q_starts) and self._q_starts[k] < c0 - 5:
                    found |= self._words(p0, self._q_starts[k], start, end, extra)
            elif _GAPPED.fullmatch(text, c0, start) and not _HAS_LETTERS.search(text, end, c1):
                # "staffing shortfalls accounting for 41% of delay minutes and weather for
                # 27%": a gapped pair, the words after the first
                k = bisect.bisect_left(self._q_ends, c0 - 5) - 1
                if k >= 0 and self._q_ends[k] > p0:
                    found |= self._words(self._q_ends[k], c0 - 5, start, end, extra)
        if not found and not bounded and c0 > 1 and text[c0 - 1] in ",;":
            # "25% for delays of 15-29 minutes, 50% for 30-59 minutes": a list item with no
            # words of its own is about what the item before it is about
            p0, _ = self.clause_bounds(c0 - 2, c0 - 1)
            found |= self._words(p0, c0 - 1, start, end, extra)
        if not found and not bounded and c0 > 6 and text[c0 - 6 : c0].lower() == " from ":
            # "reducing the number of councillors from 61 to 55": a bare "from ... to"
            # clause is about the words just before "from", when no number is there
            p0 = max(self.clause_bounds(c0 - 7, c0 - 6)[0], c0 - 6 - _FROM_SUBJECT)
            while p0 < c0 - 6 and text[p0 - 1].isalpha():  # whole words only
                p0 += 1
            k = bisect.bisect_left(self._q_starts, p0)
            if k >= len(self._q_starts) or self._q_starts[k] >= c0 - 6:
                found |= self._words(p0, c0 - 6, start, end, extra)
        s0 = self.sentence_bounds(start)[0]
        if noun:
            found.add("#" + noun_label(noun))
        elif not bounded and _LEVEL_BEFORE.search(text, max(0, start - 8), start):
            # "opened 14 stores to end the year with 402": the 402 counts stores too
            k = bisect.bisect_left(self._q_ends, start) - 1
            if k >= 0 and self._q_ends[k] > s0:
                before = counted_noun(text, self._q_ends[k])
                if before:
                    found.add("#" + noun_label(before))
        if s0 < c0:
            head = _OPENING_MONTH.match(text, s0, c0)
            if head is not None:  # "In February, Hollins Pass recorded 141 cm"
                found.add(head.group(1).lower())
            elif (
                bounded
                and text[c0 - 1] == ","
                and c0 - s0 <= 40
                and not _DIGIT.search(text, s0, c0)
                and bisect.bisect_left(self._q_starts, s0) == bisect.bisect_left(self._q_starts, c0)
                and not _OPENING_NOT_TOPIC.match(text, s0, c0)
            ):
                # a claim's number-free opening phrase names what it is about: "On the
                # Blue Line, 31 of the audited stops ..."
                found |= self._words(s0, c0 - 1, start, end, extra)
        measure = _MEASURE_AFTER.match(text, end)
        if measure is not None:  # "1.1 m wide by 2.1 m deep": each is its own measure
            found.add("#" + measure.group(1).lower().split()[-1])
        elif not noun:
            head = _NEXT_WORD.match(text, end)
            word = head.group(1) if head is not None else ""
            label = (
                ""
                if not word or word.endswith(("ing", "ed")) or word in _NOT_ATTRIBUTIVE
                else word_label(word)
            )
            if label:  # "a 3 km protection zone": the measure is of the protection zone
                found.add("#" + label)
        return frozenset(found)

    def table_cell(self, pos: int) -> TableCell | None:
        """The ``|`` or tab separated table row holding ``pos`` (its line, separator,
        cells, the column of ``pos`` and where the table's first line starts), or
        None when the line of ``pos`` is not a table row."""
        ls, le = self.line_bounds(pos)
        row = self._rows.get(ls)
        if row is None:
            text = self.text
            sep = "|" if "|" in text[ls:le] else "\t" if "\t" in text[ls:le] else ""
            if not sep or le - ls > MAX_TABLE_LINE:
                row = self._rows[ls] = ("", [], [])
            else:
                cells = _cells(text, ls, le, sep)
                row = self._rows[ls] = (sep, cells, [a for a, _ in cells])
        sep, cells, starts = row
        if not sep:
            return None
        k = bisect.bisect_right(starts, pos) - 1
        col = k if k >= 0 and pos < cells[k][1] else -1
        return TableCell(ls, le, sep, cells, col, self._table_head_line(ls, sep))

    def line_bounds(self, pos: int) -> tuple[int, int]:
        """Start and end (the line break, or the end of the text) of the line holding
        ``pos``: a bisection over line starts found once, so that a text of one long line
        costs no scan per number."""
        starts = self._line_starts
        if starts is None:
            text = self.text
            starts = [0]
            p = text.find("\n")
            while p >= 0:
                starts.append(p + 1)
                p = text.find("\n", p + 1)
            self._line_starts = starts
        i = bisect.bisect_right(starts, pos) - 1
        return starts[i], starts[i + 1] - 1 if i + 1 < len(starts) else len(self.text)

    def head_cells(self, cell: TableCell) -> list[tuple[int, int]] | None:
        """The cells of the first line of ``cell``'s table, or None when ``cell`` is on
        that line (or the table is too long to find it)."""
        head = cell.head
        if head is None or head == cell.start:
            return None
        he = self.text.find("\n", head)
        return _cells(self.text, head, len(self.text) if he < 0 else he, cell.sep)

    def _table_heads(self, pos: int) -> tuple[list[tuple[int, int]], tuple[int, int] | None, str]:
        """Spans of the row label (first cell) and the column header of the table cell
        at ``pos``, when its line is a row of a ``|`` or tab separated table: a number
        in a table is about its row and its column, not only its own cell. Also the
        column header's span alone (None when there is none), and the label of a row
        named by one letter under a one-word header (:meth:`_letter_row`, or ``""``)."""
        cell = self.table_cell(pos)
        if cell is None:
            return [], None, ""
        text, cells, col = self.text, cell.cells, cell.col
        first = self.first_text_cell(cell)
        spans: list[tuple[int, int]] = []
        if col > first >= 0:
            spans.append(cells[first])
        hcells = self.head_cells(cell) if col >= 0 else None
        same = hcells is not None and len(hcells) == len(cells)
        column = None
        lettered = ""
        if hcells is not None and same:
            column = hcells[col]
            spans.append(column)
            if col > first >= 0:  # what the rows are: "Visa type | Fee" for "Student | €140"
                spans.append(hcells[first])
                lettered = self._letter_row(cells[first], hcells[first])
        for k in range(first + 1, col if col > first >= 0 else 0):
            # other text cells before the number name the row too ("1 | Tadesse Worku |")
            a, b = cells[k]
            if _HAS_LETTERS.search(text, a, b):
                spans.append(cells[k])
        return spans, column, lettered

    def _letter_row(self, row_label: tuple[int, int], header: tuple[int, int]) -> str:
        """The label ``sampl c`` of a table row whose label cell (``row_label``) is one
        capital letter ("C") under a one-word ``header`` ("Sample"), as "Sample C" in prose
        names it; or ``""``."""
        a, b = row_label
        letter = self.text[a:b].strip(" \t*")
        if len(letter) != 1 or not "A" <= letter <= "Z":
            return ""
        head = _ONE_WORD_HEAD.fullmatch(self.text, *header)
        label = word_label(head.group(1)) if head is not None else ""
        return f"{label} {letter.lower()}" if label else ""

    def _column_year(self, pos: int) -> int | None:
        """The year heading the column of the table cell at ``pos`` ("| 2023 |" in the
        table's first line), or None."""
        cell = self.table_cell(pos)
        hcells = self.head_cells(cell) if cell is not None else None
        if cell is None or hcells is None or not 0 <= cell.col < len(hcells):
            return None
        return self._header_year(*hcells[cell.col])

    def _header_year(self, a: int, b: int) -> int | None:
        """The year that the header cell ``a:b`` heads its column with, or None."""
        m = _YEAR_CELL.fullmatch(self.text, a, b) or _DATE_CELL.fullmatch(self.text, a, b)
        if m is None or _BASE_YEAR.search(self.text, a, m.start(1)):
            return None  # "Change vs 2023": 2023 is the base of the change, not its period
        return int(m.group(1))

    def year_column(self, pos: int, year: int) -> str | None:
        """The header of another column of the table row at ``pos`` that heads ``year``'s
        values ("Same week 2024"), when the cell at ``pos`` is under no year; else None."""
        cell = self.table_cell(pos)
        if cell is None:
            return None
        heads = self.head_cells(cell)
        if heads is None or len(heads) != len(cell.cells):
            return None
        for k, (a, b) in enumerate(heads):
            if (
                k != cell.col
                and cell.cells[k][1] > cell.cells[k][0]
                and self._header_year(a, b) == year
            ):
                return self.text[a:b].strip()
        return None

    def first_text_cell(self, cell: TableCell) -> int:
        """The column of the first non-blank cell of ``cell``'s row (its row label
        when a number follows it), or -1 when every cell is blank."""
        text = self.text
        return next((k for k, (a, b) in enumerate(cell.cells) if text[a:b].strip()), -1)

    def _row_year(self, pos: int) -> int | None:
        """The year naming the row of the table cell at ``pos`` ("Phase 2 (2024) | 5,670",
        "FY2023 | ..."), or None."""
        cell = self.table_cell(pos)
        if cell is None:
            return None
        text, cells = self.text, cell.cells
        first = self.first_text_cell(cell)
        if not 0 <= first < cell.col:
            return None
        a, b = cells[first]
        m = _YEAR_CELL.fullmatch(text, a, b)
        if m is None or _BASE_YEAR.search(text, a, m.start(1)):
            return None
        return int(m.group(1))

    def _table_head_line(self, ls: int, sep: str) -> int | None:
        """Start of the first line of the block of ``sep`` lines holding line ``ls``
        (memoised per line; at most 500 lines up)."""
        cache = self._tables
        if ls in cache:
            return cache[ls]
        text = self.text
        head = ls
        for _ in range(500):
            if head == 0:
                break
            prev = text.rfind("\n", 0, head - 1) + 1
            if sep not in text[prev : head - 1]:
                break
            if prev in cache:
                cached = cache[prev]
                head = prev if cached is None else cached
                break
            head = prev
        else:
            cache[ls] = None
            return None
        while head < ls and _is_key_value_line(text, head, sep):
            head = text.find("\n", head) + 1  # "Applicant: X | Capacity: 49.9 MW": no header
        cache[ls] = head
        return head

    def _extra(self) -> tuple[bool, bool, bool, bool]:
        """(has a ``|`` / tab table, has a period code, has a "Phone A" / "B roads" row name,
        has an age band), computed once per text: most texts need none of the extra label
        scans."""
        got = self._extras
        if got is None:
            text = self.text
            got = self._extras = (
                "|" in text or "\t" in text,
                _PERIOD.search(text) is not None,
                _LETTER_NAME.search(text) is not None or _LETTER_FIRST.search(text) is not None,
                _AGE_BAND.search(text) is not None,
            )
        return got

    def _words(
        self, c0: int, c1: int, start: int, end: int, extra: tuple[bool, bool, bool, bool]
    ) -> set[str]:
        found: set[str] = set()
        cache = _LABEL_CACHE
        text = self.text
        for m in _WORD.finditer(text, c0, c1):
            if start <= m.start() < end:
                continue
            raw = m.group()
            label = cache.get(raw)
            if label is None:
                label = word_label(raw)
                if len(cache) >= _LABEL_CACHE_MAX:
                    cache.clear()
                cache[raw] = label
            if "-" in raw:
                # "on-time" is about "time", "escape-of-water" about escape and water (as
                # the words "Escape of water" are): its parts, not the whole word
                parts = part_labels(raw)
                if parts:
                    found.update(parts)
                    continue
            if label:
                found.add(label)
        _, period, letter, age = extra
        if period:
            for m in _PERIOD.finditer(text, c0, c1):
                if not start <= m.start() < end:
                    code = m.group().lower()
                    ordinal = _ORDINAL_PERIODS.get(code)
                    if ordinal is not None:  # "the second half": H2
                        found.difference_update(map(word_label, code.split()))
                        found.add(ordinal)
                        continue
                    word, space, number = code.partition(" ")
                    word = _PERIOD_ABBREVIATIONS.get(word.rstrip("."), word)
                    if space and word in NUMBERED_PERIODS:  # "Period 7", not "period"
                        found.discard(word_label(word))
                        code = word + str(_SMALL.get(number, number))  # "phase two": phase2
                    found.add(code.translate(_CODE_DROP))
        if letter:  # "Phone A", "Group B": the letter tells two rows apart
            for m in _LETTER_NAME.finditer(text, c0, c1):
                if not start <= m.start() < end:
                    label = word_label(m.group(1))
                    if label:
                        found.add(f"{label} {m.group(2).lower()}")
            for m in _LETTER_FIRST.finditer(text, c0, c1):  # "B roads", "C grade"
                if not start <= m.start() < end:
                    label = word_label(m.group(2))
                    if label:
                        found.add(f"{label} {m.group(1).lower()}")
        if age:  # "for under-16s": the band names the row
            for m in _AGE_BAND.finditer(text, c0, c1):
                if not start <= m.start() < end:
                    found.add(m.group(1).lower() + m.group(2))
        return found


_LABEL_CACHE: dict[str, str] = {}
"""Word as written -> its label ("" when it is not one); a pure function, memoised."""
_LABEL_CACHE_MAX = 100_000


def _is_key_value_line(text: str, ls: int, sep: str) -> bool:
    """Whether the line at ``ls`` is a run of "Key: value" cells ("Serving size: 2 gummies |
    Servings per container: 30"): facts of their own, not the header of the rows below."""
    le = text.find("\n", ls)
    cells = [c for c in text[ls : len(text) if le < 0 else le].split(sep) if c.strip()]
    return bool(cells) and all(":" in c for c in cells)


def _cells(text: str, ls: int, le: int, sep: str) -> list[tuple[int, int]]:
    """Spans of the ``sep`` separated cells of line ``text[ls:le]``."""
    out: list[tuple[int, int]] = []
    a = ls
    while True:
        b = text.find(sep, a, le)
        if b < 0:
            out.append((a, le))
            return out
        out.append((a, b))
        a = b + 1


def _match_end(m: re.Match[str]) -> int:
    return m.end()


def sentence_starts(text: str) -> list[int]:
    """``[0]`` plus the end of every ``_SENT_END`` match, from two faster scans.

    ``_SENT_END.finditer`` finds the punctuation matches plus the line-break matches
    that do not start inside a punctuation match (whose trailing ``\\s+`` may take
    the line break); a line-break match holds no ``.!?``, so no punctuation match
    starts inside one."""
    punct = [m.span() for m in _SENT_PUNCT.finditer(text)]
    ends = [e for _, e in punct]
    if "\n" in text:
        starts = [s for s, _ in punct]
        extra = False
        for m in _SENT_LINE.finditer(text):
            s = m.start()
            k = bisect.bisect_right(starts, s) - 1
            if k < 0 or punct[k][1] <= s:
                ends.append(m.end())
                extra = True
        if extra:
            ends.sort()
    return [0, *ends]
