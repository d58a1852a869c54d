"""Positions for the graph view: each group laid out by networkx, the groups packed in rows.

Each group (a connected component of the flagged pairs) is laid out on its own with
`networkx.spring_layout` (a fixed seed, edges weighted by similarity, so more similar
documents sit closer), scaled by the square root of its size, and the groups are placed
left to right in rows, largest first, so groups never overlap and always separate.
Documents in no group are not placed (the graph shows flagged pairs only).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from core.models import Report
from core.review.groups import GroupDetail

__all__ = ["SEED", "graph_layout"]

SEED = 7
_GAP = 0.6  # between groups, in the units of a group of one


def graph_layout(report: Report, details: Sequence[GroupDetail],
                 width: float = 16.0) -> dict[int, tuple[float, float]]:
    """Document index -> (x, y) for every group member; rows of groups at most `width` wide."""
    import networkx as nx  # heavy to import; only the graph view needs it

    positions: dict[int, tuple[float, float]] = {}
    x = y = row_height = 0.0
    for d in details:
        graph = nx.Graph()
        graph.add_nodes_from(d.members)
        for k in d.pairs:
            p = report.pairs[k]
            graph.add_edge(p.left, p.right, weight=max(p.similarity, 0.01))
        radius = math.sqrt(len(d.members)) * 0.55
        if len(d.members) <= 2:
            local = {m: (float(i * 2 - 1) * 0.5, 0.0) for i, m in enumerate(d.members)}
        else:
            local = nx.spring_layout(graph, seed=SEED, weight="weight", iterations=60)
        size = 2 * radius
        if x > 0 and x + size > width:
            x, y = 0.0, y + row_height + _GAP
            row_height = 0.0
        for m, (px, py) in local.items():
            positions[m] = (x + radius + float(px) * radius, y + radius + float(py) * radius)
        x += size + _GAP
        row_height = max(row_height, size)
    return positions
