"""The window shows before the engines load: `plagscope` started through its entry point paints
its window with none of numpy, the check, the store, the reports or the segmenter imported, and
without PySide creating the Python type of every QObject class; the engine warm-up starts after
that first paint and loads them (bench/startup.py times it)."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Modules the first frame must not wait for (each is imported on first use).
HEAVY = ("numpy", "core.pipeline", "core.store", "core.reports", "core.engine", "core.review.summary",
         "core.academic.figures", "core.semantic.model", "gui.session_jobs", "gui.dialogs.export",
         "gui.widgets.compare_view", "jieba", "rjieba", "networkx", "reportlab", "psycopg")

CHILD = r"""
import gc, json, sys, threading
import gui.app, gui.main_window
import PySide6.QtCore
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

HEAVY = tuple(json.loads(sys.argv[1]))
seen = {"gui_thread": []}

def imports(event, args):  # which heavy module the GUI thread itself imports before the first frame
    if (event == "import" and args[0] in HEAVY and "painted" not in seen
            and threading.current_thread() is threading.main_thread()):
        seen["gui_thread"].append(args[0])

sys.addaudithook(imports)

# the window's own paint opens its first frame (its children paint after it); noted there, not
# by a filter on the whole application, which would itself make PySide create every QObject type
paint, warm = gui.main_window.MainWindow.paintEvent, gui.app.warm_up_engine

def paintEvent(self, event):
    paint(self, event)
    if "painted" not in seen:
        seen["painted"] = sorted(m for m in HEAVY if m in sys.modules)
        seen["threads"] = sorted(t.name for t in threading.enumerate())
        # PySide creates the Python type of every QObject class the first time Python code is
        # handed an object it has not wrapped yet as a QObject (an application-wide event
        # filter is): QProcess stands for the classes the app never uses
        seen["every_qobject_type"] = "QProcess" in vars(PySide6.QtCore)

def warm_up_engine():
    seen["warm_up_after_paint"] = "painted" in seen
    thread = warm()
    thread.join(120)
    seen["after_warm_up"] = sorted(m for m in HEAVY if m in sys.modules)
    seen["collector_running"] = gc.isenabled()
    print(json.dumps(seen), flush=True)
    QTimer.singleShot(0, lambda: QApplication.instance().exit(0))
    return thread

gui.main_window.MainWindow.paintEvent, gui.app.warm_up_engine = paintEvent, warm_up_engine
from gui.launcher import main
sys.exit(main(sys.argv[2:]))
"""


def launch(tmp_path, *paths) -> dict:
    """`plagscope [PATHS]` through the launcher, offscreen; what the probe saw."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path),
               XDG_DATA_HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", CHILD, json.dumps(HEAVY), *map(str, paths)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=180, check=False)
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    assert lines, out.stderr[-3000:]
    return json.loads(lines[-1])


def test_the_window_paints_before_the_engines_load_and_the_warm_up_follows(tmp_path):
    seen = launch(tmp_path)
    assert seen["painted"] == [], seen  # nothing heavy was imported before the first frame
    assert "engine-warm-up" not in seen["threads"]
    assert seen["warm_up_after_paint"] is True
    assert seen["every_qobject_type"] is False  # no Python code took every object's events before it
    assert seen["collector_running"] is True  # paused while the window was built, running again
    # the warm-up then loaded the engines the first check needs (the proof the list can fail)
    assert {"numpy", "core.pipeline", "core.engine", "rjieba", "gui.session_jobs"} <= set(seen["after_warm_up"])


def test_files_named_at_launch_load_on_a_worker_while_the_window_paints(tmp_path):
    """`plagscope FOLDER`: the loading job imports the engines on its worker thread; the GUI
    thread imports none of them before its first frame."""
    seen = launch(tmp_path, ROOT / "resources" / "samples")
    assert seen["gui_thread"] == [], seen
    assert seen["warm_up_after_paint"] is True
    assert seen["every_qobject_type"] is False


def test_the_windows_core_modules_are_imported_before_qt():
    """What the window needs from core is imported before Qt (gui.launcher.BEFORE_QT): PySide
    reads the source of every module imported after it. Fails when a GUI module starts to use
    a core module the list does not hold."""
    probe = ("import sys, gui.launcher\n"
             "gui.launcher.import_before_qt()\n"
             "import gui.app\n"
             "names = list(sys.modules)\n"
             "print([m for m in names[names.index('PySide6.QtCore') + 1:] if m.startswith('core')])")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.split("\n")[-2] == "[]", out.stdout
    # the check can fail: without the list, the window's core modules come after Qt
    out = subprocess.run([sys.executable, "-c", probe.replace("gui.launcher.import_before_qt()\n", "")], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=120, check=True)
    assert "core.models" in out.stdout
