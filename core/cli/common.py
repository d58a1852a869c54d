"""What every subcommand shares: exit codes (defined in core.cli), safe output, table cells, progress, report files."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import unicodedata
from collections.abc import Generator, Iterable
from pathlib import Path

from core.cli import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, EXIT_WRITE_FAILED, interrupted_line, warn
from core.concurrency import end_children
from core.display import safe_name
from core.messages import text
from core.models import Progress
from core.reports import write_report

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "EXIT_WRITE_FAILED",
    "drain",
    "fit",
    "out",
    "prepare_streams",
    "show",
    "stdout_closed",
    "warn",
    "width",
]

show = safe_name  # every name or path printed goes through this


def prepare_streams() -> None:
    """Never crash on a character the terminal's encoding lacks: write it as an escape."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError):  # replaced by a test, or already closed
            pass


def out(line: str = "") -> None:
    print(line)


def _char_width(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def width(s: str) -> int:
    """Terminal columns of a string (CJK characters take two, combining and format marks none)."""
    return sum(_char_width(ch) for ch in s)


def fit(s: str, cols: int) -> str:
    """Cut or pad a (safe) string to exactly `cols` terminal columns; a cut ends in '…'.

    A cut keeps a FSI ... PDI isolate closed, so the rest of the line keeps its direction.
    """
    total = width(s)
    out_chars, used = [], 0
    for ch in s:
        w = _char_width(ch)
        if used + w > cols - (1 if used + w < total else 0):
            out_chars.append("…")
            used += 1
            break
        out_chars.append(ch)
        used += w
    text = "".join(out_chars)
    if text.count("\u2068") > text.count("\u2069"):
        text += "\u2069"
    return text + " " * max(0, cols - used)


def progress_printer(enabled: bool):
    """(show, close): `show(progress)` rewrites one status line on stderr; `close()` clears it."""
    last = [""]

    def update(p: Progress) -> None:
        if not enabled:
            return
        line = f"\r{stage_text(p.stage)}: {p.done}/{p.total}"
        if line != last[0]:
            sys.stderr.write(line + " " * 10)
            sys.stderr.flush()
            last[0] = line

    def close() -> None:
        if enabled and last[0]:
            sys.stderr.write("\r" + " " * (len(last[0]) + 10) + "\r")
            sys.stderr.flush()

    return update, close


def stage_text(stage: str) -> str:
    """A progress stage (a code of core.messages) in English words."""
    return text(stage, "en")


_kept: list[bool] = []  # a Ctrl-C Python swallowed while the command ran (`ctrl_c_kept`)


@contextlib.contextmanager
def ctrl_c_kept():
    """While a command runs, a Ctrl-C Python would swallow is kept: a KeyboardInterrupt raised
    while a finalizer runs is only printed ("Exception ignored"), and the command would go on
    as if it never came. `raise_kept` raises it again at the command's next step."""
    before = sys.unraisablehook

    def keep(unraisable) -> None:
        if issubclass(unraisable.exc_type, KeyboardInterrupt):
            _kept.append(True)
        else:
            before(unraisable)

    _kept.clear()
    sys.unraisablehook = keep
    try:
        yield
    finally:
        sys.unraisablehook = before


def raise_kept() -> None:
    """Raise the Ctrl-C `ctrl_c_kept` kept, if one came."""
    if _kept:
        _kept.clear()
        raise KeyboardInterrupt


def drain(gen: Generator[Progress, None, object], quiet: bool) -> object:
    """Run a progress generator to its end, showing progress on a terminal; returns its value.

    On Ctrl-C the generator is closed (which cancels its worker processes) and the
    KeyboardInterrupt goes on to `main`, which prints one line and exits 130.
    """
    update, close = progress_printer(not quiet and sys.stderr.isatty())
    try:
        while True:
            update(next(gen))
            raise_kept()
    except StopIteration as stop:
        return stop.value
    finally:
        close()
        gen.close()


def interrupted() -> int:
    """Ctrl-C: stop every worker process at once, say so in one line; returns 130.

    Workers ignore SIGINT (core.concurrency), so they are killed here rather than left to
    finish their chunk or print tracebacks; a second Ctrl-C while stopping is ignored.
    """
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        pass
    end_children(0)
    return interrupted_line()


def stdout_closed() -> None:
    """The reader of stdout went away (`| head`): stop writing to it, quietly."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def write_reports(report, targets: Iterable[tuple[str, str | None]], inputs: Iterable[str] = (),
                  verdicts=None, json_version: int | None = None, language: str = "en"):
    """Write `report` in each (format, path) with a path, HTML and PDF in `language` ("en" or
    "zh"); returns (status, lines to print).

    A target that is one of the `inputs` (the documents checked) is refused, never
    overwritten; a failure prints one line naming the file and why.
    """
    status, written = EXIT_OK, []
    protected = {_identity(p) for p in inputs}
    protected.discard(None)
    for fmt, target in targets:
        if not target:
            continue
        if _identity(target) in protected:
            warn(f"not writing the {fmt.upper()} report to {show(target)}: "
                 "it is one of the documents being checked")
            status = EXIT_WRITE_FAILED
            continue
        try:
            extra = {"verdicts": verdicts} if verdicts else {}  # a saved check's
            if fmt == "json" and json_version:
                extra["json_version"] = json_version
            write_report(report, Path(target), fmt, language=language, **extra)
        except OSError as e:
            warn(write_failure(target, e))
            status = EXIT_WRITE_FAILED
        else:
            written.append(f"wrote {fmt.upper()} report to {show(target)}")
    return status, written


def write_failure(target: str, exc: OSError) -> str:
    """'cannot write X: why', naming the file once (core.atomic's errors carry `reason`)."""
    reason = getattr(exc, "reason", None) or exc.strerror or str(exc) or type(exc).__name__
    return f"cannot write {show(target)}: {reason}"


def _identity(path) -> tuple[int, int] | str | None:
    """What makes two paths the same file: (device, inode) when it exists, else the real path."""
    try:
        info = os.stat(path)
    except OSError:
        try:
            return os.path.realpath(path)
        except (OSError, ValueError):
            return None
    return (info.st_dev, info.st_ino)
