"""The matched passages of one pair as table rows: number and color, kind, length on each side,
excerpt."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtGui import QColor

from .pairs import kind_text
from .table import RIGHT, Column, ColumnTableModel

EXCERPT_CHARS = 40
_TOOLTIP_CHARS = 400


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """`text` on one line (white space runs collapsed), cut to `limit` characters with an ellipsis."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


@dataclass(frozen=True, slots=True)
class PassageRow:
    """What the list shows for one passage."""

    color: QColor
    left_chars: int
    right_chars: int
    left_text: str
    score: float | None = None  # a sentence pair aligned by meaning: its score
    right_text: str = ""  # ... and the right sentence, shown beside the left one
    shared_by: int = 0  # Match.shared_by: how many of the checked documents hold this text
    documents: int = 0  # ... of how many (the "M" of "in N of M documents")
    kind: str = ""  # core.evidence: verbatim, edited, paraphrase, translation, or a credited class


@dataclass(frozen=True, slots=True)
class _Numbered:
    number: int
    row: PassageRow
    excerpt: str


class PassageListModel(ColumnTableModel[_Numbered]):
    """Read-only table of passages; row i is passage number i + 1."""

    NUMBER, KIND, LEFT, RIGHT, EXCERPT = range(5)

    def __init__(self, rows: Sequence[PassageRow], parent=None):
        super().__init__(parent)
        self.set_rows([_Numbered(i + 1, r, _excerpt(r)) for i, r in enumerate(rows)])

    def make_columns(self) -> list[Column[_Numbered]]:
        return [
            Column(lambda: self.tr("#"), lambda p: p.number, header_tip=lambda: self.tr("Passage number"),
                   alignment=RIGHT, decoration=lambda p: p.row.color),
            Column(lambda: self.tr("Kind"), lambda p: kind_text(p.row.kind),
                   header_tip=lambda: self.tr("How the passage was taken: verbatim, edited copy, "
                                              "paraphrase or translation; or how it is credited")),
            Column(lambda: self.tr("Left"), lambda p: p.row.left_chars, alignment=RIGHT,
                   header_tip=lambda: self.tr("Length in the left document, in characters")),
            Column(lambda: self.tr("Right"), lambda p: p.row.right_chars, alignment=RIGHT,
                   header_tip=lambda: self.tr("Length in the right document, in characters")),
            Column(lambda: self.tr("Excerpt"), lambda p: self.shared_mark(p.row) + p.excerpt,
                   header_tip=lambda: self.tr("The start of the passage; for sentences aligned by "
                                              "meaning, their score, then both sentences side by side"),
                   tooltip=_tooltip),
        ]

    def shared_text(self, row: PassageRow) -> str:
        """"in N of M documents" for a passage most documents hold (likely the assignment), else ""."""
        if not row.shared_by:
            return ""
        return (self.tr("in %1 of %2 documents").replace("%1", str(row.shared_by))
                .replace("%2", str(row.documents or row.shared_by)))

    def shared_mark(self, row: PassageRow) -> str:
        text = self.shared_text(row)
        return text + " · " if text else ""

    def retranslate(self) -> None:
        super().retranslate()
        if self.rowCount():  # the "in N of M documents" marks follow a language change too
            self.dataChanged.emit(self.index(0, self.EXCERPT), self.index(self.rowCount() - 1, self.EXCERPT))


def _excerpt(row: PassageRow) -> str:
    if row.score is None:
        return excerpt(row.left_text)
    return f"{row.score:.2f} · {excerpt(row.left_text, EXCERPT_CHARS // 2)} ↔ {excerpt(row.right_text, EXCERPT_CHARS // 2)}"


def _tooltip(p: _Numbered) -> str:
    if p.row.score is None:
        return excerpt(p.row.left_text, _TOOLTIP_CHARS)
    return (f"{p.row.score:.2f}\n{excerpt(p.row.left_text, _TOOLTIP_CHARS)}\n↔\n"
            f"{excerpt(p.row.right_text, _TOOLTIP_CHARS)}")
