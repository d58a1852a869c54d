"""Academic conventions: attribution (quotations, citations, references) and the CNKI / Turnitin figures.

What the GUI may use (the import contracts in pyproject.toml let panes import a sub-package's
exports only): the figure values and names, and `passage_classes` for one pair, each
imported on first use (core/lazy.py).
"""

from core.lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__, {
    "core.academic.classify": ("passage_classes",),
    "core.academic.figures": ("CLASS_LABELS", "LABELS", "FigureTable", "Figures", "Section", "document_figures"),
})
