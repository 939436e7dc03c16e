"""Serving veracity: the HTTP service (``veracity serve``) and the MCP server
(``veracity mcp``) share the settings in :mod:`veracity.server.settings` and the
operations in :mod:`veracity.server.ops`.

Importing this package needs no extra; :mod:`veracity.server.http` needs FastAPI
(``pip install 'veracity[server]'``) and :mod:`veracity.mcp_server` needs the ``mcp``
SDK (``pip install 'veracity[mcp]'``).
"""

from __future__ import annotations

from veracity.server.settings import ServiceSettings, parse_api_keys

__all__ = ["ServiceSettings", "parse_api_keys"]
