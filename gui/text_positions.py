"""Python code-point offsets -> QTextDocument positions, for text shown with setPlainText.

Python counts code points; a QTextDocument counts UTF-16 code units and stores every line
break as one paragraph separator (U+2029). Measured on PySide6 6.11/6.12 (see
tests/gui/test_text_positions.py, which checks each rule against a real QTextDocument):

- a code point above U+FFFF (emoji, CJK Extension B such as U+20000) takes 2 positions;
- `\\r\\n` becomes one separator, so the `\\n` of such a pair takes 0 positions;
- a lone `\\r`, `\\n`, U+2029, U+FDD0 and U+FDD1 each become one separator (1 position);
- U+2028, form feed, vertical tab, NEL, NUL, tabs and lone surrogates stay as 1 position;
- the str -> QString conversion drops a U+FEFF at the very start of a string and byte-swaps
  the whole string after a leading U+FFFE, so `qt_input` guards those with a sacrificial BOM.

Pure Python and numpy (no Qt), so it is unit-testable on its own.
"""

from __future__ import annotations

import re

import numpy as np

PARAGRAPH_SEPARATOR = "\u2029"
_BOM = "\ufeff"
_SEPARATORS = re.compile("\r\n|[\r\n\u2029\ufdd0\ufdd1]")


def qt_input(text: str) -> str:
    """The string to hand to setPlainText so that the document holds exactly `text`."""
    if text[:1] in ("\ufeff", "\ufffe"):
        return _BOM + text
    return text


def qt_plain(text: str) -> str:
    """`text` as a QTextDocument stores it (what QTextCursor.selectedText returns)."""
    return _SEPARATORS.sub(PARAGRAPH_SEPARATOR, text)


def _code_points(text: str) -> np.ndarray:
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype="<u4")


class PositionMap:
    """Converts code-point offsets of one text to Qt positions and back, vectorized."""

    def __init__(self, text: str):
        cps = _code_points(text)
        widths = np.where(cps > 0xFFFF, 2, 1).astype(np.int64)
        if cps.size > 1:
            widths[1:][(cps[1:] == 0x0A) & (cps[:-1] == 0x0D)] = 0
        # _offsets[i] = Qt position of code point i; _offsets[len(text)] = the document length.
        self._offsets = np.zeros(cps.size + 1, dtype=np.int64)
        np.cumsum(widths, out=self._offsets[1:])

    def __len__(self) -> int:
        """Number of code points mapped (the Python length of the text)."""
        return self._offsets.size - 1

    @property
    def qt_length(self) -> int:
        """The Qt length of the text: QTextDocument.characterCount() - 1 after setPlainText."""
        return int(self._offsets[-1])

    def to_qt(self, index: int) -> int:
        """The Qt position of code-point offset `index` (0 <= index <= len(text))."""
        if not 0 <= index < self._offsets.size:
            raise IndexError(f"offset {index} outside 0..{self._offsets.size - 1}")
        return int(self._offsets[index])

    def to_qt_array(self, indexes) -> np.ndarray:
        """Qt positions for an array of code-point offsets (each in 0..len(text))."""
        idx = np.asarray(indexes, dtype=np.int64)
        if idx.size and (idx.min() < 0 or idx.max() >= self._offsets.size):
            raise IndexError(f"offsets outside 0..{self._offsets.size - 1}")
        return self._offsets[idx]

    def span_to_qt(self, start: int, end: int) -> tuple[int, int]:
        """The half-open Qt range holding the characters of the code-point span [start, end)."""
        return self.to_qt(start), self.to_qt(end)

    def from_qt(self, position: int) -> int:
        """The code-point offset of the character at Qt `position`.

        A position inside a surrogate pair maps to the code point it is part of; the separator
        of a `\\r\\n` pair maps to the `\\r`; the document's end maps to len(text).
        """
        if not 0 <= position <= self.qt_length:
            raise IndexError(f"position {position} outside 0..{self.qt_length}")
        return int(np.searchsorted(self._offsets, position, side="right")) - 1
