"""Render a class report (HTML, PDF) in a child process, so the caller's process stays free.

Why: laying out a 500-document PDF takes seconds of pure Python (the report model, then
reportlab). On a helper thread of the GUI's process it competes with the GUI thread for the
interpreter lock; on a loaded machine (two cores, several busy processes) the OS deschedules
the renderer while it holds the lock, and the window froze 107-168 ms at a time (issue 13,
bench/review_bench.py). In a child process the renderer has an interpreter of its own; the
caller's thread only sends the report and then waits on a pipe, without the lock.

The report goes to the child in pieces (the report without its documents and pairs, then the
documents and the pairs a batch at a time), so no single pickling holds the caller's lock long.
The child answers with progress, then the file's bytes or the error. The child is started from
the forkserver (never forked from a threaded GUI), or spawned where there is none (Windows).
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import pickle
from collections.abc import Callable

from core.models import Report

__all__ = ["PROCESS_FORMATS", "Unpicklable", "render_in_process"]

#: The formats worth a process: the others take well under a second even at 500 documents.
PROCESS_FORMATS = ("html", "pdf")

#: Documents or pairs per message: each pickling then takes a few milliseconds.
BATCH = 50


#: How often (seconds) the caller looks for a stop while the child works.
POLL = 0.05


class Unpicklable(Exception):
    """Something in the report cannot be pickled (a value added to the model later without
    pickle support): the caller renders it itself instead (core.reports.write_report_steps)."""


def _context():
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


def render_in_process(report: Report, fmt: str, *, language: str = "en", threshold: float | None = None,
                      verdicts=None, tell: Callable[[int, int], None] | None = None) -> bytes:
    """`core.reports.render(report, fmt, ...)` computed in a child process; `tell(done, total)` is
    called with the child's progress (an exception it raises, e.g. core.steps.Stopped, stops and
    ends the child, then propagates). Errors raised while rendering (FontMissing, ...) are raised
    here; Unpicklable if the report cannot be sent (nothing was rendered)."""
    ctx = _context()
    ours, theirs = ctx.Pipe()
    child = ctx.Process(target=_child, args=(theirs,), name=f"plagscope-report-{fmt}", daemon=True)
    child.start()
    theirs.close()
    try:
        try:
            head = dataclasses.replace(report, documents=(), pairs=())
            ours.send_bytes(pickle.dumps((head, fmt, language, threshold, verdicts), pickle.HIGHEST_PROTOCOL))
            for field in ("documents", "pairs"):
                items = getattr(report, field)
                for start in range(0, len(items), BATCH):
                    ours.send_bytes(pickle.dumps((field, items[start:start + BATCH]), pickle.HIGHEST_PROTOCOL))
            ours.send_bytes(pickle.dumps(("end", ())))
        except (pickle.PicklingError, TypeError, AttributeError) as e:
            raise Unpicklable(f"the report cannot be sent to a child process: {e}") from e
        progress = (0, 1)
        while True:
            if not ours.poll(POLL):  # waits without the interpreter lock
                if tell is not None:
                    tell(*progress)  # lets a stop be seen while the child shows no progress
                continue
            kind, value = pickle.loads(ours.recv_bytes())
            if kind == "progress":
                progress = value
                if tell is not None:
                    tell(*value)
            elif kind == "done":
                return ours.recv_bytes()
            else:
                raise value
    except EOFError:
        raise OSError(f"the report process ended unexpectedly (exit code {child.exitcode})") from None
    finally:
        ours.close()
        if child.is_alive():
            child.terminate()  # stopped, or failed while sending: nothing it makes is used
        child.join()


def _child(conn) -> None:
    """The child: receive the report, render it, send progress and the bytes (or the error)."""
    try:
        head, fmt, language, threshold, verdicts = pickle.loads(conn.recv_bytes())
        parts: dict[str, list] = {"documents": [], "pairs": []}
        while True:
            field, items = pickle.loads(conn.recv_bytes())
            if field == "end":
                break
            parts[field].extend(items)
        report = dataclasses.replace(head, documents=tuple(parts["documents"]), pairs=tuple(parts["pairs"]))
        last = [0.0]

        def tell(done: int, total: int) -> None:
            import time

            now = time.monotonic()
            if now - last[0] >= 0.05 or done >= total:
                last[0] = now
                conn.send_bytes(pickle.dumps(("progress", (done, total))))

        if fmt == "pdf":
            from core.reports.pdf_report import render_pdf

            data = render_pdf(report, language=language, threshold=threshold, verdicts=verdicts, progress=tell)
        else:
            from core.reports import render

            data = render(report, fmt, language=language, threshold=threshold, verdicts=verdicts)
        conn.send_bytes(pickle.dumps(("done", None)))
        conn.send_bytes(data)
    except (EOFError, BrokenPipeError):
        return  # the caller stopped waiting
    except BaseException as exc:  # handed to the caller, who raises it
        try:
            message = pickle.dumps(("error", exc))
        except Exception:
            message = pickle.dumps(("error", RuntimeError(f"{type(exc).__name__}: {exc}")))
        try:
            conn.send_bytes(message)
        except OSError:
            pass
    finally:
        conn.close()
