"""Candidate source: translations and paraphrases, found by meaning (core/semantic).

It runs after the verbatim engine has scored its pairs (`after_scoring`): the layer is told
what to leave out of each document (`excluded_spans`: the text most documents share, the
template's text, quotations and reference lists), so it never encodes nor reports those
sentences, and what the verbatim engine matched (`verbatim_spans`): text several documents
hold is compared in one of them, and a pair's own passages are never its meaning finding. A pair with a finding is proposed
to be listed; the finding waits in `corpus.evidence[SEMANTIC]` and becomes
`PairResult.semantic`, apart from the verbatim figures (which it never changes).

Used only when the options ask for the layer and its model is installed
(`default_sources(options, cache)`; nothing of core/semantic is imported otherwise), and only
when the check gives the documents' texts (`compare(..., texts=...)`, as the pipeline does).
When the model's files cannot be used (a tampered or broken install), the check goes on
without the layer and `notes` says why.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

import numpy as np

from core.academic.attribution import find_headings, find_quotations, find_references
from core.engine.hashing import kgram_hashes
from core.matching.sources.base import SCORED, SEMANTIC, SHARED, Candidates, Corpus
from core.models import Layout, PairResult, Progress, SharedText, text_key


@dataclass(frozen=True, slots=True)
class _Text:
    """What the layer needs of a document: its text and its identity (for the cache)."""

    text: str
    key: str


@dataclass(frozen=True, slots=True)
class Note:
    """What the layer could not do: `code` (a core.messages code), for document `document`
    (an index, or -1 for the whole check), with `values` for the message."""

    code: str
    document: int = -1
    values: tuple[tuple[str, object], ...] = ()


def template_spans(corpus: Corpus, i: int) -> list[tuple[int, int]]:
    """The spans of document i that lie in k-grams of the template."""
    if not len(corpus.ignored):
        return []

    p = corpus.profiles[i]
    k = p.params.k
    if len(p.units) < k:
        return []
    hits = np.flatnonzero(np.isin(kgram_hashes(p.units.hashes, k), corpus.ignored))
    starts, ends = p.units.starts, p.units.ends
    return [(int(starts[h]), int(ends[h + k - 1])) for h in hits.tolist()]


def verbatim_spans(n: int, scored: Sequence[PairResult]
                   ) -> tuple[list[list[tuple[int, int]]], dict[tuple[int, int], tuple]]:
    """What the verbatim engine matched, for the meaning layer: per document, the spans whose
    text a higher-ranked document holds too (the layer compares that text there only; ranked
    by the summed similarity of each document's pairs with a passage, so the holder closest
    to all others, likely the source, keeps it), and by pair, the spans of its passages on each side."""
    covered = [0.0] * n  # the sum of the similarities of the pairs with a passage: edits
    for pair in scored:  # lower a copy's figure with every other holder, not the source's
        if pair.matches:
            covered[pair.left] += pair.similarity
            covered[pair.right] += pair.similarity
    rank = {d: r for r, d in enumerate(sorted(range(n), key=lambda d: (-covered[d], d)))}
    represented: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    passages: dict[tuple[int, int], tuple] = {}
    for pair in scored:
        if not pair.matches:
            continue
        left = [(m.left.start, m.left.end) for m in pair.matches]
        right = [(m.right.start, m.right.end) for m in pair.matches]
        passages[(pair.left, pair.right)] = (left, right)
        if rank[pair.left] < rank[pair.right]:
            represented[pair.right] += right
        else:
            represented[pair.left] += left
    return represented, passages


def _inputs(corpus: Corpus, shared: Sequence[SharedText], represented, passages) -> list:
    """What the layer's findings are made from besides the texts and the code, as JSON-able
    values: what excluded_spans reads (the shared text, the template and the k-gram settings)
    and the verbatim passages."""
    return [[[list(item.documents), [[s.start, s.end] for s in item.spans]] for item in shared],
            corpus.ignored.tobytes().hex(), [repr(p.params) for p in corpus.profiles[:1]],
            [[[int(a), int(b)] for a, b in spans] for spans in represented],
            [[i, j, [[int(a), int(b)] for a, b in left], [[int(a), int(b)] for a, b in right]]
             for (i, j), (left, right) in sorted(passages.items())]]


def excluded_spans(corpus: Corpus, shared: Sequence[SharedText]) -> list[list[tuple[int, int]]]:
    """Per document, the spans the meaning layer never compares: the text most documents
    share, the template's, quotations and reference lists."""
    out: list[list[tuple[int, int]]] = [[] for _ in range(corpus.n)]
    for item in shared:
        for doc, span in zip(item.documents, item.spans):
            out[doc].append((span.start, span.end))
    for i, text in enumerate(corpus.texts):
        out[i] += template_spans(corpus, i)
        layout = Layout()
        out[i] += [(s, e) for s, e, _ in find_quotations(text, layout)]
        out[i] += find_references(text, tuple(find_headings(text, layout)))
    return out


class SemanticSource:
    """Pairs with a semantic finding: listed, the finding left in the evidence."""

    name = "semantic"
    after_scoring = True  # compare_class runs it once the other sources' pairs are scored

    def __init__(self, cache=None, store=None):
        self.cache = cache  # the check's ProfileCache (archived documents' stored vectors)
        self.store = store  # the sentence-vector store (None: the one in the user's data folder)
        self.notes: list[Note] = []

    def propose(self, corpus: Corpus, so_far: Candidates) -> Generator[Progress, None, Candidates]:
        from core.semantic import findings
        from core.semantic.model import SemanticUnavailable

        if len(corpus.texts) != corpus.n or corpus.n < 2:  # compare() called without texts
            return Candidates.empty()
        keys = corpus.keys if len(corpus.keys) == corpus.n else ("",) * corpus.n
        documents = [_Text(t, k or text_key(t)) for t, k in zip(corpus.texts, keys)]
        shared = corpus.evidence.get(SHARED, ())
        represented, passages = verbatim_spans(corpus.n, corpus.evidence.get(SCORED, ()))
        # a re-check of the same class: the findings made from the same inputs are read back
        key = findings.inputs_key(corpus.texts, _inputs(corpus, shared, represented, passages))
        found = findings.kept_findings(key, corpus.texts, self.store)
        if found is None:
            from core.semantic import layer  # the search itself, only when nothing is kept

            excluded = excluded_spans(corpus, shared)
            try:
                found = yield from layer.find(documents, self.cache, excluded, self.store,
                                              represented, passages)
            except SemanticUnavailable as e:
                self.notes.append(Note("semantic_unavailable", -1, (("reason", str(e)),
                                                                    ("path", e.path))))
                return Candidates.empty()
            findings.keep_findings(key, found, self.store)
        self.notes += [Note("semantic_budget", i, (("sentences", found.budget),))
                       for i in found.cut]
        n = corpus.n
        evidence = {i * n + j: match for (i, j), match in found.pairs.items()}
        corpus.evidence[SEMANTIC] = evidence
        return Candidates.of(sorted(evidence), score=True, listed=True)
