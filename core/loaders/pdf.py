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

from core.loaders import pdfguard
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
    if b"%PDF-" not in data[:1024]:
        raise Unreadable(NOT_PDF)
    if b"%%EOF" not in data:
        raise Unreadable(TRUNCATED)
    try:
        with pdfguard.inflate_budget():
            pages = _page_texts(data)
    except pdfguard.InflateLimit:
        raise Unreadable(BOMB) from None
    except PDFEncryptionError:
        raise Unreadable(ENCRYPTED) from None
    except RecursionError:
        raise Unreadable(LOOPS) from None
    except MemoryError:
        raise
    except Exception:  # pdfminer raises many kinds of error on malformed files
        raise Unreadable(DAMAGED) from None
    if not pages:
        raise Unreadable(NO_PAGES)
    text = "\n\n".join(page for page in pages if page)
    if not text.strip():
        raise Unreadable(NO_TEXT)
    if "\ufffd" in text and not _WORD.search(text):
        raise Unreadable(NO_CHARACTER_MAP)
    return text


def _page_texts(data: bytes) -> list[str]:
    """Each page's text, laid out by pdfminer, without its trailing white space."""
    document = pdfguard.GuardedDocument(PDFParser(io.BytesIO(data)))
    resources = PDFResourceManager(caching=True)
    buffer = io.StringIO()
    device = TextConverter(resources, buffer, laparams=LAParams())
    interpreter = PDFPageInterpreter(resources, device)
    pages = []
    try:
        for page in PDFPage.create_pages(document):
            interpreter.process_page(page)
            text = buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
            pages.append(_CID.sub("\ufffd", text).replace("\f", "\n\n").rstrip())
    finally:
        device.close()
    return pages
