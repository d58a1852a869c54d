"""The window honours the template as the command line does: the three-essay case checked through
the window's actions (plain, and against an archive) gives the figures of `plagscope check
--template`."""

import pytest
from clicks import App
from make_template_case import figures, json_figures, run_cli, write
from PySide6.QtCore import Qt

from gui.session import normalize_path

pytestmark = pytest.mark.slow


def test_the_window_gives_the_command_lines_figures_with_a_template(qtbot, tmp_path, monkeypatch):
    essays, template = write(tmp_path / "essays")
    out = run_cli("check", *essays, "--template", template, "--no-semantic", "--quiet",
                  "--json", tmp_path / "cli.json")
    assert out.returncode == 0, out.stderr
    expected, groups = json_figures(tmp_path / "cli.json")
    assert groups == 0 and expected

    (tmp_path / "teacher").mkdir()
    app = App.started(qtbot, tmp_path / "teacher", monkeypatch)
    try:
        w = app.window
        app.dialogs.files = [*essays, template]
        app.key(Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)  # File > Open Files…
        w.documents.select_paths([normalize_path(template)])  # the template's row selected
        app.trigger("template")  # Use as Template
        assert w.session.template == normalize_path(template)
        app.key(Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)  # Check
        report = w.session.report
        names = [d.name for d in report.documents]
        assert sorted(names) == sorted(p.name for p in essays) and not report.groups
        assert figures(report.pairs, names) == expected

        # an empty archive changes nothing: Archive > Archive Location…, the switch, Check
        app.dialogs.texts = {"Archive Location": str(tmp_path / "archive.sqlite3")}
        app.trigger("archive_location")
        if not w.actions.archive_switch.isChecked():
            app.trigger("archive_switch")
        assert w.actions.archive_switch.isChecked()
        app.key(Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
        report = w.session.report
        assert figures(report.pairs, [d.name for d in report.documents]) == expected and not report.groups
    finally:
        app.close()
