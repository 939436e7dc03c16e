"""Tables aligned with blanks (text from a PDF or a terminal), read as tab tables.

Each rewrite below is written out by hand: the first blank of each gap of two or more
blanks becomes a tab, so the text keeps its length and every offset.
"""

from __future__ import annotations

import pytest

from veracity.numeric import check_numbers
from veracity.numeric.spaced_tables import spaced_tables_as_tabs

_COACH = (
    "Harbourgate Coach Station - annual operating statistics\n"
    "                      2022     2023     2024\n"
    "Scheduled departures  38,240   41,615   44,090\n"
    "Passengers (000s)     1,126    1,284    1,391\n"
    "On-time departures %  87.4     85.9     89.2\n"
    "On-time performance rose 3.3 percentage points in 2024."
)


def test_a_spaced_table_becomes_a_tab_table_of_the_same_length() -> None:
    text = "Spot length   Rate (GBP)\n30 sec        18,500\n60 sec        33,000"
    assert spaced_tables_as_tabs(text) == (
        "Spot length\t  Rate (GBP)\n30 sec\t       18,500\n60 sec\t       33,000"
    )
    # a line that opens with blanks has an empty first cell (the corner over the labels)
    out = spaced_tables_as_tabs(_COACH)
    assert len(out) == len(_COACH)
    assert out.split("\n")[1] == "\t                     2022\t    2023\t    2024"
    assert out.split("\n")[0] == _COACH.split("\n")[0]  # the title is no row
    assert out.split("\n")[-1] == _COACH.split("\n")[-1]  # nor the prose after it


@pytest.mark.parametrize(
    "text",
    [
        # two blanks after a full stop part two sentences, not two cells
        "Revenue rose 12%.  Costs fell 3%.\nMargins widened.  Cash rose 4%.",
        # one line is no table
        "Total revenue      1,240",
        # no cell holds a number: a layout, not a table of values
        "Name      Role\nAda       Engineer\nGrace     Admiral",
        # rows of different lengths only
        "Total   12\nNet   4   5   6",
        # already a table of its own kind
        "Item  | Cost\nPump  | 12",
        "",
    ],
)
def test_text_that_is_no_spaced_table_is_returned_as_it_is(text: str) -> None:
    assert spaced_tables_as_tabs(text) is text


@pytest.mark.parametrize(
    ("answer", "verified"),
    [
        # "Passengers (000s)" scales its row: 1,391 thousand, and 1.4 million is within
        # 0.65 % of it (rounded: "nearly"); 2022's 1,126 thousand is not
        ("Passenger numbers reached nearly 1.4 million in 2024.", True),
        ("Passenger numbers reached nearly 1.4 million in 2022.", False),
        # the column "2023" dates the cell
        ("There were 41,615 scheduled departures in 2023.", True),
        ("There were 41,615 scheduled departures in 2024.", False),
    ],
)
def test_a_spaced_table_is_read_by_rows_and_columns(answer: str, verified: bool) -> None:
    report = check_numbers(answer, contexts=[_COACH])
    assert [v.verified for v in report.claim_verifications] == [verified]


def test_a_number_in_the_header_line_selects_no_row() -> None:
    # "Per 100 g" heads a column: "100 g" stated with 1.1 g does not make 1.1 g a number
    # from another row than the header's (the salt row holds 1.1 g per 100 g)
    context = (
        "Nutrition\n | Per 100 g | Per 10 g serving\nFat | 38 g | 3.8 g\nSalt | 1.1 g | 0.11 g"
    )
    report = check_numbers("Each 100 g contains 1.1 g of salt.", contexts=[context])
    assert [(v.verified, v.rule) for v in report.claim_verifications] == [
        (True, "within_tolerance"),
        (True, "within_tolerance"),
    ]
