"""The figures of bench/accuracy.py's evidence tables, measured with the code of one checkout.

    python bench/evidence_tables.py --code DIR [--seeds 1 2 3]   # prints one JSON object

`--code` is the checkout whose `core` is measured (bench/accuracy.py runs this once with this
checkout and once with a worktree of an older commit, and prints both side by side); the
corpora are built by this checkout's tests/data/make_class.py and from ../shared, so both runs
see the same texts. Only what every version of the code has is read: a pair's `similarity`,
`semantic`, `matches` and the report's order; `copied` and `kind` where they exist.

- copies: pairs inside planted groups (identical, lightly edited and reordered copies) of
  generated classes, and the Clough-Stevenson answers at 0.8 similarity or more with their
  original: how many a reader sees labelled "paraphrase" (the meaning column or the pair's kind).
- headings: essays that share only their headings (Introduction / Conclusion / References,
  一、引言 / 三、结语 / 参考文献) and a reference list: flagged pairs, "paraphrase" labels.
- translations: Chinese essays, English translations of 97/80/60/40 % of one each, and Chinese
  essays copying 20 % of another word for word, in one check: where the translations rank.
- sources: generated classes (200 essays, 14 planted groups, scattered subsets; 60 essays, 6
  groups, overlapping runs), seeds as given: sources named right, wrong, undecided.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _shared() -> Path:
    for base in (ROOT.parent, *ROOT.parents[1:3]):
        if (base / "shared" / "corpora").is_dir():
            return base / "shared"
    return ROOT.parent / "shared"


def _check(documents, semantic: bool):
    from core.options import CheckOptions
    from core.pipeline import check_documents, run

    return run(check_documents(documents, CheckOptions(semantic=semantic)))


def _paraphrase_label(pair) -> bool:
    """Whether a reader sees "paraphrase" on the pair: its kind, or (before kinds) the meaning column."""
    kind = getattr(pair, "kind", None)
    if kind is not None:
        return kind == "paraphrase"
    return pair.semantic is not None and pair.semantic.kind == "paraphrase"


def _flagged(report, pair) -> bool:
    from core.rules import is_flagged

    return is_flagged(pair, report.options.display_threshold, report.options.hamming)


def copies(seeds) -> dict:
    from make_class import make_class

    from core.models import Document

    out = {"class_pairs": 0, "class_paraphrase": 0, "class_kinds": {}}
    for seed in seeds:
        corpus = make_class(40, (6, 5, 4, 3), whole=(1,), english=(2,), seed=seed)
        report = _check(corpus.documents(), True)
        names = [d.name for d in report.documents]
        group_of = {m: g for g, planted in enumerate(corpus.groups) for m in planted.members}
        for p in report.pairs:
            a, b = group_of.get(names[p.left]), group_of.get(names[p.right])
            if a is None or a != b:
                continue
            out["class_pairs"] += 1
            out["class_paraphrase"] += _paraphrase_label(p)
            kind = getattr(p, "kind", None) or ("paraphrase" if p.semantic else "(none)")
            out["class_kinds"][kind] = out["class_kinds"].get(kind, 0) + 1
    clough = _shared() / "corpora" / "clough-stevenson-dev"
    if clough.is_dir():
        files = sorted(clough.glob("*.txt"))
        docs = [Document(i, f.name, str(f), "txt", f.read_text(encoding="utf-8", errors="replace"))
                for i, f in enumerate(files)]
        report = _check(docs, True)
        names = [d.name for d in report.documents]
        high = [p for p in report.pairs if p.similarity >= 0.8
                and ("orig_" in names[p.left]) != ("orig_" in names[p.right])]
        out["clough_pairs"] = len(high)
        out["clough_paraphrase"] = sum(map(_paraphrase_label, high))
    return out


_BODY_EN = ["The river floods every spring and the farmers move their animals to the hills.",
            "Most of the town's income now comes from visitors who walk the old wall.",
            "Our survey asked forty households how often they repair things instead of buying new ones.",
            "The results suggest that repair is common among older residents but rare among students."]


def headings(seeds) -> dict:
    """Independent essays sharing headings and one reference list."""
    from core.models import Document

    luxun = sorted((_shared() / "corpora" / "luxun").rglob("*.txt"))
    tatoeba = _tatoeba()
    refs_en = "\n".join(f"[{k}] Author{k}, A. ({2000 + k}). Title number {k} of a study. Journal of "
                        f"Studies, {k}(2), {10 * k}-{10 * k + 9}." for k in range(1, 6))
    refs_zh = "\n".join(f"[{k}] 作者{k}. 第{k}篇研究的题目[J]. 研究学报, {2000 + k}, {k}(2): {10 * k}-{10 * k + 9}."
                        for k in range(1, 6))
    docs = []
    for seed in seeds:
        rng = random.Random(seed)
        for n in range(6):  # English: sentences of unrelated Tatoeba pairs as the body
            body = [e for e, _ in rng.sample(tatoeba, 24)]
            text = ("Introduction\n\n" + " ".join(body[:12]) + "\n\nConclusion\n\n" + " ".join(body[12:])
                    + "\n\nReferences\n\n" + refs_en + "\n")
            docs.append(Document(len(docs), f"en{seed}_{n}.txt", f"en{seed}_{n}.txt", "txt", text))
        for n in range(6):  # Chinese: paragraphs of different Lu Xun essays as the body
            paras = []
            for f in rng.sample(luxun, 2):
                lines = [ln.strip() for ln in f.read_text(encoding="utf-8").splitlines() if len(ln.strip()) > 60]
                paras += lines[:2]
            text = ("一、引言\n\n" + "\n\n".join(paras[:2]) + "\n\n三、结语\n\n" + "\n\n".join(paras[2:])
                    + "\n\n参考文献\n\n" + refs_zh + "\n")
            docs.append(Document(len(docs), f"zh{seed}_{n}.txt", f"zh{seed}_{n}.txt", "txt", text))
    report = _check(docs, True)
    return {"documents": len(docs), "pairs": len(report.pairs),
            "flagged": sum(_flagged(report, p) for p in report.pairs),
            "paraphrase": sum(map(_paraphrase_label, report.pairs)),
            "meaning": sum(p.semantic is not None for p in report.pairs),
            "kinds": _count(getattr(p, "kind", "(none)") or "(none)" for p in report.pairs)}


def _count(items) -> dict:
    out: dict = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return out


def _tatoeba() -> list[tuple[str, str]]:
    path = _shared() / "corpora" / "tatoeba-cmn-eng" / "cmn-eng.tsv"
    with path.open(encoding="utf-8") as f:
        rows = list(csv.reader(f, delimiter="\t"))[1:]
    return [(r[0], r[1]) for r in rows if len(r) >= 2]


SHARES = (0.97, 0.8, 0.6, 0.4)


def translations(seeds) -> dict:
    """Per seed: 4 Chinese essays and an English translation of SHARES of each (the rest other
    English sentences); 4 Chinese essays each copying 20 % of another word for word."""
    from core.models import Document

    pairs = _tatoeba()
    above, ordered, runs, figures = 0, 0, 0, []
    for seed in seeds:
        rng = random.Random(seed)
        pool = rng.sample(range(len(pairs)), 40 * 13)
        take = iter(pool)
        docs, truth = [], {}
        for share in SHARES:
            zh = [next(take) for _ in range(40)]
            k = round(share * 40)
            en = [pairs[i][0] for i in zh[:k]] + [pairs[next(take)][0] for _ in range(40 - k)]
            a = len(docs)
            docs.append(Document(a, f"zh_{share}.txt", "", "txt", "".join(pairs[i][1] for i in zh)))
            docs.append(Document(a + 1, f"en_{share}.txt", "", "txt", " ".join(en)))
            truth[(a, a + 1)] = ("translation", share)
        for c in range(4):
            zh = [pairs[next(take)][1] for _ in range(40)]
            copy = zh[:8] + [pairs[next(take)][1] for _ in range(32)]
            a = len(docs)
            docs.append(Document(a, f"orig_{c}.txt", "", "txt", "".join(zh)))
            docs.append(Document(a + 1, f"copy_{c}.txt", "", "txt", "".join(copy)))
            truth[(a, a + 1)] = ("verbatim", 0.2)
        report = _check(docs, True)
        rank = {(p.left, p.right): r for r, p in enumerate(report.pairs)}
        last = len(report.pairs)
        t_ranks = [rank.get(k, last) for k, v in truth.items() if v[0] == "translation"]
        v_ranks = [rank.get(k, last) for k, v in truth.items() if v[0] == "verbatim"]
        above += sum(r < min(v_ranks) for r in t_ranks)
        ordered += t_ranks == sorted(t_ranks) and len(set(t_ranks)) == len(t_ranks) and max(t_ranks) < last
        runs += 1
        by_pair = {(p.left, p.right): p for p in report.pairs}
        for k, v in truth.items():
            p = by_pair.get(k)
            figures.append((v[0], v[1], round(getattr(p, "copied", p.similarity) if p else 0.0, 3)
                            if p else 0.0))
    return {"translations": len(SHARES) * runs, "above_verbatim": above, "seeds": runs,
            "in_share_order": ordered, "figures": figures}


def sources(seeds) -> dict:
    from make_class import make_class

    from core.review.groups import group_details

    out = {}
    for name in ("200", "60-overlap"):
        named = wrong = undecided = decidable = 0
        for seed in seeds:
            if name == "200":
                rng = random.Random(seed)
                sizes = tuple(rng.randint(3, 9) for _ in range(14))[:-1] + (2,)
                corpus = make_class(200, sizes, whole=(1,), english=tuple(range(2, 14, 4)), seed=seed)
            else:
                corpus = make_class(60, (8, 7, 6, 5, 4, 3), whole=(), english=(2, 5), seed=seed,
                                    overlap=True)
            report = _check(corpus.documents(), False)
            names = [d.name for d in report.documents]
            truth = {frozenset(g.members): g for g in corpus.groups}
            decidable += sum(g.source is not None for g in corpus.groups)
            for d in group_details(report):
                g = truth.get(frozenset(names[m] for m in d.members))
                src = names[d.source] if d.source is not None else None
                if src is None:
                    undecided += 1
                elif g is not None and src == g.source:
                    named += 1
                else:
                    wrong += 1
        out[name] = {"groups": (14 if name == "200" else 6) * len(seeds), "decidable": decidable,
                     "named": named, "wrong": wrong, "undecided": undecided}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--code", type=Path, default=ROOT)
    parser.add_argument("--seeds", type=int, nargs="+", default=[11, 12])
    parser.add_argument("--tables", nargs="+", default=["copies", "headings", "translations", "sources"])
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "tests" / "data"))
    sys.path.insert(0, str(args.code.resolve()))
    out = {}
    for table in args.tables:
        out[table] = globals()[table](args.seeds)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
