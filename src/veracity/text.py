"""Shared text utilities: sentences with spans, Unicode tokens, normalisation, stopwords.

Everything here is deterministic, pure Python (stdlib ``re``) and linear in
the input size. Offsets are always ``str`` indices into the text the caller passed in,
so ``text[span.start:span.end] == span.text``.

- :func:`split_sentences` -- sentence spans that do not break at decimals ("3.1"),
  abbreviations ("U.S.", "e.g.", "Dr."), initials, list markers or version numbers;
  every line break ends a sentence and bullet / number markers are left out of the span.
- :func:`tokenize` -- :class:`Token` s for words of any script, numbers (with scale words
  folded in: "2.1 million" and "2,100,000" get the same key), dotted initialisms, and
  overlapping character bigrams for scripts written without spaces (Han, kana, Thai...).
- :func:`word_key` -- the normal form used for matching: NFKC, case-folded, accents
  removed, possessive and contraction suffixes dropped ("isn't" -> "not"), country
  adjectives mapped to the country ("French" -> "france"), then :func:`stem`.
- :func:`scan` -- the same tokens as plain tuples (:data:`RawToken`), without absolute
  offsets; several times faster, for hot loops.
- :func:`stem` -- a light English suffix stripper (plurals, -ed, -ing, final -e).
- :func:`number_key`, :func:`normalize_word` -- the key of a number, the unstemmed form.
- :data:`STOPWORDS`, :data:`NEGATIONS` -- English function words (and conversational
  fillers), and negation cues.

Word and chunk results are memoised in bounded dictionaries (cleared when full), so
repeated vocabulary costs a dictionary lookup.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

__all__ = [
    "NEGATIONS",
    "STOPWORDS",
    "RawToken",
    "Span",
    "Token",
    "chunk_tokens",
    "normalize_word",
    "number_key",
    "scan",
    "sentence_bounds",
    "split_sentences",
    "stem",
    "tokenize",
    "word_key",
]

STOPWORDS: frozenset[str] = frozenset(
    """
    a about above after again against all also am among an and any are as at be because been
    before being below between both but by can could did do does doing done down during each
    either else etc even ever every few for from further get gets got had has have having he
    her here hers herself him himself his how however i if in into is it its itself just let
    like lot lots many may me might mine more most much must my myself now of off on once only
    onto or other others otherwise our ours ourselves out over own per perhaps quite rather
    really same shall she should since so some such than that the their theirs them themselves
    then there therefore these they this those though through thus to too toward towards under
    until up upon us use used very via was we well were what whatever when whenever where
    whereas wherever whether which while who whoever whom whose why will with within would yet
    you your yours yourself yourselves although also e.g. i.e. etc. no. oh yes yeah yep ok okay
    hi hello um uh hmm wow please thanks thank sure absolutely definitely certainly indeed
    agree true think believe guess suppose know actually basically honestly interesting
    cool awesome lol haha right maybe probably course does has having
    """.split()
)
"""English function words and conversational fillers ("sure", "I think", "that's
true") ignored when matching content; looked up by :func:`normalize_word` form
(negations are kept apart in :data:`NEGATIONS`)."""

NEGATIONS: frozenset[str] = frozenset(
    "not no never none nobody nothing nowhere neither nor without cannot".split()
)
"""Negation cues (keys after :func:`word_key`; "isn't", "can't" ... map to "not")."""

_DEMONYMS: dict[str, str] = {
    "american": "america", "british": "britain", "english": "england", "french": "france",
    "german": "germany", "italian": "italy", "spanish": "spain", "chinese": "china",
    "japanese": "japan", "russian": "russia", "indian": "india", "canadian": "canada",
    "mexican": "mexico", "brazilian": "brazil", "australian": "australia",
    "european": "europe", "african": "africa", "asian": "asia", "irish": "ireland",
    "scottish": "scotland", "welsh": "wales", "dutch": "netherlands", "swedish": "sweden",
    "norwegian": "norway", "danish": "denmark", "finnish": "finland", "greek": "greece",
    "turkish": "turkey", "egyptian": "egypt", "korean": "korea", "israeli": "israel",
    "iranian": "iran", "iraqi": "iraq", "pakistani": "pakistan", "portuguese": "portugal",
    "swiss": "switzerland", "austrian": "austria", "belgian": "belgium",
    "argentine": "argentina", "argentinian": "argentina", "chilean": "chile",
    "peruvian": "peru", "colombian": "colombia", "cuban": "cuba", "vietnamese": "vietnam",
    "thai": "thailand", "indonesian": "indonesia", "filipino": "philippines",
    "nigerian": "nigeria", "kenyan": "kenya", "ukrainian": "ukraine",
    "hungarian": "hungary", "czech": "czechia", "parisian": "paris", "roman": "rome",
    "texan": "texas", "californian": "california", "floridian": "florida",
}  # fmt: skip

_NUMBER_WORDS: dict[str, int] = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90, "hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9,
    "dozen": 12,
}  # fmt: skip

_SCALES: dict[str, int] = {
    "thousand": 10**3, "k": 10**3, "million": 10**6, "mn": 10**6, "m": 10**6,
    "billion": 10**9, "bn": 10**9, "b": 10**9, "trillion": 10**12, "tn": 10**12,
}  # fmt: skip

_NOSPACE_RANGES = (
    "\u0e00-\u0e7f\u0e80-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff"
)
_NOSPACE_RE = re.compile(f"[{_NOSPACE_RANGES}]+")
# combining marks (not matched by \w) so that words of Indic, Hebrew, Arabic, Thai...
# scripts and decomposed Latin stay whole; the Indic dandas (U+0964/5) are left out
_MARKS = (
    "\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670"
    "\u06d6-\u06ed\u0900-\u0963\u0966-\u0dff\u0e31-\u0e3a\u0e47-\u0e4e"
    "\u0eb1-\u0ebc\u0ec8-\u0ecd\u1000-\u109f\u1780-\u17ff\u1dc0-\u1dff"
    "\u20d0-\u20ff\ufe20-\ufe2f"
)
_TOKEN_RE = re.compile(
    r"((?:[^\W\d_]\.){2,})"
    r"|(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:\s?(thousand|million|billion|trillion|bn|mn|tn)\b|([kmb]|st|nd|rd|th)\b)?"
    rf"|([\w{_MARKS}]+(?:['’][\w{_MARKS}]+)?)",
    re.IGNORECASE,
)
RawToken = tuple[str, str, str, str, int]
"""(surface, kind, key, norm, offset of the surface inside the matched word)."""


@dataclass(frozen=True, slots=True)
class Span:
    """A piece of a text: ``text == source[start:end]``."""

    start: int
    end: int
    text: str


class Token(NamedTuple):
    """One token: its surface ``text``, offsets, ``kind`` and matching ``key``.

    ``kind`` is ``"word"``, ``"number"`` (key ``"#<value>"``, e.g. ``"#2100000"``),
    ``"initialism"`` ("U.S." -> key ``"u.s."``) or ``"ngram"`` (a character bigram of a
    script written without spaces, or a lone character). ``norm`` is the normalised but
    unstemmed form (:func:`normalize_word`; used to look up stopwords), or ``key``.
    """

    text: str
    start: int
    end: int
    kind: str
    key: str
    norm: str


def number_key(value: float) -> str:
    """Canonical key of a number: ``"#"`` + shortest form (``2.10e6`` -> ``"#2100000"``).

    Numbers too large for a float (a 400-digit run) get ``"#inf"``.
    """
    if not math.isfinite(value):
        return "#inf"
    if value == int(value) and abs(value) < 1e18:
        return f"#{int(value)}"
    return f"#{round(value, 6)!r}"


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into :class:`Token` s (any script); control characters separate tokens.

    Numbers keep their scale word: "2.1 million", "2,100,000" and "2.1m" all get key
    ``"#2100000"`` (one space, no-break or not, may separate number and scale word);
    "3.1" stays one number; ordinals keep their value ("9th" -> ``"#9"``). Runs of Han / kana / Thai / Lao / Khmer /
    Myanmar characters become overlapping character bigrams (a single character stays a
    unigram), so they can be matched without a word segmenter.
    """
    out: list[Token] = []
    prev_end = -2
    for m in _CHUNK_RE.finditer(text):
        s = m.start()
        toks = _chunk_tokens(m.group())
        if toks and out and prev_end == s - 1 and text[prev_end].isspace():
            last = out[-1]
            merged = _merge_scale(last.text, last.kind, last.key, toks)
            if merged is not None:
                end = s + len(toks[0][0])
                out[-1] = Token(text[last.start : end], last.start, end, "number", merged, merged)
                toks = toks[1:]
        for surface, kind, key, norm, off in toks:
            out.append(Token(surface, s + off, s + off + len(surface), kind, key, norm))
        prev_end = m.end()
    return out


def scan(text: str) -> list[RawToken]:
    """Fast form of :func:`tokenize`: the same tokens as ``(surface, kind, key, norm,
    offset-in-chunk)`` tuples, without absolute offsets."""
    parts = _SPLIT_RE.split(text)
    get = _CHUNK_CACHE.get
    if _NUM_SCALE_RE.search(text) is None:  # common case: no "<number> <scale>" to merge
        out: list[RawToken] = []
        for found in [t if (t := get(c)) is not None else _chunk_tokens(c) for c in parts[::2]]:
            out += found
        return out
    out = []
    for i in range(0, len(parts), 2):
        chunk = parts[i]
        if not chunk:
            continue
        toks = get(chunk)
        if toks is None:
            toks = _chunk_tokens(chunk)
        sep = parts[i - 1] if i else ""
        if toks and out and out[-1][1] == "number" and len(sep) == 1 and sep.isspace():
            last = out[-1]
            merged = _merge_scale(last[0], last[1], last[2], toks)
            if merged is not None:
                out[-1] = (f"{last[0]}{sep}{toks[0][0]}", "number", merged, merged, last[4])
                toks = toks[1:]
        out += toks
    return out


_NUM_SCALE_RE = re.compile(r"\d\s(?:thousand|million|billion|trillion|bn|mn|tn)\b", re.IGNORECASE)
_CHUNK_RE = re.compile(f"[\\w{_MARKS}'’.,]+")
_SPLIT_RE = re.compile(f"([^\\w{_MARKS}'’.,]+)")
_CHUNK_CACHE: dict[str, tuple[RawToken, ...]] = {}
_CACHE_MAX = 300_000
_LONG_SCALES = frozenset({"thousand", "million", "billion", "trillion", "bn", "mn", "tn"})


def _merge_scale(surface: str, kind: str, key: str, toks: tuple[RawToken, ...]) -> str | None:
    """Key of "<number> <scale word>" when ``toks`` starts with a scale word, else None."""
    if kind != "number" or toks[0][3] not in _LONG_SCALES or "," in surface[-1:]:
        return None
    return number_key(float(key[1:]) * _SCALES[toks[0][3]])


def chunk_tokens(chunk: str) -> tuple[RawToken, ...]:
    """Tokens of one chunk of text without whitespace, as :func:`scan` gives them (cached).

    Splitting a text at whitespace and concatenating the chunks' tokens gives the tokens
    of :func:`scan`, except that "<number> <scale word>" is not merged across chunks.
    """
    toks = _CHUNK_CACHE.get(chunk)
    return _chunk_tokens(chunk) if toks is None else toks


def _chunk_tokens(chunk: str) -> tuple[RawToken, ...]:
    """Tokens of one run of word characters and ``'.,`` (cached).

    "No." and "Nos." (alone or glued to a number: "No.19") abbreviate "number": they get
    the stopword key ``"no."``, not the negation "no" ("ranked World No. 19").
    """
    out: list[RawToken] = []
    if chunk[:3] == "No." or chunk[:4] == "Nos.":
        cut = chunk.index(".") + 1
        if cut == len(chunk) or chunk[cut].isdigit():
            out.append((chunk[: cut - 1], "word", "no.", "no.", 0))
            out.extend((t[0], t[1], t[2], t[3], t[4] + cut) for t in _chunk_tokens(chunk[cut:]))
            return _cached_chunk(chunk, out)
    for m in _TOKEN_RE.finditer(chunk):
        init, num, scale, short, word = m.groups("")
        s = m.start()
        if word:
            w_toks = _WORD_CACHE.get(word)
            if w_toks is None:
                w_toks = _word_tokens(word)
            out.extend((t[0], t[1], t[2], t[3], t[4] + s) for t in w_toks)
        elif num:
            value = float(num.replace(",", ""))
            unit = (scale or short).lower()
            if unit in _SCALES:  # else an ordinal suffix: "9th" is 9
                value *= _SCALES[unit]
            k = number_key(value)
            out.append((m.group(), "number", k, k, s))
        else:
            k = init.casefold()
            out.append((init, "initialism", k, k, s))
    return _cached_chunk(chunk, out)


def _cached_chunk(chunk: str, out: list[RawToken]) -> tuple[RawToken, ...]:
    """``out`` as a tuple, stored as the tokens of ``chunk``."""
    toks = tuple(out)
    if len(_CHUNK_CACHE) >= _CACHE_MAX:
        _CHUNK_CACHE.clear()
    _CHUNK_CACHE[chunk] = toks
    return toks


_WORD_CACHE: dict[str, tuple[RawToken, ...]] = {}
_WORD_CACHE_MAX = 300_000


def _word_tokens(word: str) -> tuple[RawToken, ...]:
    """Tokens of one ``\\w+`` match (cached): a word, or n-grams of a no-space script."""
    if word.isascii() or not _NOSPACE_RE.search(word):
        toks: tuple[RawToken, ...] = ((word, "word", word_key(word), normalize_word(word), 0),)
    else:
        parts: list[RawToken] = []
        pos = 0
        for m in _NOSPACE_RE.finditer(word):
            if m.start() > pos:
                w = word[pos : m.start()]
                parts.append((w, "word", word_key(w), normalize_word(w), pos))
            run, s = m.group(), m.start()
            if len(run) == 1:
                parts.append((run, "ngram", run, run, s))
            for i in range(len(run) - 1):
                bigram = run[i : i + 2]
                parts.append((bigram, "ngram", bigram, bigram, s + i))
            pos = m.end()
        if pos < len(word):
            w = word[pos:]
            parts.append((w, "word", word_key(w), normalize_word(w), pos))
        toks = tuple(parts)
    if len(_WORD_CACHE) >= _WORD_CACHE_MAX:
        _WORD_CACHE.clear()
    _WORD_CACHE[word] = toks
    return toks


@lru_cache(maxsize=200_000)
def normalize_word(word: str) -> str:
    """NFKC, case-folded, accents removed, possessive / contraction suffix dropped.

    "France's" -> "france", "they're" -> "they", "Café" -> "cafe"; every "n't" form and
    "cannot" -> "not".
    """
    w = unicodedata.normalize("NFKC", word).casefold().replace("’", "'")
    if not w.isascii():
        decomposed = unicodedata.normalize("NFKD", w)
        stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
        if stripped and max(stripped) < "\u0250":  # accents off Latin letters only
            w = stripped
    if "'" in w:
        if w.endswith("n't"):
            return "not"
        base, _, suffix = w.partition("'")
        if suffix in ("s", "", "ll", "re", "ve", "d", "m", "t"):
            w = base or w
    if w == "cannot":
        return "not"
    return w


@lru_cache(maxsize=200_000)
def word_key(word: str) -> str:
    """Matching key of one word: :func:`normalize_word`, then number words to ``"#<n>"``
    ("twelve" -> ``"#12"``), country adjectives to the country ("French" -> "france"),
    then :func:`stem` ("France's" and "French" both give "franc").
    """
    w = normalize_word(word)
    if w in _NUMBER_WORDS:
        return number_key(_NUMBER_WORDS[w])
    return stem(_DEMONYMS.get(w, w))


def stem(word: str) -> str:
    """Light English stemmer for lower-case ASCII words (others are returned unchanged).

    Rules, first match wins: ``-ies``/``-ied`` -> ``-y``; ``-sses`` -> ``-ss``;
    ``-xes``/``-ches``/``-shes`` -> drop ``-es``; ``-s`` (not ``-ss``/``-us``/``-is``) ->
    drop; ``-ing`` / ``-ed`` -> drop, then undouble a final double consonant; finally a
    trailing ``-e`` is dropped. Words of three letters or fewer are kept.
    Examples: "cities"->"city", "running"->"run", "created"/"creates"->"creat".
    """
    n = len(word)
    if n <= 3 or not word.isascii() or not word.isalpha():
        return word
    if n > 4 and (word.endswith("ies") or word.endswith("ied")):
        return word[:-3] + "y"
    if word.endswith("sses"):
        return word[:-2]
    if word.endswith(("xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s"):
        if word.endswith(("ss", "us", "is")):
            return word
        word = word[:-1]
    elif n > 5 and word.endswith("ing"):
        word = _undouble(word[:-3])
    elif n > 4 and word.endswith("ed"):
        word = _undouble(word[:-2])
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


def _undouble(word: str) -> str:
    if len(word) > 2 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        return word[:-1]
    return word


# ---------------------------------------------------------------------------- sentences

_ABBREVIATIONS: frozenset[str] = frozenset(
    """
    mr mrs ms dr prof st jr sr sen rep gen col lt sgt capt gov pres rev hon vs etc e.g i.e
    inc ltd co corp no nos vol fig figs approx ca cf al dept est jan feb mar apr jun jul aug
    sep sept oct nov dec mt ft op pp ed eds univ assn bros
    """.split()
)
_NUMBER_ABBREVIATIONS: frozenset[str] = frozenset("no nos vol fig figs pp op".split())
_STARTERS: frozenset[str] = frozenset(
    "the it he she they this that these there in a an we i but however and its his her "
    "their our on at as after".split()
)
_LINE_RE = re.compile(r"[^\n\r\u2028\u2029\x0b\x0c\x85]+")
_BULLET_RE = re.compile(r"\s*(?:[-*•‣◦▪●–—>]+|\(?\d{1,3}[.)]|\(?[a-z][.)]|#+)(?=\s)\s*")
# one leading character class, so that `re` skips to candidates at C speed
_END_RE = re.compile(
    r"[.!?…。！？।॥؟۔](?:(?<=[.!?…])[.!?…]*['\"”’»)\]]*(?=\s|$)"
    r"|(?<=[。！？।॥؟۔])[。！？।॥؟۔]*['\"”’»)\]」』]*"
    r"|(?<=[a-z\d][a-z\d][.!?])(?=[A-Z][a-z]))"
)
# _END_RE for ASCII text without "!" or "?", where every end mark is a period: a literal
# first character, which `re` finds several times faster than a character class
_DOT_END_RE = re.compile(r"\.(?:\.*['\")\]]*(?=\s|$)|(?<=[a-z\d][a-z\d]\.)(?=[A-Z][a-z]))")
_HAS_CONTENT_RE = re.compile(r"[^\W_]")


def split_sentences(text: str, *, max_chars: int = 1000) -> list[Span]:
    """Split ``text`` into sentence :class:`Span` s (stripped, each with a letter or digit).

    Boundaries: ``. ! ? …`` followed by whitespace or the end, CJK ``。！？``, and every
    line break, and a period glued between a lower-case word or a number and a
    capitalised word ("century.First", "No. 19.Sarah": text joined without a space). A period is not a boundary after a known abbreviation ("Dr.", "e.g."), a
    single-letter initial ("J. K."), or a dotted initialism ("U.S.") unless the next word
    is a common sentence starter ("The", "It" ...). Decimals and versions ("3.1",
    "v1.2.3") never match because no space follows the dot. Leading list markers
    ("- ", "* ", "• ", "1. ", "2) ", "a) ") are left out of the span. A sentence longer
    than ``max_chars`` is cut at the last space before the limit (or at the limit).
    """
    return [_span(s, e, text[s:e]) for s, e in sentence_bounds(text, max_chars=max_chars)]


_SET_START, _SET_END, _SET_TEXT = (getattr(Span, f).__set__ for f in ("start", "end", "text"))
_NEW = object.__new__


def _span(start: int, end: int, text: str) -> Span:
    """``Span(start, end, text)`` built by setting its slots directly: the same object
    at about half the cost of the frozen ``__init__`` (one per sentence)."""
    span: Span = _NEW(Span)
    _SET_START(span, start)
    _SET_END(span, end)
    _SET_TEXT(span, text)
    return span


def sentence_bounds(text: str, *, max_chars: int = 1000) -> list[tuple[int, int]]:
    """The ``(start, end)`` offsets of :func:`split_sentences`, without building spans.

    Hot loop, inlined: the word before a period (at most its last 40 characters, so
    text without spaces stays linear) is classified from a memo keyed by its raw text
    (:func:`_tail_kind`), and a sentence that starts after at most one space,
    fits in ``max_chars`` and holds a letter or digit is appended directly (every other
    case goes through :func:`_emit`).
    """
    out: list[tuple[int, int]] = []
    if _one_line(text):  # common case: a single line
        lines: list[tuple[int, int]] = [(0, len(text))]
    else:
        lines = [m.span() for m in _LINE_RE.finditer(text)]
    only_dots = text.isascii() and "!" not in text and "?" not in text
    end_iter = (_DOT_END_RE if only_dots else _END_RE).finditer
    tail_get = _TAIL_KIND.get
    content = _HAS_CONTENT_RE.search
    append = out.append
    has_tab = "\t" in text
    for ls, le in lines:
        bullet = _BULLET_RE.match(text, ls, le)
        start = bullet.end() if bullet else ls
        for m in end_iter(text, start, le):
            ms, me = m.span()
            if me - ms == 1 and text[ms] == ".":
                lo = ms - 40 if ms > 40 else 0
                ws = text.rfind(" ", lo, ms)
                if has_tab:
                    tab = text.rfind("\t", lo, ms)
                    if tab > ws:
                        ws = tab
                tail = text[ws + 1 if ws >= 0 else lo : ms]  # a word is read from 40 chars
                kind = tail_get(tail)
                if kind is None:
                    kind = _tail_kind(tail)
                if kind and (kind == 1 or _keep_going(text, ms, me, le)):
                    continue
            # ``me`` follows a punctuation mark, so only the start may need stripping;
            # a sentence starting with a letter or digit has content (no regex search)
            a = start + 1 if text[start] == " " else start
            first = text[a]
            if me - a <= max_chars and (
                first.isalnum() or (not first.isspace() and content(text, a, me))
            ):
                append((a, me))
            else:
                _emit(text, start, me, max_chars, out)
            start = me
        _emit(text, start, le, max_chars, out)
    return out


def _one_line(text: str) -> bool:
    """True when ``text`` holds none of the line breaks :data:`_LINE_RE` splits at
    (substring searches: several times faster than a regex scan)."""
    return not (
        "\n" in text
        or "\r" in text
        or "\x0b" in text
        or "\x0c" in text
        or "\x85" in text
        or "\u2028" in text
        or "\u2029" in text
    )


_WORD_KIND: dict[str, int] = {}  # word before a period -> 0 boundary, 1 keep, 2, 3 (below)


def _word_kind(word: str) -> int:
    """0: a boundary; 1: not a boundary; 2: a number abbreviation ("No."): not a boundary
    when a digit follows; 3: a dotted initialism ("U.S."): a boundary only before a
    capitalised sentence starter."""
    kind = _WORD_KIND.get(word)
    if kind is None:
        if not word:
            kind = 0
        elif word in _NUMBER_ABBREVIATIONS:
            kind = 2
        elif word in _ABBREVIATIONS:
            kind = 1
        elif len(word) == 1:
            kind = 1 if word.isalpha() else 0
        elif word[1] == "." and all(len(p) == 1 for p in word.split(".")):
            kind = 3
        else:
            kind = 0
        if len(_WORD_KIND) >= _CACHE_MAX:
            _WORD_KIND.clear()
        _WORD_KIND[word] = kind
    return kind


_TAIL_KIND: dict[str, int] = {}  # raw text between the last space and a period -> kind


def _tail_kind(tail: str) -> int:
    """:func:`_word_kind` of the word ``tail`` (the raw text between the last space or
    tab and a period, before stripping opening brackets and quotes), memoised when it
    is at most 40 characters long."""
    kind = _word_kind(tail.lstrip("(\"'“‘[").casefold())
    if len(tail) > 40:
        return kind
    if len(_TAIL_KIND) >= _CACHE_MAX:
        _TAIL_KIND.clear()
    _TAIL_KIND[tail] = kind
    return kind


def _keep_going(text: str, ms: int, me: int, line_end: int) -> bool:
    """True when the period at ``ms`` belongs to an abbreviation, initial or initialism."""
    lo = ms - 40 if ms > 40 else 0
    start = text.rfind(" ", lo, ms)
    tab = text.rfind("\t", lo, ms)
    if tab > start:
        start = tab
    word = text[start + 1 if start >= 0 else lo : ms]  # at most 40 chars: linear time
    kind = _word_kind(word.lstrip("(\"'“‘[").casefold())
    if kind < 2:
        return kind == 1
    if kind == 2:  # "No. 5", "fig. 3" but "said no. Then"
        return text[me : me + 2].lstrip()[:1].isdigit()
    rest = text[me : min(line_end, me + 30)].split()
    return not (rest and rest[0][:1].isupper() and rest[0].casefold() in _STARTERS)


def _emit(text: str, start: int, end: int, max_chars: int, out: list[tuple[int, int]]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if start == end:
        return
    while end - start > max_chars:
        cut = text.rfind(" ", start + 1, start + max_chars)
        if cut <= start:
            cut = start + max_chars
        _emit(text, start, cut, max_chars, out)
        start = cut
        while start < end and text[start].isspace():
            start += 1
    if _HAS_CONTENT_RE.search(text, start, end):
        out.append((start, end))
