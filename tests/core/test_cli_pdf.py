"""`plagscope check --pdf FILE`: the PDF report from the command line, without Qt."""

from pdfminer.high_level import extract_text

from core.cli import main
from core.reports import pdf_text


def test_check_writes_a_pdf(tmp_path, capsys):
    (tmp_path / "a.txt").write_text("网络改变了青少年的阅读习惯，短视频让他们很难静下心来读完一本书。" * 4, encoding="utf-8")
    (tmp_path / "b.txt").write_text("网络改变了青少年的阅读习惯，短视频让他们很难静下心来读完一本书。" * 4, encoding="utf-8")
    out = tmp_path / "r.pdf"
    assert main(["check", str(tmp_path / "a.txt"), str(tmp_path / "b.txt"), "--pdf", str(out), "--quiet"]) == 0
    assert "wrote PDF report to" in capsys.readouterr().out
    text = extract_text(str(out)).replace("\n", "")
    assert "a.txt" in text and "网络改变了青少年的阅读习惯" in text


def test_no_chinese_font_exits_one_with_one_line(tmp_path, capsys, monkeypatch):
    (tmp_path / "a.txt").write_text("the same words in both essays here " * 5, encoding="utf-8")
    (tmp_path / "b.txt").write_text("the same words in both essays here " * 5, encoding="utf-8")
    monkeypatch.setenv(pdf_text.FONT_ENV, str(tmp_path / "missing.ttf"))
    pdf_text.register_fonts.cache_clear()
    try:
        status = main(["check", str(tmp_path), "--pdf", str(tmp_path / "r.pdf"), "--quiet"])
    finally:
        monkeypatch.delenv(pdf_text.FONT_ENV)
        pdf_text.register_fonts.cache_clear()
    err = capsys.readouterr().err
    assert status == 1 and not (tmp_path / "r.pdf").exists()
    assert "fonts-wqy-microhei" in err and err.count("cannot write") == 1
