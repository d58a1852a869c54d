"""The semantic layer's search: translations and paraphrases that share no k-gram, found in a
check's documents (core/matching/sources/semantic.py proposes them as candidate pairs; the
scoring step sets each finding as PairResult.semantic without touching the verbatim figures)."""

from __future__ import annotations

from collections.abc import Generator, Sequence

from core.models import Document, Progress, SemanticMatch
from core.semantic import model
from core.semantic.align import align
from core.semantic.candidates import candidate_pairs
from core.semantic.embed import semantic_profiles

_STEP = 256  # pairs between two progress reports


def find(
    documents: Sequence[Document], cache=None
) -> Generator[Progress, None, dict[tuple[int, int], SemanticMatch]]:
    """Semantic findings by pair (i < j, indexes into `documents`: anything with the `text` and
    `key` of a Document)."""
    with model.single_thread():
        profiles = yield from semantic_profiles(documents, cache)
        todo = candidate_pairs(profiles)
        found: dict[tuple[int, int], SemanticMatch] = {}
        for done, (i, j) in enumerate(todo):
            if done % _STEP == 0:
                yield Progress("aligning", done, len(todo))
            match = align(documents[i].text, profiles[i], documents[j].text, profiles[j])
            if match is not None:
                found[(i, j)] = match
        yield Progress("aligning", len(todo), len(todo))
    return found
