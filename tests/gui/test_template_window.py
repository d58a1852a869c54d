"""The window honours the template as the command line does: the three-essay case checked through
the window's actions (plain, and against an archive) gives the figures of `plagscope check
--template`."""

import pytest
from make_template_case import figures, json_figures, run_cli, write

from core.options import CheckOptions
from gui.session import normalize_path

pytestmark = pytest.mark.slow


def test_the_window_gives_the_command_lines_figures_with_a_template(make_window, driver, tmp_path):
    essays, template = write(tmp_path / "essays")
    out = run_cli("check", *essays, "--template", template, "--no-semantic", "--quiet",
                  "--json", tmp_path / "cli.json")
    assert out.returncode == 0, out.stderr
    expected, groups = json_figures(tmp_path / "cli.json")
    assert groups == 0 and expected

    window = make_window(CheckOptions(semantic=False))
    window.show()
    driver.load(window, [*essays, template])
    window.documents.select_paths([normalize_path(template)])
    window.actions.template.trigger()
    assert window.session.template == normalize_path(template)
    report = driver.check(window)
    names = [d.name for d in report.documents]
    assert sorted(names) == sorted(p.name for p in essays) and not report.groups
    assert figures(report.pairs, names) == expected

    window.archive.choose_location(str(tmp_path / "archive.sqlite3"))  # an empty archive changes nothing
    window.actions.archive_switch.setChecked(True)
    report = driver.check(window)
    assert figures(report.pairs, [d.name for d in report.documents]) == expected and not report.groups
