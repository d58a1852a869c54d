"""How long the compare view takes to open on two 50,000-character documents with 500 passages.

Run by hand: `QT_QPA_PLATFORM=offscreen python bench/compare_view_bench.py [--screenshot PATH]`.
Opening = construct + show + first paint (QApplication.processEvents); prints the median of 5
runs per size, and the first (cold) run separately. Target: well under 1 s at 50k / 500.
`render_compare_screenshot(path)` saves a picture of the view on a Chinese pair.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from core.models import Document, Match, PairResult, Span
from core.options import CheckOptions

SHARED = ROOT.parent / "shared"
LUXUN = SHARED / "corpora" / "luxun"
ENGLISH = SHARED / "corpora" / "clough-stevenson-dev"


def _paragraphs(folder: Path, pattern: str) -> list[str]:
    found = []
    for path in sorted(folder.glob(pattern)):
        text = path.read_text(encoding="utf-8", errors="replace")
        found.extend(p.strip() for p in text.splitlines() if len(p.strip()) >= 20)
    if not found:
        raise SystemExit(f"no text found under {folder}")
    return found


def mixed_text(chars: int, rng: random.Random, newline: str) -> str:
    """About `chars` characters of Lu Xun and English paragraphs, mixed 60/40."""
    chinese = _paragraphs(LUXUN, "*/*.txt")
    english = _paragraphs(ENGLISH, "*.txt")
    parts, total = [], 0
    while total < chars:
        paragraph = rng.choice(chinese) if rng.random() < 0.6 else rng.choice(english)
        parts.append(paragraph)
        total += len(paragraph) + len(newline)
    return newline.join(parts)[:chars]


def make_pair(chars: int = 50_000, passages: int = 500, seed: int = 7, overlaps: int = 0):
    """Two mixed documents of `chars` characters sharing `passages` copied passages.

    The left uses \\r\\n line ends, the right \\n. Passages are 20-70 characters of the left
    copied into the right between filler; `overlaps` extra matches overlap earlier ones on the
    left and point at another copy in the right. Returns (left, right, pair).
    """
    rng = random.Random(seed)
    left = mixed_text(chars, rng, "\r\n")
    filler = mixed_text(chars, rng, "\n")
    slot = chars // max(1, passages + overlaps)
    left_spans = []
    for i in range(passages):
        length = rng.randint(min(20, slot // 2), min(70, slot - 1))
        start = i * slot + rng.randint(0, slot - length)
        left_spans.append(Span(start, start + length))
    for i in range(overlaps):
        base = left_spans[(i * 7 + 3) % passages]
        start = base.start + len(base) // 2
        left_spans.append(Span(start, min(chars, start + len(base))))
    copied = sum(len(s) for s in left_spans)
    gap = max(0, (chars - copied) // max(1, len(left_spans)))
    pieces, right_spans, at, used = [], [], 0, 0
    for span in left_spans:
        pieces.append(filler[used:used + gap])
        at += gap
        used += gap
        pieces.append(left[span.start:span.end])
        right_spans.append(Span(at, at + len(span)))
        at += len(span)
    right = "".join(pieces)
    matches = tuple(sorted(
        (Match(ls, rs, len(ls)) for ls, rs in zip(left_spans, right_spans)),
        key=lambda m: (m.left.start, m.right.start),
    ))
    left_cov = len(set().union(*(range(s.start, s.end) for s in left_spans))) / len(left)
    right_cov = len(set().union(*(range(s.start, s.end) for s in right_spans))) / len(right)
    pair = PairResult(
        left=0, right=1, hamming=17, similarity=max(left_cov, right_cov),
        left_coverage=left_cov, right_coverage=right_cov,
        longest=max(len(s) for s in left_spans), matches=matches,
    )
    return (
        Document(0, "mixed-left.txt", "/bench/mixed-left.txt", "txt", left),
        Document(1, "mixed-right.txt", "/bench/mixed-right.txt", "txt", right),
        pair,
    )


def _app():
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication(sys.argv[:1])


def time_open(left, right, pair, runs: int = 5) -> list[float]:
    """Seconds to construct, show and first-paint the view, once per run."""
    from gui.widgets.compare_view import CompareView

    app = _app()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        view = CompareView(left, right, pair, CheckOptions())
        view.resize(1400, 900)
        view.show()
        app.processEvents()
        times.append(time.perf_counter() - start)
        view.close()
        view.deleteLater()
        app.processEvents()
    return times


def time_steps(left, right, pair, steps: int = 200) -> float:
    """Mean seconds per F3 step (select, mark, scroll both sides, repaint)."""
    from gui.widgets.compare_view import CompareView

    app = _app()
    view = CompareView(left, right, pair, CheckOptions())
    view.resize(1400, 900)
    view.show()
    app.processEvents()
    start = time.perf_counter()
    for _ in range(steps):
        view.next_passage()
        app.processEvents()
    elapsed = (time.perf_counter() - start) / steps
    view.close()
    view.deleteLater()
    app.processEvents()
    return elapsed


def time_highlight_strategies(left, right, pair, runs: int = 5) -> dict[str, float]:
    """Median seconds to open two bare QPlainTextEdits highlighted one way or the other.

    "extra selections": setPlainText, then one ExtraSelection per passage;
    "char formats": a QTextDocument formatted in one undo-less edit block, then attached
    (the compare view's way, without its overlap splitting and passage list).
    """
    from PySide6.QtGui import QTextCharFormat, QTextCursor, QTextDocument
    from PySide6.QtWidgets import (
        QHBoxLayout,
        QPlainTextDocumentLayout,
        QPlainTextEdit,
        QTextEdit,
        QWidget,
    )

    from gui.text_positions import PositionMap, qt_input
    from gui.widgets.compare_view import passage_color

    app = _app()
    sides = []
    for document, name in ((left, "left"), (right, "right")):
        mapping = PositionMap(document.text)
        spans = [(mapping.to_qt(getattr(m, name).start), mapping.to_qt(getattr(m, name).end))
                 for m in pair.matches]
        sides.append((document.text, spans))

    def extra_selections(view, text, spans):
        view.setPlainText(qt_input(text))
        selections = []
        for i, (start, end) in enumerate(spans):
            selection = QTextEdit.ExtraSelection()
            cursor = QTextCursor(view.document())
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            fmt = QTextCharFormat()
            fmt.setBackground(passage_color(i))
            selection.format = fmt
            selections.append(selection)
        view.setExtraSelections(selections)

    def char_formats(view, text, spans):
        document = QTextDocument(view)
        document.setUndoRedoEnabled(False)
        document.setPlainText(qt_input(text))
        cursor = QTextCursor(document)
        cursor.beginEditBlock()
        for i, (start, end) in enumerate(spans):
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            fmt = QTextCharFormat()
            fmt.setBackground(passage_color(i))
            cursor.setCharFormat(fmt)
        cursor.endEditBlock()
        document.setDocumentLayout(QPlainTextDocumentLayout(document))
        view.setDocument(document)

    results = {}
    for label, fill in (("extra selections", extra_selections), ("char formats", char_formats)):
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            window = QWidget()
            row = QHBoxLayout(window)
            for text, spans in sides:
                view = QPlainTextEdit()
                view.setReadOnly(True)
                row.addWidget(view)
                fill(view, text, spans)
            window.resize(1400, 900)
            window.show()
            app.processEvents()
            times.append(time.perf_counter() - start)
            window.close()
            window.deleteLater()
            app.processEvents()
        results[label] = statistics.median(times)
    return results


def chinese_pair():
    """A Chinese pair for the screenshot: one story and a rewrite that copies parts of it."""
    story = (LUXUN / "呐喊" / "故乡.txt").read_text(encoding="utf-8")
    other = (LUXUN / "呐喊" / "社戏.txt").read_text(encoding="utf-8")
    left_text = story[:2400]
    pieces = [
        "我读了鲁迅的《故乡》，下面是我的读后感。\n\n",
        left_text[60:240],
        "\n\n这一段写得很好，让我想起自己的家乡。",
        other[300:520],
        "\n\n",
        left_text[700:820],
        "我觉得作者的心情是很复杂的。",
        left_text[1500:1800],
        "\n\n" + other[900:1100],
    ]
    right_text = "".join(pieces)
    matches, at = [], 0
    for piece in pieces:
        found = left_text.find(piece)
        if len(piece) >= 20 and found >= 0:
            matches.append(Match(Span(found, found + len(piece)), Span(at, at + len(piece)), len(piece)))
        at += len(piece)
    # A second, overlapping match: part of the third passage also matched at another place.
    third = matches[2]
    matches.append(Match(Span(third.left.start + 40, third.left.start + 100),
                         Span(third.right.start + 40, third.right.start + 100), 60))
    matches.sort(key=lambda m: (m.left.start, m.right.start))
    left_cov = sum(len(m.left) for m in matches[:-1]) / len(left_text)
    right_cov = sum(len(m.right) for m in matches[:-1]) / len(right_text)
    pair = PairResult(0, 1, 21, max(left_cov, right_cov), left_cov, right_cov,
                      max(len(m.left) for m in matches), tuple(matches))
    return (
        Document(0, "故乡.txt", str(LUXUN / "呐喊" / "故乡.txt"), "txt", left_text),
        Document(1, "读后感.txt", "/essays/读后感.txt", "txt", right_text),
        pair,
    )


def render_compare_screenshot(path: str | os.PathLike, *, passage: int = 1) -> Path:
    """Save a PNG of the compare view on a Chinese pair, with passage `passage` (0-based) current."""
    from PySide6.QtGui import QFont

    from gui.widgets.compare_view import CompareView

    app = _app()
    app.setFont(QFont("WenQuanYi Micro Hei", 10))
    left, right, pair = chinese_pair()
    view = CompareView(left, right, pair, CheckOptions())
    view.resize(1400, 700)
    view.show()
    app.processEvents()
    view.select_passage(passage)
    for _ in range(3):
        app.processEvents()
    out = Path(path)
    if not view.grab().save(str(out)):
        raise OSError(f"could not write {out}")
    view.close()
    view.deleteLater()
    app.processEvents()
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--screenshot", metavar="PNG", help="also save a screenshot of a Chinese pair")
    args = parser.parse_args(argv)
    import PySide6

    print(f"PySide6 {PySide6.__version__}, Python {sys.version.split()[0]}, "
          f"QT_QPA_PLATFORM={os.environ.get('QT_QPA_PLATFORM')}")
    print(f"{'chars/side':>10} {'passages':>8} {'overlaps':>8} {'1st s':>7} {'median s':>9} "
          f"{'min s':>6} {'max s':>6} {'F3 ms':>6}")
    for chars, passages, overlaps in ((10_000, 100, 0), (50_000, 500, 0), (50_000, 500, 50),
                                      (200_000, 2_000, 0)):
        left, right, pair = make_pair(chars, passages, overlaps=overlaps)
        times = time_open(left, right, pair, args.runs)
        step = time_steps(left, right, pair)
        print(f"{chars:>10,} {passages:>8} {overlaps:>8} {times[0]:>7.3f} {statistics.median(times):>9.3f} "
              f"{min(times):>6.3f} {max(times):>6.3f} {step * 1000:>6.1f}")
    left, right, pair = make_pair(50_000, 500)
    print("highlighting strategies, bare views, 50,000 chars / 500 passages, median s:")
    for label, seconds in time_highlight_strategies(left, right, pair, args.runs).items():
        print(f"  {label:<17} {seconds:.3f}")
    if args.screenshot:
        print("screenshot:", render_compare_screenshot(args.screenshot))


if __name__ == "__main__":
    main()
