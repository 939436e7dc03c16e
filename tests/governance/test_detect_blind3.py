"""detect_mode on the third answer set, and one hand-worked test per general fix it prompted.

``data/detect_blind3.jsonl`` holds 240 answers (80 per mode) written by someone who had
not seen the detector's code. Its first run, before any change it prompted, scored
195/240 = 81.2 % (abstain 54/80 = 67.5 %, disputed 63/80 = 78.8 %, trustworthy
78/80 = 97.5 %). The detector was then fitted to its failures with general rules only
(the tests below use new wording, not the set's), reaching 240/240; the set is therefore
no longer blind, and 81.2 % is the honest estimate of accuracy on unseen wording.

The fixes: (1) sentences about the sources, the search or the question, questions and
pleasantries are neutral, and a closing "so I can't ..." decides a tie for abstain;
(2) more abstention wording (adverbs after the negation, "none of them", "nothing I
retrieved covers", "no ... basis", "not in a position to", refusing to guess, "<data>
is missing"); (3) source-claim pairs with different values and no contrast word, any
numbering, across two sentences, and wording families ("say different things", "all
over the place"); (4) "can't say which is accurate" after two values is a conflict;
(5) a pair needs a reporting verb after the first source (no citation lists, no noun
"list"); (6) "split equally between" and "what looked like a contradiction" are not
conflicts.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from veracity.governance.detect import detect_mode

DATA = Path(__file__).parent / "data"
BLIND3 = DATA / "detect_blind3.jsonl"


def _rows(path: Path) -> list[dict[str, str]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def test_set_is_balanced_and_new() -> None:
    rows = _rows(BLIND3)
    assert len(rows) == 240
    assert len({r["id"] for r in rows}) == 240
    assert Counter(r["mode"] for r in rows) == {"abstain": 80, "disputed": 80, "trustworthy": 80}
    seen = {
        r["answer"]
        for name in ("detect_labeled", "detect_blind")
        for r in _rows(DATA / f"{name}.jsonl")
    }
    assert not seen & {r["answer"] for r in rows}


def test_accuracy_after_fitting_is_at_least_97_percent() -> None:
    # reached 240/240 after the fixes; the margin leaves room for later general changes
    rows = _rows(BLIND3)
    wrong = [
        f"{r['id']}: expected {r['mode']}, got {got.mode} ({got.reason}): {r['answer']!r}"
        for r in rows
        if (got := detect_mode(r["answer"])).mode != r["mode"]
    ]
    accuracy = 1 - len(wrong) / len(rows)
    assert accuracy >= 0.97, f"accuracy {accuracy:.3f}; misclassified:\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    ("answer", "mode"),
    [
        # (1) remarks about the sources / search / question are neutral
        (
            "Good question! The files are all about the 2019 season. The 2020 fee is not given.",
            "abstain",
        ),
        ("Q: Who designed the bridge?\n\nThe passages don't say.", "abstain"),
        ("Which year? 1998, according to the founding charter.", "trustworthy"),
        (
            "The search returned two manuals, but they're about the old model; none lists the weight.",
            "abstain",
        ),
        # a tie decided by a closing consequence ...
        (
            "The leaflet covers parking and the cafe. The price isn't listed, so I can't give it.",
            "abstain",
        ),
        (
            "The castle dates from 1250. None of the files name an architect, so I can't say who.",
            "abstain",
        ),
        # ... but a partial answer without one stays trustworthy
        ("The pool is 50 m long. I can't tell you its depth.", "trustworthy"),
        ("The warranty covers parts for two years. Labour is not mentioned.", "trustworthy"),
    ],
)
def test_neutral_sentences_and_ties(answer: str, mode: str) -> None:
    assert detect_mode(answer).mode == mode


@pytest.mark.parametrize(
    "answer",
    [
        "The brochures never really mention the ferry times.",
        "The manuals don't actually specify a voltage.",
        "None of these give the opening year.",
        "I read all four reports; nobody clearly states the cost.",
        "Nothing I found covers the parking fee.",
        "There's nothing to go on about the author's birthplace.",
        "No info in the files about the deposit.",
        "The exhibits provide no factual basis for the claimed date.",
        "I'm not in a position to give the exchange rate from these pages.",
        "The sources stop in 2019. I won't speculate about 2020.",
        "I'd rather not make up a figure; the datasheets are silent.",
        "I'll have to pass on this question.",
        "The minutes were cut short, so the vote count is missing.",
        "The annual report is devoid of any reference to bonuses.",
        "The wiki pages discuss the plot, not the budget.",
        "No source that I was given addresses the refund window.",
        "I went through the log; the outage cause never gets mentioned.",
        "There's no way for me to tell the mileage from these excerpts.",
        "Neither the invoice nor the contract spells out the late fee.",
        "Every document I have is about Lyon, so your Paris question stays unanswered.",
    ],
)
def test_abstention_wording_families(answer: str) -> None:
    assert detect_mode(answer).mode == "abstain"


@pytest.mark.parametrize(
    ("answer", "mode"),
    [
        # an adjective use of "missing" / a conflict denied are not abstentions
        ("The patient is missing two teeth, per the dental record.", "trustworthy"),
        ("The treaty was signed in 1815, and no source says otherwise.", "trustworthy"),
        ("The hall opened in 1931, and no document gives a different year.", "trustworthy"),
        ("Neither the manual nor the datasheet says otherwise: it is 12 V.", "trustworthy"),
    ],
)
def test_abstention_families_stay_narrow(answer: str, mode: str) -> None:
    assert detect_mode(answer).mode == mode


@pytest.mark.parametrize(
    "answer",
    [
        # two source claims, different values, no contrast word
        "The invoice lists 14 items and the delivery note lists 12 items.",
        "The menu says the cafe closes at 18:00; the website says 20:00.",
        "The wiki puts the release in May 2019, the press release in June 2019.",
        "Document 2 dates the letter to 1788; document 5 dates it to 1791.",
        "One says the tower is 120 m tall, another 135 m.",
        "The first says the road is paved, the second says it is gravel.",
        "Some of the retrieved guides say the trail is open; others say it is closed.",
        # across two sentences: a contrast word or an ordinal subject
        "The label says 9 V. The manual, however, says 12 V.",
        "According to the first review, the hotel opened in 2004. The second gives 2007.",
        # wording families
        "The manuals say different things about the voltage.",
        "The leaflets are all over the place on opening hours.",
        "The two reports give not the same total: 40 in one, 55 in the other.",
        "The survey has 40 %, the census 55 %; I can't resolve the difference.",
        # (4) a choice between two stated values
        "Source 2 has the fee at 10 euros. Source 6 has 15 euros. I can't say which is correct.",
    ],
)
def test_conflict_pairs_and_families(answer: str) -> None:
    assert detect_mode(answer).mode == "disputed"


@pytest.mark.parametrize(
    ("answer", "mode"),
    [
        # same values, different facts, or an agreement marker: no conflict
        (
            "The manual says the pump runs at 230 V, and the datasheet says it draws 2 A.",
            "trustworthy",
        ),
        (
            "The memo says the deadline is Friday; the invite says the meeting is at 10:00.",
            "trustworthy",
        ),
        (
            "The memo says the deadline is Friday, and the calendar invite confirms Friday.",
            "trustworthy",
        ),
        (
            "Source 1 gives the population as 3,400 and source 2 confirms the same figure.",
            "trustworthy",
        ),
        ("The draft report said 4.1 %, but the final report says 3.8 %.", "trustworthy"),
        ("The report lists revenue of 2 m; the annex lists 2 m for the same year.", "trustworthy"),
        # "which" without two values is an abstention, not a conflict
        (
            "The guide skips the firewall section, so I can't say which ports are blocked.",
            "abstain",
        ),
        # (5) a citation list or a noun "list" is no pair
        ("The passages (Source 1, Source 3) concern Basel. Cologne is not covered.", "abstain"),
        ("The summary reports the dose, but the medication list is absent.", "abstain"),
        # (6) split equally / an apparent contradiction that the answer resolves
        ("Under clause 4 the cost is split equally between tenant and landlord.", "trustworthy"),
        (
            "What seemed like a discrepancy (12 vs 14 days) is explained by the addendum: 14 days.",
            "trustworthy",
        ),
        ("Opinion in the reviews is split on the ending.", "disputed"),
    ],
)
def test_pairs_stay_narrow(answer: str, mode: str) -> None:
    assert detect_mode(answer).mode == mode


@pytest.mark.parametrize(
    ("text", "mode"),
    [
        ("the report says 5, the memo says 6; " * 6_000, "disputed"),
        ("the report says the memo says the file says " * 5_000, "trustworthy"),
        ("the a b c d e f g " * 25_000, "trustworthy"),
        (", the other at 5" * 12_000, "trustworthy"),
        ("nothing i i i i i i " * 10_000, "trustworthy"),
        ("the report (x (y (z " * 12_000, "trustworthy"),
        ("i can't say which " * 12_000, "abstain"),
        ("1,2,3,4,5,6,7,8,9 " * 12_000, "trustworthy"),
        ("who? " * 40_000, "trustworthy"),
        ("neither a b c d e nor f g h i j " * 7_000, "trustworthy"),
        ("is not really really really mentioned " * 6_000, "trustworthy"),
    ],
)
def test_200_kb_adversarial_answers_return(text: str, mode: str) -> None:
    # no timing assertion: every new pattern is bounded and the heads per sentence capped
    assert len(text) >= 180_000
    assert detect_mode(text).mode == mode
