"""An N x N heat map of pair similarities, drawn with QPainter; click a cell to open its pair.

Rows follow an order (`set_order`: the seriation of core/review, so each group of documents
is a block on the diagonal, outlined); every method takes and returns document indexes of
the report, whatever the order. Ctrl+wheel (or +/-) zooms around the pointer, the wheel and
dragging scroll, 0 fits the whole map again: at 500 documents a zoomed map shows names.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QEvent,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
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
from core.models import Report
from gui.archive_marks import archive_mark, shown_name

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
BLOCK = QColor("#1f3a5a")
SEMANTIC = QColor("#6a3fb5")  # pairs found by meaning (translation, paraphrase): a violet frame
MAX_ZOOM = 64.0

MARGIN = 8
LEGEND_WIDTH = 16
LEGEND_GAP = 14


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
        self._sim = ()  # similarity of every pair (numpy, gui/widgets/heat_cells.py, once built)
        self._image = QImage()
        self._hover: tuple[int, int] | None = None
        self._order = ()  # row -> document
        self._pos = ()  # document -> row
        self._blocks: list[tuple[int, int]] = []  # (first row, rows) of each group
        self._semantic: dict = {}  # (i, j) both ways -> SemanticMatch of a pair found by meaning
        self._names: list[str] | None = None
        self._built = True  # False while a new report's map waits to be built (_ensure)
        self._build_timer = QTimer(self)
        self._build_timer.setSingleShot(True)
        self._build_timer.setInterval(0)
        self._build_timer.timeout.connect(self._ensure)
        self.zoom = 1.0
        self._scroll = QPointF(0, 0)  # pixels of the zoomed grid scrolled out at the top left
        self._drag: QPointF | None = None
        self.setFocusPolicy(Qt.FocusPolicy.WheelFocus)
        self.setBackgroundRole(self.backgroundRole())
        self.setAutoFillBackground(True)

    # ----- data ----------------------------------------------------------------------------
    def set_report(self, report: Report | None, hamming_threshold: int | None = None) -> None:
        """Show `report`; the map is built on first use or in an event loop turn of its own (a
        report's arrival is then not one long block of the GUI thread)."""
        self.report = report
        if hamming_threshold is not None:
            self.hamming_threshold = hamming_threshold
        self._built = False
        self._names = None
        self._blocks = []
        self._build_timer.start()
        self.update()

    def _ensure(self) -> None:
        """Build the similarity matrix and image of the report set last, if not done yet."""
        if self._built:
            return
        self._built = True
        from . import heat_cells

        self._sim, self._semantic = heat_cells.similarities(self.report)
        self._set_rows(range(len(self._sim)))

    def set_order(self, order, blocks=(), names=None) -> None:
        """Show rows in `order` (document indexes), outline `blocks` ((first row, rows) each)
        and label rows with `names` (e.g. the short names; full names stay in the tooltip)."""
        self._ensure()
        order = [int(d) for d in order]
        if len(order) != self.size_n or sorted(order) != list(range(self.size_n)):
            raise ValueError("the order must list every document once")
        self._blocks = [(int(a), int(b)) for a, b in blocks]
        self._names = list(names) if names is not None else None
        self._set_rows(order)

    def order(self) -> list[int]:
        """The document shown in each row, top to bottom."""
        self._ensure()
        return [int(d) for d in self._order]

    def row_of(self, document: int) -> int:
        self._ensure()
        return int(self._pos[document])

    def _set_rows(self, order) -> None:
        from . import heat_cells

        self._order, self._pos, self._image = heat_cells.rows(self._sim, order)
        self._hover = None
        self._apply_zoom(self.zoom)

    def set_hamming_threshold(self, threshold: int) -> None:
        self.hamming_threshold = threshold
        self.update()

    @property
    def size_n(self) -> int:
        self._ensure()
        return len(self._sim)

    def similarity(self, i: int, j: int) -> float:
        self._ensure()
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
        """The label of the row showing document i (archived sources marked)."""
        name = self._names[i] if self._names is not None else self.report.documents[i].name
        return f"{self._pos[i] + 1}. {archive_mark(self.report.documents[i])}{safe_name(name)}"

    def _full_label(self, i: int) -> str:
        """Row number and full file name of document i (for tooltips)."""
        return f"{self._pos[i] + 1}. {shown_name(self.report.documents[i])}"

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
        if self.zoom > 1:
            cell *= self.zoom
            label_w = self._label_width(cell)
            top = QFontMetrics(self.font()).height() + 2 if cell >= 11 else 0
        if cell >= 3:
            cell = float(int(cell))
        cell = min(cell, 64.0 * max(1.0, self.zoom / 4))
        return QRectF(MARGIN + label_w - self._scroll.x(), MARGIN + top - self._scroll.y(),
                      cell * n, cell * n), cell

    def _viewport(self) -> QRectF:
        """The part of the widget the grid is drawn in (left of the legend, right of the names)."""
        grid, _cell = self._layout()
        left, top = grid.left() + self._scroll.x(), grid.top() + self._scroll.y()
        legend = LEGEND_GAP + LEGEND_WIDTH + QFontMetrics(self.font()).horizontalAdvance("100%") + 8
        return QRectF(left, top, max(1.0, self.width() - MARGIN - legend - left),
                      max(1.0, self.height() - MARGIN - top))

    # ----- zoom and scroll -----------------------------------------------------------------
    def set_zoom(self, zoom: float, anchor: QPointF | None = None) -> None:
        """Zoom (1 = the whole map fits), keeping the point under `anchor` in place."""
        self._apply_zoom(zoom, anchor)

    def _apply_zoom(self, zoom: float, anchor: QPointF | None = None) -> None:
        old_grid, old_cell = self._layout() if self.size_n else (QRectF(), 1.0)
        self.zoom = min(max(zoom, 1.0), MAX_ZOOM)
        if self.zoom == 1.0 or not self.size_n:
            self._scroll = QPointF(0, 0)
        else:
            port = self._viewport()
            anchor = anchor if anchor is not None else port.center()
            # the grid position (in cells) under the anchor stays under it
            cx = (anchor.x() - old_grid.left()) / old_cell
            cy = (anchor.y() - old_grid.top()) / old_cell
            self._scroll = QPointF(0, 0)
            grid, cell = self._layout()
            self._scroll = QPointF(grid.left() + cx * cell - anchor.x(),
                                   grid.top() + cy * cell - anchor.y())
            self._clamp_scroll()
        self.update()

    def scroll_by(self, dx: float, dy: float) -> None:
        self._scroll += QPointF(dx, dy)
        self._clamp_scroll()
        self.update()

    def _clamp_scroll(self) -> None:
        saved, self._scroll = self._scroll, QPointF(0, 0)
        grid, _cell = self._layout()
        port = self._viewport()
        max_x = max(0.0, grid.width() - port.width())
        max_y = max(0.0, grid.height() - port.height())
        self._scroll = QPointF(min(max(saved.x(), 0.0), max_x), min(max(saved.y(), 0.0), max_y))

    def show_document(self, document: int) -> None:
        """Scroll so the row of `document` is in view (zoomed in) and hover it."""
        if self.zoom < 4:
            self._apply_zoom(4.0)
        grid, cell = self._layout()
        port = self._viewport()
        row = self.row_of(document)
        self.scroll_by(0, grid.top() + row * cell - port.center().y())
        self.scroll_by(grid.left() + row * cell - port.center().x(), 0)

    def wheelEvent(self, event) -> None:
        delta = event.angleDelta()
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = delta.y() / 120
            self._apply_zoom(self.zoom * (1.25 ** steps), event.position())
        elif self.zoom > 1:
            dx, dy = delta.x(), delta.y()
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                dx, dy = dy, dx
            self.scroll_by(-dx, -dy)
        else:
            super().wheelEvent(event)
            return
        event.accept()

    def keyPressEvent(self, event) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self._apply_zoom(self.zoom * 1.5)
        elif key == Qt.Key.Key_Minus:
            self._apply_zoom(self.zoom / 1.5)
        elif key == Qt.Key.Key_0:
            self._apply_zoom(1.0)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.zoom > 1 and event.button() in (Qt.MouseButton.MiddleButton, Qt.MouseButton.RightButton):
            self._drag = event.position()
            event.accept()
            return
        super().mousePressEvent(event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.size_n and self.zoom > 1:
            self._clamp_scroll()

    def cell_rect(self, i: int, j: int) -> QRect:
        """Where the cell of documents i (row) and j (column) is drawn (widget coordinates)."""
        grid, cell = self._layout()
        r, c = self._pos[i], self._pos[j]
        return QRectF(grid.left() + c * cell, grid.top() + r * cell, cell, cell).toAlignedRect()

    def cell_at(self, pos: QPoint | QPointF) -> tuple[int, int] | None:
        """(row document, column document) under a point, or None outside the grid."""
        if not self.size_n:
            return None
        grid, cell = self._layout()
        if not self._viewport().contains(QPointF(pos.x(), pos.y())):
            return None
        x, y = pos.x() - grid.left(), pos.y() - grid.top()
        if x < 0 or y < 0 or x >= grid.width() or y >= grid.height():
            return None
        r, c = min(int(y // cell), self.size_n - 1), min(int(x // cell), self.size_n - 1)
        return int(self._order[r]), int(self._order[c])

    def sizeHint(self) -> QSize:
        return QSize(640, 560)

    # ----- drawing -------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        self._ensure()
        painter = QPainter(self)
        n = self.size_n
        if not n:
            painter.setPen(self.palette().placeholderText().color())
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter,
                             self.tr("Run a check to see the similarity of every pair here."))
            return
        grid, cell = self._layout()
        port = self._viewport()
        painter.save()
        painter.setClipRect(port)
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
        self._draw_semantic(painter, grid, cell)
        self._draw_blocks(painter, grid, cell)
        self._draw_hover(painter, grid, cell)
        painter.restore()
        self._draw_labels(painter, grid, cell)
        self._draw_legend(painter, port.intersected(grid))

    def _draw_blocks(self, painter: QPainter, grid: QRectF, cell: float) -> None:
        """Each group's block on the diagonal, outlined."""
        if not self._blocks:
            return
        painter.setPen(QPen(BLOCK, 1.5 if cell < 4 else 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for first, rows in self._blocks:
            painter.drawRect(QRectF(grid.left() + first * cell, grid.top() + first * cell,
                                    rows * cell, rows * cell))

    def _draw_near_duplicates(self, painter: QPainter, grid: QRectF, cell: float) -> None:
        if cell < 8 or self.report is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#1b1b1b"))
        radius = max(1.5, cell / 7)
        for p in self.report.pairs:
            if rules.is_near_duplicate(p.hamming, self.hamming_threshold):
                for i, j in ((self._pos[p.left], self._pos[p.right]), (self._pos[p.right], self._pos[p.left])):
                    center = QPointF(grid.left() + (j + 0.5) * cell - 0.5, grid.top() + (i + 0.5) * cell - 0.5)
                    painter.drawEllipse(center, radius, radius)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)

    def _draw_semantic(self, painter: QPainter, grid: QRectF, cell: float) -> None:
        """Pairs found by meaning: a violet frame inside the cell, and T (translation) or P
        (paraphrase) when the cell is large enough; their own figure, not the cell's color."""
        if not self._semantic or cell < 3:
            return
        pen = QPen(SEMANTIC, max(1.0, min(3.0, cell / 8)))
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = pen.widthF() / 2 + (1 if cell >= 8 else 0)
        font = painter.font()
        font.setPixelSize(max(6, int(cell * 0.45)))
        font.setBold(True)
        painter.setFont(font)
        for (i, j), found in self._semantic.items():
            r, c = self._pos[i], self._pos[j]
            box = QRectF(grid.left() + c * cell + inset, grid.top() + r * cell + inset,
                         cell - 2 * inset, cell - 2 * inset)
            painter.drawRect(box)
            if cell >= 14:
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter,
                                 self.tr("T") if found.kind == "translation" else self.tr("P"))

    def _draw_labels(self, painter: QPainter, grid: QRectF, cell: float) -> None:
        if cell < 11:
            return
        fm = QFontMetrics(self.font())
        painter.setPen(self.palette().text().color())
        port = self._viewport()
        label_right = port.left() - 6
        first = max(0, int((port.top() - grid.top()) // cell))
        last = min(self.size_n, int((port.bottom() - grid.top()) // cell) + 1)
        painter.save()
        painter.setClipRect(QRectF(0, port.top(), port.left(), port.height()))
        for r in range(first, last):
            i = int(self._order[r])
            y = grid.top() + r * cell
            label = fm.elidedText(self._row_label(i), Qt.TextElideMode.ElideMiddle, int(label_right - MARGIN))
            painter.drawText(QRectF(MARGIN, y, label_right - MARGIN, cell),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
        painter.restore()
        painter.save()
        painter.setClipRect(QRectF(port.left(), 0, port.width(), port.top()))
        first = max(0, int((port.left() - grid.left()) // cell))
        last = min(self.size_n, int((port.right() - grid.left()) // cell) + 1)
        for r in range(first, last):
            number = str(r + 1)
            if fm.horizontalAdvance(number) <= cell:
                painter.drawText(QRectF(grid.left() + r * cell, MARGIN, cell, port.top() - MARGIN),
                                 Qt.AlignmentFlag.AlignCenter, number)
        painter.restore()

    def _draw_hover(self, painter: QPainter, grid: QRectF, cell: float) -> None:
        if self._hover is None:
            return
        i, j = int(self._pos[self._hover[0]]), int(self._pos[self._hover[1]])
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
        if self._drag is not None:
            delta = event.position() - self._drag
            self._drag = event.position()
            self.scroll_by(-delta.x(), -delta.y())
            return
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
        if self._drag is not None:
            self._drag = None
            return
        hit = self.cell_at(event.position())
        if event.button() == Qt.MouseButton.LeftButton and hit and hit[0] != hit[1]:
            self.cellClicked.emit(min(hit), max(hit))
        super().mouseReleaseEvent(event)

    def tooltip_text(self, i: int, j: int) -> str:
        self._ensure()
        """What hovering cell (i, j) says: both names, similarity and Hamming distance."""
        if i == j:
            return f"{self._full_label(i)}\n{safe_name(self.report.documents[i].path)}"
        text = (f"{self._full_label(i)}\n{self._full_label(j)}\n"
                + self.tr("Similarity: %1").replace("%1", f"{self._sim[i, j] * 100:.1f}%") + "\n"
                + self.tr("Hamming distance: %1").replace("%1", str(self.hamming(i, j))))
        if rules.is_near_duplicate(self.hamming(i, j), self.hamming_threshold):
            text += "\n" + self.tr("Near-duplicate")
        found = self._semantic.get((i, j))
        if found is not None:
            text += "\n" + (self.tr("Translation: %1 of the sentences") if found.kind == "translation"
                            else self.tr("Paraphrase: %1 of the sentences")).replace(
                "%1", f"{found.share * 100:.0f}%")
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
