"""Time `veracity eval` against `rag-eval eval` on the same generated JSONL file.

Usage (rag-eval-py installed in the same environment, as in the dev extra):

    python benchmarks/eval_vs_rag_eval.py --samples 100000

Generates realistic samples (a 2-4 sentence answer, three ~300-character contexts,
a ranked list of 10 ids and 1-3 golden ids), runs both command lines on the file
with JSON output, checks that both exit 0, and prints the wall times and the ratio.
Three veracity runs are timed: the comparable metric set (precision@5 + faithfulness,
what rag-eval computes), every metric (seven retrieval metrics, faithfulness with
per-claim evidence, numeric claims), and every metric on two processes. Peak memory
comes from GNU time when it is installed (rag-eval loads the whole file; veracity
streams it).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WORDS = (
    "the committee approved a revised budget for regional transport projects after a long review "
    "of costs and expected benefits including new rail links bus lanes and cycling routes across "
    "several districts while officials warned that delays in procurement could raise prices by "
    "about eight percent over two years and that the city must publish quarterly progress reports"
).split()


def sentence(rng: random.Random, n: int) -> str:
    words = [rng.choice(WORDS) for _ in range(n)]
    if rng.random() < 0.4:
        words.insert(rng.randrange(len(words)), f"{rng.randint(2, 950)}")
    return " ".join(words).capitalize() + "."


def make_sample(rng: random.Random, i: int) -> dict[str, object]:
    contexts = [" ".join(sentence(rng, rng.randint(12, 20)) for _ in range(3)) for _ in range(3)]
    ctx_sentences = [s for c in contexts for s in c.split(". ")]
    answer_parts = []
    for _ in range(rng.randint(2, 4)):
        if rng.random() < 0.7:
            answer_parts.append(rng.choice(ctx_sentences).rstrip(".") + ".")
        else:
            answer_parts.append(sentence(rng, rng.randint(8, 16)))
    ids = [f"doc{rng.randint(0, 500)}" for _ in range(10)]
    return {
        "id": f"s{i}",
        "question": sentence(rng, 8).rstrip(".") + "?",
        "answer": " ".join(answer_parts),
        "context": contexts,
        "retrieved": ids,
        "golden_documents": rng.sample(ids, rng.randint(1, 3)),
    }


def generate(path: Path, n: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            fh.write(json.dumps(make_sample(rng, i)) + "\n")


def timed(cmd: list[str]) -> tuple[float, float | None]:
    """Wall seconds and peak resident memory (MB, via GNU time when present)."""
    gnu_time = "/usr/bin/time" if Path("/usr/bin/time").exists() else None
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as rss:
        full = [gnu_time, "-f", "%M", "-o", rss.name, *cmd] if gnu_time else cmd
        start = time.perf_counter()
        proc = subprocess.run(full, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
        elapsed = time.perf_counter() - start
        if proc.returncode != 0:
            tail = proc.stderr.decode()[-500:]
            raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {tail}")
        lines = rss.read().strip().splitlines()
    peak = int(lines[-1]) / 1024 if gnu_time and lines and lines[-1].isdigit() else None
    return elapsed, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=100_000)
    parser.add_argument("--keep", type=Path, help="write the generated file here and keep it")
    args = parser.parse_args()
    rag_eval = shutil.which("rag-eval")
    veracity = shutil.which("veracity") or f"{sys.executable} -m veracity.cli.main"
    if rag_eval is None:
        raise SystemExit("rag-eval is not installed: pip install rag-eval-py")
    with tempfile.TemporaryDirectory() as tmp:
        path = args.keep or Path(tmp) / "samples.jsonl"
        generate(path, args.samples)
        size_mb = path.stat().st_size / 1e6
        print(f"{args.samples} samples, {size_mb:.1f} MB: {path}")
        t_rag = timed([rag_eval, "eval", str(path), "--json", "--k", "5"])
        vcmd = veracity.split()
        same = [
            *vcmd,
            "eval",
            str(path),
            "--json",
            "-q",
            "--k",
            "5",
            "-m",
            "precision,faithfulness",
            "--workers",
            "1",
        ]
        t_same = timed(same)
        t_all = timed([*vcmd, "eval", str(path), "--json", "-q", "--k", "5", "--workers", "1"])
        t_all2 = timed([*vcmd, "eval", str(path), "--json", "-q", "--k", "5", "--workers", "2"])
    print(f"{'command':<50}{'seconds':>9}{'samples/s':>11}{'peak MB':>9}{'vs rag-eval':>13}")
    for name, (t, peak) in (
        ("rag-eval eval --json (precision@5, overlap)", t_rag),
        ("veracity eval --json -m precision,faithfulness -w 1", t_same),
        ("veracity eval --json (all 9 metrics) -w 1", t_all),
        ("veracity eval --json (all 9 metrics) -w 2", t_all2),
    ):
        mem = f"{peak:>9.0f}" if peak is not None else f"{'-':>9}"
        print(f"{name:<50}{t:>9.2f}{args.samples / t:>11.0f}{mem}{t_rag[0] / t:>12.2f}x")


if __name__ == "__main__":
    main()
