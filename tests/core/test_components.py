"""Connected components from arrays of edges (core/components.py), against a plain walk of the
graph: random graphs with isolated nodes, self-edges and repeated edges, and long paths whose
nodes are numbered at random (many rounds of hooking and jumping)."""

import itertools
import random

import numpy as np

from core.components import component_members, least_nodes


def _walked(n: int, edges: list[tuple[int, int]]) -> list[int]:
    """Each node's least node of its component, by a walk from each node in turn, ascending."""
    near: dict[int, list[int]] = {x: [] for x in range(n)}
    for a, b in edges:
        near[a].append(b)
        near[b].append(a)
    least = [-1] * n
    for seed in range(n):
        if least[seed] < 0:
            least[seed], todo = seed, [seed]
            while todo:
                for y in near[todo.pop()]:
                    if least[y] < 0:
                        least[y] = seed
                        todo.append(y)
    return least


def _graphs(rng: random.Random):
    for _ in range(300):
        n = rng.randrange(0, 50)
        edges = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randrange(0, 2 * n + 1))] if n else []
        edges += [(x, x) for x in rng.sample(range(n), n // 5)]  # self-edges
        edges += edges[:rng.randrange(0, len(edges) + 1)]  # repeated edges
        rng.shuffle(edges)
        yield n, edges
    for n in (2, 3, 300):  # paths, their nodes numbered at random, and a star whose centre is last
        order = list(range(n))
        rng.shuffle(order)
        yield n, list(itertools.pairwise(order))
        yield n, [(n - 1, x) for x in range(n - 1)]


def test_each_node_takes_the_least_node_its_walk_reaches():
    rng = random.Random(11)
    isolated = 0
    for n, edges in _graphs(rng):
        left = np.array([a for a, _ in edges], dtype=np.int64)
        right = np.array([b for _, b in edges], dtype=np.int64)
        expected = _walked(n, edges)
        assert least_nodes(n, left, right).tolist() == expected
        isolated += sum(1 for x in range(n) if expected.count(x) == 1 and expected[x] == x)
    assert isolated > 100, "no isolated nodes: the test proves little"


def test_members_are_the_nodes_asked_for_by_component_least_first_each_ascending():
    rng = random.Random(12)
    for n, edges in _graphs(rng):
        left = np.array([a for a, _ in edges], dtype=np.int64)
        right = np.array([b for _, b in edges], dtype=np.int64)
        least = _walked(n, edges)
        nodes = sorted(rng.sample(range(n), rng.randrange(0, n + 1)))
        for asked in (nodes, None):  # some nodes, or all of them
            expected: dict[int, list[int]] = {}
            for x in range(n) if asked is None else asked:
                expected.setdefault(least[x], []).append(x)
            found = component_members(n, left, right, asked)
            assert found == [expected[k] for k in sorted(expected)]
            assert all(type(x) is int for m in found for x in m)  # plain ints: they go into reports
