"""`veracity eval --judge`: the LLM judge wired through the CLI, against a fake
OpenAI-compatible server on 127.0.0.1; and no network without --judge."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fake_http import serve_json
from veracity.cli.main import app

runner = CliRunner()


@pytest.fixture
def fake_judge() -> Iterator[tuple[str, list[str]]]:
    """Says "unsupported" for claims mentioning Berlin, "supported" otherwise."""
    prompts: list[str] = []

    def handle(path: str, body: dict[str, Any], headers: dict[str, str]) -> tuple[int, Any]:
        prompt = body["messages"][-1]["content"]
        prompts.append(prompt)
        claim = prompt.split("\nClaim: ")[1].split("\n")[0]
        verdict = "unsupported" if "Berlin" in claim else "supported"
        content = json.dumps(
            {"verdict": verdict, "context_index": 1, "reason": f"judge: {verdict}"}
        )
        return 200, {"choices": [{"message": {"role": "assistant", "content": content}}]}

    with serve_json(handle) as url:
        yield f"{url}/v1", prompts


def data_file(tmp_path: Path) -> Path:
    row = {
        "id": "a",
        "question": "Capital?",
        "answer": "Paris is the capital of France. Berlin is the capital of Spain.",
        "contexts": ["Paris is the capital and largest city of France."],
    }
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    return path


def test_eval_with_judge(tmp_path: Path, fake_judge: tuple[str, list[str]]) -> None:
    url, prompts = fake_judge
    result = runner.invoke(
        app,
        ["eval", str(data_file(tmp_path)), "--json", "-q", "-m", "faithfulness",
         "--judge", "openai", "--judge-model", "fake-1", "--judge-base-url", url],
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    sample = report["samples"][0]
    assert sample["metrics"]["faithfulness"] == 0.5  # 1 of 2 claims supported
    assert sample["details"]["faithfulness"]["method"] == "judge"
    assert sample["details"]["faithfulness"]["judge_failures"] == 0
    assert [c["supported"] for c in sample["details"]["faithfulness"]["claims"]] == [True, False]
    assert len(prompts) == 2  # one request per claim
    assert report["options"]["faithfulness_judge"] == f"openai:fake-1@{url}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--judge", "openai"], "the faithfulness judge needs a model"),
        (["--judge", "openai", "--judge-model", "m"], "needs a base URL"),
        (["--judge-model", "m"], "--judge-model / --judge-base-url need --judge"),
        (
            ["--judge", "bard", "--judge-model", "m", "--judge-base-url", "http://x"],
            "--judge must be",
        ),
    ],
)
def test_judge_misconfiguration_is_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["eval", str(data_file(tmp_path)), "-m", "faithfulness", *args])
    assert result.exit_code == 2
    assert message in result.stderr


def test_failed_judge_warns_and_falls_back(tmp_path: Path) -> None:
    import socket

    with socket.socket() as sock:  # a port that nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    result = runner.invoke(
        app,
        ["eval", str(data_file(tmp_path)), "--json", "-m", "faithfulness", "--judge", "openai",
         "--judge-model", "m", "--judge-base-url", f"http://127.0.0.1:{port}/v1",
         "--judge-retries", "0"],
    )  # fmt: skip
    assert result.exit_code == 0
    assert "warning: the judge failed on 1 sample(s) (on-judge-error keep)" in result.stderr
    sample = json.loads(result.stdout)["samples"][0]
    # keep: the lexical verdicts stand in (Paris claim supported, Berlin claim not)
    assert sample["metrics"]["faithfulness"] == 0.5
    assert "judge failed" in sample["details"]["faithfulness"]["claims"][0]["reason"]
    assert sample["details"]["faithfulness"]["judge_failures"] == 2  # both claims
    quiet = runner.invoke(
        app,
        ["eval", str(data_file(tmp_path)), "--json", "-q", "-m", "faithfulness", "--judge",
         "openai", "--judge-model", "m", "--judge-base-url", f"http://127.0.0.1:{port}/v1",
         "--judge-retries", "0"],
    )  # fmt: skip
    assert quiet.exit_code == 0  # --quiet hides the progress bar, not the fallback
    assert quiet.stderr.startswith("warning: the judge failed on 1 sample(s)")
