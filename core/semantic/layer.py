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

A check's findings are kept for a re-check of the same class (core/semantic/findings.py).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Generator, Sequence
from dataclasses import replace

from core.models import Document, Progress, SemanticMatch
from core.semantic import embed, model
from core.semantic.align import align
from core.semantic.candidates import candidate_pairs
from core.semantic.embed import SemanticProfile, as_float32, semantic_profiles
from core.semantic.findings import Findings

_STEP = 256  # pairs between two progress reports
FLOAT32_ROWS = 1 << 15  # sentences whose vectors are kept in float32 while aligning (64 MB)


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
