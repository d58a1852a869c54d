"""Long core work run in a child process, as a progress generator, so the caller's process stays free.

Why: Python work on a helper thread of the GUI's process holds the interpreter lock, and a
window painting a table makes thousands of calls into Python models, each of which waits
for the lock to be handed over. A table paint of 10 ms took 60-110 ms while a check was
being opened or a report rendered beside it (issue 13, bench/review_bench.py). A child has
an interpreter of its own; the caller's thread only sends the inputs, waits on a pipe
without the lock, and reads the result.

`in_child(job, *args)` runs the progress generator `job(*args)` (a module-level function) in
a child and yields its Progress; it returns the job's result, or raises the job's error.
A `report` goes in pieces (the report without its documents and pairs, then batches of
them), so no single pickling holds the caller's lock long. Stopping the generator ends the
child. The child is started from the forkserver (never forked from a threaded GUI), or
spawned where there is none (Windows).
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import pickle
import time
from collections.abc import Callable, Generator
from typing import TypeVar

from core.models import Progress, Report

__all__ = ["Unpicklable", "in_child"]

T = TypeVar("T")

#: Documents or pairs per message: each pickling then takes a few milliseconds.
BATCH = 50

#: How often (seconds) the caller yields while the child works, so how soon a stop is seen.
POLL = 0.05

#: The child sends progress at most this often (seconds), and always the last step.
PROGRESS_EVERY = 0.05


class Unpicklable(Exception):
    """Something in the inputs cannot be pickled (a value added to the model later without
    pickle support): nothing ran; the caller may do the work itself instead."""


def _context():
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


def in_child(job: Callable[..., Generator[Progress, None, T]], *args, report: Report | None = None,
             stage: str = "working", name: str = "plagscope-job") -> Generator[Progress, None, T]:
    """`job(*args)` (with `report`: `job(report, *args)`) drained in a child process; yields its
    Progress (Progress(stage, 0, 1) until it sends one) and returns its result. Errors raised in
    the child are raised here; Unpicklable if the inputs cannot be sent (nothing ran); OSError
    if the child dies."""
    ctx = _context()
    ours, theirs = ctx.Pipe()
    child = ctx.Process(target=_child, args=(theirs,), name=name, daemon=True)
    child.start()
    theirs.close()
    try:
        try:
            head = None if report is None else dataclasses.replace(report, documents=(), pairs=())
            ours.send_bytes(pickle.dumps((job, args, head), pickle.HIGHEST_PROTOCOL))
            if report is not None:
                for field in ("documents", "pairs"):
                    items = getattr(report, field)
                    for start in range(0, len(items), BATCH):
                        ours.send_bytes(pickle.dumps((field, items[start:start + BATCH]), pickle.HIGHEST_PROTOCOL))
                ours.send_bytes(pickle.dumps(("end", ())))
        except (pickle.PicklingError, TypeError, AttributeError) as e:
            raise Unpicklable(f"the work cannot be sent to a child process: {e}") from e
        progress = Progress(stage, 0, 1)
        while True:
            if not ours.poll(POLL):  # waits without the interpreter lock
                yield progress  # a stop is seen even while the child sends nothing
                continue
            kind, value = pickle.loads(ours.recv_bytes())
            if kind == "progress":
                progress = value
                yield value
            elif kind == "done":
                return value
            else:
                raise value
    except EOFError:
        raise OSError(f"the {name} process ended unexpectedly (exit code {child.exitcode})") from None
    finally:
        ours.close()
        if child.is_alive():
            child.terminate()  # stopped, or failed while sending: nothing it makes is used
        child.join()


def _child(conn) -> None:
    """The child: receive the job and its inputs, drain it, send progress and the result (or
    the error)."""
    try:
        job, args, head = pickle.loads(conn.recv_bytes())
        if head is not None:
            parts: dict[str, list] = {"documents": [], "pairs": []}
            while True:
                field, items = pickle.loads(conn.recv_bytes())
                if field == "end":
                    break
                parts[field].extend(items)
            report = dataclasses.replace(head, documents=tuple(parts["documents"]), pairs=tuple(parts["pairs"]))
            args = (report, *args)
        steps = job(*args)
        last = 0.0
        while True:
            try:
                value = next(steps)
            except StopIteration as stop:
                result = stop.value
                break
            if isinstance(value, Progress):
                now = time.monotonic()
                if now - last >= PROGRESS_EVERY or value.done >= value.total:
                    last = now
                    conn.send_bytes(pickle.dumps(("progress", value)))
        conn.send_bytes(pickle.dumps(("done", result), pickle.HIGHEST_PROTOCOL))
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
