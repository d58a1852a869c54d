from core.engine.batches import batches


def test_consecutive_groups_up_to_the_limit():
    assert batches([3, 3, 3, 3], 6) == [range(2), range(2, 4)]
    assert batches([5, 2, 4], 6) == [range(1), range(1, 3)]


def test_an_item_above_the_limit_stands_alone():
    assert batches([2, 10, 2], 6) == [range(1), range(1, 2), range(2, 3)]


def test_nothing_and_zero_sizes():
    assert batches([], 6) == []
    assert batches([0, 0, 0], 6) == [range(3)]
