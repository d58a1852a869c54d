"""Test a built desktop bundle the way a user meets it (Linux): `python3 packaging/check_bundle.py
dist/plagscope-<version>-linux-x86_64.tar.gz [--artifacts DIR]`.

It unpacks the download into an empty folder and runs the program there with an empty
environment (`env -i`: no Python, no virtual environment, no PATH; only HOME, and DISPLAY for
the window): --version, a check of the bundled samples with the expected pairs, a saved check
written and reopened, worker processes started by the frozen program, the archive in the
user's data folder (and on PostgreSQL, given a database), the window without a display (the launcher's explanation) and on X11
under Xvfb (screenshots of the samples' check and of the saved check reopened). Needs only
the standard library and Xvfb; exits non-zero with the first failure.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

#: The pairs resources/samples/README.md says are flagged: every pair among a language's source
#: and its copies (verbatim paragraph, light edit, reordered), and each paraphrase with its source
#: (found by the meaning layer, which the check below turns on); clean essays none.
ZH_COPIES = ("zh_original_网络阅读.txt", "zh_copy_verbatim.docx", "zh_light_edit_gbk.txt", "zh_reordered.pdf")
EN_COPIES = ("en_original_homework.txt", "en_copy_verbatim.pdf", "en_light_edit.docx", "en_reordered.txt")
PARAPHRASES = (("zh_original_网络阅读.txt", "zh_paraphrase.txt"),
               ("en_original_homework.txt", "en_paraphrase.txt"))
EXPECTED_PAIRS = {frozenset((a, b)) for group in (ZH_COPIES, EN_COPIES)
                  for i, a in enumerate(group) for b in group[i + 1:]} | {
                      frozenset(pair) for pair in PARAPHRASES}

#: Essays in the generated class: over the archive's threshold for worker processes
#: (core/store/archive.py PARALLEL_MIN), and over the window's for a class checked in a child
#: process (a subset of them).
CLASS_SIZE = 520
WINDOW_CLASS_SIZE = 60


class Failed(Exception):
    pass


def step(title: str) -> None:
    print(f"bundle: {title}", flush=True)


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise Failed(message)


class Bundle:
    def __init__(self, folder: Path, home: Path):
        self.folder, self.home = folder, home
        self.program = folder / "plagscope"

    def env(self, **extra: str) -> dict[str, str]:
        """An empty environment, as `env -i HOME=... [DISPLAY=...]` gives."""
        return {"HOME": str(self.home), **extra}

    def run(self, *args: str, env: dict | None = None, timeout: float = 300, ok: bool = True,
            watch: list | None = None) -> subprocess.CompletedProcess:
        started = time.monotonic()
        proc = subprocess.Popen([str(self.program), *args], cwd=self.folder,
                                env=self.env() if env is None else env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        watcher = None
        if watch is not None:
            watcher = threading.Thread(target=_watch_children, args=(proc, watch), daemon=True)
            watcher.start()
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
            raise Failed(f"plagscope {' '.join(args)} did not finish in {timeout:.0f} s\n{err[-2000:]}")
        if watcher is not None:
            watcher.join(2)
        result = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
        took = time.monotonic() - started
        if ok and proc.returncode != 0:
            raise Failed(f"plagscope {' '.join(args)} exited {proc.returncode}\n{out[-2000:]}\n{err[-3000:]}")
        print(f"    plagscope {' '.join(args)[:100]}: exit {proc.returncode}, {took:.1f} s", flush=True)
        return result


def _descendants(pid: int) -> list[tuple[int, str]]:
    """(pid, command line) of every process below `pid` (Linux /proc)."""
    parents: dict[int, int] = {}
    lines: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
            lines[int(entry)] = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(
                "utf-8", "replace")
        except (OSError, ValueError, IndexError):
            continue
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        for child, ppid in parents.items():
            if ppid == parent:
                found.append((child, lines.get(child, "")))
                frontier.append(child)
    return found


def _watch_children(proc: subprocess.Popen, seen: list) -> None:
    """Collect the command lines of proc's descendants while it runs."""
    while proc.poll() is None:
        for pid, line in _descendants(proc.pid):
            if (pid, line) not in seen:
                seen.append((pid, line))
        time.sleep(0.02)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    expect(data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG")
    return struct.unpack(">II", data[16:24])


def pair_names(report: dict) -> dict[frozenset, float]:
    names = [d["name"] for d in report["documents"]]  # a pair names its documents by position
    return {frozenset((names[p["left"]], names[p["right"]])): round(p["similarity"], 6)
            for p in report["pairs"]}


def make_class(folder: Path, samples: Path, count: int) -> None:
    """`count` short essays made of sentences of the English samples, each its own mix."""
    sentences = []
    for path in sorted(samples.glob("en_*.txt")):
        for part in path.read_text(encoding="utf-8").replace("\n", " ").split(". "):
            if len(part) > 40:
                sentences.append(part.strip().rstrip(".") + ".")
    folder.mkdir(parents=True)
    n = len(sentences)
    for i in range(count):
        picked = [sentences[(i * 7 + j * (i % 5 + 2)) % n] for j in range(4)]
        (folder / f"essay_{i:03d}.txt").write_text(f"Essay {i}. " + " ".join(picked) + "\n",
                                                   encoding="utf-8")


class Screen:
    """Xvfb on a free display number, for the window on X11."""

    def __init__(self, number: int):
        self.display = f":{number}"
        self.proc = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        socket = Path(f"/tmp/.X11-unix/X{number}")
        for _ in range(100):
            if socket.exists():
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        self.stop()
        raise Failed(f"Xvfb did not start on {self.display}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


def free_display() -> int:
    for number in range(90, 200):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise Failed("no free X display number")


#: A system library the bundle does not carry and Qt's xcb platform needs.
EGL = "libEGL.so.1"


def hide_egl(app: Bundle) -> None:
    """The launcher's X11 check, frozen: with libEGL hidden (a private mount namespace, root
    only) the window does not start and the message names the one package to install."""
    found = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout  # noqa: PLW1510 (a missing ldconfig is an empty list)
    path = next((line.split("=>")[1].strip() for line in found.splitlines()
                 if line.strip().startswith(EGL + " ") and "x86-64" in line), None)
    if os.geteuid() != 0 or not shutil.which("unshare") or path is None:
        print(f"    (skipped the missing-library check: needs root, unshare and {EGL})")
        return
    step(f"the window with {EGL} missing: the launcher names the package")
    script = 'mount --bind /dev/null "$1" && exec env -i HOME="$2" DISPLAY=:0 "$3" samples'
    proc = subprocess.run(["unshare", "-m", "sh", "-c", script, "sh", path, str(app.home), str(app.program)],  # noqa: PLW1510 (the return code is read below)
                          cwd=app.folder, capture_output=True, text=True, timeout=120)
    if proc.returncode != 3 and "mount" in proc.stderr:
        print(f"    (skipped: no private mount namespace here: {proc.stderr.strip()[:200]})")
        return
    expect(proc.returncode == 3 and EGL in proc.stderr and proc.stderr.rstrip().count("\n") >= 2,
           f"exit {proc.returncode}: {proc.stderr}")
    command = next(line for line in proc.stderr.splitlines() if "apt-get install" in line)
    expect(command.strip().endswith("apt-get install -y libegl1"), f"the command was: {command}")
    print(f"    exit 3: {command.strip()}")


def check(archive: Path, artifacts: Path | None, display: int | None, methods: list[str],
          postgres: str | None = None) -> None:
    work = Path(tempfile.mkdtemp(prefix="plagscope-bundle-"))
    try:
        _check(archive, artifacts, display, work, methods, postgres)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _check(archive: Path, artifacts: Path | None, display: int | None, work: Path,
           methods: list[str], postgres: str | None) -> None:
    step(f"unpacking {archive.name} into an empty folder")
    unpacked = work / "unpacked"
    unpacked.mkdir()
    subprocess.run(["tar", "-xzf", str(archive), "-C", str(unpacked)], check=True)
    folders = list(unpacked.iterdir())
    expect(len(folders) == 1 and folders[0].is_dir(), f"the archive must hold one folder, not {folders}")
    folder = folders[0]
    for name in ("plagscope", "INSTALL.txt", "plagscope.desktop", "plagscope.svg", "plagscope.png",
                 "install-desktop-entry.sh", "samples", "_internal/fonts/wqy-microhei.ttc"):
        expect((folder / name).exists(), f"the bundle has no {name}")
    expect(os.access(folder / "plagscope", os.X_OK), "plagscope is not executable")
    home = work / "home"
    home.mkdir()
    app = Bundle(folder, home)
    out = work / "out"
    out.mkdir()

    step("--version with an empty environment")
    version = app.run("--version", env={}).stdout.strip()
    expect(version == f"plagscope {folder.name.split('-', 1)[1]}", f"--version said {version!r}")

    step("the samples on the command line (meaning layer on): the expected pairs, a saved check, reports")
    app.run("check", "samples", "--semantic", "--quiet", "--json", str(out / "check.json"), "--save",
            str(out / "check.plagscope"), "--pdf", str(out / "check.pdf"), "--html", str(out / "check.html"))
    checked = json.loads((out / "check.json").read_text(encoding="utf-8"))
    found = pair_names(checked)
    expect(set(found) == EXPECTED_PAIRS, "pairs found differ from resources/samples/README.md: "
           f"missing {sorted(map(sorted, EXPECTED_PAIRS - set(found)))}, "
           f"extra {sorted(map(sorted, set(found) - EXPECTED_PAIRS))}")
    expect(len(checked["documents"]) == 14 and not checked["errors"], "all 14 samples must load")
    pdf = (out / "check.pdf").read_bytes()
    expect(pdf.startswith(b"%PDF") and b"FontFile2" in pdf, "the PDF report has no embedded font")
    print(f"    {len(found)} pairs flagged, as expected; PDF {len(pdf) // 1024} KB")

    step("the saved check reopened (plagscope report)")
    app.run("report", str(out / "check.plagscope"), "--json", str(out / "reopened.json"))
    reopened = pair_names(json.loads((out / "reopened.json").read_text(encoding="utf-8")))
    expect(reopened == found, "the reopened check's pairs differ from the check's")

    step(f"worker processes of the frozen program: an archive of {CLASS_SIZE} essays")
    make_class(work / "class", folder / "samples", CLASS_SIZE)
    for i, method in enumerate(methods):
        seen: list = []
        env = app.env(**({"PLAGSCOPE_START_METHOD": method} if method != "default" else {}))
        args = ["archive", "add", str(work / "class"), "--label", "ci", "--quiet"]
        if i:  # the first goes to the user's data folder, the others to archives of their own
            args += ["--db", str(work / f"archive-{method}.sqlite3")]
        added = app.run(*args, env=env, watch=seen).stdout
        expect(f"added {CLASS_SIZE}," in added, f"archive add said: {added}")
        marker = "--multiprocessing-fork" if method == "spawn" else "multiprocessing.forkserver"
        workers = {pid for pid, line in seen if marker in line}
        expect(len(workers) >= 2, f"no worker processes were started ({method}): {seen}")
        print(f"    start method {method}: {len(workers)} processes of the frozen program ({marker})")
    stats = json.loads(app.run("archive", "stats", "--json").stdout)
    data_home = home / ".local" / "share" / "plagscope"
    expect(stats["documents"] == CLASS_SIZE and str(data_home) in stats["location"],
           f"the archive should be in {data_home}: {stats['location']}")

    if postgres:
        step("the archive on PostgreSQL (the bundled driver and libpq)")
        app.run("archive", "add", "samples", "--label", "ci", "--quiet", "--db", postgres)
        stats = json.loads(app.run("archive", "stats", "--json", "--db", postgres).stdout)
        expect(stats["backend"] == "postgresql" and stats["documents"] == 14, f"PostgreSQL archive: {stats}")

    step("the window without a display: the launcher explains")
    none = app.run("samples", ok=False)
    expect(none.returncode == 3 and "display" in none.stderr, f"exit {none.returncode}: {none.stderr}")

    hide_egl(app)

    step("the window on X11 (xcb) under Xvfb")
    screen = Screen(display if display is not None else free_display())
    try:
        shots = [("bundle_window.png", ["samples"]),
                 ("bundle_saved_check.png", [str(out / "check.plagscope")])]
        window_class = work / "window-class"
        window_class.mkdir()
        for path in sorted((work / "class").iterdir())[:WINDOW_CLASS_SIZE]:
            shutil.copy(path, window_class / path.name)
        shots.append(("bundle_class.png", [str(window_class)]))
        shots.append(("bundle_window_zh.png", ["samples"]))  # a Chinese desktop: the translations
        for name, args in shots:
            shot = out / name
            env = app.env(DISPLAY=screen.display, PLAGSCOPE_SMOKE_SCREENSHOT=str(shot),
                          PLAGSCOPE_SMOKE_TIMEOUT="150")
            if name.endswith("_zh.png"):  # a first start on a Chinese desktop
                env.update(LANG="zh_CN.UTF-8", HOME=str(work / "home-zh"))
                (work / "home-zh").mkdir()
            seen: list = []
            app.run(*args, env=env, timeout=240, watch=seen)
            if name == "bundle_class.png":  # a class this size is checked in a child process
                children = {pid for pid, line in seen if "multiprocessing" in line}
                expect(len(children) >= 2, f"the class was not checked in a child process: {seen}")
            width, height = png_size(shot)
            expect((width, height) == (1280, 800), f"{name}: the screenshot is {width}x{height}")
            expect(shot.stat().st_size > 30_000, f"{name}: the screenshot looks empty")
            if artifacts:
                artifacts.mkdir(parents=True, exist_ok=True)
                shutil.copy(shot, artifacts / name)
    finally:
        screen.stop()
    settings = home / ".config" / "Plagscope" / "Plagscope.conf"
    expect(settings.is_file(), f"the window's settings should be in {settings}")

    step("the menu entry (install-desktop-entry.sh)")
    subprocess.run([str(folder / "install-desktop-entry.sh")], env={"HOME": str(home), "PATH": "/usr/bin:/bin"},
                   check=True, stdout=subprocess.DEVNULL)
    entry = (home / ".local/share/applications/plagscope.desktop").read_text(encoding="utf-8")
    exec_line = next(line for line in entry.splitlines() if line.startswith("Exec="))
    expect(exec_line == f'Exec="{folder}/plagscope" %F', f"the entry starts {exec_line}")
    step("all passed")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archive", type=Path, help="dist/plagscope-<version>-linux-x86_64.tar.gz")
    parser.add_argument("--artifacts", type=Path, help="keep the screenshots here")
    parser.add_argument("--display", type=int, help="X display number for Xvfb (default: a free one)")
    parser.add_argument("--start-methods", default="default,spawn",
                        help="worker start methods to try, comma-separated (default: default,spawn; "
                             "default is forkserver on Linux, PLAGSCOPE_START_METHOD sets the others)")
    parser.add_argument("--postgres", metavar="DSN", help="also archive the samples in this (empty) "
                        "PostgreSQL database")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        check(args.archive.resolve(), args.artifacts, args.display, args.start_methods.split(","),
              args.postgres)
    except Failed as exc:
        print(f"bundle: FAILED: {exc}", file=sys.stderr)
        return 1
    print(f"bundle: checked in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
