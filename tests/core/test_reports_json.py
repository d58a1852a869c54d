"""The JSON report: exact shape, round trip through from_json, and acceptance by the scorer."""

import hashlib
import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

from core.models import Document, FileError, Match, PairResult, Report, Span, text_key
from core.options import CheckOptions
from core.reports import format_for, from_json, render_json, to_json, write_report
from core.reports.json_report import simhash_hex
from core.review.groups import with_groups

SCORE_PY = Path("/work/shared/eval/score.py")

TEXTS = ("床前明月光，疑是地上霜。", "Moonlight 😀 before my bed", "床前明月光，疑似地上霜。举头望明月。")
SHA = hashlib.sha256(TEXTS[0].encode("utf-8")).hexdigest()


def make_report(options=None, pairs=None):
    docs = (
        Document(0, "静夜思.txt", "/essays/静夜思.txt", "txt", TEXTS[0], sha256=SHA),
        Document(1, "b.docx", "/essays/b.docx", "docx", TEXTS[1]),
        Document(2, "c.pdf", "/essays/c.pdf", "pdf", TEXTS[2]),
    )
    if pairs is None:
        pairs = (
            PairResult(0, 2, 2, 0.75, 0.9, 0.5, 5, (
                Match(Span(0, 5), Span(0, 5), 5),
                Match(Span(8, 11), Span(8, 11), 3),
            )),
            PairResult(1, 0, 40, 0.0, 0.0, 0.0, 0, ()),
        )
    return Report(options or CheckOptions(), docs, (0, 0xABC, (1 << 64) - 1), pairs,
                  (FileError("/essays/bad.pdf", "the PDF is encrypted"),))


EXPECTED_DOCUMENTS = [
    {"name": "静夜思.txt", "path": "/essays/静夜思.txt", "format": "txt", "chars": 12,
     "simhash": "0000000000000000", "sha256": SHA, "id": text_key(TEXTS[0])},
    {"name": "b.docx", "path": "/essays/b.docx", "format": "docx", "chars": 25,
     "simhash": "0000000000000abc", "sha256": "", "id": text_key(TEXTS[1])},
    {"name": "c.pdf", "path": "/essays/c.pdf", "format": "pdf", "chars": 18,
     "simhash": "ffffffffffffffff", "sha256": "", "id": text_key(TEXTS[2])},
]
V1_DOCUMENT_FIELDS = ["name", "path", "format", "chars", "simhash"]
EXPECTED_PAIRS = [
    {"left": 0, "right": 2, "hamming": 2, "similarity": 0.75, "left_coverage": 0.9,
     "right_coverage": 0.5, "longest": 5,
     "matches": [{"left": [0, 5], "right": [0, 5], "units": 5, "kind": "verbatim"},
                 {"left": [8, 11], "right": [8, 11], "units": 3, "kind": "verbatim"}], "copied": 0.0, "kind": ""},
    {"left": 1, "right": 0, "hamming": 40, "similarity": 0.0, "left_coverage": 0.0,
     "right_coverage": 0.0, "longest": 0, "matches": [], "copied": 0.0, "kind": ""},
]


def test_to_json_has_the_agreed_shape():
    data = to_json(make_report(CheckOptions(hamming=5, exclude=("a.txt",))), version=1)
    assert list(data) == ["version", "options", "documents", "pairs", "errors", "groups"]
    assert data["version"] == 1  # version 2's fields: tests/core/test_academic_json.py
    assert data["documents"] == EXPECTED_DOCUMENTS
    assert data["pairs"] == EXPECTED_PAIRS
    assert data["errors"] == [{"path": "/essays/bad.pdf", "message": "the PDF is encrypted"}]
    assert data["options"]["hamming"] == 5
    assert data["options"]["exclude"] == ["a.txt"]
    assert set(data["options"]) == set(CheckOptions().to_dict())


def test_version_1_fields_come_first_and_unchanged_then_the_identity():
    for doc in to_json(make_report())["documents"]:
        assert list(doc)[:5] == V1_DOCUMENT_FIELDS and list(doc)[5:7] == ["sha256", "id"]


def test_identity_and_file_digest_survive_a_round_trip_and_guard_the_text():
    data = to_json(make_report())
    back = from_json(data, list(TEXTS))
    assert [d.sha256 for d in back.documents] == [SHA, "", ""]
    assert [d.key for d in back.documents] == [d["id"] for d in data["documents"]]
    changed = ["床前明月光，疑是天上霜。", *TEXTS[1:]]  # same length, other text
    with pytest.raises(ValueError, match="changed since the check"):
        from_json(data, changed)


def test_render_json_is_that_dict_as_utf8_text_with_one_item_per_line():
    report = make_report()
    text = render_json(report, version=1)
    assert json.loads(text) == to_json(report, version=1)
    assert "静夜思" in text and "\\u" not in text  # ensure_ascii=False
    lines = text.splitlines()
    assert lines[0] == '{"version": 1,'
    assert lines[3] == ('  {"name": "静夜思.txt", "path": "/essays/静夜思.txt", "format": "txt", '
                        f'"chars": 12, "simhash": "0000000000000000", "sha256": "{SHA}", '
                        f'"id": "{text_key(TEXTS[0])}"}},')
    assert text.endswith("}\n")


def test_empty_report_renders_valid_json():
    report = Report(CheckOptions(), (), (), (), ())
    data = json.loads(render_json(report))
    assert (data["documents"], data["pairs"], data["errors"]) == ([], [], [])


def test_simhash_hex():
    assert simhash_hex(0) == "0000000000000000"
    assert simhash_hex(0x0123456789ABCDEF) == "0123456789abcdef"
    assert simhash_hex(-1) == "ffffffffffffffff"  # a numpy int64 with the top bit set
    assert simhash_hex(np.uint64(1 << 63)) == "8000000000000000"
    with pytest.raises(ValueError):
        simhash_hex(1 << 64)


def test_numpy_numbers_become_plain_json_numbers():
    pair = PairResult(np.int64(0), np.int64(2), np.int64(7), np.float64(0.5), np.float32(0.25),
                      np.float64(0.5), np.int64(3), (Match(Span(np.int64(1), np.int64(4)),
                                                           Span(2, 5), np.int64(3)),))
    data = json.loads(render_json(make_report(pairs=(pair,)), version=1))
    assert data["pairs"] == [{"left": 0, "right": 2, "hamming": 7, "similarity": 0.5,
                              "left_coverage": 0.25, "right_coverage": 0.5, "longest": 3,
                              "matches": [{"left": [1, 4], "right": [2, 5], "units": 3, "kind": "verbatim"}],
                              "copied": 0.0, "kind": ""}]


def test_nan_is_refused_rather_than_written_as_invalid_json():
    pair = PairResult(0, 2, 2, float("nan"), 0.0, 0.0, 0, ())
    with pytest.raises(ValueError):
        render_json(make_report(pairs=(pair,)))


def test_simhashes_must_match_the_documents():
    report = make_report()
    broken = Report(report.options, report.documents, report.simhashes[:2], report.pairs)
    with pytest.raises(ValueError, match="3 documents but 2 simhashes"):
        to_json(broken)


def test_from_json_with_texts_gives_the_report_back():
    # with its groups, as the pipeline makes it (to_json finds them when a report has none)
    report = with_groups(make_report(CheckOptions(hamming=5, exclude=("x",))))
    assert from_json(json.loads(render_json(report)), texts=TEXTS) == report


def test_from_json_without_texts_keeps_everything_but_the_texts():
    report = make_report()
    back = from_json(to_json(report))
    assert [d.text for d in back.documents] == ["", "", ""]
    assert [(d.id, d.name, d.path, d.format) for d in back.documents] == [
        (d.id, d.name, d.path, d.format) for d in report.documents]
    assert (back.simhashes, back.pairs, back.errors, back.options) == (
        report.simhashes, report.pairs, report.errors, report.options)


def test_from_json_accepts_some_missing_texts():
    back = from_json(to_json(make_report()), texts=[TEXTS[0], None, TEXTS[2]])
    assert [d.text for d in back.documents] == [TEXTS[0], "", TEXTS[2]]


def test_from_json_refuses_a_text_that_changed():
    with pytest.raises(ValueError, match="b.docx has 3 characters now but 25"):
        from_json(to_json(make_report()), texts=[TEXTS[0], "new", TEXTS[2]])


def test_from_json_without_options_or_units_uses_defaults():
    data = to_json(make_report())
    del data["options"]
    del data["pairs"][0]["matches"][0]["units"]
    back = from_json(data)
    assert back.options == CheckOptions()
    assert back.pairs[0].matches[0] == Match(Span(0, 5), Span(0, 5), 0)


@pytest.mark.parametrize("breakage, field", [
    (lambda d: d.update(version=3), "version"),
    (lambda d: d.pop("documents"), "documents"),
    (lambda d: d["documents"][1].update(simhash="ABC"), r"documents\[1\].simhash"),
    (lambda d: d["documents"][0].update(chars=-1), r"documents\[0\].chars"),
    (lambda d: d["pairs"][0].update(right=0), r"pairs\[0\]"),
    (lambda d: d["pairs"][0].update(right=3), r"pairs\[0\]"),
    (lambda d: d["pairs"][0].update(similarity=1.5), r"pairs\[0\].similarity"),
    (lambda d: d["pairs"][0].update(hamming=True), r"pairs\[0\].hamming"),
    (lambda d: d["pairs"][0]["matches"][1].update(right=[8, 19]), r"pairs\[0\].matches\[1\].right"),
    (lambda d: d["pairs"][0]["matches"][0].update(left=[5, 2]), r"pairs\[0\].matches\[0\].left"),
    (lambda d: d["errors"].append({"path": 1}), r"errors\[1\].path"),
    (lambda d: d["options"].update(hamming=99), "options"),
])
def test_from_json_names_what_is_malformed(breakage, field):
    data = to_json(make_report())
    breakage(data)
    with pytest.raises(ValueError, match=f"malformed report: {field}"):
        from_json(data)


def _scorer():
    spec = importlib.util.spec_from_file_location("plagscope_eval_score", SCORE_PY)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not SCORE_PY.exists(), reason="the shared evaluation scripts are not here")
def test_the_evaluation_scorer_accepts_a_written_report(tmp_path):
    # the scorer insists on "version": 1; the default report (schema 2) only adds fields
    path = write_report(make_report(), tmp_path / "report.json")
    assert json.loads(path.read_text(encoding="utf-8"))["schema"] == 2
    chars, pairs = _scorer().load_report(path)
    assert chars == {"静夜思.txt": 12, "b.docx": 25, "c.pdf": 18}
    assert pairs == [
        ("静夜思.txt", "c.pdf", 0.75, [((0, 5), (0, 5)), ((8, 11), (8, 11))]),
        ("b.docx", "静夜思.txt", 0.0, []),
    ]


def test_write_report_json_is_utf8_without_bom(tmp_path):
    report = make_report()
    path = write_report(report, tmp_path / "r.json")
    assert path.read_bytes() == render_json(report).encode("utf-8")


def test_format_for_reads_the_suffix():
    assert format_for("a/b.JSON") == "json"
    assert format_for("r.htm") == "html"
    assert format_for("r.Html") == "html"
    assert format_for("r.csv") == "csv"
    with pytest.raises(ValueError, match="cannot tell the report format"):
        format_for("report.txt")


def test_write_report_format_overrides_the_suffix(tmp_path):
    path = write_report(make_report(), tmp_path / "report.out", "JSON")
    assert json.loads(path.read_text(encoding="utf-8"))["schema"] == 2
    with pytest.raises(ValueError, match="unknown report format"):
        write_report(make_report(), tmp_path / "report.out", "xml")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.out"]
