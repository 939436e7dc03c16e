"""Scoring on several processes gives exactly the single-process results, in order."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from veracity import Sample
from veracity.cli.main import app
from veracity.evaluation import iter_evaluate
from veracity.metrics import plan_metrics
from veracity.parallel import default_workers, iter_evaluate_parallel


def samples(n: int) -> list[Sample]:
    return [
        Sample(
            id=f"s{i}",
            question="q",
            answer=f"The bridge is {i} m long. It opened in {1900 + i}.",
            contexts=[f"The bridge is {i if i % 3 else i + 1} m long and opened in {1900 + i}."],
            retrieved=[f"d{i % 4}", "d1"],
            golden_documents=["d1"],
        )
        for i in range(n)
    ]


def test_parallel_equals_serial_in_order() -> None:
    plan = plan_metrics(None, [1, 2])
    data = samples(150)
    serial = [r.to_dict() for r in iter_evaluate(data, plan)]
    parallel = [r.to_dict() for r in iter_evaluate_parallel(data, plan, workers=2, chunk_size=7)]
    assert parallel == serial
    assert [r["id"] for r in parallel] == [f"s{i}" for i in range(150)]


def test_workers_zero_means_every_cpu_and_one_is_serial() -> None:
    assert default_workers() >= 1
    plan = plan_metrics(["mrr"], [5])
    assert [r.metrics for r in iter_evaluate_parallel(samples(3), plan, workers=1)] == [
        {"mrr": 0.5},  # d0, d1
        {"mrr": 1.0},  # d1, d1 (the duplicate counts once)
        {"mrr": 0.5},  # d2, d1
    ]


def test_cli_workers_same_report(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text("".join(s.model_dump_json() + "\n" for s in samples(40)), encoding="utf-8")
    runner = CliRunner()
    one = runner.invoke(app, ["eval", str(path), "--json", "-q"])
    two = runner.invoke(app, ["eval", str(path), "--json", "-q", "--workers", "2"])
    assert one.exit_code == two.exit_code == 0
    assert json.loads(one.stdout) == json.loads(two.stdout)
