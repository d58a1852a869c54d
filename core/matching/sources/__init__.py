"""Candidate sources: the parts that propose which document pairs are worth scoring.

The interface (everything a new source needs; the archive and the semantic layer add theirs
as new modules here, not as branches in `compare`; `semantic.py` is the semantic layer's):

    class CandidateSource(Protocol):
        name: str
        def propose(self, corpus: Corpus, so_far: Candidates) -> Generator[Progress, None, Candidates]

- `corpus` holds the profiles of the documents being checked (indexes 0..n-1 in the order of
  the check), their `Document.key`s and texts, the options, the template's k-grams and the
  document frequency cap, and `corpus.evidence`, a dict where a source may leave what it found for the
  scoring step (the known keys are `SEEDS`, `SHARES` and `SEMANTIC`, below; scoring works
  without them).
- `so_far` is the union of what the sources before it proposed (a source may refine those
  pairs, as the vocabulary source does for large checks).
- It returns `Candidates`: pair keys (left * n + right, left < right), each with `score`
  (worth running the scoring step on) and `listed` (report the pair even when scoring finds no
  passage: a near-duplicate, a possible paraphrase, an archive hit...).

The sources' results are merged (`Candidates.merge`: a pair is scored / listed when any source
says so) and `core.matching.scoring.score_pair` turns each scored pair into a PairResult.
A source with `per_pair = True` says that what it finds for a pair depends only on the pair's
two documents and on document frequencies (which it counts with `corpus.weights`): when every
source says so, identical documents are compared once (core/matching/copies.py).
A source with `after_scoring = True` (the semantic layer's) runs once the others' pairs are
scored, reading them (`SCORED`) and the check's shared text (`SHARED`) from the evidence.
"""

from __future__ import annotations

from core.matching.sources.base import (  # noqa: F401 (the package's names)
    COMMON,
    SCORED,
    SEEDS,
    SEMANTIC,
    SHARED,
    SHARES,
    Candidates,
    CandidateSource,
    Corpus,
    Seeds,
)
from core.matching.sources.fingerprints import FingerprintSource
from core.matching.sources.simhash import SimhashSource
from core.matching.sources.vocabulary import VocabularySource
from core.options import CheckOptions


def default_sources(options: CheckOptions | None = None, cache=None) -> tuple[CandidateSource, ...]:
    """The sources of an ordinary check, in the order they run: the semantic layer's last,
    when `options` ask for it and its model is installed (it keeps its sentence vectors in
    `cache`, the check's ProfileCache)."""
    sources: tuple[CandidateSource, ...] = (FingerprintSource(), SimhashSource(), VocabularySource())
    if options is not None and options.semantic:
        from core.semantic.model import available

        if available():
            from core.matching.sources.semantic import SemanticSource

            sources += (SemanticSource(cache),)
    return sources
