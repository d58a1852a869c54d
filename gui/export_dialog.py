"""File > Export Report: choose a file and format, confirm a replacement, write it atomically.

HTML, JSON and CSV come from `core.reports` (through the session); PDF is laid out here as
simple HTML and printed by Qt (QTextDocument + QPrinter), which embeds the fonts it uses,
Chinese ones included.
"""

from __future__ import annotations

import html
import os
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QMarginsF, QObject
from PySide6.QtGui import QFont, QFontDatabase, QPageLayout, QPageSize, QTextDocument
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from core.models import PairResult, Report

from .session import Session

#: Format -> file suffix, in the order the Save dialog offers them.
SUFFIXES = {"html": ".html", "pdf": ".pdf", "json": ".json", "csv": ".csv"}
EXTRA_SUFFIXES = {".htm": "html"}

MAX_DETAILED_PAIRS = 100  # pairs whose passages the PDF prints
MAX_PASSAGES = 40  # passages printed per pair
EXCERPT_CHARS = 400  # characters printed per passage side

CJK_FAMILIES = ("Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", "Microsoft YaHei",
                "PingFang SC", "Heiti SC", "SimHei", "SimSun", "Noto Serif CJK SC")


@dataclass(frozen=True)
class Target:
    path: str
    fmt: str


def format_of(path: str, fallback: str) -> tuple[str, str]:
    """(path, format): the format the suffix names, or `fallback` with its suffix appended."""
    suffix = Path(path).suffix.lower()
    for fmt, known in SUFFIXES.items():
        if suffix == known:
            return path, fmt
    if suffix in EXTRA_SUFFIXES:
        return path, EXTRA_SUFFIXES[suffix]
    return path + SUFFIXES[fallback], fallback


def suspicious(report: Report, threshold: float, hamming: int) -> list[PairResult]:
    """Pairs worth a teacher's look: at or above the similarity threshold, or near-duplicates."""
    return [p for p in report.pairs if p.similarity >= threshold or p.hamming <= hamming]


def cjk_font_family() -> str | None:
    """An installed font family with Chinese glyphs, preferring common sans-serif ones."""
    families = set(QFontDatabase.families())
    for family in CJK_FAMILIES:
        if family in families:
            return family
    chinese = QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese)
    return chinese[0] if chinese else None


class PdfReport(QObject):
    """The printable report: summary, table of suspicious pairs, and each pair's passages."""

    def __init__(self, report: Report, threshold: float, hamming: int, parent=None):
        super().__init__(parent)
        self.report = report
        self.threshold = threshold
        self.hamming = hamming

    def html(self) -> str:
        r = self.report
        pairs = suspicious(r, self.threshold, self.hamming)
        e = html.escape
        parts = [
            "<html><head><meta charset='utf-8'><style>"
            "body{font-size:9pt;} h1{font-size:16pt;color:#1f3a5a;} h2{font-size:12pt;color:#1f3a5a;}"
            "h3{font-size:10pt;} th{background:#dfe7ef;text-align:left;} td,th{padding:3px;}"
            ".num{text-align:right;} .near{color:#8a3b00;font-weight:bold;} .muted{color:#666;}"
            ".left{background:#fff3b0;} .right{background:#d6ecff;}"
            "</style></head><body>",
            "<h1>" + e(self.tr("Plagscope report")) + "</h1>",
            "<p class='muted'>" + e(self.tr("Generated %1").replace(
                "%1", datetime.now().strftime("%Y-%m-%d %H:%M"))) + "</p>",
            "<p>" + e(self.tr("%1 documents, %2 pairs with shared passages or similar wording, "
                              "%3 at or above %4% similarity or near-duplicates.")
                      .replace("%1", str(len(r.documents))).replace("%2", str(len(r.pairs)))
                      .replace("%3", str(len(pairs))).replace("%4", f"{self.threshold * 100:g}"))
            + "</p>",
        ]
        parts.append(self._summary(pairs))
        parts.append(self._documents())
        if r.errors:
            parts.append("<h2>" + e(self.tr("Files that could not be read")) + "</h2><ul>")
            parts += [f"<li>{e(err.path)}: {e(err.message)}</li>" for err in r.errors]
            parts.append("</ul>")
        for rank, pair in enumerate(pairs[:MAX_DETAILED_PAIRS], 1):
            parts.append(self._pair(rank, pair))
        if len(pairs) > MAX_DETAILED_PAIRS:
            parts.append("<p class='muted'>" + e(self.tr("%1 more pairs are listed in the summary only.")
                                                 .replace("%1", str(len(pairs) - MAX_DETAILED_PAIRS))) + "</p>")
        parts.append("</body></html>")
        return "".join(parts)

    def _name(self, index: int) -> str:
        return html.escape(self.report.documents[index].name)

    def _summary(self, pairs: list[PairResult]) -> str:
        e = html.escape
        heads = [self.tr("#"), self.tr("Left"), self.tr("Right"), self.tr("Similarity"),
                 self.tr("Hamming"), self.tr("Left coverage"), self.tr("Right coverage"),
                 self.tr("Longest passage")]
        rows = ["<h2>" + e(self.tr("Suspicious pairs")) + "</h2>",
                "<table border='1' cellspacing='0' width='100%'><tr>"
                + "".join(f"<th>{e(h)}</th>" for h in heads) + "</tr>"]
        for rank, p in enumerate(pairs, 1):
            near = " class='near'" if p.hamming <= self.hamming else ""
            rows.append(
                f"<tr{near}><td class='num'>{rank}</td><td>{self._name(p.left)}</td>"
                f"<td>{self._name(p.right)}</td><td class='num'>{p.similarity * 100:.1f}%</td>"
                f"<td class='num'>{p.hamming}</td><td class='num'>{p.left_coverage * 100:.1f}%</td>"
                f"<td class='num'>{p.right_coverage * 100:.1f}%</td><td class='num'>{p.longest:,}</td></tr>"
            )
        if not pairs:
            rows.append("<tr><td colspan='8'>" + e(self.tr("No pair reaches the threshold.")) + "</td></tr>")
        rows.append("</table>")
        if any(p.hamming <= self.hamming for p in pairs):
            rows.append("<p class='near'>" + e(self.tr(
                "Bold rows are near-duplicates: their simhash fingerprints differ in at most %1 bits.")
                .replace("%1", str(self.hamming))) + "</p>")
        return "".join(rows)

    def _documents(self) -> str:
        e = html.escape
        rows = ["<h2>" + e(self.tr("Documents")) + "</h2>",
                "<table border='1' cellspacing='0'><tr>"
                + "".join(f"<th>{e(h)}</th>" for h in (self.tr("#"), self.tr("Name"), self.tr("Format"),
                                                        self.tr("Characters"))) + "</tr>"]
        for i, d in enumerate(self.report.documents, 1):
            rows.append(f"<tr><td class='num'>{i}</td><td>{e(d.name)}</td><td>{e(d.format.upper())}</td>"
                        f"<td class='num'>{d.chars:,}</td></tr>")
        rows.append("</table>")
        return "".join(rows)

    def _pair(self, rank: int, pair: PairResult) -> str:
        e = html.escape
        docs = self.report.documents
        left, right = docs[pair.left], docs[pair.right]
        out = [f"<h3>{rank}. {e(left.name)} ↔ {e(right.name)} — {pair.similarity * 100:.1f}%</h3>"]
        if not pair.matches:
            out.append("<p class='muted'>" + e(self.tr("No passage in common; flagged by simhash only.")) + "</p>")
            return "".join(out)
        out.append("<table border='1' cellspacing='0' width='100%'><tr>"
                   f"<th width='50%'>{e(left.name)}</th><th width='50%'>{e(right.name)}</th></tr>")
        for m in pair.matches[:MAX_PASSAGES]:
            out.append(
                f"<tr><td class='left'>{self._excerpt(left.text, m.left.start, m.left.end)}</td>"
                f"<td class='right'>{self._excerpt(right.text, m.right.start, m.right.end)}</td></tr>"
            )
        out.append("</table>")
        if len(pair.matches) > MAX_PASSAGES:
            out.append("<p class='muted'>" + e(self.tr("%1 more passages not shown.")
                                               .replace("%1", str(len(pair.matches) - MAX_PASSAGES))) + "</p>")
        return "".join(out)

    def _excerpt(self, text: str, start: int, end: int) -> str:
        where = self.tr("characters %1–%2").replace("%1", f"{start:,}").replace("%2", f"{end:,}")
        passage = text[start:end]
        if len(passage) > EXCERPT_CHARS:
            passage = passage[: EXCERPT_CHARS - 1] + "…"
        return (f"<span class='muted'>{html.escape(where)}</span><br>"
                + html.escape(passage).replace("\r\n", "<br>").replace("\n", "<br>"))


def render_pdf(report: Report, threshold: float, hamming: int) -> bytes:
    """The report as PDF bytes, laid out on A4 by Qt."""
    document = QTextDocument()
    font = QFont()
    family = cjk_font_family()
    if family:
        font.setFamilies([family])
    font.setPointSizeF(9)
    document.setDefaultFont(font)
    document.setHtml(PdfReport(report, threshold, hamming).html())
    with tempfile.TemporaryDirectory(prefix="plagscope-pdf-") as tmp:
        out = os.path.join(tmp, "report.pdf")
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(out)
        printer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                          QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter))
        printer.setDocName("Plagscope report")
        printer.setCreator("Plagscope")
        document.print_(printer)
        with open(out, "rb") as f:
            data = f.read()
    if not data.startswith(b"%PDF"):
        raise OSError("Qt produced no PDF")
    return data


class Exporter(QObject):
    """The export conversation with the user; each step is a method so tests can drive it."""

    def __init__(self, session: Session, parent: QWidget):
        super().__init__(parent)
        self.session = session
        self.parent_widget = parent

    def filters(self) -> dict[str, str]:
        return {
            "html": self.tr("HTML report (*.html *.htm)"),
            "pdf": self.tr("PDF report (*.pdf)"),
            "json": self.tr("JSON data (*.json)"),
            "csv": self.tr("CSV table (*.csv)"),
        }

    def choose_target(self, start: str) -> Target | None:
        """Ask where to save; our own overwrite question follows (see confirm_overwrite)."""
        filters = self.filters()
        path, chosen = QFileDialog.getSaveFileName(
            self.parent_widget, self.tr("Export Report"), start, ";;".join(filters.values()),
            filters["html"], QFileDialog.Option.DontConfirmOverwrite,
        )
        if not path:
            return None
        fallback = next((fmt for fmt, text in filters.items() if text == chosen), "html")
        path, fmt = format_of(path, fallback)
        return Target(path, fmt)

    def confirm_overwrite(self, path: str) -> bool:
        """True when `path` is free, or the user agrees to replace it."""
        if not os.path.exists(path):
            return True
        answer = QMessageBox.question(
            self.parent_widget, self.tr("Replace File?"),
            self.tr("%1 already exists.\nDo you want to replace it?").replace("%1", path),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def write(self, target: Target, language: str = "en") -> None:
        """Write the session's report to the target atomically (OSError / ValueError on failure)."""
        options = self.session.options
        if target.fmt == "pdf":
            report = self.session.require_report()
            data = render_pdf(report, options.display_threshold, options.hamming)
            self.session.write_bytes(target.path, data)
        else:
            self.session.export(target.path, target.fmt, language="zh" if language.startswith("zh") else "en")

    def run(self, start: str, language: str = "en") -> str | None:
        """The whole conversation; returns the path written, None if the user backed out."""
        target = self.choose_target(start)
        if target is None or not self.confirm_overwrite(target.path):
            return None
        self.write(target, language)
        return target.path
