"""What a .docx shows beyond its text, as spans into the extracted text: block quotes (a quote
style or a left indentation), headings (heading styles or outline levels) and superscript runs.

It walks the same WordprocessingML as core.loaders.docx, with docx_tree's rules for what
is text, and finds each paragraph's text in the extracted body text in order, so the spans
are exact; a paragraph it cannot place is left out (the layout is a hint, never a reason to
refuse a file).
"""

from __future__ import annotations

import re

from core.loaders import docx_tree as reader
from core.models import Layout, Span

_W = reader._W
_FALLBACK = "{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback"
_R = _W + "r"
_QUOTE_STYLE = re.compile(r"quote|block\s*text|引用|引文", re.IGNORECASE)
_HEADING_STYLE = re.compile(r"^(heading|title|标题|subtitle|副标题)", re.IGNORECASE)
BLOCK_INDENT_TWIPS = 567  # 1 cm of left indentation sets a paragraph off as a quote
BLOCK_INDENT_CHARS = 200  # or two characters (leftChars counts hundredths of a character)


def _val(element, path: str) -> str | None:
    found = element.find(path) if element is not None else None
    return None if found is None else found.get(_W + "val")


class _Styles:
    """Paragraph and character styles by id: name, base style, indentation, outline level."""

    def __init__(self, document):
        self.items: dict[str, object] = {}
        try:
            root = document.styles.element
        except Exception:  # noqa: BLE001 (the styles are a hint for attribution; a damaged part is skipped)
            return
        for style in root.iter(_W + "style"):
            self.items[style.get(_W + "styleId") or ""] = style

    def chain(self, style_id: str | None):
        seen = set()
        while style_id and style_id in self.items and style_id not in seen:
            seen.add(style_id)
            style = self.items[style_id]
            yield style
            style_id = _val(style, _W + "basedOn")

    def name(self, style_id: str | None) -> str:
        for style in self.chain(style_id):
            return _val(style, _W + "name") or style_id or ""
        return style_id or ""

    def names(self, style_id: str | None) -> list[str]:
        return [_val(s, _W + "name") or "" for s in self.chain(style_id)]


def _left_indent(ind) -> tuple[int, int] | None:
    if ind is None:
        return None
    twips = ind.get(_W + "left") or ind.get(_W + "start")
    chars = ind.get(_W + "leftChars") or ind.get(_W + "startChars")
    if twips is None and chars is None:
        return None
    try:
        return int(float(twips or 0)), int(float(chars or 0))
    except ValueError:
        return None


def _paragraph_kind(p, styles: _Styles) -> str:
    """"heading", "block" or "" for one w:p."""
    ppr = p.find(_W + "pPr")
    style_id = _val(ppr, _W + "pStyle")
    names = styles.names(style_id)
    if any(_HEADING_STYLE.match(n) for n in names):
        return "heading"
    outline = _val(ppr, _W + "outlineLvl")
    for style in styles.chain(style_id):
        outline = outline or _val(style.find(_W + "pPr"), _W + "outlineLvl")
    if outline is not None and outline.isdigit() and int(outline) < 9:
        return "heading"
    if any(_QUOTE_STYLE.search(n) for n in names):
        return "block"
    if ppr is not None and ppr.find(_W + "numPr") is not None:
        return ""  # list items are indented by their numbering, not set off as quotes
    indent = _left_indent(ppr.find(_W + "ind") if ppr is not None else None)
    for style in styles.chain(style_id):
        if indent is not None:
            break
        spr = style.find(_W + "pPr")
        indent = _left_indent(spr.find(_W + "ind") if spr is not None else None)
    if indent and (indent[0] >= BLOCK_INDENT_TWIPS or indent[1] >= BLOCK_INDENT_CHARS):
        return "block"
    return ""


def _superscript(run, styles: _Styles) -> bool:
    rpr = run.find(_W + "rPr")
    if rpr is None:
        return False
    align = _val(rpr, _W + "vertAlign")
    if align is None:
        for style in styles.chain(_val(rpr, _W + "rStyle")):
            align = _val(style.find(_W + "rPr"), _W + "vertAlign")
            if align:
                break
    return align == "superscript"


def _walk(element, pieces: list[str], runs: list[tuple[int, int]], styles: _Styles, sup: bool = False):
    """core.loaders.docx_tree._inline, also noting where superscript runs' text lies."""
    for child in element:
        tag = child.tag
        if not isinstance(tag, str) or tag in reader._SKIP:
            continue
        if tag == reader.T:
            text = reader._text(child)
            if sup and text:
                at = sum(map(len, pieces))
                runs.append((at, at + len(text)))
            pieces.append(text)
        elif tag in (reader.TAB, reader.PTAB, reader.BR, reader.CR, reader.NB_HYPHEN):
            pieces.append("-" if tag == reader.NB_HYPHEN else "\n" if tag in (reader.BR, reader.CR) else "\t")
        elif tag == reader.TXBX:
            continue
        elif tag == reader.ALTERNATE:
            for choice in child:
                if choice.tag == reader.CHOICE:
                    _walk(choice, pieces, runs, styles, sup)
                    break
        else:
            _walk(child, pieces, runs, styles, sup or (tag == _R and _superscript(child, styles)))


def _skipped(p) -> bool:
    parent = p.getparent()
    while parent is not None:
        if parent.tag in reader._SKIP or parent.tag == _FALLBACK:
            return True
        parent = parent.getparent()
    return False


def docx_layout(document, text: str) -> Layout:
    """The layout of a python-docx Document whose body text starts `text` at offset 0."""
    styles = _Styles(document)
    blocks: list[Span] = []
    headings: list[Span] = []
    superscripts: list[Span] = []
    cursor = 0
    for p in document.element.body.iter(reader.P):
        if _skipped(p):
            continue
        pieces: list[str] = []
        runs: list[tuple[int, int]] = []
        _walk(p, pieces, runs, styles)
        body = "".join(pieces)
        if not body.strip():
            continue
        at = text.find(body, cursor)
        if at < 0:
            continue
        cursor = at + len(body)
        lead = len(body) - len(body.lstrip())
        trail = len(body.rstrip())
        kind = _paragraph_kind(p, styles)
        if kind == "heading":
            headings.append(Span(at + lead, at + trail))
        elif kind == "block":
            blocks.append(Span(at + lead, at + trail))
        superscripts.extend(Span(at + s, at + e) for s, e in runs)
    return Layout(tuple(blocks), tuple(superscripts), tuple(headings))
