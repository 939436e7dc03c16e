"""The six SFS toolkit MCP tools as plain functions (same names, parameters, defaults).

The MCP server and the HTTP service are thin wrappers over these. Each ``*_json``
parameter takes JSON text or the already-parsed list / dict. Outputs use the SFS
field names (``sfs_score``, ``total_claims``, ``claim_verifications`` with
``claim``/``verified``/``matched_evidence``/``error``/``reason``...) plus our trace
(``rule``, ``tolerance``, ``evidence``). ``sfs_extract_claims`` and
``sfs_list_presets`` return lists, as the SFS server does.

Differences from SFS, on purpose: no claims -> ``sfs_score`` is ``null`` with
``reason = "no numeric claims"`` (SFS: 1.0); no preset -> the ``general`` preset.

Size caps: ``text`` / ``claim_text`` up to :data:`MAX_TEXT_CHARS` characters, each
JSON argument up to :data:`MAX_JSON_CHARS` characters, at most
:data:`MAX_ITEMS` claims or evidence items; beyond them :class:`InputError`.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any, TypeGuard

from veracity.errors import ConfigError, InputError
from veracity.numeric.config import DomainConfig, load_config
from veracity.numeric.extract import extract_claims
from veracity.numeric.models import ClaimVerification, NumericClaim, NumericReport
from veracity.numeric.presets import DEFAULT_PRESET, get_preset, list_presets, resolve_config
from veracity.numeric.unitstr import parse_unit_string
from veracity.numeric.verify import _score, evidence_from_items
from veracity.samples import number_text

__all__ = [
    "MAX_ITEMS",
    "MAX_JSON_CHARS",
    "MAX_TEXT_CHARS",
    "sfs_compute",
    "sfs_extract_claims",
    "sfs_get_preset",
    "sfs_list_presets",
    "sfs_verify_claims",
    "sfs_verify_single",
]

MAX_TEXT_CHARS = 1_000_000
_YEAR = re.compile(r"(?<![\d.,$])((?:18|19|20)\d\d)(?![\d%])")
MAX_JSON_CHARS = 5_000_000
MAX_ITEMS = 10_000


def _text(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"must be a string, not {type(value).__name__}", field=field)
    if len(value) > MAX_TEXT_CHARS:
        raise InputError(f"is longer than {MAX_TEXT_CHARS} characters", field=field)
    return value


def _json(value: object, field: str) -> Any:
    if isinstance(value, (list, dict)):
        return value
    if not isinstance(value, str):
        raise InputError(
            f"must be JSON text, a list or an object, not {type(value).__name__}", field=field
        )
    if len(value) > MAX_JSON_CHARS:
        raise InputError(f"is longer than {MAX_JSON_CHARS} characters", field=field)
    if not value.strip():
        raise InputError("is empty; expected JSON", field=field)
    try:
        return json.loads(value, parse_constant=_no_constant)
    except (json.JSONDecodeError, ValueError) as err:
        raise InputError(f"is not valid JSON: {err}", field=field) from None
    except RecursionError:
        raise InputError("is not valid JSON: nested too deeply", field=field) from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"non-finite number {name} is not allowed")


def _list(value: object, field: str) -> list[Any]:
    data = _json(value, field)
    if isinstance(data, dict) and isinstance(data.get("items"), list):
        data = data["items"]  # an SFS EvidencePool
    if not isinstance(data, list):
        raise InputError("must be a JSON list", field=field)
    if len(data) > MAX_ITEMS:
        raise InputError(f"has more than {MAX_ITEMS} items", field=field)
    return data


def _config(preset: str, custom_config_json: object) -> DomainConfig:
    """SFS order: a custom config wins over a preset; neither -> ``general``."""
    if custom_config_json not in ("", None, {}):
        data = _json(custom_config_json, "custom_config_json")
        if not isinstance(data, dict):
            raise ConfigError("custom_config_json must be a JSON object")
        return load_config(data)
    if not isinstance(preset, str):
        raise ConfigError(f"preset must be a string, not {type(preset).__name__}")
    return resolve_config(preset or DEFAULT_PRESET)


def _sfs_report(report: NumericReport) -> dict[str, Any]:
    out = report.to_dict()
    if out["sfs_score"] is not None:
        out["sfs_score"] = round(out["sfs_score"], 4)
    return out


def _sfs_claim(c: NumericClaim) -> dict[str, Any]:
    return c.to_dict()


def sfs_extract_claims(
    text: str, preset: str = "", custom_config_json: str = ""
) -> list[dict[str, Any]]:
    """Extract numerical claims (SFS ``Claim`` fields plus our trace)."""
    cfg = _config(preset, custom_config_json)
    return [_sfs_claim(c) for c in extract_claims(_text(text, "text"), cfg)]


def sfs_compute(
    text: str, evidence_json: str, preset: str = "", custom_config_json: str = ""
) -> dict[str, Any]:
    """End to end: extract claims from ``text``, verify them, score (SFS report)."""
    cfg = _config(preset, custom_config_json)
    claims = extract_claims(_text(text, "text"), cfg)
    pool = evidence_from_items(_list(evidence_json, "evidence_json"))
    return _sfs_report(_score(claims, pool, cfg))


def _claim_from_sfs(data: Mapping[str, Any], field: str) -> NumericClaim:
    if not isinstance(data, Mapping):
        raise InputError(
            "must be an object with claim_text, claim_type, extracted_value, unit", field=field
        )
    for name in ("claim_text", "claim_type"):
        if not isinstance(data.get(name), str):
            raise InputError(f"missing or non-string {name!r}", field=field)
    raw_value = number_text(data.get("extracted_value"))  # "850000", as SFS's pydantic reads it
    if raw_value is not None and not _finite_number(raw_value):
        raise InputError("'extracted_value' must be a finite number or null", field=field)
    unit = data.get("unit", "") or ""
    if not isinstance(unit, str):
        raise InputError("'unit' must be a string", field=field)
    span_raw = data.get("source_span")
    span = (0, 0)
    if (
        isinstance(span_raw, (list, tuple))
        and len(span_raw) == 2
        and all(isinstance(x, int) for x in span_raw)
    ):
        span = (int(span_raw[0]), int(span_raw[1]))
    text = data["claim_text"]
    if raw_value is None:
        return NumericClaim(text, span, text, data["claim_type"], 0.0, 0.0, unit, "missing")
    spec = parse_unit_string(unit)
    stated = float(raw_value) * spec.scale
    base = stated * spec.factor + spec.offset
    if not (math.isfinite(stated) and math.isfinite(base)):
        raise InputError(
            f"'extracted_value' {raw_value:g} {unit!r} is beyond the float range "
            "once its unit is applied",
            field=field,
        )
    direction = data.get("direction") or ""
    if direction not in ("", "up", "down"):
        raise InputError("'direction' must be 'up', 'down' or null", field=field)
    dimension = spec.dimension
    if dimension == "tag" or dimension == "unspecified":
        dimension = "number" if data["claim_type"] in ("count", "number", "") else "tag:" + unit
    unit_out = spec.symbol if dimension == "currency" else unit
    years = {int(y) for y in _YEAR.findall(text)}
    return NumericClaim(
        text=own if isinstance(own := data.get("text"), str) and own.strip() else text,
        span=span,
        sentence=text,
        claim_type=data["claim_type"],
        value=base,
        stated_value=stated,
        unit=unit_out,
        dimension=dimension,
        base_unit=spec.base_unit,
        per=spec.per,
        noun=spec.noun,
        half_unit=0.0,
        labels=frozenset(),
        year=years.pop() if len(years) == 1 else None,
        source="input",
        direction=direction,
    )


def _finite_number(value: object) -> TypeGuard[int | float]:
    """An int or float (not a bool) that is a finite float (``10**400`` is not)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def sfs_verify_claims(
    claims_json: str, evidence_json: str, preset: str = "", custom_config_json: str = ""
) -> dict[str, Any]:
    """Verify given claims (SFS ``Claim`` objects) against an evidence pool."""
    cfg = _config(preset, custom_config_json)
    raw_claims = _list(claims_json, "claims_json")
    claims = [_claim_from_sfs(c, f"claims_json[{i}]") for i, c in enumerate(raw_claims)]
    pool = evidence_from_items(_list(evidence_json, "evidence_json"))
    return _sfs_report(_fix_missing(_score(claims, pool, cfg)))


def _fix_missing(report: NumericReport) -> NumericReport:
    fixed = [
        ClaimVerification(
            v.claim,
            False,
            None,
            None,
            "no_value",
            "No numerical value could be extracted from the claim.",
            v.tolerance,
        )
        if v.claim.dimension == "missing"
        else v
        for v in report.claim_verifications
    ]
    return NumericReport(
        report.sfs_score,
        report.reason,
        report.total_claims,
        report.verified_claims,
        report.failed_claims,
        fixed,
        report.type_breakdown,
        report.config_name,
        report.evidence_count,
    )


def sfs_verify_single(
    claim_text: str,
    claim_type: str,
    extracted_value: float,
    unit: str,
    evidence_json: str,
    preset: str = "",
    custom_config_json: str = "",
) -> dict[str, Any]:
    """Verify one claim; returns the SFS ``ClaimVerification`` fields plus our trace."""
    cfg = _config(preset, custom_config_json)
    claim = _claim_from_sfs(
        {
            "claim_text": _text(claim_text, "claim_text"),
            "claim_type": claim_type,
            "extracted_value": extracted_value,
            "unit": unit,
        },
        "claim",
    )
    pool = evidence_from_items(_list(evidence_json, "evidence_json"))
    report = _fix_missing(_score([claim], pool, cfg))
    return report.claim_verifications[0].to_dict()


def sfs_list_presets() -> list[dict[str, str]]:
    """Every preset: ``name``, ``display_name``, ``description``, ``tolerance`` (SFS form)."""
    out = []
    for name in list_presets():
        cfg = get_preset(name)
        out.append(
            {
                "name": name,
                "display_name": cfg.name,
                "description": cfg.description,
                "tolerance": str(cfg.tolerance),
            }
        )
    return out


def sfs_get_preset(preset_name: str) -> dict[str, Any]:
    """The full configuration of one preset (SFS ``DomainConfig`` fields plus ours)."""
    if not isinstance(preset_name, str):
        raise ConfigError(f"preset_name must be a string, not {type(preset_name).__name__}")
    return get_preset(preset_name).model_dump(mode="json")
