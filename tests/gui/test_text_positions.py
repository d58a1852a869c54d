"""Code point -> Qt position conversion: hand-worked values, an oracle, and a real QTextDocument."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gui.text_positions import PositionMap, qt_input, qt_plain

# Characters whose Qt length or treatment differs from one code point = one position.
TRICKY = ["a", "中", "😀", "𠀀", "𪚥", "\r", "\n", "\u2028", "\u2029", "\ufeff", "\ufffe",
          "\ufdd0", "\ufdd1", "\x00", "\t", "\x0b", "\x0c", "\x85", "\u00a0", " "]


def offsets(text: str) -> list[int]:
    m = PositionMap(text)
    return [m.to_qt(i) for i in range(len(text) + 1)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", [0]),
        ("abc", [0, 1, 2, 3]),
        ("a😀b", [0, 1, 3, 4]),
        ("𠀀𪚥", [0, 2, 4]),
        ("x\r\ny", [0, 1, 2, 2, 3]),
        ("\r\r\n", [0, 1, 2, 2]),
        ("a\rb\nc", [0, 1, 2, 3, 4, 5]),
        ("\u2028\u2029", [0, 1, 2]),
        ("😀\r\n𠀀", [0, 2, 3, 3, 5]),
    ],
)
def test_offsets_worked_by_hand(text, expected):
    assert offsets(text) == expected
    assert PositionMap(text).qt_length == expected[-1]
    assert len(PositionMap(text)) == len(text)


def test_span_to_qt_covers_the_astral_characters():
    text = "前文😀𠀀𪚥后文"
    m = PositionMap(text)
    assert m.span_to_qt(2, 5) == (2, 8)
    assert m.span_to_qt(5, 7) == (8, 10)


def test_from_qt_inverts_and_snaps_to_the_containing_code_point():
    m = PositionMap("a😀\r\nb")
    # Python: a=0 😀=1 \r=2 \n=3 b=4; Qt: a=0, 😀=1..2, separator=3, b=4, end=5
    assert [m.from_qt(q) for q in range(6)] == [0, 1, 1, 2, 4, 5]
    assert m.from_qt(3) == 2  # the separator is the \r


def test_out_of_range_is_refused():
    m = PositionMap("ab")
    with pytest.raises(IndexError):
        m.to_qt(3)
    with pytest.raises(IndexError):
        m.to_qt_array([0, 3])
    with pytest.raises(IndexError):
        m.from_qt(3)


def test_vectorized_conversion_matches_scalar():
    text = "x😀\r\n𠀀y" * 50
    m = PositionMap(text)
    idx = list(range(0, len(text) + 1, 3))
    assert m.to_qt_array(idx).tolist() == [m.to_qt(i) for i in idx]


def test_lone_surrogates_count_one_position_each():
    assert offsets("a\ud800b") == [0, 1, 2, 3]


def test_qt_plain_and_qt_input():
    assert qt_plain("a\r\nb\rc\nd\u2029e\ufdd0f\ufdd1g\u2028") == (
        "a\u2029b\u2029c\u2029d\u2029e\u2029f\u2029g\u2028"
    )
    assert qt_input("abc") == "abc"
    assert qt_input("\ufeffabc") == "\ufeff\ufeffabc"
    assert qt_input("\ufffeabc") == "\ufeff\ufffeabc"


def utf16_oracle(text: str, i: int) -> int:
    """Qt position of code point i, computed a second, independent way."""
    # A prefix ending inside a \r\n pair keeps its \r, which Qt stores as a separator.
    prefix = text[:i].replace("\r\n", "\n")
    return len(prefix.encode("utf-16-le", "surrogatepass")) // 2


@given(st.lists(st.sampled_from(TRICKY), max_size=40).map("".join))
@settings(max_examples=300, deadline=None)
def test_offsets_match_the_utf16_oracle(text):
    assert offsets(text) == [utf16_oracle(text, i) for i in range(len(text) + 1)]


# ----- against a real QTextDocument -----


def qt_units(document, start: int, end: int) -> str:
    """The UTF-16 units at Qt positions [start, end), re-joined into a str."""
    units = "".join(document.characterAt(q) for q in range(start, end))
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def expected_units(text: str, i: int) -> str:
    """What Qt stores for code point i of `text`."""
    if text[i] == "\n" and i > 0 and text[i - 1] == "\r":
        return ""
    return qt_plain(text[i])


def assert_document_holds(text: str) -> None:
    from PySide6.QtGui import QTextDocument

    document = QTextDocument()
    document.setPlainText(qt_input(text))
    m = PositionMap(text)
    assert document.characterCount() - 1 == m.qt_length
    for i in range(len(text)):
        start, end = m.span_to_qt(i, i + 1)
        assert qt_units(document, start, end) == expected_units(text, i), (text, i)


@pytest.mark.parametrize("tricky", TRICKY)
@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_each_tricky_character_in_a_real_document(qapp, tricky, where):
    text = {"start": tricky + "ab", "middle": "a" + tricky + "b", "end": "ab" + tricky}[where]
    assert_document_holds(text)


@pytest.mark.parametrize("text", ["\r\n", "a\r\n", "\r\nb", "\r\r\n\n", "\ufeff\ufeff", "\ufffe😀\r\n"])
def test_edge_texts_in_a_real_document(qapp, text):
    assert_document_holds(text)


def test_plain_text_edit_holds_the_same_positions(qapp):
    from PySide6.QtWidgets import QPlainTextEdit

    text = "\ufeff开头😀𠀀𪚥\r\nline two\rthree\u2028four\u2029five\n"
    view = QPlainTextEdit()
    view.setPlainText(qt_input(text))
    m = PositionMap(text)
    assert view.document().characterCount() - 1 == m.qt_length
    for i in range(len(text)):
        assert qt_units(view.document(), *m.span_to_qt(i, i + 1)) == expected_units(text, i)


@given(st.lists(st.sampled_from(TRICKY), min_size=1, max_size=30).map("".join))
@settings(max_examples=60, deadline=None)
def test_random_tricky_texts_in_a_real_document(qapp, text):
    assert_document_holds(text)
