"""The bad-input corpus: every unusable file gives one LoadError with a plain reason, and nothing
hostile (zip bombs, external entities, loops) is inflated, resolved or followed for ever."""

from __future__ import annotations

import errno
import io
import os
import re
import zipfile
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import loaders
from core.errors import LoadError
from core.loaders import expand_paths, load_document, pdfguard, ziplimits
from core.loaders.reasons import Unreadable

DATA = Path(__file__).resolve().parents[1] / "data"
GOOD, BAD = DATA / "good", DATA / "bad"


import make_fixtures as mf


def reason_for(path, **limits) -> str:
    with pytest.raises(LoadError) as info:
        load_document(path, **limits)
    assert info.value.path == str(path)
    assert_plain(info.value.reason)
    return info.value.reason


def assert_plain(reason: str) -> None:
    """One line, no traceback, no exception class names."""
    assert reason and "\n" not in reason
    assert "Traceback" not in reason
    assert not re.search(r"[A-Z][a-z]+(Error|Exception)\b", reason), reason


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (
            "truncated.docx",
            "is incomplete or damaged (the .docx file seems cut off; copy or download it again)",
        ),
        ("not_a_zip.docx", "is not a Word document (not a valid .docx/zip file)"),
        ("zip_bomb.docx", "is not a safe Word document: it would unpack to 1.0 GB (a 'zip bomb')"),
        (
            "zip_bomb_lying.docx",
            "is not a safe Word document: it would unpack to far more than it declares (a 'zip bomb')",
        ),
        ("encrypted.docx", "is password-protected; save a copy without a password and try again"),
        (
            "encrypted.pdf",
            "is an encrypted/password-protected PDF; save a copy without a password and try again",
        ),
        ("image_only.pdf", "has no text layer (it may be a scanned image); run OCR on it first"),
        ("truncated.pdf", "is incomplete (the PDF file seems cut off; copy or download it again)"),
        ("damaged.pdf", "is a damaged PDF (its content cannot be read; try saving it again as PDF)"),
        ("flate_bomb.pdf", "is not a safe PDF: it would unpack to far too much data (a 'zip bomb')"),
        ("binary.txt", "looks like a binary file, not text"),
        ("nul_bytes.txt", "looks like a binary file, not text"),
        ("empty.txt", "is empty"),
        ("punctuation_only.txt", "contains no words to compare"),
    ],
)
def test_each_bad_input_gives_its_reason(name, expected):
    assert reason_for(BAD / name) == expected


def test_binary_junk_without_nul_bytes_is_not_decoded_as_some_encoding(tmp_path):
    path = tmp_path / "junk.txt"
    path.write_bytes(bytes((i * 7919 + 104729) % 255 + 1 for i in range(3000)))  # no byte is 0
    assert reason_for(path) == "looks like a binary file, not text"


def test_an_old_doc_named_docx_is_told_apart_from_an_encrypted_one(tmp_path):
    path = tmp_path / "old.docx"
    path.write_bytes(ziplimits.OLE_MAGIC + b"\0" * 1024)  # an OLE file without EncryptionInfo
    assert reason_for(path) == (
        "is an old Word 97-2003 document (.doc) named .docx; open it in Word and save it as .docx"
    )


def test_a_zip_that_is_not_a_word_document(tmp_path):
    path = tmp_path / "photos.docx"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("photo.txt", "not a document")
    path.write_bytes(buffer.getvalue())
    assert reason_for(path) == "is a zip file but not a Word document"


def test_another_office_file_renamed_docx(tmp_path):
    parts = mf._unzip((GOOD / "paragraphs_table_header.docx").read_bytes())
    types = parts["[Content_Types].xml"].decode()
    parts["[Content_Types].xml"] = types.replace(
        "wordprocessingml.document.main+xml", "spreadsheetml.sheet.main+xml"
    ).encode()
    path = tmp_path / "sheet.docx"
    path.write_bytes(mf._zip(parts))
    assert "another Office file" in reason_for(path)


def test_unsupported_type_and_folder_and_missing(tmp_path):
    rtf = tmp_path / "essay.RTF"
    rtf.write_text("{\\rtf1}", encoding="ascii")
    assert reason_for(rtf).startswith("is a Rich Text (.rtf) document")
    assert "save it as .docx" in reason_for(rtf)
    odd = tmp_path / "essay.xyz"
    odd.write_text("x", encoding="ascii")
    assert reason_for(odd) == "unsupported file type .xyz (Plagscope reads .txt, .docx and .pdf)"
    folder = tmp_path / "folder.txt"
    folder.mkdir()
    assert reason_for(folder) == "is a folder, not a file"
    assert reason_for(tmp_path / "nowhere.pdf") == "file not found"


# ---------------------------------------------------------------- loops


@pytest.mark.parametrize("name", ["page_tree_loop.pdf", "reference_loop.pdf"])
def test_looping_pdfs_give_their_one_real_page(name):
    assert load_document(BAD / name).text == mf.LOOP_TEXT


def test_a_reference_cycle_reads_as_a_missing_object():
    """Plain pdfminer follows 2 -> 7 -> 2 for ever; the guarded document stops."""
    from pdfminer.pdfexceptions import PDFObjectNotFound
    from pdfminer.pdfparser import PDFParser

    document = pdfguard.GuardedDocument(PDFParser(io.BytesIO(mf.reference_loop_pdf())))
    with pytest.raises(PDFObjectNotFound):
        document.getobj(2)
    assert document.getobj(4)["Type"].name == "Pages"


def test_a_page_tree_too_deep_to_walk(tmp_path):
    assert reason_for(mf.make_deep_pdf(tmp_path, depth=3000)) == (
        "is a damaged PDF (its internal structure loops or is nested too deeply)"
    )


# ---------------------------------------------------------------- zip bombs


class CountingZlib:
    """Stands in for zlib inside ziplimits, counting every byte an inflater produces."""

    def __init__(self):
        self.inflated = 0
        self.MAX_WBITS = zlib.MAX_WBITS
        self.error = zlib.error

    def decompressobj(self, *args):
        counter = self
        real = zlib.decompressobj(*args)

        class Counted:
            def decompress(self, data, max_length=0):
                out = real.decompress(data, max_length)
                counter.inflated += len(out)
                return out

            def __getattr__(self, name):
                return getattr(real, name)

        return Counted()


def test_honest_zip_bomb_is_refused_without_inflating_anything(monkeypatch):
    counting = CountingZlib()
    monkeypatch.setattr(ziplimits, "zlib", counting)
    assert "zip bomb" in reason_for(BAD / "zip_bomb.docx")
    assert counting.inflated == 0


def test_lying_zip_bomb_is_stopped_after_its_declared_size(monkeypatch):
    data = (BAD / "zip_bomb_lying.docx").read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        infos = archive.infolist()
    assert sum(info.file_size for info in infos) == 64 * 1024  # what it claims
    # What it really holds: the first member alone inflates to 16 MB.
    assert len(zlib.decompressobj(-15).decompress(ziplimits._member_bytes(data, infos[0]))) == 16 * 2**20

    counting = CountingZlib()
    monkeypatch.setattr(ziplimits, "zlib", counting)
    assert "zip bomb" in reason_for(BAD / "zip_bomb_lying.docx")
    # A little past the first member's claim (room for a merely damaged file), then stop.
    assert counting.inflated == 1024 + ziplimits.BOMB_SLACK + 1


def test_a_member_with_a_high_compression_ratio_is_refused_by_declared_size(tmp_path, monkeypatch):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", b"\0" * (20 * 2**20))  # 20 MB from ~20 KB
    path = tmp_path / "ratio.docx"
    path.write_bytes(buffer.getvalue())
    counting = CountingZlib()
    monkeypatch.setattr(ziplimits, "zlib", counting)
    assert reason_for(path).startswith("is not a safe Word document: it would unpack to 20.0 MB from ")
    assert counting.inflated == 0


def test_too_many_parts(monkeypatch):
    monkeypatch.setattr(ziplimits, "MAX_MEMBERS", 3)
    reason = reason_for(GOOD / "paragraphs_table_header.docx")
    assert reason.startswith("is not a usable Word document: it holds ")


def test_inflated_size_counts_no_further_than_the_limit():
    packed = zlib.compress(b"a" * 1_000_000)[2:-4]  # raw deflate
    assert ziplimits._inflated_size(packed, 10) == 10
    assert ziplimits._inflated_size(packed, 2_000_000) == 1_000_000
    with pytest.raises(Unreadable):
        ziplimits._inflated_size(b"\xff" * 100, 1000)


def test_pdf_inflating_is_bounded_per_stream_and_per_document():
    small = zlib.compress(b"x" * 2000)
    assert pdfguard.bounded_decompress(small) == b"x" * 2000
    with pdfguard.inflate_budget(1000), pytest.raises(pdfguard.InflateLimit):
        pdfguard.bounded_decompress(small)
    with pdfguard.inflate_budget(3000):
        pdfguard.bounded_decompress(small)  # spends 2000 of 3000
        with pytest.raises(pdfguard.InflateLimit):
            pdfguard.bounded_decompress(small)
    with pytest.raises(zlib.error):
        pdfguard.bounded_decompress(small[:-8])  # truncated, as zlib.decompress reports


def _byte_by_byte_recovery(data: bytes) -> bytes:
    """pdfminer.six's own decompress_corrupted, the behaviour the bounded version must keep."""
    inflater, out = zlib.decompressobj(), b""
    for i in range(len(data)):
        try:
            out += inflater.decompress(data[i : i + 1])
        except zlib.error:
            if i < len(data) - 3:
                raise
            break
    return out


def _outcome(function, data):
    try:
        return function(data)
    except zlib.error:
        return "zlib error"


@pytest.mark.parametrize("damage", ["checksum", "middle", "early", "truncated"])
def test_pdf_stream_recovery_matches_pdfminer_chunk_by_chunk(damage):
    payload = bytes((i * i + 7 * i) % 251 for i in range(150_000))  # spans several 64 KB chunks
    packed = bytearray(zlib.compress(payload))
    if damage == "checksum":
        packed[-1] ^= 0xFF
    elif damage == "middle":
        packed[len(packed) // 2] ^= 0xFF
    elif damage == "early":
        packed[3] ^= 0xFF
    else:
        del packed[-100:]
    expected = _outcome(_byte_by_byte_recovery, bytes(packed))
    assert _outcome(pdfguard.bounded_decompress_corrupted, bytes(packed)) == expected
    if damage == "checksum":
        assert expected == payload


# ---------------------------------------------------------------- external entities


def test_external_entity_is_never_resolved(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-7F3A", encoding="utf-8")
    path = mf.make_external_entity_docx(tmp_path, secret)

    # The fixture is a real attack: a parser that resolves entities shows the secret.
    from lxml import etree

    xml = zipfile.ZipFile(path).read("word/document.xml")
    naive = etree.fromstring(xml, etree.XMLParser(resolve_entities=True))
    assert "TOP-SECRET-7F3A" in "".join(naive.itertext())

    text = load_document(path).text
    assert "TOP-SECRET" not in text
    assert text.startswith("Essay  title\nFirst paragraph")
    assert text.endswith("Footnote  end.")


def test_committed_external_entity_docx_loads_without_the_entity():
    text = load_document(BAD / "external_entity.docx").text
    assert "root:" not in text
    assert text.startswith("Essay  title\n") and text.endswith("\n\nFootnote  end.")


# ---------------------------------------------------------------- files that vanish or are locked


def test_a_file_that_disappears_between_listing_and_reading(tmp_path):
    path, remove = mf.make_disappearing(tmp_path)
    files, errors = expand_paths([tmp_path])
    assert files == [path] and errors == []
    remove()
    assert reason_for(path) == "file not found"


def test_a_file_without_read_permission(tmp_path, monkeypatch):
    path = mf.make_unreadable(tmp_path)

    real_os_open = os.open

    def guarded_open(file, *args, **kwargs):  # root reads anything: simulate what others get
        if isinstance(file, (str, os.PathLike)) and Path(file) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_os_open(file, *args, **kwargs)

    monkeypatch.setattr("os.open", guarded_open)
    assert reason_for(path) == "permission denied"


# ---------------------------------------------------------------- nothing else escapes


def test_an_unforeseen_reader_failure_becomes_a_one_line_load_error(tmp_path, monkeypatch):
    import core.loaders.txt as txt_reader

    def broken(data):
        raise RuntimeError("unexpected state\nsecond line of detail")

    monkeypatch.setattr(txt_reader, "extract", broken)
    path = tmp_path / "a.txt"
    path.write_text("text", encoding="utf-8")
    assert reason_for(path) == "could not be read: unexpected state"


def _load_or_refuse(path: Path) -> None:
    try:
        doc = load_document(path)
    except LoadError as exc:
        assert_plain(exc.reason)
    else:
        assert isinstance(doc.text, str) and doc.text


FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(data=st.binary(max_size=2048), suffix=st.sampled_from([".txt", ".docx", ".pdf"]))
def test_random_bytes_never_escape_as_another_exception(tmp_path, data, suffix):
    path = tmp_path / f"random{suffix}"
    path.write_bytes(data)
    _load_or_refuse(path)


@FUZZ
@given(
    name=st.sampled_from(
        ["good/paragraphs_table_header.docx", "good/english_2pages.pdf", "good/chinese.pdf"]
    ),
    edits=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 255)), min_size=1, max_size=8),
    cut=st.floats(0.05, 1),
)
def test_damaged_copies_of_good_files_never_escape(tmp_path, name, edits, cut):
    data = bytearray((DATA / name).read_bytes())
    for where, value in edits:
        data[int(where * len(data))] = value
    path = tmp_path / Path(name).name
    path.write_bytes(bytes(data[: max(1, int(cut * len(data)))]))
    _load_or_refuse(path)


def test_load_document_is_the_public_entry_point():
    assert loaders.load_document is load_document
    assert set(loaders.SUPPORTED) == {".txt", ".docx", ".pdf"}
