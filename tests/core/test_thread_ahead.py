"""concurrency.on_thread_ahead: results in order from a helper thread that stays a bounded way
ahead, errors raised at their item, the thread ended when the caller stops."""

import threading
import time

import pytest

from core.concurrency import on_thread_ahead


def _helpers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "plagscope-ahead"]


def test_results_come_in_order_and_the_thread_ends():
    assert list(on_thread_ahead(lambda x: x * x, range(200), ahead=3)) == [x * x for x in range(200)]
    assert list(on_thread_ahead(str, [])) == []
    assert not _helpers()


def test_the_thread_stays_at_most_ahead_items_before_the_caller():
    done = []
    results = on_thread_ahead(done.append, range(100), ahead=4)
    next(results)
    time.sleep(0.2)
    assert len(done) <= 1 + 4 + 1  # the one taken, the queued ones, the one waiting to queue
    results.close()
    assert not _helpers()


def test_an_error_is_raised_at_its_item_and_closing_early_stops_the_thread():
    def fail_at_three(x):
        if x == 3:
            raise ValueError("three")
        return x

    results = on_thread_ahead(fail_at_three, range(10))
    assert [next(results), next(results), next(results)] == [0, 1, 2]
    with pytest.raises(ValueError, match="three"):
        next(results)
    results = on_thread_ahead(lambda x: x, range(10_000), ahead=2)
    assert next(results) == 0
    results.close()
    assert not _helpers()
