"""The per-student report: one student's page as its own HTML or PDF document.

A page holds the academic figures (CNKI's names in Chinese, Turnitin's in English), the
reviewer's verdict and note if any, the sources ranked by how much of the student's text
they share, the sections' copy ratios, and the student's whole text with every source's
passages in that source's color and a legend naming the sources, as the app's Student view
shows them (where sources overlap, the one holding more of the text shows), and the words
changed inside passages underlined. It is
built from the same report model as the class report and rendered by the same renderers,
in the reader's language; `write_student_reports` writes one per student with a passage.
"""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path

import numpy as np

from core.academic.figures import LABELS, FigureTable
from core.atomic import write_bytes_atomic, write_text_atomic
from core.models import Report
from core.reports.builder import Context, _verdict
from core.reports.colors import SOURCE_PALETTE, source_color
from core.reports.html_report import html_page
from core.reports.model import (
    Cell,
    Column,
    Figure,
    Figures,
    Mark,
    MarkedText,
    Paragraph,
    ReportDocument,
    Row,
    Section,
    Table,
)
from core.reports.strings import strings
from core.review import student_summary

_CJK = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def student_document(report: Report, index: int, *, language: str = "en", verdicts=None,
                     generated: datetime | None = None, table: FigureTable | None = None) -> ReportDocument:
    """Document `index`'s report page as a ReportDocument (render with html_page / pdf_bytes)."""
    s = strings(language)
    when = generated or datetime.now().astimezone()
    ctx = Context(report, s, report.options.display_threshold, when, verdicts=verdicts)
    table = table or FigureTable(report)
    f = table[index]
    names = LABELS[language]
    pct = ctx.percent
    blocks: list = [Paragraph(s("student_report_intro"), "note"), Figures((
        Figure(names["total_copy_ratio"], pct(f.total_copy_ratio), emphasis=True),
        Figure(names["copy_ratio_excluding_quotes"], pct(f.copy_ratio_excluding_quotes)),
        Figure(names["largest_source_ratio"], pct(f.largest_source_ratio)),
        Figure(names["copied_chars"], f"{f.copied_chars:,} / {f.chars:,}"),
        Figure(names["sources"], str(f.sources)),
    ), kind="cards")]
    verdict = _verdict(ctx, "document", index)
    if verdict:
        blocks.append(Paragraph(f"{s('verdict_label')}: {verdict}", "metrics"))

    # the sources as the app's Student view ranks and colors them (most of this text first)
    shown = [s for s in student_summary(report, index).sources if s.spans]
    pair_verdicts = _source_verdicts(ctx, report, index) if verdicts and verdicts.pairs else None
    rows = tuple(Row((Cell(ctx.name(s.other), hint=ctx.path(s.other)), Cell(pct(s.share), bar=s.share))
                     + ((Cell(pair_verdicts.get(s.other, "")),) if pair_verdicts is not None else ()))
                 for s in shown)
    columns = (Column(s("col_student_source"), "name", 2.0), Column(s("col_share"), "number"))
    if pair_verdicts is not None:
        columns += (Column(s("col_verdict"), "text", 1.0),)
    blocks.append(Table(columns, rows, empty=s("no_sources"), kind="sources"))
    if len(f.sections) > 1:
        blocks.append(Table((Column(names["sections"], "text", 2.0), Column(s("col_share"), "number")),
                            tuple(Row((Cell(sec.title), Cell(pct(sec.copy_ratio), bar=sec.copy_ratio)))
                                  for sec in f.sections), kind="sections"))
    blocks.append(_marked_by_source(ctx, report, index, shown))
    title = s("student_report", name=ctx.name(index))
    return ReportDocument(
        title=title, subtitle=s("generated", date=when.strftime("%Y-%m-%d %H:%M")), language=language,
        html_language=s("html_lang"), sections=(Section("student", ctx.name(index), tuple(blocks), nav=False),),
        footer=s("footer"), back=s("back"))


def _source_verdicts(ctx, report: Report, index: int) -> dict[int, str]:
    """Other document -> the reviewers' verdict (and note) on its pair with document `index`."""
    out = {}
    for pair in report.pairs:
        if index in (pair.left, pair.right):
            text = _verdict(ctx, "pair", pair)
            if text:
                out[pair.right if pair.left == index else pair.left] = text
    return out


def _marked_by_source(ctx, report: Report, index: int, shown) -> MarkedText:
    """The text with each source's passages in that source's color, as the app's Student view
    shows it: sources ranked by how much of the text each holds (core.review's student
    summary: `shown`), where sources overlap the one with more text shows; a legend names each
    source."""
    doc = report.documents[index]
    n = len(doc.text)
    rank = np.full(n + 1, len(shown), dtype=np.int32)  # no source
    for r, source in enumerate(shown):
        for span in source.spans:
            a, b = max(0, span.start), min(n, span.end)
            if b > a:
                rank[a:b] = np.minimum(rank[a:b], r)
    edges = np.flatnonzero(np.diff(rank)) + 1
    marks = []
    for a, b in zip(np.concatenate(([0], edges)).tolist(), np.concatenate((edges, [n + 1])).tolist()):
        r = int(rank[a])
        if r < len(shown) and a < n:
            marks.append(Mark(a, min(b, n), len(marks) + 1, source_color(r), ctx.name(shown[r].other)))
    changes = set()
    for pair in report.pairs:
        for m in pair.matches:
            side = m.left_changes if pair.left == index else m.right_changes if pair.right == index else ()
            changes.update((c.start, c.end) for c in side if c.end > c.start)
    legend = tuple(Figure(ctx.name(s.other), source_color(r)) for r, s in enumerate(shown[:len(SOURCE_PALETTE)]))
    if len(shown) > len(SOURCE_PALETTE):
        legend += (Figure(ctx.s("other_sources"), source_color(len(SOURCE_PALETTE))),)
    return MarkedText(doc.text, tuple(marks), tuple(sorted(changes)), title=ctx.name(index),
                      hint=ctx.path(index), language="zh" if _CJK.search(doc.text) else "", legend=legend)


def write_student_reports(report: Report, folder: str | os.PathLike, formats=("html", "pdf"), *,
                          language: str = "en", verdicts=None) -> list[Path]:
    """One report per document with a counted passage, named after it, in `folder`; the paths written."""
    from core.reports.pdf_report import pdf_bytes

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    table = FigureTable(report)
    written = []
    for index, doc in enumerate(report.documents):
        if not table[index].copied_chars:
            continue
        page = student_document(report, index, language=language, verdicts=verdicts, table=table)
        stem = f"{index + 1:03d}_{Path(doc.name).stem}"
        for fmt in formats:
            path = folder / f"{stem}.{fmt}"
            if fmt == "html":
                write_text_atomic(path, html_page(page), encoding="utf-8", errors="replace")
            else:
                write_bytes_atomic(path, pdf_bytes(page))
            written.append(path)
    return written
