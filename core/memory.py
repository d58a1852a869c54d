"""How a process doing a check's work keeps its memory: the cyclic garbage collector paused
while work makes many long-lived objects, and one malloc arena for all its threads.

A collection walks every young object while holding the interpreter lock, on whichever thread
allocates: over a report's objects it froze the window (bench/click_bench.py --why lists the
passes), and in a check of many pairs it walks every pair again at each pass. Objects are
still freed by reference counting while the collector is paused.

glibc gives each thread that allocates its own arena, and memory one arena freed is not
reused by another: the index stage's two sources, each on its own thread, then each keep
their own peak's worth of pages (decision 156).
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import sys
import threading
from collections.abc import Iterator

_pause_lock = threading.Lock()
_paused = 0


def pause_collections() -> None:
    """Pause the cyclic garbage collector until the matching `resume_collections` (pauses nest,
    from any thread)."""
    global _paused
    with _pause_lock:
        _paused += 1
        gc.disable()


def resume_collections() -> None:
    """End one pause; after the last, what the paused work left joins the long-lived objects
    (gc.freeze) and the collector runs again."""
    global _paused
    with _pause_lock:
        _paused -= 1
        if _paused == 0:
            gc.freeze()
            gc.enable()


@contextlib.contextmanager
def collections_paused() -> Iterator[None]:
    """The collector paused while work on a thread makes many objects (a check's report arriving
    from its child, an opened check, a PDF's layout, the engines' tables, the window being
    built, a check on the command line). At the end, what the work left joins the long-lived
    objects (gc.freeze, as a shown report does): resuming does not start a pass over all of it
    either."""
    pause_collections()
    try:
        yield
    finally:
        resume_collections()


_M_ARENA_MAX = -8  # glibc's mallopt parameter


def one_arena() -> None:
    """Let every thread of this process allocate from one malloc arena (glibc; elsewhere
    nothing changes): what one thread's work frees, the next thread's work reuses."""
    if not sys.platform.startswith("linux"):
        return
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # not glibc (musl has no such setting)
        return
    mallopt(_M_ARENA_MAX, 1)
