"""The WordprocessingML of a .docx as text: its element names, what is never text, and the walk
that turns a body, header or note into paragraphs and tables in document order. Shared by the
reader (core.loaders.docx), its streaming twin for large parts (docx_stream) and the layout
(docx_layout), so all three read the same text.
"""

from __future__ import annotations

from lxml import etree

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
_R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"

P, T, TBL, TR, TC = (_W + n for n in ("p", "t", "tbl", "tr", "tc"))
TAB, PTAB, BR, CR, NB_HYPHEN = (_W + n for n in ("tab", "ptab", "br", "cr", "noBreakHyphen"))
TXBX, SECT_PR = _W + "txbxContent", _W + "sectPr"
HEADER_REF, FOOTER_REF = _W + "headerReference", _W + "footerReference"
ALTERNATE, CHOICE = _MC + "AlternateContent", _MC + "Choice"
# Never text: properties, deleted or moved-away text, field codes, ruby (pinyin) annotations.
_SKIP = {
    _W + n
    for n in (
        "pPr", "rPr", "tblPr", "tblGrid", "trPr", "tcPr", "sdtPr", "sdtEndPr", "sectPr",
        "del", "moveFrom", "delText", "instrText", "delInstrText", "rt",
    )
}
_NOTE_SEPARATORS = {"separator", "continuationSeparator", "continuationNotice"}

# Reasons, as codes of core.messages (the words in English and Chinese are there).
DAMAGED, OTHER_OFFICE_FILE, NOT_WORD_ZIP = "docx.damaged", "docx.other_office", "docx.not_word_zip"


def blocks(container, out: list[str] | None = None) -> list[str]:
    """The paragraphs and tables inside `container`, each as one string, in document order."""
    out = [] if out is None else out
    for child in container:
        tag = child.tag
        if not isinstance(tag, str) or tag in _SKIP:
            continue
        if tag == P:
            _paragraph(child, out)
        elif tag == TBL:
            out.append(_table(child))
        elif tag == ALTERNATE:
            _choice(child, lambda el: blocks(el, out))
        else:  # content controls, custom XML, tracked insertions: their blocks count
            blocks(child, out)
    return out


def _paragraph(p, out: list[str]) -> None:
    pieces: list[str] = []
    boxes: list[str] = []
    _inline(p, pieces, boxes)
    out.append("".join(pieces))
    out.extend(boxes)  # text boxes anchored in the paragraph follow it


def _inline(element, pieces: list[str], boxes: list[str]) -> None:
    for child in element:
        tag = child.tag
        if not isinstance(tag, str) or tag in _SKIP:
            continue
        if tag == T:
            pieces.append(_text(child))
        elif tag in (TAB, PTAB):
            pieces.append("\t")
        elif tag in (BR, CR):
            pieces.append("\n")
        elif tag == NB_HYPHEN:
            pieces.append("-")
        elif tag == TXBX:
            blocks(child, boxes)
        elif tag == ALTERNATE:
            _choice(child, lambda el: _inline(el, pieces, boxes))
        else:  # runs, hyperlinks, fields, smart tags, drawings that may hold text boxes
            _inline(child, pieces, boxes)


def _choice(alternate, visit) -> None:
    """Read only the first choice: the fallback repeats the same content for older readers."""
    for child in alternate:
        if child.tag == CHOICE:
            visit(child)
            return


def _text(t) -> str:
    """A w:t's text; an entity reference left unresolved inside it contributes nothing."""
    return (t.text or "") + "".join(child.tail or "" for child in t)


def _table(tbl) -> str:
    """Rows on lines, cells separated by tabs, a cell's paragraphs by line breaks."""
    rows = []
    for tr in _children(tbl, TR):
        cells = ["\n".join(blocks(tc)) for tc in _children(tr, TC)]
        rows.append("\t".join(cells).rstrip("\t"))
    return "\n".join(rows)


def _children(element, tag: str):
    """Children with `tag`, also those wrapped in content controls or custom XML."""
    for child in element:
        if child.tag == tag:
            yield child
        elif isinstance(child.tag, str) and child.tag not in _SKIP and child.tag not in (P, TBL):
            yield from _children(child, tag)


def _headers_and_footers(document) -> list[str]:
    """Header texts, then footer texts, section by section, each part once."""
    headers: list[str] = []
    footers: list[str] = []
    seen: set[str] = set()
    related = document.part.related_parts
    for sect_pr in document.element.body.iter(SECT_PR):
        for ref in sect_pr:
            if ref.tag not in (HEADER_REF, FOOTER_REF):
                continue
            part = related.get(ref.get(_R_ID))
            if part is None or str(part.partname) in seen:
                continue
            seen.add(str(part.partname))
            text = "\n".join(blocks(_root(part)))
            (headers if ref.tag == HEADER_REF else footers).append(text)
    return headers + footers


def _notes(part, reltype: str, note_tag: str) -> list[str]:
    """The footnotes or endnotes as one text, without Word's separator pseudo-notes."""
    texts = []
    for rel in part.rels.values():
        if rel.reltype != reltype or rel.is_external:
            continue
        for note in _root(rel.target_part):
            if note.tag == note_tag and note.get(_W + "type") not in _NOTE_SEPARATORS:
                texts.append("\n".join(blocks(note)))
    return ["\n".join(texts)]


def _root(part):
    """A part's XML root: python-docx's parsed element, or the blob parsed safely.

    python-docx leaves parts it does not model (footnotes, endnotes) as bytes; they are
    parsed like it parses its own: never resolving entities, loading DTDs or using the network.
    """
    element = getattr(part, "element", None)
    if element is not None:
        return element
    parser = etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True, huge_tree=False)
    return etree.fromstring(part.blob, parser)
