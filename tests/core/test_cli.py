"""`plagscope check` end to end: exit codes, the printed table, and the JSON report's shape."""

import json
import sys
from pathlib import Path

import pytest

from core.cli import main

SOURCE = "春眠不觉晓处处闻啼鸟夜来风雨声花落知多少床前明月光疑是地上霜举头望明月低头思故乡"


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "essays"
    d.mkdir()
    (d / "a.txt").write_text(SOURCE, encoding="utf-8")
    (d / "b.txt").write_text("一二三四五六七八九十" + SOURCE[:24], encoding="gb18030")
    (d / "empty.txt").write_bytes(b"")
    return d


def test_check_writes_reports_and_exits_zero(folder, tmp_path, capsys):
    out = tmp_path / "r.json"
    status = main(["check", str(folder), "--json", str(out), "--html", str(tmp_path / "r.html"),
                   "--csv", str(tmp_path / "r.csv"), "--quiet"])
    assert status == 0
    printed = capsys.readouterr().out
    assert "a.txt" in printed and "b.txt" in printed and "empty.txt" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["version"] == 1
    assert [d["name"] for d in data["documents"]] == ["a.txt", "b.txt"]
    assert set(data["documents"][0]) >= {"name", "path", "format", "chars", "simhash"}
    assert data["documents"][1]["chars"] == 34 and len(data["documents"][0]["simhash"]) == 16
    [pair] = data["pairs"]
    assert set(pair) >= {"left", "right", "hamming", "similarity", "left_coverage",
                         "right_coverage", "longest", "matches"}
    assert pair["matches"] == [{"left": [0, 24], "right": [10, 34], "units": 24}]
    assert pair["longest"] == 24 and pair["right_coverage"] == 24 / 34
    [error] = data["errors"]
    assert error["path"].endswith("empty.txt") and "empty" in error["message"]
    assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert (tmp_path / "r.csv").read_bytes().startswith(b"\xef\xbb\xbf")


def test_bad_usage_exits_two(capsys):
    for argv in ([], ["check"], ["check", "x", "--k", "0"], ["check", "x", "--bogus"]):
        with pytest.raises(SystemExit) as e:
            main(argv)
        assert e.value.code == 2


def test_missing_path_is_an_error_not_a_crash(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope.txt"), "--quiet"]) == 0
    assert "nope.txt" in capsys.readouterr().out


def test_unwritable_report_exits_one(folder, tmp_path, capsys):
    target = tmp_path / "missing-dir" / "r.json"
    assert main(["check", str(folder), "--json", str(target), "--quiet"]) == 1
    assert "cannot write" in capsys.readouterr().err


def test_reader_closing_stdout_early_loses_no_report(tmp_path):
    import subprocess

    d = tmp_path / "class"
    d.mkdir()
    for i in range(45):  # 990 copied pairs: a table far larger than a pipe holds
        (d / f"student_{i:02d}.txt").write_text(f"第{i}号" + SOURCE * 2, encoding="utf-8")
    out = tmp_path / "r.json"
    # a reader that takes one line and goes away, as `| head -1` does
    proc = subprocess.Popen([sys.executable, "-m", "core.cli", "check", str(d), "--top", "0",
                             "--json", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=Path(__file__).resolve().parents[2])
    proc.stdout.readline()
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert b"cannot write" not in err and b"Traceback" not in err, err
    assert len(json.loads(out.read_text(encoding="utf-8"))["pairs"]) == 45 * 44 // 2


def test_help_states_the_real_defaults(capsys, monkeypatch):
    from core.options import DEFAULTS, CheckOptions

    with pytest.raises(SystemExit):
        main(["check", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    zh, en = DEFAULTS["zh"], DEFAULTS["en"]
    assert f"(default: zh {zh.k}, en {en.k})" in text
    assert f"(default: zh {zh.window}, en {en.window})" in text
    assert f"(default {CheckOptions().hamming})" in text
