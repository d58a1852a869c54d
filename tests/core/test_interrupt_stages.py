"""Ctrl-C during each stage of `plagscope check` on a class of many copies: the check stops
within a second, says so in one line and exits 130.

The command runs with its progress line on a pseudo-terminal, as in a terminal, and SIGINT
goes to its whole process group when that line names the stage, or a given time later (inside
the stage's long calls rather than at its first step). The class is 1,500 essays made of 80
texts, each copy with one character of its own (so no two texts are the same and none is
compared once for all): on it a Ctrl-C was once not honoured for 20 s, the main thread inside a
single numpy call over every seed of the k-gram join. The other class shapes are in
bench/ctrl_c.py --stages.
"""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.messages import text

ROOT = Path(__file__).resolve().parents[2]
BOUND = 1.0  # seconds from SIGINT to exit


def many_copies(folder: Path, essays: int = 1500, texts: int = 80, chars: int = 3000) -> Path:
    """`essays` copies of `texts` texts (each handed in about essays / texts times), every copy
    with one character of its own: no two are the same text, so none is compared once for all
    (decisions 094, 098) and every pair of copies of a text is aligned on its own."""
    rng = random.Random(5)
    bodies = [[chr(rng.randrange(0x4E00, 0x4E00 + 3000)) for _ in range(chars)] for _ in range(texts)]
    folder.mkdir()
    for i in range(essays):
        copy = list(bodies[i % texts])
        copy[(i // texts) * 97 % chars] = chr(0x9000 + i // texts)  # outside the texts' alphabet
        (folder / f"s{i:04d}.txt").write_text("".join(copy), encoding="utf-8")
    return folder



def _hears_ctrl_c() -> None:
    """In the child before it starts: SIGINT back to its default, as in a terminal (a shell
    starts background jobs with SIGINT ignored, and a child would inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _read(master: int, timeout: float) -> bytes:
    if select.select([master], [], [], timeout)[0]:
        try:
            return os.read(master, 4096)
        except OSError:
            return b""
    return b""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize(("stage", "into"), [("indexing", 0.0), ("indexing", 2.0), ("comparing", 0.5)])
def test_ctrl_c_stops_every_stage_of_a_class_of_many_copies(tmp_path, stage, into):
    folder = many_copies(tmp_path / "class")
    master, slave = os.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "core.cli", "check", str(folder), "--top", "5"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=slave, start_new_session=True,
                            preexec_fn=_hears_ctrl_c)  # noqa: PLW1509 (one signal call, no lock)
    os.close(slave)
    words, seen, since, sent, err = text(stage, "en").encode(), b"", None, None, b""
    try:
        deadline = time.monotonic() + 900  # a busy CI machine: reaching the stage may take long
        while proc.poll() is None and time.monotonic() < deadline:
            seen = (seen + _read(master, 0.01))[-4096:]
            if since is None and words in seen:
                since = time.monotonic()
            if since is not None and time.monotonic() - since >= into:
                sent = time.monotonic()
                os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
                break
        assert sent is not None, f"the check ended before {into} s after showing {stage!r}"
        try:
            proc.wait(timeout=BOUND + 10)
        except subprocess.TimeoutExpired:
            pass
        took = time.monotonic() - sent
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        while chunk := _read(master, 0.05):
            err += chunk
    finally:
        os.close(master)
    assert took <= BOUND, f"stopped {took:.2f} s after Ctrl-C {into} s into {stage}"
    assert proc.returncode == 130
    assert b"plagscope: interrupted" in err and b"Traceback" not in err
