"""Time the report renderers on a large synthetic report.

Usage: ``python benchmarks/render_reports.py [N]`` (default 100,000 samples).

Builds a report of N samples with nine metrics, two gates and per-claim details
(three faithfulness claims and one numeric verification each), then renders it as
HTML, Markdown and JUnit and prints the time and output size of each. No peer tool
produces these formats, so there is no side-by-side ratio here.
"""

from __future__ import annotations

import random
import sys
import time

from veracity.render.html import render_html
from veracity.render.junit import render_junit
from veracity.render.markdown import render_markdown
from veracity.report import Report, ReportBuilder, SampleResult, parse_gate

NAMES = [
    "precision@5",
    "recall@5",
    "hit@5",
    "mrr",
    "ndcg@5",
    "map",
    "r_precision",
    "faithfulness",
    "numeric",
]
ANSWER = (
    "The Eiffel Tower is in Paris. It cost $5 million and is 330 m tall. "
    "It was designed by Gustave Eiffel."
)
CLAIMS = (
    "The Eiffel Tower is in Paris.",
    "It cost $5 million and is 330 m tall.",
    "It was designed by Gustave Eiffel.",
)


def build(n: int) -> Report:
    rng = random.Random(0)
    builder = ReportBuilder(NAMES)
    for i in range(n):
        claims = [
            {
                "text": t,
                "start": ANSWER.index(t),
                "end": ANSWER.index(t) + len(t),
                "supported": rng.random() < 0.7,
                "score": rng.random(),
                "reason": "unsupported: 58% of its content found in the contexts; not found: m",
                "context_index": 0,
                "context_sentence": "The Eiffel Tower stands in Paris.",
                "unmatched_words": ["m"],
            }
            for t in CLAIMS
        ]
        details = {
            "faithfulness": {"score": 0.5, "claims": claims},
            "numeric": {
                "claim_verifications": [
                    {
                        "claim": {"text": "$5 million", "source_span": [38, 48]},
                        "verified": False,
                        "matched_evidence": {"key": "context[0]", "value": 4200000.0},
                        "error": 0.19,
                        "reason": "not within 5%",
                    }
                ]
            },
        }
        values: dict[str, float | None] = {m: round(rng.random(), 4) for m in NAMES}
        builder.add(
            SampleResult(f"sample-{i:06d}", values, details, "Tell me about the tower?", ANSWER)
        )
    return builder.build([parse_gate("faithfulness=0.8"), parse_gate("numeric=0.5")])


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    start = time.perf_counter()
    report = build(n)
    print(f"built a {n}-sample report in {time.perf_counter() - start:.2f} s")
    for name, fn in (("html", render_html), ("markdown", render_markdown), ("junit", render_junit)):
        start = time.perf_counter()
        out = fn(report)
        elapsed = time.perf_counter() - start
        print(f"{name:<9} {elapsed:6.2f} s  {len(out.encode()) / 1e6:6.1f} MB")


if __name__ == "__main__":
    main()
