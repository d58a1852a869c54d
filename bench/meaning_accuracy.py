"""bench/accuracy.py's tables for the meaning layer, old and new figures side by side.

- MSRP (the TRAINING split only; never the test split): the fifth of its pairs held out of
  development (`held_out`: a fixed shuffle, seed 23) as sentence pairs (the sentence score
  core.semantic.score.same_meaning, the link score the layer uses, the score shipped before it,
  the encoder's cosine, word-Jaccard) and grouped five per document (five paraphrase pairs,
  or five non-paraphrase pairs, each side's sentences joined into a document; every document
  pair checked alone): ROC AUC of the copied share over both engines (each character once;
  the figure the pairs are ranked by, `PairResult.copied`: bench/meaning_figures.py), of the meaning share (0 without a finding; it leaves out what
  the pair's verbatim passages cover), of the share with the mean link score breaking its
  ties, of the verbatim similarity and of the documents' word-Jaccard (the old and new sentence scores are on different scales: each column's own).
- Clough-Stevenson answers against their task's source: with a meaning finding, by category,
  and the AUC of the meaning share, heavy revisions vs non-plagiarised answers.
- The bundled samples (resources/samples), checked as a folder: the paraphrase essays' pair
  with their source, and the "paraphrase" findings on pairs with verbatim passages.

`--fit` refits the sentence score on the other four fifths (5-fold cross-validation there) and
prints the weights core/semantic/fitted.py holds (`--write` writes them there); `--thresholds`
shows how the link thresholds were chosen (decision 130). The old column runs bench/meaning_figures.py on the checkout given by `--old` (e.g. an
export of commit 1fc721b); the new column runs the same script on this one.
"""

from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
HELD_OUT_SEED = 23  # the shuffle that picks MSRP's held-out fifth (development used the rest)
GROUP = 5  # sentence pairs per document


def auc(scores, labels) -> float:
    """ROC AUC with ties counted half."""
    scores = np.asarray(scores, dtype=np.float64)
    labels = np.asarray(labels, dtype=bool)
    pos, neg = scores[labels], scores[~labels]
    if not len(pos) or not len(neg):
        return float("nan")
    greater = (pos[:, None] > neg[None, :]).sum()
    ties = (pos[:, None] == neg[None, :]).sum()
    return float((greater + ties / 2) / (len(pos) * len(neg)))


def table(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


_WORDS = re.compile(r"\w+")


def word_jaccard(a: str, b: str) -> float:
    x, y = set(_WORDS.findall(a.casefold())), set(_WORDS.findall(b.casefold()))
    return len(x & y) / len(x | y) if x | y else 0.0


def msrp_rows(path: Path) -> list[tuple[bool, str, str]]:
    rows = [line.rstrip("\n").split("\t") for line in path.open(encoding="utf-8-sig")][1:]
    return [(r[0] == "1", r[3], r[4]) for r in rows if len(r) == 5]


def held_out(n: int) -> np.ndarray:
    """Which of MSRP training split's n pairs were kept out of development."""
    mask = np.zeros(n, dtype=bool)
    mask[np.random.RandomState(HELD_OUT_SEED).permutation(n)[:n // 5]] = True
    return mask


def run_figures(checks: list, root: Path, data: Path) -> list:
    """bench/meaning_figures.py on `checks` with the code under `root`, in a new process."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as f:
        json.dump(checks, f, ensure_ascii=False)
    env = dict(os.environ, PLAGSCOPE_DATA_DIR=str(data))
    try:
        out = subprocess.run([sys.executable, str(ROOT / "bench" / "meaning_figures.py"), f.name,
                              "--root", str(root)], cwd=root, env=env, check=True,
                             capture_output=True, text=True).stdout
    finally:
        os.unlink(f.name)
    return json.loads(out)


def _pair(found: list[dict], left: int = 0, right: int = 1) -> dict:
    return next((p for p in found if (p["left"], p["right"]) == (left, right)),
                {"similarity": 0.0, "passages": 0, "kind": "", "share": 0.0, "sentences": 0,
                 "score": 0.0, "copied": 0.0, "copied_verbatim": 0.0})


def msrp_vectors(rows: list, cache: Path | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Both sides' sentence vectors of `rows` (float16, as the layer keeps them); `cache`: an
    .npz file to read them from or write them to (encoding MSRP takes minutes)."""
    from core.semantic import model

    if cache is not None and cache.exists():
        kept = np.load(cache)
        if len(kept["a"]) == len(rows):
            return kept["a"].astype(np.float32), kept["b"].astype(np.float32)
    a = model.encode([r[1] for r in rows]).astype(np.float16)
    b = model.encode([r[2] for r in rows]).astype(np.float16)
    if cache is not None:
        np.savez(cache, a=a, b=b, y=np.array([r[0] for r in rows]))
    return a.astype(np.float32), b.astype(np.float32)


def pair_vectors(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """What the sentence score reads of two sentences' vectors beyond their cosine (rows of
    `a` and `b`): core.semantic.score.vector_features, here for many pairs at once."""
    return np.hstack([a * b, np.abs(a - b)])


def _fold_fits(path: Path, cache: Path | None, penalty: float, vector_penalty: float) -> dict:
    """The logistic regression of `fit` on the development part, and each development pair's
    score from the fold fit that did not see it (`held`, logits; 5 folds)."""
    sys.path.insert(0, str(ROOT))
    from core.semantic import score

    rows = msrp_rows(path)
    a, b = msrp_vectors(rows, cache)
    cosine = (a * b).sum(axis=1)
    dev = ~held_out(len(rows))
    scalar = np.array([score.features(float(c), r[1], r[2]) for c, r, d in zip(cosine, rows, dev) if d])
    x = np.hstack([scalar, pair_vectors(a[dev], b[dev])])
    y = np.array([r[0] for r, d in zip(rows, dev) if d], dtype=np.float64)
    mean, spread = x.mean(axis=0), x.std(axis=0) + 1e-9
    z = (x - mean) / spread
    ridge = np.diag(np.r_[0.0, np.full(scalar.shape[1], penalty), np.full(x.shape[1] - scalar.shape[1], vector_penalty)])

    def logistic(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        x1 = np.hstack([np.ones((len(x), 1)), x])
        w = np.zeros(x1.shape[1])
        for _ in range(100):  # Newton steps (the bias is not penalised)
            p = 1 / (1 + np.exp(-x1 @ w))
            step = np.linalg.solve((x1 * (p * (1 - p))[:, None]).T @ x1 + ridge, x1.T @ (p - y) + ridge @ w)
            w -= step
            if np.abs(step).max() < 1e-10:
                break
        return w

    folds = np.random.RandomState(7).permutation(len(z)) % 5
    held = np.zeros(len(z))
    for k in range(5):
        w = logistic(z[folds != k], y[folds != k])
        held[folds == k] = w[0] + z[folds == k] @ w[1:]
    return {"rows": [r for r, d in zip(rows, dev) if d], "y": y, "z": z, "held": held,
            "w": logistic(z, y), "mean": mean, "spread": spread, "scalars": scalar.shape[1]}


def fit(path: Path, cache: Path | None = None, penalty: float = 1.0,
        vector_penalty: float = 1000.0, write: bool = False) -> str:
    """Refit core.semantic.score's weights on the development four fifths of MSRP's training
    split (never the held-out fifth): an L2-penalised logistic regression on standardised
    features (the vectors' products and differences penalised `vector_penalty`, the
    other features `penalty`), its 5-fold cross-validated AUC, and the weights on the raw
    features (`write`: into core/semantic/fitted.py)."""
    sys.path.insert(0, str(ROOT))
    from core.semantic import score

    f = _fold_fits(path, cache, penalty, vector_penalty)
    y, z, w, mean, spread, n = f["y"], f["z"], f["w"], f["mean"], f["spread"], f["scalars"]
    raw = w[1:] / spread
    bias = w[0] - float((w[1:] * mean / spread).sum())
    weights = tuple(round(float(v), 4) for v in [bias, *raw[:n]])
    vector = tuple(float(f"{v:.5g}") for v in raw[n:])
    lines = [(f"development pairs: {len(y)} ({int(y.sum())} paraphrases); 5-fold cross-validated AUC "
              f"{auc(f['held'], y.astype(bool)):.4f} (cosine alone {auc(z[:, 0], y.astype(bool)):.4f})"),
             "standardised weights: " + ", ".join(f"{n} {v:+.2f}" for n, v in zip(score.FEATURES, w[1:])),
             f"WEIGHTS = {weights}"]
    if write:
        FITTED.write_text(FITTED_MODULE.format(weights=weights, vectors=_wrapped(vector)), encoding="utf-8")
        lines.append(f"written to {FITTED.relative_to(ROOT)}")
    return "\n".join(lines)


# (score.SAME, PAIR and SOLO in one language) settings `thresholds` compares
SETTINGS = ((0.9, 0.8, 0.93), (0.9, 0.85, 0.96), (0.85, 0.9, 0.97), (0.8, 0.9, 0.97), (0.75, 0.9, 0.97),
            (0.8, 0.9, 0.96), (0.7, 0.9, 0.97), (0.8, 0.95, 0.99))


def thresholds(path: Path, clough_dir: Path | None, cache: Path | None = None) -> str:
    """How the link thresholds were chosen (decision 130): MSRP's development part grouped five
    pairs a document, each sentence pair scored by the fold fit that never saw it, and the
    Clough-Stevenson answers, with a meaning finding under each of SETTINGS. The layer's
    alignments are recorded once (`align`'s inputs) and replayed per setting."""
    sys.path.insert(0, str(ROOT))
    from core.models import Document
    from core.options import CheckOptions
    from core.pipeline import ProfileCache, check_documents, run
    from core.semantic import align as aligning
    from core.semantic import layer, model, score

    f = _fold_fits(path, cache, 1.0, 1000.0)
    unseen = {}
    for r, logit in zip(f["rows"], f["held"]):
        unseen[(r[1], r[2])] = unseen[(r[2], r[1])] = 1 / (1 + np.exp(-logit))
    checks = []  # (set, label, documents)
    for label in (True, False):
        group = [r for r in f["rows"] if r[0] == label]
        for at in range(0, len(group) - GROUP + 1, GROUP):
            part = group[at:at + GROUP]
            checks.append(("msrp", label, [" ".join(r[1] for r in part), " ".join(r[2] for r in part)]))
    if clough_dir is not None and clough_dir.exists():
        with (clough_dir / "file_information.csv").open(encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                task, category = row.get("Task") or row.get("task"), row.get("Category") or row.get("category")
                name = row.get("File") or row.get("file")
                checks.append(("clough", category, [
                    (clough_dir / f"orig_task{task}.txt").read_text(encoding="utf-8", errors="replace"),
                    (clough_dir / name).read_text(encoding="utf-8", errors="replace")]))
    recorded, found = [], layer.align
    cache_ = ProfileCache()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["PLAGSCOPE_DATA_DIR"] = tmp
        for n, (_, _, texts) in enumerate(checks):
            layer.align = lambda *call, n=n: recorded.append((n, call)) or found(*call)
            docs = [Document(i, f"{i}.txt", f"{i}.txt", "txt", t) for i, t in enumerate(texts)]
            run(check_documents(docs, CheckOptions(semantic=True), cache=cache_))
    layer.align = found
    fitted = score.same_meaning
    score.same_meaning = lambda c, x, y, v: unseen.get((x.strip(), y.strip())) or fitted(c, x, y, v)
    body = []
    try:
        for same, pair, solo in SETTINGS:
            score.SAME = same
            aligning.PAIR = dict(aligning.PAIR, paraphrase=pair)
            aligning.SOLO = dict(aligning.SOLO, paraphrase=solo)
            with model.single_thread():
                hit = {n for n, call in recorded if aligning.align(*call) is not None}
            count = {}
            for n, (kind, label, _) in enumerate(checks):
                count.setdefault((kind, label), [0, 0])
                count[(kind, label)][0] += n in hit
                count[(kind, label)][1] += 1
            body.append([f"{same} / {pair} / {solo}"] + [
                f"{count[key][0]} of {count[key][1]}" if key in count else "-"
                for key in (("msrp", True), ("msrp", False), ("clough", "heavy"), ("clough", "light"),
                            ("clough", "non"))])
    finally:
        score.same_meaning = fitted
    return table(["judged link / each of a run of two / alone", "MSRP development paraphrase documents",
                  "MSRP development others", "Clough heavy", "Clough light", "Clough non"], body)


FITTED = ROOT / "core" / "semantic" / "fitted.py"
FITTED_MODULE = '''"""The sentence score's weights (core/semantic/score.py), fitted on the development four
fifths of MSRP's training split: written by `bench/meaning_accuracy.py --fit --write`, which
reproduces them (decision 130)."""

# the bias, then one weight per feature in score.FEATURES' order
WEIGHTS = {weights}
# one weight per number of score.vector_features: the products of the two vectors'
# dimensions, then their absolute differences (the pinned model's vectors); as text, read into
# numbers on first use (score.vector_weights): a tuple of a thousand numbers is slow to import
VECTOR_WEIGHTS = """
{vectors}
"""
'''


def _wrapped(values: tuple) -> str:
    """The numbers as lines of text (eight a line)."""
    return "\n".join("    " + " ".join(f"{v!r}" for v in values[at:at + 8]) for at in range(0, len(values), 8))


def msrp(path: Path, old: Path | None, data: Path, cache: Path | None = None) -> str:
    sys.path.insert(0, str(ROOT))
    from core.semantic.score import pair_score, resemblance, same_meaning

    rows = msrp_rows(path)
    mask = held_out(len(rows))
    test = [r for r, m in zip(rows, mask) if m]
    labels = [r[0] for r in test]
    left, right = [r[1] for r in test], [r[2] for r in test]
    a, b = msrp_vectors(rows, cache)
    cosine = (a * b).sum(axis=1)[mask]
    pairs = list(zip(cosine, left, right, a[mask], b[mask]))
    new = [same_meaning(float(c), x, y, (u, v)) for c, x, y, u, v in pairs]
    link = [pair_score(float(c), x, y, (u, v)) for c, x, y, u, v in pairs]
    # the sentence score shipped before (decision 092): what is now the resemblance score
    old_score = [resemblance(float(c), x, y) for c, x, y in zip(cosine, left, right)]
    jac = [word_jaccard(x, y) for x, y in zip(left, right)]
    sentence = table(["held-out sentence pairs", "sentence score, new", "link score, new",
                      "sentence score, old (decision 092)", "encoder cosine alone", "word-Jaccard"],
                     [[f"{len(test)} ({sum(labels)} paraphrases)", f"{auc(new, labels):.4f}",
                       f"{auc(link, labels):.4f}", f"{auc(old_score, labels):.4f}",
                       f"{auc(cosine, labels):.4f}", f"{auc(jac, labels):.4f}"]])
    checks, doc_labels, doc_jac = [], [], []
    for label in (True, False):
        group = [r for r in test if r[0] == label]
        for at in range(0, len(group) - GROUP + 1, GROUP):
            part = group[at:at + GROUP]
            a, b = " ".join(r[1] for r in part), " ".join(r[2] for r in part)
            checks.append([["a.txt", a], ["b.txt", b]])
            doc_labels.append(label)
            doc_jac.append(word_jaccard(a, b))
    columns = {"new": [_pair(f) for f in run_figures(checks, ROOT, data)]}
    if old is not None:
        columns["old"] = [_pair(f) for f in run_figures(checks, old, data / "old")]
    head = ["documents (5 pairs each)", "figure"] + [f"{k} AUC" for k in columns] + ["word-Jaccard AUC"]
    body = []
    for figure, value in (("copied share, both engines, each character once", lambda p: p["copied"]),
                          ("copied share, meaning layer off (the default)", lambda p: p.get("copied_verbatim", 0.0)),
                          ("meaning share", lambda p: p["share"]),
                          ("verbatim similarity", lambda p: p["similarity"]),
                          ("share, ties by the mean sentence score", lambda p: p["share"] + 1e-3 * p["score"])):
        body.append([f"{len(checks)} ({sum(doc_labels)} paraphrase)", figure]
                    + [f"{auc([value(p) for p in col], doc_labels):.4f}" for col in columns.values()]
                    + [f"{auc(doc_jac, doc_labels):.4f}"])
    found = [f"{k}: {sum(1 for p, y in zip(col, doc_labels) if p['kind'] and y)}/{sum(doc_labels)} "
             f"paraphrase documents and {sum(1 for p, y in zip(col, doc_labels) if p['kind'] and not y)}"
             f"/{len(doc_labels) - sum(doc_labels)} others with a meaning finding"
             for k, col in columns.items()]
    return sentence + "\n\n" + table(head, body) + "\n\n" + "; ".join(found)


def clough(folder: Path, old: Path | None, data: Path) -> str:
    info = {}
    with (folder / "file_information.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            info[row.get("File") or row.get("file")] = (row.get("Task") or row.get("task"),
                                                        row.get("Category") or row.get("category"))
    names = sorted(info)
    checks = []
    for name in names:
        task, _ = info[name]
        source = folder / f"orig_task{task}.txt"
        checks.append([[source.name, source.read_text(encoding="utf-8", errors="replace")],
                       [name, (folder / name).read_text(encoding="utf-8", errors="replace")]])
    columns = {"new": [_pair(f) for f in run_figures(checks, ROOT, data)]}
    if old is not None:
        columns["old"] = [_pair(f) for f in run_figures(checks, old, data / "old")]
    categories = [info[n][1] for n in names]
    rows = []
    for category in ("cut", "light", "heavy", "non"):
        at = [i for i, c in enumerate(categories) if c == category]
        rows.append([category, str(len(at))] + [
            f"{sum(1 for i in at if col[i]['kind'])}/{len(at)}, "
            f"{sum(1 for i in at if col[i]['kind'] == 'paraphrase' and col[i]['passages'])} on a pair "
            f"with passages, mean share {np.mean([col[i]['share'] for i in at]):.2f}"
            for col in columns.values()])
    keep = [c in ("heavy", "non") for c in categories]
    heavy = [c == "heavy" for c, k in zip(categories, keep) if k]

    def heavy_auc(col, field):
        return auc([p[field] for p, k in zip(col, keep) if k], heavy)

    aucs = [f"{k}: meaning share {heavy_auc(col, 'share'):.3f}, copied share (both engines) "
            f"{heavy_auc(col, 'copied'):.3f}, copied share with the layer off {heavy_auc(col, 'copied_verbatim'):.3f}, "
            f"verbatim similarity {heavy_auc(col, 'similarity'):.3f}"
            for k, col in columns.items()]
    return (table(["category", "answers"] + [f"{k}: with a meaning finding" for k in columns], rows)
            + "\n\nheavy revision vs non-plagiarised, AUC: " + "; ".join(aucs))


def samples(old: Path | None, data: Path) -> str:
    folder = ROOT / "resources" / "samples"
    sys.path.insert(0, str(ROOT))
    from core.loaders import load_document

    docs = []
    for n, path in enumerate(sorted(p for p in folder.iterdir() if p.suffix in (".txt", ".docx", ".pdf"))):
        docs.append([path.name, load_document(str(path), n).text])
    checks = [docs]
    columns = {"new": run_figures(checks, ROOT, data)[0]}
    if old is not None:
        columns["old"] = run_figures(checks, old, data / "old")[0]
    names = [d[0] for d in docs]
    rows = []
    for source, paraphrase in (("en_original_homework.txt", "en_paraphrase.txt"),
                               ("zh_original_网络阅读.txt", "zh_paraphrase.txt")):
        i, j = sorted((names.index(source), names.index(paraphrase)))
        rows.append([f"{source} ~ {paraphrase}"] + [
            (f"{p['kind']} {p['share']:.0%}" if p["kind"] else "no meaning finding")
            if p["similarity"] or p["kind"] else "not in any pair"
            for p in (_pair(col, i, j) for col in columns.values())])
    rows.append(["pairs with verbatim passages labelled by meaning"] + [
        f"{sum(1 for p in col if p['passages'] and p['kind'])} of {sum(1 for p in col if p['passages'])}"
        for col in columns.values()])
    rows.append(["independent (clean) essays with a meaning finding"] + [
        str(sum(1 for p in col if p["kind"] and "clean" in names[p["left"]] + names[p["right"]]))
        for col in columns.values()])
    return table(["bundled samples, checked as one folder"] + list(columns), rows)


def meaning_tables(msrp_path: Path | None, clough_dir: Path | None, old: Path | None,
                   vectors: Path | None = None) -> str:
    if old is not None and not (old / "core" / "semantic").is_dir():
        raise SystemExit(f"--old {old}: not a Plagscope checkout with core/semantic")
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        if msrp_path is not None:
            out += ["### MSRP training split, held-out fifth\n", msrp(msrp_path, old, data / "msrp", vectors)]
        if clough_dir is not None and clough_dir.exists():
            out += ["### Clough-Stevenson answers vs their source\n", clough(clough_dir, old, data / "clough")]
        out += ["### Bundled samples\n", samples(old, data / "samples")]
    return "\n\n".join(out)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--msrp", type=Path, help="msr_paraphrase_train.txt (never the test split)")
    parser.add_argument("--clough", type=Path)
    parser.add_argument("--old", type=Path, help="an older checkout (e.g. an export of 1fc721b)")
    parser.add_argument("--vectors", type=Path, help="an .npz file keeping MSRP's sentence vectors between runs")
    parser.add_argument("--fit", action="store_true",
                        help="refit the sentence score on the development part of --msrp and print it")
    parser.add_argument("--write", action="store_true", help="with --fit: write core/semantic/fitted.py")
    parser.add_argument("--thresholds", action="store_true",
                        help="findings on MSRP's development documents (scores from fold fits that never saw "
                             "them) and Clough-Stevenson under each setting of the link thresholds")
    args = parser.parse_args()
    if args.fit:
        print(fit(args.msrp, args.vectors, write=args.write))
    elif args.thresholds:
        print(thresholds(args.msrp, args.clough, args.vectors))
    else:
        print(meaning_tables(args.msrp, args.clough, args.old, args.vectors))
