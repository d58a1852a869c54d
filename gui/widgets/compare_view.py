"""Two documents side by side with their matched passages color-coded, a passage list and navigation.

Highlights are character formats written once into each QTextDocument (undo off, one edit
block, before the document is attached to its view): much faster to open than one
ExtraSelection per passage, and free to paint afterwards. Overlapping passages are split into
pieces; a piece covered by several passages shows the innermost one's color hatched with
the others' colors. The current passage is
the only ExtraSelection, drawn in a stronger color on top of everything.

Passages are colored by their attribution class in each document's own text (unattributed,
quoted, cited, quoted and cited, reference list, template: CLASS_COLORS, with a legend), or
per passage (`color_by="passage"`). Inside a passage, the units the in-passage alignment
could not pair with the other side (Match.left_changes / right_changes: inserted, deleted or
substituted) are painted in a lighter tint with a wavy underline, identical units solid.
"""

from __future__ import annotations

import logging
from contextlib import contextmanager
from functools import partial

import numpy as np
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QBrush,
    QColor,
    QImage,
    QKeySequence,
    QPixmap,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextLine,
)
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPlainTextDocumentLayout,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QStyle,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core import rules
from core.academic import passage_classes
from core.display import safe_name
from core.evidence import match_kind
from core.models import Document, PairResult
from core.options import CheckOptions
from core.review import short_names
from gui.archive_marks import archive_tooltip, long_name

from ..i18n import plural
from ..models.pairs import kind_text
from ..models.passages import PassageRow
from ..text_positions import PositionMap, qt_input
from .elided_label import ElidedLabel
from .palette import PALETTE
from .passage_list import PassageList

log = logging.getLogger(__name__)

LEFT, RIGHT = 0, 1

#: Character-format property listing the passages (0-based) that cover a character, shortest first.
PASSAGE_PROPERTY = QTextFormat.UserProperty + 1
#: Character-format property set on characters that differ from the other side (an edit mark).
CHANGE_PROPERTY = QTextFormat.UserProperty + 2

#: (light, strong) per attribution class (core.models.ATTRIBUTIONS); the reports use the same.
CLASS_COLORS = {
    "unattributed": ("#ffa8a8", "#f03e3e"),  # red: what counts as copying
    "cited": ("#ffd8a8", "#f76707"),  # orange: cited, not quoted (verbatim still counts)
    "quoted": ("#a5d8ff", "#1c7ed6"),  # blue: quoted, no citation
    "quoted_cited": ("#b2f2bb", "#37b24d"),  # green: quoted and cited
    "references": ("#dee2e6", "#868e96"),  # grey: in the reference list
    "template": ("#d0bfff", "#7048e8"),  # violet: the assignment's own text
    # not a class of copied words: sentences the semantic layer aligned (same meaning in other
    # words or another language), listed after the passages with their scores
    "semantic": ("#c3fae8", "#0ca678"),  # teal
}
_CHANGE_TINT = 0.55  # share of white mixed into a passage's color where the words differ


def class_color(cls: str, strong: bool = False) -> QColor:
    """The color of an attribution class."""
    light, dark = CLASS_COLORS.get(cls, CLASS_COLORS["unattributed"])
    return QColor(dark if strong else light)


def change_tint(color: QColor) -> QColor:
    """`color` mixed with white: the background of edited units inside a passage."""
    r, g, b = color.red(), color.green(), color.blue()
    mix = lambda c: round(c + (255 - c) * _CHANGE_TINT)
    return QColor(mix(r), mix(g), mix(b))

_HATCH_PX = 7
_HATCH_WIDTH = 2
_MAX_LAYERS = 4


_COLORS = tuple((QColor(light), QColor(strong)) for light, strong in PALETTE)


def passage_color(index: int, strong: bool = False) -> QColor:
    """The color of passage `index` (0-based), cycling through PALETTE."""
    return QColor(_COLORS[index % len(_COLORS)][1 if strong else 0])


def layer_segments(
    starts: np.ndarray, ends: np.ndarray
) -> list[tuple[int, int, tuple[int, ...]]]:
    """Split possibly overlapping ranges [starts[i], ends[i]) into disjoint pieces.

    Returns (start, end, covering range indexes) for each covered piece in order; the
    covering indexes are sorted shortest range first (ties: lower index), so the first is
    the passage a click there means. Empty ranges cover nothing.
    """
    lengths = ends - starts
    events: dict[int, list[tuple[int, int]]] = {}
    for i, (s, e) in enumerate(zip(starts.tolist(), ends.tolist())):
        if e > s:
            events.setdefault(s, []).append((1, i))
            events.setdefault(e, []).append((-1, i))
    pieces: list[tuple[int, int, tuple[int, ...]]] = []
    active: set[int] = set()
    bounds = sorted(events)
    for here, there in zip(bounds, bounds[1:] + [None]):
        for kind, i in events[here]:
            if kind > 0:
                active.add(i)
            else:
                active.discard(i)
        if active and there is not None:
            cover = tuple(sorted(active, key=lambda i: (int(lengths[i]), i)))
            pieces.append((here, there, cover))
    return pieces


def _hatch(base: QColor, lines: tuple[QColor, ...]) -> QBrush:
    """A seamless tile: `base` hatched with diagonal lines cycling through `lines`."""
    size = _HATCH_PX * len(lines)
    image = QImage(size, size, QImage.Format.Format_RGB32)
    fill, rgbs = base.rgb(), [c.rgb() for c in lines]
    for y in range(size):
        for x in range(size):
            on_line = (x + y) % _HATCH_PX < _HATCH_WIDTH
            image.setPixel(x, y, rgbs[((x + y) // _HATCH_PX) % len(rgbs)] if on_line else fill)
    return QBrush(QPixmap.fromImage(image))


class CompareView(QWidget):
    """Left and right document with color-coded passages; F3 / Shift+F3 step through them."""

    currentPassageChanged = Signal(int)
    #: "Use as template" on a passage most documents hold: its text (left side), to become the template
    templateChosen = Signal(str)

    def __init__(
        self,
        left: Document,
        right: Document,
        pair: PairResult,
        options: CheckOptions,
        parent: QWidget | None = None,
        *,
        color_by: str = "class",
        documents: int = 0,
        names: tuple[str, str] | None = None,
    ):
        super().__init__(parent)
        # the headers' names: the ones the window shows for the class (names that tell the
        # documents apart), else the two file names shortened to what tells them apart
        self._names = names or tuple(short_names([left.name, right.name], [left.path, right.path]))
        self._documents = documents  # how many documents the check compared: "in N of M documents"
        if color_by not in ("class", "passage"):
            raise ValueError(f"color_by must be 'class' or 'passage', not {color_by!r}")
        self._color_by = color_by
        if (left.id, right.id) != (pair.left, pair.right):
            raise ValueError(
                f"documents {left.id} and {right.id} do not belong to pair {pair.left}-{pair.right}"
            )
        self._docs = (left, right)
        self._pair = pair
        self._options = options
        self._current = -1
        self._syncing = False
        self._last_scroll = [0, 0]
        self._carry = [0.0, 0.0]
        self._press_at: list[QPoint | None] = [None, None]
        self._brushes: dict[tuple[int, ...], QBrush] = {}
        self._maps = (PositionMap(left.text), PositionMap(right.text))
        # the verbatim passages, then the sentence pairs the semantic layer aligned (if any)
        self._sentences = pair.semantic.sentences if pair.semantic is not None else ()
        matches = tuple(pair.matches) + tuple(self._sentences)
        self._qt_starts: list[np.ndarray] = []
        self._qt_ends: list[np.ndarray] = []
        for side, name in ((LEFT, "left"), (RIGHT, "right")):
            starts = np.array([getattr(m, name).start for m in matches], dtype=np.int64)
            ends = np.array([getattr(m, name).end for m in matches], dtype=np.int64)
            if np.any(ends < starts):
                raise ValueError(f"a {name} passage ends before it starts")
            try:
                self._qt_starts.append(self._maps[side].to_qt_array(starts))
                self._qt_ends.append(self._maps[side].to_qt_array(ends))
            except IndexError as e:
                raise ValueError(f"a {name} passage lies outside its document: {e}") from None
        self._classes = self._side_classes(left, right, pair)
        self._changes = self._qt_changes(pair)

        self._build_ui()
        # Kept as Python references: eventFilter must not call into views that are being destroyed.
        self._viewports = tuple(view.viewport() for view in self._views)
        for side in (LEFT, RIGHT):
            self._views[side].setDocument(self._build_document(side))
            self._viewports[side].installEventFilter(self)
            bar = self._views[side].verticalScrollBar()
            bar.valueChanged.connect(partial(self._on_scrolled, side))
        self.retranslate()

    # ----- public API -----

    @property
    def passage_count(self) -> int:
        return len(self._pair.matches) + len(self._sentences)

    def is_sentence_pair(self, index: int) -> bool:
        """Whether passage `index` is a sentence pair aligned by meaning (not shared words)."""
        return index >= len(self._pair.matches)

    def current_passage(self) -> int:
        """The selected passage (0-based), or -1 when none is."""
        return self._current

    def passage_range(self, side: int, index: int) -> tuple[int, int]:
        """The half-open Qt position range of passage `index` in the LEFT or RIGHT text."""
        return int(self._qt_starts[side][index]), int(self._qt_ends[side][index])

    def passage_class(self, side: int, index: int) -> str:
        """The attribution class of passage `index` in the LEFT or RIGHT document's own text."""
        return self._classes[side][index]

    def passage_color(self, side: int, index: int, strong: bool = False) -> QColor:
        """The color passage `index` is painted in on `side`: its class's, or its own."""
        if self._color_by == "class":
            return class_color(self._classes[side][index], strong)
        return passage_color(index, strong)

    def _side_classes(self, left: Document, right: Document, pair: PairResult) -> list[list[str]]:
        aligned = ["semantic"] * len(self._sentences)
        return [list(side) + aligned for side in passage_classes(left, right, pair)]

    def _qt_changes(self, pair: PairResult) -> list[list[list[tuple[int, int]]]]:
        """Per side, per passage: the changed spans in Qt positions, clipped to the passage."""
        out: list[list[list[tuple[int, int]]]] = [[], []]
        for side, name in ((LEFT, "left"), (RIGHT, "right")):
            for m in pair.matches:
                span = getattr(m, name)
                spans = [(max(c.start, span.start), min(c.end, span.end))
                         for c in getattr(m, f"{name}_changes") if c.end > c.start]
                spans = [(a, b) for a, b in spans if b > a]
                if spans:
                    flat = np.array([x for ab in spans for x in ab], dtype=np.int64)
                    qt = self._maps[side].to_qt_array(flat).tolist()
                    spans = list(zip(qt[0::2], qt[1::2]))
                out[side].append(spans)
            out[side] += [[] for _ in self._sentences]  # a sentence pair has no edit marks
        return out

    def changes(self, side: int, index: int) -> list[tuple[int, int]]:
        """Qt position ranges inside passage `index` that differ from the other side."""
        return list(self._changes[side][index])

    def text_view(self, side: int) -> QPlainTextEdit:
        return self._views[side]

    def select_passage(self, index: int, *, scroll_sides: tuple[int, ...] = (LEFT, RIGHT)) -> None:
        """Make passage `index` current, mark it strongly and scroll `scroll_sides` to it."""
        if not 0 <= index < self.passage_count:
            raise IndexError(f"no passage {index}")
        changed = index != self._current
        self._current = index
        for side in (LEFT, RIGHT):
            self._mark_current(side)
        for side in scroll_sides:
            self._scroll_to(side, int(self._qt_starts[side][index]))
        self.passage_list.set_current(index)
        self._update_navigation()
        if changed:
            self.currentPassageChanged.emit(index)

    def next_passage(self) -> None:
        """Go to the next passage, wrapping after the last."""
        if self.passage_count:
            self.select_passage((self._current + 1) % self.passage_count)

    def previous_passage(self) -> None:
        """Go to the previous passage, wrapping before the first."""
        if self.passage_count:
            start = max(self._current, 0)
            self.select_passage((start - 1) % self.passage_count)

    @property
    def pair(self) -> PairResult:
        """The pair this view shows (verdicts from the keyboard apply to it)."""
        return self._pair

    def is_sync_enabled(self) -> bool:
        return self.sync_box.isChecked()

    # ----- construction -----

    def _build_ui(self) -> None:
        left, right = self._docs
        pair = self._pair
        # The summary and the names elide (the whole text in their tooltips): a compare tab never asks for more width than
        # the buttons need, so opening one never widens the window.
        self.summary_label = ElidedLabel(mode=Qt.TextElideMode.ElideRight)
        self.summary_label.setObjectName("summary")
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.next_action = QAction(self)
        self.next_action.setShortcut(QKeySequence(Qt.Key.Key_F3))
        self.next_action.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_ArrowDown))
        self.previous_action = QAction(self)
        self.previous_action.setShortcut(QKeySequence(Qt.Modifier.SHIFT | Qt.Key.Key_F3))
        self.previous_action.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_ArrowUp))
        for action, slot in ((self.next_action, self.next_passage),
                             (self.previous_action, self.previous_passage)):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(slot)
            self.addAction(action)
        self.previous_button = QToolButton()
        self.previous_button.setDefaultAction(self.previous_action)
        self.next_button = QToolButton()
        self.next_button.setDefaultAction(self.next_action)
        self.position_label = ElidedLabel(mode=Qt.TextElideMode.ElideRight)
        self.sync_box = QCheckBox()
        self.sync_box.setChecked(True)
        self.sync_box.toggled.connect(self._on_sync_toggled)

        bar = QHBoxLayout()
        bar.addWidget(self.previous_button)
        bar.addWidget(self.next_button)
        bar.addWidget(self.position_label, 1)
        bar.addWidget(self.sync_box)

        rows = [
            PassageRow(self.passage_color(LEFT, i), len(m.left), len(m.right), left.text[m.left.start:m.left.end],
                       shared_by=m.shared_by, documents=self._documents, kind=match_kind(m))
            for i, m in enumerate(pair.matches)
        ]
        first = len(rows)
        rows += [  # sentence pairs aligned by meaning, side by side with their scores
            PassageRow(self.passage_color(LEFT, first + k), len(s.left), len(s.right),
                       left.text[s.left.start:s.left.end], score=s.score,
                       right_text=right.text[s.right.start:s.right.end], kind=pair.semantic.kind)
            for k, s in enumerate(self._sentences)
        ]
        self.passage_list = PassageList(rows)
        self.passage_list.passageChosen.connect(self.select_passage)

        self.left_label = self._side_label(left)
        self.right_label = self._side_label(right)
        self._views = (self._text_view(), self._text_view())
        self.left_view, self.right_view = self._views

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        # the legend sits under the passage list, so the texts keep their full height
        self.legend_label = QLabel()
        self.legend_label.setObjectName("legend")
        self.legend_label.setWordWrap(True)
        self.legend_label.setTextFormat(Qt.TextFormat.RichText)
        list_pane = QWidget()
        list_column = QVBoxLayout(list_pane)
        list_column.setContentsMargins(0, 0, 0, 0)
        list_column.addWidget(self.passage_list, 1)
        # a passage most documents hold (likely the assignment): "in N of M documents", and one
        # click makes its text the template; shown only when the pair has one
        self.shared_label = QLabel()
        self.shared_label.setWordWrap(True)
        self.template_button = QPushButton()
        self.template_button.clicked.connect(self.use_as_template)
        shared_row = QHBoxLayout()
        shared_row.addWidget(self.shared_label, 1)
        shared_row.addWidget(self.template_button)
        list_column.addLayout(shared_row)
        list_column.addWidget(self.legend_label)
        splitter.addWidget(list_pane)
        for label, view in ((self.left_label, self.left_view), (self.right_label, self.right_view)):
            pane = QWidget()
            column = QVBoxLayout(pane)
            column.setContentsMargins(0, 0, 0, 0)
            column.addWidget(label)
            column.addWidget(view, 1)
            splitter.addWidget(pane)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setStretchFactor(2, 1)
        splitter.setSizes([360, 500, 500])  # the list: number, kind, lengths and the start of the excerpt

        layout = QVBoxLayout(self)
        layout.addWidget(self.summary_label)
        layout.addLayout(bar)
        layout.addWidget(splitter, 1)

    def retranslate(self) -> None:
        """Every text of the view in the current language (also on a language change)."""
        summary = self._summary_text()
        self.summary_label.setText(summary)
        if self._near_duplicate():
            summary += "\n" + self.tr("The Hamming distance of the two keyword fingerprints is at most %1, so "
                                      "the documents are near-duplicates as a whole.").replace(
                "%1", str(self._options.hamming))
        self.summary_label.setToolTip(summary)
        self.next_action.setText(self.tr("Next passage"))
        self.previous_action.setText(self.tr("Previous passage"))
        for action in (self.next_action, self.previous_action):
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{action.text()} ({keys})")
        self.sync_box.setText(self.tr("Synchronized scrolling"))
        self.legend_label.setText(self._legend_html())
        for label, document, coverage in ((self.left_label, self._docs[LEFT], self._pair.left_coverage),
                                          (self.right_label, self._docs[RIGHT], self._pair.right_coverage)):
            name = self._names[LEFT if label is self.left_label else RIGHT]
            if document.archive is not None:
                name = long_name(document)
            # the name shortens (in its middle) before the figure does
            label.setText(safe_name(name), " — " + self.tr("%1 covered").replace("%1", f"{coverage:.1%}"))
        self.passage_list.model().retranslate()
        self.template_button.setText(self.tr("Use as template"))
        self.template_button.setToolTip(self.tr(
            "Make this passage's text the template (the assignment's own text) and check again: "
            "text shared with the template is then ignored"))
        self._update_navigation()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "passage_list"):
            self.retranslate()
        super().changeEvent(event)

    def _summary_text(self) -> str:
        pair = self._pair
        text = plural(self.tr("Hamming distance %1 · similarity %2 · %n passage(s), longest %3 characters", "",
                              len(pair.matches)), len(pair.matches))
        for key, value in (("%1", str(pair.hamming)), ("%2", f"{pair.similarity:.1%}"),
                           ("%3", str(pair.longest))):
            text = text.replace(key, value)
        if pair.kind:
            text = (self.tr("Copied %1 (%2) · ").replace("%1", f"{pair.copied:.1%}")
                    .replace("%2", kind_text(pair.kind)) + text)
        if self._near_duplicate():
            text += self.tr(" · near-duplicate")
        found = pair.semantic
        if found is not None:
            meaning = (self.tr(" · translation: %1 of the sentences, %n sentence pair(s)", "",
                               len(found.sentences)) if found.kind == "translation" else
                       self.tr(" · paraphrase: %1 of the sentences, %n sentence pair(s)", "",
                               len(found.sentences)))
            text += plural(meaning, len(found.sentences)).replace("%1", f"{found.share:.0%}")
        return text

    def _legend_html(self) -> str:
        """The classes' colors (those in this pair first, bold) and what an edit mark looks like."""
        names = {
            "unattributed": self.tr("unattributed"), "cited": self.tr("cited, not quoted"),
            "quoted": self.tr("quoted, not cited"), "quoted_cited": self.tr("quoted and cited"),
            "references": self.tr("reference list"), "template": self.tr("template"),
        }
        present = set(self._classes[LEFT]) | set(self._classes[RIGHT])
        chips = []
        if self._sentences:  # (tr() outside the f-strings: lupdate does not look inside them)
            same_meaning = self.tr("same meaning (sentence pairs, with their scores)")
            chips.append(f'<span style="background:{CLASS_COLORS["semantic"][0]};font-weight:bold">'
                         f'&nbsp;{same_meaning}&nbsp;</span>')
        if self._color_by == "class":
            for cls, label in names.items():
                weight = "bold" if cls in present else "normal"
                chips.append(f'<span style="background:{CLASS_COLORS[cls][0]};font-weight:{weight}">'
                             f"&nbsp;{label}&nbsp;</span>")
        sample = CLASS_COLORS["unattributed"]
        tint = change_tint(QColor(sample[0])).name()
        same, changed = self.tr("same words"), self.tr("changed words")
        chips.append(f'<span style="background:{sample[0]}">&nbsp;{same}&nbsp;</span>'
                     f'<span style="background:{tint};text-decoration:underline;color:{sample[1]}">'
                     f'&nbsp;{changed}&nbsp;</span>')
        return "<br>".join(chips)

    def _near_duplicate(self) -> bool:
        return rules.is_near_duplicate(self._pair.hamming, self._options.hamming)

    def _side_label(self, document: Document) -> ElidedLabel:
        label = ElidedLabel()
        # the whole file name, then where it is (archived: its id, label, date added)
        label.setToolTip(f"{safe_name(document.name)}\n{archive_tooltip(document)}".strip())
        font = label.font()
        font.setBold(True)
        label.setFont(font)
        return label

    def _text_view(self) -> QPlainTextEdit:
        view = QPlainTextEdit()
        view.setReadOnly(True)
        view.setUndoRedoEnabled(False)
        view.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        view.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        return view

    def _build_document(self, side: int) -> QTextDocument:
        """The side's text with every passage's format applied in one undo-less edit block."""
        text = self._docs[side].text
        document = QTextDocument(self._views[side])
        document.setUndoRedoEnabled(False)
        document.setDefaultFont(self._views[side].font())
        document.setPlainText(qt_input(text))
        if document.characterCount() - 1 != self._maps[side].qt_length:
            log.warning("Qt holds %d positions for %s, expected %d: highlights may be off",
                        document.characterCount() - 1, self._docs[side].name, self._maps[side].qt_length)
        cursor = QTextCursor(document)
        cursor.beginEditBlock()
        for start, end, cover in layer_segments(self._qt_starts[side], self._qt_ends[side]):
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            cursor.setCharFormat(self._piece_format(side, cover))
        for index, spans in enumerate(self._changes[side]):
            mark = self._change_format(side, index)
            for start, end in spans:
                cursor.setPosition(start)
                cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
                cursor.mergeCharFormat(mark)
        cursor.endEditBlock()
        document.setDocumentLayout(QPlainTextDocumentLayout(document))
        return document

    def _change_format(self, side: int, index: int) -> QTextCharFormat:
        """Edited units of passage `index`: a lighter tint of its color, a wavy underline."""
        fmt = QTextCharFormat()
        fmt.setBackground(change_tint(self.passage_color(side, index)))
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        fmt.setUnderlineColor(self.passage_color(side, index, strong=True))
        fmt.setProperty(CHANGE_PROPERTY, True)
        return fmt

    def _piece_format(self, side: int, cover: tuple[int, ...]) -> QTextCharFormat:
        fmt = QTextCharFormat()
        shown = cover[:_MAX_LAYERS]
        if len(shown) == 1:
            fmt.setBackground(self.passage_color(side, shown[0]))
        else:
            # The innermost passage's color, hatched with the others' strong colors.
            colors = (self.passage_color(side, shown[0]).name(),) + tuple(
                self.passage_color(side, i, strong=True).name() for i in shown[1:])
            if colors not in self._brushes:
                self._brushes[colors] = _hatch(QColor(colors[0]), tuple(QColor(c) for c in colors[1:]))
            fmt.setBackground(self._brushes[colors])
        fmt.setProperty(PASSAGE_PROPERTY, list(cover))
        numbers = ", ".join(str(i + 1) for i in cover)
        tip = self.tr("Passage %1").replace("%1", numbers)
        scores = [self._sentences[i - len(self._pair.matches)].score for i in cover if self.is_sentence_pair(i)]
        if scores:
            tip += "\n" + self.tr("Same meaning: score %1").replace("%1", ", ".join(f"{x:.2f}" for x in scores))
        fmt.setToolTip(tip)
        return fmt

    # ----- current passage, scrolling -----

    def _mark_current(self, side: int) -> None:
        view = self._views[side]
        if self._current < 0:
            view.setExtraSelections([])
            return
        start, end = self.passage_range(side, self._current)
        strong = self.passage_color(side, self._current, strong=True)
        # unchanged stretches in the strong color; edited ones keep a tint and the wavy underline
        pieces, at = [], start
        for a, b in sorted(self._changes[side][self._current]):
            if a > at:
                pieces.append((at, a, False))
            pieces.append((max(a, at), b, True))
            at = max(at, b)
        if at < end:
            pieces.append((at, end, False))
        selections = []
        for a, b, changed in pieces:
            if b <= a:
                continue
            selection = QTextEdit.ExtraSelection()
            cursor = QTextCursor(view.document())
            cursor.setPosition(a)
            cursor.setPosition(b, QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            fmt = QTextCharFormat()
            fmt.setBackground(change_tint(strong) if changed else strong)
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline if changed
                                  else QTextCharFormat.UnderlineStyle.SingleUnderline)
            fmt.setUnderlineColor(strong.darker(150) if changed else QColor("#212529"))
            selection.format = fmt
            selections.append(selection)
        view.setExtraSelections(selections)

    @contextmanager
    def _programmatic_scroll(self):
        previous, self._syncing = self._syncing, True
        try:
            yield
        finally:
            self._syncing = previous
            for side in (LEFT, RIGHT):
                self._last_scroll[side] = self._views[side].verticalScrollBar().value()
                self._carry[side] = 0.0

    def _scroll_to(self, side: int, position: int) -> None:
        view = self._views[side]
        cursor = QTextCursor(view.document())
        cursor.setPosition(position)
        with self._programmatic_scroll():
            view.setTextCursor(cursor)
            view.centerCursor()

    def _on_scrolled(self, side: int, value: int) -> None:
        """Scroll the other side by the same share of its length, keeping the last jump's alignment."""
        previous, self._last_scroll[side] = self._last_scroll[side], value
        if self._syncing or not self.sync_box.isChecked():
            return
        source = self._views[side].verticalScrollBar()
        other = 1 - side
        target_bar = self._views[other].verticalScrollBar()
        if value <= source.minimum():
            target = target_bar.minimum()
        elif value >= source.maximum():
            target = target_bar.maximum()
        else:
            ratio = (target_bar.maximum() - target_bar.minimum() + target_bar.pageStep()) / max(
                1, source.maximum() - source.minimum() + source.pageStep()
            )
            self._carry[other] += (value - previous) * ratio
            step = int(self._carry[other])
            self._carry[other] -= step
            target = target_bar.value() + step
        self._syncing = True
        try:
            target_bar.setValue(target)
        finally:
            self._syncing = False
            self._last_scroll[other] = target_bar.value()

    def _on_sync_toggled(self, _checked: bool) -> None:
        self._carry = [0.0, 0.0]

    def shared_passage(self) -> int:
        """The passage "Use as template" takes: the current one if most documents hold it, else
        the first such passage; -1 when the pair has none."""
        shared = [i for i, m in enumerate(self._pair.matches) if m.shared_by]
        if not shared:
            return -1
        return self._current if self._current in shared else shared[0]

    def use_as_template(self) -> None:
        """Emit templateChosen with the text of `shared_passage()` (nothing when there is none)."""
        index = self.shared_passage()
        if index >= 0:
            span = self._pair.matches[index].left
            self.templateChosen.emit(self._docs[LEFT].text[span.start:span.end])

    def _update_shared(self) -> None:
        index = self.shared_passage()
        for widget in (self.shared_label, self.template_button):
            widget.setVisible(index >= 0)
        if index >= 0:
            model = self.passage_list.model()
            text = model.shared_text(model.row(index).row)
            self.shared_label.setText(self.tr("Passage %1: %2").replace("%1", str(index + 1)).replace("%2", text))

    def _update_navigation(self) -> None:
        self._update_shared()
        count = self.passage_count
        # Stepping wraps around; with one passage there is nowhere else to go once it is shown.
        self.next_action.setEnabled(count > 1 or (count == 1 and self._current < 0))
        self.previous_action.setEnabled(count > 1)
        if not count:
            self.position_label.setText(self.tr("No matched passages"))
        elif self._current < 0:
            self.position_label.setText(plural(self.tr("%n passage(s)", "", count), count))
        else:
            self.position_label.setText(
                self.tr("Passage %1 of %2").replace("%1", str(self._current + 1)).replace("%2", str(count))
            )

    # ----- clicks in the texts -----

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        for side in (LEFT, RIGHT):
            if watched is self._viewports[side]:
                self._viewport_event(side, event)
                break
        return super().eventFilter(watched, event)

    def _viewport_event(self, side: int, event: QEvent) -> None:
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            self._press_at[side] = event.position().toPoint()
        elif kind == QEvent.Type.MouseButtonRelease and event.button() == Qt.MouseButton.LeftButton:
            pressed, self._press_at[side] = self._press_at[side], None
            point = event.position().toPoint()
            if pressed is None or (point - pressed).manhattanLength() >= QApplication.startDragDistance():
                return  # a drag selects text; only a plain click picks a passage
            position = self.character_at(side, point)
            if position is not None:
                self._click_passage(side, position)

    def character_at(self, side: int, point: QPoint) -> int | None:
        """The Qt position of the character under viewport `point`, or None off the text."""
        view = self._views[side]
        block = view.cursorForPosition(point).block()
        layout = block.layout()
        if not block.isValid() or layout is None:
            return None
        origin = view.blockBoundingGeometry(block).translated(view.contentOffset()).topLeft()
        local = QPointF(point) - origin
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            if line.y() <= local.y() < line.y() + line.height():
                if not line.x() <= local.x() < line.x() + line.naturalTextWidth():
                    return None
                offset = line.xToCursor(local.x(), QTextLine.CursorPosition.CursorOnCharacter)
                return block.position() + offset if offset < block.length() - 1 else None
        return None

    def passages_at(self, side: int, position: int) -> list[int]:
        """Passages covering Qt `position` on `side`, shortest first (ties: lower number)."""
        starts, ends = self._qt_starts[side], self._qt_ends[side]
        hits = np.flatnonzero((starts <= position) & (position < ends))
        return sorted(hits.tolist(), key=lambda i: (int(ends[i] - starts[i]), i))

    def _click_passage(self, side: int, position: int) -> None:
        hits = self.passages_at(side, position)
        if not hits:
            return
        # Clicking again where passages overlap steps through them.
        choice = hits[(hits.index(self._current) + 1) % len(hits)] if self._current in hits else hits[0]
        self.select_passage(choice, scroll_sides=(1 - side,))

