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


def _as_id_and_mrr(result: object) -> tuple[str, float | None]:
    from veracity.report import SampleResult

    assert isinstance(result, SampleResult)
    return result.id, result.metrics["mrr"]


def test_mapped_applies_the_function_where_each_sample_is_scored() -> None:
    from veracity.parallel import iter_evaluate_mapped

    plan = plan_metrics(["mrr"], [1])
    data = samples(100)
    serial = [_as_id_and_mrr(r) for r in iter_evaluate(data, plan)]
    for workers in (1, 2):
        got = list(iter_evaluate_mapped(data, plan, None, _as_id_and_mrr, workers=workers))
        assert got == serial
    # d1 is relevant: at rank 1 when i % 4 == 1 (retrieved [d1, d1]), else at rank 2
    assert serial[:3] == [("s0", 0.5), ("s1", 1.0), ("s2", 0.5)]
