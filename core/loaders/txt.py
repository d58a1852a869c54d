"""Plain-text files: find the encoding, decode, and remove only a byte-order mark.

Nothing else changes (no newline conversion), so character offsets match the file.
"""

from __future__ import annotations

import codecs
import re

from charset_normalizer import from_bytes

from core.loaders.reasons import Unreadable

BINARY = "txt.binary"  # a code of core.messages

_BOMS = (  # longest first: the UTF-32 LE mark begins with the UTF-16 LE one
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# Tried first when a file is not UTF-8; GB18030 covers GBK and GB2312.
_LIKELY = ["gb18030", "big5", "cp1252"]
_GARBLED = 0.1  # charset-normalizer's "chaos" above which a decoding looks wrong
# When charset-normalizer finds several encodings equally plausible, the common ones win:
# a Western single-byte file is far more often cp1252 than cp1250 or cp1257.
_PREFERRED = ("utf_8", "gb18030", "big5", "cp1252", "utf_16_le", "utf_16_be", "shift_jis", "euc_kr")

# C0 control characters that do not occur in text (tab, newlines, form feed, ^Z and ESC do).
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x19\x1c-\x1f\x7f]")
_SAMPLE = 1 << 16


def extract(data: bytes) -> str:
    """The text of a .txt file's bytes; raises Unreadable when they are not text."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return _checked(_strict(data[len(bom) :], encoding))
    if b"\x00" in data:
        return _checked(_utf16_without_bom(data))
    try:
        return _checked(data.decode("utf-8"))
    except UnicodeDecodeError:
        pass
    return _checked(_mostly_utf8(data) or _guess(data))


def _strict(data: bytes, encoding: str) -> str:
    """Decode text whose byte-order mark names its encoding; bad bytes mean damage."""
    try:
        return data.decode(encoding)
    except UnicodeDecodeError:
        name = "-".join(encoding.upper().split("-")[:2])
        raise Unreadable("txt.bad_bom", encoding=name) from None


def _utf16_without_bom(data: bytes) -> str:
    """UTF-16 without a mark, told from binary by what its NUL bytes decode to.

    ASCII characters in UTF-16 are a NUL and the ASCII byte, so real text decodes (in the
    right byte order) to characters that include spaces or line breaks and no U+0000;
    binary junk and NUL-padded 8-bit text do not.
    """
    if len(data) % 2:
        raise Unreadable(BINARY)
    best: tuple[int, str] | None = None
    for encoding in ("utf-16-le", "utf-16-be"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        sample = text[: _SAMPLE // 2]
        spaces = sum(sample.count(ch) for ch in " \t\r\n")
        if "\x00" in sample or not spaces:
            continue
        if best is None or spaces > best[0]:
            best = (spaces, text)
    if best is None:
        raise Unreadable(BINARY)
    return best[1]


def _mostly_utf8(data: bytes) -> str | None:
    """UTF-8 with a few damaged bytes (a file cut mid-character, one stray byte), or None.

    Text in another encoding has almost no valid multi-byte UTF-8 sequences, so at least
    100 good non-ASCII characters per bad byte tells damaged UTF-8 apart from it.
    """
    text = data.decode("utf-8", errors="replace")
    bad = text.count("\ufffd")
    good = len(text) - len(text.encode("ascii", "ignore")) - bad
    return text if good >= 100 * bad else None


def _guess(data: bytes) -> str:
    """Decode bytes that are not UTF-8 with the encoding charset-normalizer finds likeliest.

    The encodings Chinese and English essays come in are asked about first, and win unless
    their text looks garbled: left to itself, charset-normalizer reads short GBK or cp1252
    snippets as Korean or Central European.
    """
    for candidates in (_LIKELY, None):
        matches = list(from_bytes(data, cp_isolation=candidates))
        if not matches:
            continue
        best = min(matches, key=lambda m: (m.chaos, -m.coherence))
        if candidates is not None and best.chaos > _GARBLED:
            continue
        ties = [m for m in matches if m.chaos <= best.chaos + 0.01 and m.coherence >= best.coherence - 0.05]
        ties.sort(key=lambda m: _PREFERRED.index(m.encoding) if m.encoding in _PREFERRED else len(_PREFERRED))
        encoding = ties[0].encoding
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            # charset-normalizer judges from samples; a stray bad byte elsewhere becomes U+FFFD.
            return data.decode(encoding, errors="replace")
    raise Unreadable(BINARY)


def _checked(text: str) -> str:
    """`text` unless it is full of control characters, which text files never contain."""
    sample = text[:_SAMPLE]
    controls = len(_CONTROL.findall(sample))
    if "\x00" in sample or controls > max(2, len(sample) // 100):
        raise Unreadable(BINARY)
    return text
