"""Word tables for the simhash keywords and the shared vocabulary: each word of an IDF table
or of a text gets an id once per process, so counting words, weighing them and hashing them
are numpy operations over ids instead of a dictionary look-up per word of every document.

A table is kept as its words sorted (a numpy string array) with their IDF, derived once from
its file and cached in the user's data folder under the file's hash: a process reads that and
looks the words texts use up in it by binary search, instead of parsing 270,000 lines into a
dictionary first."""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import threading
from collections.abc import Sequence
from functools import lru_cache
from itertools import compress, repeat
from pathlib import Path

import numpy as np

from core.engine.derived import derived
from core.engine.hashing import string_hash

#: Words a table learns from texts before it forgets them again (a hostile file of random
#: Latin "words" must not grow the process without bound).
LEARNED_LIMIT = 1 << 20


class Lexicon:
    """Words by id with their IDF (the table's, or `unlisted` for a word it does not list)
    and their stable hash (core.engine.hashing.string_hash, computed when first asked).
    The table's words, sorted, have the first ids; words texts use learn the next ones.

    Ids are valid while `lock` is held: the caller takes it around one batch of look-ups and
    gathers (`ids`, `idf`, `hashes`, `words`), since learning too many words starts afresh."""

    def __init__(self, table: np.ndarray, idf: np.ndarray, unlisted: float):
        """`table`: the listed words, sorted and each once (a numpy str array); `idf`: theirs."""
        self.unlisted = unlisted
        self.lock = threading.Lock()
        self._table, self._table_idf = table, np.asarray(idf, dtype=np.float64)
        self._reset()

    def _reset(self) -> None:
        self.epoch = object()  # a new one whenever the ids start afresh: ids of another epoch are void
        self._learned: list[str] = []
        self._ids: dict[str, int] = {}  # the words texts used: a small dict, looked up first
        self._idf = self._table_idf.copy()
        self._length = np.char.str_len(self._table).astype(np.int32)
        self._hash = np.zeros(len(self._table), dtype=np.uint64)
        self._hashed = np.zeros(len(self._table), dtype=bool)

    def __len__(self) -> int:
        return len(self._table) + len(self._learned)

    def _find(self, words: list[str]) -> np.ndarray:
        """The table id of each word (int64), -1 where the table does not list it."""
        if not words or not len(self._table):
            return np.full(len(words), -1, dtype=np.int64)
        # in the table's own width (numpy would otherwise copy the table to compare): a longer
        # word is cut, and so is a trailing NUL dropped; the lengths tell those apart
        query = np.array(words, dtype=self._table.dtype)
        at = np.minimum(np.searchsorted(self._table, query), len(self._table) - 1)
        same = (self._table[at] == query) & (self._length[at] == np.fromiter(map(len, words), np.int32, len(words)))
        return np.where(same, at, -1)

    def find(self, words: Sequence[str]) -> np.ndarray:
        """The id of each word the table lists or a text used (int64), else -1."""
        out = np.fromiter(map(self._ids.get, words, repeat(-1)), dtype=np.int64, count=len(words))
        missing = np.flatnonzero(out < 0)
        if len(missing):
            out[missing] = self._find([words[at] for at in missing.tolist()])
        return out

    def get(self, word: str) -> int | None:
        """The id of a word the table lists or a text used, else None."""
        at = int(self.find([word])[0])
        return at if at >= 0 else None

    def ids(self, words: Sequence[str], forget: bool = True) -> np.ndarray:
        """The id of each word (int64), learning the words not known yet."""
        out = np.fromiter(map(self._ids.get, words, repeat(-1)), dtype=np.int64, count=len(words))
        unknown = out < 0
        if unknown.any():
            # the words not known yet, in order: picked and deduplicated in C, since a first
            # batch of texts knows almost none
            absent = list(compress(words, unknown.tolist()))
            new = list(dict.fromkeys(absent))
            if forget and len(self) + len(new) > len(self._table) + LEARNED_LIMIT:
                return self.afresh(words)
            found = self._find(new).tolist()
            ids = self._ids
            for word, at in zip(new, found):
                ids[word] = at if at >= 0 else self._learn(word)
            out[unknown] = np.fromiter(map(ids.__getitem__, absent), dtype=np.int64, count=len(absent))
        return out

    def afresh(self, words: Sequence[str]) -> np.ndarray:
        """`ids(words)` after forgetting what earlier texts taught (a new `epoch`), as `ids` does
        when they would teach it too many words."""
        self._reset()
        return self.ids(words, forget=False)

    def _learn(self, word: str) -> int:
        at = len(self)
        self._learned.append(word)
        if at >= len(self._idf):
            grow = max(1024, len(self._idf) // 2)
            self._idf = np.concatenate((self._idf, np.full(grow, self.unlisted)))
            self._length = np.concatenate((self._length, np.zeros(grow, dtype=np.int32)))
            self._hash = np.concatenate((self._hash, np.zeros(grow, dtype=np.uint64)))
            self._hashed = np.concatenate((self._hashed, np.zeros(grow, dtype=bool)))
        self._idf[at] = self.unlisted
        self._length[at] = len(word)
        return at

    def words(self, ids: np.ndarray) -> list[str]:
        """The word of each id."""
        ids = np.asarray(ids, dtype=np.int64)
        out = np.empty(len(ids), dtype=object)
        listed = ids < len(self._table)
        out[listed] = self._table[ids[listed]].tolist()
        out[~listed] = [self._learned[i] for i in (ids[~listed] - len(self._table)).tolist()]
        return out.tolist()

    def listed(self) -> np.ndarray:
        """The IDF of each word of the table (a word it lists twice once, with its last value)."""
        return self._table_idf

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
            self._hash[todo] = [string_hash(w) for w in self.words(todo)]
            self._hashed[todo] = True
        return self._hash[ids]


def _read_table(path: Path, opener=open, sep: str = " ") -> tuple[np.ndarray, np.ndarray]:
    """The words of a file of `word<sep>value` lines, sorted and each once (the last line of a
    word gives its value), and their values (one split, no loop per line)."""
    with opener(path, "rt", encoding="utf-8") as f:
        fields = f.read().replace("\n", sep).split(sep)
    if fields and not fields[-1]:
        fields.pop()
    table = dict(zip(fields[0::2], fields[1::2]))  # a later line of a word replaces the earlier
    words = sorted(table)
    return np.array(words, dtype=str), np.array(list(map(float, map(table.__getitem__, words))), dtype=np.float64)


def _cached_table(path: Path, opener=open, sep: str = " ") -> tuple[np.ndarray, np.ndarray]:
    """`_read_table(path)`, derived once per version of the file (core.engine.derived, under
    the file's SHA-256)."""
    key = hashlib.sha256(path.read_bytes()).hexdigest()[:24]
    arrays = derived(path.name, key, lambda: dict(zip(("words", "idf"), _read_table(path, opener, sep))))
    return arrays["words"], arrays["idf"]


def _jieba_idf() -> Path:
    """jieba's IDF table, found without importing jieba (the app segments with rjieba and reads
    only this file of jieba's)."""
    spec = importlib.util.find_spec("jieba")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("jieba is not installed: its IDF table (jieba/analyse/idf.txt) is needed")
    return Path(spec.submodule_search_locations[0]) / "analyse" / "idf.txt"


@lru_cache(maxsize=1)
def zh_lexicon() -> Lexicon:
    """jieba's IDF table; a word it does not list weighs its median."""
    words, values = _cached_table(_jieba_idf())
    return Lexicon(words, values, float(np.median(values)) if len(values) else 0.0)


@lru_cache(maxsize=1)
def en_lexicon() -> Lexicon:
    """English IDF from word frequencies (core/engine/data/en_idf.tsv.gz); a word it does not
    list weighs as much as its rarest word."""
    words, values = _cached_table(Path(__file__).parent / "data" / "en_idf.tsv.gz", gzip.open, "\t")
    return Lexicon(words, values, float(values.max()) if len(values) else 0.0)
