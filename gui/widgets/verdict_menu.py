"""The verdict choices a context menu offers for a pair or a document, and the note dialog."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QActionGroup, QBrush, QColor
from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from core.models import VERDICTS, Verdict

from ..actions import on_triggered
from ..verdict_style import VERDICT_COLORS, verdict_label


def verdict_brush(verdict: Verdict) -> QBrush | None:
    """The background of a row with this verdict (None when not yet reviewed)."""
    color = VERDICT_COLORS.get(verdict.status)
    return QBrush(QColor(color)) if color else None


def verdict_cell(verdict: Verdict) -> str:
    """A verdict as a table cell: its label, and a mark when a note is attached."""
    text = verdict_label(verdict.status) if verdict.status else ""
    if verdict.note:
        text = f"{text} ✎" if text else "✎"
    return text


def verdict_tooltip(verdict: Verdict) -> str:
    text = verdict_label(verdict.status)
    return f"{text}\n{QCoreApplication.translate('Review', 'Note')}: {verdict.note}" if verdict.note else text


def add_verdict_actions(menu: QMenu, current: Verdict, apply: Callable[[Verdict], None],
                        parent: QWidget | None = None) -> None:
    """Confirmed / Suspicious / Not plagiarism / Not yet reviewed, and Edit Note…, into `menu`."""
    group = QActionGroup(menu)
    group.setExclusive(True)
    for status in (*VERDICTS, ""):
        action = menu.addAction(verdict_label(status))
        action.setCheckable(True)
        action.setChecked(current.status == status)
        action.setData(status)
        group.addAction(action)
        on_triggered(action, lambda _on, s=status: apply(Verdict(s, current.note)))
    menu.addSeparator()
    note = menu.addAction(QCoreApplication.translate("Review", "Edit Note…"))
    on_triggered(note, lambda: edit_note(current, apply, parent or menu.parentWidget()))


def edit_note(current: Verdict, apply: Callable[[Verdict], None], parent: QWidget | None) -> None:
    text, ok = QInputDialog.getMultiLineText(parent, QCoreApplication.translate("Review", "Note"),
                                             QCoreApplication.translate("Review", "Note for the reviewers:"),
                                             current.note)
    if ok:
        apply(Verdict(current.status, text.strip()))
