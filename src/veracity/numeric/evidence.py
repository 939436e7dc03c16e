"""Structured evidence (the SFS pool: ``key, value, unit, source``) as quantities."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from veracity.errors import InputError
from veracity.numeric.models import EvidenceQuantity
from veracity.numeric.unitstr import parse_unit_string
from veracity.numeric.word_labels import noun_label
from veracity.samples import EvidenceItem, evidence_item

__all__ = ["MAX_EVIDENCE_ITEMS", "describe", "dimension_of", "evidence_from_items"]

MAX_EVIDENCE_ITEMS = 100_000
"""Largest structured evidence pool accepted."""

_YEAR_KEY = re.compile(r"(?<!\d)((?:18|19|20)\d\d)(?!\d)")


def evidence_from_items(
    items: Sequence[EvidenceItem | Mapping[str, Any]],
) -> list[EvidenceQuantity]:
    """Structured evidence (SFS ``key, value, unit, source``) as evidence quantities.

    ``unit`` may carry a scale (``"USD millions"``); a plain noun (``"patients"``)
    makes a count of that noun, scaled by a scale word (``"million people"``); a rate
    unit (``"EUR/kg"``, ``"USD per day"``, ``"L/100km"``) keeps its denominator in
    ``per``, as "€0.34 per kg" in a context does; SFS generic units (``dosage``...)
    become tags.

    ``value`` must be a number: ``true`` / ``false`` are rejected, while a numeric
    string (``"12"``) is read as its number, as the SFS toolkit's pydantic
    ``EvidenceItem`` does. A value that is not finite, beyond the float range
    (``10**400``), or not finite once its unit is applied (``1e308`` ``"USD
    trillions"``) raises :class:`InputError` naming ``evidence[i]``.
    """
    if isinstance(items, (str, bytes, Mapping)) or not isinstance(items, Sequence):
        raise InputError("must be a list of evidence items", field="evidence")
    if len(items) > MAX_EVIDENCE_ITEMS:
        raise InputError(f"has more than {MAX_EVIDENCE_ITEMS} items", field="evidence")
    out: list[EvidenceQuantity] = []
    for i, item in enumerate(items):
        fast = _fast_item(item)
        if fast is not None:
            key, value, unit, source = fast
        elif isinstance(item, EvidenceItem):
            key, value, unit, source = item.key, item.value, item.unit, item.source
        else:
            raw = item if isinstance(item, Mapping) else _as_mapping(item)
            _check_raw_value(raw.get("value"), i)
            item = evidence_item(raw, i)
            key, value, unit, source = item.key, item.value, item.unit, item.source
        spec = parse_unit_string(unit)
        stated = value * spec.scale
        base = stated * spec.factor + spec.offset
        if not (math.isfinite(stated) and math.isfinite(base)):
            raise InputError(
                f"value {value:g} {unit!r} is beyond the float range once its unit is applied",
                field=f"evidence[{i}]",
            )
        dimension = spec.dimension
        # a year in the key ("rent_2023") starts with 18, 19 or 20: no "1" or "2", no year
        ym = _YEAR_KEY.search(key) if "1" in key or "2" in key else None
        out.append(
            EvidenceQuantity(
                base,  # value
                stated,  # stated_value
                unit,
                dimension if dimension != "currency" else "currency:" + spec.symbol,
                key,
                source,
                None,  # context_index
                "",  # sentence
                None,  # span
                "",  # text
                None,  # low
                None,  # high
                spec.noun,
                spec.tag,
                0.0,  # half_unit
                frozenset({"#" + noun_label(spec.noun)}) if spec.noun else _NO_LABELS,
                int(ym.group(1)) if ym else None,  # year
                per=spec.per,  # "EUR/kg": a value per kg
            )
        )
    return out


_NO_LABELS: frozenset[str] = frozenset()


_ITEM_FIELDS = frozenset({"key", "value", "unit", "source"})


def _fast_item(item: object) -> tuple[str, float, str, str] | None:
    """A plain, valid mapping read without pydantic validation (speed)."""
    if not isinstance(item, dict) or not item.keys() <= _ITEM_FIELDS:
        return None
    value: Any = item.get("value")
    if type(value) is int:
        if not -_INT_LIMIT < value < _INT_LIMIT:
            return None  # maybe beyond the float range: the slow path says so
    elif type(value) is not float or not math.isfinite(value):
        return None
    key, unit, source = item.get("key", ""), item.get("unit", ""), item.get("source", "")
    if type(key) is not str or type(unit) is not str or type(source) is not str:
        return None
    return key, float(value), unit, source


_INT_LIMIT = 2**1000  # every int of smaller magnitude converts to a finite float


def _check_raw_value(value: object, i: int) -> None:
    """Reject what pydantic would accept or misreport: a bool, an int beyond floats."""
    if isinstance(value, bool):
        raise InputError(f"value must be a number, not a boolean ({value})", field=f"evidence[{i}]")
    if isinstance(value, int):
        try:
            float(value)
        except OverflowError:
            raise InputError(
                f"value {_short(value)} is beyond the float range", field=f"evidence[{i}]"
            ) from None


def _short(value: int) -> str:
    """A huge int described by its size (its digits may be too many to print)."""
    digits = int(abs(value).bit_length() * math.log10(2)) + 1
    return f"(an integer of about {digits} digits)"


def _as_mapping(item: object) -> Mapping[str, Any]:
    fields = ("key", "value", "unit", "source")
    if all(hasattr(item, f) for f in ("key", "value")):
        return {f: getattr(item, f) for f in fields if hasattr(item, f)}
    raise InputError(
        f"must be an evidence item or a mapping, not {type(item).__name__}", field="evidence"
    )


def dimension_of(ev: EvidenceQuantity) -> tuple[str, str]:
    """(dimension, currency) -- parsed context currencies keep the code in ``unit``."""
    if ev.dimension.startswith("currency:"):
        return "currency", ev.dimension[9:]
    if ev.dimension == "currency":
        return "currency", ev.unit
    return ev.dimension, ""


def _fmt(x: float) -> str:
    if x == int(x) and abs(x) < 1e15:
        return f"{int(x):,}"
    return f"{x:,.6g}"


def describe(ev: EvidenceQuantity) -> str:
    """How a reason names an evidence value: ``key=value unit`` for a structured item
    (``value unit`` when it has no key), the text and its context otherwise."""
    if ev.key:
        return f"{ev.key}={_fmt(ev.stated_value)} {ev.unit}".rstrip()
    if ev.context_index is None:  # a structured item without a key
        return f"evidence {_fmt(ev.stated_value)} {ev.unit}".rstrip()
    return f"{ev.text!r} in context {ev.context_index}"
