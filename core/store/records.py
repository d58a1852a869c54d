"""What the store keeps per document, prepared without touching the database (so it can be
computed in worker processes): compressed text, simhash blocks, fingerprints, sentence hashes."""

from __future__ import annotations

import hashlib
import re
import zlib
from dataclasses import dataclass
from datetime import UTC, datetime

import numpy as np

from core.engine.normalize import units
from core.engine.profile import Profile
from core.models import ArchiveEntry, Document
from core.vectors import SentenceVectors

LONGEST_SENTENCES = 8  # sentences per archived document in the exact-sentence index
MIN_SENTENCE_UNITS = {"zh": 12, "en": 8}  # shorter sentences are stock phrases, not evidence
_SENTENCE_END = re.compile(r"[。！？!?；;\n\r]+|(?<=[a-z0-9\"'”)])[.](?=\s|$)", re.IGNORECASE)
_MASK64 = (1 << 64) - 1


def signed64(value: int) -> int:
    """An unsigned 64-bit value as the signed integer both databases store."""
    value = int(value) & _MASK64
    return value - (1 << 64) if value >= 1 << 63 else value


def unsigned64(value: int) -> int:
    return int(value) & _MASK64


def blocks(simhash: int) -> tuple[int, int, int, int]:
    """The four 16-bit blocks of a 64-bit simhash (Manku et al. 2007): two fingerprints within
    Hamming distance 3 agree on at least one whole block (pigeonhole)."""
    value = unsigned64(simhash)
    return tuple((value >> (16 * i)) & 0xFFFF for i in range(4))  # type: ignore[return-value]


def sentence_hashes(text: str, lang: str, longest: int | None = None, u=None) -> list[int]:
    """Hashes (signed 64-bit) of the sentences of `text` with at least MIN_SENTENCE_UNITS units,
    each over its folded units (so case, width and punctuation inside do not matter); the
    `longest` longest only when given, longest first. `u`: the text's units, when known."""
    u = units(text) if u is None else u
    minimum = MIN_SENTENCE_UNITS.get(lang, 8)
    bounds = [0]
    for m in _SENTENCE_END.finditer(text):
        bounds += [m.start(), m.end()]
    bounds.append(len(text))
    starts = np.searchsorted(u.starts, np.array(bounds[0::2], dtype=np.int64), "left")
    ends = np.searchsorted(u.starts, np.array(bounds[1::2], dtype=np.int64), "left")
    spans = [(lo, hi) for lo, hi in zip(starts.tolist(), ends.tolist()) if hi - lo >= minimum]
    if longest is not None:  # only the longest are hashed (a stable sort: ties in text order)
        spans = sorted(spans, key=lambda span: span[0] - span[1])[:longest]
    hashes = u.hashes.astype("<u8")
    seen, out = set(), []
    for lo, hi in spans:
        digest = hashlib.blake2b(hashes[lo:hi].tobytes(), digest_size=8).digest()
        h = signed64(int.from_bytes(digest, "little"))
        if h not in seen:
            seen.add(h)
            out.append(h)
    return out


def now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


@dataclass(frozen=True, slots=True)
class NewDocument:
    """One document ready to be written: every column of `documents`, plus its postings."""

    sha256: str | None
    name: str
    path: str
    size: int
    format: str
    label: str
    added: str
    chars: int
    text_key: str
    lang: str
    text: bytes  # zlib-compressed
    simhash: int  # signed
    blocks: tuple[int, int, int, int]
    fp_hashes: bytes
    fp_units: bytes
    postings: bytes  # distinct fingerprints (int64 little-endian), in-document repeats dropped
    sentences: tuple[int, ...]
    semantic: SentenceVectors | None = None  # the semantic layer's sentences, when embedded


def prepare(document: Document, profile: Profile | None, *, label: str = "", size: int = 0,
            max_repeats: int = 8, added: str | None = None) -> NewDocument:
    """The record of `document` (profiled with the store's options; None: text only, as a
    saved check keeps it)."""
    if profile is None:
        return record_of(document, "", None, None, None, 0, label=label, size=size, added=added)
    return record_of(document, profile.lang, profile.units, profile.fp_hashes, profile.fp_units,
                     profile.simhash, label=label, size=size, max_repeats=max_repeats, added=added)


def record_of(document: Document, lang: str, u, fp_hashes: np.ndarray | None,
              fp_units: np.ndarray | None, simhash: int, *, label: str = "", size: int = 0,
              max_repeats: int = 8, added: str | None = None) -> NewDocument:
    """The record of `document` from its units, winnowed fingerprints and simhash (those of
    `core.engine.profile`); without fingerprints, the text only."""
    if fp_hashes is not None:
        uniq, counts = np.unique(fp_hashes, return_counts=True)
        postings = uniq[counts <= max_repeats].astype("<u8").tobytes()
        hashes_blob = fp_hashes.astype("<u8").tobytes()
        units_blob = fp_units.astype("<i4").tobytes()
        sentences = tuple(sentence_hashes(document.text, lang, LONGEST_SENTENCES, u))
    else:
        postings, hashes_blob, units_blob, sentences = b"", b"", b"", ()
    return NewDocument(
        sha256=document.sha256 or None, name=document.name, path=document.path,
        size=size or len(document.text.encode("utf-8", "surrogatepass")), format=document.format,
        label=label, added=added or now(), chars=len(document.text), text_key=document.key,
        lang=lang, text=compress(document.text), simhash=signed64(simhash),
        blocks=blocks(simhash), fp_hashes=hashes_blob, fp_units=units_blob, postings=postings,
        sentences=sentences,
    )


def compress(text: str) -> bytes:
    return zlib.compress(text.encode("utf-8", "surrogatepass"), 6)


#: No stored text inflates past this, whatever its row says (a check's default limit is 5 M
#: characters, 20 MB at most in UTF-8): a blob from a hostile file never costs more memory.
MAX_TEXT_BYTES = 64 << 20
_UTF8_MAX = 4  # bytes per code point (a surrogate kept by surrogatepass takes 3)


class DamagedText(ValueError):
    """A stored text that cannot be what its row says (bad zlib, too long, not UTF-8)."""


def decompress(data: bytes, chars: int | None = None) -> str:
    """A stored text, inflated with a bound: at most 4 bytes per character the row says it has
    (`chars`, when known) and never past MAX_TEXT_BYTES; DamagedText when the blob is not a
    complete zlib stream, inflates past the bound, is not UTF-8 or has another length."""
    limit = MAX_TEXT_BYTES if chars is None else min(MAX_TEXT_BYTES, _UTF8_MAX * max(int(chars), 0))
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(bytes(data), limit + 1)
    except zlib.error as exc:
        raise DamagedText(f"its text is not a valid zlib stream ({exc})") from None
    if len(raw) > limit or inflater.unconsumed_tail:
        raise DamagedText(f"its text inflates past {limit:,} bytes"
                          + (f" ({chars:,} characters stored)" if chars is not None else ""))
    if not inflater.eof:
        raise DamagedText("its text is a truncated zlib stream")
    try:
        text = raw.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError as exc:
        raise DamagedText(f"its text is not UTF-8 (byte {exc.start})") from None
    if chars is not None and len(text) != int(chars):
        raise DamagedText(f"its text has {len(text):,} characters, the row says {int(chars):,}")
    return text


@dataclass(frozen=True, slots=True)
class ArchivedDocument:
    """An archived document's metadata (its text is read separately)."""

    id: int
    name: str
    path: str
    sha256: str
    size: int
    format: str
    label: str
    added: str
    chars: int
    simhash: int  # unsigned

    @property
    def entry(self) -> ArchiveEntry:
        return ArchiveEntry(self.id, self.label, self.added)

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "path": self.path, "sha256": self.sha256,
                "size": self.size, "format": self.format, "label": self.label,
                "added": self.added, "chars": self.chars, "simhash": f"{self.simhash:016x}"}
