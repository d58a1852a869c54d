"""Ctrl-C on `plagscope check`, many times: it must stop within 1 s with one line and exit 130,
leaving no process behind.

    python bench/ctrl_c.py [--runs 50] [--essays 400] [--entry cli|launcher]

Each run starts the CLI in a session of its own on a generated class (Chinese essays, large
enough that fingerprinting runs in worker processes), waits a random 0.2-3 s (so the signal
lands while loading, in the worker pool, while comparing or while printing), then sends
SIGINT to the whole process group, as a terminal's Ctrl-C does. It records how long the
main process took to exit, its status, its stderr, and whether any process of the group
was still alive 1 s after the main one exited. POSIX only.

    python bench/ctrl_c.py --stages [--essays 1500] [--texts 80]

instead interrupts each stage on purpose: the CLI runs with its progress line on a
pseudo-terminal, SIGINT goes to the group as soon as the line names the stage and, in a second
run, 1 s later (inside the stage's long calls), and once more after the progress line is
cleared (grouping, printing, writing the report), and the table gives the stop latency, for a
class of distinct essays, one of many copies (`--texts` texts, each copied essays/texts times)
and three of near copies (the same copies, each with its own trailing blank lines, one
character changed, or its student's name line on top); `--shape` picks some.

    python bench/ctrl_c.py --copies [--essays 1500] [--texts 80] [--shape S] [--root OLD_CHECKOUT]

runs the whole check (no Ctrl-C) on those classes of the same size, one after the other, and
prints each one's time, peak RSS and pairs: a class of many copies or near copies must stay
within the memory and time of the class of distinct essays. `--root` adds the same runs of an
older checkout. `--from FOLDER` builds every class from that folder's essays instead of random
characters (real prose: short runs between punctuation, repeated phrases, citations).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))



def _hears_ctrl_c() -> None:
    """In the child before it starts: SIGINT back to its default, as in a terminal (a shell
    starts background jobs with SIGINT ignored, and a child would inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def make_class(folder: Path, essays: int, chars: int = 3000, seed: int = 1) -> Path:
    """`essays` Chinese essays of about `chars` characters, some sharing passages."""
    rng = random.Random(seed)
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]
    common = "".join(rng.choice(alphabet) for _ in range(600))
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(essays):
        body = "".join(rng.choice(alphabet) for _ in range(chars))
        if i % 5 == 0:
            body = body[: chars // 2] + common + body[chars // 2 :]
        (folder / f"student_{i:04d}.txt").write_text(body, encoding="utf-8")
    return folder


def make_copies(folder: Path, essays: int, texts: int, chars: int = 3000, seed: int = 1,
                source: Path | None = None) -> Path:
    """`essays` essays made of `texts` distinct texts, each copied essays/texts times: random
    Chinese characters, or with `source` the first `texts` essays of that folder (real prose:
    punctuated, its runs short, its phrases repeated)."""
    rng = random.Random(seed)
    if source is None:
        alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]
        bodies = ["".join(rng.choice(alphabet) for _ in range(chars)) for _ in range(texts)]
    else:
        files = sorted(source.glob("*.txt"))[:texts]
        if len(files) < texts:
            raise SystemExit(f"{source}: {len(files)} .txt essays, {texts} needed")
        bodies = [f.read_text(encoding="utf-8") for f in files]
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(essays):
        (folder / f"student_{i:04d}.txt").write_text(bodies[i % texts], encoding="utf-8")
    return folder


NEAR_SHAPES = {
    "blank": "each copy with its own trailing blank lines",
    "char": "each copy with one character changed",
    "name": "each copy with its student's name line on top",
}


def make_near_copies(folder: Path, essays: int, texts: int, chars: int = 3000, seed: int = 1,
                     how: str = "blank", source: Path | None = None) -> Path:
    """`make_copies`, no two files identical (so none is compared once for all,
    core/matching/copies.py): each copy ends in its own run of blank lines and spaces
    ("blank"), has one character changed at a place of its own ("char"), or starts with a
    line naming its student ("name")."""
    make_copies(folder, essays, texts, chars, seed, source)
    rng = random.Random(seed + 1)
    alphabet = [chr(c) for c in range(0x4E00 + 3000, 0x4E00 + 6000)]
    for i, path in enumerate(sorted(folder.iterdir())):
        text = path.read_text(encoding="utf-8")
        if how == "blank":
            text += "\n" * (1 + i % 5) + " " * (i // 5)
        elif how == "char":
            at = rng.randrange(len(text))
            text = text[:at] + rng.choice(alphabet) + text[at + 1:]
        else:
            text = f"姓名：{''.join(rng.choice(alphabet) for _ in range(3))}  学号：{20240000 + i}\n\n" + text
        path.write_text(text, encoding="utf-8")
    return folder


def interrupt_at(cmd: list[str], stage: str, into: float = 0.0, timeout: float = 900) -> dict:
    """Run `cmd` with stderr on a pseudo-terminal (so it shows its progress line), send SIGINT
    to its process group `into` seconds after that line names `stage`: the seconds to exit,
    the exit status, and the stage the line showed when the signal was sent ("" if never)."""
    import pty
    import select

    from core.messages import STAGES, text

    words = text(stage, "en").encode()
    names = {text(s, "en").encode(): s for s in STAGES}
    master, slave = pty.openpty()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=slave,
                            start_new_session=True, preexec_fn=_hears_ctrl_c)  # noqa: PLW1509 (one signal call, no lock)
    os.close(slave)
    since, buffer, sent, at = None, b"", None, ""
    deadline = time.monotonic() + timeout
    try:
        while proc.poll() is None and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.01)
            if ready:
                try:
                    buffer = (buffer + os.read(master, 4096))[-4096:]
                except OSError:
                    break
            if since is None and (words in buffer if stage != AFTER else
                                  text("comparing", "en").encode() in buffer and buffer.endswith(b" \r")):
                since = time.monotonic()
            if since is not None and time.monotonic() - since >= into:
                sent = time.monotonic()
                os.killpg(proc.pid, signal.SIGINT)
                at = max(names, key=buffer.rfind)
                at = AFTER if buffer.endswith(b" \r") else names[at] if buffer.rfind(at) >= 0 else ""
                break
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    finally:
        os.close(master)
    took = time.monotonic() - sent if sent is not None else None
    return {"stage": stage, "at": at, "took": took, "code": proc.returncode}


#: Not a stage: the check's progress line has been cleared (after comparing) and the command
#: groups the pairs, prints them and writes the report (`check` reports no Progress for those).
AFTER = "after the check"
STAGE_ORDER = ("loading", "fingerprinting", "indexing", "comparing", AFTER)


SHAPES = ("distinct", "copies", "near", "char", "name")


def class_shapes(tmp: Path, essays: int, texts: int, source: Path | None = None) -> list[tuple[str, Path]]:
    """The classes of `essays` essays compared side by side, from one generator (`source`: see
    `make_copies`): distinct essays, `texts` texts copied, and the same copies made near copies
    three ways (`make_near_copies`); each folder is named for its shape."""
    per = f"{texts} texts x ~{essays // texts}"
    return [("distinct essays", make_copies(tmp / "distinct", essays, essays, source=source)),
            (f"{per} copies", make_copies(tmp / "copies", essays, texts, source=source)),
            (f"{per} near copies (blank lines)", make_near_copies(tmp / "near", essays, texts, source=source)),
            (f"{per} near copies (one character)",
             make_near_copies(tmp / "char", essays, texts, how="char", source=source)),
            (f"{per} near copies (name line)",
             make_near_copies(tmp / "name", essays, texts, how="name", source=source))]


def stages_table(essays: int, texts: int, delays: tuple[float, ...] = (0.0, 1.0),
                 stages: tuple[str, ...] = STAGE_ORDER, shapes_wanted: tuple[str, ...] = (),
                 source: Path | None = None) -> int:
    """The stop latency per stage (SIGINT as the stage shows, and `delays` later), for
    distinct essays, many identical copies and many near copies of the same size."""
    rows, worst = [], 0.0
    with tempfile.TemporaryDirectory() as tmp:
        shapes = class_shapes(Path(tmp), essays, texts, source)
        for shape, folder in shapes:
            if shapes_wanted and folder.name not in shapes_wanted:
                continue
            cmd = [sys.executable, "-m", "core.cli", "check", str(folder), "--top", "5",
                   "--json", str(Path(tmp) / "report.json")]
            for stage in stages:
                for into in delays:
                    load = os.getloadavg()[0]
                    r = interrupt_at(cmd, stage, into)
                    if r["took"] is not None:
                        worst = max(worst, r["took"])
                        rows.append(f"| {shape} | {stage} + {into:.1f} s | {r['at'] or '?'} | {r['took']:.2f} s "
                                    f"| {r['code']} | {load:.1f} |")
                    else:
                        rows.append(f"| {shape} | {stage} + {into:.1f} s | finished first | | {r['code']} | {load:.1f} |")
                    print(rows[-1], flush=True)
    print(f"\n{essays} essays, load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print("| class | SIGINT at | line showed | stopped after | exit | load |\n|---|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"worst: {worst:.2f} s")
    return 0 if worst <= 1.0 else 1


def full_check(root: Path, folder: Path) -> tuple[float, float, int, int, float]:
    """(seconds, peak RSS in MB, exit status, pairs reported, CPU seconds of the process and the
    workers it waited for) of one whole `plagscope check` of `folder` by the checkout at
    `root`, in a child process measured for it alone (CPU time counts on a loaded machine)."""
    import json

    out = folder.parent / f"{folder.name}.json"
    code = "import sys; from core.cli import main; sys.exit(main(sys.argv[1:]))"
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, "check", str(folder), "--quiet", "--top", "0",
                             "--json", str(out)], cwd=root, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    took = time.perf_counter() - start
    pairs = len(json.loads(out.read_text(encoding="utf-8"))["pairs"]) if out.exists() else -1
    return (took, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), pairs,
            usage.ru_utime + usage.ru_stime)


def copies_table(essays: int, texts: int, roots: list[Path], shapes_wanted: tuple[str, ...] = (),
                 source: Path | None = None) -> int:
    """Time and peak memory of a whole check, distinct essays, many copies and many near
    copies, side by side."""
    rows, ratios = [], []
    with tempfile.TemporaryDirectory() as tmp:
        shapes = [(shape, folder) for shape, folder in class_shapes(Path(tmp), essays, texts, source)
                  if not shapes_wanted or folder.name in shapes_wanted or folder.name == "distinct"]
        for root in roots:
            measured = []
            for shape, folder in shapes:
                load = os.getloadavg()[0]
                took, peak, code, pairs, cpu = full_check(root, folder)
                measured.append((shape, took, peak, cpu))
                rows.append(f"| {root.name} | {shape} | {took:.1f} | {cpu:.1f} | {peak:,.0f} | {pairs:,} | {code} "
                            f"| {load:.1f} |")
            _, took0, peak0, cpu0 = measured[0]
            ratios += [f"{root.name}: {shape} / distinct = {took / took0:.2f}x time, {cpu / cpu0:.2f}x CPU, "
                       f"{peak / peak0:.2f}x peak RSS" for shape, took, peak, cpu in measured[1:]]
    made = f"essays of {source}" if source else "essays of 3,000 random characters"
    print(f"{essays} {made}, load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print("| checkout | class | seconds | CPU s | peak RSS MB | pairs | exit | load at start |\n"
          "|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print("\n".join(ratios))
    return 0


def group_alive(pgid: int) -> list[int]:
    """Process ids still in process group `pgid` (from /proc)."""
    alive = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            alive.append(int(entry))
    return alive


def command(entry: str, folder: Path) -> list[str]:
    if entry == "launcher":
        return [sys.executable, "-c", "import sys; from gui.launcher import main; sys.exit(main())",
                "check", str(folder), "--top", "5"]
    return [sys.executable, "-m", "core.cli", "check", str(folder), "--top", "5"]


def one_run(cmd: list[str], delay: float) -> dict:
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=_hears_ctrl_c)  # noqa: PLW1509 (one signal call, no lock)
    time.sleep(delay)
    sent = time.monotonic()
    try:
        os.killpg(proc.pid, signal.SIGINT)
    except ProcessLookupError:
        pass
    try:
        _, err = proc.communicate(timeout=30)
        hung = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        _, err = proc.communicate()
        hung = True
    took = time.monotonic() - sent
    time.sleep(1.0)
    left = group_alive(proc.pid)
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return {"delay": delay, "took": took, "code": proc.returncode, "stderr": err.decode(errors="replace"),
            "hung": hung, "left": left}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--essays", type=int, default=400)
    parser.add_argument("--entry", choices=("cli", "launcher"), default="cli")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--stages", action="store_true", help="the stop latency of each stage")
    parser.add_argument("--texts", type=int, default=80, help="distinct texts of the copies class")
    parser.add_argument("--stage", action="append", default=[], choices=STAGE_ORDER,
                        help="with --stages: only this stage (repeatable)")
    parser.add_argument("--shape", action="append", default=[], choices=SHAPES,
                        help="with --stages or --copies: only this class shape (repeatable; --copies "
                             "always runs distinct essays beside it)")
    parser.add_argument("--copies", action="store_true",
                        help="time and peak memory of whole checks: many copies vs distinct essays")
    parser.add_argument("--root", type=Path, action="append", default=[],
                        help="with --copies: also run an older checkout (repeatable)")
    parser.add_argument("--from", dest="source", type=Path,
                        help="with --stages or --copies: build the classes from this folder's .txt essays "
                             "(real prose, e.g. bench/out/corpora/zh-2000-s0-v5/docs) instead of random characters")
    args = parser.parse_args()
    if args.copies:
        return copies_table(args.essays, args.texts, [ROOT, *args.root], tuple(args.shape), args.source)
    if args.stages:
        return stages_table(args.essays, args.texts, stages=tuple(args.stage) or STAGE_ORDER,
                            shapes_wanted=tuple(args.shape), source=args.source)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        folder = make_class(Path(tmp) / "class", args.essays)
        cmd = command(args.entry, folder)
        start = time.monotonic()
        subprocess.run(cmd, cwd=ROOT, capture_output=True)  # noqa: PLW1510 (warm-up run: its outcome is not used)
        print(f"one uninterrupted check: {time.monotonic() - start:.2f} s ({args.essays} essays)")
        results = []
        for n in range(args.runs):
            r = one_run(cmd, rng.uniform(0.2, 3.0))
            ok = (r["code"] == 130 and r["stderr"].strip() == "plagscope: interrupted"
                  and not r["hung"] and not r["left"]) or (r["code"] == 0 and not r["left"])
            results.append((r, ok))
            print(f"{n + 1:3d}  delay {r['delay']:.2f} s  exit {r['code']}  stopped in {r['took']:.3f} s"
                  f"  left {len(r['left'])}  {'ok' if ok else 'FAIL ' + repr(r['stderr'][-300:])}")
    took = sorted(r["took"] for r, _ in results if r["code"] == 130)
    interrupted = len(took)
    print(f"\n{args.runs} runs: {interrupted} interrupted (the rest had finished), "
          f"{sum(1 for r, _ in results if r['hung'])} hung, "
          f"{sum(1 for r, _ in results if r['left'])} left processes, "
          f"{sum(1 for _, ok in results if not ok)} failed")
    if took:
        print(f"time from SIGINT to exit: median {took[len(took) // 2]:.3f} s, max {took[-1]:.3f} s, "
              f"over 1 s: {sum(t > 1 for t in took)}")
    return 0 if all(ok for _, ok in results) and all(t <= 1 for t in took) else 1


if __name__ == "__main__":
    sys.exit(main())
