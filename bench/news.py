"""A class of Chinese news reports for the speed bench: real news text dressed in a news
agency's stock phrases, so thousands of pairs share short set phrases without being copies.

    python bench/news.py RAW [RAW ...] [--docs 1000] [--chars 1800] [--out DIR]

RAW: THUCNews-style lines "category<TAB>article" (public text-classification data sets;
never committed). Lines that are not mostly Chinese are skipped, and each sentence is used
once. The sentences are cut into reports of about `--chars` characters, each dressed by
`genres.py`'s news furniture (a dateline with agency, city, date and reporters, official
titles before the people quoted, a closing and an editor's line, full-width digits in half of
them). When the text runs out, further rounds take the same sentences with
`corpus.py`'s word substitution (every word replaced by one of the same length and about the
same frequency), so reports share the furniture and common words, never whole sentences.
Deterministic: the same input gives the same files (bench/out/corpora/news-zh-DOCS-sSEED).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import corpus
import genres

_CJK = re.compile(r"[\u4e00-\u9fff]")


def sentences_of(raw: list[Path]) -> list[str]:
    """Every distinct sentence (12+ characters) of the mostly Chinese articles, in file order."""
    seen: set[str] = set()
    out: list[str] = []
    for path in raw:
        for line in path.read_text(encoding="utf-8").splitlines():
            article = line.partition("\t")[2] or line
            if len(_CJK.findall(article)) < len(article) // 2:
                continue
            article = re.sub(r"^.{0,40}?\d{1,2}月\d{1,2}日电\s*(（[^）]{0,30}）)?", "", article)
            for sentence in re.split(r"(?<=[。！？])", article.strip()):
                key = re.sub(r"\W", "", sentence)
                if len(key) >= 12 and key not in seen:
                    seen.add(key)
                    out.append(sentence)
    return out


def source_of(sentences: list[str]) -> corpus.Source:
    """corpus.py's Source over these sentences (for its word substitution rounds)."""
    tokens = [corpus._tokens(s, "zh") for s in sentences]
    counts = Counter(t for s in tokens for t in s if corpus._is_word(t, "zh"))
    by_length: dict[int, list[str]] = {}
    for word, _ in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        by_length.setdefault(len(word), []).append(word)
    buckets = [words[i:i + corpus.BUCKET] for _, words in sorted(by_length.items())
               for i in range(0, len(words), corpus.BUCKET)]
    return corpus.Source("zh", tokens, [len(s) for s in sentences], buckets, [])


def build(raw: list[Path], docs: int = 1000, chars: int = 1800, seed: int = 1) -> list[str]:
    """`docs` reports of about `chars` characters each."""
    source = source_of(sentences_of(raw))
    rng = random.Random(f"news/{seed}")
    reports: list[str] = []
    rnd, at, n = 0, 0, len(source.sentences)
    sub = corpus.substitution(source, 0, seed)
    body_chars = chars - 110  # what the furniture adds, about
    while len(reports) < docs:
        body, size = [], 0
        while size < body_chars:
            if at == n:
                rnd, at = rnd + 1, 0
                sub = corpus.substitution(source, rnd, seed)
            sentence = corpus.render(source.sentences[at], sub, "zh")
            at += 1
            body.append(sentence)
            size += len(sentence)
        text = genres._dress("".join(body), rng)
        if rng.random() < 0.5:
            text = text.translate(genres.FULL_WIDTH)
        reports.append(text + "\n")
    return reports


def cached(raw: list[Path], docs: int = 1000, chars: int = 1800, seed: int = 1) -> Path:
    """The folder of these reports under bench/out/corpora, written on first use."""
    out = corpus.OUT / f"news-zh-{docs}-c{chars}-s{seed}" / "docs"
    if not out.is_dir():
        texts = build(raw, docs, chars, seed)
        out.mkdir(parents=True)
        for i, text in enumerate(texts):
            (out / f"news-{i:05d}.txt").write_text(text, encoding="utf-8")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("raw", type=Path, nargs="+")
    parser.add_argument("--docs", type=int, default=1000)
    parser.add_argument("--chars", type=int, default=1800)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    out = cached(args.raw, args.docs, args.chars, args.seed)
    sizes = [len(p.read_text(encoding="utf-8")) for p in sorted(out.iterdir())]
    print(f"{out}: {len(sizes)} reports, {min(sizes)}-{max(sizes)} characters "
          f"(mean {sum(sizes) / len(sizes):.0f})")


if __name__ == "__main__":
    main()
