"""The semantic layer as a candidate source with a scorer of its own: translations and
paraphrases that share no k-gram, added to a check's pairs without touching their verbatim
figures."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import replace

from core.engine import vocabulary
from core.models import Document, PairResult, Progress, SemanticMatch
from core.rules import hamming
from core.semantic import model
from core.semantic.align import align
from core.semantic.candidates import candidate_pairs
from core.semantic.embed import semantic_profiles

_STEP = 256  # pairs between two progress reports


def find(
    documents: Sequence[Document], cache=None
) -> Generator[Progress, None, dict[tuple[int, int], SemanticMatch]]:
    """Semantic findings by pair (i < j, indexes into `documents`)."""
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


def merge(pairs: Sequence[PairResult], found: dict[tuple[int, int], SemanticMatch],
          profiles: Sequence) -> list[PairResult]:
    """The pairs with their semantic findings; pairs found only this way are added, with their
    verbatim figures as the verbatim engine sees them (no passage), ranked after the others."""
    out = []
    seen = set()
    for pair in pairs:
        key = (pair.left, pair.right)
        seen.add(key)
        match = found.get(key)
        out.append(replace(pair, semantic=match) if match is not None else pair)
    extra = []
    for (i, j), match in found.items():
        if (i, j) in seen:
            continue
        a, b = profiles[i], profiles[j]
        words = vocabulary.overlap(a.vocab, a.vocab_idf, b.vocab, b.vocab_idf)
        extra.append(PairResult(
            left=i, right=j, hamming=hamming(a.simhash, b.simhash),
            similarity=vocabulary.WEIGHT * words, left_coverage=0.0, right_coverage=0.0,
            longest=0, matches=(), semantic=match))
    extra.sort(key=lambda r: (-r.semantic.share, r.left, r.right))
    return out + extra
