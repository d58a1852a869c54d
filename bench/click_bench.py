"""The teacher's flow through the real window, clicked, on a generated class: the worst repaint
gap of each stage, and every exception or error dialog.

    python bench/click_bench.py [--docs 200] [--out table.md] [--meaning] [--why] [--profile STAGE]
    DISPLAY=:21 QT_QPA_PLATFORM=xcb python bench/click_bench.py     # a real X server (Xvfb)

The app is started through its entry point (gui.app.start) on a throwaway settings file and
data folder, and driven only by its actions (QAction.trigger(), as a menu click), with the file,
input and message dialogs answered as tests/gui/clicks.py answers them: open the essays, check
them with the default options (the meaning layer included when installed), save the check, open
it again, add the documents to the archive with a label, set verdicts from the Review menu on
the first pairs, export the report in every format and a student report.

A probe widget in the status bar asks for a repaint every 10 ms and notes when each paint
happens; the longest time between two paints is the worst repaint gap, counted against the stage
running when it ended (a check's stages are its Progress stages). Beside it, the GUI thread's
own CPU time: in the stage, in its worst gap, and the most between two paints, which is the
GUI work a gap cannot be shorter than; the rest of a gap is waiting (for a core on a loaded
machine, or for the interpreter lock). Prints one Markdown table.

--meaning switches the meaning layer on (in the stored options, as a user would in Options);
--why also explains the longest gaps: the GUI thread's Python frames sampled from inside, and
every thread's state seen from outside (bench/thread_watch.py); --profile STAGE runs cProfile
on the GUI thread in the stages whose name holds STAGE.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "gui"), str(ROOT / "bench")]
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QElapsedTimer, QEventLoop, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QWidget

#: The probe's repaint interval (ms); a gap is the time between two of its paints.
PROBE_MS = 10
TARGET_MS = 200
#: How often (ms) the bench looks whether the work it started has ended.
IDLE_POLL_MS = 20
#: With --why, gaps longer than this (ms) are explained (bench/thread_watch.py).
LONG_GAP_MS = 120


class Probe(QWidget):
    """A few pixels that repaint every PROBE_MS; the gaps between paints, by stage."""

    def __init__(self):
        super().__init__()
        self.setFixedSize(6, 6)
        self.clock = QElapsedTimer()
        self.clock.start()
        self.last = None
        self.stage = "start"
        self.worst: dict[str, int] = defaultdict(int)
        self.seconds: dict[str, float] = defaultdict(float)
        #: GUI-thread CPU time (s) per stage, in the worst gap (ms), and the most between two paints (ms)
        self.cpu: dict[str, float] = defaultdict(float)
        self.worst_cpu: dict[str, int] = defaultdict(int)
        self.busiest: dict[str, int] = defaultdict(int)
        self.last_cpu = None
        #: gaps over LONG_GAP_MS: (stage, start, end, ms), on time.monotonic()
        self.long_gaps: list[tuple[str, float, float, int]] = []
        self._stage_started = time.monotonic()
        self._stage_cpu = time.thread_time()
        self.timer = QTimer(self)
        self.timer.setInterval(PROBE_MS)
        self.timer.timeout.connect(self.update)
        self.timer.start()

    #: With --profile: the stages whose GUI-thread work cProfile records, and the profiler
    profiled: tuple[str, ...] = ()
    profiler = None

    def set_stage(self, stage: str) -> None:
        """Called on the GUI thread (directly, or by a queued progress signal)."""
        if stage != self.stage and self.profiled:
            if self.profiler is not None:
                self.profiler.disable()
            if any(p in stage for p in self.profiled):
                import cProfile

                self.profiler = self.profiler or cProfile.Profile()
                self.profiler.enable()
        now, cpu = time.monotonic(), time.thread_time()
        self.seconds[self.stage] += now - self._stage_started
        self.cpu[self.stage] += cpu - self._stage_cpu
        self.stage, self._stage_started, self._stage_cpu = stage, now, cpu

    def paintEvent(self, event) -> None:
        now, cpu = self.clock.elapsed(), time.thread_time()
        if self.last is not None:
            gap, busy = now - self.last, round((cpu - self.last_cpu) * 1000)
            if gap >= self.worst[self.stage]:
                self.worst[self.stage], self.worst_cpu[self.stage] = gap, busy
            self.busiest[self.stage] = max(self.busiest[self.stage], busy)
            if gap > LONG_GAP_MS:
                end = time.monotonic()
                self.long_gaps.append((self.stage, end - gap / 1000, end, gap))
        self.last, self.last_cpu = now, cpu
        from PySide6.QtGui import QPainter

        painter = QPainter(self)
        painter.fillRect(self.rect(), self.palette().window())
        painter.end()


class Sampler:
    """With --why: while the probe has not painted for GAP_SAMPLE_MS, sample what the GUI thread
    runs (its innermost frames in our code), to name what a gap is made of."""

    GAP_SAMPLE_MS = 100

    def __init__(self, probe: Probe):
        import threading

        self.probe, self.samples = probe, defaultdict(int)
        self.gui = threading.main_thread().ident
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True, name="gap-sampler")
        self.thread.start()

    def _run(self) -> None:
        import traceback

        while self.running:
            time.sleep(0.02)
            last = self.probe.last
            if last is None or self.probe.clock.elapsed() - last < self.GAP_SAMPLE_MS:
                continue
            frame = sys._current_frames().get(self.gui)
            if frame is None:
                continue
            ours = [f for f in traceback.extract_stack(frame)
                    if str(ROOT) in f.filename and "/.venv/" not in f.filename][-3:]
            key = " < ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in reversed(ours)) or "(Qt)"
            self.samples[(self.probe.stage, key)] += 1

    def report(self, top: int = 25) -> list[str]:
        self.running = False
        ranked = sorted(self.samples.items(), key=lambda kv: -kv[1])[:top]
        return [f"{n * 20:>6} ms  [{stage}] {where}" for (stage, where), n in ranked]


def spin(ms: int) -> None:
    """The event loop for `ms`, as the app's own runs it (waiting in poll between events):
    polling processEvents would put the bench's own work on the GUI thread it measures."""
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


class Patch:
    """setattr with undo (what the harness' monkeypatch does, without pytest)."""

    def __init__(self):
        self.saved = []

    def setattr(self, obj, name, value) -> None:
        self.saved.append((obj, name, getattr(obj, name)))
        setattr(obj, name, value)

    def undo(self) -> None:
        for obj, name, value in reversed(self.saved):
            setattr(obj, name, value)


def run(docs: int, folder: Path, why: bool = False, meaning: bool = False,
        profile: tuple[str, ...] = ()) -> tuple[Probe, list[str], dict]:
    from clicks import App, Dialogs
    from gui_bench import make_essays

    from gui import app as gui_app
    from gui.settings import Settings

    essays = folder / "class"
    essays.mkdir()
    make_essays(essays, docs)
    os.environ["PLAGSCOPE_DATA_DIR"] = str(folder / "data")
    os.environ.pop("PLAGSCOPE_DB", None)
    answers = folder / "answers"
    answers.mkdir()
    patch = Patch()
    dialogs = Dialogs(answers, files=sorted(essays.glob("*.txt")),
                      texts={"Add to Archive": "grade 10 class 3, spring 2026"})
    dialogs.install(patch)
    settings = Settings(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    settings.set_language("en")
    if meaning:  # as a user who switched the meaning layer on in Options earlier
        from core.options import CheckOptions

        settings.set_options(CheckOptions(semantic=True))
    running = gui_app.start([], settings=settings)
    window = running.window
    app = App.__new__(App)  # the harness' waiting and error recording, without qtbot
    app.running, app.dialogs, app.window = running, dialogs, window
    app.errors, app.boxes, app.modal_dialogs = [], [], []
    hook = sys.excepthook

    def record(exc_type, exc, tb):
        app.errors.append(f"uncaught {exc_type.__name__}: {exc}")
        hook(exc_type, exc, tb)

    sys.excepthook = record
    probe = Probe()
    probe.profiled = profile
    window.statusBar().addPermanentWidget(probe)
    sampler = Sampler(probe) if why else None
    collections: dict[str, list] = defaultdict(list)  # stage -> [(generation, ms, on the GUI thread)]
    if why:  # the garbage collector's passes: one over a report's objects is tens of milliseconds
        import gc
        import threading

        gc_started = {}

        def on_gc(phase, info):
            if phase == "start":
                gc_started[threading.get_ident()] = time.perf_counter()
            elif threading.get_ident() in gc_started:
                ms = (time.perf_counter() - gc_started.pop(threading.get_ident())) * 1000
                if ms >= 5:
                    collections[probe.stage].append((info["generation"], round(ms),
                                                     threading.current_thread() is threading.main_thread()))

        gc.callbacks.append(on_gc)
        why_hooks = [(gc.callbacks, on_gc)]
    if why:  # the threads seen from outside (a sampler inside needs the interpreter lock)
        import subprocess

        watch_log = folder / "threads.log"
        watcher = subprocess.Popen([sys.executable, str(ROOT / "bench" / "thread_watch.py"), str(os.getpid()),
                                    str(watch_log)])
    probe.set_stage("start (engine warm-up)")
    # what a user waits out before the first click: the engines load after the first frame
    after_paint = getattr(running, "after_paint", None)
    while after_paint is not None and not after_paint.done:
        spin(IDLE_POLL_MS)
    warm = [t for t in __import__("threading").enumerate() if t.name == "engine-warm-up"]
    while any(t.is_alive() for t in warm):
        spin(IDLE_POLL_MS)
    window.session.progress.connect(lambda p: probe.set_stage(f"check: {getattr(p, 'stage', '?')}")
                                    if window.session.checking else None)
    facts = {}

    def wait_idle(timeout: float = 1800) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            spin(IDLE_POLL_MS)
            app.answer_open_dialogs()
            if app.idle():
                break
        spin(100)  # let the views finish what the end of the work started

    def step(stage: str, action: str, **dialog) -> None:
        for key, value in dialog.items():
            setattr(dialogs, key, value)
        probe.set_stage(stage)
        window.actions[action].trigger()
        wait_idle()

    step("open files", "open")
    facts["documents"] = len(window.session.ready_entries())
    screen = window.screen().geometry()
    facts["screen"] = f"{screen.width()}x{screen.height()}"
    started = time.monotonic()
    step("check", "check")
    facts["check (s)"] = round(time.monotonic() - started, 1)
    facts["pairs"] = len(window.session.report.pairs) if window.session.report else 0
    facts["meaning layer"] = "on" if window.session.options.semantic and window.session.semantic_available() else "off"
    probe.set_stage("after the check")
    wait_idle()
    step("save check", "save_check")
    step("open check", "open_check")
    step("archive add (label)", "archive_add")
    probe.set_stage("verdicts")
    window.actions.show_pairs.trigger()
    table = window.pairs.view
    for row, action in zip(range(min(10, window.pairs.proxy.rowCount())), ["verdict_confirmed", "verdict_suspicious"] * 5):
        table.setCurrentIndex(window.pairs.proxy.index(row, 0))
        window.actions[action].trigger()
        QCoreApplication.processEvents()
    window.actions.verdict_note.trigger()
    wait_idle()
    for suffix in (".html", ".pdf", ".csv", ".json"):
        step(f"export {suffix[1:].upper()}", "export", save_suffix=suffix)
    window.actions.show_documents.trigger()
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    QTest.keyClick(window.documents.view, Qt.Key.Key_Home)
    step("student report PDF", "student_report", save_suffix=".pdf")
    probe.set_stage("end")
    app.answer_open_dialogs()
    facts["files written"] = len([p for p in dialogs.saved if Path(p).exists()])
    facts["why"] = sampler.report() if sampler else []
    for hooks, hook_fn in (why_hooks if why else []):
        hooks.remove(hook_fn)
    facts["collections"] = [f"[{stage}] " + ", ".join(f"gen {g} {ms} ms{' GUI thread' if gui else ''}" for g, ms, gui in found)
                            for stage, found in collections.items()]
    if why:
        import threading

        from thread_watch import explain

        names = {}
        for tid in os.listdir("/proc/self/task"):
            try:
                names[int(tid)] = Path(f"/proc/self/task/{tid}/comm").read_text().strip()
            except OSError:
                pass
        names.update({t.native_id: t.name for t in threading.enumerate() if t.native_id})
        watcher.terminate()
        watcher.wait()
        facts["threads"] = explain(watch_log, threading.main_thread().native_id, names, probe.long_gaps)
    errors = list(app.errors)
    window.session.cancel()
    window.close()
    window.archive.clear_autosave()
    sys.excepthook = hook
    patch.undo()
    return probe, errors, facts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=200)
    parser.add_argument("--out", type=Path, help="also write the table to this file")
    parser.add_argument("--why", action="store_true", help="also sample what the GUI thread runs in the gaps")
    parser.add_argument("--meaning", action="store_true", help="with the meaning layer switched on in the options")
    parser.add_argument("--switch-interval", type=float, metavar="S",
                        help="the interpreter's switch interval for the run (A/B of gui.app.SWITCH_INTERVAL)")
    parser.add_argument("--profile", action="append", default=[], metavar="STAGE",
                        help="profile the GUI thread (cProfile) in the stages whose name holds STAGE")
    args = parser.parse_args()
    QApplication.instance() or QApplication(sys.argv[:1])
    load_before = os.getloadavg()[0]
    if args.switch_interval:
        from gui import app as gui_app

        gui_app.SWITCH_INTERVAL = args.switch_interval
    with tempfile.TemporaryDirectory() as tmp:
        probe, errors, facts = run(args.docs, Path(tmp), args.why, args.meaning, tuple(args.profile))
    load = os.getloadavg()[0]
    options = "meaning layer switched on" if args.meaning else "default options"
    lines = [f"click flow, {facts.get('documents')} essays, {options} (meaning layer "  # noqa: ISC004 (one line of the table, built from parts)
             f"{facts.get('meaning layer')}), platform {QApplication.platformName()} "
             f"{facts.get('screen')}, "
             f"switch interval {sys.getswitchinterval() * 1000:g} ms, "
             f"load {load_before:.1f} before / {load:.1f} after, {os.cpu_count()} cores, "
             f"{facts.get('pairs')} pairs, check {facts.get('check (s)')} s, "
             f"{facts.get('files written')} files written",
             "", ("GUI CPU: the GUI thread's CPU time in the stage; in worst gap: its CPU time during "
                  "that gap; most between paints: the most GUI-thread CPU time between two paints of the "
                  "stage (a gap much longer than its CPU time was spent waiting: for a core, or for the "
                  "interpreter lock)"), "",
             ("| stage | time (s) | GUI CPU (ms) | worst repaint gap (ms) | GUI CPU in worst gap (ms) "
              "| most GUI CPU between paints (ms) |"), "|---|---:|---:|---:|---:|---:|"]
    for stage, worst in probe.worst.items():
        if stage in ("start", "end") or stage not in probe.seconds:
            continue
        mark = "" if worst <= TARGET_MS else " (over 200)"
        lines.append(f"| {stage} | {probe.seconds[stage]:.1f} | {probe.cpu[stage] * 1000:.0f} | {worst}{mark} "
                     f"| {probe.worst_cpu[stage]} | {probe.busiest[stage]} |")
    lines += ["", f"exceptions and error dialogs: {len(errors)}", *errors]
    if facts.get("why"):
        lines += ["", "GUI thread during gaps (sampled every 20 ms):", *facts["why"]]
    if facts.get("collections"):
        lines += ["", "Garbage collections of 5 ms or more:", *facts["collections"]]
    if facts.get("threads"):
        lines += ["", "The longest gaps seen from outside (bench/thread_watch.py, every 5 ms):", *facts["threads"]]
    text = "\n".join(lines)
    print(text)
    if probe.profiler is not None:
        import pstats

        probe.profiler.disable()
        pstats.Stats(probe.profiler).sort_stats("cumulative").print_stats(45)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
