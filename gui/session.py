"""The documents, options and last report of one window; the only GUI caller of `core`'s work.

Loading, checking, exports, the archive and saved checks run as `gui.worker` jobs built by
`gui.session_jobs` (imported with the first job, so the window shows before the engines
load); their results are applied here on the GUI thread, and widgets learn about changes
through this object's signals.
"""

from __future__ import annotations

import gc
import os
import threading
import time
from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

from core import rules
from core.loaders import LoadError, load_document
from core.models import Expanded, FileError, Loaded, PairResult, Progress, Report, normalize_path
from core.options import CheckOptions
from core.steps import drain

from .background import without_collections
from .entries import CheckError, Entry, State
from .i18n import core_language
from .worker import Worker, analysis_pool, start

if TYPE_CHECKING:
    from core.review import Analysis

__all__ = ["CHILD_DOCUMENTS", "Session", "freeze_long_lived", "normalize_path"]

#: Option fields that only change what is shown, not what a check computes.
_DISPLAY_ONLY = {"display_threshold"}

#: A check of at least this many documents runs in a child process (core.pipeline.
#: CheckRequest.in_child): checking a class is seconds of Python, and on a thread of this
#: process it made every table paint wait for the interpreter lock (the pairs table froze
#: while a 500-essay class was checked again, bench/review_bench.py). Smaller checks end
#: sooner than the child's start (and, for the semantic layer, its model's load) would save.
#: Saves stay on a thread: sending a report to a child takes as much of this process's
#: interpreter as writing it here, and the save took three times longer.
CHILD_DOCUMENTS = 40
#: While files load, the views hear of new documents at most this often (ms).
LOAD_REFRESH_MS = 100


def jobs():
    """`gui.session_jobs`, the session's calls into core's work, imported on first use: by the
    job that first needs it, on its worker thread (or by the warm-up after the first paint),
    so the window never waits for it."""
    from gui import session_jobs

    return session_jobs


def later(work: Callable[[], Generator]) -> Generator:
    """`work()`'s steps, started on the first step: the session's jobs are imported and called
    by the worker thread that drains them, not by the GUI thread that makes them."""
    return (yield from work())


def freeze_long_lived() -> None:
    """Keep the objects alive now (a report: at 500 documents, hundreds of thousands of spans
    and passages) out of the cyclic garbage collector's full passes. Such a pass walks every
    tracked object while holding the interpreter lock, and one triggered by the review's worker
    froze the GUI thread (bench/review_bench.py). Frozen objects are still freed by
    reference counting when the next report replaces them; only reference cycles among them
    would stay, and reports, passages and spans are frozen dataclasses without cycles."""
    gc.freeze()


class Session(QObject):
    """Owns the added files, the template, the options, the profile cache and the last report."""

    documentsChanged = Signal()
    optionsChanged = Signal()
    progress = Signal(object)  # Progress of the running load or check
    busyChanged = Signal(bool)
    loadFinished = Signal(list)  # [FileError] of files that could not be used in that batch
    checkStarted = Signal()
    checkFinished = Signal(object)  # Report
    checkFailed = Signal(str)
    checkCancelled = Signal()
    figuresReady = Signal()  # the last report's academic figures are there (figures()); they come with it

    def __init__(self, options: CheckOptions | None = None, parent: QObject | None = None,
                 pool: QThreadPool | None = None):
        super().__init__(parent)
        self.options = options or CheckOptions()
        self.entries: list[Entry] = []
        self.template: str | None = None
        self.report: Report | None = None
        self._cache = None  # the profiles of documents checked, kept between checks (`cache`)
        self._cache_lock = threading.Lock()  # made by the first job that needs it
        #: None, or a callable giving the archive's location to check against (gui/archive.py)
        self.archive_location = None
        self.stale = False
        self._pool = pool or QThreadPool.globalInstance()
        # a new threshold's review (gui/review.py), one at a time
        self.analysis_pool = pool or analysis_pool()
        self._revision = 0
        self._job_ids = 0
        self._loads: dict[int, tuple[Worker, list[FileError]]] = {}
        self._check: Worker | None = None
        self._check_revision = 0
        self._highest: dict[str, float] = {}
        self.analysis: Analysis | None = None  # the last report's review and figures (core/review/analysis.py)
        self._report_index: dict[str, int] = {}
        # the reviewers' verdicts (core.review.verdicts.Verdicts), kept current by gui/review.py
        # and written into every export
        self.verdicts = None
        #: how long the last report's check took (s), kept in saved checks; None when not known
        self.check_seconds: float | None = None
        self._check_started = 0.0
        self._refresh = QTimer(self)  # documentsChanged while files load: at most this often
        self._refresh.setSingleShot(True)
        self._refresh.setInterval(LOAD_REFRESH_MS)
        self._refresh.timeout.connect(self.documentsChanged)

    # ----- state ---------------------------------------------------------------------------
    @property
    def cache(self):
        """The profiles of the documents checked (core.pipeline.ProfileCache): a re-check or an
        archive add profiles only what changed."""
        with self._cache_lock:
            if self._cache is None:
                self._cache = jobs().profile_cache()
            return self._cache

    @property
    def busy(self) -> bool:
        return bool(self._loads) or self._check is not None

    @property
    def checking(self) -> bool:
        return self._check is not None

    @property
    def loading(self) -> bool:
        return bool(self._loads)

    def entry(self, path: str) -> Entry | None:
        key = normalize_path(path)
        return next((e for e in self.entries if e.path == key), None)

    def ready_entries(self) -> list[Entry]:
        """Loaded documents that take part in a check (all but the template), in list order."""
        return [e for e in self.entries if e.state is State.READY and e.path != self.template]

    def failures(self) -> list[FileError]:
        return [e.error or FileError(e.path, "") for e in self.entries if e.state is State.FAILED]

    def highest_similarity(self, path: str) -> float | None:
        """The highest similarity of a document in the last report, if it took part."""
        return self._highest.get(path)

    def report_index(self, path: str) -> int | None:
        """The index in the last report of the document read from `path` (None: not checked)."""
        return self._report_index.get(path)

    @property
    def figures_ready(self) -> bool:
        """Whether the last report's figures are there (they come with the report)."""
        return self.analysis is not None

    def figures(self, path: str):
        """The academic figures (core.academic.figures.Figures) of a document in the last
        report; None if it was not checked."""
        index = self._report_index.get(path)
        if index is None or self.analysis is None:
            return None
        return self.analysis.figures[index]

    def _changed(self, soon: bool = False) -> None:
        """The documents changed: tell the views now, or (`soon`, a file of a running load)
        once per LOAD_REFRESH_MS, so a class of 200 files is not 200 refreshes of every row."""
        self._revision += 1
        if self.report is not None:
            self.stale = True
        if soon:
            if not self._refresh.isActive():
                self._refresh.start()
            return
        self._refresh.stop()
        self.documentsChanged.emit()

    # ----- documents -----------------------------------------------------------------------
    def add_paths(self, paths: Iterable[str | os.PathLike]) -> Worker | None:
        """Load files and folders off the GUI thread; already loaded files are skipped."""
        paths = [os.fspath(p) for p in paths]
        if not paths:
            return None
        skip = frozenset(e.path for e in self.entries if e.state is not State.FAILED)
        options = self.options
        self._job_ids += 1
        job = self._job_ids
        # the check's own loader: on all cores when it pays, options.exclude left out
        # on the worker thread; the documents it reads are long-lived: no collection passes over them
        worker = Worker(lambda: without_collections(jobs().load(paths, options, skip)), name="load")
        worker.signals.progress.connect(lambda item, job=job: self._on_load_item(job, item))
        worker.signals.finished.connect(lambda _result, job=job: self._on_load_end(job))
        worker.signals.cancelled.connect(lambda job=job: self._on_load_end(job, cancelled=True))
        worker.signals.failed.connect(lambda message, _d, job=job: self._on_load_failed(job, message))
        self._loads[job] = (worker, [])
        self.busyChanged.emit(True)
        return start(worker, self._pool)

    def _on_load_item(self, job: int, item: object) -> None:
        if job not in self._loads:
            return
        failures = self._loads[job][1]
        if isinstance(item, Progress):
            self.progress.emit(item)
        elif isinstance(item, Expanded):
            for error in item.errors:
                failures.append(error)
                self._put(Entry(normalize_path(error.path), State.FAILED, error=error, job=job))
            for path in item.files:
                self._put(Entry(path, State.LOADING, job=job))
            self._changed()
        elif isinstance(item, Loaded):
            entry = self.entry(item.path)
            if entry is None or entry.job != job:
                return  # removed meanwhile, or taken over by a later job
            if item.document is not None:
                entry.state, entry.document, entry.error = State.READY, item.document, None
            else:
                entry.state, entry.document, entry.error = State.FAILED, None, item.error
                failures.append(item.error)
            self._changed(soon=True)

    def _put(self, new: Entry) -> None:
        """Add an entry, or replace a failed one for the same file (the user is retrying it)."""
        old = self.entry(new.path)
        if old is None:
            self.entries.append(new)
        elif old.state is State.FAILED or new.state is State.LOADING:
            self.entries[self.entries.index(old)] = new

    def _on_load_end(self, job: int, cancelled: bool = False) -> None:
        _worker, failures = self._loads.pop(job, (None, []))
        if self._refresh.isActive():  # the last files of the load, shown before it is over
            self._refresh.stop()
            self.documentsChanged.emit()
        if cancelled:
            before = len(self.entries)
            self.entries = [e for e in self.entries if not (e.job == job and e.state is State.LOADING)]
            if len(self.entries) != before:
                self._changed()
        self.busyChanged.emit(self.busy)
        self.loadFinished.emit(failures)

    def _on_load_failed(self, job: int, message: str) -> None:
        _worker, failures = self._loads.get(job, (None, []))
        for e in self.entries:
            if e.job == job and e.state is State.LOADING:
                e.state, e.error = State.FAILED, FileError(e.path, message)
                failures.append(e.error)
        self._changed()
        self._on_load_end(job)

    def remove(self, paths: Iterable[str]) -> int:
        """Forget some files; returns how many were removed."""
        keys = {normalize_path(p) for p in paths}
        before = len(self.entries)
        self.entries = [e for e in self.entries if e.path not in keys]
        if self.template in keys:
            self.template = None
        removed = before - len(self.entries)
        if removed:
            self._changed()
        return removed

    def set_template(self, path: str | None) -> None:
        """Make a document the template (its text is ignored in comparisons), or clear it."""
        key = normalize_path(path) if path else None
        if key == self.template:
            return
        self.template = key
        self._changed()

    def use_text_as_template(self, text: str) -> str:
        """Make `text` the template: a passage most documents hold (likely the assignment itself;
        the compare view's "Use as template"). The text, after the current template's
        if there is one (so what that ignored stays ignored), is written to a file in the user's
        data directory (templates/), which joins the list as the template; a previous template
        leaves the list, its text living on in the new one. Returns the new template's path.
        Raises OSError when the file cannot be written, CheckError when it cannot be read back."""
        old = self.entry(self.template) if self.template else None
        if old is not None and old.document is not None and text in old.document.text:
            return old.path  # ignored already
        if old is not None and old.document is not None:
            text = old.document.text.rstrip() + "\n\n" + text
        key = normalize_path(jobs().template_file(text))
        try:
            document = load_document(key, -1, max_chars=self.options.max_chars)
        except LoadError as e:  # the reason in the UI language (e.g. "contains no words to compare")
            raise CheckError(e.to_file_error().text(core_language())) from None
        if old is not None:
            self.entries.remove(old)
        self.entries = [e for e in self.entries if e.path != key]
        self.entries.append(Entry(key, State.READY, document=document))
        self.template = key
        self._changed()
        return key

    def set_options(self, options: CheckOptions) -> None:
        """Use new options; results become out of date if they change what a check computes."""
        old = self.options.to_dict()
        self.options = options
        changed = {k for k, v in options.to_dict().items() if old.get(k) != v}
        if changed - _DISPLAY_ONLY and self.report is not None:
            self.stale = True
        if changed:
            self.optionsChanged.emit()

    # ----- the semantic layer (optional) ----------------------------------------------------
    @staticmethod
    def semantic_available() -> bool:
        """Whether the semantic layer's model is installed (checked without importing it)."""
        from core.semantic import available

        return available()

    @staticmethod
    def semantic_install_hint() -> str:
        from core.semantic import INSTALL_HINT

        return INSTALL_HINT

    # ----- the archive and saved checks (gui/archive.py's commands) -------------------------
    @staticmethod
    def resolve_archive(chosen: str | None) -> str:
        """The archive the user chose (an SQLite file or a postgresql:// address; empty: the
        $PLAGSCOPE_DB or default one)."""
        return jobs().archive_location(chosen)

    @staticmethod
    def shown_location(location: str) -> str:
        """The archive's location as messages show it (a PostgreSQL password never in it)."""
        return jobs().shown_location(location)

    @staticmethod
    def archive_steps(location: str, work: Callable):
        """`work(store)` on the archive at `location` (opened for it, closed after), as a
        progress generator for a worker: a server that answers slowly never holds the window."""
        return later(lambda: jobs().on_archive(location, work))

    def archive_add_steps(self, location: str, documents, label: str):
        """Keep `documents` in the archive under `label`, as a progress generator (its sentence
        vectors too with the meaning layer on; this session's profiles are reused)."""
        semantic = self.options.semantic
        return later(lambda: jobs().add_to_archive(location, documents, label, semantic=semantic,
                                                   cache=self.cache))

    def save_check_steps(self, path, verdicts, report: Report | None = None):
        """The last report (or `report`) with `verdicts` into a .plagscope file, as a progress
        generator; the file is written atomically at the end."""
        report, seconds = report or self.require_report(), self.check_seconds
        return later(lambda: jobs().save_check(path, report, verdicts, seconds))

    @staticmethod
    def save_verdicts_steps(path, verdicts):
        """Only the verdicts of the saved check at `path` replaced (its report is unchanged)."""
        return later(lambda: jobs().save_verdicts(path, verdicts))

    def open_check_steps(self, path: str):
        """A saved check (saved, analysis at the display threshold shown) as a progress generator."""
        threshold = self.options.display_threshold
        return later(lambda: jobs().open_check(path, threshold))

    def warm_up(self) -> None:
        """Load the engine's segmenter and IDF tables now (a thread calls this once the window
        has painted), so that the first check does not wait for them."""
        jobs().warm_up()

    # ----- checking ------------------------------------------------------------------------
    def start_check(self) -> Worker:
        """Check the loaded documents against each other off the GUI thread.

        Raises CheckError (with a message for the user) when that is not possible now.
        """
        if self._check is not None:
            raise CheckError(self.tr("A check is already running."))
        if self.loading:
            raise CheckError(self.tr("Documents are still loading; please wait until they are read."))
        ready = self.ready_entries()
        if not self.entries:
            raise CheckError(self.tr("There are no documents to check. Add files or a folder first."))
        archive = self.archive_location() if self.archive_location is not None else None
        if len(ready) < (1 if archive else 2):
            raise CheckError(self.tr(
                "At least two readable documents are needed for a check (the template does not "
                "count); %n readable now.", "", len(ready)))
        documents = [e.document for e in ready]
        template_entry = self.entry(self.template) if self.template else None
        template = template_entry.document if template_entry and template_entry.document else None
        errors = self.failures()
        options = self.options

        def job():  # the report arrives with its review and figures (core/review/analysis.py)
            return (yield from jobs().check(documents, template, errors, archive,
                                            len(documents) >= CHILD_DOCUMENTS, options, self.cache))

        # the report's objects arrive on the worker: no collection passes over them meanwhile
        worker = Worker(lambda: without_collections(job()), name="check")
        worker.signals.progress.connect(self.progress)
        worker.signals.finished.connect(self._on_check_finished)
        worker.signals.failed.connect(self._on_check_failed)
        worker.signals.cancelled.connect(self._on_check_cancelled)
        self._check = worker
        self._check_revision = self._revision
        self._check_started = time.monotonic()
        self.busyChanged.emit(True)
        self.checkStarted.emit()
        return start(worker, self._pool)

    def cancel(self) -> bool:
        """Stop the running check and loads at their next step; True if anything was running."""
        running = [w for w, _ in self._loads.values()]
        if self._check is not None:
            running.append(self._check)
        for worker in running:
            worker.cancel()
        return bool(running)

    def _on_check_finished(self, result: tuple[Report, Analysis]) -> None:
        self._check = None
        report, analysis = result
        self.install_report(report, analysis, stale=self._revision != self._check_revision,
                            seconds=time.monotonic() - self._check_started)

    def install_report(self, report: Report, analysis: Analysis, *, stale: bool = False,
                       seconds: float | None = None) -> None:
        """Show `report` as the last check's results (a finished check, or an opened saved check)
        with `analysis`, its review and figures, computed by the job that made it: every view
        learns of it through checkFinished. `stale` says the documents changed since the report
        was computed; `seconds` is how long its check took (None: not known)."""
        if analysis.figures.report is not report:
            raise ValueError("the analysis is not the report's")
        self.report = report
        self.check_seconds = seconds
        self.stale = stale
        self.analysis = analysis
        freeze_long_lived()
        best = [0.0] * len(report.documents)  # per document first: a path is normalized once
        for pair in report.pairs:
            best[pair.left] = max(best[pair.left], pair.similarity)
            best[pair.right] = max(best[pair.right], pair.similarity)
        paths = [normalize_path(d.path) for d in report.documents]
        highest: dict[str, float] = {}
        for path, value in zip(paths, best):  # one file listed twice: its highest
            highest[path] = max(highest.get(path, 0.0), value)
        self._highest = highest
        self._report_index = {path: i for i, path in enumerate(paths)}
        self.busyChanged.emit(self.busy)
        self.checkFinished.emit(report)
        self.documentsChanged.emit()
        self.figuresReady.emit()

    def _on_check_failed(self, message: str, _details: str) -> None:
        self._check = None
        self.busyChanged.emit(self.busy)
        self.checkFailed.emit(message)

    def _on_check_cancelled(self) -> None:
        self._check = None
        self.busyChanged.emit(self.busy)
        self.checkCancelled.emit()

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until running jobs end (shutdown and scripts); signals arrive later."""
        workers = [w for w, _ in self._loads.values()] + ([self._check] if self._check else [])
        return all(w.wait(timeout) for w in workers)

    # ----- results -------------------------------------------------------------------------
    def pair(self, left: int, right: int) -> PairResult:
        """The result for two documents of the report, or an empty one if they share nothing."""
        report = self.report
        if report is None:
            raise CheckError(self.tr("There are no results yet. Run a check first."))
        a, b = min(left, right), max(left, right)
        for p in report.pairs:
            if (p.left, p.right) == (a, b):
                return p
        hamming = rules.hamming(report.simhashes[a], report.simhashes[b])
        return PairResult(a, b, hamming, 0.0, 0.0, 0.0, 0, ())

    def require_report(self) -> Report:
        """The last report; CheckError if there is none to export yet."""
        if self.report is None:
            raise CheckError(self.tr("There are no results to export. Run a check first."))
        return self.report

    def export_student(self, path: str, document_path: str, fmt: str, language: str = "en") -> None:
        """Write one document's per-student report as "html" or "pdf", atomically."""
        drain(self.export_student_steps(path, document_path, fmt, language))

    def export_student_steps(self, path: str, document_path: str, fmt: str, language: str = "en"):
        """`export_student` as a progress generator for the worker pool (gui/background.py), the
        same way as `export_steps`: the report, verdicts and figures are taken now, the page is
        built and rendered off the GUI thread, the file written atomically at the end (stopping
        leaves no file); `language` is the UI language. ValueError at once if the document was
        not part of the last check."""
        index = self._report_index.get(document_path)
        if index is None:
            raise ValueError(f"{document_path} was not part of the last check")
        report, verdicts, table = self.require_report(), self.verdicts, self.analysis.figures
        # a report is there, so its check (or the warm-up) has imported the jobs already
        return jobs().student_export_steps(path, report, index, fmt, language, verdicts, table)

    def export_steps(self, path: str, fmt: str, language: str = "en"):
        """`export` as a progress generator, for the worker pool (gui/background.py): the report,
        options and verdicts are taken now; the file is written atomically at the end."""
        return jobs().export_steps(self.require_report(), path, fmt, language, self.options.display_threshold,
                                   self.verdicts)

    def export(self, path: str, fmt: str, language: str = "en") -> None:
        """Write the last report in any of `core.reports.FORMATS`, atomically, flagging pairs at
        the display threshold shown (labels in `language`: en, zh), with the reviewers' verdicts."""
        jobs().export(self.require_report(), path, fmt, language, self.options.display_threshold, self.verdicts)
