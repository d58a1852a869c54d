import numpy as np
import pytest

from core.engine import hashing
from core.engine.hashing import few_kgram_hashes, hash_strings, kgram_hashes, kgram_hashes_laid, kgram_sums, mix64


def test_mix64_is_splitmix64():
    # splitmix64's first output for state 0 is a published constant
    assert int(mix64(np.array([0], dtype=np.uint64))[0]) == 0xE220A8397B1DCDAF


def test_kgram_hashes_depend_only_on_the_units():
    u = np.array([5, 6, 7, 1, 5, 6, 7], dtype=np.uint64)
    h = kgram_hashes(u, 3)
    assert len(h) == 5
    assert h[0] == h[4]
    assert len(set(h[:4].tolist())) == 4
    assert len(kgram_hashes(u[:2], 3)) == 0


@pytest.mark.parametrize("piece", [1, 7, 1 << 16])
def test_kgram_hashes_laid_are_each_streams_hashes_end_to_end(monkeypatch, piece):
    # streams shorter than k, of exactly k units, empty, at several k, with pieces of the mix
    # across streams' ends: each stream's hashes as `kgram_hashes` gives them alone
    monkeypatch.setattr(hashing, "MIX_PIECE", piece)
    rng = np.random.default_rng(5)
    sizes, ks = [0, 3, 5, 1, 40, 2, 9, 5, 17], [5, 3, 5, 1, 5, 3, 2, 6, 1]
    streams = [rng.integers(0, 2**64, size, dtype=np.uint64) for size in sizes]
    expected = np.concatenate([kgram_hashes(u, k) for u, k in zip(streams, ks)])
    assert kgram_hashes_laid(streams, ks).tolist() == expected.tolist()
    assert kgram_hashes_laid([], []).tolist() == []


def test_kgram_sums_into_an_array_as_alone():
    u = np.random.default_rng(6).integers(0, 2**64, 30, dtype=np.uint64)
    out = np.ones(26, dtype=np.uint64)
    assert kgram_sums(u, 5, out=out) is out
    assert out.tolist() == kgram_sums(u, 5).tolist()
    assert kgram_hashes(u, 5).tolist() == few_kgram_hashes(u.tolist(), 5)


def test_kgram_length_is_part_of_the_hash():
    u = np.array([1, 1, 1, 1], dtype=np.uint64)
    assert kgram_hashes(u, 2)[0] != kgram_hashes(u, 3)[0]


def test_hash_strings_stable():
    a, b = hash_strings(["教员", "teacher"]), hash_strings(["教员", "teacher"])
    assert a.tolist() == b.tolist() and a[0] != a[1]


def test_string_hashes_are_blake2b_whether_a_lexicon_kept_them_or_not():
    import hashlib

    from core.engine.lexicon import en_lexicon, zh_lexicon

    words = ["网络", "reading", "网络", "\ud800lone"]
    want = [int.from_bytes(hashlib.blake2b(w.encode("utf-8", "surrogatepass"), digest_size=8)
                           .digest(), "little") for w in words]
    assert hash_strings(words).tolist() == want
    assert hash_strings([]).dtype == np.uint64
    for lexicon in (zh_lexicon(), en_lexicon()):
        with lexicon.lock:
            ids = lexicon.ids(words)
            assert lexicon.hashes(ids).tolist() == want  # computed
            assert lexicon.hashes(ids).tolist() == want  # kept
