"""The PDF report, rendered from the report document (`model`) with reportlab, without Qt.

So `plagscope check --pdf` works on a server without a display, and the app exports the same
file. Layout rules, each enforced here:
- a line breaks only between words, between Chinese characters, or at a file name's
  separators (`pdf_text.break_lines`); nothing is cut off with "...": passages print whole;
- every heading stays on the page of the first lines of what follows it (`KeepHeading`);
- tables fit the page width: each column gets room for its widest unbreakable piece first,
  the rest of the width goes where text would wrap (`column_widths`);
- passages shown once when both sides read the same, else left then right, each whole.
A4 portrait, 15 mm margins; the Chinese font is embedded (subset).
"""

from __future__ import annotations

import io
import itertools
from datetime import datetime
from xml.sax.saxutils import escape

from core.models import Report
from core.reports import colors as C
from core.reports.builder import build_document
from core.reports.model import (
    Article,
    Block,
    Column,
    Comparison,
    Figures,
    Heading,
    MarkedText,
    PageBreak,
    Paragraph,
    ReportDocument,
    Section,
    Table,
)
from core.reports.pdf_text import Measure, break_lines, longest_piece, register_fonts
from core.reports.strings import strings

MARGIN_MM = 15
PAD = 3.0  # table cell padding, points
FRAME_PAD = 6.0  # reportlab's frame padding on each side, points
SAFETY = 1.0  # points kept free at each line's end against rounding


def render_pdf(report: Report, *, generated: datetime | None = None, language: str = "en",
               threshold: float | None = None, verdicts=None, progress=None) -> bytes:
    """The whole report as PDF bytes (FontMissing, an OSError, when no Chinese font is found).
    `progress(done, total)`, if given, is called as the pages are laid out (it may raise to stop)."""
    return pdf_bytes(build_document(report, language=language, threshold=threshold, generated=generated,
                                     verdicts=verdicts), progress=progress)


def pdf_bytes(doc: ReportDocument, progress=None) -> bytes:
    """A report document laid out on A4 pages; `progress(done, total)` is called for each
    piece laid out (reportlab's progress callback; an exception it raises stops the layout)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    layout = Layout(doc, A4[0] - 2 * MARGIN_MM * mm - 2 * FRAME_PAD)
    story = layout.story()
    out = io.BytesIO()
    template = SimpleDocTemplate(
        out, pagesize=A4, leftMargin=MARGIN_MM * mm, rightMargin=MARGIN_MM * mm,
        topMargin=MARGIN_MM * mm, bottomMargin=MARGIN_MM * mm + 10, title=doc.title,
        author="Plagscope", creator="Plagscope", lang=doc.html_language)
    if progress is not None:
        total = [max(1, len(story))]

        def tell(kind: str, value: int) -> None:
            if kind == "SIZE_EST":
                total[0] = max(1, value)
            elif kind == "PROGRESS":
                progress(min(value, total[0]), total[0])

        template.setProgressCallBack(tell)
    template.build(story, onFirstPage=layout.footer, onLaterPages=layout.footer)
    return out.getvalue()


_INVISIBLE = {ord(ch): "\u200b" for ch in "\u2066\u2067\u2068\u2069"}


class Style:
    """A paragraph style with its measure, so text can be broken before reportlab sees it."""

    def __init__(self, name: str, font: str, size: float, leading: float, color: str = C.INK,
                 space_before: float = 0, space_after: float = 2, align: int = 0):
        from reportlab.lib.styles import ParagraphStyle
        self.ps = ParagraphStyle(name, fontName=font, fontSize=size, leading=leading,
                                 textColor=color, spaceBefore=space_before, spaceAfter=space_after,
                                 alignment=align, splitLongWords=0, allowWidows=0, allowOrphans=0)
        self.measure = Measure(font, size)


class Layout:
    """Turns the document's blocks into reportlab flowables."""

    def __init__(self, doc: ReportDocument, width: float):
        font, mono = register_fonts()
        self.doc, self.width, self.s = doc, width, strings(doc.language)
        self.st = {
            "title": Style("title", font, 18, 24, space_after=2),
            "subtitle": Style("subtitle", font, 9, 12, C.MUTED, space_after=8),
            "h2": Style("h2", font, 13.5, 18, space_before=12, space_after=5),
            "h3": Style("h3", font, 11, 15, space_before=10, space_after=3),
            "h4": Style("h4", font, 9.5, 13, space_before=6, space_after=2),
            "body": Style("body", font, 9, 13.5),
            "note": Style("note", font, 8, 11, C.MUTED, space_after=3),
            "metrics": Style("metrics", font, 8.5, 12, C.MUTED, space_after=4),
            "caption": Style("caption", font, 7.5, 10, C.MUTED, space_before=3, space_after=1),
            "text": Style("text", font, 9, 14, space_after=0),
            "cell": Style("cell", font, 7.5, 9.5, space_after=0),
            "number": Style("number", font, 7.5, 9.5, space_after=0, align=2),
            "head": Style("head", font, 7.5, 9.5, C.MUTED, space_after=0),
            "code": Style("code", mono, 7, 9.5, space_after=0),
            "card": Style("card", font, 16, 20, space_after=0),
        }

    # ----- story -------------------------------------------------------------------------
    def story(self) -> list:
        # a title holding a file name breaks after its _ . - only, never inside a word
        flow = [self.para(self.doc.title, "title", kind="name"), self.para(self.doc.subtitle, "subtitle")]
        for section in self.doc.sections:
            flow += self.section(section)
        flow.append(self.para(self.doc.footer, "note"))
        return keep_headings(flow)

    def footer(self, canvas, template) -> None:
        canvas.saveState()
        canvas.setFont(self.st["note"].ps.fontName, 7)
        canvas.setFillColor(_color(C.MUTED))
        y = template.bottomMargin - 14
        canvas.drawString(template.leftMargin, y, f"{self.doc.title} · {self.doc.subtitle}")
        canvas.drawRightString(template.pagesize[0] - template.rightMargin, y,
                               self.s("page", n=canvas.getPageNumber()))
        canvas.restoreState()

    def section(self, section: Section) -> list:
        from reportlab.platypus import PageBreak as RLPageBreak
        flow = [RLPageBreak()] if section.new_page else []
        if section.title:
            flow.append(heading(self.para(section.title, "h2", kind="name")))
        for block in section.blocks:
            flow += self.block(block)
        return flow

    def block(self, block: Block) -> list:
        from reportlab.platypus import PageBreak as RLPageBreak
        from reportlab.platypus import Spacer
        if isinstance(block, Heading):
            return [heading(self.para(block.text, f"h{min(max(block.level, 2), 4)}"))]
        if isinstance(block, Paragraph):
            return [self.para(block.text, block.kind if block.kind in self.st else "body")]
        if isinstance(block, Figures):
            return [self.figures(block), Spacer(1, 6)]
        if isinstance(block, Table):
            if not block.rows:
                return [self.para(block.empty, "note")] if block.empty else []
            return [self.table(block), Spacer(1, 6)]
        if isinstance(block, MarkedText):
            return self.marked(block)
        if isinstance(block, Comparison):
            return self.comparison(block)
        if isinstance(block, Article):
            flow = [RLPageBreak()] if block.new_page else []
            flow.append(heading(self.para(block.title, "h3", kind="name")))
            for inner in block.blocks:
                flow += self.block(inner)
            return flow
        if isinstance(block, PageBreak):
            return [RLPageBreak()]
        raise TypeError(f"no PDF layout for {type(block).__name__}")

    # ----- paragraphs ----------------------------------------------------------------------
    def para(self, text: str, style: str, *, width: float | None = None, kind: str = "text",
             paint: list[tuple[int, int, str]] = (), changes: list[tuple[int, int]] = (),
             color: str = ""):
        """One reportlab Paragraph of `text`, its lines broken here (see pdf_text)."""
        from reportlab.platypus import Paragraph as RLParagraph
        st = self.st[style]
        return RLParagraph(self.markup(text, st, width or self.width, kind, paint, changes, color), st.ps)

    def markup(self, text: str, st: Style, width: float, kind: str = "text",
               paint=(), changes=(), color: str = "") -> str:
        """reportlab markup for `text`: lines broken at allowed places, spans painted, changes underlined."""
        width -= SAFETY
        out, offset = [], 0
        # reportlab lays text out left to right with no bidi algorithm: the isolates safe_name
        # puts around right-to-left names have no glyph, so they become zero-width spaces
        text = text.replace("\t", " ").translate(_INVISIBLE)
        for n, line in enumerate(text.split("\n")):
            if n:
                out.append("<br/>")
            cuts = [0, *break_lines(line, width, st.measure, kind), len(line)]
            bounds = set(cuts)
            for a, b, _ in paint:
                bounds |= {min(max(a - offset, 0), len(line)), min(max(b - offset, 0), len(line))}
            for a, b in changes:
                bounds |= {min(max(a - offset, 0), len(line)), min(max(b - offset, 0), len(line))}
            starts = set(cuts[1:-1])
            edges = sorted(bounds)
            for a, b in itertools.pairwise(edges):
                if a in starts:
                    out.append("<br/>")
                piece = escape(line[a:b])
                at = offset + a
                background = next((c for s0, s1, c in reversed(paint) if s0 <= at < s1), "")
                if any(s0 <= at < s1 for s0, s1 in changes):
                    piece = f'<u color="{C.CHANGE_COLOR}" width="1.2" offset="-2">{piece}</u>'
                if background:
                    piece = f'<span backColor="{C.COLORS.get(background, background)}">{piece}</span>'
                out.append(piece)
            offset += len(line) + 1
        body = "".join(out)
        return f'<font color="{color}">{body}</font>' if color else body

    # ----- figures and tables ---------------------------------------------------------------
    def figures(self, block: Figures):
        from reportlab.platypus import Table as RLTable
        from reportlab.platypus import TableStyle
        if block.kind == "cards":
            n = max(len(block.items), 1)
            w = self.width / n
            inner = w - 2 * 6
            cells = []
            for f in block.items:
                cell = [self.para(f.value, "card", width=inner, color=C.FLAG_COLOR if f.emphasis else ""),
                        self.para(f.label, "cell", width=inner)]
                if f.note:
                    cell.append(self.para(f.note, "note", width=inner))
                cells.append(cell)
            table = RLTable([cells], colWidths=[w] * n)
            table.setStyle(TableStyle([
                ("BOX", (0, 0), (-1, -1), 0.5, _color(C.LINE)),
                ("INNERGRID", (0, 0), (-1, -1), 0.5, _color(C.LINE)),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 6), ("RIGHTPADDING", (0, 0), (-1, -1), 6),
            ]))
            return table
        columns = (Column("", "text", 1.0), Column("", "text", 3.0 if block.kind == "terms" else 1.0))
        return self.grid(columns, [(f.label, f.value) for f in block.items], header=False)

    def table(self, block: Table):
        rows = [tuple(cell.text for cell in row.cells) for row in block.rows]
        flagged = [n + 1 for n, row in enumerate(block.rows) if row.flagged]
        return self.grid(block.columns, rows, flagged=flagged)

    def grid(self, columns: tuple[Column, ...], rows: list[tuple[str, ...]], *, header: bool = True,
             flagged: list[int] = ()):
        from reportlab.platypus import Table as RLTable
        from reportlab.platypus import TableStyle
        widths = column_widths(columns, rows, self.width, self.st, header)
        data = []
        if header:
            data.append([self.cell(c.label, c, w - 2 * PAD, "head") for c, w in zip(columns, widths)])
        for row in rows:
            data.append([self.cell(text, c, w - 2 * PAD) for text, c, w in zip(row, columns, widths)])
        table = RLTable(data, colWidths=widths, repeatRows=1 if header else 0)
        cell, code = self.st["cell"].ps, self.st["code"].ps
        style = [
            ("FONT", (0, 0), (-1, -1), cell.fontName, cell.fontSize, cell.leading),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), PAD), ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
            ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, _color(C.LINE)),
        ]
        for i, c in enumerate(columns):
            if c.numeric:
                style.append(("ALIGN", (i, 0), (i, -1), "RIGHT"))
            if c.kind == "code":
                style.append(("FONT", (i, 1 if header else 0), (i, -1), code.fontName, code.fontSize, code.leading))
        if header:
            style += [("BACKGROUND", (0, 0), (-1, 0), _color(C.SOFT)),
                      ("TEXTCOLOR", (0, 0), (-1, 0), _color(C.MUTED))]
        for r in flagged:
            style.append(("LINEBEFORE", (0, r), (0, r), 2, _color(C.FLAG_COLOR)))
        table.setStyle(TableStyle(style))
        return table

    def cell(self, text: str, column: Column, width: float, style: str = ""):
        """A table cell: the plain string when it fits on one line (fast), else a Paragraph
        broken like any other (numbers never wrap: their column is wide enough)."""
        style = style or ("code" if column.kind == "code" else "number" if column.numeric else "cell")
        st = self.st[style]
        if "\n" not in text and st.measure(text) <= width - SAFETY:
            return text.translate(_INVISIBLE)
        return self.para(text, style, width=width, kind=break_kind(column))

    # ----- marked texts ----------------------------------------------------------------------
    def marked(self, block: MarkedText) -> list:
        flow = []
        if block.title:
            flow.append(heading(self.para(block.title, "h4", kind="name")))
        if block.legend:
            flow.append(self.legend(block.legend))
        paint = [(m.start, m.end, m.color) for m in sorted(block.marks, key=lambda m: (m.start, -m.end))]
        flow += self.text_blocks(block.text, 0, len(block.text), paint, list(block.changes))
        return flow

    def legend(self, items) -> object:
        """One line of colored swatches, each with its label: what the colors mean."""
        legend = "   ".join(f"[{f.label}]" for f in items)
        paint, at = [], 0
        for f in items:
            paint.append((at, at + len(f.label) + 2, f.value))
            at += len(f.label) + 5
        return self.para(legend, "note", paint=paint)

    def text_blocks(self, text: str, start: int, end: int, paint, changes) -> list:
        """text[start:end] as one flowable per line of the text (so pages break between them)."""
        from reportlab.platypus import Spacer
        flow, at = [], start
        for line in text[start:end].split("\n"):
            if line.strip():
                shifted = [(a - at, b - at, c) for a, b, c in paint if b > at and a < at + len(line)]
                moved = [(a - at, b - at) for a, b in changes if b > at and a < at + len(line)]
                flow.append(self.para(line, "text", paint=shifted, changes=moved))
            else:
                flow.append(Spacer(1, 5))
            at += len(line) + 1
        return flow

    def comparison(self, block: Comparison) -> list:
        if block.unavailable:
            return [self.para(block.unavailable, "note")]
        left, right = block.left, block.right
        flow = [self.legend(block.legend)] if block.legend else []
        for p in block.passages:
            (la, lb), (ra, rb) = p.left, p.right
            lchg = [c for c in left.changes if c[1] > la and c[0] < lb]
            rchg = [c for c in right.changes if c[1] > ra and c[0] < rb]
            lcolor, rcolor = p.side_color("L"), p.side_color("R")
            same = left.text[la:lb] == right.text[ra:rb] and not lchg and not rchg and lcolor == rcolor
            flow.append(heading(self.para(f"{p.label} · {p.description}", "h4",
                                          paint=[(0, len(p.label), p.color)])))
            if same:
                flow.append(heading(self.para(p.same_caption, "caption", kind="name")))
                flow += self.text_blocks(left.text, la, lb, [(la, lb, lcolor)], lchg)
            else:
                flow.append(heading(self.para(p.left_caption, "caption", kind="name")))
                flow += self.text_blocks(left.text, la, lb, [(la, lb, lcolor)], lchg)
                flow.append(heading(self.para(p.right_caption, "caption", kind="name")))
                flow += self.text_blocks(right.text, ra, rb, [(ra, rb, rcolor)], rchg)
        return flow


def column_widths(columns: tuple[Column, ...], rows: list[tuple[str, ...]], width: float,
                  st: dict[str, Style], header: bool = True) -> list[float]:
    """Column widths that add up to `width`: every column first gets room for its widest
    unbreakable piece (a number column for its widest cell), then the spare width goes to
    the columns whose text would otherwise wrap, by weight. If even the narrowest widths do
    not fit, they shrink in proportion (only then may a piece be cut inside).
    """
    low, high = [], []
    for i, column in enumerate(columns):
        measure = (st["code"] if column.kind == "code" else st["cell"]).measure
        texts = [row[i] for row in rows]
        head = longest_piece(column.label, st["head"].measure) if header else 0.0
        if column.numeric:  # never wraps; its heading wraps only when the page is short of room
            need = max((measure(t) for t in texts), default=0.0)
            low.append(max(need, head) + 2 * PAD + SAFETY)
            full = st["head"].measure(column.label) if header else 0.0
            high.append(max(need, full) + 2 * PAD + SAFETY)
            continue
        narrow = max([longest_piece(t, measure, break_kind(column)) for t in texts] + [head])
        wide = max([max((measure(line) for line in t.split("\n")), default=0.0) for t in texts]
                   + [st["head"].measure(column.label) if header else 0.0])
        low.append(narrow + 2 * PAD + SAFETY)
        high.append(max(wide, narrow) + 2 * PAD + SAFETY)
    total = sum(low)
    if total >= width:  # not even the narrowest fit: the text columns shrink, numbers never do
        fixed = sum(w for w, c in zip(low, columns) if c.numeric)
        scale = max(width - fixed, 0) / max(total - fixed, 1e-9)
        return [w if c.numeric else w * scale for w, c in zip(low, columns)]
    if sum(high) <= width:  # everything on one line; the rest to the text columns, by weight
        out = list(high)
        flexible = [i for i, c in enumerate(columns) if not c.numeric] or list(range(len(columns)))
        weight = sum(columns[i].weight for i in flexible)
        for i in flexible:
            out[i] += (width - sum(high)) * columns[i].weight / weight
        return out
    out, spare = list(low), width - total
    # text columns first (names wrapping cost more lines than a heading over a number), then numbers
    for numeric in (False, True):
        wants = {i: (high[i] - low[i]) * c.weight for i, c in enumerate(columns)
                 if c.numeric == numeric and high[i] > low[i]}
        need = sum(high[i] - low[i] for i in wants)
        if need <= spare:
            for i in wants:
                out[i] = high[i]
            spare -= need
            continue
        share = sum(wants.values())
        for i, want in wants.items():
            out[i] += spare * want / share
        break
    return out


def break_kind(column: Column) -> str:
    """How a column's cells may break: "name" (names and paths), "code" (hashes), "text"."""
    return {"name": "name", "path": "name", "code": "code"}.get(column.kind, "text")


# ----- keeping headings with what follows ------------------------------------------------

class _Heading:
    """A marker around a heading flowable until `keep_headings` pairs it with its follower."""

    def __init__(self, flowable):
        self.flowable = flowable


def heading(flowable) -> _Heading:
    return _Heading(flowable)


def keep_headings(flow: list) -> list:
    """Each heading joined to the flowable after it (itself possibly a joined heading)."""
    out: list = []
    for item in reversed(flow):
        if isinstance(item, _Heading):
            item = KeepHeading(item.flowable, out.pop(0)) if out else item.flowable
        out.insert(0, item)
    return out


def _keep_heading_class():
    from reportlab.platypus.flowables import Flowable

    class KeepHeading(Flowable):
        """A heading and its follower: if they do not fit, the follower is split so that its first
        part stays under the heading; if it cannot be split here, both move to the next page."""

        def __init__(self, head, follower):
            super().__init__()
            self.head, self.follower = head, follower

        def wrap(self, aW, aH):
            _, hh = self.head.wrap(aW, aH)
            _, fh = self.follower.wrap(aW, max(aH - hh, 0))
            self._hh, self._fh = hh, fh
            self.width, self.height = aW, hh + self.head.getSpaceAfter() + fh
            return self.width, self.height

        def getSpaceBefore(self):
            return self.head.getSpaceBefore()

        def getSpaceAfter(self):
            return self.follower.getSpaceAfter()

        def split(self, aW, aH):
            _, hh = self.head.wrap(aW, aH)
            room = aH - hh - self.head.getSpaceAfter()
            if room <= 0:
                return []
            parts = self.follower.split(aW, room)
            if not parts:
                return []
            first = parts[0]
            _, fh = first.wrap(aW, room)
            if fh > room:
                return []
            return [KeepHeading(self.head, first), *parts[1:]]

        def draw(self):
            self.follower.drawOn(self.canv, 0, 0)
            self.head.drawOn(self.canv, 0, self._fh + self.head.getSpaceAfter())

    return KeepHeading


KeepHeading = _keep_heading_class()


def _color(hex_color: str):
    from reportlab.lib.colors import HexColor
    return HexColor(hex_color)
