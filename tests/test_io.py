"""read_samples: formats, streaming, and every kind of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from veracity.errors import InputError
from veracity.io import read_samples

GOOD = {"question": "q", "answer": "a", "contexts": ["c"]}


def write_lines(path: Path, lines: list[str | bytes]) -> Path:
    data = b"".join((x if isinstance(x, bytes) else x.encode()) + b"\n" for x in lines)
    path.write_bytes(data)
    return path


def collect(path: Path) -> tuple[list[str], list[InputError]]:
    skipped: list[InputError] = []
    ids = [s.id for s in read_samples(path, skip_errors=True, on_skip=skipped.append)]
    return ids, skipped


def test_rag_eval_line_with_context_alias(tmp_path: Path) -> None:
    line = {
        "question": "What is the capital of France?",
        "answer": "Paris.",
        "context": ["Paris is the capital of France."],
        "golden_documents": ["Paris is the capital of France."],
        "retrieved": ["Paris is the capital of France."],
        "id": "sample-1",
    }
    [s] = read_samples(write_lines(tmp_path / "a.jsonl", [json.dumps(line)]))
    assert s.id == "sample-1"
    assert s.contexts == ["Paris is the capital of France."]
    assert s.relevance == {"Paris is the capital of France.": 1}


def test_generated_ids_are_stable_and_unique(tmp_path: Path) -> None:
    p = write_lines(tmp_path / "a.jsonl", [json.dumps(GOOD)] * 3)
    first = [s.id for s in read_samples(p)]
    second = [s.id for s in read_samples(p)]
    assert first == second
    assert first[1] == first[0] + "#2" and first[2] == first[0] + "#3"
    assert first[0].startswith("s-") and len(first[0]) == 14


def test_duplicate_explicit_id_is_an_error(tmp_path: Path) -> None:
    p = write_lines(tmp_path / "a.jsonl", [json.dumps({**GOOD, "id": "x"})] * 2)
    with pytest.raises(
        InputError, match=r"a.jsonl:2: field 'id': duplicate id 'x' \(first on line 1\)"
    ):
        list(read_samples(p))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            b"{bad",
            "a.jsonl:2: invalid JSON: Expecting property name enclosed in double quotes (column 2)",
        ),
        (b"[1, 2]", "a.jsonl:2: expected a JSON object, got array"),
        (b"42", "a.jsonl:2: expected a JSON object, got int"),
        (
            json.dumps({"answer": "a", "contexts": ["c"]}).encode(),
            "a.jsonl:2: field 'question': required field is missing",
        ),
        (
            json.dumps({**GOOD, "question": 3}).encode(),
            "a.jsonl:2: field 'question': must be a string, got int 3",
        ),
        (
            json.dumps({**GOOD, "contexts": []}).encode(),
            "a.jsonl:2: field 'contexts': must not be empty",
        ),
        (
            json.dumps({**GOOD, "contexts": "c"}).encode(),
            "a.jsonl:2: field 'contexts': must be an array, got string \"c\"",
        ),
        (
            json.dumps({**GOOD, "golden_documents": {"d": -1}}).encode(),
            "a.jsonl:2: field 'golden_documents': grade of 'd' must be >= 0, got -1",
        ),
        (
            json.dumps({**GOOD, "golden_documents": {"d": "high"}}).encode(),
            "a.jsonl:2: field 'golden_documents': grade of 'd' must be a whole number >= 0, "
            'got "high"',
        ),
        (
            b'{"question": "q", "answer": "a", "contexts": ["c"], "metadata": {"x": NaN}}',
            "a.jsonl:2: invalid JSON: NaN is not a JSON number (numbers must be finite)",
        ),
        (b"\xff\xfe{}", "a.jsonl:2: invalid UTF-8 byte at column 1"),
        (
            json.dumps({**GOOD, "evidence": [{"key": "d", "value": True}]}).encode(),
            "a.jsonl:2: field 'evidence[0].value': must be a number, not a boolean",
        ),
        (  # a DCG of such grades leaves the float range: every surface crashed
            json.dumps({**GOOD, "golden_documents": {"d": 10**400}}).encode(),
            "a.jsonl:2: field 'golden_documents': grade of 'd' must be at most 1,000,000",
        ),
        (  # a typo had left every retrieval metric undetermined, silently
            json.dumps({**GOOD, "retreived": ["a"]}).encode(),
            "a.jsonl:2: unknown field 'retreived': did you mean 'retrieved'?",
        ),
        (  # which of the two holds the contexts? an error, not a silent pick
            json.dumps({**GOOD, "context": ["other"]}).encode(),
            "a.jsonl:2: send only one of 'contexts' and 'context', not both",
        ),
        (  # every problem of the record is named
            json.dumps({**GOOD, "contexts": [], "evidence": [{"value": True}]}).encode(),
            "a.jsonl:2: field 'contexts': must not be empty; also field 'evidence[0].value': "
            "must be a number, not a boolean",
        ),
        (  # found when the file is read, not when the sample is scored
            json.dumps({**GOOD, "evidence": [{"value": 1e308, "unit": "USD trillions"}]}).encode(),
            "a.jsonl:2: field 'evidence[0]': value 1e+308 'USD trillions' is beyond the float "
            "range once its unit is applied",
        ),
        (
            b'{"question": "q", "answer": "a \\ud800", "contexts": ["c"]}',
            "a.jsonl:2: field 'answer': holds a lone surrogate escape (such as \\ud800), not a "
            "Unicode character",
        ),
        (
            b'{"question": "q", "answer": "a", "contexts": ["c"], "metadata": {"n": '
            + b"9" * 5000
            + b"}}",
            "a.jsonl:2: invalid JSON: an integer of more than 4,300 digits",
        ),
    ],
)
def test_bad_line_names_file_line_field(tmp_path: Path, line: bytes, message: str) -> None:
    p = write_lines(
        tmp_path / "a.jsonl", [json.dumps(GOOD), line, json.dumps({**GOOD, "answer": "b"})]
    )
    with pytest.raises(InputError) as exc:
        list(read_samples(p))
    assert str(exc.value) == str(tmp_path / message)
    ids, skipped = collect(p)
    assert len(ids) == 2  # valid work is never lost
    assert [e.line for e in skipped] == [2]


def test_bom_and_blank_lines_are_accepted(tmp_path: Path) -> None:
    p = write_lines(tmp_path / "a.jsonl", [b"\xef\xbb\xbf" + json.dumps(GOOD).encode(), b"", b"  "])
    assert len(list(read_samples(p))) == 1


@pytest.mark.parametrize("content", [b"", b"\n\n", b"\xef\xbb\xbf"])
def test_empty_file(tmp_path: Path, content: bytes) -> None:
    p = tmp_path / "e.jsonl"
    p.write_bytes(content)
    with pytest.raises(InputError, match="holds no samples"):
        list(read_samples(p, skip_errors=True))


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        list(read_samples(tmp_path / "nope.jsonl"))
    with pytest.raises(InputError, match="is a directory"):
        list(read_samples(tmp_path))


def test_json_array_streams_with_physical_lines(tmp_path: Path) -> None:
    p = tmp_path / "a.json"
    p.write_text(
        '\ufeff[\n  {"question": "q", "answer": "a", "contexts": ["c"], "id": "one"},\n'
        '  {"question": "q", "answer": "a", "contexts": []}\n]\n',
        encoding="utf-8",
    )
    skipped: list[InputError] = []
    assert [s.id for s in read_samples(p, skip_errors=True, on_skip=skipped.append)] == ["one"]
    assert skipped[0].line == 3 and skipped[0].field == "contexts"


def test_json_array_larger_than_a_chunk(tmp_path: Path) -> None:
    p = tmp_path / "big.json"
    items = [{**GOOD, "id": f"s{i}", "answer": "x" * 500} for i in range(400)]  # ~ 230 KB
    p.write_text(json.dumps(items, indent=1), encoding="utf-8")
    assert [s.id for s in read_samples(p)] == [f"s{i}" for i in range(400)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[{"question": "q", "answer": "a", "contexts": ["c"]} {"x": 1}]', "expected ',' or ']'"),
        ('[{"question": "q", "answer": "a", "contexts": ["c"]}', "unterminated array"),
        (
            '[{"question": "q", "answer": "a", "contexts": ["c"]}] trailing',
            "extra data after the array",
        ),
        ('[{"question": "q", "answer": ', "invalid JSON"),
    ],
)
def test_broken_json_array(tmp_path: Path, text: str, message: str) -> None:
    p = tmp_path / "a.json"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        list(read_samples(p))


def test_csv_with_json_list_cells(tmp_path: Path) -> None:
    p = tmp_path / "a.csv"
    p.write_text(
        "id,question,answer,contexts,retrieved,golden_documents\n"
        'r1,q,a,"[""c1"", ""c2""]","[""d1""]","[""d1""]"\n'
        'r2,q,a,"not json",,\n'
        'r3,q,a,"[""c""]",,\n',
        encoding="utf-8",
    )
    skipped: list[InputError] = []
    samples = list(read_samples(p, skip_errors=True, on_skip=skipped.append))
    assert [s.id for s in samples] == ["r1", "r3"]
    assert samples[0].contexts == ["c1", "c2"] and samples[1].retrieved is None
    assert skipped[0].line == 3 and skipped[0].field == "contexts"
    assert "cell is not valid JSON" in skipped[0].reason


def test_reading_is_lazy(tmp_path: Path) -> None:
    p = write_lines(tmp_path / "a.jsonl", [json.dumps(GOOD), b"{bad"])
    it = read_samples(p)
    assert next(it).answer == "a"  # the bad second line is not read yet
    with pytest.raises(InputError):
        next(it)


def test_csv_with_semicolons_and_bom(tmp_path: Path) -> None:
    p = tmp_path / "a.csv"
    p.write_text('\ufeffid;question;answer;contexts\nr1;q;"a; b";"[""c1""]"\n', encoding="utf-8")
    [s] = read_samples(p)
    assert (s.id, s.answer, s.contexts) == ("r1", "a; b", ["c1"])


def test_an_evidence_item_with_an_unknown_field_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "e.jsonl"
    path.write_text(
        '{"id": "a", "question": "q", "answer": "It costs $5.", "contexts": ["c"],'
        ' "evidence": [{"key": "price", "value": 5, "unit": "USD", "sorce": "db"}]}\n',
        encoding="utf-8",
    )
    with pytest.raises(InputError) as info:
        list(read_samples(path))
    assert str(info.value) == (
        f"{path}:1: field 'evidence[0]': unknown field 'sorce': did you mean 'source'? "
        "(an evidence item has the fields key, value, unit and source)"
    )


def test_compressed_input_is_named_not_read_as_bad_utf8(tmp_path: Path) -> None:
    import gzip

    path = tmp_path / "s.jsonl.gz"
    path.write_bytes(gzip.compress(b'{"answer": "x", "contexts": ["c"]}\n'))
    with pytest.raises(InputError) as info:
        list(read_samples(path))
    assert str(info.value) == (
        f"{path}: gzip-compressed data; decompress it first: gunzip -c s.jsonl.gz | veracity eval -"
    )
    zipped = tmp_path / "s.jsonl"
    zipped.write_bytes(b"PK\x03\x04" + b"\0" * 20)
    with pytest.raises(InputError, match=r"zip-compressed data; decompress it first$"):
        list(read_samples(zipped))


def test_metadata_must_be_json_values() -> None:
    """Metadata is copied into the JSON report: NaN or a date failed only when the report
    was written, after every sample was scored."""
    import datetime

    from veracity.samples import Sample

    for bad in (float("nan"), datetime.date(2025, 1, 1)):
        with pytest.raises(ValueError, match="metadata"):
            Sample(question="q", answer="a", contexts=["c"], metadata={"x": bad})
    assert Sample(question="q", answer="a", contexts=["c"], metadata={"x": [1, "b"]}).metadata
