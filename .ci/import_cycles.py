"""Count the import cycles among core's packages and top-level modules, and print them.

Every import counts, also one inside a function (grimp reads them all). core's packages import
one way (pyproject's layers contract); this prints the cycles that break it, then their number,
and exits 1 when there is any. Run by .ci/run:  python .ci/import_cycles.py
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import grimp
import networkx as nx

ROOT = Path(__file__).resolve().parents[1]


def package_graph(root: str = "core") -> nx.DiGraph:
    """Packages and top-level modules of `root` (core.store, core.models, ...) and the imports
    between them, each edge with the module imports that make it."""
    graph = grimp.build_graph(root, cache_dir=None)
    squashed = nx.DiGraph()

    def top(module: str) -> str:
        return ".".join(module.split(".")[:2])

    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            if imported.split(".")[0] != root:
                continue
            a, b = top(importer), top(imported)
            if a != b and a != root and b != root:
                squashed.add_edge(a, b)
                squashed.edges[a, b].setdefault("via", []).append(f"{importer} -> {imported}")
    return squashed


def main() -> int:
    sys.path.insert(0, str(ROOT))
    graph = package_graph()
    cycles = sorted(nx.simple_cycles(graph), key=lambda c: (len(c), c))
    for cycle in cycles:
        ring = cycle + cycle[:1]
        print(" -> ".join(ring))
        for a, b in itertools.pairwise(ring):
            for via in graph.edges[a, b]["via"][:3]:
                print(f"    {via}")
    print(f"{len(cycles)} import cycles among {graph.number_of_nodes()} packages and modules of core")
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main())
