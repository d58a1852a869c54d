"""Saved checks from others in the window: File > Open Check reads a check without changing a
byte of it, and a hostile one is refused in an error dialog with the same line the command
line prints (tests/hostile has the command-line side)."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest
from clicks import App

pytestmark = pytest.mark.slow


def sha256(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def checks(tmp_path_factory):
    import make_hostile

    folder = tmp_path_factory.mktemp("hostile-gui")
    good = make_hostile.good_check(folder / "good.plagscope")
    out = {"good": good}
    for name in ("text_bomb", "endless_view", "renaming_trigger", "pair_to_9999"):
        target = folder / f"{name}.plagscope"
        shutil.copyfile(good, target)
        out[name] = make_hostile.HOSTILE_CHECKS[name][0](target)
    return out


def test_open_check_leaves_the_file_unchanged_and_refuses_hostile_ones(qtbot, tmp_path, monkeypatch, checks):
    from make_hostile import HOSTILE_CHECKS

    from core.store.saved import open_check

    app = App.started(qtbot, tmp_path, monkeypatch)
    try:
        good = checks["good"]
        before = sha256(good)
        app.dialogs.saved = [str(good)]  # File > Open Check… is answered with this file
        app.trigger("open_check")
        assert app.window.session.report == open_check(good).report
        assert sha256(good) == before
        assert sorted(p.name for p in good.parent.iterdir()) == sorted(f"{n}.plagscope" for n in checks)
        for name in ("text_bomb", "endless_view", "renaming_trigger", "pair_to_9999"):
            path = checks[name]
            app.dialogs.saved = [str(path)]
            app.trigger("open_check", settle=False)
            qtbot.waitUntil(app.idle, timeout=60_000)
            app.answer_open_dialogs()
            assert len(app.errors) == 1, (name, app.errors)
            shown = app.errors.pop()
            assert f"{name}.plagscope cannot be opened as a check." in shown
            assert str(path) in shown and HOSTILE_CHECKS[name][1] in shown, shown
            assert "Traceback" not in shown
            assert app.window.session.report == open_check(good).report  # the open check stays
    finally:
        app.close()
