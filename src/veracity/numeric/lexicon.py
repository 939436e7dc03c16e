"""Word lists used by the quantity scanner: exclusions, approximations, bounds, nouns.

Kept apart from the scanner so the lists can be read (and reviewed) as data.
"""

from __future__ import annotations

__all__ = [
    "ADJECTIVES",
    "EXCLUSIONS",
    "EXCLUSION_REASONS",
    "IDENTIFIER_WORDS",
    "MONTHS",
    "NOUN_STOPWORDS",
    "PER_HEAD",
    "YEAR_PREPOSITIONS",
]

EXCLUSIONS: tuple[str, ...] = (
    "year",
    "date",
    "time_of_day",
    "identifier",
    "ordinal",
    "list_marker",
    "phone",
    "citation",
    "relative_time",
    "period_frame",
    "set_reference",
    "rate_basis",
)
"""Names of the exclusion rules (all on by default; ``DomainConfig.exclusions``).

* ``year``: a bare 4-digit integer 1800-2100 without unit, currency, percent or
  scale (``in 2019``, ``the 2020 election``, ``2019-2021``, ``FY2023``, ``1990s``),
  unless it counts a plural noun and is not after a preposition (``2000 patients``);
  and two digits after an apostrophe (``a '69 Camaro``).
* ``date``: a number next to a month name (``March 12``, ``12 March``), digit
  groups joined by ``/`` or ``-`` chains (``12/03/2020``, ``2020-03-12``, ``24/7``),
  a bare ``12/05`` and simple fractions (``1/2``, ``3/4``). A two-number slash pair
  followed by a unit (``120/80 mmHg``) or named a ratio / split (``a 60/40 split``) is
  not a date: it is two claims.
* ``time_of_day``: ``14:30``, ``9:00 am``, ``10am``, ``3 p.m.``, ``14:30 hrs``.
* ``identifier``: codes glued to letters (``COVID-19``, ``Q3``, ``A320``, ``CO2``),
  numbers after a naming word (``ISO 9001``, ``§ 1983``, ``Section 230``, ``Scope 3``,
  ``Phase 3``, ``version 2``), version strings (``2.1.3``), ``42 U.S.C.``.
* ``ordinal``: ``1st``, ``22nd``, ``3rd``, ``4th``.
* ``list_marker``: ``1.`` / ``2)`` at the start of a line, ``(1)`` enumerations.
* ``phone``: ``555-123-4567``, ``+1 555 123 4567``, digits after ``tel``/``phone``.
* ``citation``: bracketed references ``[3]``.
* ``relative_time``: a time span that dates another number ("78% twelve months
  before", "1.49 two years earlier", "six weeks previously"): a reference to a period,
  not a measured duration.
* ``period_frame``: a time span that runs to a date ("in the six months to 30 June
  2025", "the 12 weeks ended 4 March", "the four weeks to mid-February"): the period a
  figure covers, not a claim (in an answer; in the evidence it stays a value a claim may
  restate: "revenue for the 26 weeks").
* ``set_reference``: a number word after "the", "all", "these", "its"... that refers to
  a set the text already names ("across all three kilns", "the two candidates"), not a
  count it asserts (in an answer; in the evidence it stays a value a claim may restate).
* ``rate_basis``: a measure right after "per" with no number before it ("Per 100 grams,
  the chips contain 34 g of fat", "prices per 100 kg"): the basis the next values are
  stated per, not a claim. After a number it is that number's rate ("£3 per 100 g").
"""

EXCLUSION_REASONS: dict[str, str] = {
    "year": "a year used as a date",
    "date": "part of a date, a fraction or a chain of digit groups",
    "time_of_day": "a time of day",
    "identifier": "an identifier or code (a model, section, phase, version or reference number)",
    "ordinal": "an ordinal",
    "list_marker": "a list marker",
    "phone": "a phone-like number",
    "citation": "a bracketed citation",
    "relative_time": "a time span that dates another number",
    "period_frame": "the period a figure covers (a time span that runs to a date)",
    "set_reference": "a number word for a set the text already names",
    "rate_basis": "the basis the following values are stated per",
    "bare_word": "a number word that counts nothing ('one of the best')",
}
"""Why each exclusion rule (and the parser's own ``bare_word``) sets a number aside: the
reason :func:`veracity.numeric.excluded_numbers` gives."""

IDENTIFIER_WORDS: frozenset[str] = frozenset(
    """
    iso iec ieee ansi astm din rfc cve en section sections sec secs ss art article articles
    chapter chap ch scope phase stage grade tier class type category cat version ver v
    release rule rules title form part clause clauses figure fig figs table tables page
    pages p pp item items exhibit schedule appendix annex route highway interstate
    room model series gen generation windows iphone ios android flight ward bed id
    docket bill paragraph para step option no nos number nr lot unit building suite
    apartment apt floor level day week month year round game match episode season
    volume vol issue psalm verse line lines row column col note notes footnote
    amendment protocol regulation directive act code cfr usc exercise question problem
    question lesson grade dose arm cohort visit terminal gate platform runway berth race
    heat lane hole court zone trap period block band wave house shed barn plot pier pitch
    tank bore borehole kiln furnace reactor pond cage paddock greenhouse hall pavilion wing
    sector camp site division euro weeks rounds games matches episodes phases stages
    chapters rows columns chamber chambers silo dock turbine path trail bay pen shaft
    """.split()
)
"""A number right after one of these words (case-insensitive) is an identifier."""

MONTHS: frozenset[str] = frozenset(
    """
    January February March April May June July August September October November December
    Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec
    """.split()
)

YEAR_PREPOSITIONS: frozenset[str] = frozenset(
    """
    in on at by since from until till to of during before after through between and or
    circa fy fiscal year years the mid early late end start beginning spring summer
    autumn fall winter around
    """.split()
)

ADJECTIVES: frozenset[str] = frozenset(
    """
    new more additional confirmed active total other adult eligible registered separate
    different major small large local young older elderly male female unique daily weekly
    monthly annual consecutive straight full-time part-time independent existing current
    former individual distinct reported recorded documented known suspected severe mild
    serious possible potential randomized randomised enrolled hospitalized hospitalised
    residential commercial full partial key major minor senior junior permanent temporary
    """.split()
)

NOUN_STOPWORDS: frozenset[str] = frozenset(
    """
    a an the of in on at to for by with from and or but nor as is was were are be been
    being has have had do does did than that which who whom whose this these those it its
    per each out up down over under after before since until during into onto between
    compared versus vs while when where if not no more less fewer higher lower times
    percent per cent will would could should may might can must shall also only just
    about around nearly almost roughly respectively overall total against among across
    within without through via plus minus ago later earlier then there here so yet
    whereas because although though what how why all both either neither any some
    such own same other than rose fell grew increased decreased declined dropped jumped
    climbed surged slipped looks look seems seem remained remains stands stood shows showed
    came went said reported indicates indicated suggests suggested means meant makes made
    gives gave got reached hit totaled totalled amounted compares get gets getting take
    takes took pay pays paid receive receives received together apiece instead again
    already still""".split()
)
"""A number followed by one of these words counts nothing (it is a plain number)."""


PER_HEAD = frozenset(
    """person head guest passenger participant delegate student pupil attendee adult child
    member visitor traveller traveler learner trainee""".split()
)
"""Denominators of a price per head, which a price list or a claim may leave implicit
("(ISK per person)", "€3 per person per night" for "€3 a night")."""
