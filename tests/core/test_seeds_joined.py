"""The fingerprint join leaves its runs unjoined and `Seeds` joins a pair's runs when it is
asked for: every pair's runs must be those of the join done whole (index.maximal_runs over all
pairs), whether asked for one by one or prepared together."""

import random

import numpy as np
import pytest

from core.engine.hashing import kgram_hashes
from core.engine.profile import profiles
from core.matching.index import by_key, shared_kgram_runs
from core.matching.sources import Seeds
from core.options import CheckOptions


def _texts(seed: int, n: int = 30) -> list[str]:
    """Small alphabets (runs that continue each other where the documents holding a k-gram
    change), stock phrases, copies of pieces of other texts."""
    rng = random.Random(seed)
    alphabet = "天地玄黄宇宙洪荒日月盈昃辰宿列张"
    stock = ["新华社北京电", "记者报道", "据了解", "责任编辑"]
    texts: list[str] = []
    for _ in range(n):
        parts = ["".join(rng.choice(alphabet[:rng.choice((4, 8, 16))]) for _ in range(rng.randint(5, 60)))
                 + rng.choice(stock) for _ in range(rng.randint(3, 10))]
        if texts and rng.random() < 0.6:
            other = rng.choice(texts)
            at = rng.randrange(len(other))
            parts.insert(rng.randrange(len(parts)), other[at:at + rng.randint(10, 200)])
        texts.append("".join(parts))
    return texts


def _seeds(keys, left, right, length) -> Seeds:
    """Seeds of runs in any order: grouped by pair, each pair's runs left in their order (pairs
    numbered in int32, as the fingerprint source numbers them)."""
    pair_keys, pair = np.unique(np.asarray(keys, np.int64), return_inverse=True)
    order = np.argsort(pair.ravel(), kind="stable")
    return Seeds(pair_keys, pair.ravel()[order].astype(np.int32), left[order], right[order], length[order])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_runs_joined_when_asked_are_the_whole_joins(seed):
    found = profiles(_texts(seed), CheckOptions())
    k = found[0].params.k
    hashes = [kgram_hashes(p.units.hashes, k) for p in found]
    args = (np.concatenate(hashes), np.array([len(h) for h in hashes]))
    whole = shared_kgram_runs(*args, cap=30, max_repeats=8)
    apart = shared_kgram_runs(*args, cap=30, max_repeats=8, join=False)
    shuffled = np.random.default_rng(seed).permutation(len(apart[0]))
    apart = tuple(x[shuffled] for x in apart)  # in no particular order
    assert len(apart[0]) > len(whole[0])  # some runs continue each other
    assert int(apart[3].sum()) == int(whole[3].sum())
    joined, lazy = _seeds(*whole), _seeds(*apart)
    assert joined.pair_keys.tolist() == lazy.pair_keys.tolist()
    rng = random.Random(seed)
    some = np.array(sorted(rng.sample(joined.pair_keys.tolist(), len(joined.pair_keys) // 3)))
    prepared = _seeds(*apart)
    prepared.prepare(some)
    assert sorted(prepared.joined) == some.tolist()
    runs_of = [np.bincount(x.pair, minlength=len(x.pair_keys)) for x in (joined, lazy)]
    differ = 0
    for at, key in enumerate(joined.pair_keys.tolist()):
        want = [x.tolist() for x in joined.runs(key)]
        assert [x.tolist() for x in lazy.runs(key)] == want
        assert [x.tolist() for x in prepared.runs(key)] == want
        differ += runs_of[0][at] != runs_of[1][at]
    assert differ > 5
    assert lazy.runs(-1) is None and lazy.runs(10**9) is None
    prepared.prepare(some[:2])  # in place of the pairs prepared before
    assert sorted(prepared.joined) == some[:2].tolist()


def test_by_key_is_a_stable_sort():
    rng = np.random.default_rng(0)
    for high in (3, 1000, 2**40, 2**46, 2**62):  # the last too large to pack with an index (and 2**46 with `then`)
        keys = rng.integers(0, high, 5000, dtype=np.int64)
        assert by_key(keys).tolist() == np.argsort(keys, kind="stable").tolist()
        then = rng.integers(0, 50, 5000, dtype=np.int64)
        assert by_key(keys, then).tolist() == np.lexsort((then, keys)).tolist()
    assert by_key(np.zeros(0, np.int64)).tolist() == []
    assert by_key(np.array([7], np.int64)).tolist() == [0]


@pytest.mark.parametrize("seed", [4, 5])
def test_a_pairs_seeds_joined_on_their_own_are_every_k_gram_both_hold(seed):
    """`scoring.pair_seeds` (pairs the join did not see) against the k-grams compared by hand:
    the template's and those repeated more than max_repeats times in either document left out."""
    from core.matching.scoring import pair_seeds
    from core.matching.sources import Corpus

    options = CheckOptions()
    found = profiles(_texts(seed, 12), options)
    k = found[0].params.k
    grams = [kgram_hashes(p.units.hashes, k).tolist() for p in found]
    ignored = np.array(sorted(set(grams[0][:40])), np.uint64)
    corpus = Corpus(found, options, ignored, 12)
    some = 0
    for i in range(len(found)):
        for j in range(i + 1, len(found)):
            ok = {h for h in set(grams[i]) & set(grams[j]) if h not in set(ignored.tolist())
                  and grams[i].count(h) <= options.max_repeats and grams[j].count(h) <= options.max_repeats}
            want = sorted((a, b) for a, h in enumerate(grams[i]) if h in ok
                          for b, g in enumerate(grams[j]) if g == h)
            pa, pb = pair_seeds(corpus, i, j)
            assert list(zip(pa.tolist(), pb.tolist())) == want
            some += bool(want)
    assert some > 10
