"""Chinese word segmentation (jieba's, via rjieba) and IDF tables, loaded lazily once per process."""

from __future__ import annotations

import gzip
import re
from functools import lru_cache
from pathlib import Path

import numpy as np

_HAN_RUN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]+")


def han_words(text: str) -> list[str]:
    """jieba's words (precise mode, no HMM) of the Chinese runs of `text`; Latin text never
    reaches the segmenter.

    Segmented by rjieba (jieba-rs: jieba's dictionary and algorithm in Rust), much faster than
    jieba itself and word-for-word the same on real text (tests/core/test_segment.py); the two
    differ only in how they break exact ties such as 人人人. HMM is off: new-word discovery
    adds nothing to a fingerprint and costs a third of the time.
    """
    runs = _HAN_RUN.findall(text)
    if not runs:
        return []
    import rjieba

    return rjieba.cut("\n".join(runs), hmm=False)


@lru_cache(maxsize=1)
def zh_idf() -> tuple[dict[str, float], float]:
    """jieba's IDF table (word -> idf) and its median, for words it does not list."""
    import jieba

    path = Path(jieba.__file__).parent / "analyse" / "idf.txt"
    table: dict[str, float] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            word, _, value = line.rstrip("\n").partition(" ")
            if value:
                table[word] = float(value)
    # numpy's median, not statistics': sorting 270,000 floats in Python holds the GIL too long
    values = np.fromiter(table.values(), dtype=np.float64, count=len(table))
    return table, float(np.median(values))


@lru_cache(maxsize=1)
def en_idf() -> tuple[dict[str, float], float]:
    """English IDF from word frequencies (core/engine/data/en_idf.tsv.gz) and the value for unlisted words."""
    path = Path(__file__).parent / "data" / "en_idf.tsv.gz"
    table: dict[str, float] = {}
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            word, _, value = line.rstrip("\n").partition("\t")
            table[word] = float(value)
    return table, max(table.values())


def warm_up() -> None:
    """Load the segmenter's dictionary and the IDF tables now (once per process).

    The desktop app calls this on a thread at start-up, so that the first check does not:
    rjieba builds its dictionary holding the GIL, which would freeze the window.
    """
    han_words("预热")
    zh_idf()
    en_idf()
