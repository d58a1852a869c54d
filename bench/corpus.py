"""Deterministic benchmark corpora of essays with planted copied passages (zh and en).

    python bench/corpus.py --lang zh --docs 1000 [--seed 0] [--out DIR]

Documents are 2,000-4,000 characters of whole sentences cut from real text: the Lu Xun
works in ../shared/corpora/luxun (zh) or the documentation topics shipped with CPython (en),
cleaned as ../shared/eval/make_benchmark.py cleans them. One pass over the text ("round 0")
gives distinct, non-overlapping windows of the real text. Lu Xun has ~740k characters, room
for ~250 such essays, so larger corpora take further rounds over the same text, each with its
own word substitution: every word is replaced by another real word of the same length and
about the same corpus frequency (a fixed permutation per round within buckets of 16 words of
adjacent frequency rank), and digits are permuted. Passages the texts repeat (pydoc topics
share sections) are kept once. The text keeps its words, punctuation, sentence and paragraph
shapes, but unrelated documents share no long runs, as in a real class, instead of the
genuine duplicates that overlapping or re-used windows would create.

A tenth of the documents (`copy_share`) then get one or two passages (zh 150-600 characters,
en 40-150 words, whole sentences) copied from other, uncopied documents, each verbatim,
lightly edited (5% of units), heavily edited (20%) or with sentences shuffled, using
make_benchmark.py's editing. `truth.json` lists every planted pair with its offsets.
The character bounds hold for every document after substitution and planting (a host gives
up its last sentences for a long passage; a passage over 2,000 characters is drawn again).
The same arguments give byte-identical files.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# ../shared beside the checkout (a worktree may sit deeper: the nearest one up the tree)
SHARED = next((p / "shared" for p in ROOT.parents if (p / "shared" / "eval").is_dir()),
              ROOT.parent / "shared")
OUT = ROOT / "bench" / "out" / "corpora"
VERSION = 5  # bump when the generated text changes, so cached corpora are rebuilt

DOC_CHARS = (2000, 4000)
BUCKET = 16  # words of adjacent frequency rank that a round permutes among themselves
OBFUSCATIONS = ("none", "light", "heavy", "shuffle")
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_WORD = re.compile(f"[{_CJK}]+")
_EN_TOKEN = re.compile(r"([A-Za-z]+)")
_SENTENCE_END = {"zh": re.compile(r"[。！？!?…]+[”’」』）)》]*\s*|\n\s*\n\s*"),
                 "en": re.compile(r"[.!?]+[)\"'\]]*\s+|\n\s*\n\s*")}


@lru_cache(maxsize=1)
def make_benchmark(shared: Path = SHARED):
    """The shared benchmark builder, imported for its text cleaning and editing functions."""
    path = shared / "eval" / "make_benchmark.py"
    spec = importlib.util.spec_from_file_location("make_benchmark", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass
class Corpus:
    """Generated documents (name -> text) and the planted cases."""

    lang: str
    seed: int
    names: list[str]
    texts: list[str]
    cases: list[dict] = field(default_factory=list)
    origins: list[str] = field(default_factory=list)

    def planted_pairs(self) -> set[tuple[int, int]]:
        """Document index pairs (low, high) that share a planted passage."""
        index = {n: i for i, n in enumerate(self.names)}
        return {tuple(sorted((index[c["copier"]], index[c["source"]]))) for c in self.cases}


def split_sentences(text: str, lang: str) -> list[str]:
    """The text cut after each sentence end, trailing white space kept: they join back to it."""
    out, start = [], 0
    for m in _SENTENCE_END[lang].finditer(text):
        if m.end() > start:
            out.append(text[start:m.end()])
            start = m.end()
    if start < len(text):
        out.append(text[start:])
    return out


def _tokens(sentence: str, lang: str) -> list[str]:
    """Tokens that join back to the sentence; words are the ones a round may substitute."""
    if lang == "zh":
        import jieba

        return jieba.lcut(sentence, HMM=False)
    return [t for t in _EN_TOKEN.split(sentence) if t]


def _is_word(token: str, lang: str) -> bool:
    if lang == "zh":
        return _CJK_WORD.fullmatch(token) is not None
    return token.isascii() and token.isalpha()


@dataclass
class Source:
    """The real text as a stream of tokenized sentences, and the substitution classes."""

    lang: str
    sentences: list[list[str]]
    lengths: list[int]
    buckets: list[list[str]]  # words of one length and adjacent frequency rank
    units: list[str]  # every unit of the text, for make_benchmark's edits


@lru_cache(maxsize=2)
def load_source(lang: str, shared: Path = SHARED) -> Source:
    """Tokenized sentences of every usable text, in name order (about 4 s for zh: jieba)."""
    mb = make_benchmark(shared)
    texts = mb.load_texts(lang, None)
    if lang == "zh":
        import logging

        import jieba

        jieba.setLogLevel(logging.WARNING)
    sentences: list[list[str]] = []
    # The texts repeat some passages (pydoc topics share sections and code examples): a
    # sentence is kept only if, read after the text kept so far, it adds no run of
    # make_benchmark's SHARED_RUN units that occurred before.
    width = mb.SHARED_RUN[lang]
    seen: set[tuple[str, ...]] = set()
    tail: list[str] = []
    for name in sorted(texts):
        text = texts[name]
        if len(text) < 200:
            continue
        for piece in split_sentences(text.strip() + "\n\n", lang):
            units = [u.lower() for u in mb.UNIT[lang].findall(piece)]
            stream = tail + units
            runs = {tuple(stream[i:i + width])
                    for i in range(max(0, len(tail) - width + 1), len(stream) - width + 1)}
            if runs & seen:
                continue
            seen |= runs
            tail = stream[-(width - 1):]
            sentences.append(_tokens(piece, lang))
    counts: Counter[str] = Counter(
        (t if lang == "zh" else t.lower()) for s in sentences for t in s if _is_word(t, lang))
    by_length: dict[int, list[str]] = {}
    for word, _ in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        by_length.setdefault(len(word) if lang == "zh" else min(len(word), 8), []).append(word)
    buckets = [words[i:i + BUCKET] for _, words in sorted(by_length.items())
               for i in range(0, len(words), BUCKET)]
    units = [u for name in sorted(texts) for u in mb.UNIT[lang].findall(texts[name])]
    return Source(lang, sentences, [sum(map(len, s)) for s in sentences], buckets, units)


@dataclass(frozen=True)
class Substitution:
    """One round's word -> word map and digit permutation (round 0: none, the real text)."""

    words: dict[str, str]
    digits: dict[int, int]


def substitution(source: Source, rnd: int, seed: int) -> Substitution:
    """Round `rnd`'s substitution: words permuted within their buckets, digits permuted."""
    if rnd == 0:
        return Substitution({}, {})
    rng = random.Random(f"{source.lang}/{seed}/round/{rnd}")
    mapping = {}
    for bucket in source.buckets:
        shuffled = bucket[:]
        rng.shuffle(shuffled)
        mapping.update(zip(bucket, shuffled))
    digits = list("0123456789")
    rng.shuffle(digits)
    return Substitution(mapping, str.maketrans("0123456789", "".join(digits)))


def _recase(word: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return word.upper()
    if like[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def render(tokens: list[str], sub: Substitution, lang: str) -> str:
    """A tokenized sentence with the round's substitution applied."""
    if not sub.words:
        return "".join(tokens)
    words = sub.words
    if lang == "zh":
        text = "".join(words.get(t, t) for t in tokens)
    else:
        text = "".join(_recase(words[t.lower()], t) if t.lower() in words else t for t in tokens)
    return text.translate(sub.digits)


def host_windows(source: Source, count: int, seed: int, room: list[int], rendered) -> list:
    """`count` windows (round, first sentence, last sentence + 1) of whole sentences, no two
    of a round overlapping; window i, as the document text it becomes (`rendered(round, s)`
    is sentence s after the round's substitution, which can change word lengths), holds
    DOC_CHARS[0] (less a quarter of what room[i] leaves for planted passages) to room[i]
    characters."""
    rng = random.Random(f"{source.lang}/{seed}/windows")
    n = len(source.sentences)
    windows, rnd, i = [], 0, 0
    while len(windows) < count:
        limit = room[len(windows)]
        target = rng.randint(min(DOC_CHARS[0], limit), limit)
        j, size = i, 0
        while j < n and size < target:
            length = len(rendered(rnd, j))
            if size + length > limit and size >= DOC_CHARS[0] // 2:
                break
            size += length
            j += 1
        if j >= n:  # the text is used up: next round, from a different starting point
            rnd += 1
            i = rng.randrange(min(200, n))
            continue
        chars = len(document_text(rendered(rnd, s) for s in range(i, j)))
        if DOC_CHARS[0] - (DOC_CHARS[1] - limit) // 4 <= chars <= limit:
            windows.append((rnd, i, j))
        i = j
    return windows


def document_text(pieces) -> str:
    """A document's text from its pieces (sentences and planted passages)."""
    return "".join(pieces).strip() + "\n"


def build(lang: str, docs: int, seed: int = 0, copy_share: float = 0.1,
          shared: Path = SHARED) -> Corpus:
    """Generate the corpus in memory (deterministic in its arguments)."""
    source = load_source(lang, shared)
    mb = make_benchmark(shared)
    rng = random.Random(f"{lang}/{seed}/plan")
    copiers = sorted(rng.sample(range(docs), round(docs * copy_share))) if docs > 1 else []
    copier_set = set(copiers)
    # passages sizes are known only once the source text is; reserve room for the longest
    counts = {c: 1 if rng.random() < 0.7 else 2 for c in copiers}
    reserve = {"zh": 650, "en": 1200}[lang]
    room = [DOC_CHARS[1] - reserve * counts.get(i, 0) for i in range(docs)]
    maps: dict[int, Substitution] = {}

    @cache
    def rendered(rnd: int, s: int) -> str:
        if rnd not in maps:
            maps[rnd] = substitution(source, rnd, seed)
        return render(source.sentences[s], maps[rnd], lang)

    windows = host_windows(source, docs, seed, room, rendered)
    hosts = [[rendered(rnd, s) for s in range(i, j)] for rnd, i, j in windows]
    origins = [f"round {rnd} sentences [{i}:{j}]" for rnd, i, j in windows]
    names = [f"{lang}-{i:05d}.txt" for i in range(docs)]
    texts = [document_text(h) for h in hosts]
    cases = []
    sources = [i for i in range(docs) if i not in copier_set]
    for n_case, c in enumerate(copiers):
        inserts = []
        for src in rng.sample(sources, counts[c] + 5):  # spares, should a source yield none
            if len(inserts) == counts[c]:
                break
            obf = OBFUSCATIONS[(n_case + len(inserts)) % len(OBFUSCATIONS)]
            text = texts[src]
            for _ in range(20):  # make_benchmark bounds a passage in words: code runs long
                spans = mb.pick_passage(text, lang, rng, [], 2 if obf == "shuffle" else 1)
                if not spans:
                    break
                passage = mb.obfuscate(text, spans, obf, lang, source.units, rng)
                if len(passage) <= DOC_CHARS[1] // 2:
                    inserts.append((src, spans, obf, passage))
                    break
        host = hosts[c]
        sep = "\n\n" if lang == "zh" else " "
        # a passage can be longer than the room reserved for it: the host gives up its last
        # sentences so that the document stays within DOC_CHARS
        while len(host) > 1 and len(document_text(host + [p + sep for *_, p in inserts])) > DOC_CHARS[1]:
            host = host[:-1]
        if len(host) < len(hosts[c]):
            rnd, i, _ = windows[c]
            origins[c] = f"round {rnd} sentences [{i}:{i + len(host)}]"
        points = sorted(rng.sample(range(len(host) + 1), len(inserts)))
        pieces, prev = [], 0
        placed = []
        for point, (src, spans, obf, passage) in zip(points, inserts):
            pieces.append("".join(host[prev:point]))
            offset = sum(map(len, pieces))
            pieces.append(passage + sep)
            placed.append((offset, src, spans, obf, passage))
            prev = point
        pieces.append("".join(host[prev:]))
        body = "".join(pieces)
        lead = len(body) - len(body.lstrip())
        texts[c] = document_text([body])
        for offset, src, spans, obf, passage in placed:
            start = offset - lead
            if start < 0 or texts[c][start:start + len(passage)] != passage:
                raise AssertionError(f"bench/corpus.py: BUG: planted passage misplaced in {names[c]}")
            cases.append({"copier": names[c], "source": names[src], "obfuscation": obf,
                          "this_offset": start, "this_length": len(passage),
                          "source_offset": spans[0][0],
                          "source_length": spans[-1][1] - spans[0][0]})
    return Corpus(lang, seed, names, texts, cases, origins)


def write(corpus: Corpus, out: Path) -> Path:
    """Write docs/*.txt and truth.json under `out`; returns the docs folder."""
    docs = out / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    for name, text in zip(corpus.names, corpus.texts):
        (docs / name).write_bytes(text.encode("utf-8"))
    truth = {"version": VERSION, "lang": corpus.lang, "seed": corpus.seed,
             "documents": {n: {"chars": len(t), "origin": o}
                           for n, t, o in zip(corpus.names, corpus.texts, corpus.origins)},
             "cases": corpus.cases}
    (out / "truth.json").write_text(json.dumps(truth, ensure_ascii=False, indent=0),
                                    encoding="utf-8")
    return docs


def read(out: Path) -> Corpus:
    """A corpus written by `write`."""
    truth = json.loads((out / "truth.json").read_text(encoding="utf-8"))
    names = sorted(truth["documents"])
    texts = [(out / "docs" / n).read_bytes().decode("utf-8") for n in names]
    return Corpus(truth["lang"], truth["seed"], names, texts, truth["cases"],
                  [truth["documents"][n]["origin"] for n in names])


def cached(lang: str, docs: int, seed: int = 0, root: Path = OUT, shared: Path = SHARED) -> Path:
    """The folder of this corpus under bench/out/corpora, generated on first use."""
    out = root / f"{lang}-{docs}-s{seed}-v{VERSION}"
    if not (out / "truth.json").exists():
        write(build(lang, docs, seed, shared=shared), out)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lang", choices=("zh", "en"), required=True)
    parser.add_argument("--docs", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="default: bench/out/corpora/LANG-DOCS-sSEED-vN")
    parser.add_argument("--shared", type=Path, default=SHARED)
    args = parser.parse_args()
    if args.out:
        write(build(args.lang, args.docs, args.seed, shared=args.shared), args.out)
        out = args.out
    else:
        out = cached(args.lang, args.docs, args.seed, shared=args.shared)
    corpus = read(out)
    chars = [len(t) for t in corpus.texts]
    print(f"{out}: {len(chars)} documents, {min(chars)}-{max(chars)} characters "
          f"(mean {sum(chars) / len(chars):.0f}), {len(corpus.cases)} planted passages in "
          f"{len(corpus.planted_pairs())} pairs")


if __name__ == "__main__":
    sys.exit(main())
