"""pytest plugin (entry point ``pytest11: veracity``): RAG assertions and a session report.

* The helpers of :mod:`veracity.assertions` (``assert_faithful``,
  ``assert_numbers_supported``, ``assert_retrieval``) work in any test; the
  ``veracity`` fixture hands them out as attributes.
* ``--veracity-report PATH`` records every helper call of the session (one sample per
  test, named by its node id; a metric checked twice in one test adds ``[2]``, ``[3]``)
  and writes them as a report when the session ends: JSON by default, HTML for
  ``.html``, Markdown for ``.md``, JUnit XML for ``.xml``. Aggregates count only the
  values recorded (a test that checked faithfulness only adds nothing to recall).
  Under pytest-xdist each worker writes ``PATH.<worker id>`` (the controller writes
  nothing).

Costs nothing when unused: this module imports neither pytest nor the scorers at import
time; the report machinery is registered only when the option is given.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    import pytest

    from veracity.report import Report

__all__ = [
    "SessionRecorder",
    "pytest_addoption",
    "pytest_configure",
    "pytest_unconfigure",
]

_FORMATS = {".html": "html", ".htm": "html", ".md": "markdown", ".xml": "junit"}


class SessionRecorder:
    """Collects the assertion calls of a session; a pytest plugin object."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.current = "<session>"
        self.samples: dict[str, dict[str, Any]] = {}
        self.order: list[str] = []
        self.metric_names: list[str] = []
        self.previous: Any = None
        self.error = ""

    def record(
        self, metric: str, value: float | None, details: dict[str, Any], answer: str | None
    ) -> None:
        base, n = self.current, 1
        sid = base
        while sid in self.samples and metric in self.samples[sid]["metrics"]:
            n += 1
            sid = f"{base}[{n}]"
        if sid not in self.samples:
            self.samples[sid] = {"metrics": {}, "details": {}, "answer": None, "test": base}
            self.order.append(sid)
        entry = self.samples[sid]
        entry["metrics"][metric] = value
        entry["details"][metric] = details
        if answer is not None and entry["answer"] is None:
            entry["answer"] = answer
        if metric not in self.metric_names:
            self.metric_names.append(metric)

    def build(self) -> Report:
        """The recorded calls as a :class:`~veracity.report.Report`."""
        from veracity.report import MetricSummary, Report, SampleResult

        samples = [
            SampleResult(
                id=sid,
                metrics=self.samples[sid]["metrics"],
                details=self.samples[sid]["details"],
                answer=self.samples[sid]["answer"],
                metadata={"test": self.samples[sid]["test"]},
            )
            for sid in self.order
        ]
        summaries = {}
        for name in self.metric_names:
            recorded = [s.metrics[name] for s in samples if name in s.metrics]
            values = [v for v in recorded if v is not None]
            summaries[name] = MetricSummary.of(values, len(recorded) - len(values))
        return Report(
            metric_names=list(self.metric_names),
            metrics=summaries,
            n_samples=len(samples),
            samples=samples,
            options={"source": "pytest session", "metrics": list(self.metric_names)},
        )

    def write(self) -> None:
        from veracity.render import render

        fmt = _FORMATS.get(self.path.suffix.lower(), "json")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = render(self.build(), fmt)
        self.path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")

    # pytest hooks (called on this object once registered)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        self.current = item.nodeid

    def pytest_runtest_teardown(self, item: pytest.Item) -> None:
        self.current = "<session>"

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        try:
            self.write()
        except OSError as exc:
            self.error = f"{exc.filename or self.path}: {exc.strerror or exc}"

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.error:
            terminalreporter.write_line(f"veracity: could not write the report: {self.error}")
        else:
            terminalreporter.write_line(
                f"veracity: wrote {len(self.order)} scored test(s) to {self.path}"
            )


def _fixture_plugin() -> object:
    import pytest

    class _Fixtures:
        @pytest.fixture
        def veracity(self) -> Any:
            """The assertion helpers: ``veracity.assert_faithful(...)`` etc."""
            from veracity import assertions

            return assertions

    return _Fixtures()


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--veracity-report PATH``."""
    group = parser.getgroup("veracity", "veracity RAG evaluation")
    group.addoption(
        "--veracity-report",
        dest="veracity_report",
        metavar="PATH",
        default=None,
        help=(
            "Write the scores of every veracity assertion of the session to PATH "
            "(JSON; HTML for .html, Markdown for .md, JUnit XML for .xml)."
        ),
    )


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``veracity`` fixture and, with ``--veracity-report``, the recorder."""
    config.pluginmanager.register(_fixture_plugin(), "veracity-fixtures")
    target = config.getoption("veracity_report", None)
    if not target:
        return
    from veracity.assertions import set_recorder

    path = Path(target)
    worker = getattr(config, "workerinput", None)
    if isinstance(worker, dict) and worker.get("workerid"):
        path = path.with_name(f"{path.name}.{worker['workerid']}")
    elif getattr(config.option, "dist", "no") != "no":
        return  # pytest-xdist controller: the workers run the tests and write the files
    recorder = SessionRecorder(path)
    recorder.previous = set_recorder(recorder.record)
    config.pluginmanager.register(recorder, "veracity-recorder")


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the recorder installed by :func:`pytest_configure`."""
    recorder = config.pluginmanager.get_plugin("veracity-recorder")
    if isinstance(recorder, SessionRecorder):
        from veracity.assertions import set_recorder

        set_recorder(recorder.previous)
        config.pluginmanager.unregister(recorder)
