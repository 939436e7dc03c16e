"""A real JSON-over-HTTP server on 127.0.0.1 for tests: the fake model, judge and
system endpoints of the LLM, judge and runner tests all use this one helper.

``handle(path, body, headers) -> (status, reply)``: ``body`` is the decoded JSON
request (``{}`` when empty), ``headers`` have lower-case names, ``reply`` is sent as
JSON (or as is when it is ``bytes``). A client that gave up (timeout tests) is ignored.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["Handle", "Log", "serve_json"]

Handle = Callable[[str, dict[str, Any], dict[str, str]], tuple[int, Any]]
Log = list[tuple[str, dict[str, Any], dict[str, str]]]


@contextmanager
def serve_json(handle: Handle, log: Log | None = None) -> Iterator[str]:
    """Serve ``handle`` until the block ends; yields the base URL. Every request is
    appended to ``log`` (path, body, headers) when one is given."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            headers = {k.lower(): v for k, v in self.headers.items()}
            if log is not None:
                log.append((self.path, body, headers))
            status, reply = handle(self.path, body, headers)
            data = reply if isinstance(reply, bytes) else json.dumps(reply).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except OSError:
                pass  # the client gave up (timeout tests)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
