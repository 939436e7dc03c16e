"""Regular expressions and word tables of the quantity scanner.

Every pattern here is anchored or made of simple classes: none can backtrack over a
digit run, so scanning stays linear in the text length.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from veracity.numeric import lexicon, units
from veracity.numeric.numbers import NUMBER_WORDS

__all__ = [
    "AFTER_ID",
    "ALPHA_RUN",
    "AM_PM",
    "BLANK_LINE",
    "CHAIN",
    "CHAIN_START",
    "CODES",
    "COMPOUND_DIMS",
    "COMPOUND_GAP",
    "CUR_END",
    "CUR_PREFIX",
    "CUR_WORDS",
    "DIGITS",
    "DIGITS_RE",
    "DOWN_WORDS",
    "EURO_CLASS",
    "LAST_WORD",
    "MONTHS_LOWER",
    "MONTH_AFTER",
    "NOUN_WORD",
    "NO_MATCH",
    "NO_MATCH_RE",
    "NO_SUFFIX_AFTER",
    "PAREN_ITEM",
    "PEOPLE",
    "PHONE_BEFORE",
    "PREFIX_LAST",
    "PREFIX_PHRASES",
    "RANGE",
    "SCALES",
    "SP",
    "SUFFIX",
    "SUFFIX_START",
    "SUFFIX_WORDS",
    "SYM_CODE",
    "TABLE_MARK",
    "TABLE_SCALES",
    "TIME_AFTER",
    "UNIT_ONLY",
    "UP_WORDS",
    "WORDS_ALT",
    "WORDS_ANY",
    "WORDS_ANY_NOSTART",
    "WORDS_LOWER",
    "WORDS_LOWER_NOSTART",
    "trie_regex",
    "word_runs",
]


SP = r"[ \t\u00a0\u2009\u202f]"

DIGITS = r"[\d]\d*(?:[,.\u2009\u202f_]\d+|['’]\d{3}(?!\d))*"
"""A run of digits with its group and decimal separators. It opens with a one-class
set rather than a repeated digit class: the same characters, found faster by the regex
engine's first-character scan (about 2.5 µs less per 1,000 characters)."""


def trie_regex(words: frozenset[str]) -> str:
    """A regex alternation of ``words`` shaped as a trie (fast to reject)."""
    trie: dict[str, Any] = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        alts = [re.escape(ch) + emit(sub) for ch, sub in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        if "" in node:
            return body + "?" if len(alts) == 1 and len(body) == 1 else f"(?:{body})?"
        return body

    return emit(trie)


WORDS_ALT = trie_regex(NUMBER_WORDS)


def _alternation(words: Iterable[str]) -> str:
    """``words`` as one regex alternation grouped by first letter ("A(?:ED|UD)|B(?:RL)"),
    longest first within a letter, a space matching any run of spaces: the engine tries
    one branch per letter instead of every word in turn."""
    by_first: dict[str, list[str]] = {}
    for w in sorted(words, key=lambda w: (w[0], -len(w), w)):
        by_first.setdefault(w[0], []).append(re.escape(w[1:]).replace(r"\ ", f"{SP}+"))
    return "|".join(f"{re.escape(k)}(?:{'|'.join(v)})" for k, v in by_first.items())


CODES = _alternation(units.CURRENCY_CODES)

CUR_PREFIX = re.compile(
    rf"(?:(?P<sym>(?:US|A|AU|C|CA|NZ|HK|S|R)?\$|€|£|¥|₹|₩|(?<![A-Za-z])(?:RM|Rs\.?|R(?=$)))|(?<![A-Za-z])"
    rf"(?P<code>{CODES}){SP}?){SP}*$"
)

SYM_CODE = {
    "$": "$",
    "US$": "USD",
    "A$": "AUD",
    "AU$": "AUD",
    "C$": "CAD",
    "CA$": "CAD",
    "NZ$": "NZD",
    "HK$": "HKD",
    "S$": "SGD",
    "R$": "BRL",
    "R": "ZAR",  # glued to an amount only: "R18.40/kg", "R2.5bn" (see quantities)
    "€": "EUR",
    "£": "GBP",
    "¥": "¥",
    "₹": "INR",
    "₩": "KRW",
    "RM": "MYR",
    "Rs": "INR",  # "Rs 500", "Rs. 5 lakh": Indian rupees
    "Rs.": "INR",
}

EURO_CLASS = r"(?:[1-7][a-e]?|I{1,3}|IV|VI{0,2})(?![A-Za-z0-9])"
"""An emission class after "Euro" ("146 Euro V buses", "Euro 6d"): a standard, not money."""

CUR_WORDS = _alternation(units.CURRENCY_WORDS)

SUFFIX = re.compile(
    rf"{SP}*"
    rf"(?:(?P<scale>-?(?i:thousand|million|billion|trillion)|mn|mln|bn|tn|lakhs?|crores?|Mio|Mrd|k|K|M|B|m|b)(?![A-Za-z0-9]){SP}*)?"
    r"(?:"
    rf"(?P<pp>(?i:percentage{SP}+points?|percent(?:age)?{SP}+pts?)(?![A-Za-z])|%{SP}*points?(?![A-Za-z])|pp(?![A-Za-z])|p\.p\.|ppts?(?![A-Za-z]))"
    rf"|(?P<bp>(?:(?i:basis{SP}+points?)|bps?|BPS)(?![A-Za-z]))"
    rf"|(?P<pct>%|(?i:per{SP}?cent|pct)(?![A-Za-z]))"
    rf"|(?P<cur>(?:{CODES})(?![A-Za-z])|[€£](?!{SP}*\d)|-?(?i:{CUR_WORDS})(?![A-Za-z])(?!{SP}+{EURO_CLASS}))"
    rf"|(?P<ratio>(?:x|×)(?![A-Za-z0-9])|(?i:times)(?![A-Za-z])|-?(?i:fold)(?![A-Za-z]))"
    rf"|(?P<hy>-{SP}*)?(?P<unit>{units.unit_regex_source()})(?![A-Za-z0-9²³])"
    r")?"
)

UNIT_ONLY = re.compile(rf"{SP}*(?P<unit>{units.unit_regex_source()})(?![A-Za-z0-9²³])")

SCALES = {
    "k": 1e3,
    "K": 1e3,
    "M": 1e6,
    "m": 1e6,
    "mn": 1e6,
    "mln": 1e6,
    "B": 1e9,
    "b": 1e9,
    "bn": 1e9,
    "tn": 1e12,
    # the German and Swiss abbreviations: "€2,5 Mio.", "CHF 1,2 Mrd."
    "Mio": 1e6,
    "Mrd": 1e9,
    # the Indian scale words: a lakh is a hundred thousand, a crore ten million
    "lakh": 1e5,
    "lakhs": 1e5,
    "crore": 1e7,
    "crores": 1e7,
}

LAST_WORD = re.compile(r"([A-Za-z§#][A-Za-z.]*)[ \t\u00a0]*$")

RANGE = re.compile(
    rf"(?:(?P<dash>[-–—]){SP}*|[ \u00a0]+(?P<dash2>[-–—]){SP}+)(?=[$€£¥₹]?\d)"
    rf"|-?{SP}+(?P<word>to|and|through){SP}+"
    r"(?=[$€£¥₹]?\d|[+\-\u2212]\d|(?i:plus|minus)[ \t]+\d)"
)
"""A range between two numbers: "3-5", "3 – 5", "3 to 5", "between 3 and 5"; after a
word the second may carry a sign ("from -30 to +100 °C", "minus 30 to plus 100"). A dash
after a space but glued to the next number ("1,287 -8.9%") is that number's sign, and
a tab ends a table cell: neither makes a range. A suspended hyphen before the word
shares the second number's unit ("a 17- to 18-inch tyre", "10- and 12-year-olds")."""
SIGN_AHEAD = re.compile(r"([+\-\u2212])|(?i:(plus|minus))[ \t]+")
"""The sign before the second number of a range ("+100", "minus 10")."""

CHAIN = re.compile(r"[-/.:]\d+[-/.:]\d")

AFTER_ID = re.compile(r"[ \t]*(?:U\.S\.C\.|USC|C\.F\.R\.|CFR)")

TIME_AFTER = re.compile(r"[ \t]*(?:[ap]\.?m\.?(?![A-Za-z])|o'clock|hrs\b|h\b)", re.IGNORECASE)

PHONE_BEFORE = re.compile(
    r"\b(?:phone|tel|telephone|call|fax|mobile|ph)\b[.:]?[^A-Za-z]{0,20}$", re.IGNORECASE
)

_MARK_CUR = r"(?:US|A|AU|C|CA|NZ|HK|S|R)?\$|€|£|¥|₹|₩|(?-i:RM)|USD|EUR|GBP|AUD"
"""The currency signs of a bracketed table-scale marker ("(RM million)"), besides any other
code of :data:`CODES` in capitals."""
TABLE_MARK = re.compile(
    r"(?i)(?:\(\s*)?(?:(?P<cur>US\$|\$|€|£|USD|EUR|GBP|AUD)\s*)?(?:amounts\s+)?in\s+"
    r"(?:(?P<cur2>US\$|\$|€|£|USD|EUR|GBP|AUD)\s*)?(?P<sc>thousands|millions|billions)\b"
    r"|\(\s*(?:(?:all\s+)?figures\s+(?:in\s+)?)?(?P<cur3>\$|€|£)\s*(?P<sc3>'?000s?|m|mn|bn)\s*\)"
    rf"|\(\s*(?P<cur4>{_MARK_CUR}|(?-i:{CODES}))\s*(?P<sc4>thousands?|millions?|billions?)"
    r"(?:[ \t,;]+(?:unless|except)[ \t]+(?:otherwise[ \t]+)?(?:stated|noted|indicated))?\s*\)"
)
"""A table-scale marker: "(in thousands)", "$ in millions", "(£m)", "(all figures £000)",
"(USD million)", "(RM million unless stated)"."""

TABLE_SCALES = {
    "thousands": 1e3,
    "millions": 1e6,
    "billions": 1e9,
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "000": 1e3,
    "000s": 1e3,
    "'000": 1e3,
    "'000s": 1e3,
    "m": 1e6,
    "mn": 1e6,
    "bn": 1e9,
}

BLANK_LINE = re.compile(r"\n(?=[ \t]*\n)")
"""Where a blank line starts (zero-width after the first newline, so overlapping blank
lines each match): a ``(in thousands)`` marker applies down to the next one."""

DIGITS_RE = re.compile(DIGITS)

WORDS_LOWER = re.compile(rf"\b(?:{WORDS_ALT})(?:(?:{SP}+|-)(?:{WORDS_ALT}))*\b")

WORDS_ANY = re.compile(rf"(?i)\b(?:{WORDS_ALT})(?:(?:{SP}+|-)(?:{WORDS_ALT}))*\b")

WORDS_LOWER_NOSTART = re.compile(rf"(?:{WORDS_ALT})(?:(?:{SP}+|-)(?:{WORDS_ALT}))*\b")
"""``WORDS_LOWER`` without its leading ``\b``: a pattern that starts with its letters
is searched much faster; :func:`word_runs` checks the boundary itself."""

WORDS_ANY_NOSTART = re.compile(rf"(?i)(?:{WORDS_ALT})(?:(?:{SP}+|-)(?:{WORDS_ALT}))*\b")


def word_runs(pattern: re.Pattern[str], text: str) -> list[re.Match[str]]:
    """``WORDS_LOWER.finditer`` / ``WORDS_ANY.finditer`` with the ``*_NOSTART`` pattern:
    a match preceded by a word character (``\b`` fails there) is skipped and the
    search resumes one character later, exactly as the ``\b`` pattern would."""
    out: list[re.Match[str]] = []
    search = pattern.search
    pos = 0
    while True:
        m = search(text, pos)
        if m is None:
            return out
        s = m.start()
        if s:
            ch = text[s - 1]
            if ch.isalnum() or ch == "_":
                pos = s + 1
                continue
        out.append(m)
        pos = m.end()


CHAIN_START = frozenset("-/.:")

CUR_END = frozenset("$€£¥₹₩")

ALPHA_RUN = re.compile(r"[ \t\u00a0\u2009\u202f]*([A-Za-z]+)")

SUFFIX_WORDS = frozenset(
    w.lower()
    for w in (
        *(re.match(r"[A-Za-z]*", alias).group() for alias in units.UNITS),  # type: ignore[union-attr]
        *units.CURRENCY_CODES,
        *(w.split()[0] for w in units.CURRENCY_WORDS),
        *"thousand million billion trillion mn mln bn tn lakh lakhs crore crores mio mrd k m b "
        "percentage percent per pct pp p "
        "ppt ppts basis bps bp x times fold".split(),
    )
    if w
)

NO_SUFFIX_AFTER = frozenset("\n([\"'“‘,;:$")

SUFFIX_START = frozenset(" \t\u00a0\u2009\u202f-%€£×°º²µμ")

NO_MATCH_RE = re.compile(
    r"(?P<scale>x)?(?P<pp>x)?(?P<bp>x)?(?P<pct>x)?(?P<cur>x)?(?P<ratio>x)?(?P<hy>x)?(?P<unit>x)?"
)

NO_MATCH = NO_MATCH_RE.match("")

AM_PM = re.compile(r"[ \t]*[ap]\.?m\.?(?![A-Za-z])", re.IGNORECASE)

MONTH_AFTER = re.compile(r"[ \t]+(?:of[ \t]+)?([A-Z][a-z]+)\.?")

PAREN_ITEM = re.compile(r"\)[ \t]+[a-z]")

MONTHS_LOWER = frozenset(m.lower() for m in lexicon.MONTHS)

COMPOUND_GAP = re.compile(r"[ \t]*(?:,[ \t]*)?(?:and[ \t]+)?")


NOUN_WORD = re.compile(r"[ \t\u00a0]+([A-Za-z][\w'’-]*|\S+)")

PREFIX_PHRASES: dict[str, str] = {
    **dict.fromkeys(
        "about around approximately approx approx. roughly nearly almost some circa c. "
        "estimated ~ ≈".split(),
        "approx",
    ),
    **dict.fromkeys(
        ["close to", "an estimated", "more or less", "on the order of"],
        "approx",
    ),
    # "just over two years" for 26 months: one-sided, like "over"
    "just over": "min",
    "just under": "max",
    **dict.fromkeys("over above exceeding > ≥ >=".split(), "min"),
    **dict.fromkeys(
        ["more than", "greater than", "in excess of", "at least", "upwards of", "no less than"],
        "min",
    ),
    **dict.fromkeys("under below < ≤ <=".split(), "max"),
    **dict.fromkeys(["less than", "fewer than", "up to", "at most", "no more than"], "max"),
    # a negated bound flips: "no higher than 80%" is at most 80%
    **dict.fromkeys(
        [
            "no higher than",
            "no greater than",
            "not more than",
            "not exceeding",
            "not above",
            "not over",
        ],
        "max",
    ),
    **dict.fromkeys(
        [
            "no lower than",
            "not less than",
            "no fewer than",
            "not fewer than",
            "not below",
            "not under",
        ],
        "min",
    ),
}

PREFIX_LAST = frozenset(p.split()[-1] for p in PREFIX_PHRASES)

DOWN_WORDS = frozenset(
    """fell fall falls falling dropped drop drops declined decline declines declining
    decreased decrease decreases down lower lost lose loses slid slipped shrank shrunk
    contracted contraction negative minus cut cuts reduced reduction plunged tumbled sank
    eased dipped slumped retreated deficit loss losses""".split()
)

UP_WORDS = frozenset(
    """rose rise rises risen rising up increased increase increases increasing grew grow
    grows growing growth gained gain gains climbed climb jumped jump surged surge higher
    advanced""".split()
)
"""Words that state a rise ("rose 5 %", "up 5 %", "a 5 % increase"); "up to" is a bound."""

PEOPLE = frozenset("people children men women staff adults residents".split())

COMPOUND_DIMS = frozenset({"time", "length", "mass"})
