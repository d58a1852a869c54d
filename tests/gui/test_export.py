"""File > Export Report: each format written, read back, and replaced only when the user agrees."""

import csv
import io
import json

from pdfminer.high_level import extract_text
from PySide6.QtWidgets import QMessageBox

from gui.dialogs.export import Target


def test_each_format_is_written_and_reads_back(checked_window, tmp_path):
    w = checked_window
    report = w.session.report
    names = [d.name for d in report.documents]
    top = report.pairs[0]

    w.exporter.write(Target(str(tmp_path / "r.json"), "json"))
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert [d["name"] for d in data["documents"]] == names
    assert (data["pairs"][0]["left"], data["pairs"][0]["right"]) == (top.left, top.right)
    assert data["pairs"][0]["similarity"] == top.similarity

    w.exporter.write(Target(str(tmp_path / "r.csv"), "csv"))
    rows = list(csv.DictReader(io.StringIO((tmp_path / "r.csv").read_text(encoding="utf-8-sig"))))
    assert len(rows) == len(report.pairs)
    assert {rows[0]["left"], rows[0]["right"]} == {names[top.left], names[top.right]}

    w.exporter.write(Target(str(tmp_path / "r.html"), "html"))
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert names[top.left] in page and names[top.right] in page

    w.exporter.write(Target(str(tmp_path / "r.pdf"), "pdf"))
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
    assert w.exporter.run(str(tmp_path)) == str(target)
    assert json.loads(target.read_text(encoding="utf-8"))["schema"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["essays", "old.json", "settings.ini"]
