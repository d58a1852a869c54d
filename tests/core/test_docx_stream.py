"""Large .docx files are read as a stream (core/loaders/docx_stream.py) with the same text as the
python-docx path, in bounded memory."""

import random
import subprocess
import sys
from pathlib import Path

import make_fixtures as mf  # tests/data is on the pytest path
import pytest

from core.loaders import docx, docx_stream

ROOT = Path(__file__).resolve().parents[2]
W = f'xmlns:w="{mf.W_NS}" xmlns:mc="{mf.MC_NS}" ' \
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'

TRICKY = [
    mf.TRICKY_DOCX_BODY,  # content control, field codes, text box in AlternateContent, ruby
    # empty paragraphs, tabs and breaks, tracked changes, moves, hyperlinks, inline content control
    ("<w:p/><w:p><w:pPr><w:jc w:val='center'/></w:pPr></w:p><w:p><w:r><w:t>a</w:t><w:tab/><w:t>b</w:t>"
    "<w:cr/><w:noBreakHyphen/></w:r><w:del><w:r><w:delText>gone</w:delText></w:r></w:del>"
    "<w:ins><w:r><w:t>new</w:t></w:r></w:ins><w:moveFrom><w:r><w:t>from</w:t></w:r></w:moveFrom>"
    "<w:moveTo><w:r><w:t>to</w:t></w:r></w:moveTo><w:hyperlink r:id='x'><w:r><w:t>link</w:t></w:r>"
    "</w:hyperlink><w:sdt><w:sdtContent><w:r><w:t>inline sdt</w:t></w:r></w:sdtContent></w:sdt></w:p>"
    "<w:p/><w:p><w:r><w:t xml:space='preserve'> </w:t></w:r><w:r><w:t>  spaced  </w:t></w:r></w:p>"),
    # tables: nested, rows in content controls, empty trailing cells, a paragraph with a box in a cell
    ("<w:tbl><w:tblPr/><w:tblGrid/><w:tr><w:tc><w:p><w:r><w:t>r1c1</w:t></w:r></w:p></w:tc>"
    "<w:tc><w:tbl><w:tr><w:tc><w:p><w:r><w:t>inner</w:t></w:r></w:p><w:p><w:r><w:t>two</w:t></w:r></w:p>"
    "</w:tc></w:tr></w:tbl><w:p/></w:tc><w:tc><w:p/></w:tc></w:tr>"
    "<w:sdt><w:sdtContent><w:tr><w:tc><w:p><w:r><w:t>wrapped row</w:t></w:r></w:p></w:tc></w:tr>"
    "</w:sdtContent></w:sdt><w:tr><w:tc><w:p><w:r><w:t>x</w:t></w:r><w:r><mc:AlternateContent>"
    "<mc:Choice Requires='wps'><w:txbxContent><w:p><w:r><w:t>cell box</w:t></w:r></w:p></w:txbxContent>"
    "</mc:Choice></mc:AlternateContent></w:r></w:p></w:tc></w:tr></w:tbl><w:p><w:r><w:t>after</w:t></w:r></w:p>"),
]


def package(body_xml: str) -> bytes:
    """The good .docx fixture (header, footer, footnote) with `body_xml` before its body."""
    parts = mf._unzip(mf.good_docx())
    xml = parts["word/document.xml"].decode("utf-8")
    start = xml.index("<w:body>") + len("<w:body>")
    parts["word/document.xml"] = (xml[:start] + body_xml.replace("<w:", "<w:") + xml[start:]).encode()
    xml = parts["word/document.xml"].decode()
    if "xmlns:mc=" not in xml.split(">", 2)[1]:
        xml = xml.replace("<w:document ", '<w:document xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ', 1)
    parts["word/document.xml"] = xml.encode()
    return mf._zip(parts)


def both(data: bytes) -> tuple[str, str]:
    return docx.extract(data), docx_stream.extract(data)


@pytest.mark.parametrize("body", TRICKY + [""])
def test_the_stream_reads_the_same_text_as_python_docx(body):
    via_docx, via_stream = both(package(body))
    assert via_stream == via_docx
    assert "Course header" in via_stream and "A footnote naming the source." in via_stream


def test_generated_documents_read_the_same(tmp_path):
    rng = random.Random(5)
    pieces = ["<w:r><w:t>{}</w:t></w:r>", "<w:r><w:rPr><w:b/></w:rPr><w:t xml:space='preserve'>{} </w:t></w:r>",
              "<w:hyperlink><w:r><w:t>{}</w:t></w:r></w:hyperlink>", "<w:r><w:tab/></w:r>",
              "<w:ins><w:r><w:t>{}</w:t></w:r></w:ins>", "<w:del><w:r><w:delText>{}</w:delText></w:r></w:del>"]
    for _ in range(8):
        paragraphs = []
        for _ in range(rng.randint(1, 40)):
            runs = "".join(rng.choice(pieces).format(rng.choice(["字", "word", "一二", ""]))
                           for _ in range(rng.randint(0, 30)))
            paragraphs.append(f"<w:p>{runs}</w:p>")
            if rng.random() < 0.1:
                paragraphs.append(TRICKY[rng.randrange(len(TRICKY))])
        via_docx, via_stream = both(package("".join(paragraphs)))
        assert via_stream == via_docx


def test_a_section_break_header_is_read_once():
    parts = mf._unzip(package("<w:p><w:pPr><w:sectPr><w:headerReference w:type='default' r:id='rIdH'/>"
                              "</w:sectPr></w:pPr><w:r><w:t>section one</w:t></w:r></w:p>"))
    xml = parts["word/document.xml"].decode()
    if 'xmlns:r=' not in xml.split(">", 2)[1]:
        xml = xml.replace("<w:document ", '<w:document xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ', 1)
    parts["word/document.xml"] = xml.encode()
    data = mf._zip(parts)
    assert docx_stream.extract(data) == docx.extract(data)


def test_other_office_files_are_told_apart_in_the_stream_too():
    parts = mf._unzip(mf.good_docx())
    types = parts["[Content_Types].xml"].decode()
    parts["[Content_Types].xml"] = types.replace("wordprocessingml.document.main+xml",
                                                 "spreadsheetml.sheet.main+xml").encode()
    from core.loaders.reasons import Unreadable

    with pytest.raises(Unreadable) as info:
        docx_stream.extract(mf._zip(parts))
    assert info.value.code == "docx.other_office"


def tiny_runs_docx(runs: int, seed: int = 1) -> bytes:
    """A .docx of `runs` one-character runs with Word-like random rsids (hard to compress)."""
    rng = random.Random(seed)
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]
    paragraphs = []
    for start in range(0, runs, 200):
        paragraphs.append("<w:p>" + "".join(
            f'<w:r w:rsidR="{rng.getrandbits(32):08X}"><w:rPr><w:rFonts w:hint="eastAsia"/>'
            f'<w:sz w:val="{rng.choice((21, 24))}"/></w:rPr><w:t>{rng.choice(alphabet)}</w:t></w:r>'
            for _ in range(min(200, runs - start))) + "</w:p>")
    return package("".join(paragraphs))


def test_many_tiny_runs_read_the_same_both_ways():
    data = tiny_runs_docx(5_000)
    via_docx, via_stream = both(data)
    assert via_stream == via_docx and len(via_stream) > 5_000


def test_a_large_document_is_read_as_a_stream_within_the_memory_bound(tmp_path):
    """A child reads a 10 MB-XML document of tiny runs: its peak memory grows by a few MB
    (python-docx's tree of the same file grows it by about 160 MB)."""
    path = tmp_path / "tiny.docx"
    path.write_bytes(tiny_runs_docx(100_000))
    code = (
        "import resource, sys, docx, lxml.etree\n"
        "from core.loaders import load_document\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "doc = load_document(sys.argv[1])\n"
        "after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print(len(doc.text), (after - before) // 1024, doc.layout is None)\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=300, check=True).stdout.split()
    chars, grown_mb, no_layout = int(out[0]), int(out[1]), out[2] == "True"
    assert chars > 100_000 and no_layout  # read by the stream (python-docx would give a layout)
    assert grown_mb < 50, grown_mb


def test_parallel_readers_are_bounded_by_memory(monkeypatch):
    from core import pipeline
    from core.options import CheckOptions

    monkeypatch.setattr(pipeline, "available_memory", lambda: 3 * pipeline.READER_MEMORY + 1)
    assert pipeline._readers(CheckOptions(workers=8)) == 3
    monkeypatch.setattr(pipeline, "available_memory", lambda: 100)
    assert pipeline._readers(CheckOptions(workers=8)) == 1
    monkeypatch.setattr(pipeline, "available_memory", lambda: None)
    assert pipeline._readers(CheckOptions(workers=8)) == 8
    assert pipeline.available_memory() is None or pipeline.available_memory() > 0
