"""How soon the window shows after `plagscope` is launched (warm disk cache), and what it imports.

    DISPLAY=:N python bench/startup.py [--runs 7] [--platform xcb|offscreen] [--against REV ...]
                                       [--probe window|application] [PATH ...]

Each run starts the real entry point (`gui.launcher.main`, what the `plagscope` script runs)
in a fresh interpreter and records the time from just before the process is started to the
end of the window's first paint (the main window's first paint event, which opens its frame,
then the rest of that frame), then quits. Nothing else is changed: the engine warm-up runs when
the app starts it. The first run of each tree warms the disk cache and writes the bytecode
(as installing does; PYTHONDONTWRITEBYTECODE is unset for the runs) and is not counted.
`--against REV` also measures a commit of this repository (exported with `git archive`),
the runs of the trees taking turns, so the figures are side by side under the same load.
Prints the median and spread, the process's CPU time by then (user + system, all its threads:
what the wall time comes down to on an idle machine, less affected by other work than the
wall time), and which heavy packages were imported by then (those are
the start-up's cost: they belong after the window shows, where they are first needed).
On xcb set DISPLAY (e.g. Xvfb :32 and DISPLAY=:32).
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

HEAVY = ("numpy", "networkx", "reportlab", "gui.dialogs.export", "core.pipeline", "core.store",
         "core.review.summary", "core.reports", "core.engine", "scipy", "pdfminer", "docx", "jieba",
         "rjieba", "psycopg", "core.semantic.model")

# The child: the real entry point, unchanged and importing in its own order; when the launcher
# imports the main window's module, its class gets a paintEvent noting the first paint (the
# window's own paint opens each of its frames: children paint after it). The clock stops when
# that frame is done, in an event posted ahead of the app's own after-paint work (the engine
# warm-up), which the shown window does not wait for.
# An application-wide event filter (how this bench noted the paint before, `--probe
# application`, the child below this one) costs what it measures: PySide then wraps every
# object that gets an event and creates the Python type of every QObject class to find each
# one's class, and that child imports the GUI before the launcher does.
CHILD = r"""
import importlib.machinery, resource, sys, time

HEAVY = HEAVY_MODULES
seen = {}

def done():
    import json
    from PySide6.QtWidgets import QApplication
    shown = time.time()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"shown": shown, "cpu": usage.ru_utime + usage.ru_stime, **seen}), flush=True)
    QApplication.instance().exit(0)

def probe(window_class):
    from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt

    class FrameDone(QObject):
        def event(self, event):
            if event.type() == QEvent.Type.User:
                done()
                return True
            return super().event(event)

    frame_done = FrameDone()
    paint = window_class.paintEvent

    def paintEvent(self, event):
        paint(self, event)
        if not seen:
            seen["heavy"] = sorted(m for m in HEAVY if m in sys.modules)  # what the first frame waited for
            seen["modules"] = len(sys.modules)
            # after the rest of this frame, before the events the app posted meanwhile
            QCoreApplication.postEvent(frame_done, QEvent(QEvent.Type.User), Qt.EventPriority.HighEventPriority.value)

    window_class.paintEvent = paintEvent

class WhenImported:
    def find_spec(self, name, path, target=None):
        if name != "gui.main_window":
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            probe(module.MainWindow)

        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, WhenImported())
from gui.launcher import main
sys.exit(main(sys.argv[1:]))
""".replace("HEAVY_MODULES", repr(HEAVY))

CHILD_APPLICATION = r"""
import json, resource, sys, time
import gui.app
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

HEAVY = HEAVY_MODULES

class FirstPaint(QObject):
    seen = False

    def eventFilter(self, obj, event):
        if (not self.seen and event.type() == QEvent.Type.Paint and isinstance(obj, QWidget)
                and type(obj.window()).__name__ == "MainWindow"):
            self.seen = True
            self.heavy = sorted(m for m in HEAVY if m in sys.modules)  # what the first frame waited for
            self.modules = len(sys.modules)
            QTimer.singleShot(0, self.done)
        return False

    def done(self):
        shown = time.time()
        usage = resource.getrusage(resource.RUSAGE_SELF)
        print(json.dumps({"shown": shown, "cpu": usage.ru_utime + usage.ru_stime,
                          "modules": self.modules, "heavy": self.heavy}), flush=True)
        QApplication.instance().exit(0)

probe = FirstPaint()
create = gui.app.create_application

def create_application(argv):
    app = create(argv)
    app.installEventFilter(probe)
    return app

gui.app.create_application = create_application
from gui.launcher import main
sys.exit(main(sys.argv[1:]))
""".replace("HEAVY_MODULES", repr(HEAVY))


def one_run(tree: Path, platform: str, home: str, paths: tuple[str, ...] = (), probe: str = "window") -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM=platform, HOME=home, XDG_CONFIG_HOME=home,
               XDG_DATA_HOME=home, XDG_CACHE_HOME=home)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed app has its bytecode: the warm-up run writes it
    start = time.time()
    child = CHILD_APPLICATION if probe == "application" else CHILD
    out = subprocess.run([sys.executable, "-c", child, *paths], cwd=tree, env=env, capture_output=True,
                         text=True, timeout=120, check=False)
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise SystemExit(f"the app in {tree} did not show its window:\n{out.stderr[-2000:]}")
    result = json.loads(lines[-1])
    result["seconds"] = result["shown"] - start
    return result


def export(rev: str, into: Path) -> Path:
    """The repository at commit `rev`, exported into a folder of `into`."""
    folder = into / rev.replace("/", "_")
    folder.mkdir()
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def default_platform() -> str:
    """xcb when there is a display (the real window), else offscreen."""
    return "xcb" if os.environ.get("DISPLAY") else "offscreen"


def measure(runs: int = 7, platform: str | None = None, paths: tuple[str, ...] = (), probe: str = "window") -> dict:
    """Seconds from launch to the window shown for this checkout, over `runs` runs (after one
    warm-up run): median, min, max, CPU s, modules, heavy modules by then. `paths`: what the
    command line opens (files, folders, a saved check); `probe`: how the first paint is noted
    ("window", or "application": an application-wide event filter, as before)."""
    return measure_trees({"this checkout": ROOT}, runs, platform, paths, probe)["this checkout"]


def measure_trees(trees: dict[str, Path], runs: int = 7, platform: str | None = None,
                  paths: tuple[str, ...] = (), probe: str = "window") -> dict[str, dict]:
    """`measure` per tree, the trees taking turns."""
    platform = platform or default_platform()
    seconds: dict[str, list[float]] = {name: [] for name in trees}
    cpu: dict[str, list[float]] = {name: [] for name in trees}
    last: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as home:
        for name, tree in trees.items():
            one_run(tree, platform, home, paths, probe)  # warms the disk cache and writes the first settings
        for _ in range(runs):
            for name, tree in trees.items():
                last[name] = one_run(tree, platform, home, paths, probe)
                seconds[name].append(last[name]["seconds"])
                cpu[name].append(last[name]["cpu"])
    return {name: {"median": statistics.median(s), "min": min(s), "max": max(s),
                   "cpu": statistics.median(cpu[name]),
                   "heavy": last[name]["heavy"], "modules": last[name]["modules"]}
            for name, s in seconds.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--platform", default=None, help="xcb (the default with a DISPLAY) or offscreen")
    parser.add_argument("--against", action="append", default=[], metavar="REV",
                        help="also measure this commit, side by side (may be repeated)")
    parser.add_argument("--probe", choices=("window", "application"), default="window",
                        help="how the first paint is noted: the main window's paint (default), or an "
                             "application-wide event filter (how this bench measured before; it adds its own cost)")
    parser.add_argument("paths", nargs="*", help="files or folders the app opens (default: none)")
    args = parser.parse_args()
    paths = tuple(str(Path(p).resolve()) for p in args.paths)
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"this checkout": ROOT} | {rev: export(rev, Path(tmp)) for rev in args.against}
        results = measure_trees(trees, args.runs, args.platform, paths, args.probe)
    load_after = os.getloadavg()
    opened = f", opening {' '.join(args.paths)}" if paths else ""
    probe = "" if args.probe == "window" else ", probe: application-wide event filter"
    print(f"window shown after launch{opened}, {args.platform or default_platform()}{probe}, median of {args.runs} runs each "
          f"(load average {load_before[0]:.2f} before, {load_after[0]:.2f} after):\n")
    print("| tree | shown s (median) | min-max s | CPU s by then | modules | heavy ones imported by then |")
    print("|---|---:|---:|---:|---:|---|")
    for name, r in results.items():
        print(f"| {name} | {r['median']:.3f} | {r['min']:.3f}-{r['max']:.3f} | {r['cpu']:.3f} | {r['modules']} | "
              f"{', '.join(r['heavy']) or 'none'} |")


if __name__ == "__main__":
    main()
