"""Pattern matching of the ``strict`` scoring: word guards, sane alternation, regex hints.

:func:`strict_pattern_source` rewrites a case-file pattern:

- a literal (``use_regex`` false and no regex syntax) is escaped first;
- a leading inline flag group (``(?i)``) is kept in front;
- ``A.*B|C`` (top-level alternation whose first branch alone has ``.*``) is read as
  ``A.*(?:B|C)``;
- each top-level alternative that starts (ends) with a literal letter, digit or ``_``
  gets ``(?<!\\w)`` (``(?!\\w)``), so ``Intel|ARM`` no longer hits "intelligence" or
  "farm" while ``\\$\\d`` still hits "$50".

:func:`looks_like_regex` says whether a pattern uses regex syntax (escapes, classes,
quantifiers, alternation); such an element runs as a regex even when ``use_regex`` is
false. :func:`compile_strict` compiles (cached); an invalid regex is matched literally.
"""

from __future__ import annotations

import functools
import re

import regex

__all__ = ["compile_strict", "looks_like_regex", "strict_pattern_source"]

_FLAGS_PREFIX = re.compile(r"^\(\?([aiLmsux]+)\)")
_TRAILING_QUANTIFIER = regex.compile(r"(?:[?*+]|\{\d+(?:,\d*)?\})\??$")
_REGEX_HINT = re.compile(
    r"\\[dDwWsSbB.$()\[\]|?*+^]|\.[*+?{]|\[[^\]]+\]|\([^)]*\|[^)]*\)|[^\\\s]\?|\{\d+(?:,\d*)?\}|\|"
)


def _split_alternatives(pattern: str) -> list[str]:
    parts: list[str] = []
    depth, start, i, in_class = 0, 0, 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    parts.append(pattern[start:])
    return parts


def _starts_with_word(alt: str) -> bool:
    body = alt[3:] if alt.startswith("(?:") else alt[1:] if alt.startswith("(") else alt
    return bool(body) and (body[0].isalnum() or body[0] == "_") and not alt.startswith("(?=")


def _ends_with_word(alt: str) -> bool:
    body = _TRAILING_QUANTIFIER.sub("", alt)
    if body.endswith(")") and not body.endswith("\\)"):
        body = body[:-1]
    if not body or not (body[-1].isalnum() or body[-1] == "_"):
        return False
    trailing = body[:-1]
    backslashes = len(trailing) - len(trailing.rstrip("\\"))
    return backslashes % 2 == 0


def strict_pattern_source(pattern: str, *, as_regex: bool) -> str:
    """The strict form of a pattern: literal escaping, sane alternation, word guards."""
    if not as_regex:
        pattern = regex.escape(pattern, special_only=True)
    flags = ""
    m = _FLAGS_PREFIX.match(pattern)
    if m:
        flags, pattern = m.group(0), pattern[m.end() :]
    alts = _split_alternatives(pattern)
    if len(alts) > 1 and ".*" in alts[0] and not any(".*" in a for a in alts[1:]):
        head, _, tail = alts[0].rpartition(".*")
        alts = [f"{head}.*(?:{'|'.join([tail, *alts[1:]])})"]
    guarded = []
    for alt in alts:
        start = r"(?<!\w)" if _starts_with_word(alt) else ""
        end = r"(?!\w)" if _ends_with_word(alt) else ""
        guarded.append(f"{start}(?:{alt}){end}")
    return flags + "|".join(guarded)


@functools.lru_cache(maxsize=4096)
def looks_like_regex(pattern: str) -> bool:
    """True when a pattern uses regex syntax (escapes, classes, quantifiers, alternation)."""
    return bool(_REGEX_HINT.search(pattern))


@functools.lru_cache(maxsize=4096)
def compile_strict(pattern: str, as_regex: bool, ignore_case: bool) -> regex.Pattern[str]:
    """The compiled strict form; an invalid regex is compiled as the literal text."""
    flags = regex.IGNORECASE if ignore_case else 0
    try:
        return regex.compile(strict_pattern_source(pattern, as_regex=as_regex), flags)
    except regex.error:
        return regex.compile(strict_pattern_source(pattern, as_regex=False), flags)
