"""A dependency-free ASGI guard shared by the HTTP service and the MCP HTTP transport:
API-key check and request-body size limit, answered with the typed error body
``{"error", "message", "field"}``.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from veracity.server.settings import ServiceSettings

__all__ = ["ASGIApp", "RequestGuard", "send_error"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

OPEN_PATHS = frozenset({"/health"})


async def send_error(send: Send, status: int, code: str, message: str) -> None:
    """Send a complete JSON error response ``{"error", "message", "field": null}``."""
    body = json.dumps({"error": code, "message": message, "field": None}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if status == 401:
        headers.append((b"www-authenticate", b'Bearer realm="veracity"'))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class RequestGuard:
    """ASGI middleware in front of an app.

    * API keys (when ``settings.api_keys`` is non-empty): every request but ``GET
      /health`` (and CORS pre-flight ``OPTIONS``) needs ``Authorization: Bearer KEY``
      (or ``X-API-Key: KEY`` when ``allow_x_api_key``), else 401. Keys are compared in
      constant time.
    * Body size (when ``limit_body``): a body over ``settings.max_body_bytes`` bytes,
      by its Content-Length or counted while streaming, gets 413 before the app runs.
    * Body rewrite (``rewrite_body``): a body of at most ``max_body_bytes`` is passed
      through the function before the app reads it (the MCP transport cuts a too deeply
      nested argument out, so the tool can answer with an error); a longer one reaches
      the app unchanged, for it to refuse.
    """

    def __init__(
        self,
        app: ASGIApp,
        settings: ServiceSettings,
        *,
        limit_body: bool = True,
        allow_x_api_key: bool = True,
        rewrite_body: Callable[[bytes], bytes] | None = None,
    ) -> None:
        self.app = app
        self.limit = settings.max_body_bytes
        self.limit_body = limit_body
        self.allow_x_api_key = allow_x_api_key
        self.keys = [k.encode() for k in settings.api_keys]
        self.rewrite_body = rewrite_body

    def _authorized(self, scope: Scope) -> bool:
        if not self.keys or scope.get("path") in OPEN_PATHS or scope.get("method") == "OPTIONS":
            return True
        token = b""
        for name, value in scope.get("headers", []):
            if name == b"x-api-key" and self.allow_x_api_key:
                token = value.strip()
            elif name == b"authorization":
                scheme, _, rest = value.partition(b" ")
                if scheme.lower() == b"bearer":
                    token = rest.strip()
            if token:
                break
        return bool(token) and any(hmac.compare_digest(token, k) for k in self.keys)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not self._authorized(scope):
            await send_error(send, 401, "unauthorized", "missing or invalid API key")
            return
        if not self.limit_body:
            if self.rewrite_body is not None and scope.get("method") == "POST":
                await self._rewritten(scope, receive, send, self.rewrite_body)
                return
            await self.app(scope, receive, send)
            return
        too_large = f"request body over the limit of {self.limit} bytes"
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await send_error(send, 400, "bad_request", "invalid Content-Length header")
                    return
                if declared > self.limit:
                    await send_error(send, 413, "payload_too_large", too_large)
                    return
        body, _ = await self._read(receive)
        if len(body) > self.limit:
            await send_error(send, 413, "payload_too_large", too_large)
            return
        await self.app(scope, _replay(body, False, receive), send)  # the whole body, read

    async def _rewritten(
        self, scope: Scope, receive: Receive, send: Send, rewrite: Callable[[bytes], bytes]
    ) -> None:
        body, more = await self._read(receive)
        if not more and len(body) <= self.limit:
            new = rewrite(body)
            if new != body:
                body = new
                headers = [(n, v) for n, v in scope.get("headers", []) if n != b"content-length"]
                headers.append((b"content-length", str(len(body)).encode()))
                scope = {**scope, "headers": headers}
        await self.app(scope, _replay(body, more, receive), send)

    async def _read(self, receive: Receive) -> tuple[bytes, bool]:
        """The request body up to its end, or up to the first chunk that takes it past
        the limit: ``(body read so far, more_body)``."""
        chunks: list[bytes] = []
        size = 0
        more = True
        while more and size <= self.limit:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            chunks.append(chunk)
            more = bool(message.get("more_body", False))
        return b"".join(chunks), more


def _replay(body: bytes, more: bool, receive: Receive) -> Receive:
    """A ``receive`` that first hands the app ``body`` (read already), then the rest."""
    replayed = False

    async def replay() -> Message:
        nonlocal replayed
        if not replayed:
            replayed = True
            return {"type": "http.request", "body": body, "more_body": more}
        return await receive()

    return replay
