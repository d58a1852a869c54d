"""Showing file names and paths safely: in a terminal, a table cell, a report.

A file name is whatever bytes the file system holds. Printed as-is it can retitle or recolor a
terminal (ANSI / OSC escape sequences), break a line or a table (control characters), crash an
encoder (bytes that are not valid UTF-8 reach Python as lone surrogates), or reorder the rest
of the line (a right-to-left override). `safe_name` returns a string that shows all of it and
can do none of that. Use it wherever a name or path is *shown*; keep the real name wherever it
is *stored* (JSON, saved checks, the path used to open the file).

Example: a name holding ESC ] 0 ; x BEL shows as `\\x1b]0;x\\x07`.
"""

from __future__ import annotations

import os
import unicodedata

__all__ = ["BIDI_CONTROLS", "FSI", "PDI", "has_rtl", "safe_name"]

FSI, PDI = "\u2068", "\u2069"  # first-strong isolate ... pop directional isolate

# Explicit directional formatting characters: embeddings, overrides, isolates and marks.
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e"  # LRE RLE PDF LRO RLO
    "\u2066\u2067\u2068\u2069"  # LRI RLI FSI PDI
    "\u200e\u200f\u061c"  # LRM RLM ALM
)
# Characters that end or separate lines besides the C0/C1 controls.
_LINE_BREAKS = frozenset("\u2028\u2029\u0085")


def _escape(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte carried by surrogateescape
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def _unsafe(ch: str) -> bool:
    if ch in BIDI_CONTROLS or ch in _LINE_BREAKS:
        return True
    category = unicodedata.category(ch)
    return category in ("Cc", "Cs")  # controls (C0, DEL, C1) and lone surrogates


def has_rtl(text: str) -> bool:
    """True when `text` holds a strong right-to-left character (Hebrew, Arabic, ...)."""
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def safe_name(name: str | bytes | os.PathLike, *, isolate: bool = True) -> str:
    """`name` made safe to show: a printable string that cannot change what is around it.

    - Control characters (C0 including ESC, DEL, C1), line and paragraph separators and the
      explicit bidirectional controls (LRO, RLO, LRI, ..., LRM, RLM) become visible escapes
      (``\\x1b``, ``\\u202e``), so no escape sequence reaches a terminal and no override
      reorders a line.
    - Bytes that are not valid UTF-8 (str from ``os.fsdecode``, carrying them as lone
      surrogates, or the raw bytes) show as ``\\xNN``; other lone surrogates as ``\\udXXX``.
      The result always encodes to UTF-8.
    - A name with right-to-left letters is wrapped in FSI ... PDI (``isolate=True``), so it
      keeps its own direction without reordering the text beside it. Pass ``isolate=False``
      where the output isolates by itself (HTML ``<bdi>`` or ``dir="auto"``, a Qt label).

    Everything else, Chinese included, is unchanged. A backslash stays a backslash (Windows
    paths), so an escape can be told from a literal backslash only by context.
    """
    if isinstance(name, os.PathLike):
        name = os.fspath(name)
    if isinstance(name, bytes):
        name = name.decode("utf-8", "surrogateescape")
    name = str(name)
    shown = "".join(_escape(ch) if _unsafe(ch) else ch for ch in name)
    if isolate and has_rtl(shown):
        shown = FSI + shown + PDI
    return shown
