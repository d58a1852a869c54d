"""What the review panes (groups, graph, student) share: built from the current review only when shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from core.review import ReviewData


class BuiltWhenShown:
    """Mixin for a QWidget pane over a `Review`: a new review marks it stale and only a visible
    pane rebuilds at once, so a new check costs only the visible view's time.

    The pane defines `rebuild()` and `_verdicts_changed()`, and calls `watch(review)` last in
    its constructor (after its widgets exist).
    """

    review: QObject

    def watch(self, review: QObject) -> None:
        """Follow `review`'s changes and build once now."""
        self._stale = False
        review.changed.connect(self._review_changed)
        review.verdictsChanged.connect(self._verdicts_changed)
        self.rebuild()

    def _review_changed(self) -> None:
        self._stale = True
        if self.isVisible():
            self.ensure_built()

    def ensure_built(self) -> None:
        """Rebuild from the current review if it changed since the last build."""
        if self._stale:
            self._stale = False
            self.rebuild()

    def showEvent(self, event) -> None:
        self.ensure_built()
        super().showEvent(event)

    @property
    def data(self) -> ReviewData | None:
        return self.review.data
