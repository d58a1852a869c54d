import numpy as np
import pytest

from core.engine import vocabulary as vocabulary_module
from core.engine.vocabulary import (
    PARAPHRASE_SHARE,
    overlap,
    paraphrase_pairs,
    shared_shares,
)


def words(*hashes):
    return np.array(sorted(hashes), dtype=np.uint64)


def idf(*values):
    return np.array(values, dtype=np.float32)


def test_overlap_by_hand():
    # shared words 1 and 2 weigh 3 + 7 = 10; the smaller total is a's 3 + 7 + 10 = 20
    a, ai = words(1, 2, 3), idf(3, 7, 10)
    b, bi = words(1, 2, 4, 5), idf(3, 7, 8, 9)
    assert overlap(a, ai, b, bi) == 0.5
    assert overlap(a, ai, words(), idf()) == 0.0


def test_paraphrase_pairs_by_hand():
    lists = [words(1, 2, 3), words(1, 2, 4, 5), words(6, 7), words(3, 8)]
    idfs = [idf(3, 7, 10), idf(3, 7, 8, 9), idf(5, 5), idf(10, 10)]
    # (0,1): 10/20 = 0.5; (0,3): 10/20 = 0.5; (1,3): nothing shared; 2 shares nothing
    assert PARAPHRASE_SHARE <= 0.5
    shares = shared_shares(lists, idfs, cap=10)
    assert shares[0, 1] == shares[0, 3] == 0.5 and shares[1, 3] == shares[0, 2] == 0.0
    assert paraphrase_pairs(shares) == {(0, 1), (0, 3)}
    # every word in two documents is "common" once the cap is 1
    assert paraphrase_pairs(shared_shares(lists, idfs, cap=1)) == set()


@pytest.mark.parametrize("at_once", [None, 64])
def test_shares_of_words_many_or_few_documents_hold_are_exact_sums(at_once, monkeypatch):
    # words held by most documents go through a matrix product, the others through pair
    # counts (`at_once`: a few at a time): either way each pair's shared IDF equals the plain
    # sum over its shared words; a document without content words shares none
    if at_once is not None:
        monkeypatch.setattr(vocabulary_module, "_PAIRS_AT_ONCE", at_once)
    rng = np.random.default_rng(7)
    n, vocabulary = 80, 400
    held_by = rng.integers(1, n, vocabulary) ** rng.uniform(0.3, 1.0, vocabulary)  # a few in most
    weight = np.float32(6.0) + rng.random(vocabulary, dtype=np.float32) * np.float32(12.0)
    docs = [np.flatnonzero(rng.random(vocabulary) < held_by / n) for _ in range(n)]
    docs[17] = docs[17][:0]
    lists = [words(*w.tolist()) for w in docs]
    idfs = [weight[w] for w in docs]
    cap = 60
    held = np.bincount(np.concatenate(docs), minlength=vocabulary)
    assert (held > n // 2).sum() >= 5 and ((held >= 2) & (held < 5)).sum() >= 50
    shares = shared_shares(lists, idfs, cap=cap)
    for i in range(n):
        for j in range(i + 1, n):
            both = np.intersect1d(docs[i], docs[j])
            both = both[held[both] <= cap]
            smaller = min(idfs[i].sum(), idfs[j].sum())
            assert shares[i, j] == (weight[both].astype(np.float64).sum() / smaller if smaller else 0.0)
    assert not np.tril(shares).any()


def test_overlap_is_the_idf_of_the_words_both_hold():
    rng = np.random.default_rng(3)
    for _ in range(300):
        pool = rng.integers(0, 2**64 - 1, 60, dtype=np.uint64)
        a = np.unique(rng.choice(pool, rng.integers(1, 40)))
        b = np.unique(rng.choice(pool, rng.integers(1, 40)))
        ai, bi = rng.uniform(6, 12, len(a)).astype(np.float32), rng.uniform(6, 12, len(b)).astype(np.float32)
        held = set(b.tolist())
        expected = ai[[w in held for w in a.tolist()]].sum() / min(ai.sum(), bi.sum())
        assert overlap(a, ai, b, bi) == float(expected)


@pytest.mark.parametrize("alike", [0.0, 1.0])
@pytest.mark.parametrize("weighted", [False, True])
def test_documents_holding_the_same_words_are_summed_by_kind_as_by_pair(alike, weighted, monkeypatch):
    # near copies: 60 documents of 13 kinds (the same words), kinds of one document, documents
    # without words, words only one kind holds, words above the cap, a word's IDF differing
    # between documents (its first holder's counts). Summed by kind (alike 1.0) or by pair of
    # documents (0.0), each pair's share is the plain sum over the words both hold
    monkeypatch.setattr(vocabulary_module, "ALIKE", alike)
    by_kind = []
    kinds_sums = vocabulary_module._sums_by_kind
    monkeypatch.setattr(vocabulary_module, "_sums_by_kind", lambda *a: by_kind.append(1) or kinds_sums(*a))
    rng = np.random.default_rng(11)
    vocabulary, n = 300, 60
    kinds = [np.append(np.flatnonzero(rng.random(vocabulary) < p), vocabulary + k)
             for k, p in enumerate(rng.uniform(0.02, 0.7, 12))] + [np.zeros(0, np.int64)]
    pick = np.concatenate((np.arange(len(kinds)), rng.choice([0, 1, 2, 3, 5, 8, 12], n - len(kinds))))
    rng.shuffle(pick)
    docs = [kinds[k] for k in pick]
    weight = np.float32(6.0) + rng.random(vocabulary + len(kinds), dtype=np.float32) * np.float32(12.0)
    idfs = [weight[w] + np.where(rng.random(len(w)) < 0.1, np.float32(0.5), np.float32(0.0)) for w in docs]
    counts = rng.integers(1, 4, n) if weighted else np.ones(n, np.int64)
    cap = 80 if weighted else 40
    held = np.zeros(vocabulary + len(kinds), np.int64)
    for d, w in enumerate(docs):
        held[w] += counts[d]
    holders = np.bincount(np.concatenate(docs), minlength=len(held))
    assert (held > cap).any() and ((holders >= 2) & (held <= cap)).sum() > 100
    first_idf = {}
    for d, w in enumerate(docs):
        for word, value in zip(w.tolist(), idfs[d].tolist()):
            first_idf.setdefault(word, value)
    shares = shared_shares([words(*w.tolist()) for w in docs], idfs, cap=cap,
                           counts=counts if weighted else None)
    assert by_kind == ([1] if alike else [])
    counted = [{w for w in d.tolist() if held[w] <= cap} for d in docs]
    totals = [float(f.sum()) for f in idfs]
    for i in range(n):
        for j in range(i + 1, n):
            smaller = min(totals[i], totals[j])
            expected = sum(first_idf[w] for w in counted[i] & counted[j]) / smaller if smaller else 0.0
            assert shares[i, j] == expected
    assert not np.tril(shares).any()


def test_documents_without_content_words_share_none():
    shares = shared_shares([words(), words(), words()], [idf(), idf(), idf()], cap=5)
    assert shares.shape == (3, 3) and shares.dtype == np.float64 and not shares.any()
