"""Watch the threads of another process from outside it: every few milliseconds, each thread's
scheduler state, the system call it waits in and its CPU ticks, from /proc (Linux).

Why from outside: a sampler thread inside the watched process needs the interpreter lock to
run, so it cannot see a stretch in which another thread holds that lock. bench/click_bench.py
(--why) starts this beside the window and afterwards asks `explain` what the GUI thread was
doing during each long repaint gap: running, waiting for a core, waiting on a lock (the
interpreter lock is a futex), or waiting in the event loop or for the X server (poll, recvmsg).

    python bench/thread_watch.py PID OUT [INTERVAL_MS]
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

#: x86-64 system call numbers worth a name here
SYSCALLS = {"0": "read", "7": "poll", "23": "select", "35": "nanosleep", "45": "recvfrom", "47": "recvmsg",
            "61": "wait4", "202": "futex", "230": "clock_nanosleep", "232": "epoll_wait", "270": "pselect6",
            "271": "ppoll", "281": "epoll_pwait", "1": "write", "44": "sendto", "46": "sendmsg"}


def watch(pid: int, out: Path, interval: float = 0.005) -> None:
    """Write `time tid state syscall ticks` lines to `out` until `pid` ends."""
    base = Path(f"/proc/{pid}/task")
    with out.open("w") as f:
        while base.exists():
            now = time.monotonic()
            try:
                tids = os.listdir(base)
            except OSError:
                break
            for tid in tids:
                try:
                    stat = (base / tid / "stat").read_text()
                    call = (base / tid / "syscall").read_text().split(" ", 1)[0].strip()
                except OSError:
                    continue
                fields = stat[stat.rfind(")") + 2:].split()
                ticks = int(fields[11]) + int(fields[12])
                f.write(f"{now:.4f} {tid} {fields[0]} {SYSCALLS.get(call, call)} {ticks}\n")
            time.sleep(interval)


def what(state: str, call: str) -> str:
    if state == "R":
        return "running or waiting for a core"
    if call == "futex":
        return "waiting on a lock (the interpreter lock)"
    if call in ("poll", "ppoll", "select", "pselect6", "epoll_wait", "epoll_pwait"):
        return "waiting in poll (event loop or the X server)"
    if call in ("read", "recvmsg", "recvfrom"):
        return "reading (a socket or pipe)"
    return f"{state} {call}"


def explain(log: Path, gui: int, names: dict[int, str], gaps: list[tuple[str, float, float, int]],
            top: int = 8) -> list[str]:
    """For the `top` longest gaps (stage, start, end, ms): what the GUI thread was doing, sample
    by sample, and which other threads were running meanwhile."""
    rows = defaultdict(list)  # tid -> [(time, state, call, ticks)]
    for line in log.read_text().splitlines():
        parts = line.split()
        if len(parts) == 5:
            rows[int(parts[1])].append((float(parts[0]), parts[2], parts[3], int(parts[4])))
    lines = []
    for stage, start, end, ms in sorted(gaps, key=lambda g: -g[3])[:top]:
        gui_states = Counter(what(s, c) for t, s, c, _ in rows.get(gui, ()) if start <= t <= end)
        busy = []
        for tid, samples in rows.items():
            inside = [x for x in samples if start <= x[0] <= end]
            if tid == gui or not inside:
                continue
            ticks = inside[-1][3] - inside[0][3]
            running = sum(1 for x in inside if x[1] == "R")
            if ticks or running:
                busy.append(f"{names.get(tid, tid)} {ticks * 10} ms CPU, R in {running}/{len(inside)}")
        total = sum(gui_states.values()) or 1
        states = ", ".join(f"{what_} {n * 100 // total}%" for what_, n in gui_states.most_common())
        lines.append(f"{ms:>6} ms [{stage}] GUI thread: {states or 'no samples'}; other threads: "
                     f"{'; '.join(busy) or 'none running'}")
    return lines


if __name__ == "__main__":
    watch(int(sys.argv[1]), Path(sys.argv[2]), (float(sys.argv[3]) if len(sys.argv) > 3 else 5) / 1000)
