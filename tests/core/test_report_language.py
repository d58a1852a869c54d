"""`--report-language zh` writes the class report (HTML) in Chinese, from `plagscope check` and
from `plagscope report` on a saved check; without it the report is English."""

from core.cli import main

SOURCE = "春眠不觉晓处处闻啼鸟夜来风雨声花落知多少床前明月光疑是地上霜举头望明月低头思故乡"


def _essays(tmp_path):
    d = tmp_path / "essays"
    d.mkdir()
    (d / "a.txt").write_text(SOURCE, encoding="utf-8")
    (d / "b.txt").write_text("一二三四五六七八九十" + SOURCE[:24], encoding="utf-8")
    return d


def test_the_class_report_is_written_in_the_report_language(tmp_path, capsys):
    essays = _essays(tmp_path)
    zh, en, saved = tmp_path / "zh.html", tmp_path / "en.html", tmp_path / "c.plagscope"
    assert main(["check", str(essays), "--html", str(zh), "--report-language", "zh",
                 "--save", str(saved), "--quiet"]) == 0
    assert main(["check", str(essays), "--html", str(en), "--quiet"]) == 0
    zh_text, en_text = zh.read_text(encoding="utf-8"), en.read_text(encoding="utf-8")
    assert 'lang="zh-CN"' in zh_text and "相似度检测报告" in zh_text and "similarity report" not in zh_text
    assert 'lang="en"' in en_text and "Plagscope similarity report" in en_text

    again = tmp_path / "again.html"
    assert main(["report", str(saved), "--html", str(again), "--report-language", "zh"]) == 0
    assert "相似度检测报告" in again.read_text(encoding="utf-8")
