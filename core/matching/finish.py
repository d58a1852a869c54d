"""A step per pair that compare runs where each pair is scored (`compare_class(finish=...)`).

The check's steps after scoring (attribution, judging) read one pair at a time. Run in the jobs
that score the pairs, a forked scoring worker does its share of them on its own core. A pair
that a step after scoring changes (`mark`, `spread`, the late sources) is finished after it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import numpy as np

from core.components import least_nodes
from core.models import PairResult, SharedText


class Finish(Protocol):
    """One result for each result given, in their order, each depending only on its own pair;
    what a process found while finishing (`found`) is taken by the one it sends its results to
    (`take`), so that process need not find it again."""

    def __call__(self, results: list[PairResult]) -> list[PairResult]: ...

    def found(self, results: list[PairResult]) -> object: ...

    def take(self, found: object) -> None: ...


def finished(finish: Callable[[list[PairResult]], list[PairResult]], results: list[PairResult],
             chosen: Callable[[PairResult], bool]) -> list[PairResult]:
    """The results, those `chosen` picks through `finish` (in one call, in their order)."""
    picked = [r for r in results if chosen(r)]
    if not picked:
        return results
    made = iter(finish(picked))
    return [next(made) if chosen(r) else r for r in results]


def in_shared(shared: list[SharedText]) -> Callable[[PairResult], bool]:
    """Whether one shared text is in both documents of a result: the results `mark` may change."""
    holds: dict[int, set[int]] = {}
    for t, text in enumerate(shared):
        for d in text.documents:
            holds.setdefault(d, set()).add(t)
    return lambda r: bool(holds) and not holds.get(r.left, set()).isdisjoint(holds.get(r.right, ()))


def by_component(keys: np.ndarray, n: int) -> np.ndarray:
    """An order of the pairs `keys` (left * n + right) that keeps the pairs of each connected
    component of their documents together, in key order within it: a run of jobs then holds
    pairs of few documents the other jobs hold too (near copies: their text's copies alone)."""
    left = keys // n
    return np.argsort(least_nodes(n, left, keys % n)[left], kind="stable")
