"""The CSV report: one row per pair, ranked, for a spreadsheet.

The pair's copied share and kind (core.evidence) come first, then the verbatim figures; the
meaning layer's kind and share last.

Ratios are fractions with four decimals (0.4235 = 42.35 %). Text cells that a spreadsheet
would run as a formula (starting with = + - @, tab or carriage return) get a leading
apostrophe. `render_csv` returns text without a BOM; `write_report` saves it as UTF-8 with
a BOM, which Excel needs to read Chinese file names correctly instead of as ANSI.
"""

from __future__ import annotations

import csv
import io

from core.academic.figures import document_figures
from core.display import spreadsheet_cell
from core.models import Report

HEADER = ("left", "right", "copied", "kind", "similarity", "hamming", "left_coverage", "right_coverage",
          "longest", "passages", "left_path", "right_path")
# each side's document figures (core/academic/figures.py) after the pair's columns
FIGURES = ("total_copy_ratio", "copy_ratio_excluding_quotes", "largest_source_ratio",
           "copied_chars", "sources")
HEADER += tuple(f"{side}_{name}" for side in ("left", "right") for name in FIGURES)
# what the semantic layer found ("translation" / "paraphrase", its share), or empty
HEADER += ("semantic_kind", "semantic_share")
# the reviewers' verdict on the pair (confirmed, suspicious, not_plagiarism or empty) and note
HEADER += ("verdict", "note")
ENCODING = "utf-8-sig"
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def render_csv(report: Report, verdicts=None) -> str:
    """The header row, then one row per pair in the report's (ranked) order; CRLF line ends.
    `verdicts` (core.review.verdicts.Verdicts) fill the verdict and note columns."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(HEADER)
    docs = report.documents
    figures = figure_cells(report)
    for pair in report.pairs:
        left, right = docs[pair.left], docs[pair.right]
        writer.writerow([
            safe_cell(left.name), safe_cell(right.name),
            f"{pair.copied:.4f}", pair.kind, f"{pair.similarity:.4f}", int(pair.hamming),
            f"{pair.left_coverage:.4f}", f"{pair.right_coverage:.4f}",
            int(pair.longest), len(pair.matches),
            safe_cell(left.path), safe_cell(right.path),
            *figures[pair.left], *figures[pair.right],
            *((pair.semantic.kind, f"{pair.semantic.share:.4f}") if pair.semantic else ("", "")),
            *_verdict_cells(report, pair, verdicts),
        ])
    return out.getvalue()


def _verdict_cells(report: Report, pair, verdicts) -> tuple[str, str]:
    if not verdicts or not verdicts.pairs:
        return "", ""
    verdict = verdicts.pair(report, pair)
    return verdict.status, safe_cell(verdict.note)


def safe_cell(text: str) -> str:
    """`text` made inert for spreadsheets: a would-be formula gets a leading apostrophe, also
    after a `;` `,` or tab where another locale splits the cell (core.display.spreadsheet_cell)."""
    return spreadsheet_cell(text)


def figure_cells(report: Report) -> list[list]:
    """Each document's figures as CSV cells, in the order of FIGURES."""
    if not report.pairs:
        return []

    return [[f"{f.total_copy_ratio:.4f}", f"{f.copy_ratio_excluding_quotes:.4f}",
             f"{f.largest_source_ratio:.4f}", f.copied_chars, f.sources]
            for f in document_figures(report)]
