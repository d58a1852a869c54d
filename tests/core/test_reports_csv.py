"""The CSV report: exact rows, formula injection neutralised, UTF-8 with BOM on disk."""

import csv
import io

import pytest

from core.models import Document, Match, PairResult, Report, Span
from core.options import CheckOptions
from core.reports import render_csv, write_report
from core.reports.csv_report import HEADER, safe_cell


def make_report():
    names = ["作文一.txt", "=HYPERLINK(\"http://x\").txt", '+a, "quoted".docx', "-b.pdf", "@c.txt"]
    docs = tuple(Document(i, name, f"/class/{name}", "txt", "x" * 10) for i, name in enumerate(names))
    pairs = (
        PairResult(0, 1, 4, 0.42345, 0.5, 0.30004, 120,
                   (Match(Span(0, 4), Span(1, 5), 4), Match(Span(5, 9), Span(5, 9), 4))),
        PairResult(2, 3, 64, 0.1, 1.0, 0.0, 7, (Match(Span(0, 7), Span(0, 7), 7),)),
        PairResult(4, 0, 30, 0.0, 0.0, 0.0, 0, ()),
    )
    return Report(CheckOptions(), docs, (1, 2, 3, 4, 5), pairs, ())


EXPECTED = (
    "left,right,copied,kind,similarity,hamming,left_coverage,right_coverage,longest,passages,left_path,right_path,"
    "left_total_copy_ratio,left_copy_ratio_excluding_quotes,left_largest_source_ratio,left_copied_chars,"
    "left_sources,right_total_copy_ratio,right_copy_ratio_excluding_quotes,right_largest_source_ratio,"
    "right_copied_chars,right_sources,semantic_kind,semantic_share,verdict,note\r\n"
    "作文一.txt,\"'=HYPERLINK(\"\"http://x\"\").txt\",0.0000,,0.4234,4,0.5000,0.3000,120,2,"
    "/class/作文一.txt,\"/class/=HYPERLINK(\"\"http://x\"\").txt\",0.0000,0.0000,0.0000,0,0,0.0000,0.0000,0.0000,0,0,,,,\r\n"
    "\"'+a, \"\"quoted\"\".docx\",'-b.pdf,0.0000,,0.1000,64,1.0000,0.0000,7,1,"
    "\"/class/+a, \"\"quoted\"\".docx\",/class/-b.pdf,0.0000,0.0000,0.0000,0,0,0.0000,0.0000,0.0000,0,0,,,,\r\n"
    "'@c.txt,作文一.txt,0.0000,,0.0000,30,0.0000,0.0000,0,0,/class/@c.txt,/class/作文一.txt,0.0000,0.0000,0.0000,0,0,0.0000,0.0000,0.0000,0,0,,,,\r\n"
)


def test_render_csv_exact_output():
    assert render_csv(make_report()) == EXPECTED


def test_rows_parse_back_with_the_csv_module():
    rows = list(csv.reader(io.StringIO(render_csv(make_report()), newline="")))
    assert tuple(rows[0]) == HEADER
    assert rows[2][:2] == ["'+a, \"quoted\".docx", "'-b.pdf"]
    assert len(rows) == 4


def test_empty_report_is_just_the_header():
    report = Report(CheckOptions(), (), (), (), ())
    assert render_csv(report) == ",".join(HEADER) + "\r\n"


@pytest.mark.parametrize("text, expected", [
    ("=1+2", "'=1+2"), ("+1", "'+1"), ("-1", "'-1"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\tx", r"\x09x"), ("\rx", r"\x0dx"),  # control characters are shown as escapes (safe_name)
    ("a=1", "a=1"), ("作文.txt", "作文.txt"), ("", ""),
    ("a;=1+2", "a;'=1+2"), ("a,@x", "a,'@x"),  # a ; or , splits the cell in some locales
])
def test_safe_cell(text, expected):
    assert safe_cell(text) == expected


def test_written_file_is_utf8_with_bom(tmp_path):
    path = write_report(make_report(), tmp_path / "pairs.csv")
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert data[3:] == EXPECTED.encode("utf-8")
