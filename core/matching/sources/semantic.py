"""Candidate source: translations and paraphrases, found by meaning (core/semantic).

Each document's sentences are embedded once (cached beside its fingerprints under its
Document.key); passage vectors pick the document pairs worth aligning (each document's closest
of each language, never all pairs of sentences); sentences are aligned only inside those
pairs. A pair with a finding (a run of aligned sentences) is proposed to be scored and listed;
the finding itself waits in `corpus.evidence[SEMANTIC]` for the scoring step, which sets it as
`PairResult.semantic`, apart from the verbatim figures (which it never changes).

Used only when the options ask for the layer and its model is installed
(`default_sources(options, cache)`; nothing of core/semantic is imported otherwise), and only
when the check gives the documents' texts (`compare(..., texts=...)`, as the pipeline does).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from core.matching.sources import SEMANTIC, Candidates, Corpus
from core.models import Progress, text_key


@dataclass(frozen=True, slots=True)
class _Text:
    """What the layer needs of a document: its text and its identity (for the cache)."""

    text: str
    key: str


class SemanticSource:
    """Pairs with a semantic finding: scored and listed, the finding left in the evidence."""

    name = "semantic"

    def __init__(self, cache=None):
        self.cache = cache  # the check's ProfileCache: sentence vectors computed once

    def propose(self, corpus: Corpus, so_far: Candidates) -> Generator[Progress, None, Candidates]:
        from core.semantic import layer

        if len(corpus.texts) != corpus.n or corpus.n < 2:  # compare() called without texts
            return Candidates.empty()
        keys = corpus.keys if len(corpus.keys) == corpus.n else ("",) * corpus.n
        documents = [_Text(t, k or text_key(t)) for t, k in zip(corpus.texts, keys)]
        found = yield from layer.find(documents, self.cache)
        n = corpus.n
        evidence = {i * n + j: match for (i, j), match in found.items()}
        corpus.evidence[SEMANTIC] = evidence
        return Candidates.of(sorted(evidence), score=True, listed=True)
