"""What reading one file may cost: processor time, and for a PDF the page content it interprets.

A reader calls `check()` in its loops and `spend_content()` for each piece of page content
it interprets; `reading()` sets the budget for one file. Time is the reading thread's own
processor time (not wall time), so a busy machine does not make an honest file fail. PDF
content is charged each time a page uses it: a stream shared by 500 pages costs 500 times.
A file over its budget raises `Unreadable`, and the check goes on without it.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from core.loaders.reasons import Unreadable, megabytes

#: Processor seconds one file may take to read (a 300-page thesis takes a few).
READ_SECONDS = 60.0
#: Page content a PDF may have interpreted: this many times its own size, and at least
#: CONTENT_FLOOR (an honest PDF's pages hold each instruction once; a few are drawn twice).
CONTENT_RATIO = 20
CONTENT_FLOOR = 8 * 2**20


@dataclass
class Budget:
    """The budget of one file being read (one thread)."""

    seconds: float
    content: int = CONTENT_FLOOR
    packed: int = 0  # the file's size, for the message
    started: float = field(default_factory=time.thread_time)
    spent_content: int = 0

    def check(self) -> None:
        if time.thread_time() - self.started > self.seconds:
            raise Unreadable("file.too_slow", seconds=f"{self.seconds:g}")

    def spend_content(self, size: int) -> None:
        self.spent_content += size
        if self.spent_content > self.content:
            raise Unreadable("pdf.content_repeated", size=megabytes(self.spent_content),
                             packed=megabytes(self.packed))
        self.check()


_current: ContextVar[Budget | None] = ContextVar("plagscope_read_budget", default=None)


@contextmanager
def reading(seconds: float | None = READ_SECONDS, size: int = 0):
    """Within this block (this thread) reading spends one file's budget: `seconds` of
    processor time (None: no limit), and page content by the file's `size` in bytes."""
    budget = Budget(float("inf") if seconds is None else seconds,
                    max(CONTENT_FLOOR, CONTENT_RATIO * size), size)
    token = _current.set(budget)
    try:
        yield budget
    finally:
        _current.reset(token)


def check() -> None:
    """Raise Unreadable when the file being read has used up its time."""
    budget = _current.get()
    if budget is not None:
        budget.check()


def spend_content(size: int) -> None:
    """Charge `size` bytes of PDF page content interpreted (raises Unreadable when over)."""
    budget = _current.get()
    if budget is not None:
        budget.spend_content(size)
