"""Accuracy of numeric-claim checking: veracity.numeric vs sfs_toolkit, same data.

Data: ``benchmarks/data/numeric_accuracy.jsonl`` -- real-style number-bearing
sentences (finance, news, climate, health, property) written by hand, each with an
answer that restates it faithfully (different surface form, same value) or edits
it unfaithfully (shifted value, wrong scale, wrong unit, transposed digits, a
number from another row or year).

An answer is predicted *faithful* when every numeric claim in it is verified
(score 1.0; no claims counts as faithful). sfs_toolkit gets the same evidence: its
own extractor's claims on the context become its evidence pool (it has no way to
read evidence from text). Balanced accuracy = (TPR + TNR) / 2, with "unfaithful"
as the positive class.

Two hundred and seventy-five files: a development set (rules tuned on it), a hold-out set written after
that tuning, a validation set written after that, a blind set written next in other
domains and phrasings (sports, nutrition labels, logistics, energy bills, clinical
trials, weather, court judgments, earnings calls, real estate, tech specs; text
tables and distractor numbers) before the checker was run on it, and a second blind
set written after the fixes it prompted, and two hundred and seventy more blind sets by writers who had not
read the checker (see ``SETS`` for each set's first-run score). Each is reported separately -- with its own
edit-kind breakdown -- and together.

``--check-dates`` runs veracity with ``check_dates`` on (dates stated to the day become
claims; off by default): the share of ``year`` edits caught rises, as many of them move a
date ("due by 11 June 2024" for 11 June 2025).

Run: ``python benchmarks/numeric_accuracy.py [--preset general] [--check-dates] [--data FILE]
[--show-errors]``
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from veracity.numeric import DomainConfig, check_numbers
from veracity.numeric.presets import resolve_config

DATA_DIR = Path(__file__).parent / "data"
DATA = DATA_DIR / "numeric_accuracy.jsonl"
SETS = [
    DATA,  # development set: the rules were tuned on it
    DATA_DIR / "numeric_accuracy_holdout.jsonl",  # written after tuning; 2 bugs fixed since
    DATA_DIR / "numeric_accuracy_validation.jsonl",  # first run 0.871; 1 round of fixes since
    # written blind, then run once: veracity 0.853, sfs_toolkit 0.492 on the first run;
    # 1 round of general fixes since (table row/column labels, transposed digits, units)
    DATA_DIR / "numeric_accuracy_blind.jsonl",
    # written blind after those fixes (multi-number answers, tables, new domains), run
    # once: veracity 0.962 (the code before the fixes: 0.885), sfs_toolkit 0.533; then
    # one more general fix (period codes "Q3" as table row labels)
    DATA_DIR / "numeric_accuracy_blind2.jsonl",
    # written blind by a helper who had not read the checker (24 new domains: car specs,
    # telecom plans, medication labels, air-quality tables, ...), run once: veracity
    # 0.862, sfs_toolkit 0.484; then general fixes (rate denominators "per day" /
    # "per 100 km", multiplier words "twice" / "double the", "by X to Y" is not a
    # range, "just over" is a bound)
    DATA_DIR / "numeric_accuracy_blind3.jsonl",
    # written blind after those fixes, by another helper who had not read the checker
    # (24 more domains, LLM-style answers), run once: veracity 0.828, sfs_toolkit 0.486;
    # then general fixes ("($ millions)" headers, "per megawatt-hour", "Wh kg-1")
    DATA_DIR / "numeric_accuracy_blind4.jsonl",
    # written blind after those fixes by a third helper (24 more domains, 7 text tables),
    # run once: veracity 0.735, sfs_toolkit 0.458; then general fixes (a declared unit
    # of the claim's dimension with its scale and denominator, converted; a sign glued
    # to a number after a space is not a range)
    DATA_DIR / "numeric_accuracy_blind5.jsonl",
    # written blind after those fixes by a fourth helper (24 more domains, 9 contexts
    # with distractors), run once: veracity 0.767, sfs_toolkit 0.444; then general fixes
    # (money and percent units declared by table labels, "rose X to Y" is a change and a
    # level, "half a million", cubic kilometres, swapped digits despite "about")
    DATA_DIR / "numeric_accuracy_blind6.jsonl",
    # written blind after those fixes by a fifth helper (24 more domains), run once:
    # veracity 0.759, sfs_toolkit 0.499; then general fixes (elapsed times "2:08:15",
    # weekday names as periods, a direction shared by numbers joined by "and")
    DATA_DIR / "numeric_accuracy_blind7.jsonl",
    # written blind by a sixth helper (25 domains: public services, health, science),
    # run once after this session's first fixes (multipliers as the ratio of two claims,
    # month abbreviations, years kept only where stated, "about" held to its digits):
    # veracity 0.847, sfs_toolkit 0.503; then general fixes (fiscal years "2025-26",
    # a claim's year against its match's year, column header units and scales)
    DATA_DIR / "numeric_accuracy_blind8.jsonl",
    # three more blind sets by helpers who had not read the checker, each run once when
    # it arrived: set 9 (business, consumer products, agriculture, sport) 0.820 after
    # the fixes for set 8; set 10 (media, technology, energy, construction, travel) 0.757;
    # sets 11 and 12 (chatty assistant answers; contexts with two tables) 0.823 and 0.880
    # after the fixes for 9 and 10; then general fixes (pressure and data-rate units,
    # dimension chains, "(h:min)" durations, "7½", scores "8.7/10", column and title
    # scales, date headers, possessive and relative years, "except per-share data")
    DATA_DIR / "numeric_accuracy_blind9.jsonl",
    DATA_DIR / "numeric_accuracy_blind10.jsonl",
    DATA_DIR / "numeric_accuracy_blind11.jsonl",
    DATA_DIR / "numeric_accuracy_blind12.jsonl",
    # two more, held out until the end of that round and run once on it: 0.783 and 0.779
    # (together 0.781); then general fixes (kilotonnes, gigalitres, a header cell's scale
    # marker scales only its column, fraction words as coarse percentages)
    DATA_DIR / "numeric_accuracy_blind13.jsonl",
    DATA_DIR / "numeric_accuracy_blind14.jsonl",
    # two more (RAG-style retrieval results: wire copy, encyclopedia paragraphs, press
    # releases, statistics bulletins; finance, health, climate, sport, science), held out
    # and run once after the fixes for 13 and 14: 0.870 and 0.800 (together 0.835)
    DATA_DIR / "numeric_accuracy_blind15.jsonl",
    DATA_DIR / "numeric_accuracy_blind16.jsonl",
    # two more (everyday RAG passages; domains A-L and M-Z), held out and run once after
    # the fixes for 15 and 16: 0.833 and 0.840 (together 0.837)
    DATA_DIR / "numeric_accuracy_blind17.jsonl",
    DATA_DIR / "numeric_accuracy_blind18.jsonl",
    # two more, held out and run once after the fixes for 17 and 18: 0.839 and 0.857
    # (together 0.848)
    DATA_DIR / "numeric_accuracy_blind19.jsonl",
    DATA_DIR / "numeric_accuracy_blind20.jsonl",
    # the last two of the session, held out and run once after the fixes for 19 and 20
    # (products and differences, race times, 'plus or minus'): 0.833 and 0.890
    # (together 0.862)
    DATA_DIR / "numeric_accuracy_blind21.jsonl",
    DATA_DIR / "numeric_accuracy_blind22.jsonl",
    # two more (consumer products and services; public-sector and scientific reports),
    # held out and run once after the fixes for 21 and 22: 0.883 and 0.870 (together 0.877)
    DATA_DIR / "numeric_accuracy_blind23.jsonl",
    DATA_DIR / "numeric_accuracy_blind24.jsonl",
    # two more (finance, markets, industry and trade; transport, infrastructure, health and
    # local government), held out and run once after the fixes for 23 and 24: 0.837 and
    # 0.900 (together 0.869)
    DATA_DIR / "numeric_accuracy_blind25.jsonl",
    DATA_DIR / "numeric_accuracy_blind26.jsonl",
    # two more (energy, environment, agriculture and science; sport, culture, media and
    # leisure), held out and run once after the fixes for 25 and 26: 0.847 and 0.837
    # (together 0.842)
    DATA_DIR / "numeric_accuracy_blind27.jsonl",
    DATA_DIR / "numeric_accuracy_blind28.jsonl",
    # two more (health, education, housing and welfare; technology, retail, travel and
    # consumer services), held out and run once after the fixes for 27 and 28: 0.847 and
    # 0.843 (together 0.845)
    DATA_DIR / "numeric_accuracy_blind29.jsonl",
    DATA_DIR / "numeric_accuracy_blind30.jsonl",
    # two more (government finance, law and public administration; manufacturing,
    # construction, mining, transport operators and utilities), held out and run once
    # after the fixes for 29 and 30: 0.857 and 0.880 (together 0.868)
    DATA_DIR / "numeric_accuracy_blind31.jsonl",
    DATA_DIR / "numeric_accuracy_blind32.jsonl",
    # two more (mixed sources), held out and run once after the fixes for 31 and 32 (row
    # labels, set references): 0.817 and 0.883 (together 0.850)
    DATA_DIR / "numeric_accuracy_blind33.jsonl",
    DATA_DIR / "numeric_accuracy_blind34.jsonl",
    # the last two of that session (retrieved passages; table-heavy), run once on its
    # final state: 0.890 and 0.863 (together 0.877); fitted in the next session
    DATA_DIR / "numeric_accuracy_blind35.jsonl",
    DATA_DIR / "numeric_accuracy_blind36.jsonl",
    # six more (domains A-M and N-Z in pairs), each run once on arrival before any fix it
    # prompted: 0.887, 0.910 (37, 38); 0.907, 0.857 (39, 40); 0.920, 0.917 (41, 42)
    DATA_DIR / "numeric_accuracy_blind37.jsonl",
    DATA_DIR / "numeric_accuracy_blind38.jsonl",
    DATA_DIR / "numeric_accuracy_blind39.jsonl",
    DATA_DIR / "numeric_accuracy_blind40.jsonl",
    DATA_DIR / "numeric_accuracy_blind41.jsonl",
    DATA_DIR / "numeric_accuracy_blind42.jsonl",
    # six more, each run once on arrival before any fix it prompted: 0.890, 0.893 (45,
    # 46); 0.870, 0.880 (49, 50); 0.913, 0.923 (53, 54)
    DATA_DIR / "numeric_accuracy_blind45.jsonl",
    DATA_DIR / "numeric_accuracy_blind46.jsonl",
    DATA_DIR / "numeric_accuracy_blind49.jsonl",
    DATA_DIR / "numeric_accuracy_blind50.jsonl",
    DATA_DIR / "numeric_accuracy_blind53.jsonl",
    DATA_DIR / "numeric_accuracy_blind54.jsonl",
    # held back and run once on the session's final state, not fitted: 0.947, 0.900,
    # 0.903, 0.940 (47, 48, 51, 52); 43 and 44 (0.873, 0.860) likewise, though a listing
    # of failing answers that included theirs was seen before the run (nothing was fitted
    # to them)
    DATA_DIR / "numeric_accuracy_blind43.jsonl",
    DATA_DIR / "numeric_accuracy_blind44.jsonl",
    DATA_DIR / "numeric_accuracy_blind47.jsonl",
    DATA_DIR / "numeric_accuracy_blind48.jsonl",
    DATA_DIR / "numeric_accuracy_blind51.jsonl",
    DATA_DIR / "numeric_accuracy_blind52.jsonl",
    # two more written after the last fix and run once on the same final state: 0.937 and
    # 0.897 (55, 56)
    DATA_DIR / "numeric_accuracy_blind55.jsonl",
    DATA_DIR / "numeric_accuracy_blind56.jsonl",
    # the next session's six sets, run once on arrival and then fitted: 0.903, 0.900,
    # 0.920, 0.883 (57-60), 0.880, 0.923 (63, 64)
    DATA_DIR / "numeric_accuracy_blind57.jsonl",
    DATA_DIR / "numeric_accuracy_blind58.jsonl",
    DATA_DIR / "numeric_accuracy_blind59.jsonl",
    DATA_DIR / "numeric_accuracy_blind60.jsonl",
    DATA_DIR / "numeric_accuracy_blind63.jsonl",
    DATA_DIR / "numeric_accuracy_blind64.jsonl",
    # its six held back and run once after its fixes, not fitted: 0.910, 0.933 (61, 62),
    # 0.940, 0.913, 0.890, 0.923 (65-68)
    DATA_DIR / "numeric_accuracy_blind61.jsonl",
    DATA_DIR / "numeric_accuracy_blind62.jsonl",
    DATA_DIR / "numeric_accuracy_blind65.jsonl",
    DATA_DIR / "numeric_accuracy_blind66.jsonl",
    DATA_DIR / "numeric_accuracy_blind67.jsonl",
    DATA_DIR / "numeric_accuracy_blind68.jsonl",
    # written after that run and run once on the state after its fixes: 0.907, 0.933,
    # 0.903, 0.933, 0.930, 0.913 (69-74)
    DATA_DIR / "numeric_accuracy_blind69.jsonl",
    DATA_DIR / "numeric_accuracy_blind70.jsonl",
    DATA_DIR / "numeric_accuracy_blind71.jsonl",
    DATA_DIR / "numeric_accuracy_blind72.jsonl",
    DATA_DIR / "numeric_accuracy_blind73.jsonl",
    DATA_DIR / "numeric_accuracy_blind74.jsonl",
    # then fitted; six more written after the session's last fix and run once on that
    # final state, not fitted: 0.930, 0.950, 0.893, 0.893, 0.930, 0.897 (75-80)
    DATA_DIR / "numeric_accuracy_blind75.jsonl",
    DATA_DIR / "numeric_accuracy_blind76.jsonl",
    DATA_DIR / "numeric_accuracy_blind77.jsonl",
    DATA_DIR / "numeric_accuracy_blind78.jsonl",
    DATA_DIR / "numeric_accuracy_blind79.jsonl",
    DATA_DIR / "numeric_accuracy_blind80.jsonl",
    # six more, run once on arrival at 666554f: 0.913, 0.960, 0.953, 0.873, 0.937, 0.900
    DATA_DIR / "numeric_accuracy_blind81.jsonl",
    DATA_DIR / "numeric_accuracy_blind82.jsonl",
    DATA_DIR / "numeric_accuracy_blind83.jsonl",
    DATA_DIR / "numeric_accuracy_blind84.jsonl",
    DATA_DIR / "numeric_accuracy_blind85.jsonl",
    DATA_DIR / "numeric_accuracy_blind86.jsonl",
    # six more, written while 81-86 were fitted and run once at 7d0ad65: 0.923, 0.893,
    # 0.933, 0.930, 0.933, 0.930
    DATA_DIR / "numeric_accuracy_blind87.jsonl",
    DATA_DIR / "numeric_accuracy_blind88.jsonl",
    DATA_DIR / "numeric_accuracy_blind89.jsonl",
    DATA_DIR / "numeric_accuracy_blind90.jsonl",
    DATA_DIR / "numeric_accuracy_blind91.jsonl",
    DATA_DIR / "numeric_accuracy_blind92.jsonl",
    # six more, written while 87-92 were fitted and run once at 5955f7e: 0.950, 0.950,
    # 0.897, 0.913, 0.920, 0.900
    DATA_DIR / "numeric_accuracy_blind93.jsonl",
    DATA_DIR / "numeric_accuracy_blind94.jsonl",
    DATA_DIR / "numeric_accuracy_blind95.jsonl",
    DATA_DIR / "numeric_accuracy_blind96.jsonl",
    DATA_DIR / "numeric_accuracy_blind97.jsonl",
    DATA_DIR / "numeric_accuracy_blind98.jsonl",
    # six more, written while 93-98 were fitted and run once at b61f796: 0.897, 0.857,
    # 0.857, 0.920, 0.897, 0.933 (the code at the session start, 9bf693a: 0.897, 0.840,
    # 0.847, 0.920, 0.890, 0.933)
    DATA_DIR / "numeric_accuracy_blind99.jsonl",
    DATA_DIR / "numeric_accuracy_blind100.jsonl",
    DATA_DIR / "numeric_accuracy_blind101.jsonl",
    DATA_DIR / "numeric_accuracy_blind102.jsonl",
    DATA_DIR / "numeric_accuracy_blind103.jsonl",
    DATA_DIR / "numeric_accuracy_blind104.jsonl",
    # six more, written while 99-104 were fitted and run once at 80d2b51: 0.927, 0.947,
    # 0.953, 0.830, 0.880, 0.893 (the code at the session start, 9bf693a: 0.920, 0.947,
    # 0.953, 0.830, 0.827, 0.893)
    DATA_DIR / "numeric_accuracy_blind105.jsonl",
    DATA_DIR / "numeric_accuracy_blind106.jsonl",
    DATA_DIR / "numeric_accuracy_blind107.jsonl",
    DATA_DIR / "numeric_accuracy_blind108.jsonl",
    DATA_DIR / "numeric_accuracy_blind109.jsonl",
    DATA_DIR / "numeric_accuracy_blind110.jsonl",
    # six more, written while 105-110 were fitted and run once at fc4f1fb: 0.957, 0.940,
    # 0.910, 0.920, 0.917, 0.910 (the code at the session start, 9bf693a: 0.957, 0.937,
    # 0.910, 0.920, 0.927, 0.910); fitted in the next session
    DATA_DIR / "numeric_accuracy_blind111.jsonl",
    DATA_DIR / "numeric_accuracy_blind112.jsonl",
    DATA_DIR / "numeric_accuracy_blind113.jsonl",
    DATA_DIR / "numeric_accuracy_blind114.jsonl",
    DATA_DIR / "numeric_accuracy_blind115.jsonl",
    DATA_DIR / "numeric_accuracy_blind116.jsonl",
    # six more, written while 111-116 were fitted and run once at e593517: 0.907, 0.930,
    # 0.957, 0.927, 0.937, 0.933 (the code at that session's start, 9bdb20b: 0.900, 0.930,
    # 0.957, 0.927, 0.937, 0.933)
    DATA_DIR / "numeric_accuracy_blind117.jsonl",
    DATA_DIR / "numeric_accuracy_blind118.jsonl",
    DATA_DIR / "numeric_accuracy_blind119.jsonl",
    DATA_DIR / "numeric_accuracy_blind120.jsonl",
    DATA_DIR / "numeric_accuracy_blind121.jsonl",
    DATA_DIR / "numeric_accuracy_blind122.jsonl",
    # six more, written while 117-122 were fitted and run once at 9520132: 0.913, 0.910,
    # 0.873, 0.910, 0.933, 0.893 (9bdb20b: 0.903, 0.910, 0.873, 0.910, 0.933, 0.893)
    DATA_DIR / "numeric_accuracy_blind123.jsonl",
    DATA_DIR / "numeric_accuracy_blind124.jsonl",
    DATA_DIR / "numeric_accuracy_blind125.jsonl",
    DATA_DIR / "numeric_accuracy_blind126.jsonl",
    DATA_DIR / "numeric_accuracy_blind127.jsonl",
    DATA_DIR / "numeric_accuracy_blind128.jsonl",
    # six more, written while 123-128 were fitted and run once at db92904: 0.950, 0.933,
    # 0.930, 0.913, 0.923, 0.973 (9bdb20b: 0.940, 0.927, 0.930, 0.913, 0.933, 0.973)
    DATA_DIR / "numeric_accuracy_blind129.jsonl",
    DATA_DIR / "numeric_accuracy_blind130.jsonl",
    DATA_DIR / "numeric_accuracy_blind131.jsonl",
    DATA_DIR / "numeric_accuracy_blind132.jsonl",
    DATA_DIR / "numeric_accuracy_blind133.jsonl",
    DATA_DIR / "numeric_accuracy_blind134.jsonl",
    # six more, written while 129-134 were fitted and run once at be221c3: 0.943, 0.947,
    # 0.940, 0.923, 0.890, 0.890 (9bdb20b: 0.943, 0.937, 0.923, 0.923, 0.880, 0.863);
    # one rule mined from them afterwards (4e179ec)
    DATA_DIR / "numeric_accuracy_blind135.jsonl",
    DATA_DIR / "numeric_accuracy_blind136.jsonl",
    DATA_DIR / "numeric_accuracy_blind137.jsonl",
    DATA_DIR / "numeric_accuracy_blind138.jsonl",
    DATA_DIR / "numeric_accuracy_blind139.jsonl",
    DATA_DIR / "numeric_accuracy_blind140.jsonl",
    # six more, written after that and run once at 45f2a42: 0.950, 0.887, 0.893, 0.917,
    # 0.840, 0.870 (9bdb20b: 0.950, 0.887, 0.893, 0.907, 0.840, 0.870); not fitted
    DATA_DIR / "numeric_accuracy_blind141.jsonl",
    DATA_DIR / "numeric_accuracy_blind142.jsonl",
    DATA_DIR / "numeric_accuracy_blind143.jsonl",
    DATA_DIR / "numeric_accuracy_blind144.jsonl",
    DATA_DIR / "numeric_accuracy_blind145.jsonl",
    DATA_DIR / "numeric_accuracy_blind146.jsonl",
    # six more, written after that and run once at e3aafc5: 0.940, 0.893, 0.960, 0.930,
    # 0.917, 0.930; rules mined from them afterwards (0cc22d9 to acec3bf)
    DATA_DIR / "numeric_accuracy_blind147.jsonl",
    DATA_DIR / "numeric_accuracy_blind148.jsonl",
    DATA_DIR / "numeric_accuracy_blind149.jsonl",
    DATA_DIR / "numeric_accuracy_blind150.jsonl",
    DATA_DIR / "numeric_accuracy_blind151.jsonl",
    DATA_DIR / "numeric_accuracy_blind152.jsonl",
    # six more, written after those rules and run once at acec3bf: 0.943, 0.920, 0.937,
    # 0.910, 0.920, 0.857 (e3aafc5, this session's start: 0.933, 0.920, 0.937, 0.910,
    # 0.920, 0.867); one rule mined from them afterwards (aa8a7c5)
    DATA_DIR / "numeric_accuracy_blind153.jsonl",
    DATA_DIR / "numeric_accuracy_blind154.jsonl",
    DATA_DIR / "numeric_accuracy_blind155.jsonl",
    DATA_DIR / "numeric_accuracy_blind156.jsonl",
    DATA_DIR / "numeric_accuracy_blind157.jsonl",
    DATA_DIR / "numeric_accuracy_blind158.jsonl",
    # six more, written after those and run once at 33f6c29: 0.970, 0.917, 0.913, 0.933,
    # 0.907, 0.937 (bf7ac2f, that session's start: 0.963, 0.917, 0.913, 0.933, 0.907,
    # 0.937); rules mined from them afterwards (33f6c29 to 38e3122)
    DATA_DIR / "numeric_accuracy_blind159.jsonl",
    DATA_DIR / "numeric_accuracy_blind160.jsonl",
    DATA_DIR / "numeric_accuracy_blind161.jsonl",
    DATA_DIR / "numeric_accuracy_blind162.jsonl",
    DATA_DIR / "numeric_accuracy_blind163.jsonl",
    DATA_DIR / "numeric_accuracy_blind164.jsonl",
    # six more, written after the first seven rules mined from those and run once at
    # d254510: 0.887, 0.960, 0.913, 0.907, 0.917, 0.900 (bf7ac2f, that session's start:
    # 0.887, 0.960, 0.913, 0.913, 0.910, 0.900); rules mined from them afterwards
    DATA_DIR / "numeric_accuracy_blind165.jsonl",
    DATA_DIR / "numeric_accuracy_blind166.jsonl",
    DATA_DIR / "numeric_accuracy_blind167.jsonl",
    DATA_DIR / "numeric_accuracy_blind168.jsonl",
    DATA_DIR / "numeric_accuracy_blind169.jsonl",
    DATA_DIR / "numeric_accuracy_blind170.jsonl",
    # six more, written after all of that session's rules and run once at df0a694: 0.913,
    # 0.857, 0.930, 0.927, 0.877, 0.923 (mean 0.905; bf7ac2f, that session's start, and
    # d254510 give the same six figures: none of the session's rules fired on them)
    DATA_DIR / "numeric_accuracy_blind171.jsonl",
    DATA_DIR / "numeric_accuracy_blind172.jsonl",
    DATA_DIR / "numeric_accuracy_blind173.jsonl",
    DATA_DIR / "numeric_accuracy_blind174.jsonl",
    DATA_DIR / "numeric_accuracy_blind175.jsonl",
    DATA_DIR / "numeric_accuracy_blind176.jsonl",
    # three more (125 cases each), written blind and run once at 80a93ef: 0.990, 0.923,
    # 0.877 (mean 0.930)
    DATA_DIR / "numeric_accuracy_blind177.jsonl",
    DATA_DIR / "numeric_accuracy_blind178.jsonl",
    DATA_DIR / "numeric_accuracy_blind179.jsonl",
    # three more, written blind after the rules mined from those (aec108a, b354c8c; the
    # three above now give 0.990, 0.923, 0.907) and run once at b354c8c: 0.973, 0.930, 0.890
    DATA_DIR / "numeric_accuracy_blind180.jsonl",
    DATA_DIR / "numeric_accuracy_blind181.jsonl",
    DATA_DIR / "numeric_accuracy_blind182.jsonl",
    # three more (183: 125, 184: 125, 185: 126 cases), written blind after the rules mined
    # from 177-182 and run once at 577b2d3: 0.930, 0.893, 0.941
    DATA_DIR / "numeric_accuracy_blind183.jsonl",
    DATA_DIR / "numeric_accuracy_blind184.jsonl",
    DATA_DIR / "numeric_accuracy_blind185.jsonl",
    # three more, written blind after every rule of that session and run once at a3e4db6:
    # 0.890, 0.950, 0.900 (the twelve sets 177-188: first runs average 0.924)
    DATA_DIR / "numeric_accuracy_blind186.jsonl",
    DATA_DIR / "numeric_accuracy_blind187.jsonl",
    DATA_DIR / "numeric_accuracy_blind188.jsonl",
    # three more, written blind after the rules mined from 186-188 (44dbf46 to e19ee8c)
    # and run once at e19ee8c: 0.933, 0.907, 0.930 (3822c86, that session's start: 0.933,
    # 0.907, 0.937); one rule mined from them afterwards ("rose to £2.14m from £1.71m")
    DATA_DIR / "numeric_accuracy_blind189.jsonl",
    DATA_DIR / "numeric_accuracy_blind190.jsonl",
    DATA_DIR / "numeric_accuracy_blind191.jsonl",
    # three more, written blind at 6f47c63 and run once there: 0.970, 0.941, 0.960; the
    # rule added next (a value another claim of the sentence verifies is set aside, not
    # mined from them) gives 0.970, 0.971, 0.960
    DATA_DIR / "numeric_accuracy_blind192.jsonl",
    DATA_DIR / "numeric_accuracy_blind193.jsonl",
    DATA_DIR / "numeric_accuracy_blind194.jsonl",
    # three more, written blind after the rules of 1c750fa to 7de49e7 and run once at
    # 7de49e7: 0.940, 0.937, 0.963 (6f47c63, before those rules: 0.947, 0.937, 0.943); one
    # rule found on 195 afterwards (a lone "A" as amperes)
    DATA_DIR / "numeric_accuracy_blind195.jsonl",
    DATA_DIR / "numeric_accuracy_blind196.jsonl",
    DATA_DIR / "numeric_accuracy_blind197.jsonl",
    # three more, written blind after every rule of that session and run once at 5894e31:
    # 0.957, 0.923, 0.920 (6f47c63, the session's start: 0.947, 0.913, 0.910)
    DATA_DIR / "numeric_accuracy_blind198.jsonl",
    DATA_DIR / "numeric_accuracy_blind199.jsonl",
    DATA_DIR / "numeric_accuracy_blind200.jsonl",
    # three more, written blind after every rule of that session and run once at 3fcaa19:
    # 0.937, 0.910, 0.930 (6f47c63, the session's start: 0.927, 0.900, 0.910)
    DATA_DIR / "numeric_accuracy_blind201.jsonl",
    DATA_DIR / "numeric_accuracy_blind202.jsonl",
    DATA_DIR / "numeric_accuracy_blind203.jsonl",
    # three more, written blind after every rule of the sessions before and run once at
    # b727bea: 0.937, 0.950, 0.967
    DATA_DIR / "numeric_accuracy_blind204.jsonl",
    DATA_DIR / "numeric_accuracy_blind205.jsonl",
    DATA_DIR / "numeric_accuracy_blind206.jsonl",
    # three more, written blind after those and run once at f3e5d60 (with dates checked:
    # the same): 0.943, 0.953, 0.963; five rules since, each 1 fixed and 0 broken
    DATA_DIR / "numeric_accuracy_blind207.jsonl",
    DATA_DIR / "numeric_accuracy_blind208.jsonl",
    DATA_DIR / "numeric_accuracy_blind209.jsonl",
    # three more, written blind after those rules and run once at a15d486: 0.967, 0.930,
    # 0.920 (dates checked: 0.967, 0.937, 0.920; b727bea, the session's start: the same)
    DATA_DIR / "numeric_accuracy_blind210.jsonl",
    DATA_DIR / "numeric_accuracy_blind211.jsonl",
    DATA_DIR / "numeric_accuracy_blind212.jsonl",
    # three more, written blind after those rules and run once at 0567976: 0.970, 0.937,
    # 0.950 (dates checked: the same; b727bea, the session's start: the same)
    DATA_DIR / "numeric_accuracy_blind213.jsonl",
    DATA_DIR / "numeric_accuracy_blind214.jsonl",
    DATA_DIR / "numeric_accuracy_blind215.jsonl",
    # three more, written blind after every rule of that session and run once at 9b014c2:
    # 0.933, 0.883, 0.950 (dates checked: 0.933, 0.883, 0.957; b727bea: the same)
    DATA_DIR / "numeric_accuracy_blind216.jsonl",
    DATA_DIR / "numeric_accuracy_blind217.jsonl",
    DATA_DIR / "numeric_accuracy_blind218.jsonl",
    # three more, written blind after every rule of the session before and run once at
    # 53cad16: 0.933, 0.930, 0.953 (dates checked: the same)
    DATA_DIR / "numeric_accuracy_blind219.jsonl",
    DATA_DIR / "numeric_accuracy_blind220.jsonl",
    DATA_DIR / "numeric_accuracy_blind221.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # 64eadc7: 0.883, 0.923, 0.957 (dates checked: 0.890, 0.930, 0.957)
    DATA_DIR / "numeric_accuracy_blind222.jsonl",
    DATA_DIR / "numeric_accuracy_blind223.jsonl",
    DATA_DIR / "numeric_accuracy_blind224.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # 61887a6: 0.920, 0.973, 0.953 (dates checked: the same)
    DATA_DIR / "numeric_accuracy_blind225.jsonl",
    DATA_DIR / "numeric_accuracy_blind226.jsonl",
    DATA_DIR / "numeric_accuracy_blind227.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # b121a5e: 0.947, 0.937, 0.950 (dates checked: 0.947, 0.950, 0.950)
    DATA_DIR / "numeric_accuracy_blind228.jsonl",
    DATA_DIR / "numeric_accuracy_blind229.jsonl",
    DATA_DIR / "numeric_accuracy_blind230.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # 2d91c8f: 0.980, 0.933, 0.943 (dates checked: 0.980, 0.940, 0.943)
    DATA_DIR / "numeric_accuracy_blind231.jsonl",
    DATA_DIR / "numeric_accuracy_blind232.jsonl",
    DATA_DIR / "numeric_accuracy_blind233.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # d6eaf2b: 0.963, 0.960, 0.953 (dates checked: 0.963, 0.950, 0.953)
    DATA_DIR / "numeric_accuracy_blind234.jsonl",
    DATA_DIR / "numeric_accuracy_blind235.jsonl",
    DATA_DIR / "numeric_accuracy_blind236.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # 0b93a41: 0.950, 0.953, 0.943 (dates checked: the same)
    DATA_DIR / "numeric_accuracy_blind237.jsonl",
    DATA_DIR / "numeric_accuracy_blind238.jsonl",
    DATA_DIR / "numeric_accuracy_blind239.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # c07d871: 0.923, 0.900, 0.950 (dates checked: 0.923, 0.900, 0.957)
    DATA_DIR / "numeric_accuracy_blind240.jsonl",
    DATA_DIR / "numeric_accuracy_blind241.jsonl",
    DATA_DIR / "numeric_accuracy_blind242.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # 5c7ad88: 0.947, 0.880, 0.897 (dates checked: the same)
    DATA_DIR / "numeric_accuracy_blind243.jsonl",
    DATA_DIR / "numeric_accuracy_blind244.jsonl",
    DATA_DIR / "numeric_accuracy_blind245.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # 9335544: 0.900, 0.890, 0.947 (dates checked: the same)
    DATA_DIR / "numeric_accuracy_blind246.jsonl",
    DATA_DIR / "numeric_accuracy_blind247.jsonl",
    DATA_DIR / "numeric_accuracy_blind248.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # ff98813: 0.910, 0.893, 0.937 (dates checked: the same)
    DATA_DIR / "numeric_accuracy_blind249.jsonl",
    DATA_DIR / "numeric_accuracy_blind250.jsonl",
    DATA_DIR / "numeric_accuracy_blind251.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # 3484b30: 0.920, 0.920, 0.870 (dates checked: 0.920, 0.927, 0.870)
    DATA_DIR / "numeric_accuracy_blind252.jsonl",
    DATA_DIR / "numeric_accuracy_blind253.jsonl",
    DATA_DIR / "numeric_accuracy_blind254.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # ca5c341: 0.917, 0.890, 0.940 (dates checked: the same)
    DATA_DIR / "numeric_accuracy_blind255.jsonl",
    DATA_DIR / "numeric_accuracy_blind256.jsonl",
    DATA_DIR / "numeric_accuracy_blind257.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # a5c86b1: 0.910, 0.857, 0.903 (dates checked: 0.910, 0.863, 0.903)
    DATA_DIR / "numeric_accuracy_blind258.jsonl",
    DATA_DIR / "numeric_accuracy_blind259.jsonl",
    DATA_DIR / "numeric_accuracy_blind260.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # 1e7b922: 0.907, 0.923, 0.937 (dates checked: 0.907, 0.930, 0.937)
    DATA_DIR / "numeric_accuracy_blind261.jsonl",
    DATA_DIR / "numeric_accuracy_blind262.jsonl",
    DATA_DIR / "numeric_accuracy_blind263.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # 3080524: 0.883, 0.927, 0.887 (dates checked: 0.890, 0.927, 0.887)
    DATA_DIR / "numeric_accuracy_blind264.jsonl",
    DATA_DIR / "numeric_accuracy_blind265.jsonl",
    DATA_DIR / "numeric_accuracy_blind266.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # c5612f5: 0.913, 0.910, 0.910 (dates checked: the same)
    DATA_DIR / "numeric_accuracy_blind267.jsonl",
    DATA_DIR / "numeric_accuracy_blind268.jsonl",
    DATA_DIR / "numeric_accuracy_blind269.jsonl",
    # three more, written blind after the rules those three led to and run once at
    # 8d22dfa: 0.907, 0.863, 0.937 (dates checked: the same)
    DATA_DIR / "numeric_accuracy_blind270.jsonl",
    DATA_DIR / "numeric_accuracy_blind271.jsonl",
    DATA_DIR / "numeric_accuracy_blind272.jsonl",
]


def load(path: Path = DATA) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def ours(case: dict[str, Any], preset: DomainConfig) -> bool:
    report = check_numbers(case["answer"], contexts=[case["context"]], config=preset)
    return report.sfs_score is None or report.sfs_score == 1.0


def sfs(case: dict[str, Any]) -> bool:
    from sfs_toolkit.extractor import extract_claims
    from sfs_toolkit.models import EvidenceItem, EvidencePool
    from sfs_toolkit.verifier import compute_sfs

    pool = EvidencePool(
        items=[
            EvidenceItem(key=f"c{i}", value=c.extracted_value, unit=c.unit, source="context")
            for i, c in enumerate(extract_claims(case["context"]))
            if c.extracted_value is not None
        ]
    )
    report = compute_sfs(extract_claims(case["answer"]), pool)
    return report.sfs_score == 1.0


def balanced_accuracy(cases: list[dict[str, Any]], predictions: list[bool]) -> float:
    """(recall on unfaithful + recall on faithful) / 2."""
    hit: dict[bool, int] = defaultdict(int)
    total: dict[bool, int] = defaultdict(int)
    for case, predicted_faithful in zip(cases, predictions, strict=True):
        total[case["faithful"]] += 1
        hit[case["faithful"]] += predicted_faithful == case["faithful"]
    return (hit[True] / total[True] + hit[False] / total[False]) / 2


def print_edits(
    cases: list[dict[str, Any]], our_pred: list[bool], sfs_pred: list[bool], indent: str = ""
) -> None:
    """Share of cases judged right, per edit kind, for both tools."""
    by_edit: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for c, o, s in zip(cases, our_pred, sfs_pred, strict=True):
        row = by_edit[c["edit"]]
        row[0] += 1
        row[1] += o == c["faithful"]
        row[2] += s == c["faithful"]
    print(f"{indent}{'edit':12} {'n':>4} {'veracity':>9} {'sfs':>6}")
    for edit, (n, o_ok, s_ok) in sorted(by_edit.items()):
        print(f"{indent}{edit:12} {n:>4} {o_ok / n:>9.2f} {s_ok / n:>6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="general")
    parser.add_argument("--data", type=Path, action="append", help="a JSONL file (repeatable)")
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument("--check-dates", action="store_true", help="check dates as claims too")
    args = parser.parse_args()
    config = resolve_config(args.preset, check_dates=args.check_dates)
    label = args.preset + (", dates checked" if args.check_dates else "")
    files = args.data or SETS
    parts = [load(path) for path in files]
    part_ours = [[ours(c, config) for c in part] for part in parts]
    part_sfs = [[sfs(c) for c in part] for part in parts]
    if len(files) > 1:
        for path, part, o_pred, s_pred in zip(files, parts, part_ours, part_sfs, strict=True):
            print(
                f"{path.name:36} n={len(part):4}  veracity "
                f"{balanced_accuracy(part, o_pred):.3f}  "
                f"sfs_toolkit {balanced_accuracy(part, s_pred):.3f}"
            )
            print_edits(part, o_pred, s_pred, indent="    ")
        print()
    cases = [c for part in parts for c in part]
    our_pred = [p for preds in part_ours for p in preds]
    sfs_pred = [p for preds in part_sfs for p in preds]
    n_f = sum(c["faithful"] for c in cases)
    print(f"cases: {len(cases)} ({n_f} faithful, {len(cases) - n_f} unfaithful)")
    print(f"veracity ({label}): balanced accuracy {balanced_accuracy(cases, our_pred):.3f}")
    print(f"sfs_toolkit (default)  : balanced accuracy {balanced_accuracy(cases, sfs_pred):.3f}")
    print_edits(cases, our_pred, sfs_pred)
    if args.show_errors:
        for c, o in zip(cases, our_pred, strict=True):
            if o != c["faithful"]:
                print(
                    f"\nWRONG ({c['edit']}, faithful={c['faithful']}): {c['answer']}\n  context: {c['context']}"
                )
                report = check_numbers(c["answer"], contexts=[c["context"]], config=config)
                for v in report.claim_verifications:
                    print(f"  - {v.verified} {v.rule}: {v.reason}")


if __name__ == "__main__":
    main()
