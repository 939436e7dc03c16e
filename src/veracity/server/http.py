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
preset, 413 body over ``max_body_bytes``, 415 a body not sent as application/json,
422 invalid JSON, wrong types, a field sent with its alias, a text over
``max_text_chars`` or too many samples/items (``field`` names the culprit). API keys
(``VERACITY_API_KEYS``) are read from ``Authorization: Bearer KEY`` or ``X-API-Key``.
CORS is off unless origins are configured.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from veracity import __version__
from veracity.errors import ConfigError, InputError, VeracityError
from veracity.io import LONE_SURROGATE
from veracity.samples import NESTED_TOO_DEEPLY
from veracity.server import endpoints, ops
from veracity.server.asgi import RequestGuard
from veracity.server.depth import deep_field_in_text
from veracity.server.examples import governance_available, response_examples
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
from veracity.validation_errors import describe_errors

__all__ = ["create_app"]

logger = logging.getLogger(__name__)

_STATUS_CODES = {
    400: "bad_request",
    401: "unauthorized",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    415: "unsupported_media_type",
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


def _json_position(body: Any, pos: Any) -> str:
    """``line L column C`` of character ``pos`` of the request body."""
    if not isinstance(pos, int) or not isinstance(body, bytes | str):
        return ""
    text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body
    line = text.count("\n", 0, pos) + 1
    column = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return f" at line {line} column {column}"


def _validation_response(request: Request, exc: RequestValidationError) -> JSONResponse:
    """One 422 body for pydantic's errors: the first error, its field by name."""
    errors = list(exc.errors())
    if not errors:
        return _error(422, "invalid_request", "invalid request")
    first = errors[0]
    loc = tuple(first.get("loc", ()))
    kind = first.get("type")
    ctype = request.headers.get("content-type", "")
    media = ctype.split(";")[0].strip().lower()
    if loc == ("body",) and media != "application/json" and not media.endswith("+json"):
        sent = f"content type {media!r}" if media else "a body without a content type"
        return _error(
            415,
            "unsupported_media_type",
            f"{sent} is not supported: send the body as application/json",
        )
    if loc == ("body",) and kind == "missing":
        return _error(422, "invalid_request", "request body is missing: send a JSON object")
    if kind == "json_invalid":
        reason = first.get("ctx", {}).get("error", "invalid JSON")
        where = _json_position(exc.body, loc[1] if len(loc) > 1 else None)
        return _error(422, "invalid_request", f"request body is not valid JSON: {reason}{where}")
    if kind == "both_aliases":
        ctx = first.get("ctx", {})
        return _error(422, "invalid_request", str(first.get("msg")), str(ctx.get("field")))
    if kind == "likely_typo":  # "K" for "k"
        ctx = first.get("ctx", {})
        return _error(422, "invalid_request", str(first.get("msg")), str(ctx.get("key")))
    if kind == "too_deep":  # samples[0].metadata nested 300 levels: no encoder writes it
        where = str(first.get("ctx", {}).get("field"))
        return _error(422, "invalid_input", str(first.get("msg")), where)
    if kind == "lone_surrogate":  # "samples[0].answer" holds "\ud800"
        where = str(first.get("ctx", {}).get("field"))
        return _error(422, "invalid_request", f"field '{where}' {LONE_SURROGATE}", where)
    field, msg = describe_errors([{**e, "loc": tuple(e.get("loc", ()))[1:]} for e in errors])
    text = f"field '{field}': {msg}" if field else f"request body {msg}"
    return _error(422, "invalid_request", text, field)


_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "The body could not be read (not UTF-8 JSON)."},
    401: {"model": ErrorBody, "description": "Missing or invalid API key."},
    413: {"model": ErrorBody, "description": "Request body too large."},
    415: {"model": ErrorBody, "description": "The body is not sent as application/json."},
    422: {"model": ErrorBody, "description": "Invalid request; `field` names the culprit."},
}


def _ok(example: Any, description: str = "Success") -> dict[int | str, dict[str, Any]]:
    return {
        200: {"description": description, "content": {"application/json": {"example": example}}},
        **_ERRORS,
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
    examples = copy.deepcopy(response_examples())
    _install_error_handlers(app)
    _add_core_routes(app, settings, examples)
    _add_numeric_routes(app, settings, examples)
    _add_governance_routes(app, settings, examples)
    _keep_nulls_in_examples(app, examples)
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


def _keep_nulls_in_examples(app: FastAPI, examples: dict[str, Any]) -> None:
    """FastAPI drops null-valued keys when it renders the schema; put the examples
    back whole so they equal the responses (``"score": null`` included)."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = generate()
            for path, ops_ in schema.get("paths", {}).items():
                for op in ops_.values():
                    content = op.get("responses", {}).get("200", {}).get("content", {})
                    if path in examples and "application/json" in content:
                        content["application/json"]["example"] = examples[path]
            app.openapi_schema = schema
        return app.openapi_schema

    setattr(app, "openapi", openapi)  # noqa: B010 - FastAPI's documented override


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
        return _validation_response(request, exc)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _STATUS_CODES.get(exc.status_code, "error")
        detail = str(exc.detail)
        if exc.status_code == 400 and detail == "There was an error parsing the body":
            deep = deep_field_in_text((await request.body()).decode("utf-8", "replace"))
            if deep is not None:  # deeper than Python's JSON parser reads
                return _error(422, "invalid_input", f"field '{deep}': {NESTED_TOO_DEEPLY}", deep)
            detail = (
                "the body could not be read as JSON: send UTF-8 text, with integers of at "
                "most 4,300 digits"
            )
        return _error(exc.status_code, code, detail, headers=exc.headers)


def _add_core_routes(app: FastAPI, settings: ServiceSettings, examples: dict[str, Any]) -> None:
    @app.get("/health", response_model=HealthResponse, tags=["service"])
    def health() -> dict[str, Any]:
        """Liveness check; never needs an API key."""
        return ops.health()

    @app.post("/evaluate", tags=["evaluation"], responses=_ok(examples["/evaluate"], "The report"))
    def evaluate(body: EvaluateRequest) -> dict[str, Any]:
        """Evaluate samples (rag-eval's request body) and return the veracity report:
        per-metric aggregates, per-sample values with traces, gates and `passed`."""
        return endpoints.evaluate(body, settings)

    @app.post(
        "/faithfulness",
        tags=["faithfulness"],
        responses=_ok(examples["/faithfulness"]),
    )
    def faithfulness(body: FaithfulnessRequest) -> dict[str, Any]:
        """Which claims of the answer the contexts support: score = supported / claims."""
        return endpoints.faithfulness(body, settings)

    @app.post(
        "/retrieval",
        tags=["retrieval"],
        responses=_ok(examples["/retrieval"]),
    )
    def retrieval(body: RetrievalRequest) -> dict[str, Any]:
        """Retrieval metrics of one ranked list (equal to trec_eval)."""
        return endpoints.retrieval(body, settings)


def _add_numeric_routes(app: FastAPI, settings: ServiceSettings, examples: dict[str, Any]) -> None:
    @app.post("/numbers/compute", tags=["numbers"], responses=_ok(examples["/numbers/compute"]))
    def numbers_compute(body: ComputeRequest) -> dict[str, Any]:
        """Extract the numeric claims of `text`, verify them against `evidence` and
        score SFS = verified_claims / total_claims (SFS toolkit's sfs_compute)."""
        return endpoints.numbers_compute(body, settings)

    @app.post(
        "/numbers/extract",
        tags=["numbers"],
        responses=_ok(examples["/numbers/extract"]),
    )
    def numbers_extract(body: ExtractRequest) -> dict[str, Any]:
        """The numeric claims of `text` (SFS's sfs_extract_claims), as `claims`."""
        return endpoints.numbers_extract(body, settings)

    @app.post("/numbers/verify", tags=["numbers"], responses=_ok(examples["/numbers/verify"]))
    def numbers_verify(body: VerifyRequest) -> dict[str, Any]:
        """Verify given claims against the evidence and score them (sfs_verify_claims)."""
        return endpoints.numbers_verify(body, settings)

    @app.post("/numbers/check", tags=["numbers"], responses=_ok(examples["/numbers/check"]))
    def numbers_check(body: CheckNumbersRequest) -> dict[str, Any]:
        """Numbers of an answer checked against structured evidence and/or the numbers
        stated in its contexts."""
        return endpoints.check_numbers(body, settings)

    @app.get(
        "/presets",
        tags=["numbers"],
        responses=_ok(examples["/presets"]),
    )
    def presets() -> dict[str, Any]:
        """The domain presets usable as `preset`."""
        return {"presets": ops.numbers_list_presets()}

    @app.get(
        "/presets/{name}",
        tags=["numbers"],
        responses={
            **_ok(examples["/presets/{name}"]),
            404: {"model": ErrorBody, "description": "Unknown preset."},
        },
    )
    def preset(name: str) -> Any:
        """The full configuration of one preset; 404 if the name is unknown."""
        try:
            return ops.numbers_get_preset(name, settings)
        except ConfigError as exc:
            return _error(404, "not_found", str(exc), "name")


def _add_governance_routes(
    app: FastAPI, settings: ServiceSettings, examples: dict[str, Any]
) -> None:
    if governance_available("detect"):

        @app.post(
            "/governance/detect",
            tags=["governance"],
            responses=_ok(examples["/governance/detect"]),
        )
        def governance_detect(body: GovernanceDetectRequest) -> dict[str, Any]:
            """The governance mode an answer takes (trustworthy / disputed / abstain)."""
            return endpoints.governance_detect(body, settings)

    if governance_available("scoring"):

        @app.post(
            "/governance/score",
            tags=["governance"],
            responses=_ok(examples["/governance/score"]),
        )
        def governance_score(body: GovernanceScoreRequest) -> dict[str, Any]:
            """Score one answer against one governance case (fitz-gov format)."""
            return endpoints.governance_score(body, settings)

    if governance_available("baseline"):

        @app.post(
            "/governance/check",
            tags=["governance"],
            responses=_ok(examples["/governance/check"]),
        )
        def governance_check(body: GovernanceCheckRequest) -> dict[str, Any]:
            """What the built-in deterministic governor answers, and its mode."""
            return endpoints.governance_check(body, settings)
