"""Long work that reports through a callback, run as a progress generator.

Core's long operations are generators yielding `Progress` (the GUI runs them on its worker
pool; the caller cancels by stopping iteration). Some work cannot yield: a library call that
takes seconds and only offers a progress callback (reportlab's page layout). `from_callback`
runs such work on a helper thread and yields its progress while it runs; when the caller
stops the generator, the work's next callback raises `Stopped`, so it ends within one step
and nothing it would have produced is used.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator
from typing import TypeVar

from core.models import Progress

__all__ = ["Stopped", "drain", "from_callback", "in_thread", "placed"]

T = TypeVar("T")

#: How often (seconds) the generator looks at the work's progress, so how soon a stop is seen.
POLL = 0.05


def drain(generator: Generator, tell: Callable[[int, int], None] | None = None, *,
          each: Callable[[object], None] | None = None, every: float = 0.0,
          before: Callable[[], None] | None = None) -> object:
    """Run a progress generator to its end and return its result: the one loop every consumer
    of core's long work uses (the CLI, a GUI worker thread, a child process, a library call).

    `tell(done, total)` hears its Progress steps. `each(value)` hears what it yields: every
    other value as it comes, Progress at most once per `every` seconds (a step that ends its
    stage always, and the last one held back before the result). `before()` is called before
    each step (a GUI worker gives way to a repaint there, or raises to stop). An exception
    raised by a callback closes the generator and propagates."""
    last, held = 0.0, None
    try:
        while True:
            if before is not None:
                before()
            try:
                value = next(generator)
            except StopIteration as stop:
                if held is not None:
                    each(held)
                return stop.value
            if not isinstance(value, Progress):
                if each is not None:
                    each(value)
                continue
            if tell is not None:
                tell(value.done, value.total)
            if each is not None:
                now = time.monotonic()
                if now - last >= every or value.done >= value.total:
                    last, held = now, None
                    each(value)
                else:
                    held = value
    finally:
        generator.close()


def placed(steps: Generator[object, None, T], start: float, end: float) -> Generator[object, None, T]:
    """`steps` with its Progress placed on the share [start, end] of one bar (a job made of
    several generators): Progress(stage, done, 1000), done from 1000 * start to 1000 * end."""
    try:
        while True:
            try:
                value = next(steps)
            except StopIteration as stop:
                return stop.value
            if isinstance(value, Progress) and value.total > 0:
                share = start + (end - start) * min(max(value.done, 0), value.total) / value.total
                value = Progress(value.stage, round(1000 * share), 1000)
            yield value
    finally:
        steps.close()


class Stopped(Exception):
    """Raised inside the work's progress callback once the generator has been stopped."""


def _on_thread(body: Callable[[threading.Event, dict], T], name: str, poll: float,
               first: Progress | None, wait: bool) -> Generator[Progress, None, T]:
    """`body(stop, state)` run on a helper thread, the Progress it puts in state["progress"]
    passed on about every `poll` seconds (`first` while it has put none); returns its result
    or raises its exception. Stopping this generator sets `stop`, and waits for the body to
    end when `wait` is true."""
    stop = threading.Event()
    ended = threading.Event()
    state: dict = {}

    def target() -> None:
        try:
            state["value"] = body(stop, state)
        except BaseException as exc:  # noqa: BLE001 (handed to the generator's consumer)
            state["error"] = exc
        finally:
            ended.set()

    threading.Thread(target=target, name=name, daemon=True).start()
    shown = first
    try:
        while not ended.wait(poll):
            progress = state.get("progress")
            if progress is not None and progress is not shown:
                shown = progress
            if shown is not None:
                yield shown  # the latest, or still waiting: a consumer may stop here
    finally:
        stop.set()
        if wait:
            ended.wait()
    if "progress" in state and state["progress"] is not shown:
        yield state["progress"]
    if "error" in state:
        raise state["error"]
    return state["value"]


def from_callback(work: Callable[[Callable[[int, int], None]], T], stage: str,
                  poll: float = POLL) -> Generator[Progress, None, T]:
    """Run `work(tell)` on a helper thread; `tell(done, total)` reports its progress.

    Yields Progress(stage, done, total) about every `poll` seconds while the work runs,
    returns its result or raises its exception. Stopping the generator (close(), or the
    consumer dropping it) makes the next `tell` raise `Stopped` and waits for the thread, so
    nothing is written after a cancel.
    """

    def body(stop: threading.Event, state: dict) -> T:
        def tell(done: int, total: int) -> None:
            if stop.is_set():
                raise Stopped()
            state["progress"] = Progress(stage, done, total)

        return work(tell)

    return (yield from _on_thread(body, f"plagscope-{stage}", poll, Progress(stage, 0, 1), wait=True))


def in_thread(steps: Generator[object, None, T], poll: float = POLL,
              first: Progress | None = None) -> Generator[object, None, T]:
    """`steps` run on a helper thread, its Progress passed on (the latest, about every `poll`
    seconds); returns its result or raises its exception.

    For work made of long numpy calls (an index over a whole class): the calling thread only
    waits, so a Ctrl-C or a stop reaches it within `poll` seconds however long one call takes.
    Stopping this generator does not wait for the work: the helper thread closes `steps` at
    its next step and whatever it produced is dropped. `first` is passed on while the work
    has reported nothing yet.
    """

    def body(stop: threading.Event, state: dict) -> T | None:
        try:
            while not stop.is_set():
                try:
                    value = next(steps)
                except StopIteration as done:
                    return done.value
                if isinstance(value, Progress):
                    state["progress"] = value
            return None
        finally:
            steps.close()

    return (yield from _on_thread(body, "plagscope-steps", poll, first, wait=False))
