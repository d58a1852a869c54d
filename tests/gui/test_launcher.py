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
    (["archive"], ["neither a command"]),
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
