"""The six SFS-toolkit tools on the veracity MCP server, with the SFS names,
parameters and defaults (``sfs_compute``, ``sfs_extract_claims``, ``sfs_verify_claims``,
``sfs_verify_single``, ``sfs_list_presets``, ``sfs_get_preset``), each a thin wrapper
over :mod:`veracity.server.ops` (which calls :mod:`veracity.numeric.sfs_api`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult
from pydantic import BeforeValidator, Field

from veracity.samples import number_text
from veracity.server import ops
from veracity.server.mcp_common import (
    READ_ONLY,
    CustomConfigJson,
    EvidenceJson,
    ListResult,
    Preset,
    Text,
    call_op,
    list_result,
)
from veracity.server.settings import ServiceSettings

__all__ = ["add_sfs_tools"]


def add_sfs_tools(server: MCPServer[Any], settings: ServiceSettings) -> None:
    def sfs_compute(
        text: Text,
        evidence_json: EvidenceJson,
        preset: Preset = "",
        custom_config_json: CustomConfigJson = "",
    ) -> dict[str, Any]:
        return call_op(
            lambda: ops.numbers_compute(text, evidence_json, preset, custom_config_json, settings)
        )

    def sfs_extract_claims(
        text: Text, preset: Preset = "", custom_config_json: CustomConfigJson = ""
    ) -> Annotated[CallToolResult, ListResult]:
        return list_result(
            call_op(lambda: ops.numbers_extract(text, preset, custom_config_json, settings))
        )

    def sfs_verify_claims(
        claims_json: Annotated[
            str | list[Any],
            Field(
                description=(
                    "The claims to verify: a JSON array of objects {claim_text, claim_type, "
                    "extracted_value, unit}, as sfs_extract_claims returns them. JSON text "
                    "or the array itself."
                )
            ),
        ],
        evidence_json: EvidenceJson,
        preset: Preset = "",
        custom_config_json: CustomConfigJson = "",
    ) -> dict[str, Any]:
        return call_op(
            lambda: ops.numbers_verify(
                claims_json, evidence_json, preset, custom_config_json, settings
            )
        )

    def sfs_verify_single(
        claim_text: Annotated[
            str,
            Field(
                description=(
                    "The claim as sfs_extract_claims returns it: the sentence that states "
                    "the number, e.g. 'The median price is $850,000.'"
                )
            ),
        ],
        claim_type: Annotated[
            str,
            Field(description="Its type: currency, percentage, distance, count, dosage, ..."),
        ],
        extracted_value: Annotated[
            float,
            BeforeValidator(number_text),
            Field(
                description=(
                    'The number the claim states (a numeric string such as "850000" is read '
                    "as the number)."
                )
            ),
        ],
        unit: Annotated[
            str,
            Field(description="Its unit as sfs_extract_claims gives it, e.g. $, %, km, count, mg."),
        ],
        evidence_json: EvidenceJson,
        preset: Preset = "",
        custom_config_json: CustomConfigJson = "",
    ) -> dict[str, Any]:
        return call_op(
            lambda: ops.numbers_verify_single(
                claim_text,
                claim_type,
                extracted_value,
                unit,
                evidence_json,
                preset,
                custom_config_json,
                settings,
            )
        )

    def sfs_list_presets() -> Annotated[CallToolResult, ListResult]:
        return list_result(call_op(ops.numbers_list_presets))

    def sfs_get_preset(
        preset_name: Annotated[
            str, Field(description="A preset name from sfs_list_presets, e.g. 'medical'.")
        ],
    ) -> dict[str, Any]:
        return call_op(lambda: ops.numbers_get_preset(preset_name, settings))

    tools: list[tuple[Callable[..., Any], str, str]] = [
        (
            sfs_compute,
            "SFS score of a text",
            "Primary numeric check (SFS toolkit compatible): extract every numeric claim of "
            "`text` (prices, percentages, distances, counts, dosages, numbers in words such "
            "as 'twelve' or '1.2 million'), verify each against the evidence values within "
            "the preset's tolerance, and score SFS = verified_claims / total_claims. Returns "
            "sfs_score (null when the text has no numeric claim), total_claims, "
            "verified_claims, failed_claims, claim_verifications (one per claim: the claim, "
            "verified, matched_evidence, relative error, reason) and type_breakdown "
            "{type: {total, verified, failed}}.",
        ),
        (
            sfs_extract_claims,
            "Extract numeric claims",
            "List the numeric claims in `text` without verifying them: claim_text, "
            "claim_type, extracted_value, unit and source_span (character offsets). Pass "
            "the result to sfs_verify_claims. Structured result: {result: [claims]}.",
        ),
        (
            sfs_verify_claims,
            "Verify numeric claims",
            "Verify already extracted claims against the evidence pool and score them: same "
            "output as sfs_compute (sfs_score, total_claims, verified_claims, failed_claims, "
            "claim_verifications, type_breakdown).",
        ),
        (
            sfs_verify_single,
            "Verify one numeric claim",
            "Verify one claim (value and unit) against the evidence pool: returns the claim, "
            "verified (true/false), matched_evidence, the relative error and the reason.",
        ),
        (
            sfs_list_presets,
            "List domain presets",
            "List the domain presets (name, display_name, description, tolerance) usable as "
            "`preset` by the other tools. Structured result: {result: [presets]}.",
        ),
        (
            sfs_get_preset,
            "Show a domain preset",
            "The full configuration of one preset: tolerance, per-type tolerances and "
            "extraction patterns. An unknown name is an error listing the known ones.",
        ),
    ]
    for fn, title, description in tools:
        server.add_tool(fn, title=title, description=description, annotations=READ_ONLY)
