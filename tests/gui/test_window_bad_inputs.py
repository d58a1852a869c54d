"""The submissions folder full of bad inputs, dropped into the window: each bad file marked and
explained, and the check runs on the rest."""

from pathlib import Path

import make_fixtures as mf  # tests/data is on the pytest path
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from gui.models.documents import PATH_ROLE, DocumentModel


def test_bad_files_are_marked_and_the_good_pair_is_checked(qtbot, window, driver, tmp_path):
    folder = mf.make_hostile_folder(tmp_path)
    driver.load(window, [folder])
    for box in window.findChildren(QMessageBox):
        box.done(0)
    failed = {Path(f.path).name: f.message for f in window.session.failures()}
    assert set(failed) == set(mf.UNREADABLE) | {"notes.rtf"}  # .rtf: named, "save it as .docx"
    model = window.documents.proxy
    rows = {Path(model.index(r, 0).data(PATH_ROLE)).name: r for r in range(model.rowCount())}
    for name, reason in failed.items():
        tip = model.index(rows[name], DocumentModel.NAME).data(Qt.ItemDataRole.ToolTipRole)
        assert reason in tip, name
    report = driver.check(window)
    names = [d.name for d in report.documents]
    a, b = names.index("essay_a.txt"), names.index("essay_b.txt")
    pair = next(p for p in report.pairs if {p.left, p.right} == {a, b})
    assert pair.matches and not set(failed) & set(names)
