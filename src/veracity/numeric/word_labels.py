"""The label of a word: what the rows, columns and clauses of a text are about, reduced
to one comparable form (lower case, singular, a verb's inflection dropped, stopwords and
unit words left out), so that "returned" meets "return" and "branches" meets "branch"."""

from __future__ import annotations

from veracity.numeric import lexicon, units
from veracity.numeric.numbers import NUMBER_WORDS

__all__ = ["names_stem", "noun_label", "part_labels", "plural_stem", "singular", "word_label"]

_NOT_LABELS = (
    (lexicon.NOUN_STOPWORDS - {"total", "overall", "higher", "lower"})
    | frozenset(
        """year month week day quarter annual annually however meanwhile according despite
        there here most every last next first then thus yes only just between percent per cent
        million billion thousand trillion hundred dollar euro pound point points about around
        approximately roughly nearly some also said say says compared average mean median
        fy above below under over within beyond more less them they their
        theirs our ours you your his her him she cost costs costing""".split()
    )
    | frozenset({"may"})
)
"""Words that name no row: stopwords, periods, scale and approximation words."""


def part_labels(raw: str) -> list[str]:
    """The labels of the parts of a hyphenated word ("on-time" -> ``time``); a word
    negated by "non-" stays one label ("non-residents" -> ``nonresident``), so that it
    does not name the residents' row."""
    if raw[:4].lower() == "non-" and len(raw) > 4:
        return [word_label("non" + raw[4:])]
    return [sub for part in raw.split("-") if part and (sub := word_label(part))]


def word_label(raw: str) -> str:
    """The label of one word: lower case, singular; "" for stopwords, units, numbers and
    other words under three letters (but a two-letter capitalised name: "US", "UK")."""
    word = raw.lower().rstrip("-")
    if word.endswith(("'s", "’s")):
        word = word[:-2]
    if len(word) == 2 and raw[:2].isupper() and word not in _NOT_LABELS:
        return word  # "US", "UK", "EU": a two-letter name is a label
    if (
        len(word) < 3
        or word in _NOT_LABELS
        or word in NUMBER_WORDS
        or (len(word) <= 3 and word in units.UNITS)
    ):
        return ""
    return _MONTH_NAMES.get(word) or _ABBREVIATIONS.get(word) or _stem(singular(word))


_MONTH_NAMES = {
    "jan": "january",
    "feb": "february",
    "mar": "march",
    "apr": "april",
    "jun": "june",
    "june": "june",
    "jul": "july",
    "aug": "august",
    "sep": "september",
    "sept": "september",
    "oct": "october",
    "nov": "november",
    "dec": "december",
    "mon": "monday",
    "tue": "tuesday",
    "tues": "tuesday",
    "wed": "wednesday",
    "thu": "thursday",
    "thur": "thursday",
    "thurs": "thursday",
    "fri": "friday",
}
"""A month or weekday abbreviation as a label is its month or day ("Oct 2026" column, "in
October", a "Wed" column; not "sat" and "sun", which are words)."""
_ABBREVIATIONS = {
    "pts": "point",
    "pt": "point",
    "yds": "yard",
    "apps": "appearance",
    **dict.fromkeys(("top", "highest", "maximum", "max", "peak", "maxima", "highs"), "max"),
    **dict.fromkeys(("lowest", "minimum", "min", "bottom", "minima", "lows"), "min"),
    **dict.fromkeys(("overnight", "night-time", "nighttime"), "night"),
}
"""Table-header abbreviations as the word they stand for ("Pts" is points), the words of
an extreme as one label ("the top price" is "the maximum", "the lowest" the "min", "highs"
the "maxima"), and of the night ("overnight minima" for "night-time" lows)."""


def _stem(word: str) -> str:
    """A verb's inflection dropped, so that "returned" meets "return" and "produced"
    meets "produce": ``-ied`` becomes ``-y`` ("carried" meets "carrying"), ``-ing`` (six
    letters or more) and ``-ed`` (five or more) go with a doubled consonant before them,
    then a final ``e`` ("won" and "drew" become "win" and "draw"); a noun in ``-ery``
    (seven letters or more) meets its verb ("recovery" meets "recovers", "delivery"
    meets "delivered"). Crude, but the same on both sides of a comparison."""
    word = _IRREGULAR.get(word, word)
    if word.endswith("ery") and len(word) >= 7:
        return word[:-1]  # "recovery" meets "recovers", "delivery" meets "delivered"
    if word.endswith("ied") and len(word) >= 5:
        word = word[:-3] + "y"  # "carried" meets "carrying"
    elif word.endswith("ing") and len(word) >= 6:
        word = word[:-3]
    elif word.endswith("ed") and len(word) >= 5:
        word = word[:-2]
    else:
        return word[:-1] if word.endswith("e") and len(word) >= 4 else word
    if len(word) >= 4 and word[-1] == word[-2] and word[-1] in _DOUBLED:
        word = word[:-1]  # "planned" and "planning" meet "plan"
    return word[:-1] if word.endswith("e") and len(word) >= 4 else word


_IRREGULAR = {
    "won": "win",
    "drew": "draw",
    "sold": "sell",
    "bought": "buy",
    "paid": "pay",
    "spent": "spend",
    "grew": "grow",
    "grown": "grow",
    "built": "build",
    "held": "hold",
    "lost": "lose",
    "made": "make",
    "took": "take",
    "taken": "take",
    "brought": "bring",
    "caught": "catch",
    "sent": "send",
    "kept": "keep",
    "flew": "fly",
    "flown": "fly",
    "wrote": "write",
    "written": "write",
    "began": "begin",
    "begun": "begin",
}
"""Irregular verbs whose past forms name what a number counts as their other forms do
("sold 212,000" meets "selling 212,000"; "won 26" meets "W" as wins)."""
_DOUBLED = frozenset("bdgmnprt")
"""Consonants doubled before -ed / -ing ("stopped", "planning"); not "ll", "ss", "ff"."""


def noun_label(noun: str) -> str:
    """The label of a counted noun, without its ``#``: singular and stemmed like every
    label ("branches" and "branch" both give ``branch``)."""
    return _stem(singular(noun))


def singular(word: str) -> str:
    """Crude singular: ``patients`` -> ``patient``, ``cases`` -> ``case``; the irregular
    plurals of people (``women`` -> ``woman``, ``children`` -> ``child``)."""
    w = word.lower()
    irregular = _IRREGULAR_PLURALS.get(w)
    if irregular is not None:
        return irregular
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        return w[:-1]
    return w


_IRREGULAR_PLURALS = {
    "men": "man",
    "women": "woman",
    "children": "child",
    "people": "person",
    "persons": "person",
    "teeth": "tooth",
    "mice": "mouse",
    "geese": "goose",
    "policemen": "policeman",
    "firefighters": "firefighter",
    "fishermen": "fisherman",
    "sportsmen": "sportsman",
    "sportswomen": "sportswoman",
    "chairmen": "chairman",
}
"""Plurals that no final "s" makes: "for women" meets "a 65-year-old woman"."""


def plural_stem(word: str) -> str:
    """``word`` less one final "s": the form a title's word ("(volumes in million m³)")
    is matched under against the words of a column header (:func:`names_stem`)."""
    return word[:-1] if word.endswith("s") else word


def names_stem(stem: str, header: str) -> bool:
    """Whether a word of ``header`` (lower case), less its final "s", is ``stem``:
    "volume pumped" names the ``volume`` of "(volumes in million m³)"."""
    return stem in (w.rstrip("s") for w in header.split())
