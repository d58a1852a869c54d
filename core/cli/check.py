"""`plagscope check PATH...`: load, compare every pair, print the ranked table, write reports."""

from __future__ import annotations

import argparse
import sys

from core.cli import academic
from core.cli.archive import add_check_arguments, archive_lines, check_generator, save_if_asked
from core.cli.common import EXIT_USAGE, drain, fit, out, show, stdout_closed, warn, width, write_reports
from core.cli.groups import format_groups, short_names_for
from core.evidence import label
from core.memory import collections_paused, one_arena
from core.models import Report
from core.options import DEFAULTS, CheckOptions
from core.review.groups import group_details
from core.rules import is_near_duplicate

HELP = "compare every pair of documents and rank them"
DESCRIPTION = "Compare every pair of documents and rank them."

_D = CheckOptions()  # the defaults shown in --help come from the code, never retyped


def _per_language(field: str) -> str:
    return ", ".join(f"{lang} {getattr(params, field)}" for lang, params in DEFAULTS.items())


def add_arguments(c: argparse.ArgumentParser) -> None:
    from core.semantic import INSTALL_HINT  # the package itself is light; its model is not

    c.add_argument("paths", nargs="+", metavar="PATH", help="files or folders (searched recursively)")
    c.add_argument("--template", metavar="FILE", help="assignment text whose passages are ignored")
    reports = c.add_argument_group("reports")
    reports.add_argument("--json", metavar="FILE", help="write the JSON report here")
    reports.add_argument("--html", metavar="FILE", help="write the HTML report here")
    reports.add_argument("--csv", metavar="FILE", help="write one CSV row per pair here")
    reports.add_argument("--pdf", metavar="FILE", help="write the PDF report here (needs a Chinese "
                         "TrueType font such as fonts-wqy-microhei)")
    engine = c.add_argument_group("matching")
    engine.add_argument("--k", type=int, metavar="N",
                        help=f"k-gram length in units (default: {_per_language('k')})")
    engine.add_argument("--window", type=int, metavar="N",
                        help=f"winnowing window (default: {_per_language('window')})")
    engine.add_argument("--hamming", type=int, metavar="N", default=_D.hamming,
                        help=f"simhash near-duplicate threshold in bits (default {_D.hamming})")
    engine.add_argument("--min-passage", type=int, metavar="N", default=_D.min_passage,
                        help=f"drop passages shorter than N characters (default {_D.min_passage}"
                             + (": keep all found)" if not _D.min_passage else ")"))
    engine.add_argument("--keywords", type=int, metavar="N", default=_D.keywords,
                        help=f"keywords per document for simhash (default {_D.keywords})")
    # None = not given: the default (on when the layer is installed; quietly off, with one
    # note, when it is not); --semantic / --no-semantic say it explicitly
    engine.add_argument("--semantic", action=argparse.BooleanOptionalAction, default=None,
                        help="find translations (zh <-> en) and paraphrases by the meaning of "
                             f"sentences too (default: {'on' if _D.semantic else 'off'} when "
                             f"installed, with {INSTALL_HINT}; --no-semantic turns it off)")
    limits = c.add_argument_group("limits")
    limits.add_argument("--max-file-mb", type=float, metavar="MB", default=_D.max_file_mb,
                        help=f"skip files larger than this (default {_D.max_file_mb:g})")
    limits.add_argument("--max-chars", type=int, metavar="N", default=_D.max_chars,
                        help=f"skip documents with more characters than this (default {_D.max_chars})")
    limits.add_argument("--workers", type=int, metavar="N",
                        help="processes to fingerprint and score pairs with, this one among them, and "
                             "to read docx and pdf files with (default: one, or one per core when a "
                             "large class finds a core idle)")
    output = c.add_argument_group("output")
    output.add_argument("--top", type=int, metavar="N", default=30,
                        help="pairs to print (default 30; reports always hold all)")
    output.add_argument("--quiet", action="store_true", help="no progress on stderr")
    academic.add_arguments(c)

    add_check_arguments(c)


def options_from(args: argparse.Namespace) -> CheckOptions:
    return CheckOptions(
        k=args.k, window=args.window, hamming=args.hamming, keywords=args.keywords,
        min_passage=args.min_passage, template=args.template, max_file_mb=args.max_file_mb,
        max_chars=args.max_chars, workers=args.workers, semantic=_semantic(args),
        **academic.option_fields(args),
    )


def _semantic(args: argparse.Namespace) -> bool:
    """Whether this check runs the semantic layer: --semantic / --no-semantic, else the
    default; only when the layer is installed. Without it the check is the verbatim one and
    one stderr line says how to turn the layer on (asked for explicitly: as before; by the
    default: a note that --no-semantic silences)."""
    asked = getattr(args, "semantic", None)
    wanted = _D.semantic if asked is None else asked
    if not wanted:
        return False
    from core.semantic import INSTALL_HINT
    from core.semantic.model import available

    if available():
        return True
    if asked:
        warn(f"--semantic: the semantic layer is not installed, checking without it; "
             f"turn it on with: {INSTALL_HINT}")
    else:
        warn(f"note: finding translations and paraphrases is skipped (the semantic layer is "
             f"not installed); turn it on with: {INSTALL_HINT}, or hide this note with --no-semantic")
    return False


def format_table(report: Report, top: int, names: list[str] | None = None,
                 hide: frozenset[int] = frozenset()) -> str:
    """The ranked pairs as a plain-text table (names shown safely; `names` replace the file
    names, e.g. the short names; pairs whose index is in `hide` are left out, # keeps the rank)."""
    if names is None:
        names = [show(d.name) for d in report.documents]
    col = max(8, min(28, max((width(n) for n in names), default=8)))
    meaning = report.options.semantic  # a column for the meaning layer's share
    head = (f"{'#':>3}  {fit('left', col)}  {fit('right', col)}  {'copied%':>7}  {'kind':<11}  "
            f"{'sim%':>6}" + (f"  {'meaning':<16}" if meaning else "")
            + f"  {'ham':>3}  {'lcov%':>6}  {'rcov%':>6}  {'longest':>7}  {'pass':>4}")
    lines = [head, "-" * width(head)]
    shown = [(rank, p) for rank, p in enumerate(report.pairs, 1) if rank - 1 not in hide]
    for rank, p in shown[:top]:
        near = "*" if is_near_duplicate(p.hamming, report.options.hamming) else " "
        lines.append(
            f"{rank:>3}  {fit(names[p.left], col)}  {fit(names[p.right], col)}  "
            f"{100 * p.copied:7.1f}  {label(p.kind):<11}  {100 * p.similarity:6.1f}"
            + (f"  {semantic_cell(p):<16}" if meaning else "")
            + f"  {p.hamming:>3}{near} {100 * p.left_coverage:6.1f}  "
            f"{100 * p.right_coverage:6.1f}  {p.longest:>7}  {len(p.matches):>4}"
        )
    if not report.pairs:
        lines.append("    no pair shares a passage or a near-duplicate fingerprint")
    elif len(shown) > top:
        lines.append(f"    ... {len(shown) - top} more pairs in the reports (--top to show)")
    if hide:
        lines.append(f"    {len(hide)} copy-vs-copy pair(s) are counted under their groups above")
    return "\n".join(lines)


def semantic_cell(pair) -> str:
    """"translation 78%" / "paraphrase 40%": the meaning layer's kind and its share of sentences
    (only those no verbatim passage covers, core.evidence), or ""."""
    found = pair.semantic
    return f"{found.kind} {100 * found.share:.0f}%" if found is not None else ""


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        options = options_from(args)
    except ValueError as e:
        parser.error(str(e))
    if args.top < 0:
        parser.error("--top must be 0 or more")

    one_arena()  # before the check's threads start
    with collections_paused():  # a check of many pairs makes them once and keeps them to the end
        return _checked(args, options)


def _checked(args: argparse.Namespace, options: CheckOptions) -> int:
    report: Report = drain(check_generator(args, options), args.quiet)
    # reports first: a reader that stops reading stdout early (`| head`) must not cost them
    inputs = [d.path for d in report.documents] + [e.path for e in report.errors]
    if options.template:
        inputs.append(options.template)
    status, written = write_reports(
        report, (("json", args.json), ("html", args.html), ("csv", args.csv), ("pdf", args.pdf)), inputs,
        json_version=args.json_version, language=args.report_language)
    written = archive_lines(report) + written + save_if_asked(args, report)
    written += academic.write_student_reports(args, report)
    try:
        print_report(report, args.top)
        if args.by_document:
            academic.print_figures(report)
        for line in written:
            out(line)
        sys.stdout.flush()
    except BrokenPipeError:
        stdout_closed()
    if not report.documents:
        warn("nothing to check: no document could be read" if report.errors
             else "nothing to check: no documents found")
        return EXIT_USAGE
    return status


def print_report(report: Report, top: int) -> None:
    if report.documents:  # with nothing read, the reasons alone say it all
        out(f"{len(report.documents)} documents, {len(report.pairs)} pairs with shared passages "
            f"or near-duplicate fingerprints (* = Hamming <= {report.options.hamming}), ranked by "
            f"the copied share (copied%: text taken in any form, each character once)")
        if report.options.semantic:
            by_meaning = sum(1 for p in report.pairs if p.semantic is not None)
            out(f"{by_meaning} pairs render each other's sentences (translation or paraphrase: "
                f"the meaning column, share of sentences aligned)")
        # the groups first, then the pairs by the same short names

        details = group_details(report)
        names = short_names_for(report)
        out(format_groups(report, details, names))
        out()
        out(format_table(report, top, names, frozenset(k for d in details for k in d.copy_pairs)))
    if report.errors:
        out(("\n" if report.documents else "")
            + f"{len(report.errors)} file(s) could not be checked:")
        for e in report.errors:
            out(f"  {show(e.path)}: {e.message}")
