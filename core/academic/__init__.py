"""Academic conventions: attribution (quotations, citations, references) and the CNKI / Turnitin figures.

What the GUI may use (the import contracts in pyproject.toml let panes import a sub-package's
exports only): the figure values and names, and `passage_classes` for one pair, each
imported on first use (core/lazy.py).
"""

from typing import TYPE_CHECKING

from core.lazy import lazy_exports

if TYPE_CHECKING:
    from core.academic.classify import passage_classes
    from core.academic.figures import (
        CLASS_LABELS,
        LABELS,
        Figures,
        FigureTable,
        Section,
        document_figures,
    )

__all__ = [
    "CLASS_LABELS",
    "LABELS",
    "FigureTable",
    "Figures",
    "Section",
    "document_figures",
    "passage_classes",
]

__getattr__, __dir__ = lazy_exports(__name__, __file__)
