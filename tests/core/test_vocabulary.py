import numpy as np

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
