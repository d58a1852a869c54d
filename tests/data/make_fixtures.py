"""Makes the loader fixtures: good documents in good/, awkward and hostile inputs in bad/.

Run `python tests/data/make_fixtures.py` to regenerate the committed files (needs reportlab,
the `dev` extra, and the WenQuanYi font for the Chinese PDF). Output is deterministic.
Inputs too big or too machine-specific to commit (a 20 MB text, a file that vanishes, an
unreadable file, a folder with a link loop, a 300-page thesis, an external entity naming a
temporary secret) are made at test time by the `make_*` functions below, which need only
python-docx.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import struct
import sys
import zipfile
import zlib
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOOD = HERE / "good"
BAD = HERE / "bad"
CJK_FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"

# ---------------------------------------------------------------- known texts

ZH = (
    "抄袭检测是一项重要的工作。老师们需要比较学生的文章，找出相似的段落。\n"
    "本软件支持中文和英文，能够处理多种文件格式，例如纯文本、Word 文档和 PDF 文件。\n"
    "我们希望它简单、可靠、快速。第一章到第十二章，一共有 12 章。\n"
)
ZH_TRADITIONAL = (
    "抄襲檢測是一項重要的工作。老師們需要比較學生的文章，找出相似的段落。\n"
    "本軟體支援中文和英文，能夠處理多種檔案格式，例如純文字、Word 文件和 PDF 檔案。\n"
    "我們希望它簡單、可靠、快速。\n"
)
CP1252 = (
    "Dear Professor, I wrote this essay about the “Industrial Revolution” — it’s my own work.\n"
    "The café near the campus was crowded; naïve students paid £3.50 (or €4) for coffee…\n"
    "Œuvre, façade, résumé, Zoë and Ångström all appear in the bibliography.\n"
)
UTF8_BOM = "Essay one — 第一篇文章.\r\nPlagiarism is copying another person's words. 抄袭就是照搬别人的文字。\r\n"
UTF16 = "Chapter 1 — 第一章\r\nThe first chapter begins here. 这是第一章的开头，最重要的一段。\r\n"
MIXED_NEWLINES = "First line ends in CRLF\r\nsecond in LF\nthird in CRLF again\r\n\r\nlast line, no newline"
SPACED_NAME = "学生 作文 'draft' “最终”.txt"
SPACED_TEXT = "这篇作文的文件名里有空格、中文和引号。\nThe file name has spaces, Chinese and quotes.\n"
PUNCTUATION_ONLY = " \n\t...!!! ？？ ，。——  \r\n  *** ---\n"

FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # zip timestamps, so regenerated files are byte-identical

# ---------------------------------------------------------------- txt


def write_texts() -> None:
    (GOOD / "utf8_bom.txt").write_bytes(codecs.BOM_UTF8 + UTF8_BOM.encode("utf-8"))
    (GOOD / "cp1252.txt").write_bytes(CP1252.encode("cp1252"))
    (BAD / "gbk.txt").write_bytes(ZH.encode("gbk"))
    (BAD / "big5.txt").write_bytes(ZH_TRADITIONAL.encode("big5"))
    (BAD / "utf16le_bom.txt").write_bytes(codecs.BOM_UTF16_LE + UTF16.encode("utf-16-le"))
    (BAD / "utf16be_bom.txt").write_bytes(codecs.BOM_UTF16_BE + UTF16.encode("utf-16-be"))
    (BAD / "utf16le_no_bom.txt").write_bytes(UTF16.encode("utf-16-le"))
    (BAD / "utf16be_no_bom.txt").write_bytes(UTF16.encode("utf-16-be"))
    (BAD / "mixed_newlines.txt").write_bytes(MIXED_NEWLINES.encode("utf-8"))
    (BAD / SPACED_NAME).write_bytes(SPACED_TEXT.encode("utf-8"))
    (BAD / "empty.txt").write_bytes(b"")
    (BAD / "punctuation_only.txt").write_bytes(PUNCTUATION_ONLY.encode("utf-8"))
    # What a crash leaves behind: text, then a block of NUL bytes where the rest should be.
    (BAD / "nul_bytes.txt").write_bytes(b"My essay about rivers.\n" + b"\x00" * 512 + b"The end.\n")
    (BAD / "binary.txt").write_bytes(_png())


def _png() -> bytes:
    """A small real PNG image: what a picture renamed to .txt looks like."""
    from PIL import Image, ImageDraw

    image = Image.new("L", (64, 32), 255)
    ImageDraw.Draw(image).rectangle((8, 8, 56, 24), fill=0)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


# ---------------------------------------------------------------- docx

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
MC_NS = "http://schemas.openxmlformats.org/markup-compatibility/2006"
# A body Word writes but a naive reader misses: a content control, field codes, a text box in
# AlternateContent with its fallback, a line break, ruby (docx loader tests, streamed and not).
TRICKY_DOCX_BODY = (
    "<w:sdt><w:sdtPr><w:alias w:val='Title'/></w:sdtPr><w:sdtContent>"
    "<w:p><w:r><w:t>In a content control</w:t></w:r></w:p></w:sdtContent></w:sdt>"
    "<w:p><w:r><w:fldChar w:fldCharType='begin'/></w:r><w:r><w:instrText>PAGE</w:instrText></w:r>"
    "<w:r><w:fldChar w:fldCharType='separate'/></w:r><w:r><w:t>7</w:t></w:r>"
    "<w:r><w:fldChar w:fldCharType='end'/></w:r>"
    "<w:r><w:t xml:space='preserve'> is the page</w:t></w:r></w:p>"
    "<w:p><w:r><w:t>Anchor</w:t></w:r><w:r><mc:AlternateContent>"
    "<mc:Choice Requires='wps'><w:drawing><w:txbxContent><w:p><w:r><w:t>Boxed</w:t></w:r></w:p>"
    "</w:txbxContent></w:drawing></mc:Choice>"
    "<mc:Fallback><w:pict><w:txbxContent><w:p><w:r><w:t>Boxed</w:t></w:r></w:p></w:txbxContent></w:pict>"
    "</mc:Fallback></mc:AlternateContent></w:r><w:r><w:br/><w:t>after break</w:t></w:r></w:p>"
    "<w:p><w:ruby><w:rt><w:r><w:t>zhōng</w:t></w:r></w:rt>"
    "<w:rubyBase><w:r><w:t>中</w:t></w:r></w:rubyBase></w:ruby></w:p>"
)
FOOTNOTES_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes"
FOOTNOTES_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"


def good_docx(footnote: str = "A footnote naming the source.") -> bytes:
    """Paragraphs, a table, a header and a footer, a footnote, plus markup the reader must get right.

    Expected text (worked out by hand in tests/core/test_loaders.py):
    title, a paragraph split over runs with a tab, a hyperlink and a tracked insertion,
    a deleted run that must not appear, a 2x2 table, a closing paragraph; then the header,
    the footer and the footnote.
    """
    import docx
    from docx.oxml import parse_xml

    document = docx.Document()
    fixed = datetime(2024, 1, 1, tzinfo=UTC)
    document.core_properties.created = document.core_properties.modified = fixed
    document.add_heading("Essay title", level=1)
    p = document.add_paragraph("First paragraph with ")
    p.add_run("bold words").bold = True
    p.add_run(" and a tab\there")
    ns = f'xmlns:w="{W_NS}"'
    link = '<w:r><w:t xml:space="preserve">, a link</w:t></w:r>'
    p._p.append(parse_xml(f"<w:hyperlink {ns}>{link}</w:hyperlink>"))
    deleted = "<w:r><w:delText>DELETED</w:delText></w:r>"
    p._p.append(parse_xml(f'<w:del {ns} w:id="1" w:author="T">{deleted}</w:del>'))
    p._p.append(parse_xml(f'<w:ins {ns} w:id="2" w:author="T"><w:r><w:t>, an insertion.</w:t></w:r></w:ins>'))
    table = document.add_table(rows=2, cols=2)
    for row, values in zip(table.rows, (("Name", "Score"), ("张三", "95"))):
        for cell, value in zip(row.cells, values):
            cell.text = value
    last = document.add_paragraph("Last paragraph, 最后一段。")
    last._p.append(
        parse_xml(
            f'<w:r {ns}><w:rPr><w:vertAlign w:val="superscript"/></w:rPr>'
            '<w:footnoteReference w:id="1"/></w:r>'
        )
    )
    section = document.sections[0]
    section.header.paragraphs[0].text = "Course header"
    section.footer.paragraphs[0].text = "Footer text"
    out = io.BytesIO()
    document.save(out)
    footnotes = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:footnotes xmlns:w="{W_NS}">'
        '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
        '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p>'
        f'</w:footnote><w:footnote w:id="1"><w:p><w:r><w:t>{footnote}</w:t></w:r></w:p></w:footnote>'
        "</w:footnotes>"
    )
    return _with_footnotes(out.getvalue(), footnotes.encode("utf-8"))


def _with_footnotes(docx_bytes: bytes, footnotes_xml: bytes) -> bytes:
    """Add a footnotes part (python-docx cannot), its relationship and content type."""
    parts = _unzip(docx_bytes)
    parts["word/footnotes.xml"] = footnotes_xml
    rels = parts["word/_rels/document.xml.rels"].decode("utf-8")
    rel = f'<Relationship Id="rIdFootnotes" Type="{FOOTNOTES_REL}" Target="footnotes.xml"/>'
    rels = rels.replace("</Relationships>", rel + "</Relationships>")
    parts["word/_rels/document.xml.rels"] = rels.encode()
    types = parts["[Content_Types].xml"].decode("utf-8")
    override = f'<Override PartName="/word/footnotes.xml" ContentType="{FOOTNOTES_TYPE}"/>'
    parts["[Content_Types].xml"] = types.replace("</Types>", override + "</Types>").encode()
    return _zip(parts)


def _unzip(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def _zip(parts: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in parts.items():
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return out.getvalue()


def external_entity_docx(target: str) -> bytes:
    """A .docx whose body and footnotes use an entity declared as the content of `target` (a URL).

    A reader that resolves entities would show that file's content in the text.
    """
    data = good_docx(footnote="Footnote &xxe; end.")
    parts = _unzip(data)
    doctype = f'<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "{target}">]>'
    for name, root in (("word/document.xml", "w:document"), ("word/footnotes.xml", "w:footnotes")):
        xml = parts[name].decode("utf-8")
        declaration = doctype.replace("w:document", root)
        xml = re.sub(r"(<\?xml[^>]*\?>\s*)", lambda m: m.group(1) + declaration, xml, count=1)  # noqa: B023 (called at once, inside the loop's own turn)
        parts[name] = xml.replace("Essay title", "Essay &xxe; title").encode("utf-8")
    return _zip(parts)


def write_docx() -> None:
    good = good_docx()
    (GOOD / "paragraphs_table_header.docx").write_bytes(good)
    (BAD / "truncated.docx").write_bytes(good[: len(good) * 3 // 5])
    (BAD / "not_a_zip.docx").write_bytes(b"This is an essay saved as plain text but named .docx.\n" * 20)
    (BAD / "zip_bomb.docx").write_bytes(zip_bomb(honest=True))
    (BAD / "zip_bomb_lying.docx").write_bytes(zip_bomb(honest=False))
    (BAD / "external_entity.docx").write_bytes(external_entity_docx("file:///etc/passwd"))
    (BAD / "encrypted.docx").write_bytes(encrypted_office_file())


def zip_bomb(honest: bool, members: int = 64, kernel_mb: int = 16) -> bytes:
    """A zip of a few KB whose members all share one deflated kernel of `kernel_mb` MB of zeros.

    Honest: every member declares its true size, 64 x 16 MB = 1 GB in all. Lying: each
    declares 1 KB, so only inflating (boundedly) reveals that each yields 16 MB.
    """
    raw = b"\x00" * (kernel_mb * 2**20)
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    packed = squeezer.compress(raw) + squeezer.flush()
    crc = zlib.crc32(raw)
    declared = len(raw) if honest else 1024
    name = b"word/document.xml"
    local = struct.pack(
        "<4s5H3L2H", b"PK\x03\x04", 20, 0, 8, 0, 0x21, crc, len(packed), declared, len(name), 0
    )
    body = local + name + packed
    central = b""
    for i in range(members):
        member = name if i == 0 else b"word/media/part%03d.xml" % i
        central += struct.pack(
            "<4s6H3L5H2L", b"PK\x01\x02", 20, 20, 0, 8, 0, 0x21, crc, len(packed), declared,
            len(member), 0, 0, 0, 0, 0, 0,
        ) + member
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, members, members, len(central), len(body), 0)
    return body + central + end


def encrypted_office_file() -> bytes:
    """What Word saves for a password-protected .docx: an OLE compound file, not a zip.

    A minimal valid compound file (version 3, 512-byte sectors) holding the two streams
    Word writes, EncryptionInfo and EncryptedPackage, with placeholder contents.
    """
    info = struct.pack("<HHI", 4, 4, 0x40) + bytes(range(256)) * 16  # agile-encryption version 4.4
    package = struct.pack("<Q", 4096) + bytes((i * 37) % 256 for i in range(4608 - 8))
    streams = [("EncryptionInfo", info[:4096]), ("EncryptedPackage", package)]
    end_of_chain, free, fat_sector, no_stream = 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFD, 0xFFFFFFFF
    fat = [fat_sector, end_of_chain]  # sector 0 holds the FAT, sector 1 the directory
    data = b""
    starts = []
    for _, content in streams:
        first = len(fat)
        count = len(content) // 512
        starts.append(first)
        fat += [first + k + 1 for k in range(count - 1)] + [end_of_chain]
        data += content
    fat_bytes = struct.pack("<128L", *(fat + [free] * (128 - len(fat))))

    def entry(name: str, kind: int, child: int, right: int, start: int, size: int) -> bytes:
        encoded = (name + "\0").encode("utf-16-le")
        return struct.pack(
            "<64sHBBLLL16sL8s8sLQ", encoded, len(encoded), kind, 1, no_stream, right, child,
            b"\0" * 16, 0, b"\0" * 8, b"\0" * 8, start, size,
        )

    directory = (
        entry("Root Entry", 5, 1, no_stream, end_of_chain, 0)
        + entry(streams[0][0], 2, no_stream, 2, starts[0], len(streams[0][1]))
        + entry(streams[1][0], 2, no_stream, no_stream, starts[1], len(streams[1][1]))
        + b"\0" * 128
    )
    header = struct.pack(
        "<8s16sHHHHH6sLLLLLLLLL", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", b"\0" * 16, 0x3E, 3, 0xFFFE,
        9, 6, b"\0" * 6, 0, 1, 1, 0, 4096, end_of_chain, 0, end_of_chain, 0,
    ) + struct.pack("<109L", 0, *([free] * 108))
    return header + fat_bytes + directory + data


# ---------------------------------------------------------------- pdf

EN_PAGES = (
    ["An English essay of two pages.", "Plagiarism means presenting the words of others as your own.",
     "This is the end of the first page."],
    ["The second page starts here.", "Citing sources is how honest writers share credit."],
)
ZH_LINES = ["抄袭检测是一项重要的工作。", "老师们需要比较学生的文章，找出相似的段落。", "中文和 English 混排也可以。"]


def _canvas(out, **kwargs):
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    return canvas.Canvas(out, pagesize=A4, invariant=1, pageCompression=1, **kwargs)


def english_pdf(**kwargs) -> bytes:
    out = io.BytesIO()
    c = _canvas(out, **kwargs)
    for lines in EN_PAGES:
        c.setFont("Helvetica", 12)
        for i, line in enumerate(lines):
            c.drawString(72, 760 - 20 * i, line)
        c.showPage()
    c.save()
    return out.getvalue()


def chinese_pdf() -> bytes:
    """A PDF whose Chinese text uses an embedded (subset) TrueType font."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont("WenQuanYi", CJK_FONT, subfontIndex=0))
    out = io.BytesIO()
    c = _canvas(out)
    c.setFont("WenQuanYi", 14)
    for i, line in enumerate(ZH_LINES):
        c.drawString(72, 760 - 24 * i, line)
    c.showPage()
    c.save()
    return out.getvalue()


def image_only_pdf() -> bytes:
    """A 'scanned' page: a picture of text lines and no text layer."""
    from PIL import Image, ImageDraw
    from reportlab.lib.utils import ImageReader

    image = Image.new("L", (300, 200), 255)
    draw = ImageDraw.Draw(image)
    for y in range(20, 180, 20):
        draw.rectangle((20, y, 280 - (y % 60), y + 8), fill=0)
    out = io.BytesIO()
    c = _canvas(out)
    c.drawImage(ImageReader(image), 72, 500, width=300, height=200)
    c.showPage()
    c.save()
    return out.getvalue()


def raw_pdf(objects: list[bytes]) -> bytes:
    """A PDF from numbered object bodies (1, 2, ...; object 1 is the catalog), with a correct xref."""
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def _stream(content: bytes) -> bytes:
    return b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content)


def _page(parent: int, contents: int, font: int) -> bytes:
    return (
        b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
        b"/Resources << /Font << /F1 %d 0 R >> >> >>" % (parent, contents, font)
    )


HELVETICA = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
LOOP_TEXT = "The only real page of a looping page tree."


def page_tree_loop_pdf() -> bytes:
    """A page tree whose Pages nodes list each other as kids (2 -> 4 -> 2), around one real page."""
    content = b"BT /F1 12 Tf 72 720 Td (%s) Tj ET" % LOOP_TEXT.encode()
    return raw_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
        _page(2, 5, 6),
        b"<< /Type /Pages /Parent 2 0 R /Kids [2 0 R 4 0 R] /Count 1 >>",
        _stream(content),
        HELVETICA,
    ])


def reference_loop_pdf() -> bytes:
    """A catalog whose /Pages is a reference to a reference back to itself (2 -> 7 -> 2).

    Plain pdfminer.six follows such a chain forever.
    """
    content = b"BT /F1 12 Tf 72 720 Td (%s) Tj ET" % LOOP_TEXT.encode()
    return raw_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"7 0 R",
        _page(2, 5, 6),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        _stream(content),
        HELVETICA,
        b"2 0 R",
    ])


def flate_bomb_pdf(megabytes: int = 80) -> bytes:
    """One page whose content stream is a few KB of Flate data inflating to `megabytes` MB."""
    content = zlib.compress(b" " * (megabytes * 2**20), 9)
    stream = b"<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(content), content)
    return raw_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        _page(2, 4, 5),
        stream,
        HELVETICA,
    ])


def repeated_content_pdf(pages: int = 500, megabytes: float = 8.0) -> bytes:
    """`pages` pages that all draw one content stream of `megabytes` MB (a line of text, then
    line drawing), Flate-packed to a few KB: a file of ~100 KB whose pages make a reader
    interpret pages x megabytes."""
    line = b"0 0 m 1 1 l S\n"
    content = b"BT /F1 12 Tf 72 720 Td (Every page draws the same shared content.) Tj ET\n"
    content += line * int(megabytes * 2**20 / len(line))
    packed = zlib.compress(content, 9)
    stream = b"<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(packed), packed)
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"", stream, HELVETICA]
    kids = []
    for _ in range(pages):
        objects.append(_page(2, 3, 4))
        kids.append(b"%d 0 R" % len(objects))
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(kids), pages)
    return raw_pdf(objects)


def make_repeated_content_pdf(folder: Path, pages: int = 500, megabytes: float = 8.0) -> Path:
    """`repeated_content_pdf` written as folder/repeated_content.pdf."""
    path = folder / "repeated_content.pdf"
    path.write_bytes(repeated_content_pdf(pages, megabytes))
    return path


def damaged_pdf() -> bytes:
    """A PDF header and end marker around bytes that are no PDF structure at all."""
    junk = bytes((i * 7919 + 13) % 251 for i in range(4000))
    return b"%PDF-1.4\n" + junk + b"\n%%EOF\n"


def write_pdfs() -> None:
    from reportlab.lib.pdfencrypt import StandardEncryption

    english = english_pdf()
    (GOOD / "english_2pages.pdf").write_bytes(english)
    (GOOD / "chinese.pdf").write_bytes(chinese_pdf())
    # Only an owner password (restricting copying): anyone may open it, so it must load.
    owner_only = StandardEncryption("", "owner-secret", canCopy=0, strength=128)
    (GOOD / "owner_password_only.pdf").write_bytes(english_pdf(encrypt=owner_only))
    encryption = StandardEncryption("user-secret", "owner-secret", strength=128)
    (BAD / "encrypted.pdf").write_bytes(english_pdf(encrypt=encryption))
    (BAD / "image_only.pdf").write_bytes(image_only_pdf())
    (BAD / "truncated.pdf").write_bytes(english[: len(english) * 3 // 5])
    (BAD / "page_tree_loop.pdf").write_bytes(page_tree_loop_pdf())
    (BAD / "reference_loop.pdf").write_bytes(reference_loop_pdf())
    (BAD / "flate_bomb.pdf").write_bytes(flate_bomb_pdf())
    (BAD / "damaged.pdf").write_bytes(damaged_pdf())


# ---------------------------------------------------------------- made at test time


def make_big_txt(folder: Path, megabytes: int = 20) -> Path:
    """A UTF-8 text file of exactly `megabytes` MB (2**20 bytes each), English and Chinese lines."""
    line = "Line of a long essay, 一篇很长的文章的一行。\n".encode()
    size = megabytes * 2**20
    data = line * (size // len(line))
    data += b"x" * (size - len(data))
    path = folder / "big.txt"
    path.write_bytes(data)
    return path


def make_disappearing(folder: Path) -> tuple[Path, callable]:
    """A text file and a function that deletes it: call it between listing and reading."""
    path = folder / "vanishing.txt"
    path.write_text("This file will be gone before it is read.\n", encoding="utf-8")
    return path, path.unlink


def make_unreadable(folder: Path) -> Path:
    """A text file without read permission (root can still read it: tests also simulate)."""
    path = folder / "locked.txt"
    path.write_text("Nobody may read this.\n", encoding="utf-8")
    path.chmod(0)
    return path


def make_folder_tree(root: Path) -> Path:
    """Nested folders with supported, unsupported, hidden and lock files, and a link loop.

    root/essays/a.txt, b.docx, notes.rtf, .hidden.txt, ~$b.docx
    root/essays/Sub/c.pdf, loop -> ../  (a link back to essays), deeper/d.txt
    """
    essays = root / "essays"
    deeper = essays / "Sub" / "deeper"
    deeper.mkdir(parents=True)
    (essays / "a.txt").write_text("Essay A.\n", encoding="utf-8")
    (essays / "b.docx").write_bytes(good_docx())
    (essays / "notes.rtf").write_text("{\\rtf1 not read}", encoding="ascii")
    (essays / ".hidden.txt").write_text("hidden\n", encoding="utf-8")
    (essays / "~$b.docx").write_bytes(b"\x0bWord lock")
    (essays / "Sub" / "c.pdf").write_bytes(raw_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        _page(2, 4, 5),
        _stream(b"BT /F1 12 Tf 72 720 Td (Essay C.) Tj ET"),
        HELVETICA,
    ]))
    (deeper / "d.txt").write_text("Essay D.\n", encoding="utf-8")
    os.symlink(essays, essays / "Sub" / "loop", target_is_directory=True)
    return essays


def make_external_entity_docx(folder: Path, secret: Path) -> Path:
    """A .docx whose entity `xxe` is declared as the content of the file `secret`."""
    path = folder / "external_entity.docx"
    path.write_bytes(external_entity_docx(secret.resolve().as_uri()))
    return path


def make_thesis_pdf(folder: Path, pages: int = 300, lines: int = 6) -> Path:
    """A long PDF (one content stream per page) whose page n says 'Page n of the thesis'."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b""]
    kids = []
    font = 3
    objects.append(HELVETICA)
    for n in range(1, pages + 1):
        text = [b"(Page %d of the thesis.) Tj" % n]
        for k in range(2, lines + 1):
            text.append(b"T* (Line %d of page %d says something about plagiarism.) Tj" % (k, n))
        content = b"BT /F1 11 Tf 14 TL 72 740 Td " + b" ".join(text) + b" ET"
        objects.append(_stream(content))
        objects.append(_page(2, len(objects), font))
        kids.append(b"%d 0 R" % len(objects))
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(kids), pages)
    path = folder / "thesis.pdf"
    path.write_bytes(raw_pdf(objects))
    return path


def make_deep_pdf(folder: Path, depth: int = 3000) -> Path:
    """A page tree nested `depth` Pages nodes deep: a reader that recurses runs out of stack."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    for level in range(depth):
        number = len(objects) + 1
        objects.append(b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % (number + 1))
    leaf_parent = len(objects)
    objects.append(_page(leaf_parent, len(objects) + 2, len(objects) + 3))
    objects.append(_stream(b"BT /F1 12 Tf 72 720 Td (Deep page.) Tj ET"))
    objects.append(HELVETICA)
    path = folder / "deep.pdf"
    path.write_bytes(raw_pdf(objects))
    return path


GOOD_ESSAY = (
    "网络改变了青少年的阅读习惯。手机屏幕上的短文章和视频占据了大量时间，许多学生很少完整地读完一本书。"
    "碎片化阅读带来了信息，却削弱了专注和思考。学校和家庭应当引导学生安排整块的阅读时间，"
    "让经典作品重新回到他们的书桌上。阅读不只是获取信息，更是与作者长久的对话。\n"
)
# the bad inputs that cannot be read, by file name (notes.rtf is skipped inside a folder)
UNREADABLE = (
    "binary.txt", "damaged.pdf", "empty.txt", "encrypted.docx", "encrypted.pdf", "flate_bomb.pdf",
    "image_only.pdf", "not_a_zip.docx", "nul_bytes.txt", "punctuation_only.txt", "truncated.docx",
    "truncated.pdf", "zip_bomb.docx", "zip_bomb_lying.docx", "big.txt",
)


def make_hostile_folder(root: Path) -> Path:
    """A submissions folder: every bad input of bad/, a 20 MB .txt, an unsupported file, a
    symlink loop, and two good essays (essay_b.txt copies most of essay_a.txt)."""
    folder = root / "submissions"
    folder.mkdir(parents=True)
    for item in sorted(BAD.iterdir()):
        (folder / item.name).write_bytes(item.read_bytes())
    make_big_txt(folder)
    (folder / "notes.rtf").write_text("{\\rtf1 not read}", encoding="ascii")
    os.symlink(folder, folder / "loop", target_is_directory=True)
    (folder / "essay_a.txt").write_text(GOOD_ESSAY * 2, encoding="utf-8")
    (folder / "essay_b.txt").write_text("我的看法不同。" + GOOD_ESSAY[:120] + "总之要多读书。", encoding="utf-8")
    return folder


def main() -> None:
    GOOD.mkdir(exist_ok=True)
    BAD.mkdir(exist_ok=True)
    write_texts()
    write_docx()
    write_pdfs()
    total = 0
    for path in sorted([*GOOD.iterdir(), *BAD.iterdir()]):
        total += path.stat().st_size
        print(f"{path.stat().st_size:>8}  {path.relative_to(HERE)}")
    print(f"{total:>8}  bytes in all")


if __name__ == "__main__":
    sys.exit(main())
