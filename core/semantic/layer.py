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
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field

from core.models import Document, Progress, SemanticMatch
from core.semantic import embed, model
from core.semantic.align import align
from core.semantic.candidates import candidate_pairs
from core.semantic.embed import semantic_profiles

_STEP = 256  # pairs between two progress reports


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
        for done, (i, j) in enumerate(todo):
            if done % _STEP == 0:
                yield Progress("aligning", done, len(todo))
            match = align(documents[i].text, profiles[i], documents[j].text, profiles[j],
                          passages.get((i, j), ((), ())))
            if match is not None:
                found[(i, j)] = match
        yield Progress("aligning", len(todo), len(todo))
    return Findings(found, tuple(i for i, p in enumerate(profiles) if p.cut), embed.BUDGET)
