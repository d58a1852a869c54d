"""Word .docx files: body paragraphs and tables in document order, then headers, footers and notes.

The zip is checked first (ziplimits); python-docx opens the package with entity resolution
off, and the notes parts it does not model are parsed here with the same precaution.
Text comes from walking the WordprocessingML itself, so content controls, hyperlinks,
tracked insertions, fields and text boxes are read, and deleted text and field codes are not.
"""

from __future__ import annotations

import io

import docx as python_docx
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from lxml import etree

from core.loaders import docx_stream, ziplimits
from core.loaders.docx_layout import docx_layout
from core.loaders.docx_tree import (
    _W,
    DAMAGED,
    NOT_WORD_ZIP,
    OTHER_OFFICE_FILE,
    _headers_and_footers,
    _notes,
    blocks,
)
from core.loaders.reasons import Unreadable

__all__ = ["blocks", "extract", "extract_with_layout"]

# An XML part larger than this is read as a stream (docx_stream): python-docx's tree of a
# part takes about 15 times its size in memory, and a file must read within 500 MB.
STREAM_ABOVE = 8 * 2**20


def extract(data: bytes) -> str:
    """The text of a .docx file's bytes; raises Unreadable when it is not a usable Word file."""
    return _extract(data)[0]


def extract_with_layout(data: bytes):
    """The text and its Layout (block quotes, headings, superscripts: docx_layout);
    a layout that cannot be read is None, never a reason to refuse the file."""
    text, document = _extract(data)
    if document is None:  # read as a stream: no python-docx document to take the layout from
        return text, None
    try:
        layout = docx_layout(document, text)  # the body's text comes first in `text`
    except Exception:  # noqa: BLE001 (the layout is a hint for attribution; the text is what matters)
        layout = None
    return text, layout


def _extract(data: bytes):
    with ziplimits.open_checked(data) as archive:
        if "[Content_Types].xml" not in archive.namelist():
            raise Unreadable(NOT_WORD_ZIP)
        large = any(info.file_size > STREAM_ABOVE for info in archive.infolist()
                    if info.filename.lower().endswith((".xml", ".rels")))
    if large:
        return docx_stream.extract(data), None
    try:
        document = python_docx.Document(io.BytesIO(data))
    except ValueError as exc:
        if "content type" in str(exc):
            raise Unreadable(OTHER_OFFICE_FILE) from None
        raise Unreadable(DAMAGED) from None
    except (MemoryError, RecursionError):
        raise
    except Exception:  # noqa: BLE001 (python-docx fails in many ways on a damaged package; all mean the same)
        raise Unreadable(DAMAGED) from None
    try:
        sections = ["\n".join(blocks(document.element.body))]
        sections += _headers_and_footers(document)
        sections += _notes(document.part, RT.FOOTNOTES, _W + "footnote")
        sections += _notes(document.part, RT.ENDNOTES, _W + "endnote")
    except (KeyError, ValueError, etree.LxmlError):
        raise Unreadable(DAMAGED) from None
    return "\n\n".join(text for text in sections if text.strip()), document
