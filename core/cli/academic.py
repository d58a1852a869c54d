"""`plagscope check` options for the academic figures: the exclusions, the
minimum match length, `--by-document` (a table of each document's figures) and the JSON
version. Kept apart from check.py, which calls the three functions below."""

from __future__ import annotations

import argparse

from core.academic.figures import document_figures
from core.cli.common import fit, out, show, warn, width
from core.models import Report
from core.options import CheckOptions
from core.reports.student_pages import write_student_reports as write

_D = CheckOptions()


def add_arguments(c: argparse.ArgumentParser) -> None:
    g = c.add_argument_group("academic figures (docs/academic.md)")
    g.add_argument("--by-document", action="store_true",
                   help="also print each document's figures: similarity index (总文字复制比), "
                        "excluding quotes and bibliography (去除引用文献复制比), largest single "
                        "source (单篇最大文字复制比), matched characters (重复字数), sources")
    g.add_argument("--exclude-quotes", action="store_true",
                   help="leave quoted passages out of the figures (default: counted, as CNKI does)")
    g.add_argument("--exclude-references", action="store_true",
                   help="leave the reference list out of the figures (default: counted)")
    g.add_argument("--include-template", action="store_true",
                   help="match the template's text too, shown as class 'template' and counted")
    g.add_argument("--min-match-chars", type=int, metavar="N", default=_D.min_match_chars,
                   help=f"figures count Chinese passages of at least N characters "
                        f"(default {_D.min_match_chars}, CNKI's rule)")
    g.add_argument("--min-match-words", type=int, metavar="N", default=_D.min_match_words,
                   help=f"figures count other passages of at least N words "
                        f"(default {_D.min_match_words}, WCopyfind's)")
    g.add_argument("--student-reports", metavar="DIR",
                   help="write a report for each student with a matched passage into DIR (HTML and PDF: "
                        "figures, sources ranked, the text colored by attribution)")
    g.add_argument("--report-language", choices=("en", "zh"), default="en",
                   help="language of the HTML and PDF reports, the class report and each student's "
                        "(default en; zh uses CNKI's names)")
    g.add_argument("--json-version", type=int, choices=(1, 2), default=None,
                   help="JSON report: by default every field (schema 2) labelled version 1, which "
                        "version-1 readers such as ../shared/eval/score.py read; 2 labels it 2; "
                        "1 leaves out the schema-2 fields")


def option_fields(args: argparse.Namespace) -> dict:
    """The CheckOptions fields these arguments set."""
    return {"exclude_quotes": args.exclude_quotes, "exclude_references": args.exclude_references,
            "exclude_template": not args.include_template, "min_match_chars": args.min_match_chars,
            "min_match_words": args.min_match_words}


def format_figures(report: Report) -> str:
    """One row per document: its figures, and its largest source."""
    names = [show(d.name) for d in report.documents]
    head = (f"{fit('document', 28)}  {'chars':>7}  {'matched':>7}  {'sim%':>6}  {'excl%':>6}  "
            f"{'top%':>6}  {'src':>3}  top source")
    lines = [head, "-" * width(head)]
    for i, f in enumerate(document_figures(report)):
        top = fit(names[f.ranked[0][0]], 28) if f.ranked else ""
        lines.append(f"{fit(names[i], 28)}  {f.chars:>7}  {f.copied_chars:>7}  "
                     f"{100 * f.total_copy_ratio:6.1f}  {100 * f.copy_ratio_excluding_quotes:6.1f}  "
                     f"{100 * f.largest_source_ratio:6.1f}  {f.sources:>3}  {top}".rstrip())
    return "\n".join(lines)


def print_figures(report: Report) -> None:
    out("\nPer document: sim% = similarity index (总文字复制比), excl% = excluding quotes and "
        "bibliography (去除引用文献复制比), top% = largest single source (单篇最大文字复制比), "
        "matched = matched characters (重复字数), src = sources with unattributed passages")
    out(format_figures(report))


def write_student_reports(args: argparse.Namespace, report: Report) -> list[str]:
    """Lines to print after writing the per-student reports `--student-reports` asks for."""
    if not getattr(args, "student_reports", None):
        return []

    try:
        written = write(report, args.student_reports, language=args.report_language)
    except (OSError, ValueError) as e:  # ValueError: no font with Chinese characters for the PDF
        warn(f"could not write the student reports to {show(args.student_reports)}: {e}")
        return []
    return [f"wrote {len(written)} student report files to {show(args.student_reports)}"]
