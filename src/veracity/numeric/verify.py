"""Verification of numeric claims against an evidence pool, and the score.

``sfs_score = verified_claims / total_claims`` (``None`` with reason
``"no numeric claims"`` when there are none).

A claim ``c`` (base unit) is checked against every *compatible* evidence value
``e``: same dimension after unit conversion (currencies must match, ``$`` matches
any dollar; a bare number under a "(in thousands)" table header matches money);
counts and plain numbers match counts, plain numbers, ratios and unit-less evidence;
percentages only percentages; percentage points only percentage points (or,
derived, the difference of two evidence percentages). Rules, in order:

* sign: ``c`` and ``e`` of opposite signs never match (``sign_mismatch``), unless a
  word carries the sign ("fell 3.2 %" restates "-3.2 %", "150 Pa below room pressure"
  restates "-150 Pa relative to room"); nor do two values whose words
  state opposite directions ("fell 5 %" against "rose 5 %");
* denominators: a denominator written after either value ("$3 per round", "£18 per
  three-hour session", "per cow per day"), also where the parser reads no unit in it,
  must agree with the other value's or convert to it (``other_denominator``; see
  :mod:`veracity.numeric.denominators`);
* ``e == 0``: verified when ``|c| <= zero_tolerance`` (``zero_absolute``);
* a range claim contains ``e``, or a point claim lies in a range ``e``
  (``range_contains``); a range against a range must match at both ends (within the
  tolerance, or the stated precision); a bound holds (``bound``): "more than X" covers X to 1.25 X,
  "fewer than X" covers X / 1.25 to X; "up to X", "a maximum of X", "at least X" and "a
  minimum of X" state a limit and compare values like a plain number (a bound restating
  the same bound compares values; a
  bound against a range compares with the range's top for "up to", its bottom for
  "more than");
* relative error ``|c - e| / |e| <= tol`` (``within_tolerance``), where ``tol`` is
  the type's tolerance, plus ``approximation_widening`` when either side says
  "about" / "~"; two temperatures in different scales may also be read as
  differences ("2.61 °F warmer" = "1.45 °C warmer");
* an elapsed time written as a clock ("2:08:15") is exact to its last digit: it matches
  only within the stated precision of either side (``rounding``), with no tolerance;
* stated precision (``rounding``): ``|c - e|`` below half the last digit the claim
  states (claims with >= 2 significant digits, or percentages: ``12 %`` covers
  11.5-12.5, ``15,000`` covers 14,500-15,500) or that precise evidence states;
* between two percentages, ``|c - e| <= percentage_absolute_threshold`` points;
* two values stated to the same decimal place in the same unit that differ by more than
  its rounding are two values (``other_value``: "96.8" is not "96.1", though within 1 %),
  and an exact claim stated more precisely than its evidence must round to it ("97.8%" is
  not "97%");
* transposed digits (``transposed_digits``): an exact claim whose significant digits
  are the evidence's with two adjacent digits swapped ("$9,780" for "$9,870") fails
  even when the first two rules would accept it (a copying error, not a rounding).
* a bare number that matches nothing may restate a value with a unit ("median age
  54" vs "54 years"), and a count of "points" that matches nothing may restate
  percentage points ("fell 1.4 points" vs "1.4 percentage points"): compared on the
  stated number; a "1.62m" that fails as metres is checked again as 1.62 million
  (kept with "'m' read as million" in its reason when that reading is verified), and
  "six hundred pounds" that fails as a mass is checked again as £600;
* a multiplier that no evidence states ("roughly three times the previous week's 1,250 t")
  may be the ratio of two values that other claims of its sentence verified
  (``ratio_of_claims``, :func:`veracity.numeric.derived.ratio_of_claims`), and a
  percentage written as a share of a verified value ("82% of the £48.6m") may be the
  share some evidence value is of it (``share_of_claims``), as may a percentage stated with
  a part and its whole ("47 of the 64 applications, about 73 percent"); a total stated
  with its parts in a sentence that says "total" ("60,850 trout in total: 48,600 brown and
  12,250 rainbow") may be their sum (``sum_of_claims``), and a total "across" a table's
  rows the sum of one column's cells, exact to its last digit (``column_total``), when no
  value of the claim's was found; a range whose two
  ends are two
  evidence values stated together ("between $10 and $500" for "from $10 to $500") holds
  (``range_ends``).

Denominators that are units of one dimension convert ("€340 per tonne" restates "€0.34
per kg"; "7 L per 100 km" restates "70 L per 1000 km").
A claim per a period ("$310 per day") is not compared with a table cell whose column
header or row label names another period ("Skip hire (per week)", "Monthly premium",
"API calls/day"; :func:`veracity.numeric.table_units.declared_per`), nor a claim per a
unit ("52p per kilometre") with a cell whose header, row label or title names another
("Per mile"; :func:`veracity.numeric.table_units.declared_unit_per`).

The *closest* verified evidence wins (smallest relative error); when none verifies,
the closest compatible one is reported. With ``context_check`` (default on),
evidence stated for the claim's year (and the month it names), and then evidence whose
clause shares the most content words with the claim's (row label, entity, counted noun;
the same rate denominator counts as one), is preferred, so a
number copied from another row or year fails; a claim whose year is known fails when the
value it matches is stated for another year, or is compared in its sentence with the value
of the claim's year ("4.64 t/ha, up from 4.31 t/ha in 2024" is not 2024's) (``other_year``); and two claims stated together in the
answer must not come from two different rows (``other_row``, see ``companions``). A
claim that restates the value or range heading a table row ("a property worth £350,000"
for the row "£200,001 to £500,000 | £150") is verified against that row label, and the
claims stated with it must come from that row. A value from a column headed as an
earlier period ("Prior sitting pass rate", "Last week") is preferred only by a claim that
says so ("at the previous sitting", "down from"); one matched there by a claim that names
its period fails (``other_year``). A count that copies a cell as written
from a table whose title or column declares a scale ("8,657 admissions" under
"(thousands)") fails (``table_scale``): the cell is 8.657 million. A claim whose
sentence dates its number to an earlier period and states no change ("In the prior year
the fare was ₹46") sets aside the newer value of a change ("rose to ₹46 from ₹41"),
and fails against it (``other_year``); the newer value of a change with no year of its
own is for the latest year its sentence (else its text) names, so a claim that dates it
to an earlier year fails too ("In 2025 Speyford charged £38" from "rise to £38 from 1
September 2026, up from £34 in 2025"); a period after "since" opens a span and dates
nothing ("4,600 sandbags since Thursday"). A claim the preference sent to another
sentence is verified by a value in the context sentence that verifies another number
of its answer sentence (:mod:`veracity.numeric.beside_companions`). A claim that fails
against a value another claim of its answer sentence verifies is compared with the rest
of the evidence: that value is the other claim's ("Of the 112 starters, 87 riders
finished" from "112 riders started and 87 finished": the riders' row is 112's, and 87
is stated too); two sentences that give one row two values keep the failure. An approximate
claim with digits that nothing preferred verifies is verified by a value it rounds,
within half a unit of its last stated digit and not equal to it ("roughly 1,490
hours" for "1,486 hours", when the labels preferred "212 hours of speech"): a value
copied exactly from another row stays a finding.

Speed: the compatible candidates of a claim depend only on its dimension, type,
currency and rate denominator, so they are computed once per such kind and shared
(:mod:`veracity.numeric.pool`); a claim's year and labels are computed only when some
candidate has a year / labels to compare with (otherwise they cannot change the
choice). In a large pool (more than ``pool.NEAR_MIN`` candidates of one kind) a claim
meets only the ``pool.NEAR_K`` values just below and above its own, and every range:
all rules that verify need a close value, so only the row / year preference can differ
(it then chooses among those values), and a 1 MB answer against a 1 MB context stays
near-linear. The rules that read the other claims of a claim's sentence (the derived
values, the row selectors) read only that sentence, through an index built once per
check (:class:`veracity.numeric.derived.AnswerSentences`), and what a sentence's text
says is read once per sentence, so a check stays linear in its claims even when one
"sentence" holds thousands of numbers.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from veracity.errors import InputError
from veracity.numeric import units
from veracity.numeric.beside_companions import find_beside_companions
from veracity.numeric.companions import check_companions, check_row_selectors, claims_by_sentence
from veracity.numeric.config import DomainConfig
from veracity.numeric.contrasts import check_contrasts
from veracity.numeric.dates import DATE, DateIndex, date_evidence, verify_date
from veracity.numeric.denominators import (
    denominators_differ,
    first_denominator,
    unshared_denominators,
)
from veracity.numeric.derived import (
    AnswerSentences,
    area_of_claims,
    column_total,
    difference_of_values,
    percent_change,
    percent_of_claims,
    pp_difference,
    product_of_claims,
    range_of_values,
    ratio_of_claims,
    share_of_claims,
    sum_of_claims,
)
from veracity.numeric.digits import (
    digits_of,
    other_decimal,
    range_ends_error,
    rounding_allowance,
    transposed,
)
from veracity.numeric.evidence import (
    MAX_EVIDENCE_ITEMS,
    describe,
    evidence_from_items,
)
from veracity.numeric.extract import checked_texts, evidence_from_contexts, extract_claims
from veracity.numeric.models import (
    ClaimVerification,
    EvidenceQuantity,
    NumericClaim,
    NumericReport,
    check_claims,
    compared_year_of,
    labels_of,
    memo,
    new_verification,
    year_of,
)
from veracity.numeric.named_rows import check_named_rows
from veracity.numeric.parallels import check_parallels
from veracity.numeric.pool import (
    TABLE_UNIT_DIMS,
    Candidates,
    EvidencePool,
    declared_cells,
    per_head_only,
)
from veracity.numeric.preference import (
    PERIOD_DENOMINATORS,
    compared_in_answer,
    dated_earlier,
    newer_dated_later,
    newer_of_a_change,
    older_of_a_change,
    period_labels,
    period_name,
    prefer_context,
    prose_period,
    says_current,
    says_earlier,
    says_only_earlier,
)
from veracity.numeric.presets import resolve_config
from veracity.numeric.quantity import CLOCK
from veracity.numeric.rates import LONG_PERIODS, per_ratio
from veracity.numeric.rereadings import bare_number, names_a_row, reread, row_selector
from veracity.numeric.table_units import (
    column_scale,
    declared_per,
    declared_text,
    declared_unit,
    declared_unit_per,
    earlier_column,
    earlier_header,
    names_a_unit,
)
from veracity.numeric.textindex import MAX_SENTENCE_QUANTITIES
from veracity.samples import EvidenceItem

__all__ = ["MAX_EVIDENCE_ITEMS", "check_numbers", "evidence_from_items", "verify_claims"]


_BOUND_SLACK = 1.25
"""A bound holds when the evidence lies within a factor 1.25 on its side
("more than 1,000" covers 1,000-1,250; "up to 10 %" covers 8-10 %)."""
_UNITLESS_OK = frozenset(
    {
        "length",
        "mass",
        "volume",
        "time",
        "area",
        "speed",
        "energy",
        "power",
        "data",
        "charge",
        "concentration",
        "force",
    }
)

_POINT_NOUNS = frozenset({"point", "points", "pts"})
_POINTS_OK = frozenset({"pp"})
"""A count of "points" that matches no count may restate percentage points."""


def _counts_points(claim: NumericClaim) -> bool:
    """Whether the claim counts "points" ("1.4 points", "up 7 points"): a count that may
    be percentage points."""
    return claim.dimension == "count" and claim.noun.lower() in _POINT_NOUNS


def _claim_value(
    claim: NumericClaim, ev: EvidenceQuantity
) -> tuple[float, float | None, float | None]:
    if ev.dimension == "tag":
        if claim.low is not None and claim.high is not None and claim.value:
            ratio = claim.stated_value / claim.value if claim.value else 1.0
            return claim.stated_value, claim.low * ratio, claim.high * ratio
        return claim.stated_value, None, None
    return claim.value, claim.low, claim.high


def _judge(
    claim: NumericClaim,
    ev: EvidenceQuantity,
    tol: float,
    cfg: DomainConfig,
    *,
    written: bool = True,
) -> tuple[bool, float | None, str]:
    """(verified, relative error, rule) of one claim against one evidence value
    (``written``: compare the denominators written after either value too)."""
    tagged = ev.dimension == "tag"
    if tagged:
        c, lo, hi = _claim_value(claim, ev)
    else:
        c, lo, hi = claim.value, claim.low, claim.high
    if written and not (claim.per and ev.per) and claim.index is not None and ev.index is not None:
        # a denominator the parser does not read as a unit may still be written: "$3
        # per hour" is not "$3 per round", "0.6 units per acre" not "0.6 per hectare"
        pair = unshared_denominators(claim, ev)
        if pair is not None:
            cw, ew = pair
            k = per_ratio(cw, ew)
            if k is not None:
                return _judge(_per_converted(claim, k, ev.per or ew), ev, tol, cfg, written=False)
            if denominators_differ(cw, ew, ev):
                return False, None, "other_denominator"
    if claim.per and ev.per and claim.per != ev.per and not per_head_only(claim.per, ev.per):
        k = per_ratio(claim.per, ev.per)  # "€340 per t" against "€0.34 per kg"
        if k is None:
            return False, None, "out_of_tolerance"
        return _judge(_per_converted(claim, k, ev.per), ev, tol, cfg)
    e = ev.value
    err = abs(c - e) / abs(e) if e != 0 else None
    if lo is not None and hi is not None and ev.low is not None and ev.high is not None:
        # a range against a range: both ends must agree ("24 to 30 °C" is not "24-26 °C")
        ends = range_ends_error(lo, hi, ev.low, ev.high)
        ok = ends <= tol + 1e-12 or (
            abs(lo - ev.low) <= max(claim.half_unit, ev.half_unit) * (1 + 1e-9)
            and abs(hi - ev.high) <= max(claim.half_unit, ev.half_unit) * (1 + 1e-9)
        )
        return ok, ends, "range_contains" if ok else "out_of_tolerance"
    if lo is not None and hi is not None:
        if lo <= e <= hi:
            return True, 0.0, "range_contains"
        err = min(abs(lo - e), abs(hi - e)) / abs(e) if e != 0 else None
    elif ev.low is not None and ev.high is not None:
        if ev.low <= c <= ev.high and not _scored_out_of(claim, ev.high):
            return True, 0.0, "range_contains"
        err = min(abs(ev.low - c), abs(ev.high - c)) / max(abs(ev.low), abs(ev.high), 1e-300)
    cd, ed = claim.direction, ev.direction
    if (cd == "up" and ed == "down") or (cd == "down" and ed == "up"):  # "fell 5 %" vs "rose 5 %"
        return (
            False,
            err if err is not None else abs(c - e) / abs(e) if e else None,
            "sign_mismatch",
        )
    if c != 0 and e != 0 and (c > 0) != (e > 0) and claim.dimension != "temperature":
        magnitude_err = abs(abs(c) - abs(e)) / abs(e)
        # "-3.2 %" restated as "fell 3.2 %" (or the reverse): the sign is in the words
        worded = (
            c > 0 and (claim.direction == "down" or _in_deficit(claim) or _below_after(claim))
        ) or (e > 0 and (ev.direction == "down" or _in_deficit(ev) or _below_after(ev)))
        if not worded:
            return False, magnitude_err, "sign_mismatch"
        c, err = -c, magnitude_err
        if lo is not None and hi is not None:
            lo, hi = -hi, -lo
    if e == 0:
        ok = abs(c) <= cfg.zero_tolerance
        return ok, None, "zero_absolute" if ok else "out_of_tolerance"
    assert err is not None
    if (claim.unit == CLOCK or ev.unit == CLOCK) and lo is None and ev.low is None:
        # "2:08:15" is exact to the second: only the stated precision, no tolerance
        ok = abs(c - e) <= max(claim.half_unit, ev.half_unit)
        return ok, err, "rounding" if ok else "out_of_tolerance"
    bound = claim.bound
    if bound and bound != ev.bound and ev.low is not None and ev.high is not None:
        # "up to 3.6 m" against "3.1-3.3 m": the bound restates the range's top
        end_value = ev.high if bound == "max" else ev.low
        if end_value and abs(abs(c) - abs(end_value)) / abs(end_value) <= tol + 1e-12:
            return True, err, "bound"
        return False, err, "out_of_tolerance"
    if bound and bound != ev.bound and not _states_limit(claim):  # "more than X" vs a value
        ac, ae = abs(c), abs(e)
        if (bound == "min" and ac <= ae <= ac * _BOUND_SLACK) or (
            bound == "max" and ac / _BOUND_SLACK <= ae <= ac
        ):
            if transposed(claim, ev, c, e):
                return False, err, "transposed_digits"
            return True, err, "bound"
    if claim.dimension == "temperature" and ev.unit != claim.unit:
        diff_err = _temperature_difference_error(claim, ev)
        if diff_err is not None and diff_err < err:
            err = diff_err  # "warmer by 2.61 °F" restates "1.45 °C above"
    # within tolerance: ``err <= tol + widening + 1e-12`` when _loose(), else ``err <= tol +
    # 1e-12``; _loose() is only asked when the two limits disagree
    within = err <= tol + 1e-12
    if within != (err <= tol + cfg.approximation_widening + 1e-12):
        within = not within if _loose(claim, ev) else within
    if within:
        if c != e and transposed(claim, ev, c, e):
            return False, err, "transposed_digits"
        if c != e and other_decimal(claim, ev, c, e):
            return False, err, "other_value"
        return True, err, "within_tolerance"
    allowance = rounding_allowance(claim, ev, e) if not tagged else 0.0
    if abs(c - e) < allowance and (abs(c) > abs(e) or abs(c - e) < allowance * (1 - 2e-9)):
        # exactly half a unit off rounds away from zero: 1,650 is "1,700", not "1,600"
        if transposed(claim, ev, c, e):
            return False, err, "transposed_digits"
        return True, err, "rounding"
    if claim.dimension == "percent" and abs(c - e) <= cfg.percentage_absolute_threshold + 1e-12:
        return True, err, "percentage_absolute"
    return False, err, "out_of_tolerance"


_DEFICIT = re.compile(r"\b(?i:deficits?|shortfalls?|loss|losses|net[ \t]+outflows?)\b")
"""Words that carry a negative sign: "a deficit of 2.75 billion" restates "-2.75"."""


def _in_deficit(q: NumericClaim | EvidenceQuantity) -> bool:
    """True when the clause of ``q`` names a deficit, shortfall or loss (cached)."""
    index, span = q.index, q.span
    if index is None or span is None:
        return False

    def named() -> bool:
        lo = max(index.sentence_bounds(span[0])[0], span[0] - _DEFICIT_REACH)
        return _DEFICIT.search(index.text, lo, span[0]) is not None

    return memo(q, "deficit", named)


_BELOW = re.compile(r"[ \t]+(?i:below|beneath)\b")


def _below_after(q: NumericClaim | EvidenceQuantity) -> bool:
    """True when "below" follows ``q`` ("150 pascals below room pressure" is -150 Pa
    relative to it; "3 m below the crest")."""
    index, span = q.index, q.span
    return index is not None and span is not None and _BELOW.match(index.text, span[1]) is not None


_DEFICIT_REACH = 100
"""How far before a number its deficit word may stand ("trade deficit narrowed to 2.75")."""


def _period_kinds(names: frozenset[str]) -> set[str]:
    """Which kinds of period the labels name: "quarter" (Q1-Q4), "half" (H1, H2), "day"
    (weekdays), "season" (summer, winter, autumn), "month", or a numbered period's word
    ("week" for "week12")."""
    return {_period_kind(n) for n in names}


def _period_kind(name: str) -> str:
    if name[-1].isdigit() and name[0] not in "qh":
        return name.rstrip("0123456789")  # "period7", "week12"
    if name[0] == "q":
        return "quarter"
    if name in ("h1", "h2"):
        return "half"
    if name in _SEASONS:
        return "season"
    return "day" if name.endswith("day") else "month"


_SEASONS = frozenset(("summer", "winter", "autumn"))


def _periods(names: frozenset[str]) -> str:
    """Period labels for a reason: "Q2", "October and November"."""
    shown = sorted(period_name(n) for n in names)
    return " and ".join(shown)


def _per_converted(claim: NumericClaim, k: float, per: str) -> NumericClaim:
    """``claim`` restated per ``per``: its value, range, stated value and precision times
    ``k`` (see :func:`veracity.numeric.rates.per_ratio`)."""
    return replace(
        claim,
        value=claim.value * k,
        stated_value=claim.stated_value * k,
        low=claim.low * k if claim.low is not None else None,
        high=claim.high * k if claim.high is not None else None,
        half_unit=claim.half_unit * k,
        per=per,
        cache=None,
    )


def _loose(claim: NumericClaim, ev: EvidenceQuantity) -> bool:
    """Whether the approximation widening applies: either side says "about" with at most
    two significant digits. "About 600,000" for 581,300 is a rounding a reader accepts;
    "about 596,000" (or "an estimated 89.7%") states three digits, so it is held to them."""
    if ev.approx and len(digits_of(ev.stated_value)) <= 2:
        return True  # "about 600,000"; but "an estimated 89.7%" states three digits
    return claim.approx and claim.significant <= 2


def _temperature_difference_error(claim: NumericClaim, ev: EvidenceQuantity) -> float | None:
    """Relative error when both temperatures are read as differences (no offset)."""
    cu, eu = units.SYMBOLS.get(claim.unit), units.SYMBOLS.get(ev.unit)
    if cu is None or eu is None or ev.stated_value == 0:
        return None
    c, e = claim.stated_value * cu.factor, ev.stated_value * eu.factor
    return abs(c - e) / abs(e)


_Pick = tuple[float, EvidenceQuantity, str]


def _stated_per(ev: EvidenceQuantity) -> str:
    """The period ``ev`` is stated per: its own denominator, or the one its table or its
    sentence declares ("Mean annual drainage was 186 mm ... and 152 mm")."""
    if ev.per or ev.index is None:
        return ev.per
    return declared_per(ev) or prose_period(ev)


def _best(
    claim: NumericClaim,
    cands: list[EvidenceQuantity],
    tol: float,
    cfg: DomainConfig,
    kind: Candidates | None = None,
) -> tuple[_Pick | None, _Pick | None, str]:
    """(closest verified, closest overall, context note) among the candidates."""
    note = ""
    if claim.dimension == "length" and claim.per in LONG_PERIODS:
        # "152 mm a year" is drainage per year, not a total ("bank retreat of 4.2 metres")
        cands = [e for e in cands if _stated_per(e) == claim.per]
    every = cands
    if cands and cfg.context_check:
        cands, note = prefer_context(claim, cands, kind)
    best, closest = _judge_all(claim, cands, tol, cfg)
    if cands is not every:  # a swap as written among the values set aside counts too
        swapped = _swapped_as_written(claim, best, every)
        if swapped is not None:
            return None, swapped, note
    if best is None and cands is not every:
        # nothing stated for the claim's year or month verifies: values stated for no
        # period at all may ("1.41 children per woman" in a sentence about 2025)
        wider, wider_note = prefer_context(claim, every, kind, relaxed=True)
        seen = {id(e) for e in cands}
        if any(id(e) not in seen for e in wider):
            found, near = _judge_all(claim, wider, tol, cfg)
            if found is not None:
                return found, near, wider_note
    return best, closest, note


def _rounded_elsewhere(
    claim: NumericClaim, cands: list[EvidenceQuantity], tol: float, cfg: DomainConfig
) -> _Pick | None:
    """For an approximate claim that nothing preferred verifies: the evidence it rounds
    ("roughly 1,490 hours" for "1,486 hours", when the preferred evidence is "212 hours
    of speech"): within half a unit of the claim's last stated digit, and not its exact
    value (a value copied exactly from another row is a finding)."""
    if not claim.approx or claim.low is not None or claim.half_unit <= 0:
        return None
    if not any(ch.isdigit() for ch in claim.text):
        return None  # "one in three" states no digit to round
    found, _ = _judge_all(claim, cands, tol, cfg)
    if found is None:
        return None
    ev = found[1]
    if math.isclose(ev.value, claim.value, rel_tol=1e-9):
        return None
    if abs(ev.value - claim.value) > claim.half_unit * (1 + 1e-9):
        return None
    return found


def _judge_all(
    claim: NumericClaim, cands: list[EvidenceQuantity], tol: float, cfg: DomainConfig
) -> tuple[_Pick | None, _Pick | None]:
    """(closest verified, closest overall) among ``cands``."""
    best: _Pick | None = None
    closest: _Pick | None = None
    per = claim.per
    periodic = per in PERIOD_DENOMINATORS
    per_unit = bool(per) and not periodic and per in units.UNITS
    quick = _quick_miss_limits(claim, tol, cfg)
    if quick is not None:
        c, c_up, c_dir, far, c_half, pct_limit = quick
    for ev in cands:
        if (
            periodic
            and not ev.per
            and ev.index
            and (declared_per(ev) or prose_period(ev)) not in ("", per)
        ):
            continue  # "$310 per day" against a cell of "Skip hire (per week)", or "52.7p per
            # week" against "the daily standing charge will rise to 52.7p"
        if per_unit and not ev.per and ev.index and declared_unit_per(ev) not in ("", per):
            continue  # "52p per kilometre" against a cell of a "Per mile" column
        if quick is not None:
            # most candidates are far off: settle a plain miss here, without _judge (see
            # _quick_miss_limits for why its verdict is the same)
            e = ev.value
            if (
                e != 0
                and (e > 0) == c_up
                and ev.low is None
                and ev.high is None
                and ev.dimension != "tag"
                and ev.unit != CLOCK
                and not (c_dir and ev.direction and {c_dir, ev.direction} == _OPPOSITE)
            ):
                d = abs(c - e)
                miss = d / abs(e)
                if miss > far and d >= max(c_half, ev.half_unit) * (1 + 1e-9) and d > pct_limit:
                    if closest is None or miss < closest[0]:
                        closest = (miss, ev, "out_of_tolerance")
                    continue
        ok, err, rule = _judge(claim, ev, tol, cfg)
        rank = err if err is not None else (0.0 if ok else math.inf)
        if ok and (
            best is None
            or rank < best[0]
            # a value stated as such before a range merely holding it ("£1,105" in a
            # fee column, not the "£0 to £80,000" row label)
            or (rank == best[0] and best[2] == "range_contains" and rule != "range_contains")
            # a range restating a range ("between 10 and 25 kg" for the "10-25 kg" row),
            # not holding the value of another row ("Up to 10 kg")
            or (
                rank == best[0]
                and best[2] == "range_contains"
                and claim.low is not None
                and ev.low is not None
                and best[1].low is None
            )
        ):
            best = (rank, ev, rule)
        if (
            closest is None
            or rank < closest[0]
            or (rank == closest[0] and closest[2] != "sign_mismatch" and rule == "sign_mismatch")
        ):
            closest = (rank, ev, rule)
    swapped = _swapped_as_written(claim, best, cands)
    if swapped is not None:
        return None, swapped
    return best, closest


def _swapped_as_written(
    claim: NumericClaim, best: _Pick | None, cands: list[EvidenceQuantity]
) -> _Pick | None:
    """For a claim verified only through a conversion: evidence in the claim's unit and
    denominator as written that holds its digits swapped, as a ``transposed_digits``
    pick ("256 lb" against "120 kg (265 lb)"; "£50,720 a year" against "£967 a week
    (£50,270 a year)": within tolerance of the converted value, but a copying error)."""
    if best is None or best[0] <= 0 or not claim.unit:
        return None
    if best[1].unit == claim.unit and best[1].per == claim.per:
        return None
    for ev in cands:
        if (
            ev.unit == claim.unit
            and ev.per == claim.per
            and transposed(claim, ev, claim.value, ev.value)
        ):
            swapped = abs(claim.value - ev.value) / abs(ev.value) if ev.value else 0.0
            return swapped, ev, "transposed_digits"
    return None


_UP_TO = re.compile(
    r"\b(?i:up[ \t]+to|a[ \t]+maximum[ \t]+of|no[ \t]+(?:more|higher|greater)[ \t]+than|not"
    r"[ \t]+(?:more[ \t]+than|exceeding|above))[ \t]+(?:[$€£¥]|[A-Z]{3}[ \t]?)?$"
)
_AT_LEAST = re.compile(
    r"\b(?i:at[ \t]+least|a[ \t]+minimum[ \t]+of|no[ \t]+(?:less|lower|fewer)[ \t]+than|not"
    r"[ \t]+(?:less[ \t]+than|below))[ \t]+(?:[$€£¥]|[A-Z]{3}[ \t]?)?$"
)


_OUT_OF = re.compile(r"[ \t]+(?i:out[ \t]+of|of[ \t]+a[ \t]+possible|/)[ \t]*(\d+(?:\.\d+)?)\b")


def _scored_out_of(claim: NumericClaim, top: float) -> bool:
    """Whether the claim is a score out of ``top`` ("2.1 out of 5"): a range ending at
    ``top`` ("scored on a 0-5 scale") is then its scale, not a value it restates."""
    if claim.index is None or claim.span is None:
        return False
    m = _OUT_OF.match(claim.index.text, claim.span[1])
    return m is not None and float(m.group(1)) == top


def _states_limit(claim: NumericClaim) -> bool:
    """Whether the claim states a limit ("up to 32 °C", "a maximum of 4 guests", "at least
    70% of the time", "no more than 85%"): it restates a limit of the same size, not any
    value beyond it (unlike "fewer than 30" or "more than 500")."""
    if claim.index is None or claim.span is None:
        return False
    s = claim.span[0]
    if claim.bound == "max":
        return _UP_TO.search(claim.index.text, max(0, s - 24), s) is not None
    if claim.bound == "min":
        return _AT_LEAST.search(claim.index.text, max(0, s - 24), s) is not None
    return False


def _names_period(claim: NumericClaim) -> bool:
    """Whether the claim is dated: a year, month, quarter or numbered period."""
    return year_of(claim) is not None or bool(period_labels(labels_of(claim)))


def _names_year(claim: NumericClaim, year: int) -> bool:
    """Whether the claim's sentence names ``year``."""
    index = claim.index
    if index is None or claim.span is None:
        return False
    written = str(year)
    return index.of_sentence(
        f"names {written}", claim.span[0], lambda s0, s1: index.text.find(written, s0, s1) >= 0
    )


_SCALE_NAMES = {1e3: "thousands", 1e6: "millions", 1e9: "billions"}


def _names_earlier(claim: NumericClaim, words: str) -> bool:
    """Whether the claim's sentence writes ``words`` ("same week"), the earlier period a
    column header names."""
    if not words or claim.index is None or claim.span is None:
        return False
    s0, s1 = claim.index.sentence_bounds(claim.span[0])
    return words in " ".join(claim.index.text[s0:s1].lower().split())


def _another_period(claim: NumericClaim, best: _Pick, why: str, tol: float) -> ClaimVerification:
    """The ``other_year`` failure of ``claim``, whose value matches ``best`` that is stated
    for another period: "'X' matches 'Y' in context 0, but " + ``why``."""
    rank, ev, rule = best
    err = rank if math.isfinite(rank) and rule != "zero_absolute" else None
    reason = f"{claim.text!r} matches {describe(ev)}, but {why}"
    return ClaimVerification(claim, False, ev, err, "other_year", reason, tol)


_WORDS = re.compile(r"[A-Za-z]+")


def _sentence_words(claim: NumericClaim) -> frozenset[str]:
    """The lower-case words of the claim's sentence (a period it names anywhere there,
    "In July and August the villa costs €650", is one it may be about)."""
    index = claim.index
    if index is None or claim.span is None:
        return frozenset()

    def read(s0: int, s1: int) -> frozenset[str]:
        return frozenset(w.lower() for w in _WORDS.findall(index.text, s0, s1))

    return index.per_sentence("words", claim.span[0], read, _NO_WORDS)


_NO_WORDS: frozenset[str] = frozenset()


_SINCE = re.compile(r"\b(?i:since)[ \t]+(?:(?i:the|last)[ \t]+)?([A-Za-z]+)")


def _span_starts(ev: EvidenceQuantity) -> frozenset[str]:
    """Periods that open a span in ``ev``'s sentence ("since Thursday"), lower case: the
    value runs from them, it is not for them ("from October's €71.10" still dates it)."""
    index = ev.index
    if index is None or ev.span is None:
        return frozenset()

    def read(s0: int, s1: int) -> frozenset[str]:
        return frozenset(m.group(1).lower() for m in _SINCE.finditer(index.text, s0, s1))

    return index.per_sentence("since", ev.span[0], read, _NO_WORDS)


def _unscaled_cell(claim: NumericClaim, ev: EvidenceQuantity) -> bool:
    """Whether ``ev`` is a bare table cell whose column (or table title) declares a scale
    ("(thousands)") not applied to it, matched by a count or plain number as written."""
    return (
        claim.dimension in ("count", "number")
        and ev.dimension == "number"
        and ev.index is not None
        and not ev.table_scaled
        and column_scale(ev) != 1.0
        # "63 restaurants" under "(HK$ million unless stated)": a scale of money, not of
        # a count or a plain number
        and not _money_scale(ev)
    )


def _money_scale(ev: EvidenceQuantity) -> bool:
    """Whether the scale a cell's labels declare belongs to a currency there ("HK$
    million unless stated"): a scale of money, which counts and plain numbers do not take."""
    money = declared_unit(declared_text(ev), "currency")
    return money is not None and money[1] != 1.0 and money[1] == column_scale(ev)


_OPPOSITE = frozenset(("up", "down"))
_NOTHING_CLOSE = frozenset(("out_of_tolerance", "no_comparable_evidence"))
"""Verdicts that found no value of the claim's: only then may a derived total hold (a
value stated for another year or row is a finding, not a gap)."""
_NO_LABELS: frozenset[str] = frozenset()


def _quick_miss_limits(
    claim: NumericClaim, tol: float, cfg: DomainConfig
) -> tuple[float, bool, str, float, float, float] | None:
    """For a plain point claim (no range, bound, rate, clock or temperature; not 0): the
    limits of a quick miss, ``(c, c > 0, direction, far, half, pct_limit)``; else None.

    Against an evidence value ``e`` that is a plain point too (not 0, same sign as ``c``,
    no range, tag or clock, no opposite direction), :func:`_judge` goes straight to its
    tolerance rules with ``err = |c - e| / |e|``. When ``err > far`` (above the tolerance
    with and without the approximation widening), ``|c - e| >= max(half, e's half unit)
    * (1 + 1e-9)`` (at least any rounding allowance) and ``|c - e| > pct_limit`` (beyond
    the percentage points threshold, for a percentage), none of those rules holds and the
    verdict is ``(False, err, "out_of_tolerance")``: :func:`_judge_all` settles it
    without calling :func:`_judge`."""
    c = claim.value
    if (
        c == 0
        or claim.per
        or claim.bound
        or claim.low is not None
        or claim.high is not None
        or claim.unit == CLOCK
        or claim.dimension == "temperature"
    ):
        return None
    pct = claim.dimension == "percent"
    far = max(tol + 1e-12, tol + cfg.approximation_widening + 1e-12)
    half = claim.half_unit if claim.significant >= 2 or pct else 0.0
    pct_limit = cfg.percentage_absolute_threshold + 1e-12 if pct else -math.inf
    return c, c > 0, claim.direction, far, half, pct_limit


_SET_ASIDE_RULES = frozenset({"out_of_tolerance", "other_row", "other_year"})


def _set_aside_taken(
    verdicts: list[ClaimVerification], pool: list[EvidenceQuantity], cfg: DomainConfig
) -> None:
    """Re-verify, against the evidence no claim verified, each failed claim whose closest
    value another claim of its answer sentence verified: the preference chose that value's
    row for both, and two numbers stated together are about two things, so the value is
    the other claim's ("Of the 112 starters, 87 riders finished" from "112 riders started
    and 87 finished"; "The Great Hall can hold 300 people standing or 220 seated" from
    "capacity 220 seated, 300 standing"). Two sentences that give one row two values
    ("Weather caused 27% of delay minutes. Weather caused 41% of delay minutes.") keep the
    failure, and so does a "sentence" of more than ``MAX_SENTENCE_QUANTITIES`` claims (a
    table or number dump, not prose). A claim verified there takes the new verdict, with a
    note; the others keep their first one."""
    taken = {id(v.matched) for v in verdicts if v.verified and v.matched is not None}
    if not taken:
        return
    rest: EvidencePool | None = None  # built once, on the first claim that needs it
    for group in claims_by_sentence(verdicts).values():
        if len(group) > MAX_SENTENCE_QUANTITIES:
            continue  # a table or number dump, not a sentence of prose
        here = [verdicts[j] for j in group]
        verified_here = {id(v.matched) for v in here if v.verified and v.matched is not None}
        for i, v in zip(group, here, strict=True):
            if v.verified or v.matched is None or v.rule not in _SET_ASIDE_RULES:
                continue
            if id(v.matched) not in verified_here:
                continue  # no claim of its sentence verified that value (two sentences that
                # give one row two values: one is wrong)
            if rest is None:
                rest = EvidencePool([e for e in pool if id(e) not in taken])
            again = _verify_one(v.claim, rest, cfg)
            if again.verified:
                note = f" (set aside {describe(v.matched)}: another claim of the answer states it)"
                verdicts[i] = replace(again, reason=again.reason + note)


def _verify_one(claim: NumericClaim, pool: EvidencePool, cfg: DomainConfig) -> ClaimVerification:
    tol = cfg.tolerance_for(claim.claim_type)
    if not pool.items:
        return ClaimVerification(
            claim, False, None, None, "no_evidence", "no evidence values to compare with", tol
        )
    group = pool.candidates(claim)
    found = _best(claim, group.for_claim(claim), tol, cfg, group)
    if found[0] is not None and _unscaled_cell(claim, found[0][1]):
        # "8,657 admissions" against "8,657" under "(thousands)": the cell is 8.657 million
        found = (None, (found[0][0], found[0][1], "table_scale"), found[2])
    points = found[0] is None and _counts_points(claim)
    if found[0] is None and (claim.dimension == "number" or points):
        # a bare number ("median age 54") may restate a value with a unit ("54 years");
        # "1.4 points" may restate "1.4 percentage points"
        loose = pool.loose(_POINTS_OK if points else _UNITLESS_OK)
        retry = _best(claim, loose.for_claim(claim), tol, cfg)
        if retry[0] is not None and not (
            retry[0][2] == "range_contains" and (claim.low is None) != (retry[0][1].low is None)
        ):  # but a bare range ("aged 5 to 15") holding some value with a unit ("6 days"),
            # or a bare number inside a range with a unit ("2.5" in "0.8-22 km/h"),
            # restates nothing ("aged 4 to 11" does restate "4-11 yrs")
            found = (
                retry[0],
                retry[1],
                "compared without units" + ("; " + retry[2] if retry[2] else ""),
            )
    if (
        found[0] is None
        and claim.dimension in TABLE_UNIT_DIMS
        and (found[1] is None or not transposed(claim, found[1][1], claim.value, found[1][1].value))
    ):  # a value with its digits swapped is a finding: "$5,300" for "a fee of $3,500"
        declared = declared_cells(claim, pool)
        if declared.items:
            retry = _best(claim, declared.for_claim(claim), tol, cfg)
            if retry[0] is not None:
                found = (retry[0], retry[1], "unit named by its label")
            elif found[1] is None and retry[1] is not None:  # report the closest such cell
                found = (None, retry[1], "unit named by its label")
    if (
        found[0] is None
        and (found[1] is None or found[2] == "unit named by its label")
        and claim.dimension in _UNITLESS_OK
        and claim.unit in units.SYMBOLS
    ):
        # nothing of the claim's kind verifies: "46 koz" may restate a bare "46" (a "Gold"
        # column whose labels name no unit), compared on the stated number
        bare = bare_number(claim)
        plain = [
            e
            for e in pool.candidates(bare).for_claim(bare)
            if e.dimension == "number"
            and (e.index is None or not names_a_unit(e))
            # a bare range ("0-100", "77-40915") holds many numbers: no restatement of one
            and (e.low is None or claim.low is not None)
        ]
        retry = _best(bare, plain, tol, cfg)
        if retry[0] is not None:
            found = (
                retry[0],
                retry[1],
                "compared without units" + ("; " + retry[2] if retry[2] else ""),
            )
    if found[0] is None and group.items:
        rounded = _rounded_elsewhere(claim, group.for_claim(claim), tol, cfg)
        if rounded is not None:
            found = (rounded, found[1], "rounded from evidence other than the preferred")
    best, closest, note = found
    suffix = f" ({note})" if note else ""
    if best is not None and cfg.context_check:
        matched = best[1]
        # structured evidence (no text) is in no column and states no change: only its
        # own year and labels below
        structured = matched.index is None or matched.span is None
        earlier = None if structured else earlier_column(matched)
        if earlier is not None and _names_period(claim) and not says_earlier(claim):
            # "the pass rate at the March 2026 sitting was 49%" from "Prior sitting pass rate"
            why = (
                f"that value is in the column {earlier!r}, an earlier period than the one "
                "the claim names (a number from another period)"
            )
            return _another_period(claim, best, why + suffix, tol)
        if not structured and matched.index is not None and matched.span is not None:
            cy = year_of(claim)
            dated = (
                matched.index.year_column(matched.span[0], cy)
                if cy is not None and year_of(matched) is None
                else None
            )
            if dated is not None and _names_earlier(claim, earlier_header(dated)):
                # "In the same week of 2024, ... INR 4,980" from the undated current
                # column, when the row gives 2024's value under "Same week 2024"
                why = (
                    f"its row gives {cy}'s value in the column {dated!r}, and that value "
                    "is not for it (a number from another period)"
                )
                return _another_period(claim, best, why + suffix, tol)
        if not structured and dated_earlier(matched) and says_current(claim):
            # "This season, chick survival was 74%" from "81%, compared with 74% the
            # previous season"
            why = (
                "that value is for the previous period, and the claim dates it to the "
                "current one (a number from another period)"
            )
            return _another_period(claim, best, why + suffix, tol)
        if (
            not structured
            and not claim.direction  # "an increase of 11% on the previous season" compares
            and says_only_earlier(claim)
            and newer_of_a_change(matched)
        ):
            # "In the prior year the fare was ₹46" from "rose to ₹46 from ₹41"
            why = (
                "that value is the newer one of a change, and the claim dates it to the "
                "earlier period (a number from another period)"
            )
            return _another_period(claim, best, why + suffix, tol)
        # structured evidence has no compared year
        ey = matched.year if structured else year_of(matched)  # ("46 years" has no year)
        if (
            not structured
            and ey is None
            and older_of_a_change(matched)
            and not compared_in_answer(claim)
        ):
            cy = year_of(claim)
            if cy is not None and matched.index is not None and cy == matched.index.latest_year():
                # "In 2024 the median wait was 3.6 hours" from "fell from 3.6 hours to 2.1
                # hours" in a text about 2024 (against 2023): the older value is not 2024's
                why = (
                    f"that value is the older one of a change, and the claim dates it to "
                    f"{cy}, the latest year its context names (a number from another period)"
                )
                return _another_period(claim, best, why + suffix, tol)
        if (
            not structured
            and ey is None
            and not compared_in_answer(claim)
            and newer_dated_later(claim, matched)
        ):
            # "The average metal theft claim in 2023 was £27,400" from "The average claim
            # rose to £27,400, compared with £21,900 a year earlier" in a text about 2024
            why = (
                f"that value is the newer one of a change, for a later year than the "
                f"{year_of(claim)} the claim dates it to (a number from another period)"
            )
            return _another_period(claim, best, why + suffix, tol)
        compared = (
            compared_year_of(matched)
            if not structured and ey is None and not (matched.direction or claim.direction)
            else None  # (not a change)
        )
        cy = year_of(claim) if ey is not None or compared is not None else None
        if compared is not None and compared == cy:
            # "4.64 t/ha, up from 4.31 t/ha in 2024" is not 2024's value
            why = f"that value is compared with {cy}'s, so it is not for {cy}"
            return _another_period(claim, best, why + " (a number from another year)" + suffix, tol)
        matched_labels = (matched.labels or _NO_LABELS) if structured else labels_of(matched)
        other = period_labels(matched_labels)
        if other and not structured:  # "4,600 bags since Thursday": its start, not its day
            other = other - _span_starts(matched)
        named = period_labels(labels_of(claim)) if other else frozenset()
        if (
            named
            and not other & named
            and not other & _sentence_words(claim)  # "In July and August ... €650"
            and _period_kinds(other) & _period_kinds(named)  # "H1" is not a month
            and (ey is None or cy is None or ey == cy)
        ):
            # "$8,912 in Q2 2025" for a claim about Q3 2025: another period of the year
            why = f"that value is for {_periods(other)}, not {_periods(named)}"
            return _another_period(
                claim, best, why + " (a number from another period)" + suffix, tol
            )
        if (
            cy is not None
            and ey is not None
            and ey != cy
            and not ((claim.direction or best[1].direction) and _names_year(claim, ey))
        ):
            # the value is there, but stated for another year (a change "down 14% on
            # 2025" in a sentence about 2026 is between the two years: either may date it)
            why = f"that value is for {ey}, not {cy} (a number from another year)"
            return _another_period(claim, best, why + suffix, tol)
    if best is not None:
        rank, ev, rule = best
        err_val = rank if math.isfinite(rank) and rule != "zero_absolute" else None
        reason = f"{claim.text!r} matches {describe(ev)}" + (
            f" (relative error {rank:.2%}, {rule.replace('_', ' ')})"
            if err_val is not None
            else f" ({rule.replace('_', ' ')})"
        )
        return new_verification(claim, True, ev, err_val, rule, reason + suffix, tol)
    if cfg.derive_pp_difference and (
        claim.dimension == "pp" or _counts_points(claim)
    ):  # "up 7 points from September": 48% - 41%, in percentage points
        derived = pp_difference(claim, pool, tol)
        if derived is not None:
            return derived
    if cfg.derive_percent_change and claim.dimension == "percent":
        derived = percent_change(claim, pool, tol)
        if derived is not None:
            return derived
    selector = row_selector(
        claim, group.for_claim(claim), lambda e: _judge(claim, e, tol, cfg), tol
    )
    if selector is not None:
        return selector
    if claim.low is not None:
        derived = range_of_values(claim, pool, tol)
        if derived is not None:
            return derived
    swapped = closest is not None and (
        closest[2] == "transposed_digits"
        or transposed(claim, closest[1], claim.value, closest[1].value)
    )
    if claim.dimension not in ("percent", "pp", "ratio") and not swapped:
        # (but "13,848 pins" against "13,884" is a swap of digits, not 13,884 - 25)
        derived = difference_of_values(claim, pool, tol)
        if derived is not None:
            return derived
    if closest is None:
        kind = claim.claim_type.replace("_", " ") + (f" per {claim.per}" if claim.per else "")
        return ClaimVerification(
            claim,
            False,
            None,
            None,
            "no_comparable_evidence",
            f"no evidence of the same kind ({kind}) to compare {claim.text!r} with",
            tol,
        )
    rank, ev, rule = closest
    err_val = rank if math.isfinite(rank) else None
    if rule == "sign_mismatch" and ev.value != 0:
        # ranked by magnitude (the closest number of the other sign), reported as SFS
        # defines the error: |c - e| / |e| = (|c| + |e|) / |e| for opposite signs
        err_val = (abs(claim.value) + abs(ev.value)) / abs(ev.value)
    if rule == "out_of_tolerance" and swapped:
        rule = "transposed_digits"  # it fails anyway; the rule names the likely cause
    if rule == "sign_mismatch":
        reason = f"{claim.text!r} has the opposite sign of {describe(ev)}"
    elif rule == "transposed_digits":
        reason = f"{claim.text!r} is {describe(ev)} with two adjacent digits swapped"
    elif rule == "other_value":
        reason = (
            f"{claim.text!r} and {describe(ev)} are both stated exactly and differ beyond "
            f"their rounding (relative error {rank:.2%}): two different values"
        )
    elif rule == "other_denominator":
        cw, ew = first_denominator(claim), first_denominator(ev)
        reason = f"{claim.text!r} is a value per {cw}, but {describe(ev)} is per {ew}"
    elif rule == "table_scale":
        scale = _SCALE_NAMES.get(column_scale(ev), "a larger unit")
        reason = f"{claim.text!r} copies {describe(ev)} as written, but its table counts in {scale}"
    else:
        if err_val is not None:
            shown = f"relative error {rank:.2%}"
            cw, ew = first_denominator(claim), first_denominator(ev)
            if cw and ew and cw != ew and per_ratio(cw, ew) is not None:
                shown += f", the value per {cw} converted to per {ew}"
        elif claim.per and ev.per and claim.per != ev.per:
            shown = f"a value per {ev.per}, not per {claim.per}"
        else:
            shown = "evidence is 0"
        reason = f"{claim.text!r} is not within {tol:.0%} of any evidence; closest is {describe(ev)} ({shown})"
    return new_verification(claim, False, ev, err_val, rule, reason + suffix, tol)


def verify_claims(
    claims: Sequence[NumericClaim],
    *,
    evidence: Sequence[EvidenceItem | Mapping[str, Any]] | None = None,
    contexts: Sequence[str] = (),
    config: DomainConfig | str | None = None,
    date_contexts: Sequence[str] | None = None,
) -> NumericReport:
    """Verify ``claims`` against structured ``evidence`` plus numbers parsed from
    ``contexts`` (both are used when both are given) and score them.

    Date claims (``check_dates``) are verified against the dates of ``date_contexts``
    (default: ``contexts``; structured evidence states no dates): with none, each fails
    with rule ``no_evidence``.

    ``sfs_score = verified / total``; ``None`` with reason ``"no numeric claims"``.
    ``claims`` must be a list of :class:`NumericClaim` (else :class:`InputError` with
    ``field="claims"``).
    """
    checked = check_claims(claims)
    cfg = resolve_config(config)
    pool: list[EvidenceQuantity] = []
    if evidence is not None:
        pool.extend(evidence_from_items(evidence))
    if contexts:
        pool.extend(evidence_from_contexts(contexts, cfg))
    dated = [c for c in checked if c.dimension == DATE]
    if not dated:
        return _score(checked, pool, cfg)
    # dates (check_dates) are judged on their own: the rules below are about numbers
    if date_contexts is None:
        dated_texts = checked_texts(contexts, "contexts")
    else:
        dated_texts = checked_texts(date_contexts, "date_contexts")
    dates = DateIndex(date_evidence(dated_texts))
    report = _score([c for c in checked if c.dimension != DATE], pool, cfg)
    verdicts = report.claim_verifications + [verify_date(c, dates) for c in dated]
    verdicts.sort(key=lambda v: v.claim.span)
    return _report(verdicts, cfg, len(pool) + dates.count)


def _score(
    claims: list[NumericClaim], pool: list[EvidenceQuantity], cfg: DomainConfig
) -> NumericReport:
    grouped = EvidencePool(pool)
    verdicts = [_verify_one(c, grouped, cfg) for c in claims]
    for i, v in enumerate(verdicts):
        if not v.verified:  # "1.62m" as 1.62 million, "six hundred pounds" as £600
            verdicts[i] = reread(v, lambda c: _verify_one(c, grouped, cfg))
    if cfg.context_check and len(verdicts) > 1:
        _set_aside_taken(verdicts, pool, cfg)
    unverified = [i for i, v in enumerate(verdicts) if not v.verified]
    if unverified:  # (every claim verified: no derived rule to run, no index to build)
        _derive(verdicts, unverified, grouped, cfg)
    if cfg.context_check and len(verdicts) > 1:
        verdicts = find_beside_companions(
            verdicts,
            grouped,
            lambda c, e: _judge(c, e, cfg.tolerance_for(c.claim_type), cfg),
            lambda c, cands: prefer_context(c, cands, grouped.candidates(c))[0],
        )
        verdicts = check_companions(
            verdicts,
            grouped,
            lambda c, e: _judge(c, e, cfg.tolerance_for(c.claim_type), cfg)[0],
        )
        verdicts = check_row_selectors(verdicts, names_a_row)
    if cfg.context_check and verdicts:
        verdicts = check_named_rows(verdicts)
        verdicts = check_contrasts(verdicts, pool)
        verdicts = check_parallels(verdicts, pool)
    return _report(verdicts, cfg, len(pool))


def _report(verdicts: list[ClaimVerification], cfg: DomainConfig, evidence: int) -> NumericReport:
    """The score of ``verdicts``: ``verified / total`` (None with no claims), per claim type."""
    breakdown: dict[str, dict[str, int]] = {}
    for v in verdicts:
        row = breakdown.setdefault(v.claim.claim_type, {"total": 0, "verified": 0, "failed": 0})
        row["total"] += 1
        row["verified" if v.verified else "failed"] += 1
    total = len(verdicts)
    ok = sum(1 for v in verdicts if v.verified)
    if total == 0:
        return NumericReport(None, "no numeric claims", 0, 0, 0, [], {}, cfg.name, evidence)
    reason = f"{ok} of {total} numeric claims verified"
    if not evidence:
        reason += " (no evidence)"
    return NumericReport(
        ok / total, reason, total, ok, total - ok, verdicts, breakdown, cfg.name, evidence
    )


def _derive(
    verdicts: list[ClaimVerification],
    unverified: list[int],
    grouped: EvidencePool,
    cfg: DomainConfig,
) -> None:
    """Run the derived rules (ratios, shares, products, sums, column totals of the other
    claims of a sentence) on the verdicts at ``unverified``, storing in ``verdicts``
    each one they turn verified."""
    # the derived rules read the other claims of a claim's sentence: indexed once (a
    # verdict they turn verified is stored through the index, for the claims after it)
    sentences = AnswerSentences(verdicts)
    for i in unverified:
        v = verdicts[i]
        tol = cfg.tolerance_for(v.claim.claim_type)
        if v.claim.dimension == "ratio":
            got = ratio_of_claims(v.claim, sentences, tol, cfg.approximation_widening)
        elif v.claim.dimension == "percent":
            widen = cfg.approximation_widening
            got = share_of_claims(v.claim, sentences, grouped, tol, widen)
            if got is None:  # "47 of the 64 applications, about 73 percent"
                got = percent_of_claims(v.claim, sentences, tol, widen)
        else:
            got = product_of_claims(v.claim, sentences, tol)
            if got is None and v.claim.dimension == "area":  # "12 by 2 m, or 24 m²"
                got = area_of_claims(v.claim, sentences, tol)
        if got is None and v.claim.dimension != "ratio":
            got = sum_of_claims(v.claim, sentences, tol)  # "60,850 in total: 48,600 and ..."
        far = v.relative_error is None or v.relative_error > tol
        if got is None and v.rule in _NOTHING_CLOSE and far:
            # "Across the three venues, 897 ..."
            got = column_total(v.claim, sentences, grouped, tol)
        if got is not None:
            sentences.replace(i, got)


def check_numbers(
    answer: str,
    *,
    contexts: Sequence[str] = (),
    evidence: Sequence[EvidenceItem | Mapping[str, Any]] | None = None,
    config: DomainConfig | str | None = None,
    date_contexts: Sequence[str] | None = None,
) -> NumericReport:
    """Extract the numeric claims of ``answer`` and verify them.

    Evidence: the structured ``evidence`` items when given, plus every number
    parsed from ``contexts`` (same parser, each with its context index and
    sentence); dates (``check_dates``) against ``date_contexts`` (default:
    ``contexts``). Score: ``verified_claims / total_claims`` or ``None``.
    """
    cfg = resolve_config(config)
    claims = extract_claims(answer, cfg)
    if isinstance(contexts, str):
        raise InputError("must be a list of strings", field="contexts")
    return verify_claims(
        claims, evidence=evidence, contexts=contexts, config=cfg, date_contexts=date_contexts
    )
