"""The ``strict`` scoring (the default): fitz-gov's rules with its defects fixed.

1. Every case is scored on its mode; a case whose expected mode is ``trustworthy``
   also needs a non-empty answer, and every case that carries answer checks
   (forbidden claims, required or forbidden elements) must pass them too. So
   grounding and relevance cases need the ``trustworthy`` mode *and* a good answer.
2. Patterns are matched with word guards (:mod:`.patterns`): ``Intel|ARM`` no longer
   hits "intelligence", "pharmaceutical" or "farm"; ``\\$\\d`` still hits "$50".
3. ``A.*B|C`` (top-level alternation whose first branch alone has ``.*``) is read as
   ``A.*(?:B|C)``.
4. A hit inside a clause that states the information is absent ("the annual revenue
   is not specified", :data:`.wording.ABSENCE_RE`) is excused -- unless it contains a
   number that the query does not contain.
5. Allowed phrases excuse a hit only within the same clause and under the same
   number rule, so a greedy phrase can no longer excuse a fabricated figure.
6. Elements that look like regular expressions are matched as regexes even when
   ``use_regex`` is false (an invalid one is matched literally).
7. A required element counts when its meaning is present: literal match, or all its
   content words (lower-cased, lightly stemmed, negations folded to "not") occur in
   the answer; every "not specified"-style element is one concept satisfied by any
   statement of absence. Elements that imply each other (``cause``/``root cause``)
   form one concept, and ``min_required`` is capped at the number of concepts:
   passed iff concepts found >= min(max(min_required, 0), concepts).
8. A missing, invalid (case-insensitive names are accepted) or errored mode fails
   explicitly and is counted as ``none`` in the confusion matrix.

Reasons are joined with ``"; "``. Regular expressions from case files run under a time
limit (0.5 s); a pattern that times out is skipped and listed in
``details["unsafe_patterns"]``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final

import regex

from veracity.governance.cases import GovCase
from veracity.governance.patterns import compile_strict, looks_like_regex
from veracity.governance.responses import GovResponse
from veracity.governance.verdict import (
    CaseResult,
    ViolationJudge,
    case_fields,
    judge_hits,
    normalise_mode,
)
from veracity.governance.wording import ABSENCE_RE, clause_bounds, content_stems, numbers_in

__all__ = ["NAME", "TIMEOUT_S", "score_strict"]

NAME: Final = "strict"
"""The scoring mode this module implements."""
TIMEOUT_S = 0.5
"""Time limit of one case-file regular expression on one answer."""


class _Answer:
    """The answer being scored; clauses, numbers and stems are worked out when first needed."""

    __slots__ = ("_absent", "_clauses", "_query", "_query_numbers", "_stems", "text", "unsafe")

    def __init__(self, text: str, query: str) -> None:
        self.text = text
        self.unsafe: list[str] = []
        self._query = query
        self._clauses: list[tuple[int, int]] | None = None
        self._query_numbers: set[str] | None = None
        self._stems: frozenset[str] | None = None
        self._absent: bool | None = None

    @property
    def stems(self) -> frozenset[str]:
        if self._stems is None:
            self._stems = content_stems(self.text)
        return self._stems

    @property
    def query_numbers(self) -> set[str]:
        if self._query_numbers is None:
            self._query_numbers = numbers_in(self._query)
        return self._query_numbers

    @property
    def states_absence(self) -> bool:
        """The answer says somewhere that information is absent."""
        if self._absent is None:
            self._absent = bool(ABSENCE_RE.search(self.text))
        return self._absent

    def clause_of(self, start: int, end: int) -> tuple[int, int] | None:
        if self._clauses is None:
            self._clauses = clause_bounds(self.text)
        for a, b in self._clauses:
            if a <= start and end <= b:
                return (a, b)
        return None

    def finditer(self, pat: regex.Pattern[str], source: str, text: str | None = None) -> list[Any]:
        try:
            return list(pat.finditer(self.text if text is None else text, timeout=TIMEOUT_S))
        except TimeoutError:
            self.unsafe.append(source)
            return []


def _excused(ans: _Answer, start: int, end: int, allowed: Sequence[str], ci: bool) -> bool:
    """A hit is excused inside a clause stating absence, unless it adds a number."""
    if not numbers_in(ans.text[start:end]) <= ans.query_numbers:
        return False
    clause = ans.clause_of(start, end)
    if clause is None:
        return False
    text = ans.text[clause[0] : clause[1]]
    if ABSENCE_RE.search(text):
        return True
    for phrase in allowed:
        pat = compile_strict(phrase, True, ci)
        if ans.finditer(pat, phrase, text):
            return True
    return False


def _hits(
    ans: _Answer, patterns: Sequence[str], use_regex: bool, ci: bool, allowed: Sequence[str]
) -> tuple[list[tuple[str, str]], list[str]]:
    hits: list[tuple[str, str]] = []
    excused: list[str] = []
    for p in patterns:
        pat = compile_strict(p, use_regex or looks_like_regex(p), ci)
        for m in ans.finditer(pat, p):
            if m.end() == m.start():
                continue
            if _excused(ans, m.start(), m.end(), allowed, ci):
                excused.append(m.group())
            else:
                hits.append((m.group(), p))
                break
    return hits, excused


@functools.lru_cache(maxsize=4096)
def _element(element: str) -> tuple[bool, frozenset[str]]:
    """``(states absence, content stems)`` of a required element."""
    return bool(ABSENCE_RE.search(element)), content_stems(element)


@functools.lru_cache(maxsize=4096)
def _concepts(elements: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Group required elements into concepts: all absence phrases; mutually implying ones."""
    groups: list[list[str]] = []
    absence: list[str] = [e for e in elements if _element(e)[0] or e.lower() == "no"]
    if absence:
        groups.append(absence)
    for e in elements:
        if e in absence:
            continue
        stems = _element(e)[1]
        for g in groups:
            if g is absence:
                continue
            if any(_element(x)[1] <= stems or stems <= _element(x)[1] for x in g):
                g.append(e)
                break
        else:
            groups.append([e])
    return tuple(tuple(g) for g in groups)


def _element_present(ans: _Answer, element: str, use_regex: bool, ci: bool) -> bool:
    as_regex = use_regex or looks_like_regex(element)
    if ans.finditer(compile_strict(element, as_regex, ci), element):
        return True
    if as_regex:
        return False
    absence, stems = _element(element)
    if absence:
        return ans.states_absence
    return bool(stems) and stems <= ans.stems


def _mode_reason(response: GovResponse, mode: str | None, expected: str) -> str | None:
    if response.error is not None and mode is None:
        return f"system error: {response.error}"
    if response.mode is None:
        return "no mode given"
    if mode is None:
        return f"invalid mode {response.mode!r}"
    if mode != expected:
        return f"expected {expected}, got {mode}"
    return None


def score_strict(
    case: GovCase, response: GovResponse, judge: ViolationJudge | None = None
) -> CaseResult:
    """Score one response under the strict rules (module docstring).

    passed = mode right and (expected mode not trustworthy or answer non-empty) and no
    unexcused forbidden-claim hit and required concepts found >= need and no
    forbidden-element hit.
    """
    reasons: list[str] = []
    details: dict[str, Any] = {}
    mode = normalise_mode(response.mode, scoring=NAME)
    expected = case.expected_mode
    mode_reason = _mode_reason(response, mode, expected)
    if mode_reason is not None:
        reasons.append(mode_reason)
    answer = response.answer or ""
    if expected == "trustworthy" and not answer.strip():
        reasons.append("empty answer")
    cfg = case.config
    use_regex = bool(cfg.get("use_regex", False))
    ci = bool(cfg.get("case_insensitive", True))
    raw_allowed = cfg.get("allowed_phrases", [])
    allowed = (
        [p for p in raw_allowed if isinstance(p, str)] if isinstance(raw_allowed, list) else []
    )
    ans = _Answer(answer, case.query)
    if case.forbidden_claims and answer:
        hits, excused = _hits(ans, case.forbidden_claims, use_regex, ci, allowed)
        hits = judge_hits(judge, case, answer, hits, "forbidden_claim", details)
        if excused:
            details["excused"] = excused
        if hits:
            details["hits"] = [{"matched": m, "pattern": p} for m, p in hits]
            reasons.append(f"HALLUCINATION: {[m for m, _ in hits]}")
    if case.required_elements:
        groups = _concepts(tuple(case.required_elements))
        raw_min = cfg.get("min_required", 1)
        min_required = raw_min if isinstance(raw_min, int) and not isinstance(raw_min, bool) else 1
        need = min(max(min_required, 0), len(groups))
        found = [g for g in groups if any(_element_present(ans, e, use_regex, ci) for e in g)]
        details["concepts"] = {"need": need, "found": len(found), "total": len(groups)}
        if len(found) < need:
            missing = [g[0] for g in groups if g not in found]
            reasons.append(
                f"missing required elements: need {need} of {len(groups)} concepts,"
                f" found {len(found)} (missing e.g. {missing[: need - len(found)]})"
            )
    if case.forbidden_elements and answer:
        hits, _ = _hits(ans, case.forbidden_elements, use_regex, ci, allowed)
        hits = judge_hits(judge, case, answer, hits, "forbidden_element", details)
        if hits:
            details["forbidden_hits"] = [{"matched": m, "pattern": p} for m, p in hits]
            reasons.append(f"FALSE_CONFIDENCE: {[m for m, _ in hits]}")
    if ans.unsafe:
        details["unsafe_patterns"] = ans.unsafe
    if response.error is not None:
        details["error"] = response.error
    return CaseResult(
        mode=mode, passed=not reasons, reason="; ".join(reasons) or None, details=details,
        **case_fields(case, NAME),
    )  # fmt: skip
