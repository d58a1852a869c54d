"""The documents of a session as table rows: name, format, length, highest similarity, load state."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QLocale, QObject, Qt
from PySide6.QtGui import QBrush, QColor, QFont

import core.academic
from core.display import safe_name
from core.review import short_names

from .. import icons
from ..entries import Entry, State
from ..i18n import core_language
from ..widgets.verdict_menu import verdict_cell
from .table import KEY_ROLE, RIGHT, Column, ColumnTableModel

PATH_ROLE = KEY_ROLE  # the entry's path

FAILED_COLOR = QColor("#b3261e")
TEMPLATE_COLOR = QColor("#5b6f82")


class DocumentModel(ColumnTableModel[Entry]):
    """The session's entries as table rows; reset whenever the session's documents change."""

    NAME, FORMAT, LENGTH, HIGHEST, VERDICT, COPY = range(6)

    def __init__(self, session: QObject, parent=None):
        super().__init__(parent)
        self._session = session
        self._short: dict[str, str] = {}  # path -> distinguishing short name (core/review/names)
        self._short_of: tuple = ()
        self.verdict_of: Callable[[Entry], object] | None = None  # Entry -> Verdict (gui/review.py)
        self._update_short_names()
        self.set_rows(session.entries)
        session.documentsChanged.connect(self.refresh)
        session.loadFinished.connect(lambda _failures: self.refresh())  # short names once all are read
        session.figuresReady.connect(lambda: self.column_changed(self.COPY))

    def make_columns(self) -> list[Column[Entry]]:
        return [
            Column(lambda: self.tr("Name"), self._name, lambda e: e.name.casefold(),
                   lambda: self.tr("File name"), decoration=self._icon),
            Column(lambda: self.tr("Format"), self._format, header_tip=lambda: self.tr("File format")),
            Column(lambda: self.tr("Length"), self._length, lambda e: e.document.chars if e.document else -1,
                   lambda: self.tr("Length in characters"), alignment=RIGHT),
            Column(lambda: self.tr("Highest"), self._highest, self._highest_key,
                   lambda: self.tr("Highest similarity to any other document in the last check"),
                   alignment=RIGHT),
            Column(lambda: self.tr("Verdict"), self._verdict, self._verdict,
                   lambda: self.tr("The reviewer's verdict on the document")),
            Column(lambda: self.tr("Copied"), self._copied, self._copied_key,
                   lambda: self.tr("Similarity index (总文字复制比): the share of the document's "
                                   "characters inside matched passages; the tooltip has all figures"),
                   alignment=RIGHT, tooltip=self._figures_tip),
        ]

    def refresh(self) -> None:
        self._update_short_names()
        entries = self._session.entries
        rows = self.rows()
        if len(entries) == len(rows) and all(a is b for a, b in zip(entries, rows)):
            self.restyle()  # the same entries (a check finished): values changed, no reset
        else:
            self.set_rows(entries)

    def _update_short_names(self) -> None:
        """Short names that keep what differs between the files visible (not while loading)."""
        if self._session.loading:
            return
        entries = self._session.entries
        key = tuple(e.path for e in entries)
        if key == self._short_of:
            return

        names = short_names([e.name for e in entries], [e.path for e in entries])
        self._short = {e.path: n for e, n in zip(entries, names)}
        self._short_of = key

    def column_changed(self, column: int) -> None:
        if self.rowCount():
            self.dataChanged.emit(self.index(0, column), self.index(self.rowCount() - 1, column))

    def verdicts_changed(self, keys) -> None:
        """The verdicts of the documents with these keys (text digests) changed: their rows."""
        for row, e in enumerate(self.rows()):
            if e.document is not None and e.document.key in keys:
                self.dataChanged.emit(self.index(row, self.VERDICT), self.index(row, self.VERDICT))

    def short_name(self, e: Entry) -> str:
        return self._short.get(e.path, e.name)

    def _verdict(self, e: Entry) -> str:
        if self.verdict_of is None or e.document is None:
            return ""

        return verdict_cell(self.verdict_of(e))

    def entry(self, row: int) -> Entry:
        return self.row(row)

    def row_key(self, row: int, e: Entry) -> str:
        return e.path

    def _is_template(self, e: Entry) -> bool:
        return e.path == self._session.template

    # ----- cells -----------------------------------------------------------------------------
    def _name(self, e: Entry) -> str:
        name = safe_name(self.short_name(e))
        return self.tr("%1 (template)").replace("%1", name) if self._is_template(e) else name

    @staticmethod
    def _format(e: Entry) -> str:
        if e.document is not None:
            return e.document.format.upper()
        return safe_name(e.path.rsplit(".", 1)[-1].upper()) if "." in e.name else ""

    def _length(self, e: Entry) -> str:
        if e.state is State.LOADING:
            return self.tr("loading…")
        if e.state is State.FAILED:
            return self.tr("unreadable")
        return f"{e.document.chars:,}"

    def _highest(self, e: Entry) -> str:
        highest = self._session.highest_similarity(e.path)
        return "" if highest is None else f"{highest * 100:.1f}%"

    def _highest_key(self, e: Entry) -> float:
        highest = self._session.highest_similarity(e.path)
        return -1.0 if highest is None else highest

    def _copied(self, e: Entry) -> str:
        f = self._session.figures(e.path)
        return "" if f is None else f"{f.total_copy_ratio * 100:.1f}%"

    def _copied_key(self, e: Entry) -> float:
        f = self._session.figures(e.path)
        return -1.0 if f is None else f.total_copy_ratio

    def _figures_tip(self, e: Entry) -> str:
        """All the document's figures, named as reviewers know them in the UI language."""
        f = self._session.figures(e.path)
        if f is None:
            return ""

        # the UI language sets the default locale (gui/i18n.py): CNKI's names for Chinese
        names = core.academic.LABELS["zh" if QLocale().language() == QLocale.Language.Chinese else "en"]
        lines = [f"{names['total_copy_ratio']}: {f.total_copy_ratio:.1%}",
                 f"{names['copy_ratio_excluding_quotes']}: {f.copy_ratio_excluding_quotes:.1%}",
                 f"{names['largest_source_ratio']}: {f.largest_source_ratio:.1%}",
                 f"{names['copied_chars']}: {f.copied_chars:,} / {f.chars:,}",
                 f"{names['sources']}: {f.sources}"]
        lines += [f"  {s.title}: {s.copy_ratio:.1%}" for s in f.sections[:12]]
        return "\n".join(lines)

    def _icon(self, e: Entry):
        if e.state is State.FAILED:
            return icons.icon("doc_failed")
        if e.state is State.LOADING:
            return icons.icon("doc_loading")
        return icons.icon("doc_template" if self._is_template(e) else "doc_ready")

    # ----- whole rows ------------------------------------------------------------------------
    def row_style(self, e: Entry, role: Qt.ItemDataRole):
        template = self._is_template(e)
        if role == Qt.ItemDataRole.ForegroundRole:
            if e.state is State.FAILED:
                return QBrush(FAILED_COLOR)
            if template:
                return QBrush(TEMPLATE_COLOR)
        if role == Qt.ItemDataRole.FontRole and template:
            font = QFont()
            font.setItalic(True)
            return font
        return None

    def row_tooltip(self, e: Entry) -> str:
        return f"{safe_name(e.name)}\n{self._row_tooltip(e)}" if e.name != self.short_name(e) else self._row_tooltip(e)

    def _row_tooltip(self, e: Entry) -> str:
        if e.state is State.FAILED:
            reason = e.error.text(core_language()) if e.error else ""
            return self.tr("Could not read %1:\n%2").replace("%1", safe_name(e.path)).replace("%2", reason)
        if e.state is State.LOADING:
            return self.tr("Loading %1…").replace("%1", safe_name(e.path))
        if self._is_template(e):
            return self.tr("%1\nTemplate: text shared with it is ignored").replace("%1", safe_name(e.path))
        return safe_name(e.path)
