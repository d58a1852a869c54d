"""The real app on Qt's X11 (xcb) platform under Xvfb: the window appears, checks the samples,
fills the pairs table and is screenshotted (gui/smoke.py). The offscreen tests cannot see a
missing xcb library or a window that never maps; this one can.

Skipped only when xvfb-run is not installed, and never under CI=true (CI must run it).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]


def test_the_real_window_starts_on_xcb_and_fills_the_pairs_table(tmp_path):
    if shutil.which("xvfb-run") is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI must run the app under Xvfb: install xvfb and xauth")
        pytest.skip("xvfb-run is not installed")
    shot = tmp_path / "window.png"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("QT_", "WAYLAND", "XDG_SESSION"))}
    env.update(QT_QPA_PLATFORM="xcb", PLAGSCOPE_SMOKE_SCREENSHOT=str(shot),
               PLAGSCOPE_SMOKE_TIMEOUT="90", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    env.pop("DISPLAY", None)
    proc = subprocess.run(  # noqa: PLW1510 (the return code is asserted below)
        ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", sys.executable, "-m", "gui.launcher",
         str(ROOT / "resources" / "samples")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-3000:]
    image = QImage(str(shot))
    assert not image.isNull() and image.width() == 1280 and image.height() == 800
    # a mapped window: many distinct colors, not a black or single-colored screen
    colors = {image.pixel(x, y) for x in range(0, 1280, 16) for y in range(0, 800, 16)}
    assert len(colors) > 20
    artifacts = os.environ.get("PLAGSCOPE_CI_ARTIFACTS")
    if artifacts:  # CI keeps the screenshot of the real window
        Path(artifacts).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(artifacts) / "xcb_window.png")


def test_an_unattended_start_neither_waits_on_a_recovery_question_nor_leaves_an_autosave(tmp_path):
    # an autosave of a Plagscope that is gone (no such PID) would ask "Restore the check?"
    data = tmp_path / "data"
    data.mkdir()
    orphan = data / "autosave-4194000.plagscope"
    orphan.write_bytes(b"")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("QT_", "WAYLAND", "XDG_SESSION"))}
    env.update(QT_QPA_PLATFORM="offscreen", PLAGSCOPE_SMOKE_SCREENSHOT=str(tmp_path / "w.png"),
               PLAGSCOPE_SMOKE_TIMEOUT="90", HOME=str(tmp_path), PLAGSCOPE_DATA_DIR=str(data),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    proc = subprocess.run([sys.executable, "-m", "gui.launcher", str(ROOT / "resources" / "samples")],  # noqa: PLW1510 (the return code is asserted below)
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=150)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert (tmp_path / "w.png").stat().st_size > 0
    # the user's orphan is kept for a start that can ask; this run's own autosave is gone
    assert sorted(p.name for p in data.glob("autosave-*")) == [orphan.name]


def test_a_saved_check_named_on_the_command_line_opens_to_its_pairs_and_is_screenshotted(tmp_path):
    """The check as saved is what is shown: the smoke run does not check its documents again
    (their files are gone here, as on a colleague's machine)."""
    saved, samples = tmp_path / "class.plagscope", tmp_path / "samples"
    shutil.copytree(ROOT / "resources" / "samples", samples)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("QT_", "WAYLAND", "XDG_SESSION"))}
    env.update(HOME=str(tmp_path), PLAGSCOPE_DATA_DIR=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    subprocess.run([sys.executable, "-m", "core.cli", "check", str(samples), "--quiet",
                    "--no-semantic", "--save", str(saved)],
                   cwd=ROOT, env=env, check=True, capture_output=True, timeout=150)
    shutil.rmtree(samples)
    shot = tmp_path / "saved.png"
    env.update(QT_QPA_PLATFORM="offscreen", PLAGSCOPE_SMOKE_SCREENSHOT=str(shot),
               PLAGSCOPE_SMOKE_TIMEOUT="90")
    proc = subprocess.run([sys.executable, "-m", "gui.launcher", str(saved)],  # noqa: PLW1510 (the return code is asserted below)
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=150)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert not QImage(str(shot)).isNull()
    # a check started on the opened documents would still run when the screenshot quits the app
    assert "Error" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr[-3000:]
