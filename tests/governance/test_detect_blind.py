"""detect_mode generalisation: the blind set and one hand-worked test per general fix.

``data/detect_blind.jsonl`` holds 250 answers written after the original labeled set, in
three rounds, each run once through the detector before any change it prompted:

* ids ``ba/bd/bt`` (145 answers): first run 105/145 = 72.4 %;
* ids ``ha/hd/ht`` (60 answers, written after fixing round 1): first run 48/60 = 80.0 %;
* ids ``ja/jd/jt`` (45 answers, written after fixing round 2): first run 39/45 = 86.7 %.

The failures of each round were fixed only by general rules (the tests below), so the
last first-run figure (86.7 %) is the honest estimate of accuracy on unseen wording.

Label rules used for the set: a conflict statement wins (``disputed``) unless it is
negated or resolved; a partial answer that states a fact first and then says another
part is not available is ``trustworthy``; an answer whose only content is what the
sources do or do not cover is ``abstain``; hedged answers and answers that quote a
source's own uncertainty are ``trustworthy``; a past disagreement that the answer
says was resolved is ``trustworthy``.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from veracity.governance.detect import DetectedMode, detect_mode

BLIND = Path(__file__).parent / "data" / "detect_blind.jsonl"


def _rows() -> list[dict[str, str]]:
    return [json.loads(line) for line in BLIND.read_text(encoding="utf-8").splitlines() if line]


def test_blind_set_is_large_balanced_and_new() -> None:
    rows = _rows()
    assert len(rows) == 250
    assert len({r["id"] for r in rows}) == len(rows)
    assert Counter(r["mode"] for r in rows) == {"trustworthy": 84, "abstain": 83, "disputed": 83}
    labeled = Path(__file__).parent / "data" / "detect_labeled.jsonl"
    seen = {json.loads(line)["answer"] for line in labeled.read_text("utf-8").splitlines() if line}
    assert not seen & {r["answer"] for r in rows}


def test_accuracy_on_blind_set_is_at_least_95_percent() -> None:
    rows = _rows()
    wrong = []
    for r in rows:
        got = detect_mode(r["answer"])
        if got.mode != r["mode"]:
            wrong.append(
                f"{r['id']}: expected {r['mode']}, got {got.mode} ({got.reason}): {r['answer']!r}"
            )
    accuracy = 1 - len(wrong) / len(rows)
    assert accuracy >= 0.95, f"accuracy {accuracy:.3f}; misclassified:\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    ("answer", "mode"),
    [
        # markdown: headers are not sentences, a trailing sources section is dropped
        (
            "# Result\n\nThe leaflet does not mention opening times.\n\n## References\n- [1]",
            "abstain",
        ),
        ("**Answer:** the ferry leaves at 07:10.\n\n**Sources**\n- none relevant", "trustworthy"),
        (
            "### Mixed picture\n\n- [1] gives 12 km\n- [2] gives 19 km\n\nThe reports clash.",
            "disputed",
        ),
    ],
)
def test_markdown_structure(answer: str, mode: str) -> None:
    assert detect_mode(answer).mode == mode


def test_json_answers_are_read_through_their_fields() -> None:
    assert detect_mode('{"status": "abstain", "answer": "Paris"}') == DetectedMode(
        "abstain", None, "explicit mode field in a JSON answer"
    )
    assert detect_mode('{"answer": null, "note": "see docs"}') == DetectedMode(
        "abstain", None, "empty answer field"
    )
    assert detect_mode('{"answer": "The two passages contradict each other."}').mode == "disputed"
    assert detect_mode('{"answer": "It opened in 1931.", "confidence": 0.8}').mode == "trustworthy"
    # not JSON (truncated): read as text, the quoted strings removed
    assert detect_mode('{"answer": "x"').mode == "trustworthy"


@pytest.mark.parametrize(
    ("answer", "mode"),
    [
        # partial answers: fact first, gap after -> trustworthy
        ("The pool is 50 m long. Its depth is not stated in the leaflet.", "trustworthy"),
        # gap first -> abstain, even when a fact follows
        ("The leaflet does not give the depth. It says the pool is 50 m long.", "abstain"),
        # gaps outnumber facts -> abstain
        (
            "The pool opened in 1990. The depth is not stated. The fee is not given either. "
            "The hours are not mentioned.",
            "abstain",
        ),
        # talk about the question or the search is not content
        ("You asked about 2030, but the report stops in 2024; I cannot give that.", "abstain"),
        ("Checked the minutes and the memo: no mention of the vote.", "abstain"),
        ("The memo names the chair but not the treasurer; I can't say who that is.", "abstain"),
        ("I can tell you the chair is Ruth Abara; her term is not given.", "trustworthy"),
        (
            "The filing shows revenue of 8.1 million, though it doesn't disclose margins.",
            "trustworthy",
        ),
    ],
)
def test_partial_answers_and_meta_clauses(answer: str, mode: str) -> None:
    assert detect_mode(answer).mode == mode


@pytest.mark.parametrize(
    ("answer", "mode"),
    [
        # "not available" / "unknown" abstain only when about information or sources
        ("No, the tablet is not available in Peru.", "trustworthy"),
        ("That information is not available in the passages.", "abstain"),
        ("The cause of the fault is unknown, according to the investigators' data.", "abstain"),
        # new general abstention wording
        ("My search of the files came up empty.", "abstain"),
        ("The scans are too blurry to identify the signatory.", "abstain"),
        ("The winner isn't determinable from these pages.", "abstain"),
        ("I don't see anything about tariffs in the notes.", "abstain"),
        ("Not in the provided sources.", "abstain"),
        ("The brochure is unrelated to your question, so I won't attempt an answer.", "abstain"),
        ("The catalogue doesn't come up with any price.", "abstain"),
    ],
)
def test_abstention_cues(answer: str, mode: str) -> None:
    assert detect_mode(answer).mode == mode


@pytest.mark.parametrize(
    ("answer", "mode"),
    [
        # structural contrasts are conflicts ...
        ("The first survey says 40 %, and the second survey says 55 %.", "disputed"),
        ("Two of the four reports say the dam held; the others say it failed.", "disputed"),
        ("According to the label, it needs 9 V, whereas the manual says 12 V.", "disputed"),
        ("Per [1] the fee is 10 euros; [2], however, gives 15 euros.", "disputed"),
        ("The count differs by source: 300 in the log, 340 in the audit.", "disputed"),
        ("Different documents name different architects for the hall.", "disputed"),
        ("The two reviews give different survival rates.", "disputed"),
        # ... unless the same sentence says they agree
        ("The first survey says 40 %, and the second survey confirms the same.", "trustworthy"),
        ("One report came out in May and another in June; both put it at 3 km.", "trustworthy"),
        # decimals do not end the contrast window
        ("The older study says 2.4 tonnes and the newer one says 3.9 tonnes.", "disputed"),
    ],
)
def test_structural_contrasts_and_agreement(answer: str, mode: str) -> None:
    assert detect_mode(answer).mode == mode


@pytest.mark.parametrize(
    ("answer", "mode"),
    [
        # negation scope: negated conflicts do not count, negated agreement is a conflict
        ("Nobody disputes the total: every ledger gives 812.", "trustworthy"),
        ("No one contradicts the date in the files; it is 4 June.", "trustworthy"),
        ("It is not true that the sources agree: [1] says red, [2] says blue.", "disputed"),
        ("The ledgers fail to agree on the total.", "disputed"),
        # precedence: an agreement after the contrast wins over a conflict before it
        ("Some critics dispute the year, but the records all give 1904.", "trustworthy"),
        (
            "Although the reports differ in style, they agree the bridge shut in 2019.",
            "trustworthy",
        ),
        # ... but not the other way round
        ("Both reports give figures, but they disagree: 4 versus 9.", "disputed"),
        # past conflicts that were later fixed
        (
            "Initially the filings were inconsistent; the amended filing gives 7.2 million.",
            "trustworthy",
        ),
        ("Early drafts conflicted, but the adopted budget is 30 million.", "trustworthy"),
        ("Earlier accounts disagreed about the route and still do.", "disputed"),
    ],
)
def test_negation_precedence_and_resolution(answer: str, mode: str) -> None:
    assert detect_mode(answer).mode == mode


@pytest.mark.parametrize(
    ("text", "mode"),
    [
        ("The sky is blue. " * 12_000, "trustworthy"),
        ("according to [1] the value, however, [2], " * 5_000, "disputed"),
        ("earlier reports disagreed, but later " * 6_000, "trustworthy"),
        ("one report says x and another says the same " * 5_000, "trustworthy"),
        ("while " + "the sources disagree " * 10_000, "disputed"),
        ("the product is not available " * 7_000, "trustworthy"),
        ('"' * 200_000, "trustworthy"),
        ("{" * 200_000, "trustworthy"),
        ("a" * 200_000, "trustworthy"),
        ("some of the reports say x " * 8_000, "trustworthy"),
    ],
)
def test_200_kb_adversarial_answers_return(text: str, mode: str) -> None:
    # no timing assertion: these shapes were quadratic before the cue windows were bounded
    assert len(text) >= 180_000
    assert detect_mode(text).mode == mode
