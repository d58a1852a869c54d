"""The Shared text view: text most of the checked documents hold (likely the assignment
itself), found once for the whole class (core/matching/common.py, `Report.shared_texts`).

Each row says "in N of M documents" and begins the text; the documents holding it are listed
under the selected row. "Use as template" makes the selected text the template and checks
again (MainWindow.use_text_as_template, the same as the compare view's button).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core.display import safe_name
from core.models import Report

EXCERPT = 80  # characters of the text a row shows


class SharedTextView(QWidget):
    """The report's shared texts, most widely held first, with "Use as template"."""

    #: the text to make the template
    templateChosen = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.report: Report | None = None
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("sharedTextList")
        self.list.setWordWrap(True)
        self.list.currentRowChanged.connect(self._selected)
        self.list.itemDoubleClicked.connect(lambda _item: self.use_as_template())
        self.holders = QLabel()
        self.holders.setWordWrap(True)
        self.holders.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.template_button = QPushButton()
        self.template_button.setObjectName("sharedTextTemplate")
        self.template_button.clicked.connect(self.use_as_template)
        buttons = QHBoxLayout()
        buttons.addWidget(self.holders, 1)
        buttons.addWidget(self.template_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        self.retranslate()

    def set_report(self, report: Report | None) -> None:
        """Show `report`'s shared texts (none: a sentence saying so)."""
        self.report = report
        self.list.clear()
        for shared in report.shared_texts if report is not None else ():
            item = QListWidgetItem()
            item.setToolTip(shared.text)
            self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)
        self.retranslate()

    def row_text(self, row: int) -> str:
        """ "in N of M documents · the beginning of the text…" for row `row`."""
        shared = self.report.shared_texts[row]
        text = " ".join(shared.text.split())
        excerpt = text if len(text) <= EXCERPT else text[:EXCERPT] + "…"
        where = (self.tr("in %1 of %2 documents").replace("%1", str(len(shared.documents)))
                 .replace("%2", str(len(self.report.documents))))
        return f"{where} · {excerpt}"

    def current_text(self) -> str:
        """The selected shared text ("" when there is none)."""
        row = self.list.currentRow()
        if self.report is None or not 0 <= row < len(self.report.shared_texts):
            return ""
        return self.report.shared_texts[row].text

    def use_as_template(self) -> None:
        """Emit templateChosen with the selected text (nothing when there is none)."""
        text = self.current_text()
        if text:
            self.templateChosen.emit(text)

    def _selected(self, row: int) -> None:
        self.template_button.setEnabled(bool(self.current_text()))
        if self.report is None or not 0 <= row < len(self.report.shared_texts):
            self.holders.setText("")
            return
        shared = self.report.shared_texts[row]
        names = ", ".join(safe_name(self.report.documents[d].name) for d in shared.documents[:12])
        more = len(shared.documents) - 12
        if more > 0:
            names += " " + self.tr("and %n more", "", more)
        self.holders.setText(self.tr("Held by: %1").replace("%1", names))

    def retranslate(self) -> None:
        count = len(self.report.shared_texts) if self.report is not None else 0
        if self.report is None:
            self.summary.setText(self.tr("Check the documents to see the text most of them share."))
        elif not count:
            self.summary.setText(self.tr("No text is shared by most of the documents."))
        else:
            self.summary.setText(self.tr(
                "Text most of the documents share, likely the assignment itself. It is not "
                "evidence of copying; make it the template to leave it out of the check."))
        for row in range(self.list.count()):
            self.list.item(row).setText(self.row_text(row))
        self.template_button.setText(self.tr("Use as template"))
        self.template_button.setToolTip(self.tr("Leave this text out of the check and check again"))
        self._selected(self.list.currentRow())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
