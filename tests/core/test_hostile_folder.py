"""`plagscope check` on a submissions folder full of bad inputs next to two good essays."""

import json
from pathlib import Path

import make_fixtures as mf  # tests/data is on the pytest path

from core.cli import main


def test_bad_inputs_are_listed_and_the_good_pair_is_reported(tmp_path, capsys):
    folder = mf.make_hostile_folder(tmp_path)
    out = tmp_path / "report.json"
    # a folder skips unsupported files; named explicitly, one is an error
    assert main(["check", str(folder), str(folder / "notes.rtf"), "--json", str(out), "--quiet"]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    names = [d["name"] for d in report["documents"]]
    a, b = names.index("essay_a.txt"), names.index("essay_b.txt")
    [pair] = [p for p in report["pairs"] if {p["left"], p["right"]} == {a, b}]
    assert pair["matches"] and pair["longest"] >= 100
    errors = {Path(e["path"]).name: e["message"] for e in report["errors"]}
    assert set(errors) == set(mf.UNREADABLE) | {"notes.rtf"}
    for name, message in errors.items():
        assert "\n" not in message and "Traceback" not in message and "Error" not in message, name
    assert "20.0 MB" in errors["big.txt"] or "characters" in errors["big.txt"]
    assert "zip bomb" in errors["zip_bomb.docx"] and "OCR" in errors["image_only.pdf"]
    assert "save it as .docx" in errors["notes.rtf"]  # listed from the folder and when named
    # the awkward but readable files are documents, each listed once despite the link loop
    for name in ("gbk.txt", "big5.txt", "utf16le_no_bom.txt", "mixed_newlines.txt", mf.SPACED_NAME):
        assert names.count(name) == 1, name
    printed = capsys.readouterr().out
    assert "essay_a.txt" in printed and "could not be checked" in printed
