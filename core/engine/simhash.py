"""Each text's words: the 64-bit simhash of its TF-IDF-weighted keywords and its content
vocabulary, a batch of texts at a time; Hamming distances between fingerprints."""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from core.engine.batches import batches
from core.engine.hashing import hash_strings
from core.engine.lexicon import Lexicon, en_lexicon, zh_lexicon
from core.engine.normalize import Units
from core.engine.segment import Piece, Remembered, content_pieces, words_of
from core.engine.vocabulary import IDF_FLOOR

_BITS = np.arange(64, dtype=np.uint64)
#: Text whose words are counted and weighed together (numpy's per-call cost, paid per batch).
WORD_BATCH_CHARS = 200_000


# What is not prose: markup, addresses and code say nothing about what a text says, and two
# pages sharing only their HTML or Markdown must not look alike.
_NOT_PROSE = re.compile(
    r"```.*?(?:```|\Z)"  # fenced code blocks
    r"|<!--.*?-->|<script\b.*?</script>|<style\b.*?</style>"  # comments, scripts, styles
    r"|</?[A-Za-z][^<>]{0,2000}>"  # HTML/XML tags with their attributes
    r"|&[A-Za-z]{2,8};|&#x?[0-9A-Fa-f]{1,6};"  # entities
    r"|(?:https?|ftp|file|mailto):[^\s<>\"'）)\]]+|www\.[^\s<>\"'）)\]]+"  # addresses
    r"|`[^`\n]{1,200}`"  # inline code
    r"|\]\([^)\s]{0,500}\)"  # Markdown link targets
    r"|[\w.+-]+@[\w-]+\.[\w.]+",  # e-mail addresses
    re.DOTALL | re.IGNORECASE)


#: Signs of what `_NOT_PROSE` blanks out: a text with none of them is taken for all prose. Each
#: is looked for as a plain substring (one fast search each; a pattern of alternatives would
#: try them all at every character).
_MARKUP_SIGNS = ("<", "`", "&", "@", "](", "://", "www.")


def prose(text: str) -> str:
    """The text with markup, code, addresses and e-mail blanked out (same length)."""
    return _NOT_PROSE.sub(lambda m: " " * len(m.group()), text)


def _latin_words(clean: str, u: Units) -> dict[str, int]:
    """The Latin words of a text's prose (case-folded, two or more letters, not numbers) with
    their counts; the Han runs are jieba's (`content_words`)."""
    words = u.starts[~u.single].tolist(), u.ends[~u.single].tolist()
    counted = Counter(unicodedata.normalize("NFKC", clean[s:e]).casefold() for s, e in zip(*words))
    out: dict[str, int] = {}
    for w, n in counted.items():
        w = w.strip()
        if len(w) > 1 and not w.isdigit() and not w[:1].isdigit():
            out[w] = n  # two forms stripped alike: the later one's count, as before
    return out


@dataclass(frozen=True, slots=True)
class _Words:
    """The content words of a batch of texts, one entry per (text, word), sorted by text."""

    doc: np.ndarray  # int64: the text
    count: np.ndarray  # int64: how often the text uses the word
    idf: np.ndarray  # float64
    latin: np.ndarray  # bool: the word's id is in en_lexicon (else zh_lexicon)
    ids: np.ndarray  # int64: its id in that lexicon

    def hashes(self, zh: Lexicon, en: Lexicon) -> np.ndarray:
        out = np.empty(len(self.ids), dtype=np.uint64)
        out[~self.latin] = zh.hashes(self.ids[~self.latin])
        out[self.latin] = en.hashes(self.ids[self.latin])
        return out

    def words(self, zh: Lexicon, en: Lexicon, at: np.ndarray | None = None) -> list[str]:
        """The word of each entry (of the entries `at`)."""
        latin, ids = (self.latin, self.ids) if at is None else (self.latin[at], self.ids[at])
        out = np.empty(len(ids), dtype=object)
        out[~latin] = zh.words(ids[~latin])
        out[latin] = en.words(ids[latin])
        return out.tolist()


def cut_prose(text: str, shared: Sequence[int] = ()) -> tuple[str, list[Piece]]:
    """The text's prose (`prose`) and its jieba words of two or more characters
    (`content_pieces`), the only ones weighed: left out here, on the segmenting thread, the
    single characters (two thirds of a Chinese text's words) are neither counted nor looked up.
    `shared`: the numbers of the text's lines whose words are remembered (`shared_lines`), for
    a text without markup (blanking it may join lines)."""
    if any(sign in text for sign in _MARKUP_SIGNS):
        clean = prose(text)
        return clean, content_pieces(clean)
    return text, content_pieces(text, shared)


def _words(texts: Sequence[str], units: Sequence[Units], zh: Lexicon, en: Lexicon,
           segmented: Iterator[tuple[str, list[Piece]]] | None = None) -> _Words:
    """Every content word of each text's prose (jieba words of two or more characters, Latin
    words of two or more letters; not numbers, markup, code or addresses) with its count and
    IDF: the zh table's for a jieba word, the en table's for a Latin one (the Latin word wins
    where a text has both forms of one string). `segmented` gives `cut_prose` of each text in
    turn when already under way. Call with both lexicons' locks held."""
    cut = [next(segmented) for _ in texts] if segmented is not None else [cut_prose(t) for t in texts]
    cleans = [clean for clean, _ in cut]
    # every word looked up, then counted per text by one sort of (text, id)
    every, sizes = _zh_ids([pieces for _, pieces in cut], zh)
    keys, zcount = np.unique(np.repeat(np.arange(len(texts), dtype=np.int64) * len(zh), sizes) + every,
                             return_counts=True)
    zdoc, zids = np.divmod(keys, len(zh))
    latin = [_latin_words(c, u) for c, u in zip(cleans, units)]
    flat = [w for words in latin for w in words]
    edoc = np.repeat(np.arange(len(texts), dtype=np.int64), [len(w) for w in latin])
    in_zh = zh.find(flat)
    both = in_zh >= 0
    if both.any():  # a Latin word folded into a string jieba also gave (full-width forms and the like)
        drop = np.isin(zdoc * len(zh) + zids, edoc[both] * len(zh) + in_zh[both])
        zdoc, zids, zcount = zdoc[~drop], zids[~drop], zcount[~drop]
    eids = en.ids(flat)
    ecount = np.fromiter((n for words in latin for n in words.values()), dtype=np.int64, count=len(eids))
    doc = np.concatenate((zdoc, edoc))
    order = np.argsort(doc, kind="stable")
    return _Words(doc[order], np.concatenate((zcount, ecount))[order],
                  np.concatenate((zh.idf(zids), en.idf(eids)))[order],
                  np.concatenate((np.zeros(len(zids), bool), np.ones(len(eids), bool)))[order],
                  np.concatenate((zids, eids))[order])


def _zh_ids(texts: Sequence[Sequence[Piece]], zh: Lexicon) -> tuple[np.ndarray, list[int]]:
    """The ids of the texts' words (`content_pieces`), in order, and how many each text has:
    `zh.ids` of them all, but a remembered piece's ids are reused while `zh` has not started
    afresh since it looked them up (its words are still known there, so the words looked up are
    learned in the same order). A look-up that starts afresh is done again with every word."""
    epoch = zh.epoch
    todo: list[str] = []  # the words looked up now
    parts: list[np.ndarray | int] = []  # each piece's ids reused, or how many of `todo` are its
    sizes = []
    for pieces in texts:
        size = 0
        for p in pieces:
            if isinstance(p, Remembered):
                looked = p.looked
                if looked is not None and looked[0] is epoch:
                    parts.append(looked[1])
                    size += len(looked[1])
                    continue
                words = p.words()
            else:
                words = p
            todo += words
            parts.append(len(words))
            size += len(words)
        sizes.append(size)
    found = zh.ids(todo)
    if zh.epoch is not epoch:  # as `zh.ids` of every word would have: afresh, every word learned in order
        return zh.afresh([w for pieces in texts for w in words_of(pieces)]), sizes
    out, at = [], 0
    for p, part in zip((p for pieces in texts for p in pieces), parts):
        if isinstance(part, int):
            ids, at = found[at:at + part], at + part
            if isinstance(p, Remembered):
                p.looked = (epoch, ids.copy())
            out.append(ids)
        else:
            out.append(part)
    return (np.concatenate(out) if out else found), sizes


def _by_doc(doc: np.ndarray, n: int) -> list[int]:
    """Where each of n texts' entries start in `doc` (sorted), and the end."""
    return np.searchsorted(doc, np.arange(n + 1)).tolist()


def vocabulary(text: str, units: Units) -> dict[str, tuple[int, float]]:
    """Every content word of one text (as `word_features` sees it) with its count and IDF."""
    zh, en = zh_lexicon(), en_lexicon()
    with zh.lock, en.lock:
        found = _words([text], [units], zh, en)
        return dict(zip(found.words(zh, en), zip(found.count.tolist(), found.idf.tolist())))


def word_features(texts: Sequence[str], units: Sequence[Units], top: int,
                  segmented: Iterator[tuple[str, list[Piece]]] | None = None
                  ) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """For each text: the simhash of its `top` words by TF-IDF weight (heaviest first, ties by
    word, so it is deterministic), and its content words (IDF >= IDF_FLOOR) as sorted hashes
    with their IDF (float32), for the shared-vocabulary source. `segmented`: `cut_prose` of
    each text in turn, when already under way."""
    out: list = []
    for group in batches([len(t) for t in texts], WORD_BATCH_CHARS):
        out += _features(texts[group.start:group.stop], units[group.start:group.stop], top, segmented)
    return out


def _features(texts: Sequence[str], units: Sequence[Units], top: int,
              segmented: Iterator[tuple[str, list[Piece]]] | None) -> list[tuple[int, np.ndarray, np.ndarray]]:
    zh, en = zh_lexicon(), en_lexicon()
    with zh.lock, en.lock:
        found = _words(texts, units, zh, en, segmented)
        hashes = found.hashes(zh, en)
        weight = found.count * found.idf
        # keywords: heaviest first within each text; only the entries as heavy as a text's
        # top-th (its floor) need their words compared (ties by word, in code-point order like str's)
        floor = np.full(len(texts), np.inf)
        for i, (a, b) in enumerate(itertools.pairwise(_by_doc(found.doc, len(texts)))):
            if b > a:  # the top-th heaviest weight, or the lightest of fewer
                floor[i] = np.partition(weight[a:b], b - a - min(top, b - a))[b - a - min(top, b - a)]
        near = np.flatnonzero(weight >= floor[found.doc])
        words = np.array(found.words(zh, en, near), dtype=str)
        rank = np.empty(len(near), dtype=np.int64)
        rank[np.argsort(words, kind="stable")] = np.arange(len(near))
        near = near[np.lexsort((rank, -weight[near], found.doc[near]))]
        starts = np.searchsorted(found.doc[near], np.arange(len(texts)))
        near = near[np.arange(len(near)) - starts[found.doc[near]] < top]
        keys = _by_doc(found.doc[near], len(texts))
        content = np.flatnonzero(found.idf >= IDF_FLOOR)
        spans = _by_doc(found.doc[content], len(texts))
    out = []
    for i in range(len(texts)):
        chosen = near[keys[i]:keys[i + 1]]
        mine = content[spans[i]:spans[i + 1]]
        mine = mine[np.argsort(hashes[mine], kind="stable")]
        out.append((_fold(hashes[chosen], weight[chosen]), hashes[mine], found.idf[mine].astype(np.float32)))
    return out


def simhash(weighted: list[tuple[str, float]]) -> int:
    """Charikar's simhash of (feature, weight) pairs: each bit is the sign of the weighted vote
    of the features' bits."""
    return _fold(hash_strings([w for w, _ in weighted]), np.array([x for _, x in weighted], dtype=np.float64))


def _fold(hashes: np.ndarray, weights: np.ndarray) -> int:
    if not len(hashes):
        return 0
    bits = ((hashes[:, None] >> _BITS) & np.uint64(1)).astype(np.float64)
    votes = weights @ (2.0 * bits - 1.0)
    return int(np.sum(np.where(votes > 0, np.uint64(1) << _BITS, np.uint64(0)), dtype=np.uint64))


def hamming(a: int, b: int) -> int:
    """Number of differing bits of two 64-bit fingerprints."""
    return (a ^ b).bit_count()


def hamming_matrix(fps: np.ndarray) -> np.ndarray:
    """All pairwise Hamming distances of a uint64 array (uint8 matrix)."""
    fps = np.asarray(fps, dtype=np.uint64)
    return np.bitwise_count(fps[:, None] ^ fps[None, :]).astype(np.uint8)
