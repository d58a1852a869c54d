"""The report document: what a report says, as frozen values, before any format renders it.

`core.reports.builder` turns a `Report` into a `ReportDocument`; `html_report` and
`pdf_report` render that same document, so a new part of a report (the groups, the
per-student summary and pages) is written once, in the builder, and both formats show it.

Everything here is plain text: renderers escape it (HTML) or lay it out (PDF). Links point
at `anchor`s inside the same document (a renderer may ignore them: PDF has no hover).
Colors are keys of `colors.COLORS` ("c0".."c9" for passages, "cls-<class>" for the
attribution classes the pair details and the per-student pages paint with), so each renderer
looks the same key up in the one table.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading inside a section (level 3 or 4; the section's own title is level 2)."""

    text: str
    level: int = 3
    anchor: str = ""
    hint: str = ""  # shown on hover (HTML), e.g. both documents' paths


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A paragraph of plain text; `kind` "body" or "note" (smaller, muted)."""

    text: str
    kind: str = "body"


@dataclass(frozen=True, slots=True)
class Figure:
    """One labelled value: a number on a summary card, an option and its setting, a term and its meaning."""

    label: str
    value: str
    note: str = ""
    emphasis: bool = False  # the figure the reader should look at first (flagged pairs)


@dataclass(frozen=True, slots=True)
class Figures:
    """A block of labelled values; `kind` "cards" (big numbers), "terms" (a glossary) or "list"."""

    items: tuple[Figure, ...]
    kind: str = "list"


@dataclass(frozen=True, slots=True)
class Column:
    """A table column: its label, how its cells align, its share of the width and its kind.

    `kind` "name" and "path" cells wrap only between words or at a name's separators
    (`_ - . /`), "number" cells never wrap, "text" cells wrap like prose. `weight` is the
    column's share of the spare width once every column has room for its longest unbreakable
    piece; "number" columns take only what they need.
    """

    label: str
    kind: str = "text"
    weight: float = 1.0

    @property
    def numeric(self) -> bool:
        return self.kind == "number"


@dataclass(frozen=True, slots=True)
class Cell:
    """One table cell: its text, an anchor it links to, a hover hint, a bar (0 to 1) drawn before it."""

    text: str
    link: str = ""
    hint: str = ""
    bar: float | None = None


@dataclass(frozen=True, slots=True)
class Row:
    cells: tuple[Cell, ...]
    flagged: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    """Rows under column headings; `empty` is said instead when there are no rows."""

    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    empty: str = ""
    kind: str = ""  # a name the HTML uses as the table's class ("pairs", "documents")

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row.cells) != len(self.columns):
                raise ValueError(f"a row has {len(row.cells)} cells for {len(self.columns)} columns")


@dataclass(frozen=True, slots=True)
class Mark:
    """A colored span of a marked text: half-open offsets, a number (passage j), a color key, a hover label."""

    start: int
    end: int
    number: int
    color: str
    label: str = ""


@dataclass(frozen=True, slots=True)
class MarkedText:
    """A text with colored spans (`marks`), spans changed inside a passage (`changes`), and a legend.

    `title` names the text (a document's name), `hint` is shown on hover (its path).
    `link` is the anchor prefix for linked marks (mark j of side "L" has anchor
    `{link}-m{j}-L` and links to the same mark on the other side); "" for no links.
    `language` "zh" when the text holds Chinese (HTML uses it to pick fonts).
    """

    text: str
    marks: tuple[Mark, ...] = ()
    changes: tuple[tuple[int, int], ...] = ()
    title: str = ""
    hint: str = ""
    link: str = ""
    side: str = "L"
    language: str = ""
    legend: tuple[Figure, ...] = ()


@dataclass(frozen=True, slots=True)
class Passage:
    """Passage `number` of a comparison: its span on each side, color, label and captions.

    `description` is one line of sizes; `left_caption` / `right_caption` say where each side
    is ("a.txt, characters 10-40"); `same_caption` is used when both sides read the same.
    """

    number: int
    left: tuple[int, int]
    right: tuple[int, int]
    color: str
    label: str
    description: str = ""
    left_caption: str = ""
    right_caption: str = ""
    same_caption: str = ""
    left_color: str = ""  # the passage's color in each text when it differs by side ("" = color):
    right_color: str = ""  # an attribution class is found in each document's own text
    left_label: str = ""  # e.g. the passage's class in each text ("" = none)
    right_label: str = ""

    def side_color(self, side: str) -> str:
        return (self.left_color if side == "L" else self.right_color) or self.color


@dataclass(frozen=True, slots=True)
class Comparison:
    """Two documents side by side with their shared passages.

    HTML shows both whole texts next to each other, each passage linked to its twin; PDF
    prints each passage whole, once when both sides read the same, else left then right.
    `unavailable` is said instead of the texts when the report holds none (a JSON read back).
    """

    left: MarkedText
    right: MarkedText
    passages: tuple[Passage, ...]
    unavailable: str = ""
    legend: tuple[Figure, ...] = ()  # what the colors mean (label, color key), shown once above


@dataclass(frozen=True, slots=True)
class Article:
    """A self-contained part of a section: one flagged pair, one student's page.

    `back` is an anchor to link back to (HTML only); `new_page` starts it on a new page in print.
    """

    anchor: str
    title: str
    blocks: tuple[Block, ...]
    hint: str = ""
    back: str = ""
    new_page: bool = False
    kind: str = "pair"


@dataclass(frozen=True, slots=True)
class PageBreak:
    """Start a new page here when printed (a renderer that has no pages ignores it)."""


Block = Heading | Paragraph | Figures | Table | MarkedText | Comparison | Article | PageBreak


@dataclass(frozen=True, slots=True)
class Section:
    """A titled part of the report; `anchor` for links and the table of contents.

    `nav` puts it in the table of contents; `new_page` starts it on a new printed page.
    """

    anchor: str
    title: str
    blocks: tuple[Block, ...] = ()
    nav: bool = True
    new_page: bool = False
    kind: str = ""


@dataclass(frozen=True, slots=True)
class ReportDocument:
    """A whole report: title, subtitle (when it was made), language, sections, footer."""

    title: str
    subtitle: str
    language: str  # "en" or "zh"
    html_language: str  # the lang attribute, e.g. "zh-CN"
    sections: tuple[Section, ...] = field(default=())
    footer: str = ""
    back: str = ""  # the label of Article.back links
