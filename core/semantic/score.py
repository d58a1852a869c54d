"""The score of a sentence pair in one language: the probability that the two sentences say
the same thing, from the encoder's cosine and what their words show.

The encoder alone is weaker than shared words on MSRP (news sentences telling the same story
with other facts), and both miss what sets such pairs apart: a number, a name or a clause only
one side has. The score is a logistic fit on four fifths of MSRP's training split over
features that read Chinese as well as English (Han characters and jieba's words where English
has words) and over the two sentences' vectors; bench/meaning_accuracy.py reports it on the
held-out fifth (decisions 106, 130).

MSRP's pairs all share a good part of their words: the fit judges such pairs and no others.
A reworded essay's sentences share few words, and there the resemblance score (the cosine,
shared words, numbers, lengths) stays the evidence: `pair_score` uses each where it applies.
"""

from __future__ import annotations

import functools
import math
import unicodedata
from collections import Counter

import numpy as np

from core.engine.lexicon import Lexicon, en_lexicon, zh_lexicon
from core.engine.segment import han_words
from core.lazy import LazyPattern
from core.semantic.fitted import VECTOR_WEIGHTS, WEIGHTS

_HAN_CLASS = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_WORDS = LazyPattern(r"[^\W_]+")
_HAN = LazyPattern(f"[{_HAN_CLASS}]")
_HAN_RUN = LazyPattern(f"[{_HAN_CLASS}]+")
_TOKENS = LazyPattern(f"[{_HAN_CLASS}]|[^\\W_]+")
_SUFFIXES = ("ations", "ation", "ings", "ing", "edly", "ed", "es", "s", "ly")
_NUMBER = LazyPattern(r"\d+(?:[.,]\d+)*")
# a capitalised Latin word that does not open a sentence: a name (Chinese has no such mark;
# its names count through the words only one side has)
_NAME = LazyPattern(r"(?<!^)(?<![.!?]\s)\b[A-Z][a-zA-Z]+")

FEATURES = ("cosine", "shared words", "shared of the longer", "shared of the shorter",
            "length ratio", "numbers that differ", "names that differ", "in-order words of the shorter",
            "in-order words of the longer", "shared character trigrams", "shared character 4-grams",
            "shared IDF weight", "IDF weight only the one side has (larger side)",
            "IDF weight only one side has (smaller side)", "log(1 + IDF weight only one side has)",
            "shared tokens (smaller share)", "shared tokens (larger share)",
            "shared token pairs (smaller share)", "shared token pairs (larger share)",
            "shared token triples (smaller share)", "shared token triples (larger share)",
            "shared token 4-grams (smaller share)", "shared token 4-grams (larger share)",
            "content words only one side has (larger count)", "content words only one side has (smaller count)",
            "length difference (tokens)", "log(1 + tokens of both)")
# the fit's weights (core/semantic/fitted.py, written by bench/meaning_accuracy.py --fit --write):
# a bias and one weight per feature in FEATURES' order, then one per number of `vector_features`
# the resemblance score's weights (the earlier fit on the same four fifths): bias, cosine,
# shared words (Jaccard), numbers that differ, length ratio (in words)
RESEMBLANCE = (-4.864, 3.532, 3.07, -0.478, 1.83)
JUDGED = 0.25  # shared content words (IDF-weighted Jaccard, `shared_weight`) from which the fit
# judges a pair: MSRP's range (98 % of its paraphrases and 87 % of the others share this
# much; the bundled reworded essays' sentences at most 0.23)
SAME = 0.8  # ...and the fit's probability a link needs there (below it: other facts, no link)


@functools.lru_cache(maxsize=1 << 16)  # a sentence is scored against several partners
def words(sentence: str) -> frozenset[str]:
    """Case-folded words of a sentence; Chinese as pairs of adjacent Han characters (single
    characters are shared by unrelated Chinese sentences far more than English words are)."""
    han = set()
    for run in _HAN_RUN.findall(sentence):
        han.update(run[i:i + 2] for i in range(max(1, len(run) - 1)))
    return frozenset(han | {w.casefold() for w in _WORDS.findall(_HAN.sub(" ", sentence))})


@functools.lru_cache(maxsize=1 << 16)
def numbers(sentence: str) -> frozenset[str]:
    """The numbers written with digits (full-width too), thousands separators dropped."""
    folded = unicodedata.normalize("NFKC", sentence)
    return frozenset(n.replace(",", "") for n in _NUMBER.findall(folded))


@functools.lru_cache(maxsize=1 << 14)  # only sentences the fit judges come here
def _tokens(sentence: str) -> tuple[str, ...]:
    """The sentence in order: case-folded words, Han characters one by one."""
    return tuple(t.casefold() for t in _TOKENS.findall(sentence))


def _grams(sentence: str, n: int) -> frozenset[str]:
    text = " ".join(sentence.casefold().split())
    return frozenset(text[i:i + n] for i in range(len(text) - n + 1))


@functools.lru_cache(maxsize=1 << 14)
def _weighted(sentence: str) -> dict[str, float]:
    """Content words with their IDF: jieba's words and table for Chinese, the word-frequency
    table for English (a word it does not list counts as rare)."""
    out: dict[str, float] = {}
    if _HAN.search(sentence):
        out.update(_idf(zh_lexicon(), han_words(sentence)))
    out.update(_idf(en_lexicon(), [w.casefold() for w in _WORDS.findall(_HAN.sub(" ", sentence))]))
    return out


def _idf(lexicon: Lexicon, words: list[str]) -> dict[str, float]:
    if not words:
        return {}
    with lexicon.lock:  # ids are valid while it is held
        values = lexicon.idf(lexicon.ids(words)).tolist()
    return dict(zip(words, values))


def lcs_length(a: tuple, b: tuple) -> int:
    """The length of the longest common subsequence of two token sequences (bit-parallel:
    one big-integer step per token of `b`)."""
    if not a or not b:
        return 0
    masks: dict[str, int] = {}
    for i, token in enumerate(a):
        masks[token] = masks.get(token, 0) | (1 << i)
    full = (1 << len(a)) - 1
    v = full
    for token in b:
        u = v & masks.get(token, 0)
        v = ((v + u) | (v - u)) & full
    return len(a) - v.bit_count()


def _jaccard(a, b) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


def shared_weight(left: str, right: str) -> float:
    """The IDF-weighted share of content words two sentences have in common (Jaccard)."""
    wa, wb = _weighted(left), _weighted(right)
    both = sum(v for w, v in wa.items() if w in wb)
    total = sum(wa.values()) + sum(wb.values()) - both
    return both / total if total > 0 else 0.0


def features(cosine: float, left: str, right: str) -> tuple[float, ...]:
    """The values of FEATURES for a sentence pair."""
    a, b = words(left), words(right)
    shared = len(a & b)
    ta, tb = _tokens(left), _tokens(right)
    na, nb = numbers(left), numbers(right)
    xa, xb = set(_NAME.findall(left)), set(_NAME.findall(right))
    wa, wb = _weighted(left), _weighted(right)
    total_a, total_b = sum(wa.values()), sum(wb.values())
    only_a = sum(v for w, v in wa.items() if w not in wb)
    only_b = sum(v for w, v in wb.items() if w not in wa)
    both = total_a - only_a
    unmatched = (only_a / total_a if total_a else 0.0, only_b / total_b if total_b else 0.0)
    common = lcs_length(ta, tb)
    return (cosine, _jaccard(a, b), shared / max(1, len(a), len(b)), shared / max(1, min(len(a), len(b))),
            min(len(a), len(b)) / max(1, len(a), len(b)),
            1 - _jaccard(na, nb) if na or nb else 0.0,
            1 - _jaccard(xa, xb) if xa or xb else 0.0,
            common / max(1, min(len(ta), len(tb))), common / max(1, len(ta), len(tb)),
            _jaccard(_grams(left, 3), _grams(right, 3)), _jaccard(_grams(left, 4), _grams(right, 4)),
            both / max(1e-9, total_a + total_b - both) if total_a + total_b else 0.0,
            max(unmatched), min(unmatched), math.log1p(max(only_a, only_b)),
            *_ordered(ta, tb), max(len(wa.keys() - wb.keys()), len(wb.keys() - wa.keys())),
            min(len(wa.keys() - wb.keys()), len(wb.keys() - wa.keys())), abs(len(ta) - len(tb)),
            math.log1p(len(ta) + len(tb)))


def _stem(token: str) -> str:
    """A Latin word without its commonest inflection ("reports", "reported" -> "report")."""
    for suffix in _SUFFIXES:
        if len(token) > len(suffix) + 3 and token.endswith(suffix):
            return token[:-len(suffix)]
    return token


def _ordered(ta: tuple, tb: tuple) -> tuple[float, ...]:
    """Shared runs of 1 to 4 tokens (stemmed words, Han characters), counted with repeats as
    BLEU counts them: for each length the smaller and the larger of the two sides' shares."""
    sa, sb = [_stem(t) for t in ta], [_stem(t) for t in tb]
    out: list[float] = []
    for n in range(1, 5):
        ga = Counter(tuple(sa[i:i + n]) for i in range(len(sa) - n + 1))
        gb = Counter(tuple(sb[i:i + n]) for i in range(len(sb) - n + 1))
        both = sum((ga & gb).values())
        shares = (both / max(1, sum(ga.values())), both / max(1, sum(gb.values())))
        out += [min(shares), max(shares)]
    return tuple(out)


def _logistic(z: float) -> float:
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, z))))


def vector_features(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """What the score reads of the two sentences' vectors beyond their cosine: each dimension's
    product and absolute difference (where the encoder places what they share and what not)."""
    return np.concatenate([u * v, np.abs(u - v)])


@functools.cache
def vector_weights() -> np.ndarray:
    """The fitted weights of `vector_features` (float32), read from fitted.py's text once."""
    return np.array([float(w) for w in VECTOR_WEIGHTS.split()], dtype=np.float32)


def same_meaning(cosine: float, left: str, right: str, vectors: tuple[np.ndarray, np.ndarray]) -> float:
    """The probability that two sentences of one language say the same thing (the fitted
    weights over `features` and the two sentences' `vectors`, float32): the sentence score
    bench/meaning_accuracy.py measures on MSRP."""
    z = WEIGHTS[0] + sum(w * f for w, f in zip(WEIGHTS[1:], features(cosine, left, right)))
    return _logistic(z + float(vector_weights() @ vector_features(*vectors)))


def resemblance(cosine: float, left: str, right: str) -> float:
    """How alike two sentences of one language read: the cosine, the share of words they have
    in common, whether the numbers they write differ and how alike their lengths are."""
    a, b = words(left), words(right)
    na, nb = numbers(left), numbers(right)
    bias, w_cos, w_words, w_numbers, w_length = RESEMBLANCE
    return _logistic(bias + w_cos * cosine + w_words * _jaccard(a, b)
                     + w_numbers * (1 - _jaccard(na, nb) if na or nb else 0.0)
                     + w_length * min(len(a), len(b)) / max(1, len(a), len(b)))


def pair_score(cosine: float, left: str | None = None, right: str | None = None,
               vectors: tuple[np.ndarray, np.ndarray] | None = None) -> float:
    """A link's score: the cosine across languages (no text given); in one language, for two
    sentences sharing JUDGED of their words, `same_meaning` (of their texts and `vectors`)
    when it reaches SAME, else 0 (the same story with other facts is no link); for sentences
    sharing fewer words (reworded), their `resemblance`."""
    if left is None or right is None:
        return float(cosine)
    if shared_weight(left, right) >= JUDGED:
        p = same_meaning(cosine, left, right, vectors)
        return p if p >= SAME else 0.0
    return resemblance(cosine, left, right)
