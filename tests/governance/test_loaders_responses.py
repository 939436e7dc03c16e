"""GovResponse records and the append-only JSONL responses / run file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from veracity.errors import InputError
from veracity.governance.responses import GovResponse, append_response, read_responses


def test_round_trip_and_last_line_wins(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    append_response(path, GovResponse("a", "first", None, error="timeout"))
    append_response(path, GovResponse("b", "B", "abstain", latency_s=0.25, raw={"x": 1}))
    append_response(path, GovResponse("a", "second", "trustworthy"))
    assert read_responses(path) == [
        GovResponse("b", "B", "abstain", latency_s=0.25, raw={"x": 1}),
        GovResponse("a", "second", "trustworthy"),
    ]
    first_line = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert first_line == {"id": "a", "answer": "first", "mode": None, "error": "timeout"}
    replaced: list[tuple[str, int]] = []  # a caller may say which ids were answered again
    read_responses(path, replaced=replaced)
    assert replaced == [("a", 3)]
    append_response(path, GovResponse("b", "B", "abstain"))  # the same answer again
    again: list[tuple[str, int]] = []
    read_responses(path, replaced=again)
    assert again == [("a", 3)]


def test_partial_last_line_is_ignored_then_repaired_on_append(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text('{"id": "a", "answer": "x"}\n{"id": "b", "ans', encoding="utf-8")
    assert [r.id for r in read_responses(path)] == ["a"]
    append_response(path, GovResponse("c", "y", "disputed"))
    assert path.read_text(encoding="utf-8").splitlines() == [
        '{"id": "a", "answer": "x"}',
        '{"id": "c", "answer": "y", "mode": "disputed"}',
    ]


def test_integer_ids_are_accepted_as_strings() -> None:
    assert GovResponse.from_dict({"id": 7, "answer": None}).id == "7"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"answer": "x"}', "run.jsonl:2: field 'id': must be a non-empty string"),
        (
            '{"id": "x", "answer": 3}',
            "run.jsonl:2: field 'answer': must be a string or null, got int",
        ),
        ('{"id": "x", "mode": ["abstain"]}', "field 'mode': must be a string or null, got list"),
        ('{"id": "x", "latency_s": "fast"}', "field 'latency_s': must be a finite number"),
        ('{"id": "x", "latency_s": -5}', "field 'latency_s': must be a finite number of seconds"),
        ("[1, 2]", "run.jsonl:2: a response must be a JSON object"),
        ("{broken", "run.jsonl:2: invalid JSON"),
    ],
)
def test_bad_lines_name_file_line_and_field(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text('{"id": "ok", "answer": "a"}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_responses(path)
    assert message in str(info.value)
    assert info.value.line == 2


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        read_responses(tmp_path / "none.jsonl")


def test_nan_latency_is_refused() -> None:
    with pytest.raises(InputError, match="finite"):
        GovResponse.from_dict({"id": "a", "latency_s": float("nan")})
