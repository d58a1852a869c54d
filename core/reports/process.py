"""Render a class report (HTML, PDF) in a child process, so the caller's process stays free.

Why: laying out a 500-document PDF takes seconds of pure Python (the report model, then
reportlab). On a helper thread of the GUI's process it competes with the GUI thread for the
interpreter lock; on a loaded machine (two cores, several busy processes) the OS deschedules
the renderer while it holds the lock, and the window froze (bench/review_bench.py measures
it). The child and how the report reaches it: core/child_process.py.
"""

from __future__ import annotations

from collections.abc import Callable

from core import reports
from core.child_process import Unpicklable, in_child
from core.models import Report
from core.steps import drain, from_callback

__all__ = ["PROCESS_FORMATS", "Unpicklable", "render_in_process"]

#: The formats worth a process: the others take well under a second even at 500 documents.
PROCESS_FORMATS = ("html", "pdf")


def render_in_process(report: Report, fmt: str, *, language: str = "en", threshold: float | None = None,
                      verdicts=None, tell: Callable[[int, int], None] | None = None) -> bytes:
    """`core.reports.render(report, fmt, ...)` computed in a child process; `tell(done, total)` is
    called with the child's progress (an exception it raises, e.g. core.steps.Stopped, stops and
    ends the child, then propagates). Errors raised while rendering (FontMissing, ...) are raised
    here; Unpicklable if the report cannot be sent (nothing was rendered)."""
    return drain(in_child(_render_steps, report, fmt, language, threshold, verdicts,
                          stage="writing_report", name=f"plagscope-report-{fmt}"), tell)


def _render_steps(report: Report, fmt: str, language: str, threshold, verdicts):
    """In the child: render, reporting the PDF layout's progress."""
    if fmt == "pdf":
        from core.reports.pdf_report import render_pdf

        def work(tell):
            return render_pdf(report, language=language, threshold=threshold, verdicts=verdicts, progress=tell)
    else:
        def work(_tell):
            return reports.render(report, fmt, language=language, threshold=threshold, verdicts=verdicts)
    return (yield from from_callback(work, "writing_report"))
