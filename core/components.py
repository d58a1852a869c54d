"""Connected components of a graph given as arrays of edges: the one way core finds them (the
text most documents share, the order of the pairs to score, the groups of a report)."""

from __future__ import annotations

import itertools

import numpy as np


def least_nodes(n: int, left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """For each node 0..n-1, the least node of its connected component in the graph whose edges
    are (left[i], right[i]); a node on no edge, or only on its own self-edge, is its own."""
    label = np.arange(n)
    left, right = np.asarray(left, dtype=np.intp), np.asarray(right, dtype=np.intp)
    while True:  # every label is a root here: label[label] == label
        a, b = label[left], label[right]
        apart = a != b
        if not apart.any():
            return label
        a, b = a[apart], b[apart]
        np.minimum.at(label, np.maximum(a, b), np.minimum(a, b))  # a root under the least root it meets
        while True:  # each node straight to its root
            up = label[label]
            if np.array_equal(up, label):
                break
            label = up


def component_members(n: int, left: np.ndarray, right: np.ndarray, nodes: np.ndarray | None = None) -> list[list[int]]:
    """The `nodes` (ascending; default all n) by their connected component (`least_nodes`): each
    component's nodes ascending, the components by their least node."""
    nodes = np.arange(n) if nodes is None else np.asarray(nodes, dtype=np.intp)
    of = least_nodes(n, left, right)[nodes]
    order = np.argsort(of, kind="stable")
    flat = nodes[order].tolist()
    cuts = (np.flatnonzero(np.diff(of[order])) + 1).tolist()
    return [flat[lo:hi] for lo, hi in itertools.pairwise([0, *cuts, len(flat)])] if flat else []
