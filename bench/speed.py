"""Plagscope against its peers, side by side in one run on the same generated documents.

    python bench/speed.py              # all four tables (about 30 minutes on 2 cores)
    python bench/speed.py --quick      # under a minute: one summary line of the key ratios
    python bench/speed.py --tables 1 3 --runs 5 --sizes 100 1000

Tables (Markdown on stdout, also saved under bench/out/): 1 fingerprinting throughput,
2 all pairs with passages (wall, peak RSS, pairs), 3 simhash near-duplicate index,
4 planted pairs found at each tool's defaults. Times are the median of --runs runs with the
min-max spread; ratios compare medians from this run. The corpora come from bench/corpus.py,
the peers from bench/peers.py (its own venv, set up on first use). The load average is printed
with each table: the machine may be shared. Every Plagscope figure here is the verbatim engine:
checks run with CheckOptions(semantic=False) (bench/run_check.py), although the app's default
turns the semantic layer on when it is installed; bench/semantic.py times that layer.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import corpus
import peers

OUT = ROOT / "bench" / "out"
LANGS = ("zh", "en")


# ---- formatting ---------------------------------------------------------------------------

def spread(values: list[float], fmt: str = "{:.2f}", scale: float = 1.0) -> str:
    """'median (min-max)' of the values times scale; just the value for one run."""
    vals = [v * scale for v in values]
    med = fmt.format(statistics.median(vals))
    if len(vals) == 1:
        return med
    return f"{med} ({fmt.format(min(vals))}-{fmt.format(max(vals))})"


def table(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import jieba

    return (f"{datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}, {cpu}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, numpy {np.__version__}, jieba {jieba.__version__}, "
            f"rjieba {importlib.metadata.version('rjieba')}")


# ---- table 1: fingerprinting throughput -----------------------------------------------------

def plagscope_recipes() -> tuple[dict, dict]:
    """Plagscope's engines by row name: functions of all the texts at once (as a check calls
    them, a batch of texts per call) and functions of one text."""
    import logging

    import jieba
    import rjieba

    from core.engine.normalize import units
    from core.engine.profile import fingerprint_texts, language, profiles
    from core.engine.simhash import word_features
    from core.engine.winnowing import fingerprints
    from core.options import CheckOptions

    options = CheckOptions(semantic=False)  # the verbatim engine alone
    jieba.setLogLevel(logging.WARNING)

    def winnow(text):
        u = units(text)
        params = options.params(language(u))
        return fingerprints(u.hashes, params.k, params.window)

    def simhash_of(text):
        u = units(text)
        return word_features([text], [u], options.keywords)[0][0]

    batched = {
        "Plagscope winnowing": lambda texts: fingerprint_texts(texts, options),
        "Plagscope profile (both + vocabulary)": lambda texts: profiles(texts, options),
    }
    single = {
        "Plagscope winnowing, one text per call": winnow,
        "Plagscope simhash": simhash_of,
        "jieba lcut alone (floor)": lambda text: jieba.lcut(text, HMM=False),
        "rjieba cut alone (Plagscope's segmenter)": lambda text: rjieba.cut(text, hmm=False),
    }
    return batched, single


def time_local(texts: list[str], recipes: dict, runs: int) -> dict[str, list[float]]:
    """Seconds per run of each recipe over all texts, the recipes taking turns on each text, so
    a change in the machine's load hits them alike (their ratios are what the targets name)."""
    for f in recipes.values():
        f(texts[0])  # warm-up: dictionaries, tables
    times = {name: [0.0] * runs for name in recipes}
    clock = time.perf_counter
    for run in range(runs):
        for t in texts:
            for name, f in recipes.items():
                start = clock()
                f(t)
                times[name][run] += clock() - start
    return times


def time_batched(texts: list[str], recipes: dict, runs: int) -> dict[str, list[float]]:
    """Seconds per run of each recipe called with all the texts at once; a run repeats the
    call until it has lasted 0.3 s and takes the mean (one call can last only 20 ms)."""
    times = {name: [] for name in recipes}
    repeats = {}
    for name, f in recipes.items():
        f(texts)  # warm-up: dictionaries, tables
        start = time.perf_counter()
        f(texts)
        repeats[name] = max(1, round(0.3 / max(time.perf_counter() - start, 1e-6)))
    for run in range(runs):
        for name, f in recipes.items():
            start = time.perf_counter()
            for _ in range(repeats[name]):
                f(texts)
            times[name].append((time.perf_counter() - start) / repeats[name])
    return times


PEER_TOOLS = ["winnowing", "copydetect", "copydetect w=10", "simhash", "seed recipe", "datasketch", "xxh64", "blake2b"]
PEER_LABEL = {"winnowing": "`winnowing` 0.2.1 winnow (k=5)",
              "copydetect": "copydetect 0.5.0 CodeFingerprint, defaults (k=25, window 1)",
              "copydetect w=10": "copydetect 0.5.0 CodeFingerprint (k=25, window 10)",
              "simhash": "`simhash` 2.1.2 Simhash(text)",
              "seed recipe": "seed recipe: jieba extract_tags top-20 + per-bit loop",
              "datasketch": "datasketch MinHash(128) of 5-shingles",
              "xxh64": "xxhash xxh64 of the bytes (floor)",
              "blake2b": "hashlib blake2b of the bytes (floor)"}


def fingerprint_times(lang: str, docs: int, runs: int, peer_tools: list[str]) -> tuple[dict, int, int]:
    """{row: seconds per run} over the first `docs` documents of the 1,000-document corpus."""
    folder = corpus.cached(lang, 100 if docs <= 100 else max(1000, docs)) / "docs"
    paths = sorted(folder.glob("*.txt"))[:docs]
    texts = [p.read_bytes().decode("utf-8") for p in paths]
    nbytes = sum(len(t.encode("utf-8")) for t in texts)
    batched, single = plagscope_recipes()
    # winnowing in loops of its own, as the peers are timed; the segmenting recipes take
    # turns, so their ratio is immune to load changes
    times = time_batched(texts, batched, runs)
    times.update(time_local(texts, {k: single.pop(k) for k in list(single) if "winnowing" in k}, runs))
    times.update(time_local(texts, single, runs))
    if peer_tools:
        times.update(peers.call("fingerprint", {"folder": str(folder), "lang": lang,
                                                "tools": peer_tools, "runs": runs,
                                                "limit": docs}))
    return times, nbytes, len(texts)


def table1(docs: int, runs: int) -> tuple[str, dict]:
    parts, ratios = [], {}
    for lang in LANGS:
        times, nbytes, n = fingerprint_times(lang, docs, runs, PEER_TOOLS)
        rows = []
        for name, ts in times.items():
            label = PEER_LABEL.get(name, name)
            rows.append([label, spread([nbytes / 1e6 / t for t in ts], "{:.2f}"),
                         spread([n / t for t in ts], "{:.0f}"),
                         f"{statistics.median(ts) / statistics.median(times['Plagscope winnowing']):.2g}x"])
        med = {k: statistics.median(v) for k, v in times.items()}
        ratios[lang] = {
            "winnow_vs_copydetect": med["copydetect"] / med["Plagscope winnowing"],
            "winnow_vs_copydetect_w10": med["copydetect w=10"] / med["Plagscope winnowing"],
            "winnow_vs_winnowing": med["winnowing"] / med["Plagscope winnowing"],
            "simhash_vs_jieba": med["Plagscope simhash"] / med["jieba lcut alone (floor)"],
            "simhash_vs_rjieba": med["Plagscope simhash"] / med["rjieba cut alone (Plagscope's segmenter)"],
            "winnow_batch_gain": med["Plagscope winnowing, one text per call"] / med["Plagscope winnowing"],
            "simhash_vs_simhash": med["simhash"] / med["Plagscope simhash"],
            "simhash_vs_seed": med["seed recipe"] / med["Plagscope simhash"],
        }
        r = ratios[lang]
        parts.append(
            f"**{lang}**: {n} documents, {nbytes / 1e6:.2f} MB UTF-8, {runs} runs, {load()}\n\n"
            + table(["tool", "MB/s", "documents/s", "time vs Plagscope winnowing"], rows)
            + f"\n\nPlagscope winnowing is {r['winnow_vs_copydetect']:.1f}x copydetect at its "
              f"defaults (no winnowing), {r['winnow_vs_copydetect_w10']:.0f}x copydetect winnowing "
              f"with window 10, and {r['winnow_vs_winnowing']:.0f}x `winnowing` per MB (a batch "
              f"of texts per call, as a check runs it; one text per call is "
              f"{r['winnow_batch_gain']:.1f}x slower); "
              f"Plagscope simhash costs "
              f"{r['simhash_vs_jieba']:.2f}x jieba's segmentation alone "
              f"({r['simhash_vs_rjieba']:.1f}x rjieba's, which it uses) and is "
              f"{r['simhash_vs_simhash']:.1f}x `simhash`, {r['simhash_vs_seed']:.1f}x the seed recipe.")
    return "### 1. Fingerprinting throughput\n\n" + "\n\n".join(parts), ratios


# ---- table 2: all pairs ---------------------------------------------------------------------

def plagscope_check(folder: Path) -> dict:
    """One check in a fresh process (bench/run_check.py): wall, stages, peak RSS, pairs."""
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "run_check.py"), str(folder)],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def found_pairs(names: list[str], pairs) -> set[tuple[str, str]]:
    return {tuple(sorted((names[i], names[j]))) for i, j in pairs}


def table2(sizes: list[int], runs: int, copydetect_limit: float) -> tuple[str, dict]:
    rows, found = [], {}
    for lang in LANGS:
        previous = None  # (size, seconds) of copydetect's last finished run
        for size in sizes:
            folder = corpus.cached(lang, size) / "docs"
            results = [plagscope_check(folder) for _ in range(runs)]
            walls = [r["wall"] for r in results]
            mid = sorted(results, key=lambda r: r["wall"])[len(results) // 2]
            rss = statistics.median(r["tree_rss"] for r in results)
            stages = " / ".join(f"{mid['stages'].get(s, 0):.1f}" for s in
                                ("loading", "fingerprinting", "indexing", "comparing"))
            found[("plagscope", lang, size)] = found_pairs(mid["names"], mid["found"])
            rows.append([lang, f"{size:,}", "Plagscope", spread(walls, "{:.1f}"), stages,
                         f"{rss / 2**20:,.0f} MB", f"{rss / size / 1024:,.0f} KB",
                         f"{mid['pairs']:,} ({mid['with_passage']:,})", load()])
            cd = copydetect_row(lang, size, folder, previous, runs if size <= 1000 else 1,
                                copydetect_limit)
            if cd is not None:
                row, result = cd
                rows.append(row)
                if result is not None:
                    previous = (size, statistics.median(result["walls"]))
                    found[("copydetect", lang, size)] = {tuple(p) for p in result["pairs"]}
    text = ("### 2. All pairs with passages\n\n"
            "Plagscope: `plagscope check` through the same pipeline in a fresh process (loading, "
            "fingerprinting on all cores, index, passages); peak RSS summed over the process "
            "and its workers. copydetect: `CopyDetector.run()` over the same folder, one process.\n\n"
            + table(["lang", "documents", "tool", "wall s", "load / fingerprint / index / compare s",
                     "peak RSS", "RSS per document", "pairs reported (with passages)", "machine"],
                    rows))
    return text, found


def copydetect_row(lang, size, folder, previous, runs, limit):
    if previous is not None:
        predicted = previous[1] * (size / previous[0]) ** 2
        if predicted > limit:
            return ([lang, f"{size:,}", "copydetect", (f"not run: ~{predicted / 60:.0f} min predicted "
                     f"(grows with N^2 from {previous[0]:,})"), "", "", "", "", load()], None)
    walls, result = [], None
    for _ in range(runs):
        try:
            result = peers.call("copydetect_allpairs", {"folder": str(folder)}, timeout=limit)
        except subprocess.TimeoutExpired:
            return ([lang, f"{size:,}", "copydetect", f"> {limit:.0f} (stopped)", "", "", "", "",
                     load()], None)
        walls.append(result["wall"])
    result["walls"] = walls
    return ([lang, f"{size:,}", "copydetect", spread(walls, "{:.1f}"), "", f"{result['rss'] / 2**20:,.0f} MB",
             f"{result['rss'] / size / 1024:,.0f} KB", f"{len(result['pairs']):,}", load()], result)


# ---- table 3: simhash index -----------------------------------------------------------------

def fingerprints_for_index(n: int, seed: int = 0) -> np.ndarray:
    """n random 64-bit simhashes, a tenth of them near copies (0-4 bits flipped) of others."""
    rng = np.random.default_rng(seed)
    fps = rng.integers(0, 2**64 - 1, size=n, dtype=np.uint64, endpoint=True)
    copies = rng.choice(n, size=n // 10, replace=False)
    sources = rng.integers(0, n, size=len(copies))
    for c, s in zip(copies.tolist(), sources.tolist()):
        value = int(fps[s])
        for bit in rng.choice(64, size=int(rng.integers(0, 5)), replace=False).tolist():
            value ^= 1 << bit
        fps[c] = value
    return fps


def time_single_queries(index, values) -> tuple[float, float]:
    """Seconds of the first `query()` (it builds the per-block tables), then seconds per
    query of `values` one at a time."""
    start = time.perf_counter()
    index.query(int(values[0]))
    build = time.perf_counter() - start
    start = time.perf_counter()
    for value in values.tolist():
        index.query(value)
    return build, (time.perf_counter() - start) / len(values)


def table3(sizes: list[int], runs: int, k: int = 3) -> tuple[str, dict]:
    from core.matching.simhash_index import SimhashIndex

    rows, ratios = [], {}
    for n in sizes:
        fps = fingerprints_for_index(n)
        builds, queries, singles, dicts = [], [], [], []
        single_q = fps[:2000]
        for _ in range(runs):
            start = time.perf_counter()
            index = SimhashIndex(fps, k)
            builds.append(time.perf_counter() - start)
            start = time.perf_counter()
            qi, ids = index.query_many(fps)
            queries.append(time.perf_counter() - start)
            build_s, one_s = time_single_queries(index, single_q)
            dicts.append(build_s)
            singles.append(one_s)
        ours = [[] for _ in range(n)]
        for q, i in zip(qi.tolist(), ids.tolist()):
            ours[q].append(i)
        peer = peers.call("simhash_index", {"fps": [f"{v:016x}" for v in fps.tolist()],
                                            "queries": [f"{v:016x}" for v in fps.tolist()],
                                            "k": k, "runs": runs})
        same = peer["result"] == ours
        near = sum(len(x) - 1 for x in ours) // 2
        ratio_q = statistics.median(peer["query"]) / statistics.median(queries)
        ratio_one = statistics.median(peer["query"]) / n / statistics.median(singles)
        ratios[n] = ratio_q
        rows.append([f"{n:,}", "Plagscope SimhashIndex", spread(builds, "{:.3f}")
                     + f" (+{statistics.median(dicts):.3f} for one-at-a-time queries)",
                     spread(queries, "{:.3f}"), spread(singles, "{:.1f}", 1e6),
                     f"{near:,}", "yes" if same else "NO",
                     f"{ratio_q:.0f}x all at once, {ratio_one:.0f}x one at a time", load()])
        rows.append([f"{n:,}", "`simhash` SimhashIndex", spread(peer["build"], "{:.3f}"),
                     spread(peer["query"], "{:.3f}"),
                     spread([t / n for t in peer["query"]], "{:.1f}", 1e6), "", "", "", ""])
    text = ("### 3. Near-duplicate lookup by simhash (Hamming <= 3)\n\n"
            "Random 64-bit fingerprints, a tenth of them near copies (0-4 bits flipped) of "
            "others; every fingerprint is queried. Plagscope answers all queries in one call "
            "(`query_many`), `SimhashIndex` one `get_near_dups` at a time; the one-query column "
            "is Plagscope's `query()` called for 2,000 fingerprints one by one (after the first "
            "call has built its per-block dicts) and SimhashIndex's average.\n\n"
            + table(["fingerprints", "index", "build s", "all queries s", "one query us",
                     "near pairs", "same results", "queries vs SimhashIndex", "machine"], rows))
    return text, ratios


# ---- table 4: accuracy ----------------------------------------------------------------------

def table4(found: dict, size: int) -> str:
    rows = []
    for lang in LANGS:
        c = corpus.read(corpus.cached(lang, size))
        planted = {tuple(sorted((x["copier"], x["source"]))) for x in c.cases}
        near = peers.call("near_pairs", {"folder": str(corpus.cached(lang, size) / "docs"),
                                         "lang": lang})
        tools = [("Plagscope (passages)", found.get(("plagscope", lang, size))),
                 ("copydetect (display_t 0.33)", found.get(("copydetect", lang, size))),
                 ("`simhash` SimhashIndex k=3", {tuple(p) for p in near["simhash"]}),
                 ("seed recipe, Hamming <= 3", {tuple(p) for p in near["seed recipe"]}),
                 ("datasketch MinHashLSH (threshold 0.9)", {tuple(p) for p in near["datasketch"]})]
        for name, pairs in tools:
            if pairs is None:
                rows.append([lang, name, "not run", "", ""])
                continue
            hit = len(planted & pairs)
            rows.append([lang, name, f"{hit} / {len(planted)} ({100 * hit / len(planted):.0f}%)",
                         f"{len(pairs - planted):,}", load()])
    return ("### 4. Planted pairs found, at each tool's defaults\n\n"
            f"The {size:,}-document corpora of table 2 (a tenth of the documents carry 1-2 passages "
            "copied from others: verbatim, 5% or 20% of units edited, or sentences shuffled). "
            "Other pairs are those reported but not planted (the source texts do repeat some "
            "phrasing). `winnowing` only fingerprints: it has no pair decision to count.\n\n"
            + table(["lang", "tool", "planted pairs found", "other pairs reported", "machine"], rows))


# ---- main -----------------------------------------------------------------------------------

def quick() -> str:
    """Small samples (100 documents a language, two runs, one check of 1,000 essays): the
    summary line the issue asks for, in under a minute."""
    peers.ensure()
    ratios = {}
    for lang in LANGS:
        times, _, _ = fingerprint_times(lang, 100, 2,
                                        ["winnowing", "copydetect", "copydetect w=10"])
        med = {k: statistics.median(v) for k, v in times.items()}
        ratios[lang] = (med["copydetect w=10"] / med["Plagscope winnowing"],
                        med["winnowing"] / med["Plagscope winnowing"],
                        med["Plagscope simhash"] / med["jieba lcut alone (floor)"],
                        med["copydetect"] / med["Plagscope winnowing"])
    check = plagscope_check(corpus.cached("zh", 1000) / "docs")
    fps = fingerprints_for_index(10_000)
    from core.matching.simhash_index import SimhashIndex

    ours, index = [], SimhashIndex(fps, 3)
    for _ in range(3):
        start = time.perf_counter()
        index.query_many(fps)
        ours.append(time.perf_counter() - start)
    ours = statistics.median(ours)
    _, one = time_single_queries(index, fps[:2000])
    peer = peers.call("simhash_index", {"fps": [f"{v:016x}" for v in fps.tolist()],
                                        "queries": [f"{v:016x}" for v in fps[:2000].tolist()],
                                        "k": 3, "runs": 1})
    theirs = peer["query"][0] / 2000 * len(fps)
    worst = lambda i: min(r[i] for r in ratios.values())
    return (f"winnow_vs_copydetect={worst(3):.0f}x winnow_vs_copydetect_w10={worst(0):.0f}x "
            f"winnow_vs_winnowing={worst(1):.0f}x "
            f"simhash_vs_jieba={ratios['zh'][2]:.2f}x allpairs_1000={check['wall']:.1f}s "
            f"simhash_index_queries={theirs / ours:.0f}x "
            f"simhash_index_one_query={peer['query'][0] / 2000 / one:.0f}x ({load()})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="one summary line in under a minute")
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 5000, 10000])
    parser.add_argument("--fp-docs", type=int, default=300,
                        help="documents per language for table 1 (default 300)")
    parser.add_argument("--index-sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--copydetect-limit", type=float, default=600.0,
                        help="seconds copydetect may take for one all-pairs run (default 600)")
    args = parser.parse_args()
    if args.quick:
        start = time.perf_counter()
        line = quick()
        print(f"{line} [{time.perf_counter() - start:.0f} s]")
        return
    peers.ensure()
    versions = peers.call("versions", {})
    sections = [f"Machine: {machine()}. Peers: "
                + ", ".join(f"{k} {v}" for k, v in versions.items()) + "."]
    found: dict = {}
    for t in args.tables:
        if t == 1:
            sections.append(table1(args.fp_docs, args.runs)[0])
        elif t == 2:
            text, found = table2(args.sizes, args.runs, args.copydetect_limit)
            sections.append(text)
        elif t == 3:
            sections.append(table3(args.index_sizes, args.runs)[0])
        elif t == 4:
            size = 1000 if 1000 in args.sizes else min(args.sizes)
            sections.append(table4(found, size))
        print(sections[-1] + "\n", flush=True)
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"speed-{datetime.datetime.now().strftime('%Y%m%d-%H%M')}.md"
    path.write_text("\n\n".join(sections) + "\n", encoding="utf-8")
    print(f"(saved to {path.relative_to(ROOT)})")


if __name__ == "__main__":
    main()
