"""Word tables for the simhash keywords and the shared vocabulary: each word of an IDF table
or of a text gets an id once per process, so counting words, weighing them and hashing them
are numpy operations over ids instead of a dictionary look-up per word of every document."""

from __future__ import annotations

import gzip
import importlib.util
import threading
from collections.abc import Sequence
from functools import lru_cache
from itertools import repeat
from pathlib import Path

import numpy as np

from core.engine.hashing import string_hash

#: Words a table learns from texts before it forgets them again (a hostile file of random
#: Latin "words" must not grow the process without bound).
LEARNED_LIMIT = 1 << 20


class Lexicon:
    """Words by id with their IDF (the table's, or `unlisted` for a word it does not list)
    and their stable hash (core.engine.hashing.string_hash, computed when first asked).

    Ids are valid while `lock` is held: the caller takes it around one batch of look-ups and
    gathers (`ids`, `idf`, `hashes`, `words`), since learning too many words starts afresh."""

    def __init__(self, words: list[str], idf: np.ndarray, unlisted: float):
        self.unlisted = unlisted
        self.lock = threading.Lock()
        self._table_words, self._table_idf = words, np.asarray(idf, dtype=np.float64)
        # a word the table lists twice keeps its last value, as a dict built line by line would
        self._table_ids = dict(zip(words, range(len(words))))
        self._reset()

    def _reset(self) -> None:
        words = self._table_words
        self.words = list(words)
        self._ids: dict[str, int] = {}  # the words texts used: a small dict, looked up first
        self._idf = self._table_idf.copy()
        self._length = np.fromiter(map(len, words), dtype=np.int32, count=len(words))
        self._hash = np.zeros(len(words), dtype=np.uint64)
        self._hashed = np.zeros(len(words), dtype=bool)

    def __len__(self) -> int:
        return len(self.words)

    def get(self, word: str) -> int | None:
        """The id of a word the table lists or a text used, else None."""
        known = self._ids.get(word)
        return self._table_ids.get(word) if known is None else known

    def ids(self, words: Sequence[str], forget: bool = True) -> np.ndarray:
        """The id of each word (int64), learning the words not known yet."""
        out = np.fromiter(map(self._ids.get, words, repeat(-1)), dtype=np.int64, count=len(words))
        missing = np.flatnonzero(out < 0)
        if len(missing):
            if forget and len(self.words) + len(missing) > len(self._table_words) + LEARNED_LIMIT:
                self._reset()  # forget what earlier texts taught, then look these words up again
                return self.ids(words, forget=False)
            out[missing] = [self._learn(words[at]) for at in missing.tolist()]
        return out

    def _learn(self, word: str) -> int:
        known = self._ids.get(word)  # the same new word earlier in this batch
        if known is None:
            known = self._table_ids.get(word)
        if known is not None:
            self._ids[word] = known
            return known
        at = self._ids[word] = len(self.words)
        self.words.append(word)
        if at >= len(self._idf):
            grow = max(1024, len(self._idf) // 2)
            self._idf = np.concatenate((self._idf, np.full(grow, self.unlisted)))
            self._length = np.concatenate((self._length, np.zeros(grow, dtype=np.int32)))
            self._hash = np.concatenate((self._hash, np.zeros(grow, dtype=np.uint64)))
            self._hashed = np.concatenate((self._hashed, np.zeros(grow, dtype=bool)))
        self._idf[at] = self.unlisted
        self._length[at] = len(word)
        return at

    def listed(self) -> np.ndarray:
        """The IDF of each word of the table (a word it lists twice once, with its last value)."""
        ids = self._table_ids.values()
        return self._table_idf[np.fromiter(ids, dtype=np.int64, count=len(ids))]

    def idf(self, ids: np.ndarray) -> np.ndarray:
        """The IDF of each id (float64)."""
        return self._idf[ids]

    def lengths(self, ids: np.ndarray) -> np.ndarray:
        """The length in characters of each id's word."""
        return self._length[ids]

    def hashes(self, ids: np.ndarray) -> np.ndarray:
        """The stable hash of each id's word (uint64)."""
        todo = np.unique(ids[~self._hashed[ids]])
        if len(todo):
            words = self.words
            self._hash[todo] = [string_hash(words[i]) for i in todo.tolist()]
            self._hashed[todo] = True
        return self._hash[ids]


def _read_table(path: Path, opener=open, sep: str = " ") -> tuple[list[str], np.ndarray]:
    """The words and values of a file of `word<sep>value` lines (one split, no loop per line)."""
    with opener(path, "rt", encoding="utf-8") as f:
        fields = f.read().replace("\n", sep).split(sep)
    if fields and not fields[-1]:
        fields.pop()
    return fields[0::2], np.array(list(map(float, fields[1::2])), dtype=np.float64)


@lru_cache(maxsize=1)
def zh_lexicon() -> Lexicon:
    """jieba's IDF table; a word it does not list weighs its median. Its path is found without
    importing jieba (the app segments with rjieba and reads only this file of jieba's)."""
    spec = importlib.util.find_spec("jieba")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("jieba is not installed: its IDF table (jieba/analyse/idf.txt) is needed")
    words, values = _read_table(Path(spec.submodule_search_locations[0]) / "analyse" / "idf.txt")
    lexicon = Lexicon(words, values, 0.0)
    lexicon.unlisted = float(np.median(lexicon.listed()))
    return lexicon


@lru_cache(maxsize=1)
def en_lexicon() -> Lexicon:
    """English IDF from word frequencies (core/engine/data/en_idf.tsv.gz); a word it does not
    list weighs as much as its rarest word."""
    words, values = _read_table(Path(__file__).parent / "data" / "en_idf.tsv.gz", gzip.open, "\t")
    return Lexicon(words, values, float(values.max()) if len(values) else 0.0)
