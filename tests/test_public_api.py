"""The public API: `veracity.__all__` matches the package namespace, and every module
has a docstring and an explicit `__all__` naming only what it defines or re-exports."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import pytest

import veracity

OPTIONAL = {"veracity.mcp_server", "veracity.http", "veracity.pytest_plugin"}


def test_all_matches_public_names() -> None:
    exports = set(veracity._EXPORTS)
    assert set(veracity.__all__) == exports | {"__version__"}
    assert len(veracity.__all__) == len(set(veracity.__all__))
    for name in veracity.__all__:
        assert getattr(veracity, name) is not None, name
    assert set(dir(veracity)) >= set(veracity.__all__)
    submodules = {info.name for info in pkgutil.iter_modules(veracity.__path__)}
    assert submodules.isdisjoint(veracity.__all__)  # a submodule would shadow the name
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = veracity.nope  # type: ignore[attr-defined]


def test_import_is_lazy() -> None:
    """`import veracity` (the pytest plugin does it) loads no heavy module."""
    code = "import sys, veracity; print(sorted(m for m in ('pydantic', 'veracity.evaluation') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def iter_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(veracity.__path__, "veracity."):
        names.append(info.name)
    return sorted(names)


def test_every_module_documents_itself_and_declares_all() -> None:
    problems = []
    for name in iter_modules():
        try:
            module = importlib.import_module(name)
        except ImportError as exc:  # an optional extra that is not installed
            if name in OPTIONAL or name.startswith(("veracity.server", "veracity.mcp")):
                continue
            raise AssertionError(f"{name}: {exc}") from exc
        if not (module.__doc__ or "").strip():
            problems.append(f"{name}: no module docstring")
        exported = getattr(module, "__all__", None)
        if exported is None:
            if not name.endswith("__main__"):
                problems.append(f"{name}: no __all__")
            continue
        for item in exported:
            if not hasattr(module, item):
                problems.append(f"{name}: __all__ names missing {item!r}")
    assert problems == []


def test_core_never_imports_interface_frameworks() -> None:
    """The core stays importable without the CLI/server/MCP frameworks."""
    code = (
        "import sys, veracity, veracity.evaluation, veracity.io, veracity.retrieval, "
        "veracity.render.json, veracity.render.table\n"
        "for name in ('veracity.faithfulness', 'veracity.numeric', 'veracity.governance'):\n"
        "    try:\n        __import__(name)\n    except ImportError:\n        pass\n"
        "bad = sorted(m for m in ('typer', 'rich', 'fastapi', 'uvicorn', 'mcp', 'starlette', 'httpx') "
        "if m in sys.modules)\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_governance_package_is_lazy_and_complete() -> None:
    """`veracity.governance` re-exports every name it lists, without loading the whole
    harness when one submodule is imported."""
    import veracity.governance as gov

    assert set(gov.__all__) == set(gov._EXPORTS)
    submodules = {info.name for info in pkgutil.iter_modules(gov.__path__)}
    assert submodules.isdisjoint(gov.__all__)
    for name in gov.__all__:
        assert getattr(gov, name) is not None, name
    code = (
        "import sys, veracity.governance.detect; "
        "print(sorted(m for m in ('veracity.governance.runners', 'veracity.governance.llm_check',"
        " 'veracity.governance.loaders') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
