"""Which evidence a claim is about, before its value is compared: evidence stated for
the claim's year, then for the month it names, then about its row or entity (most shared
labels; the same rate denominator counts as one). One or two shared words do not decide when
every value it picks is ten times off the claim's and another value is close: it names
the topic ("the hydrofoil ... 27 minutes" is not about "the six-month hydrofoil trial")."""

from __future__ import annotations

import re

from veracity.numeric.models import EvidenceQuantity, NumericClaim, labels_of, memo, year_of
from veracity.numeric.pool import Candidates
from veracity.numeric.rates import PERIOD_WORDS, PERIODS
from veracity.numeric.table_units import declared_per, declared_unit_per, earlier_column
from veracity.numeric.textindex import NUMBERED_PERIODS, TextIndex
from veracity.numeric.word_labels import word_label

__all__ = [
    "MONTHS",
    "PERIOD_DENOMINATORS",
    "compared_in_answer",
    "dated_earlier",
    "newer_dated_later",
    "newer_of_a_change",
    "older_of_a_change",
    "period_labels",
    "period_name",
    "prefer_context",
    "prose_period",
    "says_current",
    "says_earlier",
    "says_only_earlier",
]


def prefer_context(
    claim: NumericClaim,
    cands: list[EvidenceQuantity],
    kind: Candidates | None,
    relaxed: bool = False,
) -> tuple[list[EvidenceQuantity], str]:
    """Evidence stated for the claim's year, then for the month it names, then about its
    row / entity (most shared labels; the same rate denominator counts as one), among
    ``cands``.

    ``kind.flags()`` says whether any candidate has a (year, labels): without one,
    that half of the claim's context cannot tell the candidates apart and is skipped.
    """
    note = ""
    if len(cands) < 2:
        return cands, note
    has_year, has_labels = kind.flags() if kind is not None else (True, True)
    if not (has_year or has_labels):
        return cands, note  # nothing to tell the candidates apart: skip the claim's context
    year = year_of(claim) if has_year else None
    if year is not None:
        years = [year_of(e) for e in cands]
        same = [e for e, y in zip(cands, years, strict=True) if y == year]
        if same and len(same) < len(cands):
            if relaxed:
                same += [e for e, y in zip(cands, years, strict=True) if y is None]
            cands, note = same, f"evidence for {year} preferred"
        elif not same and not relaxed:
            # no value stated for the claim's year: one stated for no year before one
            # stated for another ("842,000 members" before "768,000 at 30 June 2024")
            undated = [e for e, y in zip(cands, years, strict=True) if y is None]
            if undated and len(undated) < len(cands):
                cands, note = undated, f"evidence for other years than {year} set aside"
    labels = labels_of(claim) if has_labels else frozenset()
    months = period_labels(labels)
    if months and len(cands) > 1:  # "October's price": like a year, a month names the period
        named = [_with_quarters(period_labels(labels_of(e))) for e in cands]
        same_month = [e for e, m in zip(cands, named, strict=True) if m & months]
        if same_month and len(same_month) < len(cands):
            if relaxed:
                same_month += [e for e, m in zip(cands, named, strict=True) if not m]
            cands = same_month
            what = ", ".join(sorted(period_name(m) for m in months))
            note = (note + "; " if note else "") + f"evidence for {what} preferred"
    if len(cands) > 1 and any(e.index is not None for e in cands):
        # a text's column or sentence may date its values (structured evidence has neither)
        if not says_earlier(claim):
            # "Pass rate | Prior sitting pass rate": the earlier column only when the claim
            # says so ("at the previous sitting")
            current = [e for e in cands if earlier_column(e) is None]
            if current and len(current) < len(cands):
                cands = current
        else:
            # "paid £1,165 ... last week": the "Last week" column when the claim's
            # sentence writes its header out
            heads = {h for h in map(earlier_column, cands) if h is not None}
            in_claim = {h for h in heads if _writes_header(claim, h)}  # (each header once)
            written = [e for e in cands if earlier_column(e) in in_claim]
            if written and len(written) < len(cands):
                cands = written
                head = earlier_column(written[0])
                note = (note + "; " if note else "") + f"evidence of the column {head!r} preferred"
        if len(cands) > 1 and any(e.index is not None for e in cands) and says_only_earlier(claim):
            unit = _earlier_unit(claim)
            if unit:  # "A year ago, diesel averaged $4.01": the "Year ago" column, not "Last week"
                in_column = [e for e in cands if unit in (earlier_column(e) or "").lower()]
                if in_column and len(in_column) < len(cands):
                    cands = in_column
                    note = (
                        note + "; " if note else ""
                    ) + f"evidence of the column for {unit} preferred"
        if len(cands) > 1 and says_only_earlier(claim):
            # "In the prior year the fare was ₹41": not the newer value of "rose to ₹46 from ₹41"
            older = [e for e in cands if not newer_of_a_change(e)]
            if older and len(older) < len(cands):
                cands = older
                note = (note + "; " if note else "") + "the newer value of a change set aside"
    codes = [n for n in labels if _is_code(n)] if labels else []
    if codes and len(cands) > 1:  # "bore WM-12": a code names one row or place exactly
        coded = [e for e in cands if not labels_of(e).isdisjoint(codes)]
        rivals = any(
            _is_code(n) and n not in codes for e in cands for n in labels_of(e)
        )  # other codes ("WM-07") tell the candidates apart; a lone product code does not
        if coded and rivals and len(coded) < len(cands):
            cands = coded
            note = (
                note + "; " if note else ""
            ) + f"evidence about {', '.join(sorted(codes))} preferred"
    if labels and len(cands) > 1:
        # a rate per the same thing ("15.2 per 100,000 people") counts as one shared word
        per = claim.per
        # (once: the word of the rate is no second shared word, "£65 per session" does not
        # share more with "£110 per session" than "£110" under "per session" does)
        words = labels - {word_label(per)} if per and " " not in per else labels
        scores = [len(words & labels_of(e)) + (per != "" and _per_of(e) == per) for e in cands]
        best = max(scores)
        preferred = [e for e, s in zip(cands, scores, strict=True) if s == best]
        if (
            best > 0
            and min(scores) < best
            and not (best <= 2 and _all_far(claim, preferred, cands))
        ):
            cands = preferred
            names = [n.lstrip("#") for n in sorted(labels & labels_of(cands[0]))]
            if per and _per_of(cands[0]) == per:
                names.append(f"per {per}")
            note = (note + "; " if note else "") + f"evidence about {', '.join(names)} preferred"
    return cands, note


def _per_of(e: EvidenceQuantity) -> str:
    """``e``'s rate denominator, or the period or unit its table declares for it ("(spores
    per m³ of air)")."""
    if e.per or e.index is None:
        return e.per
    return declared_per(e) or declared_unit_per(e)


PERIOD_DENOMINATORS = frozenset(p for p in PERIODS.values() if p)
"""Canonical period denominators ("day", "week", "h"...)."""


MONTHS = frozenset(
    """january february march april june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday q1 q2 q3 q4 h1 h2
    summer winter autumn""".split()
)
"""Month, weekday, quarter, half-year and season names as labels (abbreviations become full
names in ``textindex``): like a year, they name the period of a number ("may" is left out:
it is also a verb; "spring" and "fall" too, a source of water and a verb)."""


_CODE = re.compile(r"#?[a-z]{1,4}\d+(?:\.\d+)?[a-z]{0,2}")
"""A code label ("wm12" for "WM-12", "sc220", "a320", "pm2.5", "#48213"; not "fy24")."""


def _is_code(label: str) -> bool:
    """Whether ``label`` is a code ("wm12"), not a period ("q3", "fy24", "week46")."""
    return (
        _CODE.fullmatch(label) is not None
        and label not in MONTHS
        and not label.startswith("fy")
        and _NUMBERED.fullmatch(label) is None
    )


_NUMBERED = re.compile(r"(?:" + "|".join(NUMBERED_PERIODS) + r")\d{1,2}")


def period_labels(labels: frozenset[str]) -> frozenset[str]:
    """The labels that name a period: months, weekdays, quarters, halves (:data:`MONTHS`)
    and numbered periods ("period7" for "Period 7", "week12")."""
    if not labels:  # (structured evidence mostly has none)
        return labels
    found = labels & MONTHS
    numbered = [n for n in labels if n[-1].isdigit() and _NUMBERED.fullmatch(n)]
    return found | frozenset(numbered) if numbered else found


def period_name(label: str) -> str:
    """A period label as written in a reason: "Q2", "H1", "October", "Period 7"."""
    if label[0] in "qh" and label[1:].isdigit():
        return label.upper()
    digits = len(label) - len(label.rstrip("0123456789"))
    if digits and label[:-digits] in NUMBERED_PERIODS:
        return f"{label[:-digits].capitalize()} {label[-digits:]}"
    return label.capitalize()


_YEAR_MONTHS = (
    "january february march april may june july august september october november december"
).split()
_PARTS_OF_MONTH = {m: (f"q{i // 3 + 1}", f"h{i // 6 + 1}") for i, m in enumerate(_YEAR_MONTHS)}
"""A month's quarter and half ("september": Q3, H2)."""


def _with_quarters(periods: frozenset[str]) -> frozenset[str]:
    """``periods`` plus the quarter and half of each month in it: a value stated "at 30
    September 2026" is a Q3 value."""
    parts = [p for m in periods for p in _PARTS_OF_MONTH.get(m, ())]
    return periods.union(parts) if parts else periods


_EARLIER_WORDS = re.compile(
    r"\b(?i:prior|previous|preceding|last|earlier|before|ago|than|(?:up|down)[ \t]+from|"
    r"compared[ \t]+(?:with|to))\b"
)


_EARLIER_UNIT = re.compile(
    r"\b(?i:(?:a|one|last|previous|prior|preceding)[ \t]+(year|week|month|quarter|season|sale)|"
    r"(year|week|month|quarter|season|sale)[ \t]+(?:ago|earlier|before))\b"
)


def _writes_header(claim: NumericClaim, head: str) -> bool:
    """Whether the claim's sentence writes the column header ``head`` out as whole words
    ("last week" for "Last week"), not as the period of a value compared with ("than last
    week's", "from last week")."""
    index = claim.index
    if index is None or claim.span is None:
        return False
    s0, s1 = index.sentence_bounds(claim.span[0])
    text = index.text
    for m in re.finditer(rf"(?<!\w){re.escape(head)}(?!\w)", text[s0:s1], re.IGNORECASE):
        a, b = s0 + m.start(), s0 + m.end()
        if not _COMPARED_BEFORE.search(text, max(s0, a - 16), a) and text[b : b + 2] not in (
            "'s",
            "’s",
        ):  # but "more than last week's £6.70" dates the other value
            return True
    return False


_COMPARED_BEFORE = re.compile(r"\b(?i:than|from|on|with|to|against|versus|vs)[ \t]+$")


def _earlier_unit(claim: NumericClaim) -> str:
    """The period unit of the earlier period the claim's sentence names ("a year ago" ->
    ``year``, "at the previous sale" -> ``sale``), or ``""``."""
    index = claim.index
    if index is None or claim.span is None:
        return ""

    def read(s0: int, s1: int) -> str:
        m = _EARLIER_UNIT.search(index.text, s0, s1)
        return (m.group(1) or m.group(2)).lower() if m else ""

    return index.of_sentence("earlier unit", claim.span[0], read)


def says_earlier(claim: NumericClaim) -> bool:
    """Whether the claim's sentence refers to an earlier period ("the previous sitting",
    "down from 145.3p")."""
    index = claim.index
    if index is None or claim.span is None:
        return False
    return index.of_sentence(
        "earlier words", claim.span[0], lambda s0, s1: _says(index, _EARLIER_WORDS, s0, s1)
    )


def _says(index: TextIndex, words: re.Pattern[str], s0: int, s1: int) -> bool:
    """Whether ``words`` occur in ``index``'s text within ``s0:s1``."""
    return words.search(index.text, s0, s1) is not None


_FAR = 10.0
"""A value this many times larger or smaller than the claim's is another quantity."""


def _all_far(
    claim: NumericClaim, preferred: list[EvidenceQuantity], cands: list[EvidenceQuantity]
) -> bool:
    """Whether every preferred value is another order of magnitude from the claim's while
    some other candidate is close to it ("27 minutes" is not about the "six-month trial"
    that shares its topic word): then the shared words name the topic, not the row."""
    c = abs(claim.value)
    if c == 0:
        return False

    def far(e: EvidenceQuantity) -> bool:
        v = abs(e.value)
        return v == 0 or v / c > _FAR or c / v > _FAR

    return all(far(e) for e in preferred) and any(
        abs(e.value - claim.value) <= 0.05 * c for e in cands
    )


_EARLIER_ONLY = re.compile(r"\b(?i:prior|previous|preceding|earlier|ago)\b")
_CHANGE_WORDS = re.compile(
    r"\b(?i:from|than|compared|versus|vs|rose|fell|grew|climbed|dropped|increased|"
    r"decreased|up|down|since|now|new|current|today)\b"
)


def says_only_earlier(claim: NumericClaim) -> bool:
    """Whether the claim's sentence dates its value to an earlier period and states no
    change ("In the prior year the average fare was ₹46"; not "rose to ₹46 from ₹41 the
    previous year"), the earlier-word standing nearer this number than any other ("61
    percent ..., against 68 percent a year earlier" dates only the 68)."""
    index, span = claim.index, claim.span
    if index is None or span is None or not index.mentions_earlier_period():
        return False
    return memo(claim, "earlier_only", lambda: _says_only_earlier(index, span))


_Earlier = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
_NO_EARLIER: _Earlier = ((), ())


def _says_only_earlier(index: TextIndex, span: tuple[int, int]) -> bool:
    text = index.text

    def read(s0: int, s1: int) -> _Earlier:
        """The earlier-words of one sentence and its digit positions (none when the
        sentence states a change)."""
        if _EARLIER_ONLY.search(text, s0, s1) is None or _CHANGE_WORDS.search(text, s0, s1):
            return _NO_EARLIER
        words = tuple(m.span() for m in _EARLIER_ONLY.finditer(text, s0, s1))
        return words, tuple(m.start() for m in _DIGITS.finditer(text, s0, s1))

    earlier, digits = index.per_sentence("earlier", span[0], read, _NO_EARLIER)
    a, b = span
    others = [o for o in digits if not a <= o < b]
    for e0, e1 in earlier:
        mine = a - e1 if e1 <= a else e0 - b
        if all(abs(e0 - o) > mine for o in others):
            return True  # the earlier-word is nearer this number than any other
    return False


_DIGITS = re.compile(r"\d+")


_CURRENT = re.compile(
    r"\b(?:(?i:this|the[ \t]+current)[ \t]+(?i:year|season|month|week|quarter|summer|winter"
    r"|autumn)|(?i:effective|applying)[ \t]+from)\b"
)
_EARLIER_AFTER = re.compile(
    r"(?:/[^\W\d]+)?"  # past its rate's denominator: "from US$1.27/kg a year earlier"
    r"[ \t]+(?:in[ \t]+)?(?i:the[ \t]+(?:previous|prior|preceding)[ \t]+"
    r"(?:year|season|month|week|quarter)|(?:a|one)[ \t]+year[ \t]+(?:earlier|ago|before)|"
    r"last[ \t]+(?:year|season|month|week|quarter))\b"
)


def says_current(claim: NumericClaim) -> bool:
    """Whether the claim's sentence dates it to the current period ("This season, chick
    survival was 74%") and names no earlier one."""
    index = claim.index
    if index is None or claim.span is None:
        return False
    current = index.of_sentence(
        "current", claim.span[0], lambda s0, s1: _says(index, _CURRENT, s0, s1)
    )
    return current and not says_earlier(claim)


_ADJECTIVE_PERIOD = {w: p for w, p in PERIOD_WORDS.items() if w not in ("annually", "p.a.")}
"""The period adjectives ("daily" -> ``day``, "annual" -> ``year``)."""
_PERIOD_ADJECTIVE = re.compile(rf"\b(?i:({'|'.join(_ADJECTIVE_PERIOD)}))\b")
_CLAUSE_MARK = re.compile(r"[,;:()]")
_ADJECTIVE_REACH = 80
"""How far before a value in prose its period adjective may stand (characters)."""


def prose_period(ev: EvidenceQuantity) -> str:
    """The period of a value in prose that states none of its own, named by an adjective
    before it in its sentence with no comma, semicolon or bracket between ("The daily
    standing charge will rise from 48.2p to 52.7p" -> ``day``), or ``""``."""
    index, span = ev.index, ev.span
    if index is None or span is None or ev.per:
        return ""

    def read() -> str:
        s0, _ = index.sentence_bounds(span[0])
        text = index.text
        found = {
            _ADJECTIVE_PERIOD[m.group(1).lower()]
            for m in _PERIOD_ADJECTIVE.finditer(text, max(s0, span[0] - _ADJECTIVE_REACH), span[0])
            if not _CLAUSE_MARK.search(text, m.end(), span[0])
        }
        return found.pop() if len(found) == 1 else ""

    return memo(ev, "prose_period", read)


def dated_earlier(ev: EvidenceQuantity) -> bool:
    """Whether the words right after an evidence value date it to the previous period
    ("compared with 74% the previous season", "£118 a year earlier"), or its sentence
    opens on the last one ("Last winter's scheme paid out £4.1 million to 12,300")."""
    if ev.index is None or ev.span is None:
        return False
    text = ev.index.text
    if _EARLIER_AFTER.match(text, ev.span[1]) is not None:
        return True
    if _EARLIER_IN_BRACKET.search(text, max(0, ev.span[0] - 30), ev.span[0]) is not None:
        return True  # "£45,000 (last year: £40,000)": the bracketed value is last year's
    s0, _ = ev.index.sentence_bounds(ev.span[0])
    return _LAST_OPENING.match(text, s0) is not None


_LAST_PERIOD = r"(?i:last|previous|prior|preceding)[ \t]+(?i:year|season|month|week|quarter|period)"
_EARLIER_IN_BRACKET = re.compile(
    rf"\([ \t]*{_LAST_PERIOD}[ \t]*[:=]?[ \t]*(?:[$€£¥₹]|[A-Z]{{3}}[ \t]?)?\Z"
)
"""Before a value, a bracket that dates it to the previous period: "(last year: £40,000)"."""
_EARLIER_BRACKET_AFTER = re.compile(
    rf"(?:[ \t]*[^\W\d]+){{0,3}}?[ \t]*\([ \t]*{_LAST_PERIOD}[ \t]*(?:[:=]|[$€£¥₹]|[A-Z]{{3}}\b)"
)
"""After a value (and its unit), a bracket giving the previous period's: "£45,000 (last
year: £40,000)", "USD 2,450 per tonne (previous week USD 2,380)"."""

_LAST_OPENING = re.compile(
    r"[ \t\n]*(?:(?i:last|the[ \t]+previous|the[ \t]+prior)[ \t]+"
    r"(?i:year|season|month|week|quarter|summer|winter|autumn)\b"
    r"|(?i:until|prior[ \t]+to)[ \t]+(?:\d{1,2}[ \t]+)?[A-Z][a-z]+[ \t]+(?:19|20)\d\d\b)"
)
"""A sentence opening on the previous period ("Last winter's scheme ...", "Until March
2025 the LED wash was £15")."""


_FROM_BEFORE = re.compile(r"\b(?i:from)[ \t]+\S{0,4}\d[\d.,]*\S*[ \t]+(?i:to)[ \t]+\S{0,4}$")
_FROM_AFTER = re.compile(r"[^\d;]{0,60}?\b(?i:from)[ \t]+\D{0,4}\d")


_FROM_RIGHT_BEFORE = re.compile(r"\b(?i:from)[ \t]+[$€£¥₹]?$")
_TO_NEXT_VALUE = re.compile(r"[^\d;.]{0,24}?[ \t](?i:to)[ \t]+[$€£¥₹]?\d")


def older_of_a_change(ev: EvidenceQuantity) -> bool:
    """Whether ``ev`` is the older value of a change stated in its sentence, with no year
    of its own: "fell from 3.6 hours to 2.1 hours", "£1.96, down from £2.18"."""
    if ev.index is None or ev.span is None:
        return False
    text = ev.index.text
    start, end = ev.span
    if _FROM_RIGHT_BEFORE.search(text, max(0, start - 8), start) is None:
        return False
    s0, s1 = ev.index.sentence_bounds(start)
    if _NEWER_BEFORE.search(text, max(s0, start - 40), start) is not None:
        return True
    if _TO_THEN_FROM.search(text, max(s0, start - 40), start) is not None:
        # "rose to £2.14m from £1.71m"
        return _CHANGE_VERB.search(text, max(s0, start - 80), start) is not None
    # "fell from 3.6 hours to 2.1 hours", not a range ("priced from £1,150 to £3,400")
    return (
        _TO_NEXT_VALUE.match(text, end, s1) is not None
        and _CHANGE_VERB.search(text, max(s0, start - 60), start) is not None
    )


def compared_in_answer(claim: NumericClaim) -> bool:
    """Whether the claim is the value its own sentence compares another with ("£1.40
    instead of £1.20", "up to £50 from £40"): the older one of a change it states."""
    if claim.index is None or claim.span is None:
        return False
    start = claim.span[0]
    return _COMPARED_BEFORE.search(claim.index.text, max(0, start - 16), start) is not None


_CHANGE_VERB = re.compile(
    r"\b(?i:rose|rise|rises|risen|fell|fall|falls|fallen|grew|grow|climbed|dropped|declined|"
    r"increased|decreased|cut|raised|lowered|reduced|improved|slipped|jumped|eased|edged|"
    r"went|going|moved|changed|widened|narrowed|shortened|lengthened|up|down)\b"
)
"""A verb of change before "from ... to ..." (a change, not a range of prices)."""
_COMPARED_BEFORE = re.compile(
    r"\b(?i:instead[ \t]+of|from|than|compared[ \t]+with|against|versus|vs\.?|replacing)"
    r"[ \t]+[$€£¥₹]?$"
)


_TO_THEN_FROM = re.compile(r"\b(?i:to)[ \t]+\S{0,4}\d[\d.,]*\S*[ \t]+(?i:from)[ \t]+[$€£¥₹]?$")
"""The newer value, then "from" right before this one ("rose to £2.14m from £1.71m")."""
_NEWER_BEFORE = re.compile(r"\d[^;]{0,30}\b(?i:up|down)[ \t]+from[ \t]+[$€£¥₹]?$")
"""A value, then "up from" / "down from" right before this one ("£1.96, down from £2.18")."""


_COMPARING = re.compile(r"\b(?i:compared|than|from|before|earlier|previous|prior|ago|versus|vs)\b")
"""Words by which a sentence compares its value with another period's."""


def newer_dated_later(claim: NumericClaim, ev: EvidenceQuantity) -> bool:
    """Whether ``ev``, the newer value of a change with no year of its own ("The average
    claim rose to £27,400, compared with £21,900 a year earlier"; "rise to £38 per cask
    from 1 September 2026, up from £34 in 2025"), is for a later year than the one the
    claim dates it to: the latest year its sentence names, else the latest its text names
    as a period (not the year of a payment day or a deadline: "payable on 15 January 2026").
    A claim whose own sentence compares periods ("compared with 29 a year before") or
    names a span of years ("2024-25") is left alone: it dates both ends itself."""
    index = ev.index
    if index is None or ev.span is None or claim.direction or not newer_of_a_change(ev):
        return False
    cy = year_of(claim)
    if cy is None:
        return False
    latest = index.latest_year_near(ev.span[0])
    if latest is None or cy >= latest:
        return False
    own, at = claim.index, claim.span
    if own is None or at is None:
        return False
    comparing, spans = own.of_sentence("comparing", at[0], lambda s0, s1: _comparing(own, s0, s1))
    return not comparing and (cy, latest) not in spans


_YEAR_SPAN = re.compile(r"\b((?:19|20)\d\d)[ \t]*[-/–][ \t]*(\d\d(?:\d\d)?)\b")
"""A span of years ("2024-25", "2024/2025")."""


def _comparing(index: TextIndex, s0: int, s1: int) -> tuple[bool, frozenset[tuple[int, int]]]:
    """Whether a sentence compares periods, and the spans of years it names (first year,
    last year), read once per sentence."""
    text = index.text
    spans = set()
    for m in _YEAR_SPAN.finditer(text, s0, s1):
        first, last = int(m.group(1)), int(m.group(2))
        if last < 100:
            last += first - first % 100
        spans.add((first, last))
    return _COMPARING.search(text, s0, s1) is not None, frozenset(spans)


def newer_of_a_change(ev: EvidenceQuantity) -> bool:
    """Whether ``ev`` is the newer value of a change stated in its sentence: "from ₹41 to
    ₹46", "rose to ₹46 from ₹41", "38%, up from 29% in the previous audit"."""
    if ev.index is None or ev.span is None:
        return False
    text = ev.index.text
    s0, s1 = ev.index.sentence_bounds(ev.span[0])
    before = text[max(s0, ev.span[0] - 60) : ev.span[0]]
    return (
        _FROM_BEFORE.search(before) is not None
        or _FROM_AFTER.match(text, ev.span[1], s1) is not None
        or _EARLIER_BRACKET_AFTER.match(text, ev.span[1], s1) is not None
    )
