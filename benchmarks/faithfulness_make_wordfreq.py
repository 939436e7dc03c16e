"""Regenerate ``src/veracity/faithfulness/data/en_zipf.txt.gz`` from the ``wordfreq`` package.

Run by hand (needs ``pip install wordfreq==3.1.1``; not a runtime dependency)::

    python benchmarks/faithfulness_make_wordfreq.py

The file holds the 50,000 most frequent English words of wordfreq's "large" list,
grouped by Zipf frequency rounded to one decimal: one line per value,
``<zipf*10>\t<word> <word> ...``. wordfreq's data is licensed CC BY-SA 4.0
(see ``data/README.md``); this derived list carries the same licence.
"""

from __future__ import annotations

import gzip
from collections import defaultdict
from pathlib import Path

__all__ = ["main"]

OUT = Path(__file__).resolve().parents[1] / "src/veracity/faithfulness/data/en_zipf.txt.gz"
TOP_N = 50_000


def main() -> None:
    """Write the compact Zipf list."""
    import wordfreq  # type: ignore[import-not-found]

    groups: dict[int, list[str]] = defaultdict(list)
    for word in wordfreq.top_n_list("en", TOP_N, wordlist="large"):
        if not word.isalpha() or " " in word:
            continue
        groups[round(wordfreq.zipf_frequency(word, "en", wordlist="large") * 10)].append(word)
    lines = [f"{z}\t{' '.join(sorted(ws))}" for z, ws in sorted(groups.items(), reverse=True)]
    data = ("\n".join(lines) + "\n").encode("utf-8")
    OUT.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes, {sum(map(len, groups.values()))} words)")


if __name__ == "__main__":
    main()
