"""An N x N heat map of pair similarities, drawn with QPainter; click a cell to open its pair."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
import numpy as np
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetrics,
    QHelpEvent,
    QImage,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from core import rules
from core.display import safe_name
from gui.archive_marks import shown_name
from core.models import Report

# similarity -> color stops: pale for nothing shared, through yellow and orange, to dark red
STOPS = (
    (0.0, QColor("#f4f7fb")),
    (0.1, QColor("#fff3b0")),
    (0.3, QColor("#fdb863")),
    (0.6, QColor("#e6550d")),
    (1.0, QColor("#8c1d04")),
)
DIAGONAL = QColor("#d5dbe2")
GRID = QColor("#ffffff")
HOVER = QColor("#1f3a5a")

MARGIN = 8
LEGEND_WIDTH = 16
LEGEND_GAP = 14


def color_image(sim: np.ndarray) -> QImage:
    """One pixel per cell, colored by similarity (gray diagonal), computed in one numpy pass."""
    n = sim.shape[0]
    xs = [stop for stop, _ in STOPS]
    channels = [
        np.interp(sim, xs, [getattr(c, name)() for _, c in STOPS])
        for name in ("red", "green", "blue")
    ]
    argb = (
        np.uint32(0xFF000000)
        | (np.rint(channels[0]).astype(np.uint32) << 16)
        | (np.rint(channels[1]).astype(np.uint32) << 8)
        | np.rint(channels[2]).astype(np.uint32)
    )
    np.fill_diagonal(argb, np.uint32(DIAGONAL.rgba()))
    data = np.ascontiguousarray(argb)
    return QImage(data.tobytes(), n, n, 4 * n, QImage.Format.Format_ARGB32).copy()


class HeatMap(QWidget):
    """Similarity of every pair of documents; names on hover, a legend, cells clickable."""

    cellClicked = Signal(int, int)  # document indexes of the report, left < right

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(240, 200)
        self.report: Report | None = None
        self.hamming_threshold = 3
        self._sim = np.zeros((0, 0))
        self._image = QImage()
        self._hover: tuple[int, int] | None = None
        self.setBackgroundRole(self.backgroundRole())
        self.setAutoFillBackground(True)

    # ----- data ----------------------------------------------------------------------------
    def set_report(self, report: Report | None, hamming_threshold: int | None = None) -> None:
        self.report = report
        if hamming_threshold is not None:
            self.hamming_threshold = hamming_threshold
        n = len(report.documents) if report else 0
        sim = np.zeros((n, n))
        for pair in report.pairs if report else ():
            sim[pair.left, pair.right] = sim[pair.right, pair.left] = pair.similarity
        self._sim = sim
        self._image = color_image(sim) if n else QImage()
        self._hover = None
        self.update()

    def set_hamming_threshold(self, threshold: int) -> None:
        self.hamming_threshold = threshold
        self.update()

    @property
    def size_n(self) -> int:
        return len(self._sim)

    def similarity(self, i: int, j: int) -> float:
        return float(self._sim[i, j])

    def hamming(self, i: int, j: int) -> int:
        s = self.report.simhashes
        return rules.hamming(s[i], s[j])

    # ----- geometry ------------------------------------------------------------------------
    def _label_width(self, cell: float) -> int:
        """Room for row labels: names when rows are tall enough to read, numbers otherwise."""
        if cell < 11:
            return 0
        fm = QFontMetrics(self.font())
        widest = max(fm.horizontalAdvance(self._row_label(i)) for i in range(self.size_n))
        return min(widest + 12, max(60, self.width() // 4))

    def _row_label(self, i: int) -> str:
        return f"{i + 1}. {shown_name(self.report.documents[i])}"  # archived sources marked

    def _layout(self) -> tuple[QRectF, float]:
        """The grid's rectangle and its cell size for the current widget size."""
        n = max(self.size_n, 1)
        legend = LEGEND_GAP + LEGEND_WIDTH + QFontMetrics(self.font()).horizontalAdvance("100%") + 8
        top_numbers = QFontMetrics(self.font()).height() + 2
        cell = min((self.width() - 2 * MARGIN - legend) / n, (self.height() - 2 * MARGIN - top_numbers) / n)
        label_w = self._label_width(cell)
        top = top_numbers if cell >= 11 else 0
        cell = min((self.width() - 2 * MARGIN - legend - label_w) / n, (self.height() - 2 * MARGIN - top) / n)
        cell = max(cell, 1.0)
        if cell >= 3:
            cell = float(int(cell))
        cell = min(cell, 64.0)
        return QRectF(MARGIN + label_w, MARGIN + top, cell * n, cell * n), cell

    def cell_rect(self, i: int, j: int) -> QRect:
        """Where the cell of row i, column j is drawn (widget coordinates)."""
        grid, cell = self._layout()
        return QRectF(grid.left() + j * cell, grid.top() + i * cell, cell, cell).toAlignedRect()

    def cell_at(self, pos: QPoint | QPointF) -> tuple[int, int] | None:
        """(row, column) under a point, or None outside the grid."""
        if not self.size_n:
            return None
        grid, cell = self._layout()
        x, y = pos.x() - grid.left(), pos.y() - grid.top()
        if x < 0 or y < 0 or x >= grid.width() or y >= grid.height():
            return None
        return int(y // cell), int(x // cell)

    def sizeHint(self) -> QSize:
        return QSize(640, 560)

    # ----- drawing -------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        n = self.size_n
        if not n:
            painter.setPen(self.palette().placeholderText().color())
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter,
                             self.tr("Run a check to see the similarity of every pair here."))
            return
        grid, cell = self._layout()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        painter.drawImage(grid, self._image)
        if cell >= 6:  # thin white lines keep neighbouring cells apart
            painter.setPen(QPen(GRID, 1))
            for k in range(1, n):
                offset = k * cell
                painter.drawLine(QPointF(grid.left() + offset, grid.top()),
                                 QPointF(grid.left() + offset, grid.bottom()))
                painter.drawLine(QPointF(grid.left(), grid.top() + offset),
                                 QPointF(grid.right(), grid.top() + offset))
        self._draw_near_duplicates(painter, grid, cell)
        self._draw_labels(painter, grid, cell)
        self._draw_hover(painter, grid, cell)
        self._draw_legend(painter, grid)

    def _draw_near_duplicates(self, painter: QPainter, grid: QRectF, cell: float) -> None:
        if cell < 8 or self.report is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#1b1b1b"))
        radius = max(1.5, cell / 7)
        for p in self.report.pairs:
            if rules.is_near_duplicate(p.hamming, self.hamming_threshold):
                for i, j in ((p.left, p.right), (p.right, p.left)):
                    center = QPointF(grid.left() + (j + 0.5) * cell - 0.5, grid.top() + (i + 0.5) * cell - 0.5)
                    painter.drawEllipse(center, radius, radius)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)

    def _draw_labels(self, painter: QPainter, grid: QRectF, cell: float) -> None:
        if cell < 11:
            return
        fm = QFontMetrics(self.font())
        painter.setPen(self.palette().text().color())
        for i in range(self.size_n):
            y = grid.top() + i * cell
            label = fm.elidedText(self._row_label(i), Qt.TextElideMode.ElideMiddle, int(grid.left() - MARGIN - 6))
            painter.drawText(QRectF(MARGIN, y, grid.left() - MARGIN - 6, cell),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
            number = str(i + 1)
            if fm.horizontalAdvance(number) <= cell:
                painter.drawText(QRectF(grid.left() + i * cell, MARGIN, cell, grid.top() - MARGIN),
                                 Qt.AlignmentFlag.AlignCenter, number)

    def _draw_hover(self, painter: QPainter, grid: QRectF, cell: float) -> None:
        if self._hover is None:
            return
        i, j = self._hover
        highlight = QColor(HOVER)
        highlight.setAlpha(40)
        painter.fillRect(QRectF(grid.left(), grid.top() + i * cell, grid.width(), cell), highlight)
        painter.fillRect(QRectF(grid.left() + j * cell, grid.top(), cell, grid.height()), highlight)
        painter.setPen(QPen(HOVER, 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(grid.left() + j * cell, grid.top() + i * cell, cell, cell))

    def _draw_legend(self, painter: QPainter, grid: QRectF) -> None:
        x = grid.right() + LEGEND_GAP
        top, height = grid.top(), max(grid.height(), 120.0)
        gradient = QLinearGradient(QPointF(0, top + height), QPointF(0, top))
        gradient.setStops([(stop, QColor(color)) for stop, color in STOPS])
        bar = QRectF(x, top, LEGEND_WIDTH, height)
        painter.fillRect(bar, QBrush(gradient))
        painter.setPen(self.palette().mid().color())
        painter.setBrush(Qt.BrushStyle.NoBrush)  # an outline only: keep the gradient visible
        painter.drawRect(bar)
        painter.setPen(self.palette().text().color())
        fm = QFontMetrics(self.font())
        for value in (0.0, 0.25, 0.5, 0.75, 1.0):
            y = top + height * (1 - value)
            painter.drawLine(QPointF(x + LEGEND_WIDTH, y), QPointF(x + LEGEND_WIDTH + 4, y))
            painter.drawText(QPointF(x + LEGEND_WIDTH + 6, y + fm.ascent() / 2 - 1), f"{value:.0%}")

    # ----- interaction ---------------------------------------------------------------------
    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        hit = self.cell_at(event.position())
        if hit != self._hover:
            self._hover = hit
            self.setCursor(Qt.CursorShape.PointingHandCursor if hit and hit[0] != hit[1]
                           else Qt.CursorShape.ArrowCursor)
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self._hover = None
        self.update()
        super().leaveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        hit = self.cell_at(event.position())
        if event.button() == Qt.MouseButton.LeftButton and hit and hit[0] != hit[1]:
            self.cellClicked.emit(min(hit), max(hit))
        super().mouseReleaseEvent(event)

    def tooltip_text(self, i: int, j: int) -> str:
        """What hovering cell (i, j) says: both names, similarity and Hamming distance."""
        if i == j:
            return self._row_label(i)
        text = (f"{self._row_label(i)}\n{self._row_label(j)}\n"
                + self.tr("Similarity: %1").replace("%1", f"{self._sim[i, j] * 100:.1f}%") + "\n"
                + self.tr("Hamming distance: %1").replace("%1", str(self.hamming(i, j))))
        if rules.is_near_duplicate(self.hamming(i, j), self.hamming_threshold):
            text += "\n" + self.tr("Near-duplicate")
        return text + "\n" + self.tr("Click to compare")

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.update()
        super().changeEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            help_event: QHelpEvent = event
            hit = self.cell_at(help_event.pos())
            if hit:
                QToolTip.showText(help_event.globalPos(), self.tooltip_text(*hit), self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)
