"""Worker processes, in one place: the start method, the pools (with their fallback when workers
cannot start), and ending what a process started.

Every layer that runs work in other processes comes here: the check's readers and profilers
(`run_jobs`), the archive's adders (`ordered`), the child a check or a saved check runs in
(core/child_process.py), and the command line's exit (`end_children`).

The start method is forkserver where the platform has it (never fork: the GUI calls from
threads, and forking a threaded process can deadlock the child), else spawn (Windows);
PLAGSCOPE_START_METHOD=spawn|forkserver|fork overrides it, so the suite can run as Windows and
macOS start processes.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

import psutil

__all__ = ["START_METHOD_VARIABLE", "CpuSample", "context", "descendants", "end_children", "end_processes",
           "idle_core", "on_thread_ahead", "ordered", "pool", "run_jobs", "start_method", "workers_for"]

#: The environment variable that chooses the start method.
START_METHOD_VARIABLE = "PLAGSCOPE_START_METHOD"

#: How often (s) a waiting pool hands control back to its caller (progress, cancel).
POLL = 0.2

#: How long (s) processes asked to end may take before they are killed.
ENDING = 3.0


def start_method() -> str:
    """The start method for new processes: $PLAGSCOPE_START_METHOD when it names one this
    platform has, else forkserver where there is one, else spawn."""
    available = multiprocessing.get_all_start_methods()
    asked = os.environ.get(START_METHOD_VARIABLE, "").strip().lower()
    if asked:
        if asked not in available:
            raise ValueError(f"{START_METHOD_VARIABLE}={asked}: this platform starts processes "
                             f"with {', '.join(available)}")
        return asked
    return "forkserver" if "forkserver" in available else "spawn"


def can_inherit() -> bool:
    """Whether workers may be forked from this process, inheriting what it holds (a warm
    segmenter, the documents' texts): on Linux, with no start method asked for, from the main
    thread of a process running no other Python thread (forking a threaded process can
    deadlock the child on a lock another thread held; a Qt thread is never the main one)."""
    return (sys.platform.startswith("linux") and not os.environ.get(START_METHOD_VARIABLE, "").strip()
            and threading.current_thread() is threading.main_thread() and threading.active_count() == 1)


def context(inherit: bool = False):
    """The multiprocessing context every process of Plagscope is started from; with `inherit`,
    fork where `can_inherit` allows it."""
    return multiprocessing.get_context("fork" if inherit and can_inherit() else start_method())


def workers_for(asked: int | None, cap: int = 8) -> int:
    """Worker processes: the ones asked for, else the cores (at most `cap`)."""
    return asked or max(1, min(os.cpu_count() or 1, cap))


#: How long (s) the machine's CPU use is sampled to see whether a core is idle.
IDLE_SAMPLE = 0.1


class CpuSample:
    """The machine's and this process's CPU seconds at one moment, so that `idle_core` can
    tell later what else ran meanwhile without sleeping to find out."""

    def __init__(self):
        self.when = time.monotonic()
        self.machine = psutil.cpu_times()
        self.own = sum(os.times()[:2])

    def others(self) -> float:
        """Cores' worth of CPU used since the sample by other processes."""
        now, machine, own = time.monotonic(), psutil.cpu_times(), sum(os.times()[:2])
        busy = sum(machine) - sum(self.machine) - (machine.idle - self.machine.idle) \
            - (getattr(machine, "iowait", 0.0) - getattr(self.machine, "iowait", 0.0))
        return max(0.0, busy - (own - self.own)) / max(now - self.when, 1e-9)


def idle_core(since: CpuSample | None = None) -> bool:
    """Whether a core is left idle by what else runs, from the machine's CPU use since `since`
    (at least IDLE_SAMPLE seconds ago: what is missing of that is slept), this process's own
    use left out (the load average would still count a check that ended a minute ago): with
    none, worker processes only share the time this process would have had, and add their
    start-up and the sending of their results."""
    since = since or CpuSample()
    time.sleep(max(0.0, since.when + IDLE_SAMPLE - time.monotonic()))
    return (os.cpu_count() or 1) - since.others() >= 1


def workers_sharing(asked: int | None, enough: bool, since: CpuSample) -> int:
    """How many processes share a stage's work, this one among them: the `asked` ones, else one
    per core when there is `enough` work to pay for starting the others and a core is idle
    (`idle_core(since)`), else this one alone."""
    if asked is not None:
        return asked
    return workers_for(None) if enough and idle_core(since) else 1


def _ignore_interrupts(initializer: Callable[[], None] | None = None) -> None:
    """Worker processes leave Ctrl-C to the process that started them (which stops them): a
    terminal sends SIGINT to every process of the job, and each worker would print a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if initializer is not None:
        initializer()


@contextlib.contextmanager
def _interrupts_held():
    """Hold Ctrl-C while worker processes are started. SIGINT is blocked in this thread, so a
    process started meanwhile (the forkserver, whose children the workers are) inherits the
    blocked mask and a terminal's Ctrl-C reaches only the main process; and in the main thread
    Python's handler is deferred too, since another thread may take the signal for the process
    and a KeyboardInterrupt raised between connecting to the forkserver and sending it the
    worker's pipes kills the forkserver. A Ctrl-C meanwhile is raised after."""
    block = getattr(signal, "pthread_sigmask", None)
    held: list[int] = []
    in_main = threading.current_thread() is threading.main_thread()
    if in_main:
        handler = signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum))
    old = block(signal.SIG_BLOCK, {signal.SIGINT}) if block is not None else None
    try:
        yield
    finally:
        if block is not None:
            block(signal.SIG_SETMASK, old)
        if in_main:
            signal.signal(signal.SIGINT, handler)
            if held:
                signal.raise_signal(signal.SIGINT)


#: This process's own ends of its pools' pipes, which it never uses (`_let_go`), while they are open.
_UNUSED_ENDS: weakref.WeakSet = weakref.WeakSet()


def pool(workers: int, initializer: Callable[[], None] | None = None, inherit: bool = False
         ) -> ProcessPoolExecutor:
    """A process pool of `workers`, deaf to Ctrl-C, started from `context(inherit)`."""
    executor = ProcessPoolExecutor(max_workers=workers, mp_context=context(inherit),
                                   initializer=_ignore_interrupts, initargs=(initializer,))
    for queue, end in (("_result_queue", "_writer"), ("_call_queue", "_reader")):
        connection = getattr(getattr(executor, queue, None), end, None)
        if connection is not None:  # ends the running interpreter does not have are left alone
            _UNUSED_ENDS.add(connection)
    return executor


def _let_go() -> None:
    """Let the pools whose workers were ended stop waiting for them. A worker killed while it
    sent a result leaves its pool's thread reading the rest for good (a job too big for the
    pipe, its sender writing it), and Python's exit waits for that thread. With this process's
    own ends of those pipes closed, the reader meets the end of its pipe and the sender a
    broken one, and the pool stops as a broken pool does."""
    for connection in list(_UNUSED_ENDS):
        with contextlib.suppress(OSError):
            connection.close()


def run_jobs(func: Callable, jobs: list[tuple], workers: int, *, share: bool = False,
             here: Callable | None = None) -> Generator[tuple[int, object] | None, None, None]:
    """func(*job) for each job: in a pool of `workers` processes when there are two or more
    (here otherwise). Yields (index, result) as each job finishes, and None now and then while
    waiting, so a caller can report progress and be cancelled (closing the generator cancels
    what is queued). Jobs whose workers could not start or died run here at the end.

    With `share`, this process is one of the `workers`: it takes jobs itself (with `here`, by
    default `func`) while the others run in the pool, which is forked from it where
    `can_inherit` allows (so they start holding what this process holds)."""
    local = (here or func) if share else func  # what this process runs
    helpers = workers - 1 if share else workers
    if workers <= 1 or len(jobs) <= 1:
        for i, job in enumerate(jobs):
            yield i, local(*job)
        return
    executor = pool(min(helpers, len(jobs)), inherit=share)
    broken: list[int] = []
    futures: dict[Future, int] = {}
    queue = deque(range(len(jobs)))
    # shared: each helper holds one job queued behind the one it runs, so it never waits for
    # this process to hand it the next
    ahead = 2 * helpers if share else len(jobs)

    def submit() -> None:
        while queue and len(futures) < ahead:
            i = queue.popleft()
            try:
                futures[executor.submit(func, *jobs[i])] = i
            except (BrokenProcessPool, RuntimeError):
                broken.append(i)

    try:
        with _interrupts_held():  # the forkserver (and so every worker) starts deaf to Ctrl-C
            submit()
        while futures or queue:
            finished, _ = wait(futures, timeout=0 if share and queue else POLL, return_when=FIRST_COMPLETED)
            for future in finished:
                i = futures.pop(future)
                try:
                    result = future.result()
                except BrokenProcessPool:
                    broken.append(i)  # workers could not start here: done below
                else:
                    yield i, result
            submit()
            if share and queue:
                i = queue.pop()  # from the end: the pool takes from the front
                yield i, local(*jobs[i])
            else:
                yield None
    finally:
        executor.shutdown(wait=False, cancel_futures=True)
    for i in sorted(broken):
        yield i, local(*jobs[i])


def ordered(func: Callable, batches: Iterable[tuple], workers: int, ahead: int,
            initializer: Callable[[], None] | None = None) -> Iterator:
    """func(*batch) for each batch, in order: in `workers` processes when there are two or more
    (up to `ahead` batches each queued ahead, so they keep working while the caller uses the
    results), else here. Workers that cannot start (or die) leave the rest to this process.
    Closing the generator cancels what is queued."""
    if workers <= 1:
        for batch in batches:
            yield func(*batch)
        return
    with _interrupts_held():
        executor = pool(workers, initializer)
    queued: deque = deque()
    source = iter(batches)
    broken = False

    def fill() -> None:
        nonlocal broken
        while not broken and len(queued) < ahead * workers:
            batch = next(source, None)
            if batch is None:
                return
            try:
                queued.append((executor.submit(func, *batch), batch))
            except (BrokenProcessPool, RuntimeError):  # workers cannot start here
                broken = True
                queued.append((None, batch))

    try:
        with _interrupts_held():
            fill()
        while queued:
            future, batch = queued.popleft()
            result = None
            if future is not None:
                try:
                    result = future.result()
                except BrokenProcessPool:
                    broken = True
            yield result if result is not None else func(*batch)
            fill()
            if broken and not queued:
                for batch in source:
                    yield func(*batch)
    finally:
        executor.shutdown(wait=False, cancel_futures=True)


def on_thread_ahead(func: Callable, items: Iterable, ahead: int = 64) -> Iterator:
    """func(item) for each item, in order, computed on a helper thread up to `ahead` items
    before the caller takes them: for calls that release the GIL (native code), which then
    run beside the caller's own work. The thread starts at once (the caller may do other
    work before it takes the first result). Closing the iterator (`close()`) stops the
    thread; an exception in func is raised here, at its item."""
    return _Ahead(func, items, ahead)


class _Ahead:
    """`on_thread_ahead`'s iterator: the helper thread and the results it queued."""

    def __init__(self, func: Callable, items: Iterable, ahead: int):
        self._results: deque = deque()
        self._ready = threading.Condition()
        self._stop = [False]
        self._thread = threading.Thread(target=_ahead, name="plagscope-ahead", daemon=True,
                                        args=(func, items, ahead, self._results, self._ready, self._stop))
        self._thread.start()
        # dropped without being closed: the thread stops all the same (it holds no reference here)
        weakref.finalize(self, _stop_ahead, self._ready, self._stop)

    def __iter__(self) -> Iterator:
        return self

    def __next__(self):
        if self._stop[0]:
            raise StopIteration
        with self._ready:
            while not self._results:
                self._ready.wait()
            value = self._results.popleft()
            self._ready.notify_all()
        if value is None:
            self.close()
            raise StopIteration
        if value[1] is not None:
            self.close()
            raise value[1]
        return value[0]

    def close(self) -> None:
        """Stop the thread (after the item it is computing) and wait for it."""
        _stop_ahead(self._ready, self._stop)
        if self._thread is not threading.current_thread():
            self._thread.join()


def _stop_ahead(ready: threading.Condition, stop: list[bool]) -> None:
    with ready:
        stop[0] = True
        ready.notify_all()


def _ahead(func: Callable, items: Iterable, ahead: int, results: deque, ready: threading.Condition,
           stop: list[bool]) -> None:
    """The helper thread of `on_thread_ahead`: (value, None) or (None, exception) per item,
    then None for the end."""
    for item in items:
        if stop[0]:
            return
        try:
            value = (func(item), None)
        except BaseException as exc:  # noqa: BLE001 (raised in the caller, at its item)
            value = (None, exc)
        with ready:
            while len(results) >= ahead and not stop[0]:
                ready.wait()
            if stop[0]:
                return
            results.append(value)
            ready.notify_all()
        if value[1] is not None:
            return
    with ready:
        results.append(None)  # the end
        ready.notify_all()


def descendants(pid: int | None = None) -> list[psutil.Process]:
    """The processes below `pid` (default: this one): its children, theirs, and so on."""
    try:
        return psutil.Process(pid or os.getpid()).children(recursive=True)
    except psutil.Error:
        return []


def _forkserver_pid() -> int | None:
    """multiprocessing's forkserver in this process, if it started one."""
    try:
        from multiprocessing import forkserver  # noqa: PLC0415 (not on every platform)

        return forkserver._forkserver._forkserver_pid
    except (ImportError, AttributeError):  # no forkserver on this platform
        return None


def _tracker_pid() -> int | None:
    """multiprocessing's resource tracker in this process, if it started one."""
    try:
        from multiprocessing import resource_tracker  # noqa: PLC0415 (not on every platform)

        return resource_tracker._resource_tracker._pid
    except (ImportError, AttributeError):
        return None


def _helper_pids() -> set[int]:
    """multiprocessing's own helpers in this process (the forkserver, the resource tracker):
    they end by themselves when this process exits (their pipes close), and multiprocessing
    counts on them while it lives, so they are never ended here."""
    return {pid for pid in (_forkserver_pid(), _tracker_pid()) if pid is not None}


def end_processes(processes: Iterable[psutil.Process], timeout: float = ENDING) -> None:
    """Ask `processes` to end (SIGTERM), then kill those still running after `timeout` (at once
    when it is 0)."""
    processes = list(processes)
    for p in processes:
        with contextlib.suppress(psutil.Error):
            if timeout > 0:
                p.terminate()
            else:
                p.kill()
    _gone, alive = psutil.wait_procs(processes, timeout=max(timeout, 0.5))
    for p in alive:
        with contextlib.suppress(psutil.Error):
            p.kill()
    psutil.wait_procs(alive, timeout=ENDING)


def _end_own(timeout: float) -> set[int]:
    """End the processes multiprocessing started here (pool workers under spawn, a child
    check) through multiprocessing itself, and join them; returns their pids. psutil would
    reap a child of this process before multiprocessing sees it end, and multiprocessing then
    takes it for alive for good: a pool's manager thread waits for it, and so does the exit
    hook that joins that thread."""
    own = multiprocessing.active_children()
    for p in own:
        with contextlib.suppress(Exception):
            if timeout > 0:
                p.terminate()
            else:
                p.kill()
    for p in own:
        with contextlib.suppress(Exception):
            p.join(max(timeout, 0.5))
            if p.is_alive():
                p.kill()
                p.join(ENDING)
    return {p.pid for p in own}


def end_children(timeout: float = ENDING, *, helpers: bool = False) -> None:
    """End every process this one started (pool workers, a child check, and theirs; workers
    are the forkserver's children), so none outlives a command: what the command line does
    on Ctrl-C (`timeout` 0: killed at once) and, with `helpers`, before it exits: then
    multiprocessing's forkserver is stopped too, the way multiprocessing stops it (so it
    starts a new one if this process goes on, as a test's does). The resource tracker is
    left to end with this process: the pool's semaphores unregister themselves in its exit
    hooks, and a tracker stopped before them unlinks them itself, with a warning on stderr."""
    keep = _helper_pids()
    keep |= _end_own(timeout)
    end_processes([p for p in descendants() if p.pid not in keep], timeout)
    _let_go()
    if not helpers:
        return
    with contextlib.suppress(Exception):
        from multiprocessing import forkserver  # noqa: PLC0415 (not on every platform)

        forkserver._forkserver._stop()
    tracker = _tracker_pid()
    end_processes([p for p in descendants() if p.pid != tracker], timeout)  # anything the forkserver left
