"""A claim that names one side of a contrast must not take its value from the other side.

"Average weekend ridership was 3,100" against "Average weekday ridership was 3,100,
rising to 5,800 on weekends": 3,100 is in the context, but for weekdays. Rule
(``other_row``, applied after every claim has been verified on its own): a verified claim
read off one evidence value (``within_tolerance``, ``rounding``) fails when

* its labels hold one word of a contrast pair (:data:`PAIRS`: weekday / weekend, men /
  women, adult / child, import / export ...) and not the other,
* the matched value's labels hold the other word and not this one, and
* the context gives a value of the same kind labelled with the claim's word (and not the
  other) that differs from the claim: that side has its own value.

The last condition keeps a value stated once for both sides ("the men's and women's 2,000
m", "78% of adults ... within the 18-week target; for children 86%": the target is
both's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from veracity.numeric.evidence import describe
from veracity.numeric.models import DIRECT_RULES, ClaimVerification, EvidenceQuantity, labels_of
from veracity.numeric.word_labels import word_label

__all__ = ["PAIRS", "check_contrasts"]

PAIRS: tuple[tuple[str, str], ...] = (
    ("weekday", "weekend"),
    ("eastbound", "westbound"),
    ("northbound", "southbound"),
    ("inbound", "outbound"),
    ("upstream", "downstream"),
    ("junior", "senior"),
    ("male", "female"),
    ("men", "women"),
    ("boys", "girls"),
    ("imports", "exports"),
    ("minimum", "maximum"),
    ("lowest", "highest"),
    ("indoor", "outdoor"),
    ("domestic", "international"),
    ("urban", "rural"),
    ("adult", "child"),
    ("winter", "summer"),
    ("daytime", "night-time"),
    ("arrivals", "departures"),
    ("buy", "sell"),
    ("full-time", "part-time"),
    ("residential", "commercial"),
    ("member", "non-member"),
    ("single", "return"),
    ("cheapest", "dearest"),
)
"""Words naming two sides of one thing, as written (compared by their labels)."""


def _other_sides() -> dict[str, str]:
    out: dict[str, str] = {}
    for a, b in PAIRS:
        la, lb = word_label(a) or a, word_label(b) or b
        out[la], out[lb] = lb, la
    return out


_OTHER = _other_sides()
"""Label -> the label of the other side of its pair."""


def check_contrasts(
    verdicts: Sequence[ClaimVerification], pool: Sequence[EvidenceQuantity]
) -> list[ClaimVerification]:
    """``verdicts`` with the contrast rule applied (see the module docstring)."""
    out = list(verdicts)
    sided: dict[str, list[EvidenceQuantity]] | None = None  # side -> values labelled only so
    for i, v in enumerate(verdicts):
        ev = v.matched
        if not v.verified or ev is None or ev.span is None or v.rule not in DIRECT_RULES:
            continue
        claim_labels = labels_of(v.claim)
        sides = [w for w in claim_labels if w in _OTHER]
        if not sides:
            continue  # for speed: most claims name no side of a contrast
        matched_labels = labels_of(ev)
        for side in sides:
            other = _OTHER[side]
            if other in claim_labels or other not in matched_labels or side in matched_labels:
                continue
            if sided is None:  # read once per check, on the first claim that needs it
                sided = _by_side(pool)
            own = _own_value(v, sided.get(side, ()))
            if own is None:
                continue
            reason = (
                f"{v.claim.text!r} matches {describe(ev)}, but that value is for "
                f"{other!r}, not {side!r}; the context gives {describe(own)} for "
                f"{side!r} (a number from another row)"
            )
            out[i] = replace(v, verified=False, rule="other_row", reason=reason)
            break
    return out


def _by_side(pool: Sequence[EvidenceQuantity]) -> dict[str, list[EvidenceQuantity]]:
    """The values of ``pool`` (in order) under each side of a contrast that their labels
    name without the other side."""
    out: dict[str, list[EvidenceQuantity]] = {}
    for x in pool:
        labels = labels_of(x)
        for side in labels:
            other = _OTHER.get(side)
            if other is not None and other not in labels:
                out.setdefault(side, []).append(x)
    return out


def _own_value(v: ClaimVerification, sided: Sequence[EvidenceQuantity]) -> EvidenceQuantity | None:
    """The first value of ``sided`` (labelled with the claim's side only) of the matched
    value's kind and context that differs from the claim by more than its tolerance, or
    None."""
    claim, ev = v.claim, v.matched
    assert ev is not None
    limit = max(v.tolerance, 0.01) * abs(claim.value)
    for x in sided:
        if x.dimension != ev.dimension or x.span == ev.span or x.context_index != ev.context_index:
            continue
        if abs(x.value - claim.value) > limit:
            return x
    return None
