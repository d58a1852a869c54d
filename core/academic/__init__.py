"""Academic conventions: attribution (quotations, citations, references) and the CNKI / Turnitin figures.

What the GUI may use (the import contracts in pyproject.toml let panes import a sub-package's
exports only): the figure values and names, and `passage_classes` for one pair.
"""

from core.academic.attribution import analyse
from core.academic.classify import side_classes
from core.academic.figures import (
    CLASS_LABELS,
    LABELS,
    Figures,
    FigureTable,
    Section,
    document_figures,
)


def passage_classes(left, right, pair) -> tuple[list[str], list[str]]:
    """The class of every passage of `pair` in the left and in the right document's own text."""
    found = {pair.left: analyse(left), pair.right: analyse(right)}
    classes = [side_classes(m, pair.left, pair.right, found) for m in pair.matches]
    return [c[0] for c in classes], [c[1] for c in classes]


__all__ = [
    "CLASS_LABELS",
    "LABELS",
    "FigureTable",
    "Figures",
    "Section",
    "document_figures",
    "passage_classes",
]
