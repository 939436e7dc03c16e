"""Claims from an answer and evidence quantities from contexts, with one parser.

Claim types by dimension: currency, percentage, percentage_points, distance
(length), mass, volume, duration (time), area, speed, temperature, energy, power,
data_size (``GB``), charge (``mAh``), concentration, lab_value (``mg/dL``...), ratio, count (a number with the noun it
counts) and number (a plain number). ``DomainConfig.type_map`` renames them
(medical: mass -> dosage), ``type_keywords`` retypes plain numbers after a keyword
(``level of 7.2`` -> lab_value), ``claim_types`` keeps a subset, and
``extraction_patterns`` add claims from user regexes (their spans win).
"""

from __future__ import annotations

import functools
import math
import re
import time
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import TypeVar

from veracity.errors import InputError, UnsafePatternError
from veracity.numeric import units
from veracity.numeric.config import DomainConfig, ExtractionPattern
from veracity.numeric.dates import date_claims, scan_dates
from veracity.numeric.gcpause import gc_paused
from veracity.numeric.lexicon import EXCLUSION_REASONS
from veracity.numeric.models import EvidenceQuantity, ExcludedNumber, NumericClaim
from veracity.numeric.phrases import MULTIPLIER_RE
from veracity.numeric.presets import resolve_config
from veracity.numeric.quantities import Quantity, scan_quantities
from veracity.numeric.spaced_tables import spaced_tables_as_tabs
from veracity.numeric.textindex import TextIndex
from veracity.numeric.unitstr import BASE_UNITS, parse_unit_string
from veracity.numeric.user_patterns import PATTERN_TIMEOUT, compile_pattern

__all__ = [
    "MAX_TEXT_CHARS",
    "checked_texts",
    "claim_type_of",
    "evidence_from_contexts",
    "excluded_numbers",
    "extract_claims",
]

MAX_TEXT_CHARS = 20_000_000
"""Longest text accepted (20 million characters); longer input raises InputError."""

_TYPE_BY_DIMENSION = {
    "currency": "currency",
    "percent": "percentage",
    "pp": "percentage_points",
    "length": "distance",
    "mass": "mass",
    "volume": "volume",
    "time": "duration",
    "area": "area",
    "speed": "speed",
    "temperature": "temperature",
    "energy": "energy",
    "power": "power",
    "data": "data_size",
    "charge": "charge",
    "concentration": "concentration",
    "pressure": "pressure",
    "force": "force",
    "frequency": "frequency",
    "voltage": "voltage",
    "current": "current",
    "bitrate": "bitrate",
    "apparent_power": "apparent_power",
    "dose_equivalent": "radiation_dose",
    "absorbed_dose": "radiation_dose",
    "radioactivity": "radioactivity",
    "rotational_speed": "rotational_speed",
    "torque": "torque",
    "level:dB": "sound_level",
    "ratio": "ratio",
    "count": "count",
    "number": "number",
}
_BASE_UNIT = {**BASE_UNITS, "percent": "%", "pp": "pp", "ratio": "x"}


def claim_type_of(dimension: str, config: DomainConfig) -> str:
    """The claim type of a dimension under ``config`` (after ``type_map``)."""
    base = (
        "lab_value"
        if dimension.startswith("lab:")
        else _TYPE_BY_DIMENSION.get(dimension, dimension)
    )
    return config.type_map.get(base, base)


def _check_text(text: object, what: str) -> str:
    if not isinstance(text, str):
        raise InputError(f"must be a string, not {type(text).__name__}", field=what)
    if len(text) > MAX_TEXT_CHARS:
        raise InputError(f"is longer than {MAX_TEXT_CHARS} characters", field=what)
    return text


def _ascii_forms(text: str) -> str:
    """``text`` with the digits and number signs of other scripts as ASCII (see
    :data:`_ASCII_FORMS`), for the parser; claims keep the text as written."""
    if not text.isascii() and _OTHER_FORMS.search(text):
        return text.translate(_ASCII_FORMS)
    return text


_ASCII_FORMS = {
    **{0xFF10 + d: str(d) for d in range(10)},  # full-width digits
    **{0x0660 + d: str(d) for d in range(10)},  # Arabic-Indic digits
    **{0x06F0 + d: str(d) for d in range(10)},  # Eastern Arabic-Indic digits (Persian, Urdu)
    **{0x0966 + d: str(d) for d in range(10)},  # Devanagari digits
    0x066B: ".",  # Arabic decimal separator
    0x066C: ",",  # Arabic thousands separator
    0x066A: "%",  # Arabic percent sign
    0xFF0E: ".",
    0xFF0C: ",",
    0xFF05: "%",
    0xFF04: "$",
    0xFFE5: "¥",
    0xFFE1: "£",
    0xFF0D: "-",
    0xFF0B: "+",
    0x017F: "s",  # long s, and the letters a case-blind regex takes for ASCII ones,
    0x212A: "K",  # which the unit tables would then not know ("hourſ" crashed a lookup)
    0x0131: "i",
    0x0130: "I",
}
"""Digits and number signs of other scripts and full width, as the ASCII characters the
parser reads (one character for one, so spans stay those of the text): "٣٫٥ million" is
3.5 million and "１２．５％" 12.5%."""
_OTHER_FORMS = re.compile("[" + "".join(chr(c) for c in _ASCII_FORMS) + "]")


@functools.lru_cache(maxsize=64)
def _keyword_regex(keywords: tuple[str, ...]) -> re.Pattern[str]:
    alt = "|".join(re.escape(k.lower()) for k in sorted(keywords, key=len, reverse=True))
    return re.compile(rf"(?:^|\W)(?:{alt})\b[^\d.;!?]{{0,25}}$")


def _base_unit(q: Quantity) -> str:
    if q.dimension == "currency":
        return q.unit
    if q.dimension.startswith("lab:"):
        return q.dimension[4:]
    return _BASE_UNIT.get(q.dimension, "")


def extract_claims(text: str, config: DomainConfig | str | None = None) -> list[NumericClaim]:
    """Every numeric claim of ``text`` (each occurrence, in order of position).

    ``config`` is a :class:`DomainConfig`, a preset name, or ``None`` (general).
    """
    text = _check_text(text, "text")
    cfg = resolve_config(config)
    with gc_paused(len(text)):
        return _extract(text, cfg)


def excluded_numbers(text: str, config: DomainConfig | str | None = None) -> list[ExcludedNumber]:
    """The numbers of ``text`` that the parser reads but does not take as claims, in order
    of position, each with the exclusion rule that set it aside and why ("30 June 2025":
    ``date``; "COVID-19": ``identifier``). Only the active rules of ``config`` exclude (a
    rule left out of ``exclusions`` makes its numbers claims); a number that an
    extraction pattern of ``config`` takes is a claim, not listed. With
    ``builtin_extraction`` off the parser is not run: nothing is listed."""
    text = _check_text(text, "text")
    cfg = resolve_config(config)
    if not cfg.builtin_extraction:
        return []
    with gc_paused(len(text)):
        found = scan_quantities(
            _ascii_forms(text),
            exclusions=frozenset(cfg.exclusions),
            table_scale=cfg.table_scale,
            keep_excluded=True,
        )
    claimed = [c.span for c in _user_pattern_claims(text, cfg)]
    if cfg.check_dates:
        claimed += [d.span for d in scan_dates(text)]
    aside = _clear_of([q for q in found if q.excluded], _merged(claimed), _quantity_span)
    return [
        ExcludedNumber(
            text[q.start : q.end], (q.start, q.end), q.excluded, EXCLUSION_REASONS[q.excluded]
        )
        for q in aside
    ]


def _quantity_span(q: Quantity) -> tuple[int, int]:
    return q.start, q.end


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` sorted, with the overlapping ones joined: what :func:`_clear_of` takes."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def _user_pattern_claims(text: str, cfg: DomainConfig) -> list[NumericClaim]:
    """The claims of ``cfg``'s extraction patterns in ``text`` that ``cfg`` keeps (its
    ``claim_types``, when it lists any)."""
    if not cfg.extraction_patterns:
        return []
    claims = _pattern_claims(text, cfg.extraction_patterns, TextIndex(text))
    if cfg.claim_types:
        keep = set(cfg.claim_types)
        claims = [c for c in claims if c.claim_type in keep]
    return claims


def _extract(text: str, cfg: DomainConfig) -> list[NumericClaim]:
    index = TextIndex(text)
    claims: list[NumericClaim] = []
    if cfg.builtin_extraction:
        kw_regexes = [
            (t, tuple(w.lower() for w in k), _keyword_regex(tuple(k)))
            for t, k in cfg.type_keywords.items()
            if k
        ]
        if kw_regexes:
            # an ASCII keyword absent from the whole (lower-cased) text is absent from
            # every window of it: drop it once instead of testing it at every number
            low_text = text.lower()
            kw_regexes = [
                kw
                for kw in kw_regexes
                if not all(w.isascii() for w in kw[1]) or any(w in low_text for w in kw[1])
            ]
        types: dict[str, str] = {}  # dimension -> claim type, for this config
        for q in scan_quantities(
            _ascii_forms(text), exclusions=frozenset(cfg.exclusions), table_scale=cfg.table_scale
        ):
            dim = q.dimension
            ctype = types.get(dim)
            if ctype is None:
                ctype = types[dim] = claim_type_of(dim, cfg)
            if kw_regexes and (dim == "number" or dim == "count"):
                left = text[max(0, q.start - 30) : q.start].lower()
                for t, words, rx in kw_regexes:
                    if any(w in left for w in words) and rx.search(left):
                        ctype = t
                        break
            claims.append(_claim_from_quantity(q, ctype, index))
        # a multiplier word ("twice daily") does not cut its neighbours' labels
        index.set_quantities([c.span for c in claims if not _multiplier_word(c.text)])
    if cfg.extraction_patterns:
        pattern_claims = _pattern_claims(text, cfg.extraction_patterns, index)
        if pattern_claims:
            taken = [c.span for c in pattern_claims]
            claims = sorted(_clear_of(claims, taken) + pattern_claims, key=lambda c: c.span)
    if cfg.claim_types:
        keep = set(cfg.claim_types)
        claims = [c for c in claims if c.claim_type in keep]
    if cfg.check_dates:
        dated = date_claims(text, index)
        if dated:  # the numbers inside a date are the date's, not claims of their own
            taken = [c.span for c in dated]
            claims = sorted(_clear_of(claims, taken) + dated, key=lambda c: c.span)
    return claims


def _claim_from_quantity(q: Quantity, ctype: str, index: TextIndex) -> NumericClaim:
    start, end, dim = q.start, q.end, q.dimension
    plain = dim == "count" or dim == "number"
    return NumericClaim(
        index.text[start:end],  # text
        (start, end),  # span
        index.sentence(start, end),  # sentence
        ctype,  # claim_type
        q.value,  # value
        q.stated,  # stated_value
        (q.noun or "") if plain else q.unit,  # unit
        dim,  # dimension
        "" if plain else _base_unit(q),  # base_unit
        q.low,
        q.high,
        q.approx,
        q.bound,
        q.noun,
        q.half_unit,
        q.significant,
        None,  # labels
        None,  # year
        index,
        None,  # cache
        "parser",  # source
        q.direction,  # direction (positional: faster than keywords)
        q.per,  # per
    )


def _pattern_claims(
    text: str, patterns: Sequence[ExtractionPattern], index: TextIndex
) -> list[NumericClaim]:
    """Claims from user regexes (SFS semantics: keywords within 80 chars before).

    Where matches of two patterns overlap, the earlier pattern's match is the claim (a
    specific pattern listed before a generic fallback counts a number once).

    All the patterns share one time budget on ``text`` (:data:`PATTERN_TIMEOUT` plus
    one second per megabyte): the pattern running when it is spent raises
    :class:`UnsafePatternError`. A match whose value is not a finite number once its
    unit is applied (``"9" * 400``, or ``1e300`` with unit ``"USD trillions"``) is not
    a claim.
    """
    out: list[NumericClaim] = []
    taken: list[tuple[int, int]] = []  # spans claimed by earlier patterns, sorted
    budget = PATTERN_TIMEOUT + len(text) / 1_000_000
    deadline = time.monotonic() + budget
    for ep in patterns:
        compiled = compile_pattern(ep.pattern, ep.value_group)
        spec = parse_unit_string(ep.unit)
        try:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            matches = list(compiled.finditer(text, timeout=left))
        except TimeoutError:
            raise UnsafePatternError(
                f"extraction patterns took longer than {budget:.1f} s in all on a "
                f"{len(text)}-character text; stopped in pattern {ep.pattern!r}"
            ) from None
        found: list[NumericClaim] = []
        for m in matches:
            raw = m.group(ep.value_group)
            if raw is None:
                continue
            stated = _pattern_value(raw)
            if stated is None:
                continue
            if ep.min_value is not None and stated < ep.min_value:
                continue
            if ep.max_value is not None and stated > ep.max_value:
                continue
            if ep.context_keywords:
                ctx = text[max(0, m.start() - 80) : m.end() + 20].lower()
                if not any(k.lower() in ctx for k in ep.context_keywords):
                    continue
            value = stated * spec.scale * spec.factor + spec.offset
            if not math.isfinite(value):
                continue  # beyond the float range in its unit: not a claim (documented)
            start, end = m.span()
            found.append(
                NumericClaim(
                    text=text[start:end],
                    span=(start, end),
                    sentence=index.sentence(start, end),
                    claim_type=ep.claim_type,
                    value=value,
                    stated_value=stated,
                    unit=spec.symbol if spec.dimension == "currency" else ep.unit,
                    dimension=spec.dimension if spec.dimension != "unspecified" else "number",
                    base_unit=spec.base_unit,
                    per=spec.per,
                    half_unit=0.0,
                    index=index,
                    source="pattern",
                )
            )
        if taken:  # an earlier pattern's match wins where two overlap (one number, one claim)
            found = _clear_of(found, taken)
        out += found
        taken = sorted(taken + [c.span for c in found])
    return out


_Spanned = TypeVar("_Spanned")


def _clear_of(
    items: list[_Spanned],
    taken: list[tuple[int, int]],
    span: Callable[[_Spanned], tuple[int, int]] = attrgetter("span"),
) -> list[_Spanned]:
    """The ``items`` (claims, or anything ``span`` reads a span of, in order of start)
    whose span overlaps none of ``taken`` (sorted, non-overlapping spans). One sweep:
    O(len(items) + len(taken))."""
    kept = []
    j = 0
    for item in items:
        start, end = span(item)
        while j < len(taken) and taken[j][1] <= start:
            j += 1
        if j == len(taken) or taken[j][0] >= end:
            kept.append(item)
    return kept


def _pattern_value(raw: str) -> float | None:
    cleaned = raw.strip().replace(",", "")
    try:
        value = float(cleaned)
    except ValueError:
        found = scan_quantities(_ascii_forms(raw), exclusions=frozenset(), table_scale=False)
        if not found:
            return None
        value = found[0].stated
    return value if value == value and abs(value) != float("inf") else None


def evidence_from_contexts(
    contexts: Sequence[str], config: DomainConfig | str | None = None
) -> list[EvidenceQuantity]:
    """Every quantity stated in ``contexts``, each with its context index and sentence.

    The same parser as for claims (same exclusions); table markers such as
    ``(in thousands)`` scale the numbers below them.
    """
    texts = checked_texts(contexts, "contexts")
    cfg = resolve_config(config)
    out: list[EvidenceQuantity] = []
    for i, ctx in enumerate(texts):
        with gc_paused(len(ctx)):
            out.extend(_context_evidence(ctx, i, cfg))
    return out


def checked_texts(texts: object, what: str) -> list[str]:
    """``texts`` as a list after checking it is a list (or tuple...) of strings of at most
    :data:`MAX_TEXT_CHARS` characters; else :class:`InputError` naming ``what`` or
    ``what[i]``."""
    if isinstance(texts, str) or not isinstance(texts, Sequence):
        raise InputError("must be a list of strings", field=what)
    return [_check_text(text, f"{what}[{i}]") for i, text in enumerate(texts)]


def _context_evidence(ctx: str, i: int, cfg: DomainConfig) -> list[EvidenceQuantity]:
    out: list[EvidenceQuantity] = []
    ctx = spaced_tables_as_tabs(ctx)  # columns aligned by blanks: read as a tab table
    index = TextIndex(ctx)
    found = scan_quantities(
        _ascii_forms(ctx),
        # "across its three factories" is no claim, but stays a value a claim may restate
        exclusions=frozenset(cfg.exclusions) - {"set_reference", "rate_basis", "period_frame"},
        table_scale=cfg.table_scale,
        keep_parts=True,
        compared_units=True,
    )
    index.set_quantities(
        [(q.start, q.end) for q in found if not _multiplier_word(ctx[q.start : q.end])]
    )
    for q in found:
        out.append(
            EvidenceQuantity(
                value=q.value,
                stated_value=q.stated,
                unit=q.unit if q.dimension not in ("count", "number") else (q.noun or ""),
                dimension=q.dimension,
                source=f"context[{i}]",
                context_index=i,
                sentence=index.sentence(q.start, q.end),
                span=(q.start, q.end),
                text=ctx[q.start : q.end],
                low=q.low,
                high=q.high,
                noun=q.noun,
                half_unit=q.half_unit,
                index=index,
                table_scaled=q.table_scaled,
                bound=q.bound,
                approx=q.approx,
                direction=q.direction,
                per=q.per,
            )
        )
        if q.per[:1].isdigit():
            den = _denominator(ctx, q, i, index)
            if den is not None:
                out.append(den)
    return out


_DEN_NUMBER = re.compile(r"(?:\bper|/)[ \t]*(\d[\d,.]*)")
_DEN_DIMENSIONS = frozenset({"volume", "mass", "length", "area"})


def _denominator(ctx: str, q: Quantity, i: int, index: TextIndex) -> EvidenceQuantity | None:
    """The measure in a rate's denominator as a value of its own: "28p per 189 ml
    carton" states a 189 ml carton (volumes, masses, lengths and areas only)."""
    number, _, unit_sym = q.per.partition(" ")
    unit = units.UNITS.get(unit_sym)
    m = _DEN_NUMBER.search(ctx, q.start, q.end)
    if unit is None or unit.dimension not in _DEN_DIMENSIONS or m is None or unit.offset:
        return None
    stated = float(number)
    return EvidenceQuantity(
        value=stated * unit.factor,
        stated_value=stated,
        unit=unit.symbol,
        dimension=unit.dimension,
        source=f"context[{i}]",
        context_index=i,
        sentence=index.sentence(m.start(1), q.end),
        span=(m.start(1), q.end),
        text=ctx[m.start(1) : q.end],
        index=index,
    )


def _multiplier_word(text: str) -> bool:
    """``twice`` / ``double``: a ratio stated by one word (not a label boundary)."""
    return text.isalpha() and MULTIPLIER_RE.fullmatch(text) is not None
