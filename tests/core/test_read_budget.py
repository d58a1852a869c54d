"""Every reader has a budget per file: processor time, and for a PDF the page content it
interprets, charged per page (a stream many pages share counts each time). A file over it is
listed with its reason and the check goes on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import make_fixtures as mf  # tests/data is on the pytest path
import pytest

from core.errors import LoadError
from core.loaders import budget, load_document

ROOT = Path(__file__).resolve().parents[2]


def test_pages_sharing_one_big_content_stream_are_refused_before_interpreting_them(tmp_path):
    path = mf.make_repeated_content_pdf(tmp_path)  # 500 pages x one 8 MB stream, ~100 KB
    assert path.stat().st_size < 150_000
    with pytest.raises(LoadError) as info:
        load_document(path)
    assert info.value.code == "pdf.content_repeated"
    assert info.value.path == str(path)
    assert "drawing instructions" in info.value.reason and "\n" not in info.value.reason


def test_a_shared_stream_is_charged_on_every_page_that_uses_it(tmp_path, monkeypatch):
    monkeypatch.setattr(budget, "CONTENT_FLOOR", 64 * 1024)
    two = tmp_path / "two"
    three = tmp_path / "three"
    two.mkdir()
    three.mkdir()
    # 25 KB drawn by 2 pages fits in 64 KB, by 3 pages it does not
    with pytest.raises(LoadError) as info:  # read to the end: its one line is a running head
        load_document(mf.make_repeated_content_pdf(two, pages=2, megabytes=0.025))
    assert info.value.code == "pdf.no_text"
    with pytest.raises(LoadError) as info:
        load_document(mf.make_repeated_content_pdf(three, pages=3, megabytes=0.025))
    assert info.value.code == "pdf.content_repeated"


def test_a_long_honest_pdf_reads_within_its_budget(tmp_path):
    document = load_document(mf.make_thesis_pdf(tmp_path, pages=60))
    assert "Page 60 of the thesis." in document.text


@pytest.mark.parametrize("maker", ["thesis_pdf", "docx", "txt"])
def test_a_reader_past_its_time_is_stopped_with_one_line_naming_the_file(tmp_path, maker):
    if maker == "thesis_pdf":
        path = mf.make_thesis_pdf(tmp_path, pages=20)
    elif maker == "docx":
        path = tmp_path / "essay.docx"
        path.write_bytes(mf.good_docx())
    else:
        path = tmp_path / "essay.txt"
        path.write_text(mf.GOOD_ESSAY, encoding="utf-8")
    with pytest.raises(LoadError) as info:
        load_document(path, max_seconds=0.0)
    assert info.value.code == "file.too_slow"
    assert info.value.path == str(path)
    assert str(path) in str(info.value) and "left out" in info.value.reason
    assert load_document(path).text  # the same file within the default budget


@pytest.mark.slow
def test_the_class_check_lists_the_hostile_pdf_and_goes_on(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    mf.make_repeated_content_pdf(folder)
    (folder / "a.txt").write_text(mf.GOOD_ESSAY, encoding="utf-8")
    (folder / "b.txt").write_text(mf.GOOD_ESSAY, encoding="utf-8")
    out = tmp_path / "r.json"
    # before the budget, this file alone kept a check busy for hours: the timeout is generous
    proc = subprocess.run([sys.executable, "-m", "core.cli", "check", str(folder), "--quiet",  # noqa: PLW1510 (the return code is asserted below)
                           "--workers", "1", "--json", str(out)], cwd=ROOT, capture_output=True,
                          text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    [error] = data["errors"]
    assert error["code"] == "pdf.content_repeated" and error["path"].endswith("repeated_content.pdf")
    assert [(p["similarity"] > 0.99) for p in data["pairs"]] == [True]  # a.txt and b.txt
