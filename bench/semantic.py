"""The semantic layer (core/semantic): translations, paraphrases and cost; prints tables.

    python bench/semantic.py [--seeds 1 2 3] [--real-zh FILE --real-en FILE]
                             [--msrp msr_paraphrase_train.txt] [--clough DIR]
                             [--sizes 200 1000] [--mixes en zh zh+en] [--large-mixes en zh+en]
                             [--archive-size 2000] [--old-code CHECKOUT] [--repeat N]
                             [--only translation paraphrase cost archive]

Translation: essays built from ../shared/corpora/tatoeba-cmn-eng. Each seed makes 40 Chinese
documents of 30-60 sentences; 20 of them get an English document that renders a part of
them (10-25 consecutive sentences, a few of its own sentences slipped in, one neighbouring
pair swapped in a third of them) among 10-30 sentences of its own; 20 English and 10 Chinese
documents are unrelated. Each Tatoeba sentence is used once per seed. Reported: the ROC AUC of
the semantic share over every document pair (0 for a pair without a finding), and the
precision and recall of the aligned sentence pairs against the planted ones.

Real pair: any two files (e.g. a text and its published translation) must be reported as a
translation. Paraphrase: the pair score (core.semantic.score.pair_score) of each sentence pair
of a Microsoft Research Paraphrase Corpus file (develop on the TRAINING split only), ranked by
ROC AUC against the labels, beside word-Jaccard; and the semantic share of the Clough-Stevenson
answers against the source text of their task, by category. Cost: classes of bench/corpus.py
essays (one language or half zh, half en) checked with `--no-semantic`, then with the layer
with no sentence vectors kept (cold), then again (re-check: the vectors kept in the user's
data folder), each in a new process: time, peak memory, the layer's stages, its findings.
Archive (`--only archive`): an SQLite archive of the bench/corpus.py essays plus the Chinese
sources of five Tatoeba translations, added with sentence vectors; each English translation
is checked against it, as now (stored vectors) and as before they were stored, back to back.
"""

from __future__ import annotations

import argparse
import csv
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# ../shared beside the checkout (a worktree under wt/ looks one level further up)
SHARED = next((p / "shared" for p in ROOT.parents if (p / "shared" / "corpora").is_dir()),
              ROOT.parent / "shared")

from core.models import Document
from core.options import CheckOptions
from core.pipeline import ProfileCache, check_documents, run
from core.semantic import model
from core.semantic.score import pair_score
from core.semantic.sentences import split


def auc(scores, labels) -> float:
    """ROC AUC with ties counted half (Mann-Whitney U)."""
    scores = np.asarray(scores, dtype=np.float64)
    labels = np.asarray(labels, dtype=bool)
    order = np.argsort(scores, kind="mergesort")
    ranks = np.empty(len(scores))
    sorted_scores = scores[order]
    i = 0
    while i < len(scores):
        j = i
        while j + 1 < len(scores) and sorted_scores[j + 1] == sorted_scores[i]:
            j += 1
        ranks[order[i:j + 1]] = (i + j) / 2 + 1
        i = j + 1
    pos = labels.sum()
    neg = len(labels) - pos
    return float((ranks[labels].sum() - pos * (pos + 1) / 2) / (pos * neg))


def table(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


# -- translation ---------------------------------------------------------------------------

def tatoeba(shared: Path) -> list[tuple[str, str]]:
    with open(shared / "corpora" / "tatoeba-cmn-eng" / "cmn-eng.tsv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    seen_en, seen_zh, out = set(), set(), []
    two = re.compile(r"[.!?][\"”']?\s+\S|[。！？][”」]?.")  # more than one sentence
    for row in rows:  # one translation per sentence: a repeated sentence is no evidence
        if row["en"] in seen_en or row["zh"] in seen_zh:
            continue
        if two.search(row["en"].strip()) or two.search(row["zh"].strip()):
            continue
        seen_en.add(row["en"])
        seen_zh.add(row["zh"])
        out.append((row["en"], row["zh"]))
    return out


def join(sentences: list[str], lang: str, rnd: random.Random) -> tuple[str, list[tuple[int, int]]]:
    """Sentences as paragraphs of 3-7 sentences; the span of each sentence."""
    text, spans = "", []
    left = rnd.randint(3, 7)
    for n, sentence in enumerate(sentences):
        if n and left == 0:
            text += "\n\n"
            left = rnd.randint(3, 7)
        elif n and lang == "en":
            text += " "
        spans.append((len(text), len(text) + len(sentence)))
        text += sentence
        left -= 1
    return text + "\n", spans


def translation_set(pairs: list[tuple[str, str]], seed: int):
    """Documents, the planted document pairs and the planted sentence pairs (as span pairs)."""
    rnd = random.Random(seed)
    pool = pairs[:]
    rnd.shuffle(pool)
    take = iter(pool)
    docs: list[tuple[str, str]] = []  # (name, text)
    truth_docs: set[tuple[int, int]] = set()
    truth_sentences: set[tuple[int, int, int, int, int, int]] = set()
    for k in range(40):
        block = [next(take) for _ in range(rnd.randint(30, 60))]
        zh_text, zh_spans = join([zh for _, zh in block], "zh", rnd)
        zh_index = len(docs)
        docs.append((f"zh{k:02d}", zh_text))
        if k >= 20:
            continue
        length = rnd.randint(10, min(25, len(block)))
        first = rnd.randint(0, len(block) - length)
        rendered = list(range(first, first + length))
        if k % 3 == 0:  # one neighbouring pair swapped
            at = rnd.randrange(len(rendered) - 1)
            rendered[at], rendered[at + 1] = rendered[at + 1], rendered[at]
        body: list[tuple[str, int | None]] = [(block[i][0], i) for i in rendered]
        for _ in range(rnd.randint(0, 3)):  # a few sentences of its own slipped in
            body.insert(rnd.randint(1, len(body) - 1), (next(take)[0], None))
        before = [(next(take)[0], None) for _ in range(rnd.randint(5, 15))]
        after = [(next(take)[0], None) for _ in range(rnd.randint(5, 15))]
        sentences = before + body + after
        en_text, en_spans = join([s for s, _ in sentences], "en", rnd)
        en_index = len(docs)
        docs.append((f"en{k:02d}", en_text))
        truth_docs.add((zh_index, en_index))
        for (_, source), span in zip(sentences, en_spans):
            if source is not None:
                truth_sentences.add((zh_index, en_index, *zh_spans[source], *span))
    for k in range(20):
        sentences = [next(take)[0] for _ in range(rnd.randint(20, 50))]
        docs.append((f"en-other{k:02d}", join(sentences, "en", rnd)[0]))
    for k in range(10):
        sentences = [next(take)[1] for _ in range(rnd.randint(30, 60))]
        docs.append((f"zh-other{k:02d}", join(sentences, "zh", rnd)[0]))
    return docs, truth_docs, truth_sentences


def _same_sentences(found: tuple, truth: tuple) -> bool:
    """A found sentence pair hits a planted one: same documents, spans overlapping on each side."""
    return (found[:2] == truth[:2] and found[2] < truth[3] and truth[2] < found[3]
            and found[4] < truth[5] and truth[4] < found[5])


def translation(shared: Path, seeds: list[int]) -> str:
    pairs = tatoeba(shared)
    rows = []
    for seed in seeds:
        docs, truth_docs, truth_sentences = translation_set(pairs, seed)
        documents = [Document(i, name, name, "txt", text) for i, (name, text) in enumerate(docs)]
        started = time.perf_counter()
        report = run(check_documents(documents, CheckOptions(semantic=True)))
        seconds = time.perf_counter() - started
        share = {(p.left, p.right): p.semantic.share for p in report.pairs if p.semantic}
        scores, labels = [], []
        for i in range(len(docs)):
            for j in range(i + 1, len(docs)):
                scores.append(share.get((i, j), 0.0))
                labels.append((i, j) in truth_docs)
        found = set()
        for p in report.pairs:
            if p.semantic:
                for s in p.semantic.sentences:
                    found.add((p.left, p.right, s.left.start, s.left.end, s.right.start, s.right.end))
        right = {f for f in found if any(_same_sentences(f, t) for t in truth_sentences)}
        caught = {t for t in truth_sentences if any(_same_sentences(f, t) for f in found)}
        precision = len(right) / len(found) if found else 0.0
        recall = len(caught) / len(truth_sentences)
        reported = sum(1 for key in truth_docs if key in share)
        false_pairs = sum(1 for key in share if key not in truth_docs)
        rows.append([str(seed), str(len(docs)), f"{auc(scores, labels):.4f}", f"{precision:.3f}",
                     f"{recall:.3f}", f"{reported}/{len(truth_docs)}", str(false_pairs),
                     f"{seconds:.1f}"])
    return table(["seed", "documents", "pair AUC", "sentence precision", "sentence recall",
                  "planted pairs found", "other pairs reported", "check s"], rows)


def real_pair(left: Path, right: Path) -> str:
    documents = [Document(0, left.name, str(left), "txt", left.read_text(encoding="utf-8")),
                 Document(1, right.name, str(right), "txt", right.read_text(encoding="utf-8"))]
    report = run(check_documents(documents, CheckOptions(semantic=True)))
    rows = []
    for p in report.pairs:
        sem = p.semantic
        rows.append([left.name, right.name, f"{p.similarity:.3f}",
                     sem.kind if sem else "-", f"{sem.share:.2f}" if sem else "-",
                     str(len(sem.sentences)) if sem else "0"])
    if not rows:
        rows.append([left.name, right.name, "not reported", "-", "-", "0"])
    return table(["left", "right", "verbatim similarity", "semantic kind", "share",
                  "aligned sentences"], rows)


# -- paraphrase ----------------------------------------------------------------------------

def msrp(path: Path) -> str:
    rows = [line.rstrip("\n").split("\t") for line in path.open(encoding="utf-8-sig")][1:]
    rows = [r for r in rows if len(r) == 5]
    labels = [r[0] == "1" for r in rows]
    left, right = [r[3] for r in rows], [r[4] for r in rows]
    a, b = model.encode(left), model.encode(right)
    cosine = (a * b).sum(axis=1)
    scores = [pair_score(float(c), x, y) for c, x, y in zip(cosine, left, right)]
    words = re.compile(r"\w+")
    jaccard = []
    for x, y in zip(left, right):
        wx, wy = set(words.findall(x.lower())), set(words.findall(y.lower()))
        jaccard.append(len(wx & wy) / max(1, len(wx | wy)))
    verbatim = plagscope_scores(left, right)
    return table(["pairs", "semantic pair score AUC", "cosine alone", "word-Jaccard",
                  "Plagscope verbatim similarity"],
                 [[str(len(rows)), f"{auc(scores, labels):.4f}", f"{auc(cosine, labels):.4f}",
                   f"{auc(jaccard, labels):.4f}", f"{auc(verbatim, labels):.4f}"]])


def plagscope_scores(left: list[str], right: list[str]) -> list[float]:
    """The verbatim similarity Plagscope gives each sentence pair (0 when not reported)."""
    from core.engine.profile import profiles
    from core.matching.compare import compare

    options = CheckOptions()
    out = []
    profs = profiles(left + right, options)
    n = len(left)
    for i in range(n):
        pairs = run(compare([profs[i], profs[n + i]], options))
        out.append(pairs[0].similarity if pairs else 0.0)
    return out


def clough(folder: Path) -> str:
    info = {}
    with (folder / "file_information.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            name = row.get("File") or row.get("file")
            info[name] = (row.get("Task") or row.get("task"), row.get("Category") or row.get("category"))
    names = sorted(info)
    texts = {n: (folder / n).read_text(encoding="utf-8", errors="replace") for n in names}
    by_category: dict[str, list[float]] = {}
    cache = ProfileCache()
    for name in names:
        task, category = info[name]
        source = folder / f"orig_task{task}.txt"
        docs = [Document(0, source.name, str(source), "txt", source.read_text(encoding="utf-8", errors="replace")),
                Document(1, name, name, "txt", texts[name])]
        report = run(check_documents(docs, CheckOptions(semantic=True), cache=cache))
        share = next((p.semantic.share for p in report.pairs if p.semantic), 0.0)
        by_category.setdefault(category, []).append(share)
    rows = []
    for category in ("cut", "light", "heavy", "non"):
        values = by_category.get(category, [])
        found = sum(1 for v in values if v > 0)
        rows.append([category, str(len(values)), f"{np.mean(values):.3f}" if values else "-",
                     f"{found}/{len(values)}"])
    scores = [v for c in ("cut", "light", "heavy") for v in by_category.get(c, [])]
    non = by_category.get("non", [])
    heavy = by_category.get("heavy", [])
    note = (f"heavy vs non AUC {auc(heavy + non, [True] * len(heavy) + [False] * len(non)):.3f}; "
            f"all plagiarised vs non AUC {auc(scores + non, [True] * len(scores) + [False] * len(non)):.3f}")
    return table(["category", "answers", "mean semantic share", "with a finding"], rows) + "\n\n" + note


# -- cost ----------------------------------------------------------------------------------

MIXES = {"en": ("en",), "zh": ("zh",), "zh+en": ("zh", "en")}


def class_folder(size: int, mix: str) -> tuple[Path, set[frozenset[str]]]:
    """A folder of `size` bench/corpus.py essays in the languages of `mix` (equal parts), and
    the planted pairs (by file name)."""
    sys.path.insert(0, str(ROOT / "bench"))
    import corpus  # bench/corpus.py

    langs = MIXES[mix]
    folder = Path(tempfile.mkdtemp(prefix=f"semantic-{mix}-{size}-"))
    planted: set[frozenset[str]] = set()
    for lang in langs:
        source = corpus.cached(lang, size // len(langs), shared=SHARED)
        made = corpus.read(source)
        for name, text in zip(made.names, made.texts):
            (folder / f"{lang}-{name}").write_bytes(text.encode("utf-8"))
        planted |= {frozenset((f"{lang}-{c['copier']}", f"{lang}-{c['source']}")) for c in made.cases}
    return folder, planted


def _run(folder: Path, semantic: bool, data: Path, root: Path = ROOT) -> dict:
    """bench/run_check.py (of the checkout at `root`) in a new process with its own user data
    folder (sentence vectors)."""
    import json
    import os

    command = [sys.executable, str(root / "bench" / "run_check.py"), str(folder)]
    env = dict(os.environ, PLAGSCOPE_DATA_DIR=str(data), PYTHONPATH=str(root))
    out = subprocess.run(command + (["--semantic"] if semantic else []), cwd=root, env=env,
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def cost(sizes: list[int], mixes: list[str], large_mixes: list[str], old: Path | None = None,
         repeat: int = 1) -> str:
    """The check with the meaning layer (cold: no sentence vectors kept yet; re-check: the
    same class again, vectors kept) against `--no-semantic` (measured once the data folder
    holds the tables every check derives once), each in a new process, side by side: wall time,
    the check's CPU seconds in its process (plain and re-check: a busy machine stretches wall
    times more than these), peak memory (the process tree), the layer's stages, its findings. With
    `old` (another checkout), each of its checks runs right before this checkout's same
    check, each checkout with its own data folder. `repeat`: the plain check and the re-check
    run that many times (alternating), the median time counts (a busy machine's noise)."""
    import os

    rows = []
    checkouts = [("old", old), ("new", ROOT)] if old is not None else [("", ROOT)]
    for size in sizes:
        for mix in (mixes if size < 1000 else large_mixes):
            folder, planted = class_folder(size, mix)
            data = {name: Path(tempfile.mkdtemp(prefix="semantic-data-")) for name, _ in checkouts}
            runs: dict[str, dict] = {name: {} for name, _ in checkouts}
            for name, root in checkouts:  # the data folder's derived tables made first, as a user's has them
                _run(folder, False, data[name], root)
            for name, root in checkouts:
                runs[name]["plain"] = _run(folder, False, data[name], root)
            for name, root in checkouts:
                runs[name]["cold"] = _run(folder, True, data[name], root)
            for name, root in checkouts:
                runs[name]["again"] = _run(folder, True, data[name], root)
            for _ in range(repeat - 1):
                for what, semantic in (("plain", False), ("again", True)):
                    for name, root in checkouts:
                        more = _run(folder, semantic, data[name], root)
                        for measure in ("wall", "cpu"):
                            runs[name].setdefault(f"{what} {measure}s", [runs[name][what][measure]]).append(
                                more[measure])
            for name, _ in checkouts:
                for what in ("plain", "again"):
                    runs[name][what] = dict(runs[name][what], **{
                        measure: float(np.median(runs[name].get(f"{what} {measure}s", [runs[name][what][measure]])))
                        for measure in ("wall", "cpu")})
            for name, _ in checkouts:
                plain, cold, again = runs[name]["plain"], runs[name]["cold"], runs[name]["again"]
                names = cold["names"]
                meaning = {frozenset((names[a], names[b])) for a, b in cold["meaning"]}
                stages = cold["stages"]
                rows.append(([name] if name else []) + [
                    str(size), mix, f"{plain['wall']:.1f}",
                    f"{cold['wall']:.1f} ({cold['wall'] / plain['wall']:.1f}x)",
                    f"{again['wall']:.1f} ({again['wall'] / plain['wall']:.2f}x)",
                    f"{plain['cpu']:.2f} / {again['cpu']:.2f} ({again['cpu'] / plain['cpu']:.2f}x)",
                    f"{stages.get('embedding', 0):.1f} / {stages.get('aligning', 0):.1f}",
                    f"{plain['tree_rss'] / 2**20:.0f}",
                    f"{cold['tree_rss'] / 2**20:.0f} ({cold['tree_rss'] / plain['tree_rss']:.2f}x)",
                    f"{again['tree_rss'] / 2**20:.0f} ({again['tree_rss'] / plain['tree_rss']:.2f}x)",
                    f"{len(meaning)} ({len(meaning & planted)} planted)",
                ])
            shutil.rmtree(folder, ignore_errors=True)
            for path in data.values():
                shutil.rmtree(path, ignore_errors=True)
    load = os.getloadavg()
    return (table((["checkout"] if old is not None else [])
                  + ["essays", "languages", "--no-semantic s", "meaning layer, cold s",
                     "re-check s", "CPU s: --no-semantic / re-check", "cold: encoding / aligning s",
                     "--no-semantic MB",
                     "meaning layer MB, cold", "meaning layer MB, re-check",
                     "pairs with a meaning finding"], rows)
            + f"\n\nEach check a new process (bench/run_check.py); load average at the end "
              f"{load[0]:.1f} / {load[1]:.1f} (2 cores shared)."
            + (f" old = {old}, new = this checkout; each old check right before the same new one."
               if old is not None else "")
            + (f" Plain checks and re-checks: the median of {repeat} runs." if repeat > 1 else ""))


# -- the archive: stored sentence vectors ----------------------------------------------------

def archive_bench(size: int, queries: int = 5) -> str:
    """Check one essay against an archive of `size` essays with the layer on: now (stored
    vectors, semantic look-up) and as before schema step 5 (each archived candidate embedded by
    every check, candidates from the verbatim look-ups only), back to back in one process."""
    import os
    import statistics

    sys.path.insert(0, str(ROOT / "bench"))
    import corpus  # bench/corpus.py

    from core.pipeline import CheckRequest, run_check
    from core.semantic import stored
    from core.store import open_store
    from core.store.archive import add_documents

    docs_, truth, _ = translation_set(tatoeba(SHARED), 9)
    sources = sorted({z for z, _ in truth})[:queries]
    asked = [next(e for z, e in sorted(truth) if z == src) for src in sources]
    essays, copiers = [], []  # copiers: (name, text, its planted source's name), held out
    for lang in ("zh", "en"):
        made = corpus.read(corpus.cached(lang, (size - len(sources)) // 2 + 3, shared=SHARED))
        held = {}
        for case in made.cases:
            if len(held) < 3 and case["copier"] not in held.values() and \
                    case["source"] not in held and case["copier"] not in held:
                held[case["copier"]] = case["source"]
        for name, text in zip(made.names, made.texts):
            if name in held:
                copiers.append((name, text, held[name]))
            else:
                essays.append((name, text))
    essays += [docs_[z] for z in sources]  # the translations' sources are archived too
    docs = [Document(i, name, name, "txt", text, sha256=f"{i:064x}")
            for i, (name, text) in enumerate(essays)]
    kinds = {"translation": [(docs_[e][0], docs_[e][1], docs_[z][0]) for z, e in zip(sources, asked)],
             "verbatim copy": copiers}
    folder = Path(tempfile.mkdtemp(prefix="semantic-archive-"))
    rows = []
    with open_store(str(folder / "plain.sqlite3")) as plain:
        started = time.perf_counter()
        run(add_documents(plain, docs[:200], "bench", semantic=False, workers=1))
        plain_rate = len(docs[:200]) / (time.perf_counter() - started)
    with open_store(str(folder / "a.sqlite3")) as store:
        started = time.perf_counter()
        run(add_documents(store, docs, "bench", semantic=True, workers=1))
        rate = len(docs) / (time.perf_counter() - started)
        kb = store.stats()["database_bytes"] / len(docs) / 1e3
        counted: list[int] = []
        real_encode = model.encode

        def spy(texts):
            counted.append(len(texts))
            return real_encode(texts)

        model.encode = spy
        real_candidates, real_prepare = stored.archive_candidates, stored.prepare_archived

        def no_candidates(*args, **kwargs):
            return set()
            yield

        def no_prepare(*args, **kwargs):
            return 0
            yield

        try:
            for label in ("before (re-embedded, verbatim candidates only)",
                          "now (stored vectors + semantic look-up)"):
                before = label.startswith("before")
                stored.archive_candidates = no_candidates if before else real_candidates
                stored.prepare_archived = no_prepare if before else real_prepare
                for kind, asked_docs in kinds.items():
                    times, found, sentences = [], 0, []
                    for name, text, source in asked_docs:
                        query = Document(0, name, name, "txt", text)
                        counted.clear()
                        started = time.perf_counter()
                        request = CheckRequest(documents=(query,), archive=store, search_archive=True)
                        report = run(run_check(request, CheckOptions(semantic=True), ProfileCache())).report
                        times.append(time.perf_counter() - started)
                        sentences.append(sum(counted) - len(split(text)))
                        names = [d.name for d in report.documents]
                        found += any((p.semantic is not None or kind != "translation")
                                     and source in (names[p.left], names[p.right])
                                     for p in report.pairs)
                    rows.append([label, kind, str(len(docs)), f"{statistics.median(times):.2f}",
                                 f"{max(times):.2f}", f"{statistics.median(sentences):.0f}",
                                 f"{found}/{len(asked_docs)}"])
        finally:
            model.encode = real_encode
            stored.archive_candidates, stored.prepare_archived = real_candidates, real_prepare
    out = table(["archive check, one essay, layer on", "query", "archived", "median s", "max s",
                 "archived sentences embedded per check", "source found"], rows)
    return (out + f"\n\nadd with sentence vectors: {rate:.1f} essays/s, {kb:.1f} kB/essay "
            f"(SQLite); without: {plain_rate:.1f} essays/s (first 200); one process, workers=1; "
            f"load {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--shared", type=Path, default=SHARED)
    parser.add_argument("--real-zh", type=Path)
    parser.add_argument("--real-en", type=Path)
    parser.add_argument("--msrp", type=Path, help="msr_paraphrase_train.txt (never the test split)")
    parser.add_argument("--clough", type=Path, default=SHARED / "corpora" / "clough-stevenson-dev")
    parser.add_argument("--sizes", type=int, nargs="*", default=[200, 1000])
    parser.add_argument("--mixes", nargs="*", default=list(MIXES), choices=list(MIXES))
    parser.add_argument("--large-mixes", nargs="*", default=["en", "zh+en"], choices=list(MIXES),
                        help="the mixes of classes of 1,000 essays or more (zh: half an hour)")
    parser.add_argument("--archive-size", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=1,
                        help="plain checks and re-checks per class (the median counts)")
    parser.add_argument("--old-code", type=Path,
                        help="another checkout: its cost figures beside this one's, check by check")
    parser.add_argument("--only", nargs="+", default=["translation", "paraphrase", "cost"],
                        help="any of translation paraphrase cost archive")
    args = parser.parse_args()
    import os

    if not model.available():
        sys.exit(f"the semantic layer is not installed: {model.INSTALL_HINT}")
    started = time.perf_counter()
    model.load()
    print(f"model {model.model_id()} loaded in {time.perf_counter() - started:.2f} s\n")
    if "translation" in args.only:
        print("## Translation (tatoeba-cmn-eng essays)\n")
        print(translation(args.shared, args.seeds) + "\n")
        if args.real_zh and args.real_en:
            print("## A real translation\n")
            print(real_pair(args.real_zh, args.real_en) + "\n")
    if "paraphrase" in args.only:
        if args.msrp:
            print("## Paraphrase (MSRP sentence pairs)\n")
            print(msrp(args.msrp) + "\n")
        print("## Clough-Stevenson answers vs their source\n")
        print(clough(args.clough) + "\n")
    if "archive" in args.only:
        print("## The archive with stored sentence vectors (noisy: shared cores)\n")
        print(archive_bench(args.archive_size) + "\n")
    if "cost" in args.only and args.sizes:
        print("## Cost against --no-semantic (2 cores shared with other developers: noisy)\n")
        print(f"load average at the start {os.getloadavg()[0]:.1f}\n")
        print(cost(args.sizes, args.mixes, args.large_mixes, args.old_code, args.repeat) + "\n")


if __name__ == "__main__":
    main()
