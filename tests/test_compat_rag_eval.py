"""`veracity eval` on rag-eval-py's own sample format gives rag-eval's precision@k.

Differences, by design: a ranking with duplicates counts each item once before the
cut-off (trec_eval) where rag-eval cuts first; an empty golden list is undetermined
where rag-eval says 0.0. The generated data below avoids both.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from veracity.cli.main import app

rag_retrieval = pytest.importorskip("rag_eval.retrieval")


def test_precision_at_k_matches_rag_eval(tmp_path: Path) -> None:
    rng = random.Random(5)
    rows = []
    for i in range(300):
        docs = [f"chunk {j}" for j in range(12)]
        retrieved = rng.sample(docs, rng.randint(1, 12))
        golden = rng.sample(docs, rng.randint(1, 4))
        rows.append(
            {"id": f"r{i}", "question": "q", "answer": "a.", "context": ["c"],
             "retrieved": retrieved, "golden_documents": golden}
        )  # fmt: skip
    path = tmp_path / "rag.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    for k in (1, 3, 5, 10):
        result = CliRunner().invoke(
            app, ["eval", str(path), "--json", "-q", "--k", str(k), "-m", "precision"]
        )
        assert result.exit_code == 0, result.stderr
        ours = {
            s["id"]: s["metrics"][f"precision@{k}"] for s in json.loads(result.stdout)["samples"]
        }
        theirs = {
            r["id"]: rag_retrieval.precision_at_k(r["retrieved"], r["golden_documents"], k=k)
            for r in rows
        }
        assert ours == pytest.approx(theirs, abs=1e-12)
