"""The heat map's numbers: the similarity matrix of a report, its rows in an order and the image
of its cells (numpy). Imported by gui/widgets/heat_map.py when a report's map is first built,
so the window shows before numpy loads."""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QImage

from core.models import Report

from .heat_map import DIAGONAL, STOPS


def _color_table(levels: int = 1001) -> np.ndarray:
    """ARGB of similarity 0, 0.001, ..., 1 (the STOPS interpolated once)."""
    xs = [stop for stop, _ in STOPS]
    grid = np.linspace(0.0, 1.0, levels)
    channels = [np.rint(np.interp(grid, xs, [getattr(c, name)() for _, c in STOPS])).astype(np.uint32)
                for name in ("red", "green", "blue")]
    return np.uint32(0xFF000000) | (channels[0] << 16) | (channels[1] << 8) | channels[2]


_TABLE = _color_table()


def color_image(sim: np.ndarray) -> QImage:
    """One pixel per cell, colored by similarity (gray diagonal), by one table look-up (a
    thousandth of similarity per step: 500 x 500 cells in a few milliseconds)."""
    n = sim.shape[0]
    steps = np.rint(np.clip(sim, 0.0, 1.0) * (len(_TABLE) - 1)).astype(np.intp)
    argb = _TABLE[steps]
    np.fill_diagonal(argb, np.uint32(DIAGONAL.rgba()))
    data = np.ascontiguousarray(argb)
    return QImage(data.tobytes(), n, n, 4 * n, QImage.Format.Format_ARGB32).copy()


def similarities(report: Report | None) -> tuple[np.ndarray, dict]:
    """The N x N similarity matrix of `report`'s pairs (zero where a pair is not listed), and the
    pairs found by meaning, (i, j) both ways -> SemanticMatch."""
    n = len(report.documents) if report else 0
    sim = np.zeros((n, n))
    semantic = {}
    for pair in report.pairs if report else ():
        sim[pair.left, pair.right] = sim[pair.right, pair.left] = pair.similarity
        if pair.semantic is not None:
            semantic[pair.left, pair.right] = semantic[pair.right, pair.left] = pair.semantic
    return sim, semantic


def rows(sim: np.ndarray, order) -> tuple[np.ndarray, np.ndarray, QImage]:
    """(row -> document, document -> row, the cells' image) for rows in `order`."""
    order = np.asarray(order, dtype=np.int64)
    n = len(order)
    pos = np.empty(n, dtype=np.int64)
    pos[order] = np.arange(n)
    return order, pos, color_image(sim[np.ix_(order, order)]) if n else QImage()
