"""veracity's own MCP tools: ``check_faithfulness``, ``check_numbers``,
``retrieval_metrics``, ``evaluate_samples`` and, when the governance modules are
installed, ``governance_detect_mode``, ``governance_score`` and ``governance_check``.
Each is a thin wrapper over :mod:`veracity.server.ops`."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from pydantic import Field

from veracity.server import ops
from veracity.server.mcp_common import READ_ONLY, Contexts, Preset, call_op
from veracity.server.settings import ServiceSettings

__all__ = ["add_governance_tools", "add_veracity_tools"]


def add_veracity_tools(server: MCPServer[Any], settings: ServiceSettings) -> None:
    def check_faithfulness(
        answer: Annotated[str, Field(description="The answer to check, claim by claim.")],
        contexts: Contexts,
    ) -> dict[str, Any]:
        return call_op(lambda: ops.check_faithfulness(answer, contexts, settings))

    def check_numbers(
        answer: Annotated[str, Field(description="The answer whose numbers to check.")],
        contexts: Annotated[
            list[str] | None,
            Field(
                description=(
                    "Optional context passages: the numbers they state are used as evidence "
                    "too (with their units)."
                )
            ),
        ] = None,
        evidence: Annotated[
            str | list[Any] | dict[str, Any] | None,
            Field(
                description=(
                    "Optional structured evidence: an array of {key, value, unit, source} "
                    "(JSON text or the array; an SFS EvidencePool {items: [...]} works too)."
                )
            ),
        ] = None,
        preset: Preset = "",
        check_dates: Annotated[
            bool,
            Field(
                description=(
                    'Also check the dates the answer states to the day ("11 June 2024", '
                    '"June 11", "2024-06-11") against the dates of the contexts.'
                )
            ),
        ] = False,
    ) -> dict[str, Any]:
        return call_op(
            lambda: ops.check_numbers(
                answer, contexts, evidence, preset, settings, check_dates=check_dates
            )
        )

    def retrieval_metrics(
        retrieved: Annotated[
            list[str],
            Field(description="The ranked list the retriever returned, best first (ids or texts)."),
        ],
        relevant: Annotated[
            list[str] | dict[str, int],
            Field(
                description=(
                    "The relevant items: a list (each grade 1) or an object {item: grade} "
                    "for graded relevance (grade 0 = not relevant)."
                )
            ),
        ],
        k: Annotated[
            int, Field(description="The cut-off for the @k metrics (1 to 1,000,000).", ge=1)
        ] = 5,
    ) -> dict[str, Any]:
        return call_op(lambda: ops.retrieval_metrics(retrieved, relevant, k, settings))

    def evaluate_samples(
        samples: Annotated[
            list[dict[str, Any]],
            Field(
                description=(
                    "RAG samples (rag-eval JSONL lines): each {question, answer, contexts "
                    "(alias context), retrieved?, golden_documents? (alias relevant), "
                    "evidence?, id?, metadata?}."
                )
            ),
        ],
        metrics: Annotated[
            list[str] | None,
            Field(
                description=(
                    "Metric names: precision, recall, hit, ndcg (each at every k; or "
                    "'ndcg@10'), mrr, map, r_precision, faithfulness, numeric. Omit for all."
                )
            ),
        ] = None,
        k: Annotated[
            int | list[int], Field(description="Cut-off(s) for the @k metrics, e.g. 5 or [1, 5].")
        ] = 5,
        gates: Annotated[
            list[str] | None,
            Field(description="Pass/fail gates such as 'faithfulness=0.8' (means >=)."),
        ] = None,
        claims_only: Annotated[
            bool, Field(description="Skip the retrieval metrics (answer metrics only).")
        ] = False,
    ) -> dict[str, Any]:
        return call_op(
            lambda: ops.evaluate_samples(
                samples, settings, metrics=metrics, k=k, gates=gates or (), claims_only=claims_only
            )
        )

    tools: list[tuple[Callable[..., Any], str, str]] = [
        (
            check_faithfulness,
            "Check an answer against its contexts",
            "Split `answer` into claims (sentences) and check whether the contexts support "
            "each one, deterministically. Returns score = supported claims / claims (null "
            "when there is no claim), reason, method and claims: one per claim with text, "
            "character span, supported, score, reason and the supporting context_index and "
            "context_sentence (or the words the contexts lack).",
        ),
        (
            check_numbers,
            "Check the numbers of an answer",
            "Verify every numeric claim of `answer` against structured `evidence` and/or the "
            "numbers stated in `contexts` (units converted, numbers in words understood). "
            "Returns the SFS fields (sfs_score, total_claims, verified_claims, "
            "failed_claims, claim_verifications, type_breakdown) plus a per-claim trace.",
        ),
        (
            retrieval_metrics,
            "Score a ranked retrieval list",
            "precision@k, recall@k, hit@k, ndcg@k, mrr, map and r_precision of one ranked "
            "list against its relevance judgements (values equal trec_eval's). Returns "
            "{k, metrics: {name: value or null}, reasons: {name: why null}}.",
        ),
        (
            evaluate_samples,
            "Evaluate RAG samples",
            "Score a batch of RAG samples with retrieval, faithfulness and numeric metrics "
            "and return the report: per-metric mean/median, per-sample values with their "
            "traces, gate results and `passed`. A malformed sample is an error naming "
            "samples[i].field.",
        ),
    ]
    for fn, title, description in tools:
        server.add_tool(fn, title=title, description=description, annotations=READ_ONLY)


def _governance_available() -> bool:
    try:
        return importlib.util.find_spec("veracity.governance.detect") is not None
    except ImportError:  # pragma: no cover - broken package
        return False


def add_governance_tools(server: MCPServer[Any], settings: ServiceSettings) -> None:
    if not _governance_available():
        return

    def governance_detect_mode(
        answer: Annotated[str, Field(description="The answer whose stance to read.")],
    ) -> dict[str, Any]:
        return call_op(lambda: ops.governance_detect_mode(answer, settings))

    server.add_tool(
        governance_detect_mode,
        title="Read the governance mode of an answer",
        description=(
            "Read which governance mode an answer takes: 'abstain' (declines: the "
            "contexts do not answer the question), 'disputed' (reports conflicting "
            "sources) or 'trustworthy' (answers, possibly hedged). Returns {mode, cue "
            "(the phrase that decided it, or null), reason}."
        ),
        annotations=READ_ONLY,
    )
    if importlib.util.find_spec("veracity.governance.scoring") is not None:

        def governance_score(
            case: Annotated[
                dict[str, Any],
                Field(
                    description=(
                        "A governance case in fitz-gov's format: {id, category (abstention, "
                        "dispute, trustworthy_hedged, trustworthy_direct, grounding, "
                        "relevance), query, contexts, expected_mode, forbidden_claims?, "
                        "required_elements?, ...}."
                    )
                ),
            ],
            answer: Annotated[str, Field(description="The system's answer to the case.")],
            mode: Annotated[
                str | None,
                Field(description="The system's mode; omit to read it from the answer."),
            ] = None,
            scoring: Annotated[
                str, Field(description="'strict' (default) or 'fitz-gov-4.1' (exact fitz-gov).")
            ] = "strict",
        ) -> dict[str, Any]:
            return call_op(
                lambda: ops.governance_score(case, answer, mode, settings, scoring=scoring)
            )

        server.add_tool(
            governance_score,
            title="Score an answer against a governance case",
            description=(
                "Score one answer against one governance case: did the system take the "
                "expected mode (and avoid forbidden claims, include required elements)? "
                "Returns {id, category, expected_mode, mode, passed, reason, details}."
            ),
            annotations=READ_ONLY,
        )

    if importlib.util.find_spec("veracity.governance.baseline") is None:
        return

    def governance_check(
        query: Annotated[str, Field(description="The user question.")],
        contexts: Contexts,
    ) -> dict[str, Any]:
        return call_op(lambda: ops.governance_check(query, contexts, settings))

    server.add_tool(
        governance_check,
        title="Decide whether the contexts warrant an answer",
        description=(
            "Run the built-in deterministic governor on a question and its contexts: "
            "should a system answer (trustworthy), report a conflict (disputed) or "
            "decline (abstain)? Returns {answer, mode}."
        ),
        annotations=READ_ONLY,
    )
