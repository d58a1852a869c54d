"""`plagscope check`: the headless command line over the engine (no Qt imported)."""

from __future__ import annotations

import argparse
import os
import sys
import unicodedata
from pathlib import Path

from core import __version__
from core.models import Progress, Report
from core.options import CheckOptions
from core.pipeline import check

EXIT_OK, EXIT_WRITE_FAILED, EXIT_USAGE = 0, 1, 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="plagscope",
        description="Find copied passages between essays (txt, docx, pdf; Chinese and English).",
    )
    parser.add_argument("--version", action="version", version=f"plagscope {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    c = commands.add_parser("check", help="compare every pair of documents and rank them",
                            description="Compare every pair of documents and rank them.")
    c.add_argument("paths", nargs="+", metavar="PATH", help="files or folders (searched recursively)")
    c.add_argument("--template", metavar="FILE", help="assignment text whose passages are ignored")
    c.add_argument("--json", metavar="FILE", help="write the JSON report here")
    c.add_argument("--html", metavar="FILE", help="write the HTML report here")
    c.add_argument("--csv", metavar="FILE", help="write one CSV row per pair here")
    c.add_argument("--k", type=int, metavar="N", help="k-gram length in units (default: zh 6, en 4)")
    c.add_argument("--window", type=int, metavar="N", help="winnowing window (default: zh 6, en 4)")
    c.add_argument("--hamming", type=int, metavar="N", default=3,
                   help="simhash near-duplicate threshold in bits (default 3)")
    c.add_argument("--min-passage", type=int, metavar="N", default=0,
                   help="drop passages shorter than N characters (default 0: keep all found)")
    c.add_argument("--keywords", type=int, metavar="N", default=64,
                   help="keywords per document for simhash (default 64)")
    c.add_argument("--max-file-mb", type=float, metavar="MB", default=50.0,
                   help="skip files larger than this (default 50)")
    c.add_argument("--max-chars", type=int, metavar="N", default=5_000_000,
                   help="skip documents with more characters than this (default 5000000)")
    c.add_argument("--workers", type=int, metavar="N", help="worker processes (default: all cores)")
    c.add_argument("--top", type=int, metavar="N", default=30,
                   help="pairs to print (default 30; reports always hold all)")
    c.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return parser


def options_from(args: argparse.Namespace) -> CheckOptions:
    return CheckOptions(
        k=args.k, window=args.window, hamming=args.hamming, keywords=args.keywords,
        min_passage=args.min_passage, template=args.template, max_file_mb=args.max_file_mb,
        max_chars=args.max_chars, workers=args.workers,
    )


def width(s: str) -> int:
    """Terminal columns of a string (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def fit(s: str, cols: int) -> str:
    """Cut or pad a string to exactly `cols` terminal columns."""
    out, used = [], 0
    for ch in s:
        w = width(ch)
        if used + w > cols - (1 if used + w < width(s) else 0):
            out.append("…")
            used += 1
            break
        out.append(ch)
        used += w
    return "".join(out) + " " * max(0, cols - used)


def format_table(report: Report, top: int) -> str:
    """The ranked pairs as a plain-text table."""
    names = [d.name for d in report.documents]
    head = (f"{'#':>3}  {fit('left', 28)}  {fit('right', 28)}  {'sim%':>6}  {'ham':>3}  "
            f"{'lcov%':>6}  {'rcov%':>6}  {'longest':>7}  {'pass':>4}")
    lines = [head, "-" * width(head)]
    for rank, p in enumerate(report.pairs[:top], 1):
        near = "*" if p.hamming <= report.options.hamming else " "
        lines.append(
            f"{rank:>3}  {fit(names[p.left], 28)}  {fit(names[p.right], 28)}  "
            f"{100 * p.similarity:6.1f}  {p.hamming:>3}{near} {100 * p.left_coverage:6.1f}  "
            f"{100 * p.right_coverage:6.1f}  {p.longest:>7}  {len(p.matches):>4}"
        )
    if not report.pairs:
        lines.append("    no pair shares a passage or a near-duplicate fingerprint")
    elif len(report.pairs) > top:
        lines.append(f"    ... {len(report.pairs) - top} more pairs in the reports (--top to show)")
    return "\n".join(lines)


def _progress_printer(enabled: bool):
    last = [""]

    def show(p: Progress) -> None:
        if not enabled:
            return
        line = f"\r{p.stage}: {p.done}/{p.total}"
        if line != last[0]:
            sys.stderr.write(line + " " * 10)
            sys.stderr.flush()
            last[0] = line

    def close() -> None:
        if enabled and last[0]:
            sys.stderr.write("\r" + " " * (len(last[0]) + 10) + "\r")
            sys.stderr.flush()

    return show, close


def run_check(args: argparse.Namespace, options: CheckOptions) -> int:
    from core.reports import write_report

    show, close = _progress_printer(not args.quiet and sys.stderr.isatty())
    gen = check(args.paths, options)
    try:
        while True:
            show(next(gen))
    except StopIteration as stop:
        report: Report = stop.value
    finally:
        close()
    # reports first: a reader that stops reading stdout early (`| head`) must not cost them
    status, written = EXIT_OK, []
    for fmt, target in (("json", args.json), ("html", args.html), ("csv", args.csv)):
        if target:
            try:
                write_report(report, Path(target), fmt)
            except OSError as e:
                print(f"plagscope: cannot write {target}: {e.strerror or e}", file=sys.stderr)
                status = EXIT_WRITE_FAILED
            else:
                written.append(f"wrote {fmt.upper()} report to {target}")
    try:
        print(f"{len(report.documents)} documents, {len(report.pairs)} pairs with shared passages "
              f"or near-duplicate fingerprints (* = Hamming <= {options.hamming})")
        print(format_table(report, args.top))
        if report.errors:
            print(f"\n{len(report.errors)} file(s) could not be checked:")
            for e in report.errors:
                print(f"  {e.path}: {e.message}")
        for line in written:
            print(line)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader is gone; stop writing to it (and keep Python from complaining at exit)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return status


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        options = options_from(args)
    except ValueError as e:
        parser.error(str(e))
    if args.top < 0:
        parser.error("--top must be 0 or more")
    try:
        return run_check(args, options)
    except KeyboardInterrupt:
        print("plagscope: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
