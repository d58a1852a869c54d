"""The HTML report: one self-contained page, rendered from the report document (`model`).

Inline CSS only, no scripts and nothing fetched from anywhere. Every string that comes from a
document (text, names, paths, error messages) goes through `html.escape(quote=True)`.
Flagged pairs show both texts side by side, each passage in its attribution class's color
in each document's own text (legend above) and linked to its twin: passage j of pair k starts at the element with id `pk-mj-L` (left) or
`pk-mj-R` (right), and its segments link to the twin's id.
"""

from __future__ import annotations

import html
from collections import defaultdict
from datetime import datetime

from core.models import Report
from core.reports.builder import build_document
from core.reports.colors import passage_color
from core.reports.html_style import STYLE
from core.reports.model import (
    Article,
    Block,
    Cell,
    Comparison,
    Figures,
    Heading,
    Mark,
    MarkedText,
    PageBreak,
    Paragraph,
    ReportDocument,
    Section,
    Table,
)
from core.reports.strings import Strings, strings


def esc(value: object) -> str:
    """Escape for HTML text and quoted attribute values alike."""
    return html.escape(str(value), quote=True)


def render_html(report: Report, *, generated: datetime | None = None, language: str = "en",
                threshold: float | None = None, verdicts=None) -> str:
    """The whole report as one HTML page.

    `generated` is the time shown in the header (now, local time, by default); `language`
    ("en" or "zh") chooses the report's own labels, not anything about the documents;
    `threshold` is the display threshold that flags pairs (the report's own by default).
    """
    return html_page(build_document(report, language=language, threshold=threshold, generated=generated,
                                     verdicts=verdicts))


def html_page(doc: ReportDocument) -> str:
    """A report document as one HTML page."""
    s = strings(doc.language)
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{esc(doc.html_language)}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="generator" content="Plagscope">',
        f"<title>{esc(doc.title)} · {esc(doc.subtitle)}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        '<header class="top">',
        f"<h1>{esc(doc.title)}</h1>",
        f'<p class="meta">{esc(doc.subtitle)}</p>',
        "</header>",
        "<main>",
        _nav(doc),
        *(_section(section, doc, s) for section in doc.sections),
        "</main>",
        f"<footer>{esc(doc.footer)}</footer>",
        "</body>",
        "</html>",
    ]
    return "\n".join(part for part in parts if part) + "\n"


def _nav(doc: ReportDocument) -> str:
    links = "".join(f'<a href="#{esc(sec.anchor)}">{esc(sec.title)}</a>'
                    for sec in doc.sections if sec.nav and sec.title)
    return f'<nav class="toc">{links}</nav>' if links else ""


def _section(section: Section, doc: ReportDocument, s: Strings) -> str:
    head = f"<h2>{esc(section.title)}</h2>" if section.title else ""
    body = "".join(_block(block, doc, s) for block in section.blocks)
    return f'<section id="{esc(section.anchor)}">{head}{body}</section>'


def _block(block: Block, doc: ReportDocument, s: Strings) -> str:
    if isinstance(block, Heading):
        anchor = f' id="{esc(block.anchor)}"' if block.anchor else ""
        hint = f' title="{esc(block.hint)}"' if block.hint else ""
        return f"<h{block.level}{anchor}{hint}>{esc(block.text)}</h{block.level}>"
    if isinstance(block, Paragraph):
        cls = "" if block.kind == "body" else f' class="{esc(block.kind)}"'
        return f"<p{cls}>{esc(block.text)}</p>"
    if isinstance(block, Figures):
        return _figures(block)
    if isinstance(block, Table):
        return _table(block)
    if isinstance(block, MarkedText):
        return _column(block, s)
    if isinstance(block, Comparison):
        return _comparison(block, s)
    if isinstance(block, Article):
        hint = f' title="{esc(block.hint)}"' if block.hint else ""
        body = "".join(_block(b, doc, s) for b in block.blocks)
        back = f'<a class="back" href="#{esc(block.back)}">{esc(doc.back)}</a>' if block.back else ""
        return (f'<article class="{esc(block.kind)}" id="{esc(block.anchor)}">'
                f"<h3{hint}>{esc(block.title)}</h3>{body}{back}</article>")
    if isinstance(block, PageBreak):
        return '<div class="page-break"></div>'
    raise TypeError(f"no HTML for {type(block).__name__}")


def _figures(block: Figures) -> str:
    if block.kind == "cards":
        items = "".join(
            ('<li class="flag">' if f.emphasis else "<li>") + f"<b>{esc(f.value)}</b>{esc(f.label)}"
            + (f'<br><small class="note">{esc(f.note)}</small>' if f.note else "") + "</li>"
            for f in block.items)
        return f'<ul class="cards">{items}</ul>'
    cls = "legend" if block.kind == "terms" else "options"
    rows = "".join(f"<div><dt>{esc(f.label)}</dt><dd>{esc(f.value)}</dd></div>" if cls == "options"
                   else f"<dt>{esc(f.label)}</dt><dd>{esc(f.value)}</dd>" for f in block.items)
    return f'<dl class="{cls}">{rows}</dl>'


def _table(table: Table) -> str:
    if not table.rows:
        return f'<p class="note">{esc(table.empty)}</p>' if table.empty else ""
    classes = ["num" if c.numeric else c.kind if c.kind in ("name", "code") else
               "name" if c.kind == "path" else "" for c in table.columns]
    head = "".join(f'<th class="num">{esc(c.label)}</th>' if c.numeric else f"<th>{esc(c.label)}</th>"
                   for c in table.columns)
    rows = []
    for row in table.rows:
        cells = "".join(_cell(cell, cls) for cell, cls in zip(row.cells, classes))
        rows.append(('<tr class="flagged">' if row.flagged else "<tr>") + f"{cells}</tr>")
    kind = f' class="{esc(table.kind)}"' if table.kind else ""
    return f"<table{kind}><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _cell(cell: Cell, cls: str) -> str:
    text = esc(cell.text)
    if cell.link:
        text = f'<a href="#{esc(cell.link)}">{text}</a>'
    if cell.bar is not None:
        text = f'<span class="bar" style="width:{round(cell.bar * 60)}px"></span>{text}'
        cls = f"{cls} sim".strip()
    attrs = (f' class="{cls}"' if cls else "") + (f' title="{esc(cell.hint)}"' if cell.hint else "")
    return f"<td{attrs}>{text}</td>"


def _comparison(block: Comparison, s: Strings) -> str:
    if block.unavailable:
        return f'<p class="note">{esc(block.unavailable)}</p>'
    link = block.left.link
    items = "".join(
        f'<li><a class="sw {esc(p.color)}" href="#{link}-m{p.number}-L" title="{esc(p.label)}">'
        f'{p.number}</a> {esc(p.description)} '
        f'<a href="#{link}-m{p.number}-R" title="{esc(s("to_right"))}">→</a></li>'
        for p in block.passages)
    passages = f'<ol class="passages">{items}</ol>' if items else ""
    return (f'{_legend(block.legend)}{passages}'
            f'<div class="cols">{_column(block.left, s)}{_column(block.right, s)}</div>')


def _legend(items) -> str:
    """Colored swatches with their labels (what the colors of a marked text mean)."""
    if not items:
        return ""
    return '<dl class="marks">' + "".join(
        f'<dt class="{esc(f.value)}">&nbsp;</dt><dd>{esc(f.label)}</dd>' for f in items) + "</dl>"


def _column(text: MarkedText, s: Strings) -> str:
    lang = f' lang="{esc(text.language)}"' if text.language else ""
    hint = f' title="{esc(text.hint)}"' if text.hint else ""
    title = f"<h4{hint}>{esc(text.title)}</h4>" if text.title else ""
    legend = _legend(text.legend)
    return (f'<section class="col">{title}{legend}'
            f'<div class="text"{lang}>{marked_html(text, s)}</div></section>')


def marked_text(text: str, spans: list[tuple[int, int, int]], k: int, side: str,
                s: Strings | None = None) -> str:
    """`text` escaped, with passages (number j, start, end) of pair k marked as linked segments."""
    s = s or strings("en")
    marks = tuple(Mark(start, end, j, passage_color(j), s("passage", j=j)) for j, start, end in spans)
    return marked_html(MarkedText(text, marks, link=f"p{k}", side=side), s)


def marked_html(mt: MarkedText, s: Strings) -> str:
    """A marked text as escaped HTML, cut at every mark and change boundary.

    A segment inside marks gets one element with class `m`, a class `mj` per mark covering
    it, the color of its innermost mark (the one starting last), class `ov` when several
    marks cover it, and class `chg` inside a change span. With `mt.link`, segments are `<a>`
    linking to the twin on the other side, and mark j's id sits on the first segment it
    starts, or on an empty anchor span when another mark starting there already holds that
    segment's id, so every id exists exactly once, even for empty or clipped spans.
    """
    text, linked, side = mt.text, bool(mt.link), mt.side
    other = "R" if side == "L" else "L"
    n = len(text)
    clipped = []
    for mark in mt.marks:
        start = min(max(mark.start, 0), n)
        clipped.append((mark.number, start, min(max(mark.end, start), n), mark))
    changes = [(min(max(a, 0), n), min(max(b, 0), n)) for a, b in mt.changes]
    changes = [(a, b) for a, b in changes if b > a]
    bounds = sorted({0, n, *(c[1] for c in clipped), *(c[2] for c in clipped),
                     *(a for a, _ in changes), *(b for _, b in changes)})
    starting: dict[int, list] = defaultdict(list)
    for passage in sorted(clipped, key=lambda c: c[:3]):
        starting[passage[1]].append(passage)
    labels = {c[0]: c[3].label or s("passage", j=c[0]) for c in clipped}
    colors = {c[0]: c[3].color for c in clipped}

    def anchor(j: int) -> str:
        return f'<span class="anchor" id="{mt.link}-m{j}-{side}"></span>' if linked else ""

    out: list[str] = []
    active: dict[int, tuple[int, int]] = {}
    for index, a in enumerate(bounds):
        for j in [j for j, (_, e) in active.items() if e <= a]:
            del active[j]
        new = starting.get(a, [])
        for j, start, end, _ in new:
            if end > a:
                active[j] = (start, end)
        if a >= n:
            out.extend(anchor(j) for j, *_ in new)
            break
        piece = esc(text[a:bounds[index + 1]])
        changed = any(x <= a < y for x, y in changes)
        if not active:
            out.extend(anchor(j) for j, *_ in new)
            out.append(f'<span class="chg">{piece}</span>' if changed else piece)
            continue
        primary = max(active, key=lambda j: (active[j][0], -active[j][1], -j))
        owns_id = linked and active[primary][0] == a
        out.extend(anchor(j) for j, *_ in new if not (owns_id and j == primary))
        covering = sorted(active)
        classes = " ".join(["m", *(f"m{j}" for j in covering), colors[primary]]
                           + (["ov"] if len(covering) > 1 else []) + (["chg"] if changed else []))
        title = labels[primary]
        if len(covering) > 1:
            title += " (" + s("also", others=", ".join(str(j) for j in covering if j != primary)) + ")"
        if linked:
            id_attr = f' id="{mt.link}-m{primary}-{side}"' if owns_id else ""
            out.append(f'<a class="{classes}"{id_attr} href="#{mt.link}-m{primary}-{other}" '
                       f'title="{esc(title)}">{piece}</a>')
        else:
            out.append(f'<span class="{classes}" title="{esc(title)}">{piece}</span>')
    return "".join(out)
