"""`plagscope archive ...`, `check --archive/--add-to-archive/--save` and `report X.plagscope`
through the command line, on both backends."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.cli import main
from core.models import Verdict
from core.review.verdicts import Verdicts, pair_key
from core.store.saved import open_check, save_check

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


def cli(capsys, *args) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main([str(a) for a in args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_archive_add_list_stats_remove(store_location, capsys, tmp_path):
    db = ("--db", store_location)
    folder = tmp_path / "past"
    folder.mkdir()
    for name in ("zh_original_网络阅读.txt", "en_original_homework.txt", "zh_clean_1.txt"):
        (folder / name).write_bytes((SAMPLES / name).read_bytes())
    (folder / "broken.docx").write_bytes(b"not a docx")
    status, out, _ = cli(capsys, "archive", "add", folder, "--label", "2024 spring", *db)
    assert status == 0 and "added 3, already present 0, unreadable 1" in out
    status, out, _ = cli(capsys, "archive", "add", folder / "zh_clean_1.txt", "--label", "x", *db)
    assert "added 0, already present 1" in out
    status, out, _ = cli(capsys, "archive", "list", "--json", *db)
    listed = json.loads(out)
    assert sorted(d["name"] for d in listed) == sorted(
        ["zh_original_网络阅读.txt", "en_original_homework.txt", "zh_clean_1.txt"])
    assert {d["label"] for d in listed} == {"2024 spring"} and all(len(d["sha256"]) == 64 for d in listed)
    status, out, _ = cli(capsys, "archive", "stats", "--json", *db)
    assert json.loads(out)["documents"] == 3
    first = min(d["id"] for d in listed)
    status, out, _ = cli(capsys, "archive", "remove", first, *db)
    assert "removed 1" in out
    status, out, _ = cli(capsys, "archive", "remove", "--label", "2024 spring", *db)
    assert "removed 2" in out
    status, out, _ = cli(capsys, "archive", "list", *db)
    assert "0 document(s)" in out
    with pytest.raises(SystemExit):
        cli(capsys, "archive", "remove", *db)  # neither ids nor --label


def test_check_with_archive_json_and_add_to_archive(store_location, capsys, tmp_path):
    db = ("--db", store_location)
    cli(capsys, "archive", "add", SAMPLES / "zh_original_网络阅读.txt", "--label", "2024", *db)
    report = tmp_path / "r.json"
    status, out, _ = cli(capsys, "check", SAMPLES / "zh_copy_verbatim.docx", SAMPLES / "zh_clean_2.txt",
                         "--archive", "--add-to-archive", "2026", "--json", report, "--quiet", *db)
    assert status == 0 and "archived source" in out
    data = json.loads(report.read_text(encoding="utf-8"))
    docs = data["documents"]
    assert [d["name"] for d in docs] == ["zh_copy_verbatim.docx", "zh_clean_2.txt",
                                         "zh_original_网络阅读.txt"]
    assert "archive" not in docs[0] and docs[2]["archive"]["label"] == "2024"
    assert set(docs[2]["archive"]) == {"id", "label", "added"}
    assert any({p["left"], p["right"]} == {0, 2} and p["matches"] for p in data["pairs"])
    status, out, _ = cli(capsys, "archive", "list", "--label", "2026", "--json", *db)
    assert sorted(d["name"] for d in json.loads(out)) == ["zh_clean_2.txt", "zh_copy_verbatim.docx"]


def test_saved_check_reopens_and_exports_without_the_files(capsys, tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("zh_original_网络阅读.txt", "zh_light_edit_gbk.txt", "en_original_homework.txt",
                 "en_reordered.txt", "zh_clean_1.txt"):
        (folder / name).write_bytes((SAMPLES / name).read_bytes())
    saved, direct = tmp_path / "class.plagscope", tmp_path / "direct.json"
    status, _out, _ = cli(capsys, "check", folder, "--save", saved, "--json", direct, "--quiet")
    assert status == 0 and saved.exists()
    for f in folder.iterdir():  # the originals are gone
        f.unlink()
    exported = tmp_path / "exported.json"
    status, _out, _ = cli(capsys, "report", saved, "--json", exported, "--html", tmp_path / "e.html",
                         "--csv", tmp_path / "e.csv")
    assert status == 0
    assert json.loads(exported.read_text(encoding="utf-8")) == json.loads(direct.read_text(encoding="utf-8"))
    assert "zh_light_edit_gbk.txt" in (tmp_path / "e.html").read_text(encoding="utf-8")
    check = open_check(saved)
    assert len(check.report.documents) == 5 and all(d.text for d in check.report.documents)
    assert all(len(d.sha256) == 64 for d in check.report.documents)
    # verdicts and notes survive a save and come out in the JSON
    report = check.report
    top = report.pairs[0]
    verdicts = (Verdicts().set_pair(pair_key(report, top), Verdict("confirmed", "copied whole"))
                .set_document(report.documents[0].key, Verdict("suspicious", "")))
    save_check(saved, report, verdicts)
    again = open_check(saved)
    assert again.verdicts == verdicts and again.report == report
    status, _out, _ = cli(capsys, "report", saved, "--json", exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert data["pairs"][0]["verdict"] == "confirmed" and data["pairs"][0]["note"] == "copied whole"
    assert data["documents"][0]["verdict"] == "suspicious"


def test_report_refuses_a_file_that_is_not_a_saved_check(capsys, tmp_path):
    bogus = tmp_path / "x.plagscope"
    bogus.write_bytes(b"hello" * 100)
    status, _, err = cli(capsys, "report", bogus, "--json", tmp_path / "o.json")
    assert status == 1 and "not a Plagscope" in err and bogus.read_bytes() == b"hello" * 100
    archive = tmp_path / "a.sqlite3"
    cli(capsys, "archive", "stats", "--db", archive)
    status, _, err = cli(capsys, "report", archive, "--json", tmp_path / "o.json")
    assert status == 1 and "not a saved check" in err
    status, _, err = cli(capsys, "report", tmp_path / "missing.plagscope", "--json", tmp_path / "o.json")
    assert status == 1 and "does not exist" in err


def test_a_stopped_save_leaves_the_previous_file_and_no_temporary(tmp_path):
    from core.models import Document, Report
    from core.options import CheckOptions
    from core.store.saved import open_check, save_check, save_check_steps

    docs = tuple(Document(i, f"s{i}.txt", "", "txt", f"text number {i} " * 20) for i in range(3))
    first = Report(options=CheckOptions(), documents=docs[:2], simhashes=(1, 2), pairs=(), errors=())
    target = tmp_path / "class.plagscope"
    save_check(target, first)
    second = Report(options=CheckOptions(), documents=docs, simhashes=(1, 2, 3), pairs=(), errors=())
    steps = save_check_steps(target, second)
    progress = next(steps)
    assert progress.stage == "saving" and progress.done == 1 and progress.total > 3
    steps.close()  # as a Cancel does
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class.plagscope"]
    assert open_check(target).report.documents == first.documents
