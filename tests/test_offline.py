"""Offline by default: evaluating, the numeric checks and the governance demo open no
network connection (every socket connect fails in the child process that runs them)."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import socket, sys

def refuse(*args, **kwargs):
    raise SystemExit("network access attempted: " + repr(args))

socket.socket.connect = refuse
socket.socket.connect_ex = refuse
socket.create_connection = refuse
socket.getaddrinfo = refuse

from veracity.cli.main import app
for argv in (["demo", "--json", "-q"], ["gov", "demo", "--no-ci"],
             ["numbers", "verify", "It costs $5 million.", "--context", "The price is $5m."]):
    try:
        app(argv)
    except SystemExit as exc:
        if exc.code not in (0, 1, None):
            raise
print("offline ok", file=sys.stderr)
"""


def test_default_paths_never_touch_the_network() -> None:
    proc = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "offline ok" in proc.stderr
    assert "network access attempted" not in proc.stderr
