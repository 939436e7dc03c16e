"""Regression snapshot of veracity.numeric: every result, written once and compared after.

Speed work must not change any result. This script runs ``check_numbers``,
``extract_claims`` and ``evidence_from_contexts`` on a fixed corpus -- the speed
benchmark's answer, the labeled test cases (tests/numeric/data), the accuracy sets
(benchmarks/data), generated ``veracity eval`` samples, slices of the 1 MB speed
inputs and seeded random number-heavy texts -- under every preset, and stores the
full ``to_dict()`` output as JSON. ``--check`` recomputes it and reports every case
that differs (exit 1 when any does).

Run: ``python benchmarks/numeric_snapshot.py --write /tmp/numeric_snapshot.json`` before a
change, then ``python benchmarks/numeric_snapshot.py --check /tmp/numeric_snapshot.json``
(``--explain`` lists every differing case with its differing fields; cases missing from
an older snapshot are counted as new, not compared).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from veracity.errors import VeracityError
from veracity.numeric import (
    check_numbers,
    evidence_from_contexts,
    extract_claims,
    list_presets,
    load_config,
)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

TOKENS = (
    "$ € £ ¥ US$ A$ USD EUR 1 2 3 12 0 -3.2 +4 1,500 1.2 12.5 850,000 3k 5k $850k 1.5M 2bn 3 "
    "tn twelve fifteen hundred a dozen three times thousand million billion % percent per cent "
    "pp percentage points bps km m mg g kg lb ml L hours minutes s years °C °F mph km/h m² "
    "patients people cases staff COVID-19 ISO 9001 § 1983 Scope Q3 v2.1.3 2019 2020 2021 "
    "14:30 hrs 3/4/2021 ( ) (1,234) - – to and between from about roughly ~ nearly more than "
    "up to at least fell rose down up increased by revenue in thousands (in millions) . , ; : "
    "\n \n\n The It was is of the a x × fold ratio level mg/dL mmol/L ppm kWh MW 1990s "
    "+1 (555) 123-4567 phone 3-5 3 to 5 ½ 1_000 12 500 12.000,50 1.234.567"
).split(" ")


def _reports(answer: str, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for preset in list_presets():
        try:
            out[preset] = check_numbers(answer, config=preset, **kw).to_dict()
        except VeracityError as exc:  # part of the contract: keep the error text
            out[preset] = f"{type(exc).__name__}: {exc}"
    return out


def _extract(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for preset in list_presets():
        out[preset] = [c.to_dict() for c in extract_claims(text, preset)]
    out["evidence"] = [e.to_dict() for e in evidence_from_contexts([text])]
    return out


def _jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text("utf-8").splitlines() if x.strip()]


def cases() -> Iterator[tuple[str, Any]]:
    """(case id, result) for every case of the corpus, in a fixed order."""
    from numeric_speed import ANSWER, EVIDENCE

    yield "speed/answer", _reports(ANSWER, evidence=EVIDENCE)
    yield "speed/answer+ctx", _reports(ANSWER, evidence=EVIDENCE, contexts=[ANSWER])
    yield "speed/extract", _extract(ANSWER)

    for case in _jsonl(ROOT / "tests/numeric/data/verify_cases.jsonl"):
        kw = {"contexts": case.get("contexts", []), "evidence": case.get("evidence")}
        own = load_config(case["config"]) if "config" in case else case.get("preset")
        result = _reports(case["answer"], **kw)
        result["own"] = check_numbers(case["answer"], config=own, **kw).to_dict()
        yield f"verify/{case['id']}", result
        yield f"verify/{case['id']}/extract", _extract(case["answer"])
    for case in _jsonl(ROOT / "tests/numeric/data/extract_cases.jsonl"):
        yield f"extract/{case['id']}", _extract(case["text"])

    for name in ("", "_holdout", "_validation", "_blind", "_blind2"):
        for i, case in enumerate(_jsonl(ROOT / f"benchmarks/data/numeric_accuracy{name}.jsonl")):
            yield f"accuracy{name}/{i}", _reports(case["answer"], contexts=[case["context"]])
            yield f"accuracy{name}/{i}/extract", _extract(case["context"])

    from eval_vs_rag_eval import make_sample

    rng = random.Random(7)
    for i in range(300):
        s = make_sample(rng, i)
        ctx = s["context"]
        assert isinstance(ctx, list) and isinstance(s["answer"], str)
        yield f"eval/{i}", check_numbers(s["answer"], contexts=ctx).to_dict()

    rng = random.Random(0)
    numbers = " ".join(f"{rng.randint(1, 99999):,}.{rng.randint(0, 99)}" for _ in range(2000))
    prose = " ".join(
        rng.choice(
            [
                f"Revenue rose {rng.randint(1, 40)}% to ${rng.randint(1, 999)}.{rng.randint(1, 9)} million.",
                f"The site is {rng.randint(1, 90)} km away and has {rng.randint(2, 900)} staff.",
                f"In {rng.randint(1990, 2024)}, about {rng.randint(2, 99)},000 people attended.",
            ]
        )
        for _ in range(400)
    )
    for name, text in {
        "digits": "7" * 5000,
        "numbers": numbers,
        "number prose": prose,
        "dense": "12 km " * 2000,
    }.items():
        yield f"big/{name}", [c.to_dict() for c in extract_claims(text)]
    yield "big/prose-vs-prose", check_numbers(prose[:20000], contexts=[prose]).to_dict()

    rng = random.Random(42)
    for i in range(1500):
        n = rng.randint(1, 40)
        parts = [rng.choice(TOKENS) for _ in range(n)]
        seps = [rng.choice(["", " ", " ", " ", "\n"]) for _ in range(n)]
        text = "".join(p + s for p, s in zip(parts, seps, strict=True))
        ctx_parts = [rng.choice(TOKENS) for _ in range(rng.randint(1, 40))]
        ctx = " ".join(ctx_parts)
        res: dict[str, Any] = {"claims": [c.to_dict() for c in extract_claims(text)]}
        res["ctx"] = check_numbers(text, contexts=[ctx, text]).to_dict()
        if i % 5 == 0:
            res["presets"] = _reports(text, contexts=[ctx])
        yield f"random/{i}", res


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path, help="store the snapshot here")
    group.add_argument("--check", type=Path, help="compare with the snapshot stored here")
    parser.add_argument(
        "--explain", action="store_true", help="with --check: every differing case and leaf"
    )
    args = parser.parse_args()
    got = {k: json.loads(json.dumps(v, allow_nan=False)) for k, v in cases()}
    if args.write:
        args.write.write_text(json.dumps(got, ensure_ascii=False, sort_keys=True), "utf-8")
        print(f"wrote {len(got)} cases to {args.write}")
        return
    want = json.loads(args.check.read_text("utf-8"))
    new = sorted(set(got) - set(want))
    bad = [k for k in sorted(want) if want.get(k) != got.get(k)]
    for k in bad[: None if args.explain else 20]:
        print(f"DIFFERS: {k}")
        if args.explain:
            for path, old_v, new_v in _leaf_diffs(want.get(k), got.get(k))[:6]:
                print(f"    {path}: {_short(old_v)} -> {_short(new_v)}")
    if new:
        print(f"{len(new)} new cases not in the snapshot (e.g. {new[0]}): not compared")
    print(f"{len(got)} cases, {len(bad)} differ")
    raise SystemExit(1 if bad else 0)


def _leaf_diffs(a: Any, b: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """(path, old, new) of every leaf that differs between two JSON values."""
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[tuple[str, Any, Any]] = []
        for k in sorted(set(a) | set(b)):
            out += _leaf_diffs(a.get(k), b.get(k), f"{path}.{k}")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [
            d
            for i, (x, y) in enumerate(zip(a, b, strict=True))
            for d in _leaf_diffs(x, y, f"{path}[{i}]")
        ]
    return [] if a == b else [(path, a, b)]


def _short(v: Any) -> str:
    text = json.dumps(v, ensure_ascii=False)
    return text if len(text) <= 110 else text[:107] + "..."


if __name__ == "__main__":
    main()
