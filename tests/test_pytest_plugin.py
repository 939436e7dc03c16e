"""The pytest plugin, run inside pytest with ``pytester``."""

from __future__ import annotations

import json

import pytest

from veracity import assertions

pytest_plugins = ["pytester"]

TESTS = """
from veracity.assertions import assert_faithful, assert_retrieval

def test_retrieval_ok():
    assert_retrieval(["d1", "d2"], ["d1"], metric="recall@1")
    assert_retrieval(["d1", "d2"], ["d2"], metric="recall@1", min_value=0.0)

def test_retrieval_bad():
    assert_retrieval(["d1", "d2", "d3"], ["d3"], metric="mrr", min_value=0.5)

def test_fixture(veracity):
    veracity.assert_faithful("Paris is in France.", ["Paris is in France."])

def test_plain():
    assert 1 + 1 == 2
"""


def test_failure_message_lists_missing_items(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(TESTS)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*AssertionError: mrr = 0.3333 < min_value 0.5000: relevant item(s) found at rank: "
            "'d3' at 3; top 3 retrieved: 'd1', 'd2', 'd3'",
        ]
    )


def test_report_option_writes_the_session_scores(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_rag=TESTS)
    result = pytester.runpytest("-p", "no:cacheprovider", "--veracity-report", "out/scores.json")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(["veracity: wrote 4 scored test(s) to out/scores.json"])
    report = json.loads((pytester.path / "out" / "scores.json").read_text(encoding="utf-8"))
    samples = {s["id"]: s["metrics"] for s in report["samples"]}
    assert samples == {
        "test_rag.py::test_retrieval_ok": {"recall@1": 1.0},
        "test_rag.py::test_retrieval_ok[2]": {"recall@1": 0.0},
        "test_rag.py::test_retrieval_bad": {"mrr": 1 / 3},
        "test_rag.py::test_fixture": {"faithfulness": 1.0},
    }
    assert report["n_samples"] == 4
    assert report["metrics"]["recall@1"] == {
        "mean": 0.5, "median": 0.5, "n_scored": 2, "n_undetermined": 0,
    }  # fmt: skip
    assert report["metrics"]["mrr"]["n_scored"] == 1
    fixture_sample = next(s for s in report["samples"] if s["id"].endswith("test_fixture"))
    assert fixture_sample["answer"] == "Paris is in France."
    assert fixture_sample["metadata"] == {"test": "test_rag.py::test_fixture"}


def test_report_format_follows_the_extension(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_rag=TESTS)
    pytester.runpytest("-p", "no:cacheprovider", "--veracity-report", "scores.md")
    text = (pytester.path / "scores.md").read_text(encoding="utf-8")
    assert text.startswith("## veracity report\n\n4 samples scored.")
    pytester.runpytest("-p", "no:cacheprovider", "--veracity-report", "scores.xml")
    assert (pytester.path / "scores.xml").read_text(encoding="utf-8").startswith("<?xml")


def test_without_the_option_nothing_is_recorded(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(TESTS)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, failed=1)
    assert "veracity: wrote" not in result.stdout.str()
    assert sorted(p.name for p in pytester.path.iterdir() if p.is_file()) == [
        "test_without_the_option_nothing_is_recorded.py"
    ]
    assert assertions._recorder is None


def test_option_is_documented_in_help(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--help")
    result.stdout.fnmatch_lines(["*--veracity-report=PATH*"])


def test_unwritable_report_path_is_reported_not_a_crash(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_rag=TESTS)
    (pytester.path / "blocker").write_text("a file, not a folder", encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider", "--veracity-report", "blocker/x.json")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(["veracity: could not write the report: *blocker*"])


class FakeManager:
    def __init__(self) -> None:
        self.plugins: dict[str, object] = {}

    def register(self, plugin: object, name: str) -> None:
        self.plugins[name] = plugin

    def get_plugin(self, name: str) -> object | None:
        return self.plugins.get(name)

    def unregister(self, plugin: object) -> None:
        self.plugins = {k: v for k, v in self.plugins.items() if v is not plugin}


class FakeConfig:
    """What pytest_configure reads from a pytest-xdist worker or controller config."""

    def __init__(self, worker: str | None, dist: str) -> None:
        self.pluginmanager = FakeManager()
        self.option = type("Option", (), {"dist": dist})()
        if worker is not None:
            self.workerinput = {"workerid": worker}

    def getoption(self, name: str, default: object = None) -> object:
        return "out/scores.json" if name == "veracity_report" else default


@pytest.mark.parametrize(
    ("worker", "dist", "expected"),
    [("gw1", "load", "out/scores.json.gw1"), (None, "load", None), (None, "no", "out/scores.json")],
)
def test_xdist_workers_write_one_file_each(
    worker: str | None, dist: str, expected: str | None
) -> None:
    from pathlib import Path

    from veracity.pytest_plugin import SessionRecorder, pytest_configure, pytest_unconfigure

    config = FakeConfig(worker, dist)
    pytest_configure(config)  # type: ignore[arg-type]
    recorder = config.pluginmanager.get_plugin("veracity-recorder")
    try:
        if expected is None:
            assert recorder is None and assertions._recorder is None
        else:
            assert isinstance(recorder, SessionRecorder) and recorder.path == Path(expected)
            assert assertions._recorder is not None
    finally:
        pytest_unconfigure(config)  # type: ignore[arg-type]
    assert assertions._recorder is None
