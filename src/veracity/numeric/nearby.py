"""The words around a number: exclusions, approximations, bounds, signs, nouns."""

from __future__ import annotations

import functools
import re

from veracity.numeric import lexicon, units
from veracity.numeric.numbers import NUMBER_WORDS, ParsedNumber
from veracity.numeric.patterns import (
    AFTER_ID,
    AM_PM,
    DOWN_WORDS,
    MONTH_AFTER,
    MONTHS_LOWER,
    NOUN_WORD,
    PAREN_ITEM,
    PEOPLE,
    PHONE_BEFORE,
    PREFIX_LAST,
    PREFIX_PHRASES,
    TIME_AFTER,
    UP_WORDS,
)
from veracity.numeric.quantity import (
    Quantity,
    RawNumber,
)

__all__ = [
    "AFTER_WORDS",
    "at_line_start",
    "counted_noun",
    "counts_people",
    "direction_of",
    "exclusion_of",
    "last_word",
    "maybe_phone",
    "prefix_kind",
    "serial_before",
]


def exclusion_of(
    text: str,
    q: Quantity,
    num: ParsedNumber,
    raw: RawNumber,
    prev: str,
    e: int,
    left: str | None = None,
) -> str:
    """The exclusion rule a number meets ("" for none); ``left`` is the 24 characters
    before the number's digits when the caller has them."""
    s = raw.start
    n = len(text)
    nxt = text[e] if e < n else ""
    plain = q.dimension == "number"
    if plain and prev and prev in "'’" and e - s == 2 and (s < 2 or not text[s - 2].isalnum()):
        return "year"  # "Ashby's '32 Ford", "a '69 Camaro": a year cut to two digits
    if nxt.isalpha() and q.end == e:
        tail = text[e : e + 3].lower()
        if tail[:2] in ("st", "nd", "rd", "th") and (len(tail) < 3 or not tail[2].isalpha()):
            return "ordinal"
        if tail[:1] == "s" and (len(tail) < 2 or not tail[1].isalpha()) and num.value >= 10:
            return "year"  # 1990s, 80s
        if TIME_AFTER.match(text, e):
            return "time_of_day"
        return "identifier"
    if not plain:  # a unit, currency or percent was read: only these two rules apply
        last = text[max(0, s - 24) : s].rstrip()[-1:]
        if last and last in "§#":
            return "identifier"
        return "citation" if prev == "[" and nxt == "]" else ""
    if nxt == "-" and e + 1 < n and text[e + 1].isupper():
        return "identifier"  # 10-K
    after = text[e : e + 16]
    if (
        plain
        and not raw.words
        and after[1:2].isalpha()
        # for speed: after one blank, a time ("5 pm") or a code ("42 U.S.C.") starts
        # with one of a few letters
        and (after[:1] not in (" ", "\t") or after[1] in _TIME_OR_CODE_START)
    ):
        if TIME_AFTER.match(after) and AM_PM.match(after):
            return "time_of_day"
        if AFTER_ID.match(after):
            return "identifier"
    if left is None:
        left = text[max(0, s - 24) : s]
    last = left.rstrip()[-1:]
    # (for speed: only after the last letters of "S/N", "ref", "serial no.", "reference";
    # a year-like number is excluded as a year anyway)
    if last and last in "nNfFlLeEoO.:" and not 1800 <= num.value <= 2100 and serial_before(text, s):
        return "identifier"  # "(S/N 77-40915)", "ref. 12-3456", "Ref: 2291"
    if last and (last.isalpha() or last in "§#."):
        bare = plain and q.start == s  # nothing read before the digits
        if bare:
            lw = last_word(left)
            if lw:
                word = lw.rstrip(".").lower()
                # "the same scope. 32 bait stations": a full word and a period end a sentence
                if (
                    word in lexicon.IDENTIFIER_WORDS
                    and not (lw.endswith(".") and word not in _ABBREVIATED)
                    and not num.grouped  # "year 31,480": a code has no thousands separator
                    and not (word in _PERIOD_WORDS and _PERIOD_BEFORE.search(left) is not None)
                    and not (word == "number" and _NUMBER_VERB.search(left) is not None)
                ) or word.startswith(("§", "#")):
                    return "identifier"
                if lw.rstrip(".") in lexicon.MONTHS:
                    return "date"
        if last in "§#":
            return "identifier"
        # index and model names: "S&P 500", "FTSE 100", "DAX 40"
        if bare and num.decimals == 0 and not num.grouped and num.value < 10000:
            prev_tok = "".join(left.rsplit(None, 1)[-1:])  # the last token, or ""
            if (
                len(prev_tok) >= 2
                and (
                    "&" in prev_tok
                    or (prev_tok.isupper() and prev_tok.isalpha())
                    # "PlayStation 5", "iPhone 15" (a capital after the first letter)
                    or (not prev_tok[1:].islower() and _CAMEL.search(prev_tok) is not None)
                )
                and prev_tok not in units.CURRENCY_CODES
                and not prev_tok.endswith(("'s", "’s"))  # "SpinBright's 43 locations"
                and not at_line_start(text, s - len(prev_tok) - 1 if s > len(prev_tok) else 0)
            ):
                return "identifier"
            nxt_tok = (
                after.split(None, 1)[0]
                if after[1:2].isupper() and prev_tok[:1].isupper() and after[:1] in " \t"
                else ""
            )
            if (
                prev_tok.isalpha()
                and len(nxt_tok) >= 2
                and nxt_tok.isalpha()
                and nxt_tok.isupper()
                and nxt_tok not in units.CURRENCY_CODES
                and nxt_tok not in units.UNITS
                and prev_tok not in lexicon.MONTHS
            ):
                return "identifier"  # a model between two names: "Boeing 737 MAX"
    if plain and after[1:2].isupper():
        nm = MONTH_AFTER.match(after)
        if nm and nm.group(1) in lexicon.MONTHS:
            return "date"
    if plain and num.value <= 31 and not num.decimals:
        both = _DAYS_THEN_MONTH.match(after)
        if both and both.group(1) in lexicon.MONTHS:
            return "date"  # "on 16 and 17 August", "14-15 March"
    if prev == "[" and nxt == "]":
        return "citation"
    if (
        e - s >= 2
        and text[s] == "0"
        and text[s:e].isdigit()
        and (e - s >= 3 or _DIGIT_GROUP_AFTER.match(text, e) is not None)
    ):  # two digits only before another group ("08 947"): "05 items" counts, "1-08" scores
        return "identifier"  # "Q-26-0417", "007", "08 947": a leading zero writes a code
    if plain and num.decimals == 0 and not num.grouped:
        if nxt in ".)" and (e + 1 >= n or text[e + 1] in " \t") and at_line_start(text, s):
            return "list_marker"
        if prev == "(" and nxt == ")" and num.value < 20 and PAREN_ITEM.match(after):
            return "list_marker"
        if maybe_phone(text, s) or (prev == "+" and after[:1] in " \t(" and after[1:2].isdigit()):
            return "phone"
        if not raw.words and q.scale == 1.0 and e - s == 4 and 1800 <= num.value <= 2100:
            noun = counted_noun(text, q.end)
            pw = last_word(left[-16:])
            prev_word = pw.lower() if pw else ""
            if prev_word in NUMBER_WORDS:
                return "year"  # "fourteen 2024 recipients": the count is the word before
            if not (
                noun.endswith("s")
                and noun.lower() not in _VERBS_AFTER_YEAR
                and prev_word not in lexicon.YEAR_PREPOSITIONS
                and not _POSSESSIVE_END.search(left[-4:])  # "Kingsbridge's 2024 graduates"
                and prev_word not in MONTHS_LOWER
                and (prev_word or "".join(left[-16:].split()[-1:]).lower())
                not in _PERIOD_BEFORE_YEAR
            ):
                return "year"
    return ""


_NUMBER_VERB = re.compile(r"(?:\d|[a-z][^\Wsu]s)[ \t]+number[ \t]+$")
""""number" as a verb after a plural noun or a date ("cases since 1 January 2025 number
146"): the number after it is a count, not "bus number 146" ("bus", "class": no plural)."""
_TIME_OR_CODE_START = frozenset("aApPoOhHUC")
"""The first letters of ``TIME_AFTER`` ("am", "o'clock", "hrs") and ``AFTER_ID`` ("USC",
"CFR") matches."""
_POSSESSIVE_END = re.compile(r"[A-Za-z](?:['’]s|s['’])[ \t]+$")
"""A possessive before four digits: "Kingsbridge's 2024 graduates" names a year."""
_VERBS_AFTER_YEAR = frozenset(
    """costs rises falls stands remains totals shows sees marks begins starts ends runs
    brings includes comes looks means needs makes takes gives opens closes follows
    reaches sets""".split()
)
"""Verbs that may follow a year as its sentence's subject ("membership for 2026 costs
$295", "2025 marks ten years"): the year counts no such thing."""
_PERIOD_BEFORE_YEAR = frozenset("q1 q2 q3 q4 h1 h2 fy spring summer autumn fall winter".split())
"""Words that make the next four digits a year even before a plural noun ("Q3 2026 customs
receipts", "summer 2025 bookings")."""


_MICROBE_COUNTS = frozenset({"cfu", "mpn", "pfu"})
"""Counts of microbes written in capitals ("CFU", "MPN"): the noun a number counts."""
_MEASURE_ADJECTIVE = re.compile(r"\d+(?:\.\d+)?-[A-Za-z]+")
"""A measure used as an adjective before a noun ("60-kg bags", "20-foot containers")."""


@functools.lru_cache(maxsize=1)
def _number_unit() -> re.Pattern[str]:
    """A number and its unit ("330 MW") as one token before a counted noun."""
    return re.compile(rf"\d[\d,.]*[ \t]+(?:{units.unit_regex_source()})(?![A-Za-z0-9])")


_CAMEL = re.compile(r"[a-z][A-Z]")
"""A capital inside a word: a product name ("PlayStation", "iPhone", "HoloLens")."""
_RUN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.")


def last_word(left: str) -> str | None:
    """``LAST_WORD.search(left).group(1)`` (the word ending ``left``), without a regex
    search (which would try every start position): the longest trailing
    ``[A-Za-z§#][A-Za-z.]*`` before trailing blanks; ``None`` when there is none."""
    if left.endswith("\n"):  # "$" also matches before a final newline
        left = left[:-1]
    r = left.rstrip(" \t\u00a0")
    # fast path (for speed): ASCII letters after the last space are the word (the run
    # below stops at that space)
    tail = r[r.rfind(" ") + 1 :]
    if tail.isascii() and tail.isalpha():
        return tail
    q = len(r)
    while q > 0 and r[q - 1] in _RUN:
        q -= 1
    if q > 0 and r[q - 1] in "§#":
        return r[q - 1 :]
    n = len(r)
    while q < n and r[q] == ".":
        q += 1
    return r[q:] if q < n else None


_DAYS_THEN_MONTH = re.compile(
    r"[ \t]*(?:and|&|to|-|\u2013)[ \t]*\d{1,2}(?:st|nd|rd|th)?[ \t]+([A-Z][a-z]+)"
)
"""After the first of two days: the second and the month ("16 and 17 August")."""
_ABBREVIATED = frozenset(
    "p pp no nos nr sec secs ss art arts ch chap fig figs vol para apt cat ver v gen col".split()
)
"""Identifier words also written with a period ("p. 32", "No. 5", "Fig. 3"); after any
other such word, a period ends the sentence ("the same scope. 32 stations")."""

_SERIAL_BEFORE = re.compile(
    r"\b(?i:s/n|serial(?:[ \t]+no\.?)?|ref\.?|reference)[ \t]*[:#]?[ \t]*\Z"
)
"""Before a serial or reference number: it is a code ("S/N 77-40915", "ref. 12-3456")."""


def serial_before(text: str, pos: int) -> bool:
    """Whether a serial or reference number starts at ``pos`` ("S/N 77-40915")."""
    return _SERIAL_BEFORE.search(text, max(0, pos - 12), pos) is not None


_PERIOD_WORDS = frozenset("day week month year season quarter".split())
_PERIOD_BEFORE = re.compile(r"\b(?:last|this|next|each|every|per|same)\s+\w+\s*$", re.I)
"""A period word after one of these ("Last year 31,480 households", "each week 40 boats")
names when, not which: the number after it is a quantity, not "Year 9" or "week 3"."""


def counts_people(text: str, pos: int) -> bool:
    noun = counted_noun(text, pos)
    return bool(noun) and (noun in PEOPLE or (noun.endswith("s") and noun not in units.UNITS))


_OVER_A_DISTANCE = frozenset(
    """run ran raced race walked walk cycled ridden rode swum swam flown flew driven drove
    sailed rowed spread spreads stretches stretched extends extended played contested
    measured""".split()
)
"""Verbs after which "over" means across ("run over 480 m"), not "more than"."""


_ARTICLES = frozenset(("a", "an"))


def prefix_kind(before: str, words: list[str] | None = None) -> str:
    """``approx`` / ``min`` / ``max`` / ``""`` from the words right before a number.

    ``words`` is ``before.lower().split()`` when the caller already has it."""
    toks = before.lower().split() if words is None else words
    if not toks:
        return ""
    last = toks[-1]
    if last not in PREFIX_LAST and last not in _ARTICLES and last[-1:] not in "~≈<>≥≤":
        return ""  # most numbers: nothing before them that approximates or bounds
    toks = toks[-5:]
    if len(toks) > 1 and toks[-1] in _ARTICLES:
        toks.pop()  # "more than a thousand", "over a dozen": the bound holds the article
    toks = toks[-4:]
    if not toks or (toks[-1] not in PREFIX_LAST and toks[-1][-1:] not in "~≈<>≥≤"):
        return ""
    if toks[-1] not in PREFIX_PHRASES and toks[-1][-1:] in "~≈<>≥≤":
        toks[-1] = toks[-1][-1]  # "(~5", "is>5"
    sizes = _PHRASE_SIZES.get(toks[-1], ())  # longest first
    if sizes and sizes[0] > 1:  # for speed: only a longer phrase reads the words before
        # (the last word, one of PREFIX_LAST, opens with none of these marks)
        toks = [t.lstrip("(\"'“") for t in toks]
        if toks[-1] == "over" and len(toks) > 1 and toks[-2] in _OVER_A_DISTANCE:
            return ""  # "was run over 480 yards": across that distance, not more than it
    for size in sizes:
        if len(toks) >= size:
            kind = PREFIX_PHRASES.get(" ".join(toks[-size:]))
            if kind:
                return kind
    return ""


_PHRASE_SIZES: dict[str, tuple[int, ...]] = {
    last: tuple(
        sorted({len(p.split()) for p in PREFIX_PHRASES if p.split()[-1] == last}, reverse=True)
    )
    for last in PREFIX_LAST
}
"""The word counts of the prefix phrases ending in each word (for speed: only those
lengths can match in :func:`prefix_kind`)."""


_MAKE = frozenset(("made", "make", "makes", "making"))
"""Before "up": "made up 44 %" is a share, not a rise."""
_DOWN_AFTER = frozenset(("fewer", "less", "below"))
"""After a number only ("12 % fewer", "2 % below last year"): before one, "less than"
and "below" are bounds."""
_UP_AFTER = frozenset(("more", "above"))
"""After a number only ("12 % more", "7.6 % above 2023"): before one, bounds."""
AFTER_WORDS = _DOWN_AFTER | _UP_AFTER
"""Words that state a change only after a number."""
_SHARE_VERBS = {"made": "up", "makes": "up", "make": "up", "accounted": "for", "accounts": "for"}
"""A share follows these ("made up 44 %"): a direction word before them is no change."""


_DIRECTION_WORDS = DOWN_WORDS | UP_WORDS


def direction_of(before: str, text: str, end: int, words: list[str] | None = None) -> str:
    """``down`` when a decline word sits right before the number ("fell by 3 %") or right
    after it ("a 3 % drop"); ``up`` for a rise word ("rose 3 %", "a 3 % increase", "12 %
    more"; not "up to", a bound); "fewer" and "less" are declines after the number ("12 %
    fewer"); else ``""``. A word in another clause ("bedded down, compared with 47") or
    before "from" ("61, up from 47": 47 is the base) does not count. ``words`` is
    ``before.lower().split()`` when known."""
    every = before.lower().split() if words is None else words
    last = every[-3:]
    if len(last) >= 2 and last[-2] in _SHARE_VERBS and last[-1] == _SHARE_VERBS[last[-2]]:
        last = []  # "(grade) down made up 14.2 %", "accounted for 14.2 %": a share
    if last and last[-1] == "from":
        return ""  # "rises from £3.20 to £3.60", "fell from 12%": the level a change starts at
    n = len(last)
    punct = "," in before or ";" in before or ":" in before
    found = ""
    # for speed: with no clause mark or bracket in ``before``, each word is its own
    # stripped form, so there is a direction only if one of the words is one
    bare = not punct and "(" not in before and ")" not in before
    for i, raw in enumerate(() if bare and _DIRECTION_WORDS.isdisjoint(last) else last):
        w = raw.strip(",;:()")
        if w not in _DIRECTION_WORDS or raw.endswith(")"):
            continue  # no direction, or one in a closed aside: "(90% cluster content or
            # higher) made up 14 %"
        if w in DOWN_WORDS:
            kind = "down"
        elif w in UP_WORDS and not (
            w == "up"
            and (
                (i + 1 < n and last[i + 1] == "to")
                or (last[i - 1] if i > 0 else _before_last(every, n)) in _MAKE
            )
        ):
            kind = "up"
        else:
            continue
        if punct and any(last[j][-1:] in ",;:" for j in range(i, n - 1)):
            continue  # another clause
        if i + 2 == n and last[i + 1] == "from" and w in ("up", "down"):
            continue  # "up from 47"
        if i + 2 == n and last[i + 1] == "to" and w == "down":
            continue  # "revised down to 1.8%": the level reached, not a fall of 1.8%
        if kind == "down":
            return "down"
        found = "up"
    if found:
        return found
    nxt = text[end : end + 14].split(None, 1)[:1]
    if nxt:
        w = nxt[0].strip(",.;:()").lower()
        if w in DOWN_WORDS or w in _DOWN_AFTER:
            return "down"
        if (w in UP_WORDS and w != "up") or w in _UP_AFTER:
            return "up"
    return ""


def _before_last(every: list[str], n: int) -> str:
    """The word before the first of the last ``n`` words ("made" in "made up an
    estimated 22 %"), when there are three of them."""
    return every[-4] if len(every) >= 4 and n == 3 else ""


def at_line_start(text: str, s: int) -> bool:
    k = s
    while k > 0 and s - k < 4 and text[k - 1] in " \t(":
        k -= 1
    return k == 0 or text[k - 1] == "\n"


_DIGIT_GROUP_AFTER = re.compile(r"[ \t]\d")


def maybe_phone(text: str, s: int) -> bool:
    lo = max(0, s - 30)
    w = text[lo:s].lower()  # a phone word near: substring tests, five times faster than a regex
    if not ("ph" in w or "tel" in w or "call" in w or "fax" in w or "mobile" in w):
        return False
    return PHONE_BEFORE.search(text[lo:s]) is not None


def counted_noun(text: str, pos: int) -> str:
    """The noun a number counts: the next word, skipping adjectives and codes."""
    p = pos
    for _ in range(3):
        m = NOUN_WORD.match(text, p)
        if m is None:
            return ""
        tok = m.group(1)
        p = m.end()
        word = tok.lower().rstrip("'’")
        if not tok[0].isalpha():
            if _MEASURE_ADJECTIVE.fullmatch(tok):  # "40.9 million 60-kg bags": skip "60-kg"
                continue
            measure = _number_unit().match(text, m.start(1))
            if measure is not None:  # "four 330 MW turbines": skip "330 MW"
                p = measure.end()
                continue
            return ""
        if word in lexicon.NOUN_STOPWORDS or word in NUMBER_WORDS:
            return ""
        if word in _MICROBE_COUNTS:
            return word  # "230 MPN per 100 g": a count, capitals and all
        if "-" in word:  # (a cheap test first, for speed)
            head, _, tail = word.partition("-")
            if head in NUMBER_WORDS and tail in units.UNITS:
                continue  # "14.8 million nine-litre cases": skip "nine-litre"
        if (
            word in lexicon.ADJECTIVES
            or tok[0].isupper()
            or (not tok.isalpha() and any(c.isdigit() for c in tok))  # isalpha: no digit
        ):
            if p < len(text) and text[p] in ",.;:!?)":
                return ""
            continue
        return word
    return ""
