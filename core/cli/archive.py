"""`plagscope archive add|list|remove|stats`: the archive of past submissions, and the options
`plagscope check` takes to check against it (--archive, --label, --add-to-archive, --db)."""

from __future__ import annotations

import argparse
import json
import os
import sys

from core.cli.common import EXIT_OK, drain, fit, out, show, warn
from core.pipeline import CheckRequest, run_check
from core.store import StoreError, open_store, resolve_location
from core.store.archive import add_paths
from core.store.repair import problems, repair_steps
from core.store.saved import save_check

HELP = "keep past submissions and check new essays against them"
DESCRIPTION = """Keep past submissions in an archive that `plagscope check --archive` compares
new documents with.

  plagscope archive add PATH... [--label L]     add files (folders recursively)
  plagscope archive list [--label L] [--json]   list archived documents
  plagscope archive remove ID... | --label L    delete documents, their text and fingerprints
  plagscope archive stats                       counts and sizes
  plagscope archive check [--quick]             look for damage (nothing is written)
  plagscope archive repair NEW                  rebuild what can be read into a new archive

The archive is an SQLite file in your data directory unless --db (or $PLAGSCOPE_DB) names
another file or a PostgreSQL database (postgresql://user@host/db)."""

EXIT_STORE = 1  # the archive could not be opened or used


def _db(parser: argparse.ArgumentParser, dest: str = "db") -> None:
    parser.add_argument("--db", metavar="PATH_OR_URL", dest=dest,
                        help="the archive: an SQLite file or a PostgreSQL database "
                             "(postgresql://... or host=... dbname=...; default: "
                             "$PLAGSCOPE_DB, else archive.sqlite3 in your data directory)")


def chosen_db(args: argparse.Namespace, parser: argparse.ArgumentParser) -> str | None:
    """The --db given before the action or after it (`archive --db X remove` and `archive
    remove --db X` mean the same archive); two different ones are refused."""
    before, after = getattr(args, "db", None), getattr(args, "action_db", None)
    if before is not None and after is not None and before != after:
        parser.error("--db is given twice with different archives; give it once")
    return after if after is not None else before


def add_arguments(parser: argparse.ArgumentParser) -> None:
    _db(parser)
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    add = sub.add_parser("add", help="add files or folders (recursively)")
    add.add_argument("paths", nargs="+", metavar="PATH")
    add.add_argument("--label", default="", help='e.g. "Grade 10 / 2026 spring"')
    add.add_argument("--quiet", action="store_true", help="no progress on stderr")
    add.add_argument("--semantic", action=argparse.BooleanOptionalAction, default=False,
                     help="also store each document's sentence vectors, so a check finds it as "
                          "the source of a translation or paraphrase (about thirty times slower; "
                          "off by default: a check embeds and stores them when it first needs them)")
    _db(add, "action_db")
    ls = sub.add_parser("list", help="list archived documents")
    ls.add_argument("--label", help="only documents with this label")
    ls.add_argument("--json", action="store_true", help="one JSON list on stdout")
    _db(ls, "action_db")
    rm = sub.add_parser("remove", help="delete documents with their text and fingerprints")
    rm.add_argument("ids", nargs="*", type=int, metavar="ID")
    rm.add_argument("--label", help="remove every document with this label")
    _db(rm, "action_db")
    st = sub.add_parser("stats", help="counts and sizes")
    st.add_argument("--json", action="store_true")
    _db(st, "action_db")
    ck = sub.add_parser("check", help="look for damage: the database's own check, pending "
                                      "postings, every stored text (nothing is written)")
    ck.add_argument("--quick", action="store_true", help="do not read every stored text")
    _db(ck, "action_db")
    rp = sub.add_parser("repair", help="rebuild every document that can still be read into a NEW "
                                       "archive (the damaged one is left as it is)")
    rp.add_argument("target", metavar="NEW", help="a new SQLite file, or an empty PostgreSQL database")
    rp.add_argument("--quiet", action="store_true", help="no progress on stderr")
    _db(rp, "action_db")


def open_archive(db: str | None, read_only: bool = False):
    return open_store(resolve_location(db), read_only=read_only)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        store = open_archive(chosen_db(args, parser), read_only=args.action in ("check", "repair"))
    except StoreError as exc:
        warn(str(exc))
        return EXIT_STORE
    try:
        return ACTIONS[args.action](store, args, parser)
    except StoreError as exc:
        warn(str(exc))
        return EXIT_STORE
    finally:
        store.close()


def _add(store, args, parser) -> int:
    result = drain(add_paths(store, args.paths, label=args.label, semantic=args.semantic),
                   args.quiet)
    out(f"added {len(result.added)}, already present {len(result.present)}, "
        f"unreadable {len(result.errors)}")
    for e in result.errors:
        out(f"  {show(e.path)}: {e.message}")
    return EXIT_OK


def _list(store, args, parser) -> int:
    docs = store.documents(label=args.label) if args.label is not None else store.documents()
    if args.json:
        json.dump([d.to_dict() for d in docs], sys.stdout, ensure_ascii=False, indent=1)
        out()
        return EXIT_OK
    out(f"{'id':>7}  {fit('name', 32)}  {fit('label', 24)}  {'added':<20}  {'chars':>7}")
    for d in docs:
        out(f"{d.id:>7}  {fit(show(d.name), 32)}  {fit(show(d.label), 24)}  {d.added[:19]:<20}  "
            f"{d.chars:>7}")
    out(f"{len(docs)} document(s)")
    return EXIT_OK


def _remove(store, args, parser) -> int:
    if bool(args.ids) == (args.label is not None):
        parser.error("give document IDs or --label, not both or neither")
    ids = args.ids if args.ids else store.ids_with_label(args.label)
    missing = sorted(set(args.ids) - {d.id for d in store.documents(args.ids)}) if args.ids else []
    removed = store.remove(ids)
    out(f"removed {removed} document(s)")
    if missing:
        warn(f"no archived document with id {', '.join(map(str, missing))}")
    return EXIT_OK


def _stats(store, args, parser) -> int:
    stats = store.stats()
    if args.json:
        out(json.dumps(stats, ensure_ascii=False, indent=1))
        return EXIT_OK
    out(f"archive: {show(stats['location'])} ({stats['backend']}, schema {stats['schema_version']})")
    out(f"documents: {stats['documents']}  characters: {stats['chars']}  "
        f"fingerprint postings: {stats['postings']}")
    out(f"database size: {stats['database_bytes'] / 1e6:.1f} MB"
        + (f" ({stats['database_bytes'] / stats['documents'] / 1e3:.1f} kB per document)"
           if stats["documents"] else ""))
    if stats["documents"]:
        out(f"added: {stats['first_added']} .. {stats['last_added']}")
    for model, n in stats.get("sentence_vectors", {}).items():
        out(f"sentence vectors ({model}, for translations and paraphrases): {n} document(s)")
    for label, n in stats["labels"].items():
        out(f"  {n:>7}  {show(label) or '(no label)'}")
    return EXIT_OK


def _check(store, args, parser) -> int:
    found = problems(store, texts=not args.quick)
    where = show(store.location)
    if not found:
        out(f"{where}: no damage found ({store.count()} document(s))")
        return EXIT_OK
    out(f"{where} is damaged:")
    for line in found:
        out(f"  {line}")
    out(f"nothing was changed; rebuild what can be read into a new file with: "
        f"plagscope archive --db {where} repair NEW.sqlite3")
    return EXIT_STORE


def _repair(store, args, parser) -> int:
    if os.path.exists(args.target) and os.path.samefile(args.target, store.location):
        parser.error("repair into a new file, not the damaged one")
    result = drain(repair_steps(store, args.target), args.quiet)
    out(f"rebuilt {result.rebuilt} of {result.found} document(s) into {show(args.target)}; "
        f"{show(store.location)} was left unchanged")
    if result.lost:
        warn(f"{len(result.lost)} document(s) could not be read and are not in the new archive: "
             f"#{', #'.join(map(str, result.lost[:20]))}" + (" …" if len(result.lost) > 20 else ""))
        return EXIT_STORE
    return EXIT_OK


ACTIONS = {"add": _add, "list": _list, "remove": _remove, "stats": _stats, "check": _check,
           "repair": _repair}


# --- `plagscope check` with the archive, and --save -----------------------------------------
def add_check_arguments(c: argparse.ArgumentParser) -> None:
    """The archive and saved-check options of `plagscope check`."""
    g = c.add_argument_group("archive and saved checks")
    g.add_argument("--archive", action="store_true",
                   help="also compare with every archived document (see `plagscope archive`)")
    g.add_argument("--label", metavar="L",
                   help="with --archive: only archived documents with this label")
    g.add_argument("--add-to-archive", metavar="LABEL", nargs="?", const="",
                   help="after the check, add the documents to the archive with this label")
    _db(g)
    g.add_argument("--save", metavar="FILE.plagscope",
                   help="save the whole check (texts, results) to reopen or export later")


def check_generator(args: argparse.Namespace, options):
    """The check to run (core.pipeline.run_check): with the archive when asked, and archived
    afterwards if asked. Its report; SystemExit when the archive cannot be used."""
    with_archive = args.archive or args.add_to_archive is not None
    request = CheckRequest(paths=tuple(args.paths),
                           archive=resolve_location(args.db) if with_archive else None,
                           search_archive=bool(args.archive), archive_label=args.label,
                           add_to_archive=args.add_to_archive)
    try:
        checked = yield from run_check(request, options)
    except StoreError as exc:
        raise SystemExit(_fail(str(exc))) from None
    if checked.added is not None:
        warn(f"archive: added {len(checked.added.added)}, already present {len(checked.added.present)}")
    return checked.report


def _fail(message: str) -> int:
    warn(message)
    return EXIT_STORE


def save_if_asked(args: argparse.Namespace, report) -> list[str]:
    """Write --save FILE; the lines to print (or raise SystemExit with a message on failure)."""
    if not getattr(args, "save", None):
        return []

    try:
        path = save_check(args.save, report)
    except OSError as exc:
        warn(f"cannot write {show(args.save)}: {exc.strerror or exc}")
        raise SystemExit(1)
    except StoreError as exc:  # the temporary file could not be written (a full disk)
        reason = "the disk is full" if "disk is full" in str(exc) else str(exc)
        warn(f"cannot write {show(args.save)}: {reason}; the previous file was left as it was")
        raise SystemExit(1)
    return [f"saved the check to {show(str(path))}"]


def archive_lines(report) -> list[str]:
    """Which documents of the report are archived sources (id, label, date added)."""
    archived = [d for d in report.documents if d.archive is not None]
    if not archived:
        return []
    lines = [f"{len(archived)} archived source(s) in the pairs:"]
    for d in archived:
        e = d.archive
        lines.append(f"  {show(d.name)}  [archive #{e.id}, {show(e.label) or 'no label'}, "
                     f"added {e.added[:10]}]")
    return lines
