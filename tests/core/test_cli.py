"""`plagscope check` end to end: exit codes, the printed table, and the JSON report's shape."""

import json
import os
import signal
import sys
from pathlib import Path

import pytest

from core.cli import main

SOURCE = "春眠不觉晓处处闻啼鸟夜来风雨声花落知多少床前明月光疑是地上霜举头望明月低头思故乡"


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "essays"
    d.mkdir()
    (d / "a.txt").write_text(SOURCE, encoding="utf-8")
    (d / "b.txt").write_text("一二三四五六七八九十" + SOURCE[:24], encoding="gb18030")
    (d / "empty.txt").write_bytes(b"")
    return d


def test_check_writes_reports_and_exits_zero(folder, tmp_path, capsys):
    out = tmp_path / "r.json"
    status = main(["check", str(folder), "--json", str(out), "--html", str(tmp_path / "r.html"),
                   "--csv", str(tmp_path / "r.csv"), "--quiet"])
    assert status == 0
    printed = capsys.readouterr().out
    assert "a.txt" in printed and "b.txt" in printed and "empty.txt" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    assert (data["version"], data["schema"]) == (1, 2)  # every field; version-1 readers read it
    assert [d["name"] for d in data["documents"]] == ["a.txt", "b.txt"]
    assert set(data["documents"][0]) >= {"name", "path", "format", "chars", "simhash"}
    assert data["documents"][1]["chars"] == 34 and len(data["documents"][0]["simhash"]) == 16
    [pair] = data["pairs"]
    assert set(pair) >= {"left", "right", "hamming", "similarity", "left_coverage",
                         "right_coverage", "longest", "matches"}
    assert pair["matches"] == [{"left": [0, 24], "right": [10, 34], "units": 24, "kind": "verbatim",
                                "class": "unattributed", "left_class": "unattributed",
                                "right_class": "unattributed", "left_changes": [], "right_changes": []}]
    assert pair["longest"] == 24 and pair["right_coverage"] == 24 / 34
    [error] = data["errors"]
    assert error["path"].endswith("empty.txt") and "empty" in error["message"]
    assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert (tmp_path / "r.csv").read_bytes().startswith(b"\xef\xbb\xbf")


def test_bad_usage_exits_two(capsys):
    for argv in ([], ["check"], ["check", "x", "--k", "0"], ["check", "x", "--bogus"]):
        with pytest.raises(SystemExit) as e:
            main(argv)
        assert e.value.code == 2


def test_missing_path_says_so_and_exits_two_when_nothing_was_read(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope.txt"), str(tmp_path / "essays"), "--quiet"]) == 2
    captured = capsys.readouterr()
    assert f"{tmp_path / 'nope.txt'}: no such file or folder" in captured.out
    assert f"{tmp_path / 'essays'}: no such file or folder" in captured.out
    assert "file extension" not in captured.out
    assert "nothing to check" in captured.err


def test_a_missing_path_beside_readable_ones_is_listed_and_the_check_runs(folder, tmp_path, capsys):
    assert main(["check", str(folder), str(tmp_path / "gone"), "--quiet"]) == 0
    assert "gone: no such file or folder" in capsys.readouterr().out


def test_empty_folder_and_folder_without_documents_say_so(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    (tmp_path / "pictures").mkdir()
    (tmp_path / "pictures" / "a.png").write_bytes(b"png")
    assert main(["check", str(tmp_path / "empty"), str(tmp_path / "pictures"), "--quiet"]) == 2
    printed = capsys.readouterr().out
    assert "empty: is an empty folder" in printed
    assert "pictures: has no .txt, .docx or .pdf file to check (1 other file(s) left out)" in printed


def test_documents_of_other_formats_are_named_with_what_to_do(folder, capsys):
    for suffix in (".doc", ".rtf", ".odt", ".wps", ".pages"):
        (folder / f"essay{suffix}").write_bytes(b"x")
    assert main(["check", str(folder), "--quiet"]) == 0
    printed = capsys.readouterr().out
    for suffix in (".doc", ".rtf", ".odt", ".wps", ".pages"):
        line = next(line for line in printed.splitlines() if f"essay{suffix}:" in line)
        assert suffix in line.split(":", 1)[1] and (".docx" in line or "Word" in line), line


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")
def test_fifos_sockets_and_self_links_are_listed_with_a_reason(folder, capsys):
    import socket

    os.mkfifo(folder / "pipe.txt")
    os.symlink(folder / "self.txt", folder / "self.txt")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(folder / "s.sock"))
    try:
        assert main(["check", str(folder), str(folder / "pipe.txt"), "--quiet"]) == 0
    finally:
        sock.close()
    printed = capsys.readouterr().out
    assert printed.count("pipe.txt: is a named pipe (FIFO)") == 1  # named twice, listed once
    assert "self.txt: is a link that points back to itself" in printed
    assert "s.sock: is a socket" in printed


def test_a_report_aimed_at_an_input_is_refused(folder, capsys):
    essay = folder / "a.txt"
    before = essay.read_bytes()
    assert main(["check", str(folder), "--json", str(essay), "--quiet"]) == 1
    assert essay.read_bytes() == before
    err = capsys.readouterr().err
    assert "not writing the JSON report" in err and "documents being checked" in err
    # also through another spelling of the same file, and over an unreadable input
    assert main(["check", str(folder), "--csv", str(folder / "." / "b.txt"), "--quiet"]) == 1
    assert main(["check", str(folder), "--html", str(folder / "empty.txt"), "--quiet"]) == 1
    assert (folder / "empty.txt").read_bytes() == b""


def test_a_read_only_report_is_respected_and_named_once(folder, tmp_path, capsys):
    target = tmp_path / "r.json"
    target.write_text("old")
    os.chmod(target, 0o444)
    assert main(["check", str(folder), "--json", str(target), "--quiet"]) == 1
    assert target.read_text() == "old"
    err = capsys.readouterr().err
    assert err.count("cannot write") == 1 and err.count(str(target)) == 1, err
    assert "read-only" in err


def test_cannot_write_names_the_file_once(folder, tmp_path, capsys):
    target = tmp_path / "missing-dir" / "r.json"
    assert main(["check", str(folder), "--json", str(target), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert err.count("cannot write") == 1 and err.count("r.json") == 1, err


def test_unsafe_names_are_printed_safely(tmp_path, capsys):
    d = tmp_path / "class"
    d.mkdir()
    names = ["a\x1b]0;owned\x07.txt", "b\x1b[31mred.txt", "c\u202etxt.exe.txt"]
    for name in names:
        (d / name).write_text(SOURCE, encoding="utf-8")
    raw = os.fsencode(str(d)) + b"/d\xff\xfe.txt"
    with open(raw, "wb") as f:
        f.write(SOURCE.encode("utf-8"))
    with open(os.fsencode(str(d)) + b"/e\xff.txt", "wb") as f:
        f.write(b"")
    assert main(["check", str(d), "--quiet"]) == 0
    printed = capsys.readouterr().out
    printed.encode("utf-8")  # no lone surrogate reaches the terminal
    assert "\x1b" not in printed and "\x07" not in printed and "\u202e" not in printed
    assert r"a\x1b]0;owned\x07.txt" in printed or r"a\x1b]0;owne" in printed
    assert r"e\xff.txt: is empty" in printed


def test_unwritable_report_exits_one(folder, tmp_path, capsys):
    target = tmp_path / "missing-dir" / "r.json"
    assert main(["check", str(folder), "--json", str(target), "--quiet"]) == 1
    assert "cannot write" in capsys.readouterr().err


def test_reader_closing_stdout_early_loses_no_report(tmp_path):
    import subprocess

    d = tmp_path / "class"
    d.mkdir()
    for i in range(45):  # 990 copied pairs: a table far larger than a pipe holds
        (d / f"student_{i:02d}.txt").write_text(f"第{i}号" + SOURCE * 2, encoding="utf-8")
    out = tmp_path / "r.json"
    # a reader that takes one line and goes away, as `| head -1` does
    proc = subprocess.Popen([sys.executable, "-m", "core.cli", "check", str(d), "--top", "0",
                             "--json", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=Path(__file__).resolve().parents[2])
    proc.stdout.readline()
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert b"cannot write" not in err and b"Traceback" not in err, err
    assert len(json.loads(out.read_text(encoding="utf-8"))["pairs"]) == 45 * 44 // 2


def test_help_states_the_real_defaults(capsys, monkeypatch):
    from core.options import DEFAULTS, CheckOptions

    with pytest.raises(SystemExit):
        main(["check", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    zh, en = DEFAULTS["zh"], DEFAULTS["en"]
    assert f"(default: zh {zh.k}, en {en.k})" in text
    assert f"(default: zh {zh.window}, en {en.window})" in text
    assert f"(default {CheckOptions().hamming})" in text



def _hears_ctrl_c() -> None:
    """In the child before it starts: SIGINT back to its default, as in a terminal (a shell
    starts background jobs with SIGINT ignored, and a child would inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _group(pgid):
    alive = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                alive.append(int(entry))
    return alive


def _workers(main):
    """The processes of `main`'s group working for it: all but main and multiprocessing's
    helpers (its children running the resource tracker or the forkserver)."""
    out = []
    for pid in _group(main):
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                command = f.read()
        except OSError:
            continue
        if pid != main and not (parent == main and (b"resource_tracker" in command or b"forkserver" in command)):
            out.append(pid)
    return out


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the process table from /proc")
@pytest.mark.parametrize("to_group", [pytest.param(True, id="group"),
                                      pytest.param(True, id="group-again"),  # a race: once more
                                      pytest.param(False, id="main-only")])
def test_ctrl_c_stops_with_one_line_130_and_no_process_left(tmp_path, to_group):
    import random
    import signal
    import subprocess
    import time

    rng = random.Random(3)
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]
    d = tmp_path / "class"
    d.mkdir()
    for i in range(160):  # enough text that fingerprinting runs in worker processes
        (d / f"s{i:03d}.txt").write_text("".join(rng.choice(alphabet) for _ in range(3000)),
                                         encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "core.cli", "check", str(d), "--workers", "2"],
                            cwd=Path(__file__).resolve().parents[2], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True, preexec_fn=_hears_ctrl_c)  # noqa: PLW1509 (one signal call, no lock)
    deadline = time.monotonic() + 120
    # a first worker (still starting: the moment a worker used to print a KeyboardInterrupt
    # traceback of its own), besides multiprocessing's resource tracker and forkserver
    while not _workers(proc.pid) and proc.poll() is None:
        assert time.monotonic() < deadline, "the workers never started"
        time.sleep(0.02)
    assert proc.poll() is None, "finished before it could be interrupted"
    if to_group:
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
    else:
        os.kill(proc.pid, signal.SIGINT)  # kill -INT on the main process only
    try:
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130
    assert err.decode() == "plagscope: interrupted\n"
    deadline = time.monotonic() + 30
    while _group(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = _group(proc.pid)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == []


_SWALLOWED = """
import sys, weakref
import core.cli.archive as archive
from core.cli import entry

real = archive.run_check


class Held:
    pass


def ctrl_c():
    raise KeyboardInterrupt


def run_check(*args, **kwargs):
    checked = real(*args, **kwargs)
    first = next(checked)
    held = Held()
    weakref.finalize(held, ctrl_c)
    del held  # its finalizer runs now, and raises what Ctrl-C raises
    yield first
    return (yield from checked)


archive.run_check = run_check
sys.exit(entry(sys.argv[1:]))
"""


def test_a_ctrl_c_python_swallows_in_a_finalizer_still_stops_the_command(folder):
    """Ctrl-C while a finalizer runs (Python prints "Exception ignored ... KeyboardInterrupt"
    and goes on): `plagscope check` still stops at its next step with the one line and 130,
    instead of running to its end and exiting 0."""
    import subprocess

    out = subprocess.run([sys.executable, "-c", _SWALLOWED, "check", str(folder)], check=False,
                         cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True, timeout=300)
    assert (out.returncode, out.stderr) == (130, "plagscope: interrupted\n")


#: Ctrl-C at the moment `plagscope` starts loading one of these modules: the command's own
#: loading (the launcher's imports, then what a check needs).
_LOADING = ("gui.launcher", "core.display", "core.cli.check", "numpy")


@pytest.mark.parametrize("module", _LOADING)
def test_ctrl_c_while_the_program_loads_ends_with_one_line(module):
    """`plagscope check`, as its console script starts it (`gui.main`), with SIGINT sent to itself
    when `module` is first imported: before, a Ctrl-C before the commands' own handlers printed
    a KeyboardInterrupt traceback."""
    import subprocess

    start = ("import os, signal, sys\n"
             "class Interrupt:\n"
             "    def find_spec(self, name, path=None, target=None):\n"
             f"        if name == {module!r} and self in sys.meta_path:\n"
             "            sys.meta_path.remove(self)\n"
             "            os.kill(os.getpid(), signal.SIGINT)\n"
             "sys.meta_path.insert(0, Interrupt())\n"
             "from gui import main\n"
             "sys.exit(main())\n")
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", start, "check", str(root / "resources" / "samples"),
                             "--quiet", "--no-semantic"], check=False, cwd=root, capture_output=True,
                            text=True, timeout=120, preexec_fn=_hears_ctrl_c)
    assert (result.returncode, result.stderr) == (130, "plagscope: interrupted\n")


def test_ctrl_c_as_a_file_is_opened_stops_the_check(tmp_path):
    """Ctrl-C landing just as a file being read gets its file object (a hook on open sends
    SIGINT to the thread wrapping a descriptor, held until the object is made): before, the dropped object closed the descriptor, the
    reader's own close then failed, and the Ctrl-C became that file's "bad file descriptor"
    error while the check ran on (about one Ctrl-C in ten during loading)."""
    import subprocess

    for i in range(3):
        (tmp_path / f"e{i}.txt").write_text("An essay about reading habits. " * 40, encoding="utf-8")
    start = ("import builtins, io, signal, sys, threading\n"
             "real = io.open\n"
             "def wrapped(file, *args, **kwargs):\n"
             "    if not isinstance(file, int):\n"
             "        return real(file, *args, **kwargs)\n"
             "    builtins.open = io.open = real\n"
             "    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})\n"
             "    signal.pthread_kill(threading.get_ident(), signal.SIGINT)\n"
             # raised as the mask is lifted, with the new file object held by nothing but the
             # expression being evaluated, as when a Ctrl-C arrives while io.open returns
             "    return (real(file, *args, **kwargs),\n"
             "            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}))[0]\n"
             "builtins.open = io.open = wrapped\n"
             "from gui import main\n"
             "sys.exit(main())\n")
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", start, "check", str(tmp_path), "--quiet", "--no-semantic"],
                            check=False, cwd=root, capture_output=True, text=True, timeout=120,
                            preexec_fn=_hears_ctrl_c)
    assert (result.returncode, result.stderr) == (130, "plagscope: interrupted\n")


@pytest.mark.parametrize("entry_point", ["from gui import main\nsys.exit(main())\n",
                                         "import runpy\nrunpy.run_module('core.cli', run_name='__main__')\n"])
def test_ctrl_c_once_the_program_is_over_leaves_its_exit_status(folder, tmp_path, entry_point):
    """`plagscope check` (the console script, and `python -m core.cli`) with SIGINT sent to
    itself as Python exits, after the report is written: before, Python said "Exception ignored
    ... KeyboardInterrupt" (or, later in its exit, ended by the signal with no line)."""
    import subprocess

    start = ("import atexit, os, signal, sys\n"
             "atexit.register(lambda: os.kill(os.getpid(), signal.SIGINT))\n" + entry_point)
    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "r.json"
    result = subprocess.run([sys.executable, "-c", start, "check", str(folder), "--quiet", "--no-semantic",
                             "--json", str(out)], check=False, cwd=root, capture_output=True, text=True,
                            timeout=120, preexec_fn=_hears_ctrl_c)
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(out.read_text(encoding="utf-8"))["pairs"]


def test_json_errors_keep_their_reason_code_for_other_languages(folder, tmp_path):
    from core.reports import from_json

    out = tmp_path / "r.json"
    assert main(["check", str(folder), "--json", str(out), "--quiet"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    [error] = data["errors"]
    assert error["code"] == "file.empty" and error["values"] == {} and error["message"] == "is empty"
    docs = {d["name"]: (folder / d["name"]).read_text(encoding="utf-8" if d["name"] == "a.txt" else "gb18030")
            for d in data["documents"]}
    report = from_json(data, [docs[d["name"]] for d in data["documents"]])
    assert report.errors[0].text("zh") == "是空文件"
