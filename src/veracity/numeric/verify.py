"""Verification of numeric claims against an evidence pool, and the score.

``sfs_score = verified_claims / total_claims`` (``None`` with reason
``"no numeric claims"`` when there are none).

A claim ``c`` (base unit) is checked against every *compatible* evidence value
``e``: same dimension after unit conversion (currencies must match, ``$`` matches
any dollar); counts and plain numbers match counts, plain numbers and unit-less
evidence; percentages only percentages; percentage points only percentage points
(or, derived, the difference of two evidence percentages). Rules, in order:

* sign: ``c`` and ``e`` of opposite signs never match (``sign_mismatch``);
* ``e == 0``: verified when ``|c| <= zero_tolerance`` (``zero_absolute``);
* a range claim contains ``e``, or a point claim lies in a range ``e``
  (``range_contains``); a bound ("more than X") holds (``bound``);
* relative error ``|c - e| / |e| <= tol`` (``within_tolerance``), where ``tol`` is
  the type's tolerance, plus ``approximation_widening`` for "about"/"~" claims;
* stated precision: ``|c - e|`` below half the last digit the claim states
  (``12 %`` covers 11.5-12.5; claims with >= 2 significant digits or percentages);
* between two percentages, ``|c - e| <= percentage_absolute_threshold`` points.

The *closest* verified evidence wins (smallest relative error); when none verifies,
the closest compatible one is reported. With ``context_check`` (default on),
evidence stated for the claim's year, and then evidence sharing its clause's names
or counted noun, is preferred, so a number copied from another row or year fails.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from pydantic import ValidationError

from veracity.errors import InputError
from veracity.numeric import units
from veracity.numeric.config import DomainConfig
from veracity.numeric.extract import evidence_from_contexts, extract_claims
from veracity.numeric.models import (
    ClaimVerification,
    EvidenceQuantity,
    NumericClaim,
    NumericReport,
    context_of,
)
from veracity.numeric.presets import resolve_config
from veracity.numeric.textindex import singular
from veracity.numeric.unitstr import parse_unit_string
from veracity.samples import EvidenceItem

__all__ = ["MAX_EVIDENCE_ITEMS", "check_numbers", "evidence_from_items", "verify_claims"]

MAX_EVIDENCE_ITEMS = 100_000
"""Largest structured evidence pool accepted."""

_PLAIN = frozenset({"count", "number"})
_UNITLESS_OK = frozenset(
    {"length", "mass", "volume", "time", "area", "speed", "energy", "power", "concentration"}
)
_MAX_PAIRS_POOL = 60
_YEAR_KEY = re.compile(r"(?<!\d)((?:18|19|20)\d\d)(?!\d)")


def evidence_from_items(
    items: Sequence[EvidenceItem | Mapping[str, Any]],
) -> list[EvidenceQuantity]:
    """Structured evidence (SFS ``key, value, unit, source``) as evidence quantities.

    ``unit`` may carry a scale (``"USD millions"``); a plain noun (``"patients"``)
    makes a count of that noun; SFS generic units (``dosage``...) become tags.
    """
    if isinstance(items, (str, bytes, Mapping)) or not isinstance(items, Sequence):
        raise InputError("must be a list of evidence items", field="evidence")
    if len(items) > MAX_EVIDENCE_ITEMS:
        raise InputError(f"has more than {MAX_EVIDENCE_ITEMS} items", field="evidence")
    out: list[EvidenceQuantity] = []
    for i, item in enumerate(items):
        fast = _fast_item(item)
        if fast is not None:
            item = fast
        elif not isinstance(item, EvidenceItem):
            try:
                item = EvidenceItem.model_validate(
                    item if isinstance(item, Mapping) else _as_mapping(item)
                )
            except ValidationError as err:
                first = err.errors()[0]
                loc = ".".join(str(p) for p in first.get("loc", ()))
                raise InputError(
                    f"{loc}: {first.get('msg', 'invalid')}" if loc else first.get("msg", "invalid"),
                    field=f"evidence[{i}]",
                ) from None
        spec = parse_unit_string(item.unit)
        stated = item.value * spec.scale
        value = stated * spec.factor + spec.offset
        dimension = "currency" if spec.dimension == "currency" else spec.dimension
        ym = _YEAR_KEY.search(item.key)
        out.append(
            EvidenceQuantity(
                value=value,
                stated_value=stated,
                unit=item.unit,
                dimension=dimension if dimension != "currency" else "currency:" + spec.symbol,
                key=item.key,
                source=item.source,
                noun=spec.noun,
                tag=spec.tag,
                labels=frozenset({"#" + singular(spec.noun)}) if spec.noun else frozenset(),
                year=int(ym.group(1)) if ym else None,
            )
        )
    return out


_ITEM_FIELDS = frozenset({"key", "value", "unit", "source"})


def _fast_item(item: object) -> EvidenceItem | None:
    """A plain, valid mapping as an EvidenceItem without pydantic validation (speed)."""
    if not isinstance(item, dict) or not item.keys() <= _ITEM_FIELDS:
        return None
    value: Any = item.get("value")
    if type(value) not in (int, float) or not math.isfinite(value):
        return None
    key, unit, source = item.get("key", ""), item.get("unit", ""), item.get("source", "")
    if type(key) is not str or type(unit) is not str or type(source) is not str:
        return None
    return EvidenceItem.model_construct(key=key, value=float(value), unit=unit, source=source)


def _as_mapping(item: object) -> Mapping[str, Any]:
    fields = ("key", "value", "unit", "source")
    if all(hasattr(item, f) for f in ("key", "value")):
        return {f: getattr(item, f) for f in fields if hasattr(item, f)}
    raise InputError(
        f"must be an evidence item or a mapping, not {type(item).__name__}", field="evidence"
    )


def _dimension_of(ev: EvidenceQuantity) -> tuple[str, str]:
    """(dimension, currency) -- parsed context currencies keep the code in ``unit``."""
    if ev.dimension.startswith("currency:"):
        return "currency", ev.dimension[9:]
    if ev.dimension == "currency":
        return "currency", ev.unit
    return ev.dimension, ""


def _compatible(claim: NumericClaim, ev: EvidenceQuantity) -> bool:
    dim, cur = _dimension_of(ev)
    if dim == "tag":
        return claim.claim_type == ev.tag or (ev.tag == "distance" and claim.dimension == "length")
    cd = claim.dimension
    if cd in _PLAIN:
        return dim in _PLAIN or dim in ("unspecified", "ratio")
    if cd == "ratio":
        return dim in ("ratio", "number", "unspecified")
    if cd == "currency":
        if dim == "number" and ev.table_scaled:
            return True  # a "(in thousands)" table without a currency sign
        return dim == "currency" and units.currencies_compatible(claim.unit or "$", cur or "$")
    return dim == cd


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
    claim: NumericClaim, ev: EvidenceQuantity, tol: float, cfg: DomainConfig
) -> tuple[bool, float | None, str]:
    """(verified, relative error, rule) of one claim against one evidence value."""
    c, lo, hi = _claim_value(claim, ev)
    e = ev.value
    err = abs(c - e) / abs(e) if e != 0 else None
    if lo is not None and hi is not None:
        if lo <= e <= hi:
            return True, 0.0, "range_contains"
        err = min(abs(lo - e), abs(hi - e)) / abs(e) if e != 0 else None
    elif ev.low is not None and ev.high is not None:
        if ev.low <= c <= ev.high:
            return True, 0.0, "range_contains"
        err = min(abs(ev.low - c), abs(ev.high - c)) / max(abs(ev.low), abs(ev.high), 1e-300)
    if c != 0 and e != 0 and (c > 0) != (e > 0) and claim.dimension != "temperature":
        magnitude_err = abs(abs(c) - abs(e)) / abs(e)
        # "-3.2 %" restated as "fell 3.2 %" (or the reverse): the sign is in the words
        worded = (c > 0 and claim.direction == "down") or (e > 0 and ev.direction == "down")
        if not worded:
            return False, magnitude_err, "sign_mismatch"
        c, err = -c, magnitude_err
        if lo is not None and hi is not None:
            lo, hi = -hi, -lo
    if e == 0:
        ok = abs(c) <= cfg.zero_tolerance
        return ok, None, "zero_absolute" if ok else "out_of_tolerance"
    assert err is not None
    holds = (claim.bound == "min" and e >= c) or (claim.bound == "max" and e <= c)
    if holds and claim.bound != ev.bound:  # "more than X" vs a plain value
        return True, err, "bound"
    if claim.dimension == "temperature" and ev.unit != claim.unit:
        diff_err = _temperature_difference_error(claim, ev)
        if diff_err is not None and diff_err < err:
            err = diff_err  # "warmer by 2.61 °F" restates "1.45 °C above"
    limit = tol + (cfg.approximation_widening if claim.approx or ev.approx else 0.0)
    if err <= limit + 1e-12:
        return True, err, "within_tolerance"
    if ev.dimension != "tag" and abs(c - e) < _rounding_allowance(claim, ev, e):
        return True, err, "rounding"
    if claim.dimension == "percent" and abs(c - e) <= cfg.percentage_absolute_threshold + 1e-12:
        return True, err, "percentage_absolute"
    return False, err, "out_of_tolerance"


def _rounding_allowance(claim: NumericClaim, ev: EvidenceQuantity, e: float) -> float:
    """Half the last digit the claim states (claims with >= 2 significant digits or
    percentages), or that the evidence states (when precise to 5 % or better)."""
    allowance = 0.0
    if claim.significant >= 2 or claim.dimension == "percent":
        allowance = claim.half_unit
    if 0 < ev.half_unit <= 0.05 * abs(e):
        allowance = max(allowance, ev.half_unit)
    return allowance * (1 + 1e-9)


def _temperature_difference_error(claim: NumericClaim, ev: EvidenceQuantity) -> float | None:
    """Relative error when both temperatures are read as differences (no offset)."""
    cu, eu = units.UNITS.get(claim.unit), units.UNITS.get(ev.unit)
    if cu is None or eu is None or ev.stated_value == 0:
        return None
    c, e = claim.stated_value * cu.factor, ev.stated_value * eu.factor
    return abs(c - e) / abs(e)


def _prefer_context(
    claim: NumericClaim, cands: list[EvidenceQuantity]
) -> tuple[list[EvidenceQuantity], str]:
    note = ""
    if len(cands) < 2:
        return cands, note
    contexts = [context_of(e) for e in cands]
    if not any(lab or yr is not None for lab, yr in contexts):
        return cands, note  # nothing to tell the candidates apart: skip the claim's context
    labels, year = context_of(claim)
    if year is not None:
        same = [e for e in cands if context_of(e)[1] == year]
        if same and len(same) < len(cands):
            cands, note = same, f"evidence for {year} preferred"
    if labels and len(cands) > 1:
        scores = [len(labels & context_of(e)[0]) for e in cands]
        best = max(scores)
        if best > 0 and min(scores) < best:
            cands = [e for e, s in zip(cands, scores, strict=True) if s == best]
            names = sorted(labels & context_of(cands[0])[0])
            what = ", ".join(n.lstrip("#") for n in names)
            note = (note + "; " if note else "") + f"evidence about {what} preferred"
    return cands, note


def _fmt(x: float) -> str:
    if x == int(x) and abs(x) < 1e15:
        return f"{int(x):,}"
    return f"{x:,.6g}"


def _describe(ev: EvidenceQuantity) -> str:
    if ev.key:
        return f"{ev.key}={_fmt(ev.stated_value)} {ev.unit}".rstrip()
    where = f"context {ev.context_index}" if ev.context_index is not None else "evidence"
    return f"{ev.text!r} in {where}"


_Pick = tuple[float, EvidenceQuantity, str]


def _best(
    claim: NumericClaim, cands: list[EvidenceQuantity], tol: float, cfg: DomainConfig
) -> tuple[_Pick | None, _Pick | None, str]:
    """(closest verified, closest overall, context note) among the candidates."""
    note = ""
    if cands and cfg.context_check:
        cands, note = _prefer_context(claim, cands)
    best: _Pick | None = None
    closest: _Pick | None = None
    for ev in cands:
        ok, err, rule = _judge(claim, ev, tol, cfg)
        rank = err if err is not None else (0.0 if ok else math.inf)
        if ok and (best is None or rank < best[0]):
            best = (rank, ev, rule)
        if (
            closest is None
            or rank < closest[0]
            or (rank == closest[0] and closest[2] != "sign_mismatch" and rule == "sign_mismatch")
        ):
            closest = (rank, ev, rule)
    return best, closest, note


_GROUPS = {
    "count": ("count", "number", "unspecified", "ratio", "tag"),
    "number": ("count", "number", "unspecified", "ratio", "tag"),
    "ratio": ("ratio", "number", "unspecified", "tag"),
    "currency": ("currency", "number", "tag"),
}


class _Pool:
    """The evidence pool grouped by dimension, so a claim only meets its own kind."""

    def __init__(self, items: list[EvidenceQuantity]) -> None:
        self.items = items
        self.groups: dict[str, list[tuple[int, EvidenceQuantity]]] = {}
        for pos, ev in enumerate(items):
            self.groups.setdefault(_dimension_of(ev)[0], []).append((pos, ev))

    def candidates(self, claim: NumericClaim) -> list[EvidenceQuantity]:
        names = _GROUPS.get(claim.dimension, (claim.dimension, "tag"))
        found = [pe for name in names for pe in self.groups.get(name, ())]
        if len(names) > 2:
            found.sort(key=lambda pe: pe[0])
        return [ev for _, ev in found if _compatible(claim, ev)]


def _verify_one(claim: NumericClaim, pool: _Pool, cfg: DomainConfig) -> ClaimVerification:
    tol = cfg.tolerance_for(claim.claim_type)
    if not pool.items:
        return ClaimVerification(
            claim, False, None, None, "no_evidence", "no evidence values to compare with", tol
        )
    cands = pool.candidates(claim)
    found = _best(claim, cands, tol, cfg)
    if found[0] is None and claim.dimension == "number":
        # a bare number ("median age 54") may restate a value with a unit ("54 years")
        loose = [
            replace(e, value=e.stated_value, low=None, high=None)
            for e in pool.items
            if e.dimension in _UNITLESS_OK
        ]
        retry = _best(claim, loose, tol, cfg)
        if retry[0] is not None:
            found = (
                retry[0],
                retry[1],
                "compared without units" + ("; " + retry[2] if retry[2] else ""),
            )
    best, closest, note = found
    suffix = f" ({note})" if note else ""
    if best is not None:
        rank, ev, rule = best
        err_val = rank if math.isfinite(rank) and rule != "zero_absolute" else None
        reason = f"{claim.text!r} matches {_describe(ev)}" + (
            f" (relative error {rank:.2%}, {rule.replace('_', ' ')})"
            if err_val is not None
            else f" ({rule.replace('_', ' ')})"
        )
        return ClaimVerification(claim, True, ev, err_val, rule, reason + suffix, tol)
    if claim.dimension == "pp" and cfg.derive_pp_difference:
        derived = _pp_difference(claim, pool.items, tol)
        if derived is not None:
            return derived
    if cfg.derive_percent_change and claim.dimension == "percent":
        derived = _percent_change(claim, pool.items, tol)
        if derived is not None:
            return derived
    if closest is None:
        kind = claim.claim_type.replace("_", " ")
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
    if rule == "sign_mismatch":
        reason = f"{claim.text!r} has the opposite sign of {_describe(ev)}"
    else:
        shown = f"relative error {rank:.2%}" if err_val is not None else "evidence is 0"
        reason = f"{claim.text!r} is not within {tol:.0%} of any evidence; closest is {_describe(ev)} ({shown})"
    return ClaimVerification(claim, False, ev, err_val, rule, reason + suffix, tol)


def _pp_difference(
    claim: NumericClaim, pool: list[EvidenceQuantity], tol: float
) -> ClaimVerification | None:
    """A percentage-point claim equal to the difference of two evidence percentages."""
    pcts = [e for e in pool if e.dimension == "percent" and e.low is None][:_MAX_PAIRS_POOL]
    c = abs(claim.value)
    best: tuple[float, EvidenceQuantity, EvidenceQuantity] | None = None
    for i, a in enumerate(pcts):
        for b in pcts[i + 1 :]:
            if a.context_index != b.context_index:
                continue
            d = abs(a.value - b.value)
            if d == 0:
                continue
            err = abs(c - d) / d
            if (err <= tol or abs(c - d) < claim.half_unit) and (best is None or err < best[0]):
                best = (err, a, b)
    if best is None:
        return None
    err, a, b = best
    reason = f"{claim.text!r} equals the difference of {_describe(a)} and {_describe(b)} (relative error {err:.2%})"
    return ClaimVerification(claim, True, a, err, "pp_difference", reason, tol, (a, b))


def _percent_change(
    claim: NumericClaim, pool: list[EvidenceQuantity], tol: float
) -> ClaimVerification | None:
    """A percentage claim equal to the percent change between two evidence values."""
    vals = [e for e in pool if e.dimension not in ("percent", "pp", "tag") and e.value != 0][
        :_MAX_PAIRS_POOL
    ]
    c = abs(claim.value)
    best: tuple[float, EvidenceQuantity, EvidenceQuantity] | None = None
    for i, a in enumerate(vals):
        for b in vals[i + 1 :]:
            if _dimension_of(a) != _dimension_of(b) or a.context_index != b.context_index:
                continue
            for old, new in ((a, b), (b, a)):
                change = abs(new.value - old.value) / abs(old.value) * 100
                if change == 0:
                    continue
                err = abs(c - change) / change
                if (err <= tol or abs(c - change) < claim.half_unit) and (
                    best is None or err < best[0]
                ):
                    best = (err, old, new)
    if best is None:
        return None
    err, old, new = best
    reason = f"{claim.text!r} equals the change from {_describe(old)} to {_describe(new)} (relative error {err:.2%})"
    return ClaimVerification(claim, True, new, err, "percent_change", reason, tol, (old, new))


def verify_claims(
    claims: Sequence[NumericClaim],
    *,
    evidence: Sequence[EvidenceItem | Mapping[str, Any]] | None = None,
    contexts: Sequence[str] = (),
    config: DomainConfig | str | None = None,
) -> NumericReport:
    """Verify ``claims`` against structured ``evidence`` plus numbers parsed from
    ``contexts`` (both are used when both are given) and score them.

    ``sfs_score = verified / total``; ``None`` with reason ``"no numeric claims"``.
    """
    cfg = resolve_config(config)
    pool: list[EvidenceQuantity] = []
    if evidence is not None:
        pool.extend(evidence_from_items(evidence))
    if contexts:
        pool.extend(evidence_from_contexts(contexts, cfg))
    return _score(list(claims), pool, cfg)


def _score(
    claims: list[NumericClaim], pool: list[EvidenceQuantity], cfg: DomainConfig
) -> NumericReport:
    grouped = _Pool(pool)
    verdicts = [_verify_one(c, grouped, cfg) for c in claims]
    breakdown: dict[str, dict[str, int]] = {}
    for v in verdicts:
        row = breakdown.setdefault(v.claim.claim_type, {"total": 0, "verified": 0, "failed": 0})
        row["total"] += 1
        row["verified" if v.verified else "failed"] += 1
    total = len(verdicts)
    ok = sum(1 for v in verdicts if v.verified)
    if total == 0:
        return NumericReport(None, "no numeric claims", 0, 0, 0, [], {}, cfg.name, len(pool))
    reason = f"{ok} of {total} numeric claims verified"
    if not pool:
        reason += " (no evidence)"
    return NumericReport(
        ok / total, reason, total, ok, total - ok, verdicts, breakdown, cfg.name, len(pool)
    )


def check_numbers(
    answer: str,
    *,
    contexts: Sequence[str] = (),
    evidence: Sequence[EvidenceItem | Mapping[str, Any]] | None = None,
    config: DomainConfig | str | None = None,
) -> NumericReport:
    """Extract the numeric claims of ``answer`` and verify them.

    Evidence: the structured ``evidence`` items when given, plus every number
    parsed from ``contexts`` (same parser, each with its context index and
    sentence). Score: ``verified_claims / total_claims`` or ``None``.
    """
    cfg = resolve_config(config)
    claims = extract_claims(answer, cfg)
    if isinstance(contexts, str):
        raise InputError("must be a list of strings", field="contexts")
    return verify_claims(claims, evidence=evidence, contexts=contexts, config=cfg)
