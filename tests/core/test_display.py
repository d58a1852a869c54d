"""core.display.safe_name: names from the file system shown without harm."""

import os

import pytest

from core.display import FSI, PDI, safe_name


def test_plain_and_chinese_names_are_unchanged():
    assert safe_name("张三_作文.docx") == "张三_作文.docx"
    assert safe_name("essay 1 (final).txt") == "essay 1 (final).txt"
    assert safe_name(r"C:\Users\li\作文.docx") == r"C:\Users\li\作文.docx"


@pytest.mark.parametrize("raw, shown", [
    ("a\x1b[31mred.txt", r"a\x1b[31mred.txt"),                  # ANSI color
    ("t\x1b]0;owned\x07.txt", r"t\x1b]0;owned\x07.txt"),        # OSC retitle, BEL-terminated
    ("x\x9b2J.txt", r"x\x9b2J.txt"),                            # C1 CSI
    ("line\nbreak\r.txt", r"line\nbreak\r.txt".replace(r"\n", r"\x0a").replace(r"\r", r"\x0d")),
    ("del\x7f.txt", r"del\x7f.txt"),
    ("sep\u2028.txt", r"sep\u2028.txt"),
])
def test_control_characters_become_visible_escapes(raw, shown):
    assert safe_name(raw) == shown
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in safe_name(raw))


def test_undecodable_bytes_show_as_hex_and_always_encode():
    raw = b"caf\xe9_\xff.txt"
    as_str = os.fsdecode(raw) if os.name == "posix" else raw.decode("utf-8", "surrogateescape")
    assert safe_name(raw) == safe_name(as_str) == r"caf\xe9_\xff.txt"
    safe_name(as_str).encode("utf-8")  # no lone surrogate left
    assert safe_name("\ud800x") == r"\ud800x"
    assert safe_name(os.fsencode("ok.txt")) == "ok.txt"


def test_bidi_overrides_are_escaped_and_rtl_text_is_isolated():
    assert safe_name("invoice\u202etxt.exe") == r"invoice\u202etxt.exe"
    for control in "\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c":
        assert control not in safe_name(f"a{control}b")
    hebrew = "\u05e9\u05dc\u05d5\u05dd.txt"
    assert safe_name(hebrew) == FSI + hebrew + PDI
    assert safe_name(hebrew, isolate=False) == hebrew
    arabic_with_override = "\u0645\u0642\u0627\u0644\u202e.docx"
    shown = safe_name(arabic_with_override)
    assert shown.startswith(FSI) and shown.endswith(PDI) and "\u202e" not in shown


def test_paths_are_accepted():
    from pathlib import Path

    assert safe_name(Path("dir") / "a\x1b.txt") == str(Path("dir") / r"a\x1b.txt")


@pytest.mark.parametrize("raw, cell", [
    ("=1+1", "'=1+1"),
    ("essay.txt", "essay.txt"),
    ("a;=HYPERLINK(\"http://x\")", "a;'=HYPERLINK(\"http://x\")"),  # semicolon locales split here
    ("a,+cmd", "a,'+cmd"),
    ("a;  -2+3", "a;'  -2+3"),
    ("x\t@SUM(A1)", r"x\x09@SUM(A1)"),  # the tab is shown as an escape, so nothing splits there
    ("张三;作文.docx", "张三;作文.docx"),
    ("a-b.txt", "a-b.txt"),
])
def test_spreadsheet_cells_never_start_a_formula_in_any_locale(raw, cell):
    from core.display import spreadsheet_cell

    assert spreadsheet_cell(raw) == cell
    for separator in ",;\t":
        for piece in spreadsheet_cell(raw).split(separator):
            assert not piece.lstrip(" ").startswith(("=", "+", "-", "@")), piece
