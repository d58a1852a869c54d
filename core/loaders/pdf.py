"""PDF files: the text layer in reading order (pdfminer.six), pages separated by a blank line."""

from __future__ import annotations

import io
import logging
import re

from pdfminer.converter import TextConverter
from pdfminer.layout import LAParams
from pdfminer.pdfdocument import PDFEncryptionError
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser

from core.loaders import budget, pdfguard
from core.loaders.pdf_layout import Collector
from core.loaders.reasons import Unreadable

pdfguard.install()

# pdfminer logs a warning for every oddity of every file; a teacher gets the one-line reason.
logging.getLogger("pdfminer").setLevel(logging.CRITICAL)

# Reasons, as codes of core.messages (the words in English and Chinese are there).
NOT_PDF, TRUNCATED, ENCRYPTED = "pdf.not_pdf", "pdf.truncated", "pdf.encrypted"
NO_TEXT, DAMAGED, NO_CHARACTER_MAP = "pdf.no_text", "pdf.damaged", "pdf.no_cmap"
LOOPS, BOMB, NO_PAGES = "pdf.loops", "pdf.bomb", "pdf.no_pages"

# Glyphs whose font has no map to Unicode come out as "(cid:123)": they are no text.
_CID = re.compile(r"\(cid:\d+\)")
_WORD = re.compile(r"[^\W_]")


def extract(data: bytes) -> str:
    """The text of a PDF file's bytes; raises Unreadable when it has none that can be read."""
    return _extract(data)


def extract_with_layout(data: bytes):
    """(text, Layout or None): the text as `extract` gives it, and the block quotes,
    superscripts and headings its page layout shows (core.loaders.pdf_layout)."""
    collector = Collector()
    text = _extract(data, collector.converter)
    return text, collector.layout(text)


def _extract(data: bytes, converter=TextConverter) -> str:
    if b"%PDF-" not in data[:1024]:
        raise Unreadable(NOT_PDF)
    if b"%%EOF" not in data:
        raise Unreadable(TRUNCATED)
    try:
        with pdfguard.inflate_budget():
            pages = _page_texts(data, converter)
    except pdfguard.InflateLimit:
        raise Unreadable(BOMB) from None
    except PDFEncryptionError:
        raise Unreadable(ENCRYPTED) from None
    except RecursionError:
        raise Unreadable(LOOPS) from None
    except (MemoryError, Unreadable):  # Unreadable: over the read budget (core/loaders/budget.py)
        raise
    except Exception:  # noqa: BLE001 (pdfminer raises many kinds of error on malformed files)
        raise Unreadable(DAMAGED) from None
    if not pages:
        raise Unreadable(NO_PAGES)
    text = as_written(pages)
    if not text.strip():
        raise Unreadable(NO_TEXT)
    if "\ufffd" in text and not _WORD.search(text):
        raise Unreadable(NO_CHARACTER_MAP)
    return text


# Text as written, not as typeset: running headers, footers and page numbers dropped, the
# lines of a paragraph (a text box of pdfminer's layout) joined, a word hyphenated at a line
# end rejoined, a paragraph broken by a page joined again. pdfminer's layout already reads a
# two-column page column by column (each column is its own run of text boxes).
_PAGE_NUMBER = re.compile(
    r"^\s*(?:[-–—]\s*)?(?:(?:page|p\.)\s*)?\d{1,4}(?:\s*(?:/|of)\s*\d{1,4})?(?:\s*[-–—])?\s*$"
    r"|^\s*第\s*\d{1,4}\s*页(?:\s*[/，,]?\s*共\s*\d{1,4}\s*页)?\s*$", re.IGNORECASE)
_CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]")
_SENTENCE_END = re.compile(r"[.!?。！？…:：;；\"”’』」)）]\s*$")


def _shape(line: str) -> str:
    """A line with its digits hidden: running headers differ only in their page numbers."""
    return re.sub(r"\d+", "#", line.strip())


def _boxes(text: str) -> list[list[str]]:
    """A page's text boxes (runs of non-blank lines), each a list of its lines."""
    boxes, box = [], []
    for line in text.split("\n") + [""]:
        if line.strip():
            box.append(line.strip())
        elif box:
            boxes.append(box)
            box = []
    return boxes


def _edges(boxes: list[list[str]]) -> list[int]:
    """Indexes of the one-line boxes that open or close a page (where running heads sit)."""
    ends = {i for i in (0, 1, len(boxes) - 2, len(boxes) - 1) if 0 <= i < len(boxes)}
    return sorted(i for i in ends if len(boxes[i]) == 1)


def _running(pages: list[list[list[str]]]) -> set[str]:
    """Shapes of the one-line boxes that open or close most pages (running heads and feet)."""
    if len(pages) < 2:
        return set()
    counts: dict[str, int] = {}
    for boxes in pages:
        for shape in {_shape(boxes[i][0]) for i in _edges(boxes)}:
            counts[shape] = counts.get(shape, 0) + 1
    return {shape for shape, n in counts.items() if n >= max(2, (len(pages) + 1) // 2)}


def _join(left: str, right: str) -> str:
    """Two pieces of one paragraph: a hyphen at a line end rejoins the word, CJK joins with
    nothing, the rest with a space."""
    left, right = left.rstrip(), right.lstrip()
    if not left or not right:
        return left + right
    if left.endswith("-") and len(left) > 1 and left[-2].isalpha() and right[:1].islower():
        return left[:-1] + right
    if _CJK.match(left[-1]) or _CJK.match(right[0]):
        return left + right
    return left + " " + right


def as_written(page_texts: list[str]) -> str:
    """Page texts (pdfminer's, boxes separated by blank lines) as the text was written."""
    pages = [_boxes(text) for text in page_texts]
    running = _running(pages)
    paragraphs: list[str] = []
    for p, boxes in enumerate(pages):
        edges = set(_edges(boxes))
        kept = []
        for i, box in enumerate(boxes):
            if i in edges and (_PAGE_NUMBER.match(box[0]) or _shape(box[0]) in running):
                continue  # a running head or foot, or a page number
            text = box[0]
            for line in box[1:]:
                text = _join(text, line)
            kept.append(text)
        if kept and paragraphs and p and not _SENTENCE_END.search(paragraphs[-1]):
            paragraphs[-1] = _join(paragraphs[-1], kept.pop(0))  # a paragraph across pages
        paragraphs.extend(kept)
    return "\n\n".join(paragraphs)


def _page_texts(data: bytes, converter=TextConverter) -> list[str]:
    """Each page's text, laid out by pdfminer, without its trailing white space (`converter`
    makes the text device: a TextConverter, or pdf_layout's, which also keeps the layout)."""
    document = pdfguard.GuardedDocument(PDFParser(io.BytesIO(data)))
    resources = PDFResourceManager(caching=True)
    buffer = io.StringIO()
    device = converter(resources, buffer, laparams=LAParams())
    interpreter = PDFPageInterpreter(resources, device)
    pages = []
    try:
        for page in PDFPage.create_pages(document):
            budget.check()
            interpreter.process_page(page)
            text = buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
            pages.append(_CID.sub("\ufffd", text).replace("\f", "\n\n").rstrip())
    finally:
        device.close()
    return pages
