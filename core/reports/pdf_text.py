"""Text for the PDF report: the font (with Chinese glyphs) and where a line may break.

reportlab wraps either at spaces only (a Chinese sentence or a long file name then runs off
the page) or, in its CJK mode, anywhere inside a word. So the PDF breaks lines itself:
`break_lines` cuts a paragraph only between words, between two Chinese characters (not
before closing or after opening punctuation), after a hyphen or slash, and, in file names
and paths, after `_ . - / \\`. Only a single piece wider than the whole line is cut inside,
and table columns are sized so that the longest piece of every cell fits.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import sys
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

FONT_ENV = "PLAGSCOPE_CJK_FONT"
FONT, MONO = "PlagscopeCJK", "PlagscopeCJKMono"

#: TrueType fonts with Chinese glyphs (path, subfont index, index of a monospaced face or None).
#: reportlab embeds TrueType outlines only, so OpenType/CFF fonts (Noto CJK .otf/.ttc) do not work.
FONT_CANDIDATES = (
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0, 1),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0, 1),
    ("/usr/share/fonts/truetype/arphic/uming.ttc", 0, None),
    ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", 0, None),
    ("C:/Windows/Fonts/msyh.ttc", 0, None),
    ("C:/Windows/Fonts/simhei.ttf", 0, None),
    ("C:/Windows/Fonts/simsun.ttc", 0, None),
    ("/System/Library/Fonts/STHeiti Light.ttc", 0, None),
    ("/Library/Fonts/Arial Unicode.ttf", 0, None),
    ("/System/Library/Fonts/Supplemental/Arial Unicode.ttf", 0, None),
)

#: The font the desktop bundle carries (packaging/bundle_rules.py: FONT_DIR, FONT_NAME), found in
#: the frozen program's data folder when the system has no Chinese font (0: WenQuanYi Micro
#: Hei, 1: its monospaced face).
BUNDLED_FONT = ("fonts", "wqy-microhei.ttc", 0, 1)

NO_FONT = ("no font with Chinese characters was found for the PDF report: install one "
           "(Debian/Ubuntu: sudo apt-get install fonts-wqy-microhei) or set {env} to a "
           "TrueType .ttf or .ttc file")


class FontMissing(OSError):
    """No TrueType font with Chinese glyphs could be found or loaded."""

    def __init__(self, detail: str = ""):
        message = NO_FONT.format(env=FONT_ENV) + (f" ({detail})" if detail else "")
        super().__init__(message)
        self.strerror = message


@dataclass(frozen=True)
class FontFile:
    path: str
    index: int = 0
    mono_index: int | None = None


def find_cjk_font() -> FontFile:
    """The font the PDF uses: $PLAGSCOPE_CJK_FONT, a known system font, fontconfig's pick, or
    the desktop bundle's own.

    Raises FontMissing when there is none.
    """
    chosen = os.environ.get(FONT_ENV)
    if chosen:
        if not os.path.isfile(chosen):
            raise FontMissing(f"{FONT_ENV}={chosen} is not a file")
        return FontFile(chosen)
    for path, index, mono in FONT_CANDIDATES:
        if os.path.isfile(path):
            return FontFile(path, index, mono)
    if shutil.which("fc-match"):
        try:
            out = subprocess.run(["fc-match", "-f", "%{file}", ":lang=zh-cn"], capture_output=True,  # noqa: PLW1510 (no fontconfig match is an empty answer)
                                 text=True, timeout=10).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            out = ""
        if out.lower().endswith((".ttf", ".ttc")) and os.path.isfile(out):
            return FontFile(out)
    bundled = bundled_font()
    if bundled is not None:
        return bundled
    raise FontMissing()


def bundled_font() -> FontFile | None:
    """The desktop bundle's own Chinese font (sys._MEIPASS is its data folder), or None."""
    base = getattr(sys, "_MEIPASS", None) if getattr(sys, "frozen", False) else None
    if not base:
        return None
    folder, name, index, mono = BUNDLED_FONT
    path = os.path.join(base, folder, name)
    return FontFile(path, index, mono) if os.path.isfile(path) else None


@lru_cache(maxsize=1)
def register_fonts() -> tuple[str, str]:
    """Register the Chinese font (and its monospaced face) with reportlab once; their names."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    font = find_cjk_font()
    try:
        pdfmetrics.registerFont(TTFont(FONT, font.path, subfontIndex=font.index))
        mono = FONT
        if font.mono_index is not None:
            pdfmetrics.registerFont(TTFont(MONO, font.path, subfontIndex=font.mono_index))
            mono = MONO
    except Exception as exc:  # a broken or CFF-outline font file
        raise FontMissing(f"{font.path}: {exc}") from exc
    if pdfmetrics.stringWidth("中", FONT, 10) <= 0:
        raise FontMissing(f"{font.path} has no Chinese characters")
    return FONT, mono


# ----- line breaking ---------------------------------------------------------------------

CLOSING = set("，。、；：？！）》」』】〕〉’”…—～％,.;:!?)]}%'\"·")
OPENING = set("（《「『【〔〈‘“([{")
NAME_BREAKS = set("_.-/\\")
PROSE_BREAKS = set("-/\\")


@cache
def is_wide(ch: str) -> bool:
    """Chinese, Japanese and Korean characters and full-width forms: a line may break around them."""
    return unicodedata.east_asian_width(ch) in "WF"


def break_positions(text: str, kind: str = "text") -> list[int]:
    """Offsets i (0 < i < len) where a line may start in `kind` "text" (prose); "name" (a file
    name or path) also allows after `_ . - / \\`; "code" (a hash) anywhere."""
    if kind == "code":
        return list(range(1, len(text)))
    after = NAME_BREAKS if kind == "name" else PROSE_BREAKS
    out = []
    for i in range(1, len(text)):
        prev, cur = text[i - 1], text[i]
        if cur.isspace():
            continue
        if prev.isspace():
            out.append(i)
        elif cur in CLOSING or prev in OPENING:
            continue
        elif is_wide(prev) or is_wide(cur) or prev in after and cur not in after:
            out.append(i)
    return out


class Measure:
    """Widths of text in one font and size, by character (reportlab adds glyph widths, no kerning)."""

    def __init__(self, font: str, size: float):
        from reportlab.pdfbase.pdfmetrics import stringWidth
        self._width = stringWidth
        self.font, self.size = font, size
        self._cache: dict[str, float] = {}

    def __call__(self, text: str) -> float:
        cache, total = self._cache, 0.0
        for ch in text:
            w = cache.get(ch)
            if w is None:
                w = cache[ch] = self._width(ch, self.font, self.size)
            total += w
        return total


def pieces(text: str, kind: str = "text") -> list[str]:
    """The text cut at every break position: the pieces a line is made of."""
    cuts = [0, *break_positions(text, kind), len(text)]
    return [text[a:b] for a, b in itertools.pairwise(cuts) if b > a]


def longest_piece(text: str, measure: Measure, kind: str = "text") -> float:
    """The width of the widest piece (trailing spaces aside): the narrowest a column can be."""
    return max((measure(p.rstrip()) for line in text.split("\n") for p in pieces(line, kind)),
               default=0.0)


def break_lines(text: str, width: float, measure: Measure, kind: str = "text") -> list[int]:
    """Where the lines of one paragraph (no newlines) start, after the first: offsets into `text`.

    Greedy: each line takes as many pieces as fit (trailing spaces do not count). A piece
    wider than `width` on its own is cut between characters, the only case a word is cut.
    """
    starts: list[int] = []
    used = 0.0
    line_start = 0
    pos = 0
    for piece in pieces(text, kind):
        body = piece.rstrip()
        w = measure(body)
        if pos > line_start and used + w > width:
            starts.append(pos)
            line_start, used = pos, 0.0
        if w > width:  # the last resort: a single piece wider than the line
            for k, ch in enumerate(piece):
                cw = measure(ch)
                if used + cw > width and pos + k > line_start:
                    starts.append(pos + k)
                    line_start, used = pos + k, 0.0
                used += cw
            pos += len(piece)
            continue
        used += measure(piece)
        pos += len(piece)
    return starts
