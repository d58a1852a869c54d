"""One `plagscope check` of a folder, timed by stage, in a process of its own (for peak RSS).

    python bench/run_check.py FOLDER [--workers N] [--json REPORT] [--semantic]

Prints one JSON line: wall seconds, CPU seconds of the check (`cpu`, every thread of this
process) and of the whole process so far (`process_cpu`, imports included), seconds per stage
(loading, fingerprinting, indexing, comparing), pairs reported, pairs with a passage, the peak RSS in bytes of this process
(`rss`, from the kernel's high-water mark) and the peak of the sum over this process and all
its descendants (`tree_rss`, sampled from /proc every 20 ms: the worker processes count too).
With --json it also writes the report.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import threading
import time
from pathlib import Path
from typing import Self

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from peers import peak_rss


class TreeRss:
    """Samples the summed RSS of this process and its descendants on a thread (Linux /proc)."""

    def __init__(self, interval: float = 0.02):
        self.peak = 0
        self._stop = threading.Event()
        self._interval = interval
        self._thread = threading.Thread(target=self._run, daemon=True)

    @staticmethod
    def _tree() -> int:
        parents: dict[int, int] = {}
        rss: dict[int, int] = {}
        page = resource.getpagesize()
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
                fields = stat[stat.rindex(")") + 2:].split()
                parents[int(entry.name)] = int(fields[1])
                rss[int(entry.name)] = int(fields[21]) * page
            except (OSError, ValueError, IndexError):
                continue
        me = os.getpid()
        total, todo = 0, [me]
        children: dict[int, list[int]] = {}
        for pid, parent in parents.items():
            children.setdefault(parent, []).append(pid)
        while todo:
            pid = todo.pop()
            total += rss.get(pid, 0)
            todo.extend(children.get(pid, ()))
        return total

    def _run(self) -> None:
        while not self._stop.wait(self._interval):
            self.peak = max(self.peak, self._tree())

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


def measure(folder: Path, workers: int | None = None, report_path: Path | None = None,
            semantic: bool = False) -> dict:
    """Run the check through the same generator as the command line, timing each stage
    (`semantic`: with the meaning layer, as bench/semantic.py times it; else the verbatim check)."""
    from core.options import CheckOptions
    from core.pipeline import check

    options = CheckOptions(workers=workers, semantic=semantic)
    stages: dict[str, float] = {}
    start = last = time.perf_counter()
    stage = None
    cpu = time.process_time()
    gen = check([folder], options)
    sampler = TreeRss().__enter__()
    while True:
        try:
            progress = next(gen)
        except StopIteration as stop:
            report = stop.value
            break
        if progress.stage != stage:
            now = time.perf_counter()
            if stage is not None:
                stages[stage] = stages.get(stage, 0.0) + now - last
            stage, last = progress.stage, now
    end = time.perf_counter()
    cpu = time.process_time() - cpu
    sampler.__exit__()
    if stage is not None:
        stages[stage] = stages.get(stage, 0.0) + end - last
    if report_path is not None:
        from core.reports import write_report

        write_report(report, report_path, "json")
    return {
        "docs": len(report.documents),
        "chars": sum(len(d.text) for d in report.documents),
        "wall": end - start,
        "cpu": cpu,
        "process_cpu": sum(resource.getrusage(resource.RUSAGE_SELF)[:2]),
        "stages": stages,
        "pairs": len(report.pairs),
        "with_passage": sum(1 for p in report.pairs if p.matches),
        "found": sorted([p.left, p.right] for p in report.pairs if p.matches),
        "meaning": sorted([p.left, p.right] for p in report.pairs if p.semantic is not None),
        "semantic": report.options.semantic,
        "names": [d.name for d in report.documents],
        "rss": peak_rss(),
        "tree_rss": max(sampler.peak, peak_rss()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--workers", type=int)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--semantic", action="store_true", help="with the meaning layer")
    args = parser.parse_args()
    print(json.dumps(measure(args.folder, args.workers, args.json, args.semantic)))


if __name__ == "__main__":
    main()
