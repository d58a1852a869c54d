"""`plagscope report FILE.plagscope --json/--html/--csv/--pdf FILE`: export a saved check
without the original files (the same pairs and figures, with verdicts and notes)."""

from __future__ import annotations

import argparse

from core.cli.common import EXIT_OK, out, warn, write_reports
from core.reports import FORMATS
from core.store import StoreError
from core.store.saved import open_check

HELP = "export a saved check (.plagscope) as JSON, HTML, CSV or PDF"
DESCRIPTION = ("Export a check saved with `plagscope check ... --save FILE.plagscope` (or File > "
               "Save Check in the app); the original files are not needed.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("saved", metavar="FILE.plagscope", help="the saved check")
    for fmt in ("json", "html", "csv", "pdf"):
        parser.add_argument(f"--{fmt}", metavar="FILE", help=f"write the {fmt.upper()} report here")
    parser.add_argument("--report-language", choices=("en", "zh"), default="en",
                        help="language of the HTML and PDF reports (default en; zh uses CNKI's names)")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    targets = [(fmt, getattr(args, fmt)) for fmt in ("json", "html", "csv", "pdf")]
    if not any(t for _, t in targets):
        parser.error("name at least one of --json, --html, --csv, --pdf")
    for fmt, target in targets:
        if target and fmt not in FORMATS:
            parser.error(f"--{fmt} reports are not available in this version")
    try:
        saved = open_check(args.saved)
    except StoreError as exc:
        warn(str(exc))
        return 1
    status, written = write_reports(saved.report, targets, [args.saved],
                                    verdicts=saved.verdicts, language=args.report_language)
    out(f"{len(saved.report.documents)} documents, {len(saved.report.pairs)} pairs")
    for line in written:
        out(line)
    return status if status else EXIT_OK

