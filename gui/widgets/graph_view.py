"""The graph view: documents as nodes, flagged pairs as edges (thicker and darker = more
similar), laid out by networkx (core/review/layout.py) so that groups separate.

Nodes take their group's color; a likely source is drawn larger with a dark ring; a node's
border shows its verdict. Hover a node for its full name and path, double-click it for the
per-student view; Ctrl+wheel zooms, dragging pans. Edges of one similarity band are one
path item, so 5,000 edges cost a handful of items.
"""

from __future__ import annotations

from bisect import bisect_right

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QLabel,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from .review_pane import BuiltWhenShown

SCALE = 90.0  # scene pixels per layout unit
NODE = 9.0  # radius of a node
GROUP_COLORS = ("#4c6ef5", "#f76707", "#2b8a3e", "#c2255c", "#7048e8", "#0b7285", "#e67700",
                "#5c940d", "#a61e4d", "#1864ab", "#862e9c", "#d9480f")
BANDS = ((0.0, 0.25, 1.0, "#adb5bd"), (0.25, 0.5, 2.0, "#868e96"), (0.5, 0.75, 3.0, "#495057"),
         (0.75, 1.01, 4.5, "#212529"))
VERDICT_RING = {"confirmed": "#c92a2a", "suspicious": "#e67700", "not_plagiarism": "#2b8a3e"}
NODE_ROLE = 0  # QGraphicsItem.data key holding the document index



def _node_of(item: QGraphicsItem | None) -> int | None:
    """The document a node item (or its label) stands for."""
    while item is not None and item.data(NODE_ROLE) is None:
        item = item.parentItem()
    return None if item is None else int(item.data(NODE_ROLE))


class _Scene(QGraphicsScene):
    """A scene whose nodes' tooltips are written when asked for, not for all 500 at each build."""

    def __init__(self, tooltip, parent: QObject):
        super().__init__(parent)
        self._tooltip = tooltip

    def helpEvent(self, event) -> None:
        for item in self.items(event.scenePos()):
            node = _node_of(item)
            if node is not None:
                QToolTip.showText(event.screenPos(), self._tooltip(node))
                event.accept()
                return
        QToolTip.hideText()
        event.ignore()


class _View(QGraphicsView):
    nodeActivated = Signal(int)

    def __init__(self, scene: QGraphicsScene):
        super().__init__(scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)

    def wheelEvent(self, event) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            factor = 1.25 ** (event.angleDelta().y() / 120)
            self.scale(factor, factor)
            event.accept()
            return
        super().wheelEvent(event)

    def mouseDoubleClickEvent(self, event) -> None:
        node = _node_of(self.itemAt(event.position().toPoint()))
        if node is not None:
            self.nodeActivated.emit(node)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)


class GraphView(BuiltWhenShown, QWidget):
    """Flagged pairs as a graph, one color per group."""

    documentActivated = Signal(int)

    def __init__(self, review: QObject, parent: QWidget | None = None):
        super().__init__(parent)
        self.review = review
        self.scene = _Scene(self.node_tooltip, self)
        self.view = _View(self.scene)
        self.view.setObjectName("graphView")
        self.view.nodeActivated.connect(self.documentActivated)
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.legend)
        layout.addWidget(self.view, 1)
        self.nodes: dict[int, QGraphicsEllipseItem] = {}
        self.edge_items: list[QGraphicsItem] = []
        self._fitted = False
        self.watch(review)

    def rebuild(self) -> None:
        self.scene.clear()
        self.nodes = {}
        self.edge_items = []
        data = self.data
        self.legend.setText(self.tr("Documents linked by flagged pairs; thicker, darker edges are more "
                               "similar. Large ringed nodes are likely sources. Ctrl+wheel zooms, "
                               "double-click a document to open it."))
        if data is None or not data.positions:
            return
        pos = {m: QPointF(x * SCALE, y * SCALE) for m, (x, y) in data.positions.items()}
        report = data.report
        paths = [QPainterPath() for _ in BANDS]
        lows = [lo for lo, _hi, _w, _c in BANDS]
        for d in data.details:
            for k in d.pairs:
                p = report.pairs[k]
                path = paths[max(0, bisect_right(lows, p.similarity) - 1)]
                path.moveTo(pos[p.left])
                path.lineTo(pos[p.right])
        for path, (_lo, _hi, width, color) in zip(paths, BANDS):
            if path.isEmpty():
                continue
            item = self.scene.addPath(path, QPen(QColor(color), width))
            item.setZValue(-1)  # under the nodes (z 0, sources 1)
            self.edge_items.append(item)
        font = QFont(self.font())
        font.setPointSizeF(max(6.0, font.pointSizeF() * 0.8))
        shapes = {r: QRectF(-r, -r, 2 * r, 2 * r) for r in (NODE, NODE * 1.6)}
        pointer = Qt.CursorShape.PointingHandCursor
        for g, d in enumerate(data.details):
            brush = QBrush(QColor(GROUP_COLORS[g % len(GROUP_COLORS)]))
            for m in d.members:
                radius = NODE * (1.6 if m == d.source else 1.0)
                node = QGraphicsEllipseItem(shapes[radius])
                node.setPos(pos[m])
                node.setBrush(brush)
                if m == d.source:
                    node.setZValue(1)
                node.setData(NODE_ROLE, m)
                node.setCursor(pointer)
                self.scene.addItem(node)
                label = QGraphicsSimpleTextItem(data.names[m], node)
                label.setFont(font)
                label.setPos(radius + 2, -radius - 2)
                self.nodes[m] = node
        self._verdicts_changed()
        self.scene.setSceneRect(self.scene.itemsBoundingRect().adjusted(-20, -20, 20, 20))
        self._fitted = False
        self.fit()

    def node_tooltip(self, m: int) -> str:
        """A node's hover text: the document's full name and path, its group and figure."""
        data = self.data
        g = data.group_of(m)
        text = f"{self.review.hover(m)}\nG{g + 1} · {data.students[m].overall:.0%} " + self.tr("found elsewhere")
        if data.details[g].source == m:
            text += "\n" + self.tr("likely source of its group")
        return text

    def _verdicts_changed(self) -> None:
        data = self.data
        if data is None or self._stale:
            return
        for m, node in self.nodes.items():
            status = self.review.document_verdict(m, data.report).status
            ring = VERDICT_RING.get(status)
            g = data.group_of(m)
            is_source = g is not None and data.details[g].source == m
            if ring:
                node.setPen(QPen(QColor(ring), 3.5))
            else:
                node.setPen(QPen(QColor("#1b1b1b"), 2.5 if is_source else 0.8))

    def fit(self) -> None:
        if self.scene.items():
            self.view.fitInView(self.scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
            self._fitted = True

    def center_on(self, document: int) -> None:
        self.ensure_built()
        node = self.nodes.get(document)
        if node is not None:
            self.view.centerOn(node)
            node.setSelected(True)

    def showEvent(self, event) -> None:
        super().showEvent(event)  # BuiltWhenShown builds first
        if not self._fitted:
            self.fit()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if not self._fitted or self.view.transform().m11() < 1.0:
            self.fit()


