"""Reading a large .docx in bounded memory: its XML parts parsed as a stream, compacted as they go.

python-docx builds the whole WordprocessingML tree, about 15 times the XML's size in memory
(a 15 MB .docx of many tiny runs, 160 MB of XML, took 2.5 GB). For parts larger than
`docx.STREAM_ABOVE` this module reads the package with zipfile and parses each part with
lxml's iterparse, replacing every finished run, paragraph, table row and table by one element
holding its text, and merging neighbours, so the tree never holds more than the text and the
structure still open. The text is the same as the python-docx path's: the same functions
(`docx.blocks` and friends) read the compacted tree, and every place they read joins blocks
with a line break, which is what merging neighbours does.
"""

from __future__ import annotations

import io
import posixpath
import zipfile

from lxml import etree

from core.loaders import budget
from core.loaders import docx_tree as d
from core.loaders.reasons import Unreadable

_REL_NS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_CT_NS = "{http://schemas.openxmlformats.org/package/2006/content-types}"
_OFFICE_DOCUMENT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
_RT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
WORD_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"

R, PPR = d._W + "r", d._W + "pPr"
# Elements that wrap runs inside a paragraph (and, some of them, paragraphs outside one).
_WRAPPERS = {d._W + n for n in ("hyperlink", "ins", "smartTag", "sdt", "sdtContent", "customXml",
                                "fldSimple", "moveTo", "dir", "bdo")}
_KEY = "_plagscope_text"  # marks an element compacted to one text (an attribute no Word file has)
_DROP = d._SKIP - {d.SECT_PR, PPR}
_SMALL = 4 * 2**20  # relationship and content-type parts are read whole; larger ones are damage


class _Texts:
    """Texts of compacted elements, joined on demand; chunks keep appends O(1) and memory flat."""

    def __init__(self) -> None:
        self.parts: dict[str, tuple[str, list[str], list[str]]] = {}
        self.count = 0

    def new(self, separator: str, text: str) -> str:
        self.count += 1
        key = str(self.count)
        self.parts[key] = (separator, [], [text])
        return key

    def add(self, key: str, text: str) -> None:
        separator, chunks, pieces = self.parts[key]
        pieces.append(text)
        if len(pieces) >= 2048:
            chunks.append(separator.join(pieces))
            pieces.clear()

    def pop(self, key: str) -> str:
        separator, chunks, pieces = self.parts.pop(key)
        return separator.join(chunks + ([separator.join(pieces)] if pieces else []))


class _Compactor:
    """Builds a part's tree from iterparse's end events, compacting what is finished."""

    def __init__(self) -> None:
        self.texts = _Texts()
        self.sections: list[list[tuple[str, str]]] = []  # (reference tag, r:id) per sectPr

    def resolve(self, element) -> None:
        """Put the pending texts of compacted elements under `element` into the tree."""
        for node in element.iter():
            key = node.get(_KEY)
            if key is not None and key in self.texts.parts:
                _leaf(node).text = self.texts.pop(key)

    def end(self, element) -> None:
        tag = element.tag
        if not isinstance(tag, str):
            return
        parent = element.getparent()
        if parent is None:
            return
        if tag == d.SECT_PR:
            self.sections.append([(ref.tag, ref.get(d._R_ID)) for ref in element
                                  if ref.tag in (d.HEADER_REF, d.FOOTER_REF)])
            parent.remove(element)
        elif tag in _DROP or tag == PPR:  # never text (a section break's sectPr is read above)
            parent.remove(element)
        elif tag == R or (tag in _WRAPPERS and _in_paragraph(element)):
            if tag != R:
                self.resolve(element)
            pieces: list[str] = []
            boxes: list[str] = []
            d._inline(element, pieces, boxes)
            if not boxes:  # a run holding a text box keeps its shape: the box follows the paragraph
                self._compact(element, parent, R, "", "".join(pieces), d.T)
        elif tag == d.P:
            self.resolve(element)
            out: list[str] = []
            d._paragraph(element, out)
            self._compact(element, parent, d.P, "\n", "\n".join(out), d.T)
        elif tag == d.TR:
            self.resolve(element)
            cells = ["\n".join(d.blocks(tc)) for tc in d._children(element, d.TC)]
            self._compact(element, parent, d.TR, "\n", "\t".join(cells).rstrip("\t"), d.TC)
        elif tag == d.TBL:
            self.resolve(element)
            self._compact(element, parent, d.P, "\n", d._table(element), d.T)

    def _compact(self, element, parent, tag: str, separator: str, text: str, inner: str) -> None:
        """Replace `element` by a `tag` holding `text`, merged into a compacted neighbour."""
        previous = element.getprevious()
        if previous is not None and previous.tag == tag and previous.get(_KEY) in self.texts.parts:
            self.texts.add(previous.get(_KEY), text)
            parent.remove(element)
            return
        element.clear(keep_tail=True)
        element.tag = tag
        element.set(_KEY, self.texts.new(separator, text))
        leaf = etree.SubElement(element, inner)
        if inner == d.TC:  # a row: one cell, one paragraph, one text
            etree.SubElement(etree.SubElement(leaf, d.P), d.T)


def _in_paragraph(element) -> bool:
    return any(ancestor.tag == d.P for ancestor in element.iterancestors())


def _leaf(element):
    """The w:t a compacted element keeps its text in."""
    while len(element) and element.tag != d.T:
        element = element[0]
    return element


def parse_part(stream, blank_text: bool = False):
    """The compacted tree of one XML part read from `stream`, and its section references."""
    compactor = _Compactor()
    root = None
    seen = 0
    for _, element in etree.iterparse(stream, events=("end",), resolve_entities=False,
                                      load_dtd=False, no_network=True, huge_tree=False,
                                      remove_comments=True, remove_pis=True,
                                      remove_blank_text=not blank_text):
        compactor.end(element)
        root = element
        seen += 1  # noqa: SIM113 (counts the parsed elements of iterparse, not loop turns)
        if not seen % 4096:
            budget.check()
    if root is None:
        raise Unreadable(d.DAMAGED)
    compactor.resolve(root)
    return root, compactor.sections


def _small_xml(archive: zipfile.ZipFile, name: str):
    info = archive.getinfo(name)
    if info.file_size > _SMALL:
        raise Unreadable(d.DAMAGED)
    parser = etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True, huge_tree=False)
    return etree.fromstring(archive.read(name), parser)


def _relationships(archive: zipfile.ZipFile, part: str) -> list[tuple[str, str, str, bool]]:
    """(id, type, target part name, external) of `part`'s relationships."""
    folder, name = posixpath.split(part)
    rels_name = posixpath.join(folder, "_rels", name + ".rels")
    if rels_name not in archive.namelist():
        return []
    out = []
    for rel in _small_xml(archive, rels_name).iter(_REL_NS + "Relationship"):
        target = rel.get("Target") or ""
        external = rel.get("TargetMode") == "External"
        if not external:
            target = target[1:] if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
        out.append((rel.get("Id") or "", rel.get("Type") or "", target, external))
    return out


def _content_type(archive: zipfile.ZipFile, part: str) -> str:
    types = _small_xml(archive, "[Content_Types].xml")
    for override in types.iter(_CT_NS + "Override"):
        if (override.get("PartName") or "").lstrip("/") == part:
            return override.get("ContentType") or ""
    extension = posixpath.splitext(part)[1].lstrip(".").lower()
    for default in types.iter(_CT_NS + "Default"):
        if (default.get("Extension") or "").lower() == extension:
            return default.get("ContentType") or ""
    return ""


def extract(data: bytes) -> str:
    """The text of a (checked) .docx, the same as docx.extract's, in bounded memory."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            main = next((target for _, kind, target, external in _relationships(archive, "")
                         if kind == _OFFICE_DOCUMENT and not external), None)
            if main is None or main not in names:
                raise Unreadable(d.DAMAGED)
            if _content_type(archive, main) != WORD_MAIN:
                raise Unreadable(d.OTHER_OFFICE_FILE)
            with archive.open(main) as stream:
                root, sections = parse_part(stream)
            body = root.find(d._W + "body")
            if body is None:
                raise Unreadable(d.DAMAGED)
            texts = ["\n".join(d.blocks(body))]
            del root, body
            rels = _relationships(archive, main)
            by_id = {rid: target for rid, _, target, external in rels if not external}
            headers: list[str] = []
            footers: list[str] = []
            seen: set[str] = set()
            for refs in sections:
                for tag, rid in refs:
                    target = by_id.get(rid)
                    if target is None or target in seen or target not in names:
                        continue
                    seen.add(target)
                    with archive.open(target) as stream:
                        part_root, _ = parse_part(stream)
                    (headers if tag == d.HEADER_REF else footers).append("\n".join(d.blocks(part_root)))
            texts += headers + footers
            for kind, note_tag in (("footnotes", d._W + "footnote"), ("endnotes", d._W + "endnote")):
                notes = []
                for _, rel_type, target, external in rels:
                    if rel_type != _RT + kind or external or target not in names:
                        continue
                    with archive.open(target) as stream:
                        part_root, _ = parse_part(stream, blank_text=True)
                    for note in part_root:
                        if note.tag == note_tag and note.get(d._W + "type") not in d._NOTE_SEPARATORS:
                            notes.append("\n".join(d.blocks(note)))
                texts.append("\n".join(notes))
    except (KeyError, ValueError, etree.LxmlError, zipfile.BadZipFile, EOFError):
        raise Unreadable(d.DAMAGED) from None
    return "\n\n".join(text for text in texts if text.strip())
