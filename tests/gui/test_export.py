"""File > Export Report: each format written, read back, and replaced only when the user agrees."""

import csv
import io
import json
import threading

from pdfminer.high_level import extract_text
from PySide6.QtWidgets import QMessageBox

from gui.dialogs.export import Target


def test_each_format_is_written_and_reads_back(checked_window, tmp_path):
    w = checked_window
    report = w.session.report
    names = [d.name for d in report.documents]
    top = report.pairs[0]

    assert w.exporter.write(Target(str(tmp_path / "r.json"), "json")).wait()
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert [d["name"] for d in data["documents"]] == names
    assert (data["pairs"][0]["left"], data["pairs"][0]["right"]) == (top.left, top.right)
    assert data["pairs"][0]["similarity"] == top.similarity

    assert w.exporter.write(Target(str(tmp_path / "r.csv"), "csv")).wait()
    rows = list(csv.DictReader(io.StringIO((tmp_path / "r.csv").read_text(encoding="utf-8-sig"))))
    assert len(rows) == len(report.pairs)
    assert {rows[0]["left"], rows[0]["right"]} == {names[top.left], names[top.right]}

    assert w.exporter.write(Target(str(tmp_path / "r.html"), "html")).wait()
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert names[top.left] in page and names[top.right] in page

    assert w.exporter.write(Target(str(tmp_path / "r.pdf"), "pdf")).wait()
    text = extract_text(str(tmp_path / "r.pdf"))
    chinese = [n for n in names if n.startswith("zh_original")]
    assert chinese and chinese[0].split(".")[0] in text.replace("\n", "")  # CJK glyphs embedded
    assert names[top.left].split(".")[0] in text.replace("\n", "")


def test_an_existing_file_is_replaced_only_after_confirmation(checked_window, tmp_path, monkeypatch):
    w = checked_window
    target = tmp_path / "old.json"
    target.write_text("previous report", encoding="utf-8")
    monkeypatch.setattr(w.exporter, "choose_target", lambda start, language="en": Target(str(target), "json"))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.No)
    assert w.exporter.run(str(tmp_path)) is None
    assert target.read_text(encoding="utf-8") == "previous report"
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    assert str(w.exporter.run(str(tmp_path)).wait()) == str(target)
    assert json.loads(target.read_text(encoding="utf-8"))["schema"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["essays", "old.json", "settings.ini"]


def test_an_export_runs_in_the_background_and_a_cancel_leaves_no_file(checked_window, tmp_path):
    w = checked_window
    target = tmp_path / "out" / "r.pdf"
    target.parent.mkdir()
    task = w.exporter.write(Target(str(target), "pdf"))
    assert not task.finished  # the GUI thread goes on while the report is written
    task.cancel()
    assert task.wait() is None and task.cancelled and not task.error
    assert list(target.parent.iterdir()) == []  # neither the report nor a temporary file


def test_a_student_report_is_written_on_the_worker_pool_and_a_cancel_leaves_no_file(checked_window, tmp_path,
                                                                                   monkeypatch):
    from PySide6.QtCore import QCoreApplication, QThread, QTimer
    from PySide6.QtWidgets import QFileDialog

    import gui.session
    from gui.background import FileTask

    w = checked_window
    w.documents.select_paths([w.session.report.documents[0].path])
    threads = []
    gate = threading.Event()  # the page is built once the gate opens
    build = gui.session.Session.export_student_steps

    def steps(self, *args):  # where the student's page is built: record the thread
        from core.reports import student_pages

        real = student_pages.student_document

        def built(*a, **k):
            threads.append(QThread.currentThread())
            assert gate.wait(30)
            return real(*a, **k)

        monkeypatch.setattr(student_pages, "student_document", built)
        return build(self, *args)

    monkeypatch.setattr(gui.session.Session, "export_student_steps", steps)
    target = tmp_path / "out" / "student.pdf"
    target.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), "PDF (*.pdf)"))
    timer = QTimer()  # only the GUI thread's event loop opens the gate: it must run meanwhile
    timer.setSingleShot(True)
    timer.timeout.connect(gate.set)
    timer.start(0)
    task = w.student_report.run()
    assert isinstance(task, FileTask) and not task.finished  # run() returned before the file exists
    assert str(task.wait()) == str(target) and target.read_bytes().startswith(b"%PDF")
    assert threads and threads[0] is not QCoreApplication.instance().thread()  # built off the GUI thread
    assert "student.pdf" in w.statusBar().currentMessage()

    target.unlink()
    gate.clear()  # the Cancel comes while the page is being built, however fast the machine
    task = w.student_report.run()
    task.cancel()
    gate.set()
    assert task.wait() is None and task.cancelled and not task.error
    assert list(target.parent.iterdir()) == []  # neither the report nor a temporary file


def test_an_export_that_fails_names_the_file_and_the_reason(checked_window, tmp_path):
    from conftest import close_messages

    w = checked_window
    target = tmp_path / "missing-folder" / "r.html"
    task = w.exporter.write(Target(str(target), "html"))
    assert task.wait() is None and task.error
    box = w.messages.open[-1]
    assert box.text() == "The report could not be saved to r.html."
    assert str(target) in box.informativeText() and task.error in box.informativeText()
    close_messages(w)
