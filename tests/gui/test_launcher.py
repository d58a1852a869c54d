"""gui.launcher: which arguments run the CLI, which open the window, and which are mistakes."""

import pytest

from gui import launcher


def test_subcommands_come_from_the_cli_registry(monkeypatch):
    from core.cli import SUBCOMMANDS

    assert launcher.is_cli(["check", "x"]) and launcher.is_cli(["--version"])
    assert set(SUBCOMMANDS) <= launcher.CLI_COMMANDS
    assert not launcher.is_cli([]) and not launcher.is_cli(["essays"])


@pytest.mark.parametrize("argv, words", [
    (["chek"], ["neither a command", "did you mean `plagscope check`"]),
    (["frobnicate"], ["neither a command"]),  # ("archive" became a command)
    (["--bogus"], ["unknown option"]),
])
def test_a_mistyped_command_exits_two_without_opening_a_window(argv, words, monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("gui.app.main", lambda paths: pytest.fail("the window was opened"))
    assert launcher.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    for word in words:
        assert word in err


def test_a_missing_path_exits_two(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr("gui.app.main", lambda paths: pytest.fail("the window was opened"))
    assert launcher.main([str(tmp_path), str(tmp_path / "gone.docx")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_existing_paths_open_the_window(monkeypatch, tmp_path):
    opened = []
    monkeypatch.setattr("gui.app.main", lambda paths: opened.append(paths) or 0)
    assert launcher.main([str(tmp_path)]) == 0
    assert opened == [[str(tmp_path)]]


def test_the_cli_exit_status_passes_through(capsys):
    assert launcher.main(["check"]) == 2
    assert launcher.main(["--version"]) == 0


def _loader(missing):
    def load(name):
        for lib in missing:
            if lib in name:
                raise OSError(f"{name}: cannot open shared object file: No such file or directory")
    return load


def test_missing_xcb_libraries_name_the_packages_to_install():
    problem = launcher.xcb_problem({"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":0"},
                                   load=_loader(["libxcb-icccm", "libxcb-keysyms"]))
    assert "libxcb-icccm.so.4" in problem and "libxcb-keysyms.so.1" in problem
    command = next(line for line in problem.splitlines() if "apt-get install" in line)
    assert "apt-get update &&" in command
    for package in launcher.QT_X11_PACKAGES:
        assert package in command


def test_in_the_desktop_bundle_only_the_missing_libraries_packages_are_named(monkeypatch):
    """The bundle carries Qt's xcb libraries; a system without EGL needs libegl1 alone."""
    monkeypatch.setattr(launcher.sys, "frozen", True, raising=False)
    problem = launcher.xcb_problem({"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":0"},
                                   load=_loader(["libEGL"]))
    command = next(line for line in problem.splitlines() if "apt-get install" in line)
    assert "libEGL.so.1" in problem and command.endswith("apt-get install -y libegl1")


def test_a_missing_dependency_is_named_by_what_failed_to_load():
    def load(name):
        if name == "libxcb-cursor.so.0":
            raise OSError("libxcb-util.so.1: cannot open shared object file: No such file or directory")

    assert launcher.missing_libraries(load=load) == ["libxcb-util.so.1", "libxcb-cursor.so.0"]


def test_no_check_when_qt_will_not_use_xcb():
    def never(name):
        raise AssertionError("nothing should be loaded")

    assert launcher.xcb_problem({"QT_QPA_PLATFORM": "offscreen"}, load=never) is None
    assert launcher.xcb_problem({"QT_QPA_PLATFORM": "wayland"}, load=never) is None
    assert not launcher.uses_xcb({"XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "w-0"}, "linux")
    assert launcher.uses_xcb({}, "linux") and not launcher.uses_xcb({}, "win32")
    assert launcher.uses_xcb({"QT_QPA_PLATFORM": "xcb;offscreen"}, "linux")


def test_no_display_is_said_plainly():
    assert "DISPLAY" in launcher.xcb_problem({"QT_QPA_PLATFORM": "xcb"}, load=_loader([]))
    assert launcher.xcb_problem({"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":5"}, load=_loader([])) is None


def test_the_launcher_exits_non_zero_before_qt_starts(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(launcher.ctypes, "CDLL", _loader(["libxcb-cursor"]))
    monkeypatch.setattr("gui.app.main", lambda paths: pytest.fail("Qt was started"))
    assert launcher.main([str(tmp_path)]) == launcher.EXIT_NO_WINDOW
    err = capsys.readouterr().err
    assert "libxcb-cursor0" in err and "apt-get install" in err
