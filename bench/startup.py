"""How soon the window shows after `plagscope` is launched (warm disk cache), and what it imports.

    python bench/startup.py [--runs 7] [--platform offscreen|xcb]

Each run starts the real entry point (`gui.launcher.main`, what the `plagscope` script runs)
in a fresh interpreter and records the time from just before the process is started to the
window's first shown pass of the event loop (a zero-delay timer armed right after
`MainWindow.show()`), then quits. The first run warms the disk cache and is not counted.
Prints the median and spread, and which heavy packages were imported by then (those are
the start-up's cost: they belong after the window shows, where they are first needed).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The child: the real entry point, with the engine warm-up (called right after the window's
# show()) replaced by a probe that waits for one pass of the event loop and quits.
CHILD = r"""
import json, os, sys, time
import gui.app
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

def probe():
    def done():
        shown = time.time()
        heavy = sorted(m for m in ("networkx", "reportlab", "gui.dialogs.export", "core.review",
                                   "core.reports", "scipy", "pdfminer", "docx", "jieba", "rjieba",
                                   "psycopg", "core.semantic", "numpy") if m in sys.modules)
        print(json.dumps({"shown": shown, "modules": len(sys.modules), "heavy": heavy}), flush=True)
        QApplication.instance().exit(0)
    QTimer.singleShot(0, done)

gui.app.warm_up_engine = probe
from gui.launcher import main
sys.exit(main([]))
"""


def one_run(platform: str, home: str) -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM=platform, HOME=home, XDG_CONFIG_HOME=home,
               XDG_DATA_HOME=home, XDG_CACHE_HOME=home)
    start = time.time()
    out = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True,  # noqa: PLW1510
                         text=True, timeout=120)
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise SystemExit(f"the app did not show its window:\n{out.stderr[-2000:]}")
    result = json.loads(lines[-1])
    result["seconds"] = result["shown"] - start
    return result


def measure(runs: int = 7, platform: str = "offscreen") -> dict:
    """Seconds from launch to the window shown over `runs` runs (after one warm-up run)."""
    with tempfile.TemporaryDirectory() as home:
        one_run(platform, home)  # warms the disk cache and writes the first settings
        results = [one_run(platform, home) for _ in range(runs)]
    seconds = [r["seconds"] for r in results]
    return {"median": statistics.median(seconds), "min": min(seconds), "max": max(seconds),
            "heavy": results[-1]["heavy"], "modules": results[-1]["modules"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--platform", default="offscreen")
    args = parser.parse_args()
    r = measure(args.runs, args.platform)
    print(f"window shown {r['median']:.3f} s after launch (median of {args.runs}, "
          f"{r['min']:.3f}-{r['max']:.3f}), {r['modules']} modules; heavy ones imported by then: "
          f"{', '.join(r['heavy']) or 'none'} (load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()) + ")")


if __name__ == "__main__":
    main()
