"""Ctrl-C during each stage of `plagscope check` on a class of many copies: the check stops
within a second (a bound with room for a busy machine here), says so in one line and exits 130.

The command runs with its progress line on a pseudo-terminal, as in a terminal, and SIGINT
goes to its whole process group the moment that line names the stage.
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
BOUND = 2.0  # seconds from SIGINT to exit; the target is 1 s, the rest is room for a busy CI


def many_copies(folder: Path, essays: int = 300, texts: int = 20, chars: int = 3000) -> Path:
    rng = random.Random(5)
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]
    bodies = ["".join(rng.choice(alphabet) for _ in range(chars)) for _ in range(texts)]
    folder.mkdir()
    for i in range(essays):
        (folder / f"s{i:04d}.txt").write_text(bodies[i % texts], encoding="utf-8")
    return folder


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("stage", ["indexing", "comparing"])
def test_ctrl_c_stops_every_stage_of_a_class_of_many_copies(tmp_path, stage):
    folder = many_copies(tmp_path / "class")
    master, slave = os.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "core.cli", "check", str(folder), "--top", "5"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=slave, start_new_session=True)
    os.close(slave)
    words, seen, sent, err = text(stage, "en").encode(), b"", None, b""
    try:
        deadline = time.monotonic() + 900  # a busy CI machine: reaching the stage may take long
        while proc.poll() is None and time.monotonic() < deadline:
            if select.select([master], [], [], 0.01)[0]:
                seen = (seen + os.read(master, 4096))[-4096:]
            if words in seen:
                sent = time.monotonic()
                os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
                break
        assert sent is not None, f"the check never showed the stage {stage!r}"
        try:
            proc.wait(timeout=60)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
        took = time.monotonic() - sent
        while select.select([master], [], [], 0.05)[0]:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            err += chunk
    finally:
        os.close(master)
    assert proc.returncode == 130
    assert b"plagscope: interrupted" in err and b"Traceback" not in err
    assert took <= BOUND, f"stopped {took:.2f} s after Ctrl-C during {stage}"
