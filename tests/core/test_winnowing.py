import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine.hashing import kgram_hashes
from core.engine.winnowing import fingerprints, fingerprints_joined, winnow


def test_paper_example():
    # Schleimer et al. 2003, figure 2: window 4 selects 17 17 8 39 17
    hashes = [77, 74, 42, 17, 98, 50, 17, 98, 8, 88, 67, 39, 77, 74, 42, 17, 98]
    h, p = winnow(np.array(hashes, dtype=np.uint64), 4)
    assert h.tolist() == [17, 17, 8, 39, 17]
    assert p.tolist() == [3, 6, 8, 11, 15]


def test_hand_worked_ten_units_k3_w2():
    # 10 units -> 8 k-gram hashes (given); windows of 2: (5,3)->3@1 (3,8)->3@1 (8,3)->3@3
    # (3,9)->3@3 (9,1)->1@5 (1,4)->1@5 (4,4)->4@7 (rightmost on ties)
    h, p = winnow(np.array([5, 3, 8, 3, 9, 1, 4, 4], dtype=np.uint64), 2)
    assert p.tolist() == [1, 3, 5, 7]
    assert h.tolist() == [3, 3, 1, 4]


def test_short_input_keeps_its_minimum():
    h, p = winnow(np.array([9, 4, 7], dtype=np.uint64), 5)
    assert (h.tolist(), p.tolist()) == ([4], [1])
    assert len(winnow(np.zeros(0, dtype=np.uint64), 4)[0]) == 0


@settings(max_examples=60, deadline=None)
@given(
    shared=st.lists(st.integers(1, 50), min_size=1, max_size=40),
    left=st.lists(st.integers(51, 100), max_size=30),
    right=st.lists(st.integers(101, 150), max_size=30),
    k=st.integers(1, 6),
    w=st.integers(1, 6),
)
def test_any_shared_run_of_t_units_is_found(shared, left, right, k, w):
    a = np.array(left + shared + left, dtype=np.uint64)
    b = np.array(right + shared, dtype=np.uint64)
    ha, _ = fingerprints(a, k, w)
    hb, _ = fingerprints(b, k, w)
    common = set(ha.tolist()) & set(hb.tolist())
    if len(shared) >= k + w - 1:
        assert common & set(kgram_hashes(np.array(shared, dtype=np.uint64), k).tolist())


def test_profile_fingerprints_point_back_to_their_text():
    from core.engine.profile import profile
    from core.models import Fingerprint
    from core.options import CheckOptions

    text = "甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉"  # 20 units; zh k=5 -> 16 k-grams
    p = profile(text, CheckOptions())
    fps = p.fingerprint_list()
    assert fps and all(isinstance(f, Fingerprint) for f in fps)
    k = p.params.k
    for f in fps:
        assert 0 <= f.first_unit <= len(text) - k
        # the fingerprint is the hash of the k units starting at first_unit
        assert f.hash == int(kgram_hashes(p.units.hashes[f.first_unit:f.first_unit + k], k)[0])


def rightmost_minima(values: list[int], w: int) -> list[int]:
    """The definition, written out slowly: each window's rightmost minimum, recorded once."""
    expected = []
    n = len(values)
    for s in range(n - min(w, n) + 1 if n else 0):
        window = values[s : s + min(w, n)]
        low = min(window)
        p = s + max(i for i, v in enumerate(window) if v == low)
        if not expected or expected[-1] != p:
            expected.append(p)
    return expected


@settings(max_examples=200, deadline=None)
@given(values=st.lists(st.integers(0, 3), max_size=60), w=st.integers(1, 20))
def test_rightmost_minimum_of_every_window_even_with_ties(values, w):
    _, positions = winnow(np.array(values, dtype=np.uint64), w)
    assert positions.tolist() == rightmost_minima(values, w)


@settings(max_examples=30, deadline=None)
@given(values=st.lists(st.integers(0, 2**64 - 1) | st.integers(0, 2), min_size=250, max_size=700),
       w=st.sampled_from([127, 128, 129, 200, 255, 256]))
def test_rightmost_minimum_in_the_widest_windows(values, w):
    # positions within a window are kept as bytes: the largest offsets (255) must survive
    _, positions = winnow(np.array(values, dtype=np.uint64), w)
    assert positions.tolist() == rightmost_minima(values, w)


@settings(max_examples=200, deadline=None)
@given(
    streams=st.lists(st.lists(st.integers(0, 4), max_size=40), max_size=8),
    k=st.integers(1, 5),
    w=st.integers(1, 8),
)
def test_streams_laid_end_to_end_keep_their_own_fingerprints(streams, k, w):
    arrays = [np.array(s, dtype=np.uint64) for s in streams]
    offsets = np.cumsum([0] + [len(a) for a in arrays], dtype=np.int64)
    joined = np.concatenate(arrays) if arrays else np.zeros(0, dtype=np.uint64)
    batched = fingerprints_joined(joined, offsets, k, w)
    for a, (hashes, positions) in zip(arrays, batched, strict=True):
        alone_h, alone_p = fingerprints(a, k, w)
        assert hashes.tolist() == alone_h.tolist()
        assert positions.tolist() == alone_p.tolist()
        assert positions.dtype == alone_p.dtype
