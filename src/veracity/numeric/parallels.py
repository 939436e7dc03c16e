"""Two values of one kind set side by side, each with the words after it that say whose it
is: a claim must not take one value with the other's words.

"Splits and warp affected only 4% of the air-dried boards" against "degrade affected 4% of
kiln boards against 9% of air-dried boards": 4% is in the context, but for kiln boards.
Rule (``other_row``, applied after every claim has been verified on its own): a verified
claim read off one value X in prose (``within_tolerance``, ``rounding``) fails when

* the value Y next to X in its sentence is of X's kind (dimension and unit) and differs
  from it, and the words between them end on a contrast ("against", "versus", "compared
  with", "while", "whereas", "and"),
* each value has its own qualifier: the words right after it, up to the contrast for X and
  up to the end of its clause for Y ("of kiln boards" / "of air-dried boards", "in the
  core zone" / "in the buffer zone"), and
* the claim's labels hold a word of Y's qualifier that X's does not hold, and none of X's
  qualifier that Y's does not hold.

The order may be Y first ("9% of air-dried boards against 4% of kiln boards"): the same
test, sides swapped.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import replace

from veracity.numeric import units
from veracity.numeric.evidence import describe
from veracity.numeric.models import DIRECT_RULES, ClaimVerification, EvidenceQuantity, labels_of
from veracity.numeric.rates import PERIOD_WORDS, PERIODS
from veracity.numeric.word_labels import part_labels, word_label

__all__ = ["check_parallels"]

_CONTRAST = re.compile(
    r"(?P<own>[^,;.\d]{0,60})[ \t]*,?[ \t]+"
    r"(?i:against|versus|vs\.?|compared[ \t]+with|while|whereas|and)"
    r"(?P<lead>(?:[ \t]+[^\W\d]+){0,3}?)[ \t]+[$€£¥₹]?$"
)
"""Between X and Y: X's qualifier, the contrast word, and up to three words before Y
("for", "with only", "in")."""
_QUALIFIER = re.compile(r"[^,;.\d()]{0,60}")
"""After Y: its qualifier, up to the end of its clause."""
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_MEASURE_WORDS = frozenset(units.UNITS) | frozenset(PERIODS) | frozenset(PERIOD_WORDS)
"""Units and periods: how a value is measured, not whose it is."""


def check_parallels(
    verdicts: Sequence[ClaimVerification], pool: Sequence[EvidenceQuantity]
) -> list[ClaimVerification]:
    """``verdicts`` with the parallel-qualifier rule applied (see the module docstring)."""
    out = list(verdicts)
    placed: dict[int, tuple[list[int], list[EvidenceQuantity]]] | None = None
    for i, v in enumerate(verdicts):
        ev = v.matched
        if not v.verified or v.rule not in DIRECT_RULES or ev is None:
            continue
        if ev.index is None or ev.span is None or ev.index.table_cell(ev.span[0]) is not None:
            continue
        if placed is None:
            placed = _by_position(pool)
        starts, items = placed.get(id(ev.index), ([], []))
        k = bisect.bisect_left(starts, ev.span[0])
        found = None
        if k + 1 < len(items):
            found = _pair(ev, items[k + 1], first=True)
        if found is None and k > 0:
            found = _pair(items[k - 1], ev, first=False)
        if found is None:
            continue
        other, own_words, other_words = found
        claim = labels_of(v.claim)
        if claim & other_words and not claim & own_words:
            word = sorted(claim & other_words)[0]
            reason = (
                f"{v.claim.text!r} matches {describe(ev)}, but the context says {word!r} of "
                f"{describe(other)}, not of that value (a number from another row)"
            )
            out[i] = replace(v, verified=False, rule="other_row", reason=reason)
    return out


def _by_position(
    pool: Sequence[EvidenceQuantity],
) -> dict[int, tuple[list[int], list[EvidenceQuantity]]]:
    """The prose values of ``pool`` per context text, in order of position."""
    out: dict[int, tuple[list[int], list[EvidenceQuantity]]] = {}
    for e in sorted(
        (e for e in pool if e.index is not None and e.span is not None),
        key=lambda e: (id(e.index), e.span[0] if e.span else 0),
    ):
        assert e.span is not None
        starts, items = out.setdefault(id(e.index), ([], []))
        last = items[-1].span if items else None
        if last is not None and e.span[0] < last[1]:
            continue  # a part of the value before ("100 km²" of "2.8 per 100 km²")
        starts.append(e.span[0])
        items.append(e)
    return out


def _pair(
    a: EvidenceQuantity, b: EvidenceQuantity, *, first: bool
) -> tuple[EvidenceQuantity, frozenset[str], frozenset[str]] | None:
    """For values ``a`` then ``b`` set side by side: (the other value, the words that name
    the matched one's side, the words that name the other's), the matched one being ``a``
    when ``first``; None when they are not two values of one kind with a contrast between
    them. A side's naming words are the words of its qualifier that the other side does
    not hold: for the side written first (which the second often shortens: "Box beans
    reached 48.5°C, versus 45.1°C in heaps"), its qualifier only; for the second, any of
    its words that the whole first side (from its sentence's start) does not hold."""
    if a.index is None or b.index is None or a.span is None or b.span is None:
        return None
    if a.value == b.value or not _same_kind(a, b):
        return None
    text = a.index.text
    if b.span[0] - a.span[1] > 90 or b.index.table_cell(b.span[0]) is not None:
        return None
    between = _CONTRAST.fullmatch(text, a.span[1], b.span[0])
    if between is None:
        return None
    after = _QUALIFIER.match(text, b.span[1])
    own_a = _labels(between.group("own"))
    side_a = _labels(text[a.index.sentence_bounds(a.span[0])[0] : between.end("own")])
    side_b = _labels(between.group("lead") + " " + (after.group() if after is not None else ""))
    names_a = own_a - side_b
    names_b = side_b - side_a
    if not first:
        # the head noun closing the first qualifier may be the second's too, unwritten
        # ("the existing 45 m lattice mast and a 52 m replacement"): it names no side
        last = _WORD.findall(between.group("own"))[-1:]
        names_a = names_a - _labels(" ".join(last))
    if not names_a or not names_b:
        return None
    return (b, names_a, names_b) if first else (a, names_b, names_a)


_PLAIN = frozenset({"count", "number"})


def _same_kind(a: EvidenceQuantity, b: EvidenceQuantity) -> bool:
    """Values of one kind: the same dimension and unit ("4%" and "9%"), or counts and plain
    numbers where one states no noun ("2.8 individuals per 100 km² ... and 0.9 per 100
    km²")."""
    if a.dimension in _PLAIN and b.dimension in _PLAIN:
        return a.unit == b.unit or not a.unit or not b.unit
    return a.dimension == b.dimension and a.unit == b.unit


def _labels(words: str) -> frozenset[str]:
    """The labels of the words of ``words`` that are no unit or period ("a tonne", "an
    hour" say how a value is measured, not whose it is)."""
    out: set[str] = set()
    for m in _WORD.finditer(words):
        raw = m.group()
        if raw.lower() in _MEASURE_WORDS:
            continue
        got = part_labels(raw) if "-" in raw else [word_label(raw)]
        out.update(w for w in got if w)
    return frozenset(out)
