"""The colors reports paint with, one table for every renderer (HTML classes, PDF backgrounds).

Passage j of a pair gets `passage_color(j)`, a key "c0".."c9" of `COLORS`; light colors that
stay readable behind black text and survive printing. Named keys (e.g. attribution classes
of the academic figures) are added to `COLORS` next to them, never in a renderer.
"""

from __future__ import annotations

PALETTE = ("#ffd6a5", "#b9f3b0", "#b3d1ff", "#ffc6f5", "#f9f7a8",
           "#a8ecf5", "#d3c9ff", "#ffb8b8", "#d8e6a0", "#e8cfae")

COLORS: dict[str, str] = {f"c{i}": color for i, color in enumerate(PALETTE)}

#: The attribution classes (core.models.ATTRIBUTIONS) of the pair details and the per-student
#: pages (key `class_color(cls)`): the same
#: light colors as the app's compare view (gui/widgets/compare_view.py CLASS_COLORS).
COLORS.update({
    "cls-unattributed": "#ffa8a8", "cls-cited": "#ffd8a8", "cls-quoted": "#a5d8ff",
    "cls-quoted_cited": "#b2f2bb", "cls-references": "#dee2e6", "cls-template": "#d0bfff",
})

#: A document's sources in its per-student page, by rank (most text first): the same light
#: colors as the app's Student view (gui/widgets/compare_view.py PALETTE); the sources after
#: these share SOURCE_OTHER.
SOURCE_PALETTE = ("#ffd8a8", "#a5d8ff", "#b2f2bb", "#fcc2d7", "#ffec99", "#d0bfff",
                  "#96f2d7", "#ffc9c9", "#bac8ff", "#d8f5a2", "#eebefa", "#99e9f2")
SOURCE_OTHER = "#dee2e6"
COLORS.update({f"src-{i}": color for i, color in enumerate(SOURCE_PALETTE)})
COLORS["src-other"] = SOURCE_OTHER


def source_color(rank: int) -> str:
    """The `COLORS` key of the source ranked `rank` (0 = the most text) on a per-student page."""
    return f"src-{rank}" if rank < len(SOURCE_PALETTE) else "src-other"


#: Drawn under text changed inside a passage (inserted, deleted or substituted units).
CHANGE_COLOR = "#b3261e"
FLAG_COLOR = "#b3261e"
INK, MUTED, LINE, SOFT, ACCENT = "#1f2328", "#59636e", "#d0d7de", "#f6f8fa", "#0b57d0"


def class_color(cls: str) -> str:
    """The `COLORS` key of an attribution class (pair details and per-student pages)."""
    return f"cls-{cls}"


def passage_color(j: int) -> str:
    """The color key of passage j (1-based), cycling through the palette."""
    return f"c{(j - 1) % len(PALETTE)}"
