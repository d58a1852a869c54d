"""Loading good documents: every encoding decoded exactly, offsets kept, docx/pdf text in order, folders."""

from __future__ import annotations

import codecs
import os
from pathlib import Path

import pytest

from core import loaders
from core.errors import LoadError
from core.loaders import expand_paths, load_document, txt
from core.loaders.folders import BROKEN_LINK, LOCK_FILE
from core.loaders.reasons import megabytes, too_big, too_long
from core.models import Document, FileError

DATA = Path(__file__).resolve().parents[1] / "data"
GOOD, BAD = DATA / "good", DATA / "bad"


import make_fixtures as mf

SUPPORTED_NOTE = "(Plagscope reads .txt, .docx and .pdf)"


# ---------------------------------------------------------------- txt


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        (GOOD / "utf8_bom.txt", mf.UTF8_BOM),
        (GOOD / "cp1252.txt", mf.CP1252),
        (BAD / "gbk.txt", mf.ZH),
        (BAD / "big5.txt", mf.ZH_TRADITIONAL),
        (BAD / "utf16le_bom.txt", mf.UTF16),
        (BAD / "utf16be_bom.txt", mf.UTF16),
        (BAD / "utf16le_no_bom.txt", mf.UTF16),
        (BAD / "utf16be_no_bom.txt", mf.UTF16),
        (BAD / "mixed_newlines.txt", mf.MIXED_NEWLINES),
        (BAD / mf.SPACED_NAME, mf.SPACED_TEXT),
    ],
    ids=lambda value: value.name if isinstance(value, Path) else "",
)
def test_each_encoding_decodes_exactly(path, expected):
    doc = load_document(path, 7)
    assert doc == Document(id=7, name=path.name, path=str(path), format="txt", text=expected,
                           sha256=_sha256(path))



def _sha256(path) -> str:
    import hashlib

    return hashlib.sha256(Path(path).read_bytes()).hexdigest()

def test_only_the_bom_is_removed_so_offsets_match_the_file():
    raw = (GOOD / "utf8_bom.txt").read_bytes()
    text = load_document(GOOD / "utf8_bom.txt").text
    assert raw.startswith(codecs.BOM_UTF8)
    assert text == raw[3:].decode("utf-8")
    # "Essay one — " is 12 code points, so the Chinese title starts at offset 12.
    assert text[12:17] == "第一篇文章"
    assert text.count("\r\n") == 2 and "\ufeff" not in text


def test_mixed_newlines_are_kept_as_they_are():
    text = load_document(BAD / "mixed_newlines.txt").text
    assert text.count("\r\n") == 3
    assert text.count("\n") == 4
    assert text.index("second") == len("First line ends in CRLF\r\n")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (codecs.BOM_UTF32_LE + "UTF-32 文本\n".encode("utf-32-le"), "UTF-32 文本\n"),
        (codecs.BOM_UTF32_BE + "UTF-32 文本\n".encode("utf-32-be"), "UTF-32 文本\n"),
        (b"plain ASCII\n", "plain ASCII\n"),
        (b"page one\x0cpage two\x1a", "page one\x0cpage two\x1a"),
        # U+4E00 and U+6700 put NUL bytes at even offsets of UTF-16 LE too: still text.
        ("一一一最最最一最\n一最 ok\n".encode("utf-16-le"), "一一一最最最一最\n一最 ok\n"),
        ("一一一最最最一最\n一最 ok\n".encode("utf-16-be"), "一一一最最最一最\n一最 ok\n"),
        ("a\ufeff in the middle stays".encode("utf-8"), "a\ufeff in the middle stays"),
        # UTF-8 cut in the middle of its last character: the rest stays UTF-8, not a guess.
        (("中文" * 100).encode("utf-8") + "字".encode()[:2], "中文" * 100 + "\ufffd"),
        # One cp1252 apostrophe in English is not damaged UTF-8 but cp1252.
        (b"It\x92s mine.\n" * 20, "It\u2019s mine.\n" * 20),
        ("你好，世界".encode("gbk"), "你好，世界"),  # short GBK: not read as Korean
        ("Привет, мир! Это русский текст в кодировке Windows.\n".encode("cp1251"),
         "Привет, мир! Это русский текст в кодировке Windows.\n"),
    ],
)
def test_txt_reader_on_bytes(data, expected):
    assert txt.extract(data) == expected


def test_file_name_with_spaces_chinese_and_ascii_quotes(tmp_path):
    path = tmp_path / 'my "final" 作文 v2.TXT'
    path.write_bytes("引号 \"quoted\" name\n".encode())
    doc = load_document(path)
    assert (doc.name, doc.format, doc.text) == ('my "final" 作文 v2.TXT', "txt", '引号 "quoted" name\n')


# ---------------------------------------------------------------- docx

DOCX_TEXT = (
    "Essay title\n"
    "First paragraph with bold words and a tab\there, a link, an insertion.\n"
    "Name\tScore\n"
    "张三\t95\n"
    "Last paragraph, 最后一段。"
    "\n\nCourse header"
    "\n\nFooter text"
    "\n\nA footnote naming the source."
)


def test_docx_body_in_order_then_header_footer_footnote():
    path = GOOD / "paragraphs_table_header.docx"
    doc = load_document(path, 3)
    assert doc == Document(id=3, name=path.name, path=str(path), format="docx", text=DOCX_TEXT,
                           sha256=_sha256(path))
    assert "DELETED" not in doc.text  # a tracked deletion is not part of the text


def test_docx_text_boxes_content_controls_and_fields():
    from lxml import etree

    from core.loaders.docx import blocks

    w = f'xmlns:w="{mf.W_NS}" xmlns:mc="{mf.MC_NS}"'
    body = etree.fromstring(f"<w:body {w}>{mf.TRICKY_DOCX_BODY}<w:sectPr/></w:body>")
    assert blocks(body) == ["In a content control", "7 is the page", "Anchor\nafter break", "Boxed", "中"]


# ---------------------------------------------------------------- pdf

ENGLISH_PDF_TEXT = (
    "An English essay of two pages.\n\n"
    "Plagiarism means presenting the words of others as your own.\n\n"
    "This is the end of the first page.\n\n"
    "The second page starts here.\n\n"
    "Citing sources is how honest writers share credit."
)


def test_english_pdf_two_pages():
    path = GOOD / "english_2pages.pdf"
    expected = Document(id=1, name=path.name, path=str(path), format="pdf", text=ENGLISH_PDF_TEXT,
                        sha256=_sha256(path))
    assert load_document(path, 1) == expected


def test_chinese_pdf_with_embedded_font_reads_back_as_chinese():
    raw = (GOOD / "chinese.pdf").read_bytes()
    assert b"/FontFile2" in raw  # the CJK font is embedded, not referenced by name
    text = load_document(GOOD / "chinese.pdf").text
    assert text == "抄袭检测是一项重要的工作。\n\n老师们需要比较学生的文章，找出相似的段落。\n\n中文和 English 混排也可以。"


def test_pdf_with_only_an_owner_password_loads():
    assert load_document(GOOD / "owner_password_only.pdf").text == ENGLISH_PDF_TEXT


def test_a_300_page_thesis_loads_with_pages_in_order(tmp_path):
    text = load_document(mf.make_thesis_pdf(tmp_path, pages=300)).text
    pages = text.split("\n\n")
    assert len(pages) == 300
    # each page is one paragraph: its lines are joined as written (issue 12)
    assert pages[0].startswith("Page 1 of the thesis. Line 2 of page 1 says")
    assert all(page.startswith(f"Page {n} of the thesis.") for n, page in enumerate(pages, 1))
    assert pages[-1].endswith("Line 6 of page 300 says something about plagiarism.")


# ---------------------------------------------------------------- limits


def test_size_message_reads_like_a_sentence():
    assert too_big(int(312.5 * 2**20), 50 * 2**20).reason == (
        "is 312.5 MB, larger than the 50 MB limit (change it in the options)"
    )
    assert too_long(6_000_000, 5_000_000).reason == (
        "has 6,000,000 characters, more than the 5,000,000 limit (change it in the options)"
    )
    # Two sizes that round alike get more decimals rather than "50 MB, larger than 50 MB".
    assert megabytes(50 * 2**20 + 20_000, 50 * 2**20) == "50.02 MB"


def test_20_mb_text_loads_and_the_limits_refuse_it(tmp_path):
    path = mf.make_big_txt(tmp_path, 20)
    doc = load_document(path, max_bytes=50 * 2**20, max_chars=20_000_000)
    assert doc.text.startswith("Line of a long essay, 一篇很长的文章的一行。\n")
    assert len(doc.text.encode("utf-8")) == 20 * 2**20

    with pytest.raises(LoadError) as too_large:
        load_document(path, max_bytes=10 * 2**20)
    assert too_large.value.reason == "is 20 MB, larger than the 10 MB limit (change it in the options)"

    with pytest.raises(LoadError) as too_many:
        load_document(path, max_chars=1_000_000)
    assert too_many.value.reason == (
        f"has {len(doc.text):,} characters, more than the 1,000,000 limit (change it in the options)"
    )


def test_size_limit_is_judged_before_reading(tmp_path, monkeypatch):
    path = tmp_path / "big.txt"
    with open(path, "wb") as file:
        file.truncate(3 * 2**20)  # sparse: 3 MB of size, nothing written

    def no_open(*args, **kwargs):
        raise AssertionError("the file was opened although stat showed it too large")

    monkeypatch.setattr("builtins.open", no_open)
    with pytest.raises(LoadError) as info:
        load_document(path, max_bytes=2 * 2**20)
    assert info.value.reason == "is 3 MB, larger than the 2 MB limit (change it in the options)"


def test_max_chars_counts_extracted_characters(tmp_path):
    path = tmp_path / "six.txt"
    path.write_text("abcdef", encoding="utf-8")
    assert load_document(path, max_chars=6).text == "abcdef"
    with pytest.raises(LoadError) as info:
        load_document(path, max_chars=5)
    assert info.value.reason == "has 6 characters, more than the 5 limit (change it in the options)"


def test_suffix_is_matched_without_regard_to_case(tmp_path):
    path = tmp_path / "ESSAY.TXT"
    path.write_text("upper case suffix", encoding="utf-8")
    assert load_document(path).format == "txt"


# ---------------------------------------------------------------- expand_paths


def test_folders_expand_recursively_sorted_skipping_hidden_lock_and_unsupported(tmp_path):
    essays = mf.make_folder_tree(tmp_path)  # includes Sub/loop -> essays
    files, errors = expand_paths([essays])
    assert [p.relative_to(essays).as_posix() for p in files] == [
        "a.txt", "b.docx", "Sub/c.pdf", "Sub/deeper/d.txt"
    ]
    # notes.rtf is a document Plagscope cannot read: named, with what to do
    assert [(Path(e.path).name, e.code) for e in errors] == [("notes.rtf", "convert.rtf")]
    assert "save it as .docx" in errors[0].message
    assert [load_document(p).text for p in files[2:]] == ["Essay C.", "Essay D.\n"]


def test_symlink_loop_to_an_ancestor_ends(tmp_path):
    root = tmp_path / "r"
    (root / "x" / "y").mkdir(parents=True)
    (root / "x" / "y" / "e.txt").write_text("e", encoding="utf-8")
    os.symlink(root, root / "x" / "y" / "up", target_is_directory=True)
    os.symlink(root / "x", root / "x" / "y" / "sideways", target_is_directory=True)
    listed = []
    real_scandir = os.scandir

    def counting_scandir(path):
        listed.append(Path(path).relative_to(root).as_posix())
        if len(listed) > 20:
            raise AssertionError("the walk keeps going round the loop")
        return real_scandir(path)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "scandir", counting_scandir)
        files, errors = expand_paths([root])
    assert files == [root / "x" / "y" / "e.txt"] and errors == []
    # Each real folder is listed once; the links lead to folders already visited.
    assert sorted(listed) == [".", "x", "x/y"]


def test_explicit_files_unsupported_missing_lock_and_duplicates(tmp_path):
    essays = mf.make_folder_tree(tmp_path)
    readme = tmp_path / "README"
    readme.write_text("no extension", encoding="utf-8")
    files, errors = expand_paths(
        [
            essays / "a.txt", essays / "notes.rtf", readme, tmp_path / "missing.pdf",
            essays / "~$b.docx", essays, str(essays / "a.txt"),
        ]
    )
    assert files == [
        essays / "a.txt", essays / "b.docx", essays / "Sub" / "c.pdf", essays / "Sub" / "deeper" / "d.txt"
    ]
    assert [(e.path, e.code, e.message) for e in errors] == [
        (str(essays / "notes.rtf"), "convert.rtf", errors[0].message),
        (str(readme), "file.no_extension", f"has no file extension {SUPPORTED_NOTE}"),
        (str(tmp_path / "missing.pdf"), "path.missing", "no such file or folder"),
        (str(essays / "~$b.docx"), "file.lock", LOCK_FILE),
    ]  # notes.rtf, reached again through the folder, is listed once


def test_links_inside_folders_broken_looping_and_duplicate(tmp_path):
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "real.txt").write_text("real", encoding="utf-8")
    os.symlink(folder / "real.txt", folder / "alias.txt")  # same file: listed once
    os.symlink(folder / "gone.txt", folder / "broken.txt")
    os.symlink(folder / "self.txt", folder / "self.txt")  # points to itself
    files, errors = expand_paths([folder])
    assert files == [folder / "alias.txt"]  # sorted first; the real file is the same one
    assert [(e.path, e.message) for e in errors] == [
        (str(folder / "broken.txt"), BROKEN_LINK),
        (str(folder / "self.txt"), "is a link that points back to itself"),
    ]


def test_a_subfolder_that_cannot_be_listed_is_reported_and_the_rest_kept(tmp_path, monkeypatch):
    (tmp_path / "open").mkdir()
    (tmp_path / "open" / "a.txt").write_text("a", encoding="utf-8")
    (tmp_path / "shut").mkdir()
    (tmp_path / "shut" / "b.txt").write_text("b", encoding="utf-8")
    real_scandir = os.scandir

    def scandir(path):  # root may list anything: simulate what other users get
        if Path(path).name == "shut":
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    files, errors = expand_paths([tmp_path])
    assert files == [tmp_path / "open" / "a.txt"]
    assert errors == [FileError(str(tmp_path / "shut"), "folder could not be opened: permission denied",
                                "folder.unopenable", {"cause": "file.permission"})]
    assert errors[0].text("zh") == "无法打开文件夹：没有读取权限"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")
def test_a_fifo_swapped_in_after_the_scan_does_not_hang_the_loader(tmp_path):
    import signal

    path = tmp_path / "essay.txt"
    path.write_text("an essay", encoding="utf-8")
    files, errors = expand_paths([tmp_path])
    assert files == [path] and not errors
    path.unlink()
    os.mkfifo(path)  # nothing ever writes to it: a blocking open would wait forever

    def hung(*_):
        raise AssertionError("the loader blocked on the FIFO")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(5)
    try:
        with pytest.raises(LoadError) as info:
            load_document(files[0])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert info.value.code == "file.fifo" and "named pipe" in info.value.reason


def test_reasons_carry_codes_that_read_in_chinese(tmp_path):
    from core import messages

    path = tmp_path / "six.txt"
    path.write_text("abcdef", encoding="utf-8")
    with pytest.raises(LoadError) as info:
        load_document(path, max_chars=5)
    error = info.value.to_file_error()
    assert error.code == "file.too_long" and error.values == {"chars": "6", "limit": "5"}
    assert error.message == info.value.reason == error.text("en")
    assert error.text("zh") == "有 6 个字符，超过 5 的上限（可在选项中修改）"
    assert messages.text("loading", "zh") == "正在读取"
    assert messages.text("no.such.code", "zh") == "no.such.code"


def test_a_ctrl_c_while_the_file_object_is_made_stays_a_ctrl_c(tmp_path, monkeypatch):
    """A KeyboardInterrupt landing inside the call that wraps the descriptor in a file object
    (after that object took the descriptor and was dropped, closing it) reaches the caller as
    a KeyboardInterrupt, not as an OSError from closing the descriptor twice (which skipped the
    file and ran the check on), and no descriptor is left open."""
    path = tmp_path / "essay.txt"
    path.write_text("这是一篇文章。", encoding="utf-8")

    def interrupted(fd, mode="rb", *args, closefd=True, **kwargs):
        with open(fd, mode, closefd=closefd):  # takes the descriptor when closefd, and
            pass  # closes it when done with, as when the signal lands in the call
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fdopen", interrupted)
    monkeypatch.setattr(loaders, "open", interrupted, raising=False)
    before = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
    with pytest.raises(KeyboardInterrupt):
        loaders.read_bytes(path)
    if before is not None:
        assert len(os.listdir("/proc/self/fd")) == before
