"""The HTTP service (``veracity serve``; extra ``[server]``): a FastAPI app factory.

``create_app(settings)`` builds the app; every endpoint parses its body, calls one
function of :mod:`veracity.server.ops` (which calls the library) and returns its JSON.

=========================== ==================================================
``GET /health``             ``{"status": "ok", "version": ...}`` (never needs a key)
``POST /evaluate``          rag-eval's body ``{"samples", "k", "claims_only"}`` plus
                            ``metrics``, ``gates``, ``skip_errors`` -> report JSON
``POST /numbers/compute``   SFS: extract + verify + score a text
``POST /numbers/extract``   SFS: list the numeric claims of a text
``POST /numbers/verify``    SFS: verify given claims against evidence
``POST /numbers/check``     numbers of an answer against evidence and/or contexts
``POST /faithfulness``      claim-by-claim support of an answer by its contexts
``POST /retrieval``         precision/recall/hit/nDCG@k, MRR, MAP, R-precision
``GET /presets``            the domain presets; ``GET /presets/{name}`` one of them
``POST /governance/detect`` the mode an answer takes; ``/governance/score`` scores an
                            answer against a case; ``/governance/check`` runs the
                            built-in governor (when the governance modules exist)
=========================== ==================================================

Errors always have the body :class:`~veracity.server.schemas.ErrorBody`
(``{"error", "message", "field"}``): 401 missing/invalid API key, 404 unknown route or
preset, 413 body over ``max_body_bytes``, 422 invalid JSON, wrong types, a text over
``max_text_chars`` or too many samples/items (``field`` names the culprit). API keys
(``VERACITY_API_KEYS``) are read from ``Authorization: Bearer KEY`` or ``X-API-Key``.
CORS is off unless origins are configured.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from veracity import __version__
from veracity.errors import ConfigError, InputError, VeracityError
from veracity.server import ops
from veracity.server.asgi import RequestGuard
from veracity.server.schemas import (
    CheckNumbersRequest,
    ComputeRequest,
    ErrorBody,
    EvaluateRequest,
    ExtractRequest,
    FaithfulnessRequest,
    GovernanceCheckRequest,
    GovernanceDetectRequest,
    GovernanceScoreRequest,
    HealthResponse,
    RetrievalRequest,
    VerifyRequest,
)
from veracity.server.settings import ServiceSettings

__all__ = ["create_app"]

logger = logging.getLogger(__name__)

_STATUS_CODES = {
    400: "bad_request",
    401: "unauthorized",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    422: "invalid_request",
}


def _error(
    status: int,
    code: str,
    message: str,
    field: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    body = ErrorBody(error=code, message=" ".join(message.split()), field=field)
    headers = dict(headers or {})
    if status == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="veracity"'
    return JSONResponse(body.model_dump(), status_code=status, headers=headers or None)


def _plain(value: Any) -> Any:
    """Request models back to plain JSON data for :mod:`veracity.server.ops`."""
    if isinstance(value, BaseModel):
        return value.model_dump()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _field_of(loc: tuple[Any, ...] | list[Any]) -> str | None:
    parts = [p for p in loc if p not in ("body", "path", "query")]
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or None


_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "The body could not be read (not UTF-8 JSON)."},
    401: {"model": ErrorBody, "description": "Missing or invalid API key."},
    413: {"model": ErrorBody, "description": "Request body too large."},
    422: {"model": ErrorBody, "description": "Invalid request; `field` names the culprit."},
}


def _ok(example: Any, description: str = "Success") -> dict[int | str, dict[str, Any]]:
    return {
        200: {"description": description, "content": {"application/json": {"example": example}}},
        **_ERRORS,
    }


_SFS_EXAMPLE = {
    "sfs_score": 1.0,
    "total_claims": 5,
    "verified_claims": 5,
    "failed_claims": 0,
    "claim_verifications": [
        {
            "claim": {
                "claim_text": "$850,000",
                "claim_type": "currency",
                "extracted_value": 850000.0,
                "unit": "AUD",
            },
            "verified": True,
            "matched_evidence": {"key": "median_price", "value": 842000.0, "unit": "AUD"},
            "error": 0.0095,
            "reason": "within 15% tolerance",
        }
    ],
    "type_breakdown": {
        "currency": {"total": 2, "verified": 2, "failed": 0},
        "distance": {"total": 1, "verified": 1, "failed": 0},
        "count": {"total": 1, "verified": 1, "failed": 0},
        "percentage": {"total": 1, "verified": 1, "failed": 0},
    },
}
_REPORT_EXAMPLE = {
    "veracity_version": __version__,
    "n_samples": 1,
    "n_skipped": 0,
    "skipped": [],
    "metrics": {"faithfulness": {"mean": 1.0, "median": 1.0, "n_scored": 1, "n_undetermined": 0}},
    "gates": [
        {
            "metric": "faithfulness",
            "op": ">=",
            "threshold": 0.8,
            "value": 1.0,
            "passed": True,
            "reason": "",
        }
    ],
    "passed": True,
    "options": {"metrics": ["faithfulness"], "k": [5]},
    "samples": [{"id": "sample-1", "metrics": {"faithfulness": 1.0}, "details": {}}],
}


def create_app(settings: ServiceSettings | None = None) -> FastAPI:
    """Build the FastAPI app with the given limits and access rules."""
    settings = settings or ServiceSettings()
    app = FastAPI(
        title="veracity",
        version=__version__,
        description=(
            "Deterministic RAG evaluation: retrieval metrics, answer faithfulness, numeric "
            "claims (SFS compatible) and governance. Errors share one body: "
            "{error, message, field}."
        ),
    )
    _install_error_handlers(app)
    _add_core_routes(app, settings)
    _add_numeric_routes(app, settings)
    _add_governance_routes(app, settings)
    if settings.cors_origins:
        from fastapi.middleware.cors import CORSMiddleware

        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=["Authorization", "Content-Type", "X-API-Key"],
        )
    app.add_middleware(RequestGuard, settings=settings)
    return app


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(InputError)
    async def _input_error(request: Request, exc: InputError) -> JSONResponse:
        return _error(422, "invalid_input", str(exc), exc.field)

    @app.exception_handler(VeracityError)
    async def _config_error(request: Request, exc: VeracityError) -> JSONResponse:
        code = "invalid_config" if isinstance(exc, ConfigError) else "invalid_input"
        return _error(422, code, str(exc))

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = list(exc.errors())
        if not errors:
            return _error(422, "invalid_request", "invalid request")
        first = errors[0]
        field = _field_of(first.get("loc", ()))
        msg = str(first.get("msg", "invalid value"))
        if first.get("type") == "missing":
            msg = "required field is missing"
        if first.get("type") == "json_invalid":
            msg = f"body is not valid JSON: {first.get('ctx', {}).get('error', msg)}"
        more = len(errors) - 1
        if more:
            msg += f" (and {more} more problem{'s' if more > 1 else ''})"
        text = f"field '{field}': {msg}" if field else msg
        return _error(422, "invalid_request", text, field)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _STATUS_CODES.get(exc.status_code, "error")
        return _error(exc.status_code, code, str(exc.detail), headers=exc.headers)


def _add_core_routes(app: FastAPI, settings: ServiceSettings) -> None:
    @app.get("/health", response_model=HealthResponse, tags=["service"])
    def health() -> dict[str, Any]:
        """Liveness check; never needs an API key."""
        return ops.health()

    @app.post("/evaluate", tags=["evaluation"], responses=_ok(_REPORT_EXAMPLE, "The report"))
    def evaluate(body: EvaluateRequest) -> dict[str, Any]:
        """Evaluate samples (rag-eval's request body) and return the veracity report:
        per-metric aggregates, per-sample values with traces, gates and `passed`."""
        return ops.evaluate_samples(
            body.samples,
            settings,
            metrics=body.metrics,
            k=body.k,
            gates=body.gates,
            claims_only=body.claims_only,
            skip_errors=body.skip_errors,
        )

    @app.post(
        "/faithfulness",
        tags=["faithfulness"],
        responses=_ok({"score": 1.0, "reason": "", "method": "lexical", "claims": []}),
    )
    def faithfulness(body: FaithfulnessRequest) -> dict[str, Any]:
        """Which claims of the answer the contexts support: score = supported / claims."""
        return ops.check_faithfulness(body.answer, body.contexts, settings)

    @app.post(
        "/retrieval",
        tags=["retrieval"],
        responses=_ok(
            {
                "k": 3,
                "metrics": {
                    "precision@3": 0.3333,
                    "recall@3": 0.5,
                    "hit@3": 1.0,
                    "ndcg@3": 0.3869,
                    "mrr": 0.5,
                    "map": 0.25,
                    "r_precision": 0.5,
                },
                "reasons": {},
            }
        ),
    )
    def retrieval(body: RetrievalRequest) -> dict[str, Any]:
        """Retrieval metrics of one ranked list (equal to trec_eval)."""
        return ops.retrieval_metrics(body.retrieved, body.relevant, body.k, settings)


def _add_numeric_routes(app: FastAPI, settings: ServiceSettings) -> None:
    @app.post("/numbers/compute", tags=["numbers"], responses=_ok(_SFS_EXAMPLE))
    def numbers_compute(body: ComputeRequest) -> dict[str, Any]:
        """Extract the numeric claims of `text`, verify them against `evidence` and
        score SFS = verified_claims / total_claims (SFS toolkit's sfs_compute)."""
        return ops.numbers_compute(
            body.text, _plain(body.evidence), body.preset, body.custom_config, settings
        )

    @app.post(
        "/numbers/extract",
        tags=["numbers"],
        responses=_ok({"claims": [_SFS_EXAMPLE["claim_verifications"][0]["claim"]]}),  # type: ignore[index]
    )
    def numbers_extract(body: ExtractRequest) -> dict[str, Any]:
        """The numeric claims of `text` (SFS's sfs_extract_claims), as `claims`."""
        return {"claims": ops.numbers_extract(body.text, body.preset, body.custom_config, settings)}

    @app.post("/numbers/verify", tags=["numbers"], responses=_ok(_SFS_EXAMPLE))
    def numbers_verify(body: VerifyRequest) -> dict[str, Any]:
        """Verify given claims against the evidence and score them (sfs_verify_claims)."""
        return ops.numbers_verify(
            _plain(body.claims), _plain(body.evidence), body.preset, body.custom_config, settings
        )

    @app.post("/numbers/check", tags=["numbers"], responses=_ok(_SFS_EXAMPLE))
    def numbers_check(body: CheckNumbersRequest) -> dict[str, Any]:
        """Numbers of an answer checked against structured evidence and/or the numbers
        stated in its contexts."""
        return ops.check_numbers(
            body.answer, body.contexts, _plain(body.evidence), body.preset, settings
        )

    @app.get(
        "/presets",
        tags=["numbers"],
        responses=_ok(
            {
                "presets": [
                    {
                        "name": "medical",
                        "display_name": "Medical",
                        "description": "Clinical decision support",
                        "tolerance": "0.1",
                    }
                ]
            }
        ),
    )
    def presets() -> dict[str, Any]:
        """The domain presets usable as `preset`."""
        return {"presets": ops.numbers_list_presets()}

    @app.get(
        "/presets/{name}",
        tags=["numbers"],
        responses={
            **_ok({"name": "Medical", "tolerance": 0.1, "type_tolerances": {"dosage": 0.05}}),
            404: {"model": ErrorBody, "description": "Unknown preset."},
        },
    )
    def preset(name: str) -> Any:
        """The full configuration of one preset; 404 if the name is unknown."""
        try:
            return ops.numbers_get_preset(name, settings)
        except ConfigError as exc:
            return _error(404, "not_found", str(exc), "name")


def _governance_available(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(f"veracity.governance.{module}") is not None


def _add_governance_routes(app: FastAPI, settings: ServiceSettings) -> None:
    if _governance_available("detect"):

        @app.post(
            "/governance/detect",
            tags=["governance"],
            responses=_ok({"mode": "abstain", "cue": "cannot answer", "reason": "..."}),
        )
        def governance_detect(body: GovernanceDetectRequest) -> dict[str, Any]:
            """The governance mode an answer takes (trustworthy / disputed / abstain)."""
            return ops.governance_detect_mode(body.answer, settings)

    if _governance_available("scoring"):

        @app.post(
            "/governance/score",
            tags=["governance"],
            responses=_ok({"id": "abst-001", "passed": True, "mode": "abstain"}),
        )
        def governance_score(body: GovernanceScoreRequest) -> dict[str, Any]:
            """Score one answer against one governance case (fitz-gov format)."""
            return ops.governance_score(
                body.case, body.answer, body.mode, settings, scoring=body.scoring
            )

    if _governance_available("baseline"):

        @app.post(
            "/governance/check",
            tags=["governance"],
            responses=_ok({"answer": "...", "mode": "trustworthy"}),
        )
        def governance_check(body: GovernanceCheckRequest) -> dict[str, Any]:
            """What the built-in deterministic governor answers, and its mode."""
            return ops.governance_check(body.query, body.contexts, settings)
