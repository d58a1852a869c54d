"""The per-student pages of the HTML and PDF reports (issue 15): one page per student.

Each page: the academic figures (CNKI's names in Chinese, Turnitin's in English), the
sections' copy ratios, the sources ranked by how much of the student's text they share,
the reviewer's verdict and note if any, and the student's whole text with every passage
colored by its attribution class in that text (edited words underlined). Students with a
counted passage get a page, the most copied first, while their texts stay within
`PAGE_BUDGET` characters; the others are named in a note.
"""

from __future__ import annotations

from core.academic.figures import CLASS_LABELS, LABELS, FigureTable, passages
from core.models import ATTRIBUTIONS
from core.reports.model import Article, Cell, Column, Figure, Figures, MarkedText, Mark, Paragraph, Row, Section, Table

#: Characters of student text the pages may show together (about 100 essays of 3,000 characters).
PAGE_BUDGET = 300_000


def class_key(cls: str) -> str:
    """The colors.COLORS key of an attribution class."""
    return f"cls-{cls}"


def student_pages(ctx) -> Section | None:
    """The section of per-student pages (None when no document has a counted passage)."""
    report, s = ctx.report, ctx.s
    if not report.pairs:
        return None
    table = FigureTable(report)
    order = sorted((i for i in range(len(report.documents)) if table[i].copied_chars),
                   key=lambda i: (-table[i].total_copy_ratio, i))
    if not order:
        return None
    shown, used = [], 0
    for i in order:
        size = report.documents[i].chars
        if used + size <= PAGE_BUDGET or not shown:
            shown.append(i)
            used += size
    per_doc = passages(report, table.analyses)
    blocks: list = [Paragraph(s("students_intro"), "note")]
    blocks += [_page(ctx, i, table[i], per_doc[i]) for i in shown]
    rest = [ctx.name(i) for i in order if i not in shown]
    if rest:
        blocks.append(Paragraph(s("students_limited", names="、".join(rest) if s.language == "zh"
                                  else ", ".join(rest)), "note"))
    return Section("students", s("students"), tuple(blocks))


def _page(ctx, index: int, f, mine) -> Article:
    s, report = ctx.s, ctx.report
    names = LABELS[s.language]
    pct = ctx.percent
    cards = Figures((
        Figure(names["total_copy_ratio"], pct(f.total_copy_ratio), emphasis=True),
        Figure(names["copy_ratio_excluding_quotes"], pct(f.copy_ratio_excluding_quotes)),
        Figure(names["largest_source_ratio"], pct(f.largest_source_ratio)),
        Figure(names["copied_chars"], f"{f.copied_chars:,} / {f.chars:,}"),
        Figure(names["sources"], str(f.sources)),
    ), kind="cards")
    blocks: list = [cards]
    verdict = _verdict(ctx, index)
    if verdict:
        blocks.append(Paragraph(verdict, "metrics"))
    ranks = {(p.left, p.right): k for k, p in ctx.detailed}
    ranks.update({(p.right, p.left): k for k, p in ctx.detailed})
    rows = []
    for other, ratio in f.ranked:
        k = ranks.get((index, other))
        rows.append(Row((Cell(ctx.name(other), link=f"pair-{k}" if k else "", hint=ctx.path(other)),
                         Cell(pct(ratio), bar=ratio))))
    blocks.append(Table((Column(s("col_student_source"), "name", 2.0), Column(s("col_share"), "number")),
                        tuple(rows), empty=s("no_sources"), kind="sources"))
    if len(f.sections) > 1:
        sections = tuple(Row((Cell(sec.title), Cell(pct(sec.copy_ratio), bar=sec.copy_ratio)))
                         for sec in f.sections)
        blocks.append(Table((Column(names["sections"], "text", 2.0), Column(s("col_share"), "number")),
                            sections, kind="sections"))
    doc = report.documents[index]
    labels = CLASS_LABELS[s.language]
    marks, changes, seen = [], [], set()
    for number, p in enumerate(sorted(mine, key=lambda p: (p.span.start, p.span.end)), 1):
        marks.append(Mark(p.span.start, p.span.end, number, class_key(p.cls), labels[p.cls]))
        seen.add(p.cls)
    for pair in report.pairs:
        for m in pair.matches:
            if pair.left == index:
                changes += [(c.start, c.end) for c in m.left_changes]
            elif pair.right == index:
                changes += [(c.start, c.end) for c in m.right_changes]
    legend = tuple(Figure(labels[c], class_key(c)) for c in ATTRIBUTIONS if c in seen)
    blocks.append(MarkedText(doc.text, tuple(marks), tuple(sorted(set(changes))), title=ctx.name(index),
                             hint=ctx.path(index), language="zh" if any("\u4e00" <= ch <= "\u9fff" for ch in doc.text[:2000]) else "",
                             legend=legend))
    return Article(f"student-{index + 1}", ctx.name(index), tuple(blocks), hint=ctx.path(index),
                   back="students", new_page=True, kind="student")


def _verdict(ctx, index: int) -> str:
    """"Verdict: … · Note: …" when a reviewer gave one, else ""."""
    if ctx.verdicts is None:
        return ""
    try:
        verdict = ctx.verdicts.document(ctx.report, index)
    except (KeyError, IndexError, AttributeError):
        return ""
    parts = []
    if verdict.status:
        parts.append(ctx.s("verdict_is", verdict=ctx.s(f"verdict_{verdict.status}")))
    if verdict.note:
        parts.append(ctx.s("note_is", note=verdict.note))
    return " · ".join(parts)
