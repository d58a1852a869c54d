from core.engine.batches import batches


def test_consecutive_groups_up_to_the_limit():
    assert batches([3, 3, 3, 3], 6) == [range(2), range(2, 4)]
    assert batches([5, 2, 4], 6) == [range(1), range(1, 3)]


def test_an_item_above_the_limit_stands_alone():
    assert batches([2, 10, 2], 6) == [range(1), range(1, 2), range(2, 3)]


def test_nothing_and_zero_sizes():
    assert batches([], 6) == []
    assert batches([0, 0, 0], 6) == [range(3)]



def test_slices_cover_an_array_in_greedy_ranges_up_to_the_limit():
    import random

    import numpy as np

    from core.engine.batches import slices

    assert list(slices(np.array([3, 3, 3, 3]), 6)) == [(0, 2), (2, 4)]
    assert list(slices(np.array([2, 10, 2]), 6)) == [(0, 1), (1, 2), (2, 3)]
    assert list(slices(np.array([], dtype=np.int64), 6)) == []
    rng = random.Random(4)
    for _ in range(200):
        sizes = [rng.choice((0, 1, 2, 5, 9, 30)) for _ in range(rng.randrange(0, 40))]
        limit = rng.choice((1, 6, 10, 50))
        got = list(slices(np.array(sizes, dtype=np.int64), limit))
        if not sizes:
            assert got == []
            continue
        assert [lo for lo, _ in got] == [0] + [hi for _, hi in got[:-1]]  # consecutive
        assert got[-1][1] == len(sizes)  # every item
        for lo, hi in got:
            assert hi - lo == 1 or sum(sizes[lo:hi]) <= limit  # within the limit, or one item
            assert hi == len(sizes) or sum(sizes[lo:hi + 1]) > limit  # as long as it can be
