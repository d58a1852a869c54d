"""The review of the last report (groups, order, short names, per-student figures, graph
positions) and the reviewers' verdicts, shared by every view of the window.

A check and an opened saved check compute the review with the report (core/review/analysis.py,
`Session.analysis`); it is adopted shortly after the report arrives (the window fills its tables
first). When the display threshold differs from the one it was computed at, the review is
computed off the GUI thread (`core.review.summary.review` on a `gui.worker` job). Views redraw
on `changed`.
Verdicts are `core.review.verdicts.Verdicts` (keyed by document text digest and pairs of
them), so they survive a re-check and are what a saved check stores: `set_verdicts` /
`verdicts` are the whole state to save and restore.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

import core.review
from core.models import VERDICTS, PairResult, Report, Verdict
from core.review import UNREVIEWED, Verdicts, pair_key

from .session import freeze_long_lived
from .verdict_style import VERDICT_COLORS, verdict_label
from .worker import Worker, start_analysis

if TYPE_CHECKING:
    from core.review import ReviewData

__all__ = ["VERDICT_COLORS", "Review", "verdict_label"]

#: A new report's review starts this long after it arrived (ms): the window fills its tables first.
REVIEW_DELAY_MS = 100

#: Background colors of the verdicts in tables (pale, so text stays readable).
class Review(QObject):
    """The review data of the session's last report, and the verdicts."""

    changed = Signal()  # `data` is new (or None)
    verdictsChanged = Signal()

    def __init__(self, session, parent: QObject | None = None, pool: QThreadPool | None = None):
        super().__init__(parent)
        self.session = session
        self.data: ReviewData | None = None
        self.verdicts = Verdicts()
        self._pool = pool or getattr(session, "analysis_pool", None) or QThreadPool.globalInstance()
        self._job: Worker | None = None
        self._wanted: tuple[int, float] | None = None
        self._key_cache: tuple | None = None
        self._pending = False
        self._delay = QTimer(self)  # a child: it dies with the review
        self._delay.setSingleShot(True)
        self._delay.setInterval(REVIEW_DELAY_MS)
        self._delay.timeout.connect(self._start_pending)
        self._pair_index: tuple | None = None
        self.changed_pairs: frozenset | None = None  # what the last verdictsChanged changed
        self.changed_documents: frozenset | None = None  # (None: anything may have)
        session.checkFinished.connect(self._report_arrived)
        session.optionsChanged.connect(self._options_changed)

    # ----- review data ---------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self._job is not None or self._pending

    def _report_arrived(self, *_args) -> None:
        """A new report: start its review once the window has shown it (the review's worker
        then does not compete for the interpreter with the tables being filled)."""
        self._pending = True
        self._delay.start()

    def _start_pending(self) -> None:
        if self._pending:
            self._pending = False
            self.refresh()

    def refresh(self, *_args) -> Worker | None:
        """The review of the session's report: the one its check or opened saved check computed
        (`Session.analysis`), else computed off the GUI thread (the running job, None if none)."""
        report: Report | None = self.session.report
        if report is None:
            self.data = None
            self.changed.emit()
            return None
        threshold = self.session.options.display_threshold
        wanted = (id(report), threshold)
        if self._wanted == wanted and (self._job is not None or self.data is not None):
            return self._job
        self._wanted = wanted
        if self._job is not None:
            self._job.cancel()
            self._job = None
        analysis = self.session.analysis
        if analysis is not None and analysis.serves(report, threshold):  # computed with the report
            self.data = analysis.review
            freeze_long_lived()
            self.changed.emit()
            return None
        previous = self.data or (analysis.review if analysis is not None else None)  # lends its students
        # core.review's summary (and the engines) load with the first review computed here
        worker = Worker(lambda: core.review.review(report, threshold, previous=previous), name="review")
        # bound methods (not lambdas holding self): a review deleted meanwhile is not called
        worker.signals.finished.connect(self._job_finished)
        worker.signals.failed.connect(self._job_ended)
        worker.signals.cancelled.connect(self._job_ended)
        self._job = worker
        return start_analysis(worker, self._pool)

    def _job_finished(self, data: ReviewData) -> None:
        if self._job is not None and self.sender() is self._job.signals:
            self._finished(self._job, data)

    def _job_ended(self, *_args) -> None:
        if self._job is not None and self.sender() is self._job.signals:
            self._job = None

    def _finished(self, worker: Worker, data: ReviewData) -> None:
        if worker is not self._job:
            return
        self._job = None
        self.data = data
        freeze_long_lived()  # the review lives as long as its report (see gui/session.py)
        self.changed.emit()

    def _ended(self, worker: Worker) -> None:
        if worker is self._job:
            self._job = None

    def _options_changed(self) -> None:
        """A new display threshold: its review starts once the tables have shown the new
        threshold and the typing has paused (each change restarts the delay)."""
        if self.data is not None and self.session.report is not None and \
                self.session.options.display_threshold != self.data.report.options.display_threshold:
            self._pending = True
            self._delay.start()

    def wait(self, timeout: float = 30.0) -> bool:
        self._start_pending()
        return self._job is None or self._job.wait(timeout)

    # ----- names ---------------------------------------------------------------------------
    def name(self, document: int) -> str:
        """A document's distinguishing short name (its file name until the review is ready)."""
        data, report = self.data, self.session.report
        if data is not None and report is not None and data.report.documents is report.documents:
            return data.names[document]
        return report.documents[document].name if report is not None else str(document)

    def hover(self, document: int) -> str:
        """The full name and path of a document, for tooltips."""
        report = self.session.report
        if report is None:
            return ""
        doc = report.documents[document]
        return f"{doc.name}\n{doc.path}" if doc.path else doc.name

    # ----- verdicts ------------------------------------------------------------------------
    def _keys(self, report: Report) -> list[str]:
        """The documents' keys (text digests), computed once per report."""
        cached = self._key_cache
        if cached is None or cached[0] is not report.documents:
            cached = self._key_cache = (report.documents, [d.key for d in report.documents])
        return cached[1]

    def pair_verdict(self, pair: PairResult, report: Report | None = None) -> Verdict:
        report = report or self.session.report
        if report is None or not self.verdicts.pairs:
            return UNREVIEWED
        keys = self._keys(report)
        a, b = keys[pair.left], keys[pair.right]
        return self.verdicts.pairs.get((a, b) if a <= b else (b, a), UNREVIEWED)

    def document_verdict(self, document: int, report: Report | None = None) -> Verdict:
        report = report or self.session.report
        if report is None or not self.verdicts.documents:
            return UNREVIEWED
        return self.verdicts.documents.get(self._keys(report)[document], UNREVIEWED)

    def document_verdict_by_key(self, key: str) -> Verdict:
        return self.verdicts.documents.get(key, UNREVIEWED)

    def set_pair_verdict(self, pair: PairResult, verdict: Verdict, report: Report | None = None) -> None:
        report = report or self.session.report
        if report is None:
            return
        self.set_verdicts(self.verdicts.set_pair(pair_key(report, pair), verdict))

    def set_document_verdict(self, document: int, verdict: Verdict, report: Report | None = None) -> None:
        report = report or self.session.report
        if report is None:
            return
        self.set_verdicts(self.verdicts.set_document(report.documents[document].key, verdict))

    def set_verdicts(self, verdicts: Verdicts) -> None:
        """Replace every verdict (e.g. from an opened saved check). Before `verdictsChanged`,
        `changed_pairs` / `changed_documents` are set to the keys whose verdict changed, so the
        views update those rows only."""
        if verdicts != self.verdicts:
            old = self.verdicts
            self.changed_pairs = _changed(old.pairs, verdicts.pairs)
            self.changed_documents = _changed(old.documents, verdicts.documents)
            self.verdicts = verdicts
            self.session.verdicts = verdicts  # exports carry them
            self.verdictsChanged.emit()

    def pair_indexes(self, keys, report: Report | None = None) -> list[int]:
        """The indexes into `report.pairs` of the pairs stored under the pair keys `keys` (pairs
        of identical texts share a key); the map is built once per report."""
        report = report or self.session.report
        if report is None:
            return []
        cached = self._pair_index
        if cached is None or cached[0] is not report.pairs:
            doc_keys = self._keys(report)
            index: dict[tuple[str, str], list[int]] = {}
            for k, p in enumerate(report.pairs):
                a, b = doc_keys[p.left], doc_keys[p.right]
                index.setdefault((a, b) if a <= b else (b, a), []).append(k)
            cached = self._pair_index = (report.pairs, index)
        return sorted(k for key in keys for k in cached[1].get(key, ()))

    @staticmethod
    def statuses() -> tuple[str, ...]:
        return VERDICTS


def _changed(old, new) -> frozenset:
    """The keys whose value differs between two mappings."""
    return frozenset(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
