"""A check's process keeps its memory: one malloc arena for all its threads (glibc), and the
cyclic collector paused while the check makes its pairs."""

import gc
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

ARENAS = textwrap.dedent("""
    import ctypes, sys, tempfile, threading
    from core.memory import one_arena
    if sys.argv[1] == "one":
        one_arena()
    libc = ctypes.CDLL(None)
    keep = []
    thread = threading.Thread(target=lambda: keep.extend(bytearray(100) for _ in range(100)))
    thread.start()
    thread.join()
    libc.fopen.restype = ctypes.c_void_p
    with tempfile.NamedTemporaryFile(suffix=".xml") as out:
        stream = libc.fopen(out.name.encode(), b"w")
        libc.malloc_info(0, ctypes.c_void_p(stream))
        libc.fclose(ctypes.c_void_p(stream))
        print(open(out.name).read().count("<heap nr="))
""")


def _arenas(how: str) -> int:
    done = subprocess.run([sys.executable, "-c", ARENAS, how], cwd=ROOT, capture_output=True, text=True,
                          check=True)
    return int(done.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's arenas")
def test_the_threads_of_a_check_allocate_from_one_arena():
    if _arenas("default") < 2:
        pytest.skip("this C library gives a new thread no arena of its own")
    assert _arenas("one") == 1


def test_a_check_on_the_command_line_runs_without_collector_passes(tmp_path, monkeypatch):
    import core.cli.check
    from core.cli import main

    for i in range(3):
        (tmp_path / f"{i}.txt").write_text("床前明月光，疑是地上霜。举头望明月，低头思故乡。" * (i + 3), encoding="utf-8")
    passes, checking = [], []
    check_generator = core.cli.check.check_generator

    def checked(*args):  # the check's own steps, from its first to the report
        checking.append(True)
        return (yield from check_generator(*args))

    def seen(phase, info):
        if phase == "start" and checking:
            passes.append(info["generation"])

    monkeypatch.setattr(core.cli.check, "check_generator", checked)
    gc.callbacks.append(seen)
    try:
        assert main(["check", str(tmp_path), "--quiet", "--json", str(tmp_path / "r.json")]) == 0
    finally:
        gc.callbacks.remove(seen)
    assert checking and passes == []
    assert gc.isenabled() and (tmp_path / "r.json").exists()
