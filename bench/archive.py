"""The archive at scale: add throughput, size per essay, one-essay query time and its growth,
what each look-up finds, and the near-duplicate peers holding the same documents.

    python bench/archive.py                          # 1k, 10k, 100k on SQLite; PostgreSQL to 10k
    python bench/archive.py --sizes 1000,10000 --backends sqlite,postgresql
    python bench/archive.py --quick                  # one line (a smaller archive)

Documents: the bench corpora of `corpus.py` (zh and en, 2,000-4,000 characters, a tenth with
planted passages copied from another document), `--base` of each language, then further
"rounds" of the same documents with a different fixed permutation of the characters (zh,
within buckets of 16 characters of adjacent frequency) or words (en, same idea), so that
documents of different rounds share no text while keeping the corpus's statistics and its
planted copies (each round has its own copier -> source pairs). Essays go in alternately zh
and en; an archive of N holds the first N.

Queries: copiers of round 0 whose planted source is among the first 1,000 documents, held out
of the archive; each is checked against the archive alone (core.pipeline.run_check with the archive: profile,
three look-ups, read the candidates' texts, passages). Recall = the planted source is in a
pair; "same passages" = the pairs equal those of `check_documents` on the query plus the same
archived documents loaded by hand.

PostgreSQL: $PLAGSCOPE_BENCH_PG (a DSN), else a throwaway cluster started as in the tests.
The machine is shared (2 cores, other developers' jobs): every figure is noisy; the load
average is printed with the results.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import os
import random
import re
import statistics
import sys
import time
import tracemalloc
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "core"))

import corpus
import numpy as np

from core.engine.profile import profiles
from core.models import Document
from core.options import CheckOptions
from core.pipeline import CheckRequest, check_documents, run, run_check
from core.store import open_store
from core.store.archive import add_documents, find_candidates

SHARED = ROOT.parent / "shared"
if not (SHARED / "eval").exists():
    SHARED = Path("/work/shared")
OUT = ROOT / "bench" / "out"
_CJK = re.compile(r"[\u4e00-\u9fff]")
_WORD = re.compile(r"[A-Za-z]+")
_WORD_SPLIT = re.compile(r"([A-Za-z]+)")


class Essays:
    """The bench corpus in rounds: doc(i) for the i-th essay of the archive order."""

    def __init__(self, base: int, seed: int = 0):
        self.base = base
        self.corpora = {lang: corpus.build(lang, base, seed, shared=SHARED) for lang in ("zh", "en")}
        self.tables = {}
        zh = self.corpora["zh"].texts
        chars = {}
        for t in zh:
            for ch in _CJK.findall(t):
                chars[ch] = chars.get(ch, 0) + 1
        self.zh_chars = sorted(chars, key=lambda c: (-chars[c], c))
        words = {}
        for t in self.corpora["en"].texts:
            for w in _WORD.findall(t):
                w = w.lower()
                words[w] = words.get(w, 0) + 1
        self.en_words = sorted(words, key=lambda w: (-words[w], w))

    def _perm(self, items: list[str], rnd: int) -> dict[str, str]:
        rng = random.Random(f"archive-bench/{rnd}")
        out = {}
        for lo in range(0, len(items), 16):
            bucket = items[lo:lo + 16]
            shuffled = bucket[:]
            rng.shuffle(shuffled)
            out.update(zip(bucket, shuffled))
        return out

    def render(self, lang: str, index: int, rnd: int) -> str:
        text = self.corpora[lang].texts[index]
        if rnd == 0:
            return text
        key = (lang, rnd)
        if key not in self.tables:
            if lang == "zh":
                self.tables[key] = str.maketrans(self._perm(self.zh_chars, rnd))
            else:
                table = self._perm(self.en_words, rnd)
                self.tables[key] = {w: table.get(w.lower(), w).capitalize() if w[0].isupper()
                                    else table.get(w.lower(), w) for w in self._en_forms()}
        table = self.tables[key]
        if lang == "zh":
            return text.translate(table)
        # the words of the text swapped by the round's table, the rest kept (split once per
        # text: rendering runs in the writer's process, whose time the add rate includes)
        parts = self._en_parts(index)
        out = parts[:]
        out[1::2] = [table[w] for w in parts[1::2]]
        return "".join(out)

    def _en_parts(self, index: int) -> list[str]:
        if not hasattr(self, "_parts"):
            self._parts = [_WORD_SPLIT.split(t) for t in self.corpora["en"].texts]
        return self._parts[index]

    def _en_forms(self) -> set[str]:
        if not hasattr(self, "_forms"):
            self._forms = {w for t in self.corpora["en"].texts for w in _WORD.findall(t)}
        return self._forms

    def order(self, held_out: set[tuple[str, int]]):
        """(lang, index, round) in archive order, without the held-out (lang, index) of round 0."""
        rnd = 0
        while True:
            for i in range(self.base):
                for lang in ("zh", "en"):
                    if rnd == 0 and (lang, i) in held_out:
                        continue
                    yield lang, i, rnd
            rnd += 1

    def document(self, lang: str, index: int, rnd: int, doc_id: int) -> Document:
        name = self.corpora[lang].names[index]
        stem = name.rsplit(".", 1)[0]
        return Document(doc_id, f"{stem}_r{rnd}.txt", f"/bench/{lang}/{stem}_r{rnd}.txt", "txt",
                        self.render(lang, index, rnd), sha256=hashlib.sha256(f"{lang}/{rnd}/{index}".encode()).hexdigest())

    def queries(self, count: int, within: int) -> list[tuple[str, int, str]]:
        """(lang, copier index, source name) of round-0 copiers whose source index < within."""
        out = []
        for lang in ("zh", "en"):
            c = self.corpora[lang]
            index = {n: i for i, n in enumerate(c.names)}
            seen = set()
            for case in c.cases:
                ci, si = index[case["copier"]], index[case["source"]]
                if si < within and ci not in seen and ci >= within:
                    seen.add(ci)
                    out.append((lang, ci, case["source"]))
        rng = random.Random(1)
        rng.shuffle(out)
        zh = [q for q in out if q[0] == "zh"][:count // 2]
        en = [q for q in out if q[0] == "en"][:count - len(zh)]
        return zh + en


def load_avg() -> str:
    try:
        return " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        return "?"


def db_bytes(store) -> int:
    if store.dialect == "sqlite":
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return store._size_bytes()


def query_once(store, doc: Document, options: CheckOptions):
    """(seconds for the whole archive check, the report, seconds of the look-ups alone)."""
    t = time.perf_counter()
    report = run(run_check(CheckRequest(documents=(doc,), archive=store, search_archive=True), options)).report
    total = time.perf_counter() - t
    return total, report


def lookups(store, doc: Document, options: CheckOptions) -> dict:
    """Each look-up alone: seconds and candidate ids."""
    prof = profiles([doc.text], options)[0]
    out = {}
    for name, flags in (("fingerprints", {"use_simhash": False, "use_sentences": False}),
                        ("simhash", {"use_fingerprints": False, "use_sentences": False}),
                        ("sentences", {"use_fingerprints": False, "use_simhash": False})):
        t = time.perf_counter()
        c = find_candidates(store, [prof], [doc.text], options.hamming, **flags)[0]
        out[name] = (time.perf_counter() - t, c.ids())
    return out


def same_as_by_hand(store, doc: Document, report, options: CheckOptions) -> bool:
    archived = [d for d in report.documents[1:]]
    if not archived:
        return True
    by_hand = run(check_documents([doc] + [replace(d, archive=None) for d in archived], options))
    # the query's pairs (pairs of two archived documents are not part of an archive check)
    return [(p.left, p.right, p.similarity, p.matches) for p in report.pairs] == \
        [(p.left, p.right, p.similarity, p.matches) for p in by_hand.pairs if p.left == 0]


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def bench_backend(backend: str, location: str, essays: Essays, sizes: list[int], queries,
                  options: CheckOptions, log) -> list[dict]:
    held = {(lang, i) for lang, i, _ in queries}
    order = essays.order(held)
    rows = []
    with open_store(location) as store:
        have = store.count()
        next_id = have
        for _ in range(have):
            next(order)
        for size in sizes:
            todo = max(0, size - store.count())
            t = time.perf_counter()
            cpu = time.process_time()
            docs = (essays.document(*next(order), doc_id=i)
                    for i in range(next_id, next_id + todo))  # made as the add reads them
            next_id += todo
            # the verbatim archive (the semantic layer's vectors: bench/semantic.py)
            gen = add_documents(store, docs, total=todo, semantic=False)
            loads = []
            try:
                while True:
                    step = next(gen)
                    if step.done and step.done % 1000 == 0:
                        loads.append(os.getloadavg()[0])
                    if step.done and step.done % 5000 == 0:
                        log(f"  {backend}: {step.done}/{todo} added, "
                            f"{step.done / (time.perf_counter() - t):.0f}/s (load {load_avg()})")
            except StopIteration as stop:
                result = stop.value
            added = len(result.added) + len(result.present)
            writer_cpu = time.process_time() - cpu
            worker_cpu = result.worker_cpu_s if added else 0.0
            add_s = time.perf_counter() - t
            size_b = db_bytes(store)
            times, recall, same, look = [], 0, 0, {"fingerprints": [], "simhash": [], "sentences": []}
            found = {"fingerprints": 0, "simhash": 0, "sentences": 0, "fp+simhash": 0}
            for k, (lang, ci, source) in enumerate(queries):
                doc = essays.document(lang, ci, 0, 0)
                total, report = query_once(store, doc, options)
                times.append(total)
                names = {report.documents[i].name for p in report.pairs for i in (p.left, p.right)}
                src = source.rsplit(".", 1)[0] + "_r0.txt"
                recall += src in names
                same += same_as_by_hand(store, doc, report, options)
                src_id = [m.id for m in store.documents(search=src) if m.name == src]
                per = lookups(store, doc, options)
                for name, (sec, ids) in per.items():
                    look[name].append(sec)
                    found[name] += bool(src_id and src_id[0] in ids)
                found["fp+simhash"] += bool(src_id and src_id[0] in
                                            per["fingerprints"][1] | per["simhash"][1])
            rows.append({
                "backend": backend, "size": store.count(),
                "add_per_s": added / add_s if added else float("nan"),
                "add_s": add_s,
                # CPU per essay: this process (writer; also the profiling when it ran here) and
                # the profiling workers
                "cpu_ms": 1000 * (writer_cpu + worker_cpu) / added if added else float("nan"),
                "writer_cpu_ms": 1000 * writer_cpu / added if added else float("nan"),
                "load_during": statistics.mean(loads) if loads else float("nan"),
                "bytes_per_essay": size_b / max(1, store.count()),
                "query_median": median(times), "query_max": max(times) if times else float("nan"),
                "recall": f"{recall}/{len(queries)}", "same": f"{same}/{len(queries)}",
                "fp_ms": 1000 * median(look["fingerprints"]),
                "sim_ms": 1000 * median(look["simhash"]),
                "sent_ms": 1000 * median(look["sentences"]),
                "found": {k: f"{v}/{len(queries)}" for k, v in found.items()},
                "load": load_avg(),
            })
            log(f"  {rows[-1]}")
    return rows


def peers(location: str, essays: Essays, queries, options: CheckOptions,
          thresholds=(0.5, 0.1)) -> list[dict]:
    """`simhash`'s SimhashIndex and datasketch's MinHashLSH holding the same archived documents."""
    from datasketch import MinHash, MinHashLSH
    from simhash import Simhash, SimhashIndex

    with open_store(location) as store:
        metas = store.documents()
        ids = [m.id for m in metas]
        sims = [m.simhash for m in metas]
        fps = [np.frombuffer(store.fingerprints(i)[0], dtype="<u8") for i in ids]
        by_name = {m.name: m.id for m in metas}
    qdocs = [essays.document(lang, ci, 0, 0) for lang, ci, _ in queries]
    qprof = profiles([d.text for d in qdocs], options)
    sources = [by_name.get(src.rsplit(".", 1)[0] + "_r0.txt") for _, _, src in queries]
    rows = []

    gc.collect()
    tracemalloc.start()
    t = time.perf_counter()
    index = SimhashIndex([(str(i), Simhash(int(s))) for i, s in zip(ids, sims)], k=3)
    build = time.perf_counter() - t
    mem = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    times, hits = [], 0
    for p, src in zip(qprof, sources):
        t = time.perf_counter()
        near = index.get_near_dups(Simhash(int(p.simhash)))
        times.append(time.perf_counter() - t)
        hits += str(src) in near
    rows.append({"peer": "simhash SimhashIndex (k=3, Plagscope's simhashes)", "build_s": build,
                 "mem_mb": mem / 1e6, "query_ms": 1000 * median(times),
                 "recall": f"{hits}/{len(queries)}"})
    del index
    for threshold in thresholds:
        gc.collect()
        tracemalloc.start()
        t = time.perf_counter()
        lsh = MinHashLSH(threshold=threshold, num_perm=128)
        for i, f in zip(ids, fps):
            m = MinHash(num_perm=128)
            m.update_batch(np.unique(f).view(np.uint8).reshape(-1, 8))
            lsh.insert(str(i), m)
        build = time.perf_counter() - t
        mem = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        times, hits = [], 0
        for p, src in zip(qprof, sources):
            t = time.perf_counter()
            m = MinHash(num_perm=128)
            m.update_batch(np.unique(p.fp_hashes).view(np.uint8).reshape(-1, 8))
            got = lsh.query(m)
            times.append(time.perf_counter() - t)
            hits += str(src) in got
        rows.append({"peer": f"datasketch MinHashLSH (threshold {threshold}, 128 perms, "
                             "winnowed fingerprints as shingles)", "build_s": build,
                     "mem_mb": mem / 1e6, "query_ms": 1000 * median(times),
                     "recall": f"{hits}/{len(queries)}"})
        del lsh
    return rows


def table(rows: list[dict]) -> str:
    head = ("| backend | archived | add essays/s | add s | CPU ms/essay | load during add | "
            "DB kB/essay | query median s | query max s | "
            "recall | same passages | fingerprints ms | simhash ms | sentences ms | "
            "found by fp / simhash / sentences / fp+simhash |")
    lines = [head, "|" + "---|" * 15]
    for r in rows:
        f = r["found"]
        lines.append(
            f"| {r['backend']} | {r['size']:,} | {r['add_per_s']:.0f} | {r['add_s']:.0f} | "
            f"{r['cpu_ms']:.2f} | {r['load_during']:.1f} | "
            f"{r['bytes_per_essay'] / 1000:.1f} | {r['query_median']:.3f} | {r['query_max']:.3f} | "
            f"{r['recall']} | {r['same']} | {r['fp_ms']:.1f} | {r['sim_ms']:.2f} | "
            f"{r['sent_ms']:.2f} | {f['fingerprints']} / {f['simhash']} / {f['sentences']} / "
            f"{f['fp+simhash']} |")
    return "\n".join(lines)


def peer_table(rows: list[dict]) -> str:
    lines = ["| index | build s | memory MB | query ms | recall of planted sources |",
             "|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['peer']} | {r['build_s']:.1f} | {r['mem_mb']:.0f} | "
                     f"{r['query_ms']:.2f} | {r['recall']} |")
    return "\n".join(lines)


def postgres_location(log):
    dsn = os.environ.get("PLAGSCOPE_BENCH_PG")
    if dsn:
        return dsn, None
    from store_backends import Cluster, new_schema

    cluster = Cluster()
    _, location = new_schema(cluster.dsn)
    log(f"  PostgreSQL: throwaway cluster {cluster.dir}")
    return location, cluster


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--pg-sizes", default="1000,10000")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--base", type=int, default=2000, help="essays per language per round")
    parser.add_argument("--queries", type=int, default=20)
    parser.add_argument("--no-peers", action="store_true")
    parser.add_argument("--peers-only", action="store_true",
                        help="only the peers, holding the documents of the --sqlite archive")
    parser.add_argument("--peer-thresholds", default="0.5,0.1",
                        help="MinHashLSH thresholds (each build takes ~10 min at 100,000)")
    parser.add_argument("--quick", action="store_true",
                        help="one line: an archive of --quick-size essays on SQLite")
    parser.add_argument("--quick-size", type=int, default=10000)
    parser.add_argument("--db-dir", type=Path, default=OUT / "archive-bench")
    parser.add_argument("--sqlite", type=Path, help="reuse this SQLite archive (grown to --sizes)")
    args = parser.parse_args()
    options = CheckOptions(semantic=False)  # the verbatim archive paths; bench/semantic.py times the layer
    log = (lambda s: None) if args.quick else (lambda s: print(s, file=sys.stderr, flush=True))
    base = min(args.base, 500) if args.quick else args.base
    essays = Essays(base)
    queries = essays.queries(6 if args.quick else args.queries, within=min(500, base // 2))
    args.db_dir.mkdir(parents=True, exist_ok=True)

    if args.quick:
        path = args.db_dir / f"quick-{args.quick_size}-{os.getpid()}.sqlite3"
        rows = bench_backend("sqlite", str(path), essays, [args.quick_size], queries, options, log)
        for suffix in ("", "-wal", "-shm"):
            try:
                os.unlink(str(path) + suffix)
            except OSError:
                pass
        r = rows[0]
        k = r["size"] // 1000
        print(f"archive_query_{k}k={r['query_median']:.2f}s archive_add_per_s={r['add_per_s']:.0f} "
              f"(SQLite, {r['size']:,} essays, recall {r['recall']}, same passages {r['same']}, "
              f"load {r['load']})")
        return

    thresholds = [float(t) for t in args.peer_thresholds.split(",") if t]
    if args.peers_only:
        with open_store(str(args.sqlite)) as store:
            held = store.count()
        print(f"Peers holding the {held:,} documents of {args.sqlite} (load {load_avg()}):\n")
        print(peer_table(peers(str(args.sqlite), essays, queries, options, thresholds)))
        print(f"\n(load average at the end: {load_avg()})")
        return
    started = time.strftime("%Y-%m-%d %H:%M")
    rows, peer_rows = [], []
    if "sqlite" in args.backends:
        path = args.sqlite or args.db_dir / f"sqlite-{os.getpid()}.sqlite3"
        rows += bench_backend("sqlite", str(path), essays, [int(s) for s in args.sizes.split(",")],
                              queries, options, log)
        if not args.no_peers:
            peer_rows = peers(str(path), essays, queries, options, thresholds)
    if "postgresql" in args.backends:
        location, cluster = postgres_location(log)
        try:
            rows += bench_backend("postgresql", location, essays,
                                  [int(s) for s in args.pg_sizes.split(",")], queries, options, log)
        finally:
            if cluster:
                cluster.stop()
    print(f"## Archive bench {started} (2 shared cores; load average at each row's end: "
          f"{', '.join(r['load'] for r in rows)})\n")
    print(table(rows))
    if peer_rows:
        print(f"\nPeers holding the same {rows[0]['size'] if False else 'largest SQLite'} archive:\n")
        print(peer_table(peer_rows))


if __name__ == "__main__":
    main()
