"""What a PDF's page layout shows beyond its text, as spans into the extracted text.

`core.loaders.pdf.extract_with_layout` runs pdfminer once: its text converter writes the
text (core.loaders.pdf's reconstruction, unchanged) while `Collector` keeps, per text line
of pdfminer's layout, where the line starts and ends on the page, its characters' font
sizes and weights, and its raised small digits. `Collector.layout(text)` then places every
line in the text as `pdf.as_written` returned it (in order, each line's characters exactly
where they are in the text: the reconstruction keeps a line's characters and only joins
lines, drops running heads and page numbers, and rejoins hyphenated words), and derives:

- block quotes: paragraphs (pdfminer text boxes) set in from the body's left margin: every
  line starts at least `INDENT_EMS` body font sizes right of the margin (so a first-line
  indent, 首行缩进, is no quote), the box has at least two lines or is one line in a smaller
  font, it is at least `MIN_WIDTH_SHARE` of the body's width wide (table cells are not),
  at most `BLOCK_MAX` characters long, and no other text box stands beside it (a table row,
  a second column). A smaller font alone (footnotes, captions) does
  not make a quote; a smaller font with any indentation of at least half a font size does.
- superscripts: runs of digits (and , - – between them) in a font at most `SMALL` of the
  line's body size whose baseline is raised by at least `RAISE` of that size.
- headings: boxes of at most two lines and `HEADING_MAX` characters whose characters are all
  bold (the font name says Bold, Black, Heavy, Semibold or Demi) or at least `LARGE` of the
  body size.

The body's font size and left margin are the most common ones, counted in characters (the
margin per page when the page has enough lines, since books mirror their margins). A line
that cannot be placed in the text is left out: the layout is a hint, never a reason to
refuse a file.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from pdfminer.converter import TextConverter
from pdfminer.layout import LTChar, LTContainer, LTTextBox, LTTextLine

from core.models import Layout, Span

INDENT_EMS = 1.5  # a block quote is set in by at least 1.5 body font sizes (16.5 pt at 11 pt)
MIN_WIDTH_SHARE = 0.4  # of the body's text width
BLOCK_MAX = 1200  # characters, as for plain-text block quotes
SMALL = 0.85  # a superscript's font is at most 85 % of its line's body size
RAISE = 0.15  # and its baseline is at least 15 % of that size above the line's baseline
LARGE = 1.2  # a heading's font is at least 120 % of the body size, or bold
HEADING_MAX = 100
SMALLER = 0.92  # "a smaller font" for a block quote
PAGE_LINES = 8  # a page with at least this many body lines gets its own left margin
_SLACK = 3  # a placed line starts at most this many characters after the previous one ends
_RESYNC, _RESYNC_WINDOW = 20, 400  # a line of 20+ characters may be found up to 400 further on
_CID = re.compile(r"\(cid:\d+\)")
_BOLD = re.compile(r"bold|black|heavy|semibold|demi|,b\b", re.IGNORECASE)
_SUPER = re.compile(r"[0-9¹²³⁰-⁹]")
_SUPER_JOIN = set(",-–—, ")


@dataclass
class _Line:
    """One text line of pdfminer's layout: its text (as the converter writes it, without the
    line break), horizontal extent, characters per (rounded) size, bold characters, and the
    raised small digit runs as offsets into `text`."""

    page: int
    box: int
    x0: float
    x1: float
    text: str
    y0: float = 0.0
    y1: float = 0.0
    sizes: Counter = field(default_factory=Counter)
    chars: int = 0
    bold: int = 0
    raised: list[tuple[int, int]] = field(default_factory=list)
    start: int = -1  # where the stripped line starts in the document's text, once placed

    @property
    def size(self) -> float:
        return self.sizes.most_common(1)[0][0] if self.sizes else 0.0


class Collector:
    """Keeps each page's lines while pdfminer lays the pages out (see `converter`)."""

    def __init__(self) -> None:
        self.lines: list[_Line] = []
        self._bold_fonts: dict[str, bool] = {}
        self._page = 0
        self._box = 0

    def converter(self, resources, buffer, laparams):
        """A pdfminer TextConverter writing the same text that also hands each laid-out page here."""
        collector = self

        class _Converter(TextConverter):
            def receive_layout(self, ltpage) -> None:
                try:
                    collector.page(ltpage)
                except Exception:  # noqa: BLE001, S110 (the layout is a hint: never a reason to lose the text)
                    pass
                super().receive_layout(ltpage)

        return _Converter(resources, buffer, laparams=laparams)

    def page(self, ltpage) -> None:
        """Record the text lines of one page in the order the converter writes them."""
        def walk(item) -> None:
            if isinstance(item, LTTextLine):
                self._line(item, LTChar)
            elif isinstance(item, LTContainer):
                for child in item:
                    walk(child)
            if isinstance(item, LTTextBox):
                self._box += 1

        walk(ltpage)
        self._page += 1

    def _line(self, line, LTChar) -> None:
        parts, sizes, bold, chars = [], Counter(), 0, []
        at = 0
        bold_fonts = self._bold_fonts
        for child in line:
            text = child.get_text()
            if isinstance(child, LTChar):
                if len(text) > 1 and "(cid:" in text:
                    text = _CID.sub("\ufffd", text)
                size = round(child.size * 2) / 2
                sizes[size] += 1
                font = child.fontname
                is_bold = bold_fonts.get(font)
                if is_bold is None:
                    is_bold = bold_fonts[font] = bool(_BOLD.search(font or ""))
                bold += is_bold
                chars.append((at, at + len(text), size, child.y0, text))
            parts.append(text)
            at += len(text)
        text = "".join(parts).rstrip("\n")
        if not text.strip():
            return
        record = _Line(self._page, self._box, float(line.x0), float(line.x1), text, float(line.y0), float(line.y1),
                       sizes, sum(sizes.values()), bold)
        record.raised = _raised(chars, record.size)
        self.lines.append(record)

    def layout(self, text: str) -> Layout | None:
        """The block quotes, superscripts and headings as spans into `text` (None if nothing)."""
        try:
            return _layout(self.lines, text)
        except Exception:  # noqa: BLE001 (the layout is a hint: never a reason to refuse a file)
            return None


def _raised(chars, size: float) -> list[tuple[int, int]]:
    """Offsets of runs of small raised digits in a line (chars: start, end, size, y0, text)."""
    normal = sorted(y0 for _, _, s, y0, _ in chars if s >= size * 0.95)
    if not normal or not size:
        return []
    baseline = normal[len(normal) // 2]
    runs: list[list[int]] = []
    last_end = None
    for start, end, s, y0, t in chars:
        small_raised = s <= size * SMALL and y0 >= baseline + RAISE * size
        if small_raised and (_SUPER.fullmatch(t) or (t in _SUPER_JOIN and runs and last_end == start)):
            if runs and last_end == start:
                runs[-1][1] = end
            else:
                runs.append([start, end])
            last_end = end
        else:
            last_end = None
    out = []
    for a, b in runs:
        while b > a and chars and not _SUPER.search(_text_at(chars, b - 1)):
            b -= 1  # a run ends with a digit
        if b > a:
            out.append((a, b))
    return out


def _text_at(chars, offset: int) -> str:
    for start, end, _, _, t in chars:
        if start <= offset < end:
            return t
    return ""


def _place(lines: list[_Line], text: str) -> None:
    """Set each line's `start` in `text`: in order, each within _SLACK characters of the last."""
    cursor = 0
    for line in lines:
        stripped = line.text.strip()
        for candidate in (stripped, stripped[:-1] if stripped.endswith("-") else None):
            if not candidate:
                continue
            pos = text.find(candidate, cursor, cursor + _SLACK + len(candidate))
            if pos < 0 and len(candidate) >= _RESYNC:  # lines left out before: a long line finds its way back
                pos = text.find(candidate, cursor, cursor + _RESYNC_WINDOW + len(candidate))
            if pos >= 0:
                line.start = pos
                cursor = pos + len(candidate)
                break


def _beside(box: int, extents) -> bool:
    """Whether another text box stands beside this one (a table row, a second column):
    horizontally apart, and sharing at least half of the lower one's height."""
    mine = next((e for e in extents if e[0] == box), None)
    if mine is None:
        return False
    _, x0, x1, y0, y1 = mine
    for other, a0, a1, b0, b1 in extents:
        if other == box or (a0 < x1 and x0 < a1):
            continue
        shared = min(y1, b1) - max(y0, b0)
        if shared > 0.5 * min(y1 - y0, b1 - b0):
            return True
    return False


def _mode(counter: Counter) -> float:
    return counter.most_common(1)[0][0] if counter else 0.0


def _layout(lines: list[_Line], text: str) -> Layout | None:
    if not lines:
        return None
    _place(lines, text)
    sizes: Counter = Counter()
    for line in lines:
        sizes.update(line.sizes)
    body = _mode(sizes)
    if not body:
        return None
    body_lines = [ln for ln in lines if abs(ln.size - body) < 0.75]
    margins: Counter = Counter()
    page_margins: dict[int, Counter] = {}
    right = Counter()
    for ln in body_lines:
        margins[round(ln.x0)] += ln.chars
        page_margins.setdefault(ln.page, Counter())[round(ln.x0)] += ln.chars
        right[round(ln.x1)] += ln.chars
    left_all = _mode(margins)
    lefts = {page: (_mode(c) if sum(1 for ln in body_lines if ln.page == page) >= PAGE_LINES else left_all)
             for page, c in page_margins.items()}
    width = max((ln.x1 for ln in body_lines), default=0.0) - left_all

    boxes: dict[int, list[_Line]] = {}
    extents: dict[int, list[tuple[int, float, float, float, float]]] = {}  # page -> boxes' extents
    for line in lines:
        if line.start >= 0:
            boxes.setdefault(line.box, []).append(line)
    for box, members in boxes.items():
        extents.setdefault(members[0].page, []).append(
            (box, min(ln.x0 for ln in members), max(ln.x1 for ln in members),
             min(ln.y0 for ln in members), max(ln.y1 for ln in members)))
    quotes, heads, supers = [], [], []
    for box in boxes.values():
        start = box[0].start
        last = box[-1]
        end = last.start + len(last.text.strip())
        if end <= start:
            continue
        left = lefts.get(box[0].page, left_all)
        size = _mode(sum((ln.sizes for ln in box), Counter()))
        set_in = min(ln.x0 for ln in box) - left
        wide = max(ln.x1 for ln in box) - min(ln.x0 for ln in box)
        smaller = size <= body * SMALLER
        bold = all(ln.bold >= ln.chars for ln in box)
        if len(box) <= 2 and len(text[start:end]) <= HEADING_MAX and (size >= body * LARGE or bold):
            heads.append(Span(start, end))
            continue
        lines_ok = len(box) >= 2 or smaller
        indented = set_in >= INDENT_EMS * body or (smaller and set_in >= 0.5 * body)
        if (indented and lines_ok and wide >= MIN_WIDTH_SHARE * width and end - start <= BLOCK_MAX
                and not _beside(box[0].box, extents.get(box[0].page, ()))):
            quotes.append(Span(start, end))
        for ln in box:
            lead = len(ln.text) - len(ln.text.lstrip())
            for a, b in ln.raised:
                s, e = ln.start + a - lead, ln.start + b - lead
                if 0 <= s < e <= len(text):
                    supers.append(Span(s, e))
    if not (quotes or heads or supers):
        return None
    return Layout(block_quotes=tuple(quotes), superscripts=tuple(supers), headings=tuple(heads))
