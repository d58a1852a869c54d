"""One `plagscope check` of a folder, timed by stage, in a process of its own (for peak RSS).

    python bench/run_check.py FOLDER [--workers N] [--json REPORT] [--semantic]

Prints one JSON line: wall seconds, CPU seconds of the check (`cpu`, every thread of this
process; `workers_cpu`, its worker processes meanwhile) and of the whole process so far (`process_cpu`, imports included), seconds per stage
(loading, fingerprinting, indexing, comparing), pairs reported, pairs with a passage, the peak RSS in bytes of this process
(`rss`, from the kernel's high-water mark) and the peak of the sum over this process and all
its descendants (`tree_rss`, sampled from /proc every 20 ms, new descendants looked for every
100 ms: the worker processes count too).
With --json it also writes the report.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Self

import psutil

ROOT = Path(__file__).resolve().parents[1]
#: The Plagscope measured: this tree's, or that of the tree in $PLAGSCOPE_BENCH_TREE (an older
#: commit measured the same way, side_by_side.py --old)
CODE = Path(os.environ.get("PLAGSCOPE_BENCH_TREE") or ROOT).resolve()
if str(CODE) not in sys.path:
    sys.path.insert(0, str(CODE))
sys.path.insert(0, str(ROOT / "bench"))

from peers import peak_rss


def tree_pids(pid: int, skip: int = 0) -> list[int]:
    """Process `pid` and its descendants (Linux /proc), leaving out `skip` and its own."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            children.setdefault(int(stat[stat.rindex(")") + 2:].split()[1]), []).append(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue
    found, todo = [], [pid]
    while todo:
        at = todo.pop()
        if at != skip:
            found.append(at)
            todo.extend(children.get(at, ()))
    return found


def rss_of(pids: list[int]) -> int:
    """The summed RSS of these processes (those still running)."""
    total, page = 0, resource.getpagesize()
    for pid in pids:
        try:
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * page
        except (OSError, ValueError, IndexError):
            continue
    return total


def tree_rss(pid: int, skip: int = 0) -> int:
    """The summed RSS of process `pid` and its descendants (Linux /proc), leaving out `skip`."""
    return rss_of(tree_pids(pid, skip))


def workers_cpu(skip: int) -> float:
    """CPU seconds of this process's children and theirs, ended (and waited for) or still
    running, leaving out `skip` and its children."""
    ended = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = ended.ru_utime + ended.ru_stime
    try:
        kids = psutil.Process().children(recursive=True)
    except psutil.Error:
        return total
    for kid in kids:
        try:
            if kid.pid != skip and kid.ppid() != skip:
                times = kid.cpu_times()
                total += times.user + times.system
        except psutil.Error:
            continue
    return total


class TreeRss:
    """Samples the summed RSS of this process and its descendants every 20 ms, from a process
    of its own (a thread here would be a second thread in the process measured, and the
    check forks its workers only from a process running one)."""

    def __init__(self, interval: float = 0.02):
        self.peak = 0
        self._interval = interval
        self._sampler: subprocess.Popen | None = None

    def __enter__(self) -> Self:
        self._sampler = subprocess.Popen(
            [sys.executable, __file__, "--sample-rss", str(os.getpid()), str(self._interval)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        return self

    @property
    def pid(self) -> int:
        return self._sampler.pid

    def __exit__(self, *exc) -> None:
        out, _ = self._sampler.communicate("")
        self.peak = int(out.strip() or 0)


#: The sampler looks for new descendants every this many samples (reading every process's
#: parent costs several times reading the known ones' RSS, and it shares the cores measured).
RESCAN = 5


def _sample(pid: int, interval: float) -> None:
    """The sampler's loop: until its stdin closes, then print the peak."""
    peak, pids, n = 0, [pid], 0
    while not select.select([sys.stdin], [], [], interval)[0]:
        if n % RESCAN == 0:
            pids = tree_pids(pid, skip=os.getpid())
        n += 1
        peak = max(peak, rss_of(pids))
    print(peak)


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
    helpers = workers_cpu(sampler.pid)
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
    helpers = workers_cpu(sampler.pid) - helpers
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
        "workers_cpu": helpers,
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
    if sys.argv[1:2] == ["--sample-rss"]:
        _sample(int(sys.argv[2]), float(sys.argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--workers", type=int)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--semantic", action="store_true", help="with the meaning layer")
    args = parser.parse_args()
    print(json.dumps(measure(args.folder, args.workers, args.json, args.semantic)))


if __name__ == "__main__":
    main()
