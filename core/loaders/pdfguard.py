"""Bounds on what pdfminer.six does for one file: no endless reference chains, no inflating bombs.

pdfminer follows a reference to a reference without limit (a 2-object cycle hangs it),
inflates every Flate stream with an unbounded `zlib.decompress`, and recovers a stream with
a bad checksum one byte at a time with quadratic copying. `GuardedDocument` stops the
cycles; `install()` points pdfminer's stream decoding at bounded versions and its page
interpreter at a content parser that charges the read budget (core/loaders/budget.py) for every
piece of page content it reads, each time a page uses it; `inflate_budget()` caps the total one
extraction may inflate (per thread).
"""

from __future__ import annotations

import types
import zlib
from contextlib import contextmanager
from contextvars import ContextVar

from pdfminer import pdfinterp, pdftypes
from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfexceptions import PDFObjectNotFound
from pdfminer.pdftypes import PDFObjRef

from core.loaders import budget

MAX_STREAM = 64 * 2**20  # one stream; page contents are kilobytes, embedded fonts a few MB
MAX_TOTAL = 512 * 2**20  # everything one document inflates
CHUNK = 64 * 1024

_budget: ContextVar[list[int] | None] = ContextVar("plagscope_pdf_inflate_budget", default=None)


class InflateLimit(Exception):
    """A stream (or the whole file) would inflate past the limits; not a zlib.error, so it is not retried."""


class GuardedDocument(PDFDocument):
    """A PDFDocument where a chain of references that loops back (`1 0 obj 2 0 R`, `2 0 obj 1 0 R`)
    reads as a missing object, which pdfminer already tolerates."""

    def getobj(self, objid: int) -> object:
        obj = super().getobj(objid)
        seen = {objid}
        while isinstance(obj, PDFObjRef):
            if obj.objid in seen:
                raise PDFObjectNotFound(objid)
            seen.add(obj.objid)
            obj = super().getobj(obj.objid)
        return obj


class BudgetedContentParser(pdfinterp.PDFContentParser):
    """pdfminer's page content parser, charging the read budget for the content it is given
    before it interprets any: a page costs what its content holds, however often a stream
    is reused, and a page over the budget is refused before its work starts."""

    def __init__(self, streams) -> None:
        size = 0
        for stream in streams:
            try:
                size += len(pdftypes.stream_value(stream).get_data())
            except InflateLimit:
                raise
            except Exception:  # noqa: BLE001, S112 (pdfminer says what is wrong with it when it reads it)
                continue
        budget.spend_content(size)
        super().__init__(streams)


@contextmanager
def inflate_budget(total: int = MAX_TOTAL):
    """Within this block (in this thread) pdfminer inflates at most `total` bytes in all."""
    token = _budget.set([total])
    try:
        yield
    finally:
        _budget.reset(token)


def _room() -> int:
    budget = _budget.get()
    return MAX_STREAM if budget is None else max(0, min(MAX_STREAM, budget[0]))


def _spend(produced: int, room: int) -> None:
    if produced > room:
        raise InflateLimit()
    budget = _budget.get()
    if budget is not None:
        budget[0] -= produced


def bounded_decompress(data: bytes, wbits: int = zlib.MAX_WBITS, bufsize: int = zlib.DEF_BUF_SIZE) -> bytes:
    """zlib.decompress that raises InflateLimit instead of inflating past the room left."""
    room = _room()
    inflater = zlib.decompressobj(wbits)
    out = inflater.decompress(data, room + 1)
    _spend(len(out), room)
    if not inflater.eof:
        raise zlib.error("incomplete or truncated stream")  # as zlib.decompress says
    return out


def bounded_decompress_corrupted(data: bytes) -> bytes:
    """pdfminer's recovery for a stream whose checksum is bad: the output up to the damage,
    if the damage is within the last 3 bytes (the checksum); chunk by chunk, bounded."""
    room = _room()
    inflater = zlib.decompressobj()
    pieces: list[bytes] = []
    produced = 0
    for offset in range(0, len(data), CHUNK):
        saved = inflater.copy()
        try:
            piece = inflater.decompress(data[offset : offset + CHUNK], room + 1 - produced)
        except zlib.error:
            inflater = saved  # find the failing byte within this chunk
            for i in range(offset, min(offset + CHUNK, len(data))):
                try:
                    piece = inflater.decompress(data[i : i + 1], room + 1 - produced)
                except zlib.error:
                    if i < len(data) - 3:
                        raise
                    _spend(produced, room)
                    return b"".join(pieces)
                produced += len(piece)
                pieces.append(piece)
                if produced > room:
                    _spend(produced, room)
            continue
        produced += len(piece)
        pieces.append(piece)
        if produced > room or inflater.unconsumed_tail:
            _spend(room + 1, room)
    _spend(produced, room)
    return b"".join(pieces)


def install() -> None:
    """Point pdfminer's stream decoding at the bounded versions (idempotent)."""
    shim = types.SimpleNamespace(**{name: getattr(zlib, name) for name in dir(zlib) if name[0] != "_"})
    shim.decompress = bounded_decompress
    pdftypes.zlib = shim
    pdftypes.decompress_corrupted = bounded_decompress_corrupted
    pdfinterp.PDFContentParser = BudgetedContentParser
