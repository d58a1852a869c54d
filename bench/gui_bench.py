"""How the desktop app's own code path handles a check of 200 sample-sized essays.

    python bench/gui_bench.py [--docs 200] [--runs 3]

Loads the essays and runs the check through gui.session.Session (the worker on the thread
pool, Qt signals), exactly as the window does, while a 10 ms QTimer on the GUI thread records
the longest gap between its ticks: the longest time the window could not respond. Target: the
GUI thread never blocks for more than 100 ms. Prints one table (median and spread of runs).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

from gui.app import tune_interpreter, warm_up_engine
from gui.session import Session

LUXUN = ROOT.parent / "shared" / "corpora" / "luxun"
SAMPLES = ROOT / "resources" / "samples"


def make_essays(folder: Path, n: int, seed: int = 7) -> None:
    """n essays of 500-2,000 characters (the samples' size) cut from distinct places of the
    Lu Xun texts (or the samples), a tenth of them with a passage copied from another."""
    rng = random.Random(seed)
    source = LUXUN if LUXUN.exists() else SAMPLES
    texts = [p.read_text(encoding="utf-8", errors="replace") for p in sorted(source.rglob("*.txt"))
             if not p.name.startswith("README")]
    pool = "\n".join(texts)
    starts = sorted(rng.sample(range(max(1, len(pool) - 2000)), n))
    essays = [pool[s : s + rng.randint(500, 2000)] for s in starts]
    for i in range(0, n, 10):
        donor = essays[(i + 3) % n]
        cut = rng.randint(0, max(0, len(donor) - 200))
        essays[i] = essays[i][: len(essays[i]) // 2] + donor[cut : cut + 200] + essays[i][len(essays[i]) // 2 :]
    for i, text in enumerate(essays):
        (folder / f"essay-{i:03d}.txt").write_text(text, encoding="utf-8")


class StallMeter:
    """A 10 ms timer on the GUI thread; the longest interval between ticks is the worst stall."""

    def __init__(self):
        self.clock = QElapsedTimer()
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self.tick)
        self.worst = 0

    def start(self) -> None:
        self.worst = 0
        self.clock.start()
        self.timer.start()

    def tick(self) -> None:
        self.worst = max(self.worst, self.clock.restart())

    def stop(self) -> int:
        self.tick()  # the interval still open counts too
        self.timer.stop()
        return self.worst


def run_once(app: QApplication, folder: Path) -> tuple[float, float, int, int]:
    """(load seconds, check seconds, worst stall ms, pairs) of one fresh session."""
    session = Session()
    meter = StallMeter()
    done = {"load": False, "check": None}
    session.loadFinished.connect(lambda errors: done.__setitem__("load", True))
    session.checkFinished.connect(lambda report: done.__setitem__("check", report))
    meter.start()
    t0 = time.perf_counter()
    session.add_paths([str(folder)])
    while not done["load"] or session.busy:
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)  # as the app's loop: gui/worker.py
    t1 = time.perf_counter()
    session.start_check()
    while done["check"] is None:
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)  # as the app's loop: gui/worker.py
    t2 = time.perf_counter()
    worst = meter.stop()
    return t1 - t0, t2 - t1, worst, len(done["check"].pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--docs", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    tune_interpreter()  # as the app does at start-up
    warm_up_engine().join()  # as the app does at start-up, before anyone can press Check
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        make_essays(folder, args.docs)
        runs = [run_once(app, folder) for _ in range(args.runs)]
    load, check, stall, pairs = zip(*runs)

    def cell(values, fmt):
        return f"{fmt.format(statistics.median(values))} ({fmt.format(min(values))}-{fmt.format(max(values))})"

    print(f"GUI code path, {args.docs} essays of 500-2,000 characters, {args.runs} runs "
          f"(median, min-max); load average {os.getloadavg()[0]:.2f}")
    print(f"{'load (s)':>22} {'check (s)':>22} {'worst GUI stall (ms)':>24} {'pairs':>6}")
    print(f"{cell(load, '{:.2f}'):>22} {cell(check, '{:.2f}'):>22} {cell(stall, '{:.0f}'):>24} "
          f"{pairs[0]:>6}")
    print("target: worst GUI stall < 100 ms:", "met" if max(stall) < 100 else "MISSED")


if __name__ == "__main__":
    main()
