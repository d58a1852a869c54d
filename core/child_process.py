"""Long core work run in a child process, as a progress generator, so the caller's process stays free.

Why: Python work on a helper thread of the GUI's process holds the interpreter lock, and a
window painting a table makes thousands of calls into Python models, each of which waits
for the lock to be handed over, so a paint took several times longer while a check was
being opened or a report rendered beside it (bench/review_bench.py). A child has
an interpreter of its own; the caller's thread only sends the inputs, waits on a pipe
without the lock, and reads the result.

`in_child(job, *args)` runs the progress generator `job(*args)` (a module-level function) in
a child and yields its Progress; it returns the job's result, or raises the job's error.
Large values cross in pieces, both ways, so no single pickling or unpickling holds a lock
long: a `Report` (the report without its documents and pairs, then batches of them) and a
`Batched` sequence, as an argument or as an item of a tuple the job returns. The caller
yields between the pieces it receives, so a GUI worker can give way to repaints meanwhile.
Stopping the generator ends the child (and the processes it started). The child is started
as every process is (core.concurrency: the forkserver, never forked from a threaded GUI, or
spawned where there is none).
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import multiprocessing
import os
import pickle
import signal
from collections.abc import Callable, Generator
from typing import TypeVar

import psutil

from core.concurrency import context, descendants
from core.models import Progress, Report
from core.steps import drain

__all__ = ["Batched", "Unpicklable", "in_child", "lower_children"]

T = TypeVar("T")

#: Items per message: each pickling then takes a few milliseconds.
BATCH = 50

#: How often (seconds) the caller yields while the child works, so how soon a stop is seen.
POLL = 0.05

#: The child sends progress at most this often (seconds), and always the last step.
PROGRESS_EVERY = 0.05

#: How long (seconds) a stopped child may take to unwind before it is killed.
ENDING = 5.0


#: How many nice levels below this process its children run (`lower_children`).
_lowered_by = 0


def lower_children(increment: int) -> None:
    """Run the children started from now on `increment` nice levels below this process (the
    processes they start inherit it), so that on a busy machine this process keeps the cores
    it needs: the window's GUI thread, and its worker reading a child's pipe while holding the
    interpreter lock, were waiting for a core behind the check they had started. 0: as this
    process (the command line's default; a window lowers its children)."""
    global _lowered_by
    _lowered_by = max(0, int(increment))


def _lowered(increment: int, job, *args):
    """In the child: lower its priority, then run `job(*args)`."""
    with contextlib.suppress(OSError):
        os.nice(increment)
    return (yield from job(*args))


class Unpicklable(Exception):
    """Something in the inputs cannot be pickled (a value added to the model later without
    pickle support): nothing ran; the caller may do the work itself instead."""


class Batched(tuple):
    """A sequence that crosses to or from the child in batches of BATCH items (an argument, or
    an item of the tuple a job returns); it arrives as a Batched tuple."""


def in_child(job: Callable[..., Generator[Progress, None, T]], *args, stage: str = "working",
             name: str = "plagscope-job", or_here: bool = False) -> Generator[Progress, None, T]:
    """`job(*args)` drained in a child process; yields its Progress (Progress(stage, 0, 1) until
    it sends one) and returns its result. Errors raised in the child are raised here; OSError if
    the child dies. Unpicklable if the inputs cannot be sent (nothing ran), or with `or_here`
    the job runs here instead."""
    try:
        return (yield from _in_child(job, args, stage, name))
    except Unpicklable:
        if not or_here:
            raise
        logging.getLogger(__name__).warning("%s runs in this process", name, exc_info=True)
    return (yield from job(*args))


def _in_child(job, args: tuple, stage: str, name: str):
    ctx = context()
    ours, theirs = ctx.Pipe()
    child = ctx.Process(target=_child, args=(theirs,), name=name, daemon=True)
    child.start()
    theirs.close()
    try:
        progress = Progress(stage, 0, 1)
        try:
            sent = (job, *args) if not _lowered_by else (_lowered, _lowered_by, job, *args)
            for _ in _send(ours, "job", sent):
                yield progress
        except (pickle.PicklingError, TypeError, AttributeError) as e:
            raise Unpicklable(f"the work cannot be sent to a child process: {e}") from e
        while True:
            if not ours.poll(POLL):  # waits without the interpreter lock
                yield progress  # a stop is seen even while the child sends nothing
                continue
            kind, value = pickle.loads(ours.recv_bytes())
            if kind == "progress":
                progress = value
                yield value
            elif kind == "done":
                parts = yield from _receive(ours, value, progress)
                return parts if type(value) is tuple else parts[0]
            else:
                raise value
    except EOFError:
        raise OSError(f"the {name} process ended unexpectedly (exit code {child.exitcode})") from None
    finally:
        ours.close()
        if child.is_alive():
            child.terminate()  # stopped, or failed while sending: nothing it makes is used
            child.join(ENDING)
            if child.is_alive():
                child.kill()
        child.join()


class Ended(BaseException):
    """Raised in the child by its SIGTERM (the caller stopped): the job unwinds, so what it
    cleans up on the way out (a saved check's temporary file) is cleaned up."""


def _ended(_signum, _frame) -> None:
    """The child's SIGTERM: end the processes it started (a check's pool, whose workers would
    otherwise wait for work forever), then unwind the job."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a second one ends the child at once
    for process in descendants():
        with contextlib.suppress(psutil.Error):
            process.terminate()
    raise Ended()


def _head(value):
    """What is sent of `value` before its pieces."""
    if isinstance(value, Report):
        return dataclasses.replace(value, documents=(), pairs=())
    if isinstance(value, Batched):
        return Batched()
    return value


def _pieces(value) -> list[tuple[str, tuple]]:
    """(field, items) of `value` that follow its head in batches."""
    if isinstance(value, Report):
        return [("documents", value.documents), ("pairs", value.pairs)]
    if isinstance(value, Batched):
        return [("items", value)]
    return []


def _send(conn, kind: str, value) -> Generator[None, None, None]:
    """Send `value` (a plain tuple's items each in pieces, or one value in pieces) as `kind`;
    yields after each piece, so a caller on a GUI worker can give way to repaints between them."""
    parts = value if type(value) is tuple else (value,)
    head = tuple(_head(p) for p in parts)
    conn.send_bytes(pickle.dumps((kind, head if parts is value else head[0]), pickle.HIGHEST_PROTOCOL))
    for i, part in enumerate(parts):
        for field, items in _pieces(part):
            for start in range(0, len(items), BATCH):
                yield
                conn.send_bytes(pickle.dumps((i, field, items[start:start + BATCH]), pickle.HIGHEST_PROTOCOL))
    conn.send_bytes(pickle.dumps((-1, "end", ())))


def _receive(conn, head, step) -> Generator[object, None, tuple]:
    """The parts whose `head` was received, whole again; yields `step` after each piece."""
    heads = head if type(head) is tuple else (head,)
    collected: dict[tuple[int, str], list] = {}
    while True:
        i, field, items = pickle.loads(conn.recv_bytes())
        if field == "end":
            break
        collected.setdefault((i, field), []).extend(items)
        yield step
    parts = []
    for i, part in enumerate(heads):
        if isinstance(part, Report):
            part = dataclasses.replace(part, documents=tuple(collected.get((i, "documents"), ())),
                                       pairs=tuple(collected.get((i, "pairs"), ())))
        elif isinstance(part, Batched):
            part = Batched(collected.get((i, "items"), ()))
        parts.append(part)
    return tuple(parts)


def _progress(conn, value) -> None:
    """Send the caller one of the job's Progress steps (its other items stay in the child)."""
    if isinstance(value, Progress):
        conn.send_bytes(pickle.dumps(("progress", value)))


def _child(conn) -> None:
    """The child: receive the job and its inputs, drain it, send progress and the result (or
    the error). A SIGTERM while it works unwinds the job (Ended); once it is done, it ends the
    child at once."""
    try:
        _serve(conn)
    except Ended:  # came while the job was being unwound already
        pass


def _serve(conn) -> None:
    """`_child`'s work (see there)."""
    multiprocessing.current_process().daemon = False  # the job may start processes (a check's pool)
    try:
        signal.signal(signal.SIGTERM, _ended)
        _kind, head = pickle.loads(conn.recv_bytes())
        job, *args = drain(_receive(conn, head, None))
        result = drain(job(*args), each=lambda value: _progress(conn, value), every=PROGRESS_EVERY)
        drain(_send(conn, "done", result))
    except (EOFError, BrokenPipeError, Ended):
        return  # the caller stopped waiting
    except BaseException as exc:  # noqa: BLE001 (handed to the caller, who raises it)
        try:
            message = pickle.dumps(("error", exc))
        except Exception:  # noqa: BLE001 (whatever the error, the caller hears of it)
            message = pickle.dumps(("error", RuntimeError(f"{type(exc).__name__}: {exc}")))
        try:
            conn.send_bytes(message)
        except OSError:
            pass
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        conn.close()
