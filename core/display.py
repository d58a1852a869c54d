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

__all__ = ["BIDI_CONTROLS", "FSI", "PDI", "has_rtl", "safe_name", "spreadsheet_cell"]

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


# Characters a spreadsheet takes as the start of a formula (= + - @), or that it strips in
# front of one (tab, carriage return, line feed).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")
# Where a spreadsheet may split one CSV cell into several: the separators of every locale
# (comma; semicolon where the comma is the decimal mark; tab) and line breaks.
_CELL_SPLITS = (",", ";", "\t", "\r", "\n")


def spreadsheet_cell(text: str) -> str:
    """`text` made inert as a spreadsheet cell (CSV injection): no part of it can run as a formula.

    A cell starting with = + - @ (after any spaces) gets a leading apostrophe, and so does
    every piece after a comma, semicolon, tab or line break, because a spreadsheet
    opened in a locale whose list separator is ";" (most of Europe) or that guesses the
    separator splits the cell there, whatever the CSV quoting says. Names are shown safely
    (`safe_name`): control characters and direction overrides become visible escapes.
    """
    text = safe_name(text)
    out: list[str] = []
    start = 0
    for i, ch in enumerate(text):
        if ch in _CELL_SPLITS:
            out.append(_inert(text[start:i]) + ch)
            start = i + 1
    out.append(_inert(text[start:]))
    return "".join(out)


def _inert(piece: str) -> str:
    return "'" + piece if piece.lstrip(" ").startswith(_FORMULA_START) else piece
