"""A claim read another way when its first reading matches nothing, and a claim that
names a table row:

* "1.62m" that fails as metres is checked again as 1.62 million (kept with "'m' read as
  million" in its reason when that reading is verified);
* "six hundred pounds" that fails as a mass is checked again as £600;
* a claim with a unit that finds nothing of its kind may restate a bare number whose
  labels name no unit ("46 koz" for a "Gold | 46" cell): :func:`bare_number`;
* a claim that restates the value or range heading a table row ("a property worth
  £350,000" for "£200,001 to £500,000 | £150") is verified against that row label:
  :func:`row_selector`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from veracity.numeric import units
from veracity.numeric.evidence import describe
from veracity.numeric.models import ClaimVerification, EvidenceQuantity, NumericClaim, labels_of
from veracity.numeric.numbers import NUMBER_WORDS, parse_words
from veracity.numeric.table_units import row_label_cell

__all__ = ["bare_number", "names_a_row", "reread", "row_selector"]

Verify = Callable[[NumericClaim], ClaimVerification]
"""Verifies one claim against the same evidence (``verify._verify_one`` bound to it)."""


def reread(v: ClaimVerification, verify: Verify) -> ClaimVerification:
    """A failed verdict ``v`` after its claim is read another way, or ``v`` unchanged:
    a glued "m" as million, "pounds" as money."""
    c = v.claim
    glued_m = c.unit == "m" or (c.dimension == "speed" and c.unit.startswith("m/"))
    if glued_m and _GLUED_M.search(c.text) and not _RANGE_M.search(c.text) and not _metres_after(c):
        return _as_million(v, verify)
    if c.unit == "lb" and c.text.lower().endswith(("pound", "pounds")):
        return _as_sterling(v, verify)
    return v


_GLUED_M = re.compile(r"\d[ \u00a0]?m$")
_RANGE_M = re.compile(r"\d[ \u00a0]*[-\u2013][ \u00a0]*\d[\d.,]*[ \u00a0]m$")
"""A range of metres written with a space ("6-8 m"): not millions."""
_LENGTH_WORDS = re.compile(
    r"[ \t]*(?:high|tall|long|wide|deep|thick|away|across|deep|above|below|under|of (?:water|snow|rain))\b"
)


def _metres_after(c: NumericClaim) -> bool:
    """True when a word after the claim says it is a length ("1.62m tall")."""
    if c.index is None:
        return False
    return _LENGTH_WORDS.match(c.index.text, c.span[1]) is not None


def _as_million(v: ClaimVerification, verify: Verify) -> ClaimVerification:
    """A failed "1.62m" (read as metres, or metres per a period: "1.2m a day") checked
    again as 1.62 million (per that period): kept when that reading is verified
    ("visitors climbed to 1.62m" for "1.62 million visitors")."""
    c = v.claim
    per = c.unit.split("/", 1)[1] if c.dimension == "speed" else c.per  # "1.2m a day"
    alt = replace(
        c,
        claim_type="count",
        dimension="number",
        value=c.stated_value * 1e6,
        stated_value=c.stated_value * 1e6,
        unit="",
        base_unit="",
        per=per,
        half_unit=c.half_unit * 1e6,
        cache=None,
    )
    again = verify(alt)
    if not again.verified:
        return v
    return replace(again, reason=f"{again.reason} ('m' read as million)")


_PENCE_AFTER = re.compile(r"[ \t]+(\d{1,2}|[a-z]+(?:-[a-z]+)?)(?:[ \t]*(?:p|pence))?\b")
"""After "sixteen pounds": the pence ("fifty", "50", "ninety-nine p")."""


def _pence_after(c: NumericClaim) -> float | None:
    """The pence written right after a claim in pounds ("sixteen pounds fifty"), or None."""
    if c.index is None or c.span is None:
        return None
    m = _PENCE_AFTER.match(c.index.text, c.span[1])
    if m is None:
        return None
    word = m.group(1)
    if word.isdigit():
        return float(word)
    if word in ("a", "an"):
        return None  # "fifty-five pounds a month": a rate, not pence
    parts = word.split("-")
    if not all(p in NUMBER_WORDS for p in parts):
        return None
    value = parse_words(parts)
    return value if value is not None and 0 < value < 100 else None


def _as_sterling(v: ClaimVerification, verify: Verify) -> ClaimVerification:
    """A failed "six hundred pounds" (read as a mass) checked again as £600 ("sixteen
    pounds fifty" as £16.50): kept when that reading is verified ("a value of six hundred
    pounds" for "£600")."""
    c = v.claim
    value, half = c.stated_value, c.half_unit / units.UNITS["lb"].factor
    pence = _pence_after(c)
    if pence is not None:  # "sixteen pounds fifty" is £16.50
        value, half = value + pence / 100, 0.005
    alt = replace(
        c,
        claim_type="currency",
        dimension="currency",
        value=value,
        unit="GBP",
        base_unit="GBP",
        half_unit=half,
        cache=None,
    )
    again = verify(alt)
    if not again.verified:
        return v
    return replace(again, reason=f"{again.reason} ('pounds' read as money)")


def bare_number(claim: NumericClaim) -> NumericClaim:
    """``claim`` read on its stated number, its unit dropped."""
    factor = units.SYMBOLS[claim.unit].factor or 1.0
    return replace(
        claim,
        claim_type="count",
        dimension="number",
        value=claim.stated_value,
        unit="",
        base_unit="",
        low=claim.low / factor if claim.low is not None else None,
        high=claim.high / factor if claim.high is not None else None,
        half_unit=claim.half_unit / factor,
        cache=None,
    )


def names_a_row(claim: NumericClaim, ev: EvidenceQuantity) -> bool:
    """True when ``ev`` is a table row's label that ``claim`` restates to name the row:
    an amount, a measure or a range ("£300.01 to £500", "Over £1,000,000", "18-34"), or a
    bare number written the same way ("2846.90"); not "four clear" against a position
    "4 | Wrenfield Ladies | ..."."""
    if ev.dimension in ("number", "count") and ev.low is None and claim.text != ev.text:
        return False
    return row_label_cell(ev)


def row_selector(
    claim: NumericClaim,
    cands: Sequence[EvidenceQuantity],
    judge: Callable[[EvidenceQuantity], tuple[bool, float | None, str]],
    tol: float,
) -> ClaimVerification | None:
    """A claim that restates the value or range heading a table row ("a property worth
    £350,000" for the row "£200,001 to £500,000 | £150 | £300"): verified against that
    row-label cell, whatever the row and column words say (rule ``range_contains`` or
    ``within_tolerance``)."""
    best: tuple[float, int, EvidenceQuantity, float | None, str] | None = None
    for ev in cands:
        if ev.index is None or not names_a_row(claim, ev):
            continue
        ok, err, rule = judge(ev)
        if ok and rule == "range_contains" and claim.low is None:
            # a point inside a row's range names that row only when its words say what
            # the rows are ("a property worth £350,000" under "Property value")
            ok = bool(labels_of(claim) & labels_of(ev))
        if ok:
            # the closest wins; at equal error a row stated as the claim states it (a
            # bound as a bound, a point as a point) before a range merely holding it
            shape = int(ev.bound != claim.bound) + int(rule == "range_contains")
            key = (err if err is not None else 0.0, shape)
            if best is None or key < best[:2]:
                best = (key[0], key[1], ev, err, rule)
    if best is None:
        return None
    _, _, ev, err, rule = best
    reason = f"{claim.text!r} matches {describe(ev)}, the label of a table row"
    return ClaimVerification(claim, True, ev, err, rule, reason, tol)
