"""Accuracy of the default settings on the shared evaluation sets; prints one table.

    python bench/accuracy.py [--seeds 1 2 3] [--docs 60] [--shared ../shared]
                             [--genre news-zh=DIR --genre archaic-en=DIR ...]
                             [--old-code DIR] [--meaning --msrp msr_paraphrase_train.txt
                              [--msrp-vectors msrp_vectors.npz]]

Builds the PAN-style zh and en benchmarks with ../shared/eval/make_benchmark.py for each
seed, checks them with Plagscope's defaults through the same pipeline as `plagscope check`,
scores the JSON reports with ../shared/eval/score.py, and does the same for the
Clough-Stevenson student answers. `--genre NAME=DIR` adds a benchmark built by
make_benchmark from the texts in DIR (made by bench/genres.py; NAME ends in -zh or -en, the
language) for each seed. Nothing is tuned here: it measures what ships, with the semantic
layer off (CheckOptions(semantic=False)): these are the verbatim engine's figures;
bench/semantic.py measures the semantic layer.

`--old-code DIR` puts the figures of another checkout beside these (each figure old / new: the
same benchmarks, the same script, that checkout's `core`). `--meaning --msrp FILE` adds the
meaning layer's tables (bench/meaning_accuracy.py: MSRP training split's held-out fifth as
sentence pairs and grouped five pairs per document, Clough heavy revisions against the rest, the
bundled samples), with the old checkout's column when it has a meaning layer;
`--msrp-vectors FILE` keeps MSRP's sentence vectors between runs (encoding them takes minutes).

`--evidence` adds the tables of what a reader sees on a pair (bench/evidence_tables.py: copies
labelled "paraphrase", shared headings and reference lists, translations beside small verbatim
copies, sources named on planted groups), each with the figures of this checkout and of an
older commit side by side (`--old-commit`, run from a temporary git worktree of it, or
`--old-code DIR` for a checkout already there); the meaning layer is on there, as by default.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# `--code DIR` (used by `--old-code`): measure the `core` of another checkout
CODE = Path(sys.argv[sys.argv.index("--code") + 1]).resolve() if "--code" in sys.argv else ROOT
sys.path.insert(0, str(CODE))

from core.options import CheckOptions
from core.pipeline import check, run
from core.reports import write_report


def last_line(out: str) -> dict[str, str]:
    """The key=value pairs of score.py's last line."""
    line = out.strip().splitlines()[-1]
    return dict(part.split("=", 1) for part in line.split())


def score(shared: Path, args: list[str]) -> dict[str, str]:
    out = subprocess.run([sys.executable, str(shared / "eval" / "score.py"), *args],
                         capture_output=True, text=True, check=True).stdout
    return last_line(out)


def check_to_json(folder: Path, out: Path) -> float:
    start = time.perf_counter()
    report = run(check([folder], CheckOptions(semantic=False)))  # the verbatim engine alone
    write_report(report, out, "json", json_version=1)  # score.py reads version 1
    return time.perf_counter() - start


def verbatim_rows(shared: Path, sets: list, seeds: list[int], docs: int) -> list[tuple[str, dict]]:
    """(name, figures) per benchmark set and seed, then ("clough", figures): the PAN measures
    of the checkout whose `core` is imported (score.py's last line, `secs`, `verbatim` recall)."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, lang, source in sets:
            for seed in seeds:
                out = Path(tmp) / f"{name}{seed}"
                extra = ["--source-dir", str(source)] if source else []
                subprocess.run([sys.executable, str(shared / "eval" / "make_benchmark.py"), "--lang",
                                lang, "--out", str(out), "--seed", str(seed), "--docs",
                                str(docs), *extra], check=True, capture_output=True)
                secs = check_to_json(out / "docs", out / "report.json")
                full = subprocess.run(
                    [sys.executable, str(shared / "eval" / "score.py"), "--truth",
                     str(out / "truth.json"), "--report", str(out / "report.json")],
                    capture_output=True, text=True, check=True).stdout
                m = last_line(full)
                m["verbatim"] = next(line.split()[3] for line in full.splitlines() if line.startswith("none "))
                m["secs"] = f"{secs:.1f}"
                rows.append((f"{name} seed {seed}", m))
        clough = shared / "corpora" / "clough-stevenson-dev"
        if clough.exists():
            out = Path(tmp) / "clough.json"
            secs = check_to_json(clough, out)
            m = score(shared, ["--clough", str(clough), "--report", str(out)])
            m["secs"] = f"{secs:.1f}"
            rows.append(("clough", m))
    return rows


def verbatim_table(new: list[tuple[str, dict]], old: list[tuple[str, dict]] | None) -> str:
    """The PAN and Clough figures; with `old`, each figure as old / new."""
    before = dict(old or [])

    def cell(name: str, m: dict, key: str) -> str:
        return f"{before[name][key]} / {m[key]}" if name in before else m[key]

    keys = ("plagdet", "precision", "recall", "granularity", "auc", "verbatim", "secs")
    head = "set | " + " | ".join(keys) + (" (each: old / new)" if old else "")
    lines = [head]
    for name, m in new:
        if name == "clough":
            lines.append("Clough-Stevenson: " + ", ".join(
                f"{k} {cell(name, m, k)}" for k in ("auc", "cut", "light", "heavy", "non", "secs")))
        else:
            lines.append(f"{name} | " + " | ".join(cell(name, m, k) for k in keys))
    return "\n".join(lines)


def many_copies(m: int = 60, size: int = 2000) -> str:
    """N identical copies of one essay among m documents (the rest distinct), N = 2..m: are
    all copy pairs at 100%, and how long does the largest check take?"""
    import random

    from core.models import Document
    from core.pipeline import check_documents

    failed, slowest = [], (0.0, 0)
    for n in range(2, m + 1):
        rng = random.Random(n)
        han = lambda k: "".join(chr(rng.randrange(0x4E00, 0x4E00 + 3000)) for _ in range(k))  # noqa: B023 (called at once, inside the loop's own turn)
        essay = han(size)
        texts = [essay] * n + [han(size) for _ in range(m - n)]
        docs = [Document(i, f"d{i}.txt", f"d{i}.txt", "txt", t) for i, t in enumerate(texts)]
        start = time.perf_counter()
        report = run(check_documents(docs, CheckOptions(semantic=False)))
        secs = time.perf_counter() - start
        slowest = max(slowest, (secs, n))
        copies = [p for p in report.pairs if p.left < n and p.right < n]
        if len(copies) != n * (n - 1) // 2 or any(p.similarity != 1.0 for p in copies):
            failed.append(n)
    verdict = "every copy pair at 100% for every N" if not failed else f"FAILED for N = {failed}"
    return (f"many copies: N identical copies of a {size}-character essay among {m} documents, "
            f"N = 2..{m}: {verdict}; slowest check N = {slowest[1]}, {slowest[0]:.1f} s")


OLD_COMMIT = "1fc721b"  # before one copied share and one kind per pair (docs/decisions/040)


def evidence_figures(code: Path, seeds: list[int]) -> dict:
    """bench/evidence_tables.py's figures with the `core` of checkout `code`."""
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "evidence_tables.py"), "--code", str(code),
                          "--seeds", *map(str, seeds)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def evidence_tables(old: dict, new: dict, seeds: list[int]) -> str:
    """The four tables, old and new side by side."""
    c0, c1 = old["copies"], new["copies"]
    lines = [(f"Copies read as paraphrase (generated classes of 40, seeds {seeds}; Clough answers at "
              f"similarity >= 0.8 with their original); meaning layer on"),
             f"{'set':34} {'pairs':>6} {'paraphrase old':>15} {'new':>5}  kinds now",
             (f"{'planted-group pairs (copy/edit/reorder)':34} {c1['class_pairs']:>6} "
              f"{c0['class_paraphrase']:>15} {c1['class_paraphrase']:>5}  {c1['class_kinds']}")]
    if "clough_pairs" in c1:
        lines.append(f"{'Clough, similarity >= 0.8':34} {c1['clough_pairs']:>6} {c0['clough_paraphrase']:>15} "
                     f"{c1['clough_paraphrase']:>5}")
    h0, h1 = old["headings"], new["headings"]
    lines += ["", f"Essays sharing only headings and a reference list ({h1['documents']} essays, en and zh)",
              f"{'':34} {'old':>6} {'new':>6}"]
    for key, label in (("pairs", "pairs listed"), ("flagged", "pairs flagged"),
                       ("paraphrase", 'pairs read "paraphrase"'), ("meaning", "pairs with a meaning finding")):
        lines.append(f"{label:34} {h0[key]:>6} {h1[key]:>6}")
    lines.append(f"{'kinds now':34} {h1['kinds']}")
    t0, t1 = old["translations"], new["translations"]
    lines += ["", "Translations (97/80/60/40 % of an essay) beside 20 % verbatim copies, one check per seed",
              f"{'':48} {'old':>6} {'new':>6}",
              (f"{'translations ranked above every 20 % copy':48} {t0['above_verbatim']:>3}/"
               f"{t0['translations']:<2} {t1['above_verbatim']:>3}/{t1['translations']:<2}"),
              (f"{'seeds with the translations in share order':48} {t0['in_share_order']:>3}/"
               f"{t0['seeds']:<2} {t1['in_share_order']:>3}/{t1['seeds']:<2}"),
              "ranking figure (old: similarity; new: copied share), kind and planted share:"]
    for (kind, share, a), (_, _, b) in zip(t0["figures"], t1["figures"]):
        lines.append(f"  {kind:12} {share:5.2f}   old {a:6.3f}   new {b:6.3f}")
    s0, s1 = old["sources"], new["sources"]
    lines += ["", f"Likely source of planted groups (seeds {seeds}; verbatim engine)",
              (f"{'class':34} {'groups':>6} {'decidable':>9} {'named old':>9} {'new':>4} "
               f"{'wrong old':>9} {'new':>4} {'undecided old':>13} {'new':>4}")]
    for name in s1:
        a, b = s0[name], s1[name]
        lines.append(f"{name:34} {b['groups']:>6} {b['decidable']:>9} {a['named']:>9} {b['named']:>4} "
                     f"{a['wrong']:>9} {b['wrong']:>4} {a['undecided']:>13} {b['undecided']:>4}")
    return "\n".join(lines)


def _old_checkout(commit: str, tmp: str) -> Path:
    """A git worktree of `commit` under `tmp` (removed with `git worktree prune` afterwards)."""
    path = Path(tmp) / f"old-{commit}"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), commit],
                   check=True, capture_output=True)
    return path


def _shared() -> Path:
    """../shared beside the checkout (a worktree's is two levels further up)."""
    for base in (ROOT.parent, *ROOT.parents[1:3]):
        if (base / "shared" / "eval").is_dir():
            return base / "shared"
    return ROOT.parent / "shared"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--docs", type=int, default=60)
    parser.add_argument("--shared", type=Path, default=_shared())
    parser.add_argument("--no-sweep", action="store_true", help="skip the many-copies sweep")
    parser.add_argument("--evidence", action="store_true",
                        help="also the evidence tables, this checkout beside --old-commit")
    parser.add_argument("--evidence-only", action="store_true", help="only the evidence tables")
    parser.add_argument("--evidence-seeds", type=int, nargs="+", default=[11, 12])
    parser.add_argument("--old-commit", default=OLD_COMMIT)
    parser.add_argument("--old-code", type=Path, help="a checkout of the old code: the old column of the "
                        "verbatim (and --meaning) tables, and of --evidence (else a worktree of --old-commit)")
    parser.add_argument("--code", type=Path, help="measure the core of this checkout (prints JSON)")
    parser.add_argument("--meaning", action="store_true",
                        help="also the meaning layer's tables (bench/meaning_accuracy.py)")
    parser.add_argument("--msrp", type=Path, help="msr_paraphrase_train.txt for --meaning (never the test split)")
    parser.add_argument("--msrp-vectors", type=Path, help="an .npz file keeping MSRP's sentence vectors between runs")
    parser.add_argument("--genre", action="append", default=[], metavar="NAME=DIR",
                        help="a benchmark from the texts in DIR (bench/genres.py); NAME ends in -zh or -en")
    args = parser.parse_args()
    if args.evidence or args.evidence_only:
        with tempfile.TemporaryDirectory() as tmp:
            old_code = args.old_code or _old_checkout(args.old_commit, tmp)
            try:
                old = evidence_figures(old_code, args.evidence_seeds)
            finally:
                if args.old_code is None:
                    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old_code)],
                                   capture_output=True, check=False)
            new = evidence_figures(ROOT, args.evidence_seeds)
        print(f"old = {args.old_code or args.old_commit}, new = this checkout\n")
        print(evidence_tables(old, new, args.evidence_seeds) + "\n")
        if args.evidence_only:
            return
    shared = args.shared.resolve()
    sets = [(lang, lang, None) for lang in ("zh", "en")]
    for item in args.genre:
        name, _, folder = item.partition("=")
        sets.append((name, name.rsplit("-", 1)[-1], Path(folder).resolve()))
    if args.code is not None:  # one checkout's figures, as JSON (for another run's old column)
        print(json.dumps(verbatim_rows(shared, sets, args.seeds, args.docs)))
        return
    new = verbatim_rows(shared, sets, args.seeds, args.docs)
    old = None
    if args.old_code is not None:
        genre_args = [x for item in args.genre for x in ("--genre", item)]
        out = subprocess.run([sys.executable, str(ROOT / "bench" / "accuracy.py"), "--code",
                              str(args.old_code.resolve()), "--seeds", *map(str, args.seeds), "--docs",
                              str(args.docs), "--shared", str(shared), "--no-sweep", *genre_args],
                             capture_output=True, text=True, check=True).stdout
        old = [tuple(row) for row in json.loads(out.strip().splitlines()[-1])]
        print(f"verbatim engine: old = {args.old_code}, new = this checkout\n")
    print(verbatim_table(new, old))
    if args.meaning:
        sys.path.insert(0, str(ROOT / "bench"))
        from meaning_accuracy import meaning_tables

        clough = shared / "corpora" / "clough-stevenson-dev"
        old_meaning = args.old_code if args.old_code and (args.old_code / "core" / "semantic").is_dir() else None
        print("\n## The meaning layer (old = " + str(old_meaning) + ")\n")
        print(meaning_tables(args.msrp, clough, old_meaning, args.msrp_vectors))
    if not args.no_sweep:
        print("\n" + many_copies())


if __name__ == "__main__":
    main()
