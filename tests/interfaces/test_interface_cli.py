"""``veracity serve`` / ``veracity mcp`` without their extras, and the shared settings."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from interfaces_support import VERACITY

from veracity.errors import ConfigError
from veracity.server.settings import ServiceSettings, parse_api_keys

# Runs the CLI with fastapi, uvicorn, starlette and mcp made unimportable.
BLOCKED = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"fastapi", "uvicorn", "starlette", "mcp"}:
            raise ImportError(f"No module named {name!r}")
        return None
sys.meta_path.insert(0, Block())
sys.argv = ["veracity", *sys.argv[1:]]
from veracity.cli.main import main
main()
"""


def run_blocked(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCKED, *args], capture_output=True, text=True, timeout=60
    )


def test_help_works_without_the_extras() -> None:
    proc = run_blocked("--help")
    assert proc.returncode == 0, proc.stderr
    assert "serve" in proc.stdout and "mcp" in proc.stdout


@pytest.mark.parametrize(
    ("command", "hint"), [("serve", "pip install 'veracity[server]'"), ("mcp", "veracity[mcp]")]
)
def test_missing_extra_prints_one_install_line(command: str, hint: str) -> None:
    proc = run_blocked(command)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and hint in lines[0]
    assert proc.stdout == ""


def test_parse_api_keys() -> None:
    assert parse_api_keys("") == {}
    assert parse_api_keys(" k1:alice , k2 ,, k3:") == {"k1": "alice", "k2": "default",
                                                        "k3": "default"}  # fmt: skip
    with pytest.raises(ConfigError):
        parse_api_keys(":bob")


def test_settings_from_env() -> None:
    env = {
        "VERACITY_API_KEYS": "a:x,b",
        "VERACITY_MAX_SAMPLES": "7",
        "VERACITY_CORS_ORIGINS": "https://a.example, https://b.example",
    }
    s = ServiceSettings.from_env(env, max_items=9, max_text_chars=None)
    assert s.max_samples == 7 and s.max_items == 9 and s.max_text_chars == 100_000
    assert s.auth_enabled and s.user_for("a") == "x" and s.user_for("nope") is None
    assert s.cors_origins == ("https://a.example", "https://b.example")
    assert not ServiceSettings.from_env({}).auth_enabled
    for bad in ("0", "ten", "-3"):
        with pytest.raises(ConfigError, match="VERACITY_MAX_BODY_BYTES"):
            ServiceSettings.from_env({"VERACITY_MAX_BODY_BYTES": bad})
    with pytest.raises(ConfigError):
        ServiceSettings(max_samples=0)


def test_bad_settings_env_is_a_one_line_usage_error() -> None:
    proc = subprocess.run(
        [*VERACITY, "serve"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "VERACITY_MAX_SAMPLES": "lots"},
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "error: VERACITY_MAX_SAMPLES must be a whole number, got 'lots'"
    ]
