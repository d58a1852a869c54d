"""Checks a .docx container before any library unpacks it: a real zip, not encrypted, no zip bomb.

The sizes a zip declares are checked first (no inflating at all); then every member is
inflated in bounded chunks, counting the bytes and never going past what it declared, so
a zip whose declared sizes lie is caught a few kilobytes in instead of gigabytes.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib

from core.loaders.reasons import Unreadable

MAX_MEMBERS = 10_000
MAX_TOTAL = 256 * 2**20  # bytes all members may unpack to together
MAX_RATIO = 100  # unpacked / packed, checked for members that unpack to more than RATIO_FLOOR
RATIO_FLOOR = 8 * 2**20
CHUNK = 64 * 1024
# A damaged member may inflate to a little more than it declares; one that goes this far
# past its claim is made to deceive.
BOMB_SLACK = 2**20

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# Reasons, as codes of core.messages (the words in English and Chinese are there).
NOT_A_ZIP, TRUNCATED, DAMAGED = "docx.not_zip", "docx.truncated", "docx.unpack_damaged"
PASSWORD, BOMB, BOMB_RATIO = "docx.password", "docx.bomb", "docx.bomb_ratio"
BOMB_LIES, OLD_DOC = "docx.bomb_lies", "docx.old_doc"

_LOCAL_HEADER = struct.Struct("<4s22xHH")  # signature, ..., name length, extra length


def open_checked(data: bytes) -> zipfile.ZipFile:
    """The bytes of a .docx opened as a zip, after the checks; raises Unreadable."""
    if data.startswith(OLE_MAGIC):
        raise Unreadable(_ole_reason(data))
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError, struct.error):
        raise Unreadable(TRUNCATED if data.startswith(b"PK\x03\x04") else NOT_A_ZIP) from None
    except NotImplementedError:  # a zip feature newer than any Word document uses
        raise Unreadable(DAMAGED) from None
    infos = archive.infolist()
    check_declared(infos, len(data))
    check_inflated(data, infos)
    return archive


def _ole_reason(data: bytes) -> str:
    """Word puts a password-protected .docx in an OLE container with an EncryptionInfo stream."""
    if "EncryptionInfo".encode("utf-16-le") in data:
        return PASSWORD
    return OLD_DOC


def check_declared(infos: list[zipfile.ZipInfo], packed_size: int) -> None:
    """Refuse by the sizes the zip's directory declares, before inflating anything."""
    if len(infos) > MAX_MEMBERS:
        raise Unreadable("docx.too_many_parts", count=f"{len(infos):,}")
    if any(info.flag_bits & 0x1 for info in infos):
        raise Unreadable(PASSWORD)
    total = sum(info.file_size for info in infos)
    if total > MAX_TOTAL:
        raise Unreadable(BOMB, size=_size(total))
    for info in infos:
        if info.file_size > RATIO_FLOOR and info.file_size > MAX_RATIO * max(info.compress_size, 1):
            raise Unreadable(BOMB_RATIO, size=_size(info.file_size), packed=_size(info.compress_size))
    if total > RATIO_FLOOR and total > MAX_RATIO * max(packed_size, 1):
        raise Unreadable(BOMB_RATIO, size=_size(total), packed=_size(packed_size))


def check_inflated(data: bytes, infos: list[zipfile.ZipInfo]) -> None:
    """Inflate every member in bounded chunks, refusing one that yields other than it declared.

    Inflating stops a little past the declared size (the first such member ends the check),
    so with check_declared all inflating is bounded by MAX_TOTAL + BOMB_SLACK.
    """
    for info in infos:
        packed = _member_bytes(data, info)
        if info.compress_type == zipfile.ZIP_STORED:
            if len(packed) != info.file_size:
                raise Unreadable(DAMAGED)
        elif info.compress_type == zipfile.ZIP_DEFLATED:
            produced = _inflated_size(packed, info.file_size + BOMB_SLACK + 1)
            if produced > info.file_size + BOMB_SLACK:
                raise Unreadable(BOMB_LIES)
            if produced != info.file_size:
                raise Unreadable(DAMAGED)
        else:
            raise Unreadable("docx.compression")


def _member_bytes(data: bytes, info: zipfile.ZipInfo) -> bytes:
    """The packed bytes of one member, found through its local header."""
    start = info.header_offset
    header = data[start : start + _LOCAL_HEADER.size]
    if len(header) < _LOCAL_HEADER.size:
        raise Unreadable(TRUNCATED)
    signature, name_len, extra_len = _LOCAL_HEADER.unpack(header)
    if signature != b"PK\x03\x04":
        raise Unreadable(DAMAGED)
    begin = start + _LOCAL_HEADER.size + name_len + extra_len
    end = begin + info.compress_size
    if end > len(data):
        raise Unreadable(TRUNCATED)
    return data[begin:end]


def _inflated_size(packed: bytes, limit: int) -> int:
    """How many bytes raw-deflate data inflates to, counting no further than `limit`."""
    inflater = zlib.decompressobj(-zlib.MAX_WBITS)
    produced = 0
    try:
        for offset in range(0, len(packed), CHUNK):
            pending = packed[offset : offset + CHUNK]
            while pending and produced < limit:
                produced += len(inflater.decompress(pending, min(CHUNK, limit - produced)))
                pending = inflater.unconsumed_tail
            if produced >= limit or inflater.eof:
                return produced
        while produced < limit and not inflater.eof:
            out = inflater.decompress(b"", min(CHUNK, limit - produced))
            if not out:
                break
            produced += len(out)
    except zlib.error:
        raise Unreadable(DAMAGED) from None
    return produced


def _size(n: int) -> str:
    if n >= 2**30:
        return f"{n / 2**30:.1f} GB"
    if n >= 2**20:
        return f"{n / 2**20:.1f} MB"
    return f"{max(n, 1) / 2**10:.0f} KB"
