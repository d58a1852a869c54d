"""An order of the documents that shows each group as a block on the heat map's diagonal.

Groups come first, largest first (the order of `group_details`); within a group the order
grows like a maximum spanning tree: the likely source (or, without one, the member with the
highest total similarity to the others) first, then again and again the member most similar
to any member already placed, so neighbours in the order are similar. Documents in no group
follow in their original order. Every group therefore fills contiguous rows and columns.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Sequence

from core.models import Report
from core.review.groups import GroupDetail, group_details

__all__ = ["order_documents", "order_group"]


def order_documents(report: Report, details: Sequence[GroupDetail] | None = None) -> list[int]:
    """Every document index once: the groups as contiguous runs, then the rest."""
    if details is None:
        details = group_details(report)
    weights: dict[int, dict[int, float]] = defaultdict(dict)
    for p in report.pairs:
        weights[p.left][p.right] = p.similarity
        weights[p.right][p.left] = p.similarity
    order: list[int] = []
    placed: set[int] = set()
    for d in details:
        run = order_group(d.members, weights, d.source)
        order.extend(run)
        placed.update(run)
    order.extend(i for i in range(len(report.documents)) if i not in placed)
    return order


def order_group(members: Sequence[int], weights: dict[int, dict[int, float]],
                first: int | None = None) -> list[int]:
    """Members in maximum-spanning-tree (Prim) order from `first` (default: the best connected)."""
    members = list(members)
    inside = set(members)
    if first is None or first not in inside:
        first = max(members, key=lambda m: (sum(w for o, w in weights.get(m, {}).items()
                                                if o in inside), -m))
    order, seen = [], set()
    heap = [(-1.0, first, first)]
    while heap:
        _, _, node = heapq.heappop(heap)
        if node in seen:
            continue
        seen.add(node)
        order.append(node)
        for other, w in weights.get(node, {}).items():
            if other in inside and other not in seen:
                heapq.heappush(heap, (-w, other, other))
    # members reached through no pair of the report (cannot happen for a group; kept safe)
    order.extend(m for m in members if m not in seen)
    return order
