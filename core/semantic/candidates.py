"""Which document pairs get sentence alignment: documents with a passage about the same things.

Each document is cut into passages of CHUNK consecutive sentences (minor sentences left out
when it has others); a passage's vector is the mean of its sentences' vectors less the mean
passage of its language (the model puts every Chinese text a little closer to every other
Chinese text), at unit length. Two documents are as close as their closest passages. Each
document keeps its PARTNERS closest documents of its own language and of each other language,
when they are at least FLOOR close; sentences are aligned only inside those pairs, never
between all sentences of all documents (up to ALL_PAIRS_UP_TO documents, every pair is aligned:
it costs less than choosing). A translated or paraphrased passage of CHUNK or more
sentences shares at least one nearly whole passage with its source, which stands out where a
document mean would drown in the rest of the essay (measured on bench/semantic.py: the mean
put the partner of a third-translated essay at rank 9 of 40).

With many passages the vectors are projected on their first DIMS principal axes first, which
keeps the ranking of close passages and makes the passage-by-passage products 4x cheaper.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from core.semantic.embed import SemanticProfile, as_float32

CHUNK = 5  # sentences per passage
PARTNERS = 8  # closest documents kept per document and language
FLOOR = 0.25  # closeness below which a pair is not aligned at all
DIMS = 128  # principal axes kept when there are more than PROJECT_FROM passages
PROJECT_FROM = 4000
CENTER_FROM = 10  # documents of a language needed before its mean passage means anything
ALL_PAIRS_UP_TO = 2 * PARTNERS  # documents: so few that every pair is aligned
_BLOCK_ROWS = 512  # passages compared with all others at once (a block of products: 25 MB at 12,000 passages)


def passages(profile: SemanticProfile) -> np.ndarray:
    """A document's passage vectors (the mean of CHUNK consecutive sentences, minor ones left
    out when it has others), not yet centered nor of unit length; (0, DIM) without sentences."""
    if not len(profile):
        return np.zeros((0, profile.vectors.shape[1]), dtype=np.float32)
    major = ~profile.sentences.minor
    rows = as_float32(profile.vectors[major] if major.sum() >= 2 else profile.vectors)
    count = max(1, round(len(rows) / CHUNK))
    return np.array([part.mean(axis=0) for part in np.array_split(rows, count)], dtype=np.float32)


def passage_vectors(profiles: Sequence[SemanticProfile]) -> tuple[np.ndarray, np.ndarray]:
    """Centered unit passage vectors and the document each belongs to."""
    vectors, owners, langs = [], [], []
    for n, p in enumerate(profiles):
        for row in passages(p):
            vectors.append(row)
            owners.append(n)
            langs.append(p.lang)
    if not vectors:
        return np.zeros((0, 1), dtype=np.float32), np.zeros(0, dtype=np.int64)
    out = np.array(vectors, dtype=np.float32)
    langs_a = np.array(langs)
    owners_a = np.array(owners)
    for lang in np.unique(langs_a):
        members = langs_a == lang
        if len(np.unique(owners_a[members])) >= CENTER_FROM:
            out[members] -= out[members].mean(axis=0)
    if len(out) > PROJECT_FROM:
        _, _, axes = np.linalg.svd(out[:: max(1, len(out) // PROJECT_FROM)], full_matrices=False)
        out = out @ axes[:DIMS].T
    out /= np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-12)
    return out, np.array(owners, dtype=np.int64)


def closeness(profiles: Sequence[SemanticProfile]) -> np.ndarray:
    """Documents x documents: the cosine of their closest passages (-1 on the diagonal and for
    documents without sentences)."""
    n = len(profiles)
    close = np.full((n, n), -1.0, dtype=np.float32)
    vectors, owners = passage_vectors(profiles)
    if not len(owners):
        return close
    docs, col_starts = np.unique(owners, return_index=True)
    lo = 0
    while lo < len(owners):
        # whole documents per block, so each row document is reduced completely
        hi = min(len(owners), lo + _BLOCK_ROWS)
        while hi < len(owners) and owners[hi] == owners[hi - 1]:
            hi += 1
        sims = vectors[lo:hi] @ vectors.T
        by_doc = np.maximum.reduceat(sims, col_starts, axis=1)  # rows x documents
        row_docs, row_starts = np.unique(owners[lo:hi], return_index=True)
        best = np.maximum.reduceat(by_doc, row_starts, axis=0)  # row documents x documents
        close[np.ix_(row_docs, docs)] = best
        lo = hi
    np.fill_diagonal(close, -1.0)
    return close


def candidate_pairs(profiles: Sequence[SemanticProfile], partners: int = PARTNERS,
                    floor: float = FLOOR) -> list[tuple[int, int]]:
    """Pairs (i < j) worth aligning: each document with its closest documents per language."""
    n = len(profiles)
    if n <= ALL_PAIRS_UP_TO:
        return [(i, j) for i in range(n) for j in range(i + 1, n) if len(profiles[i]) and len(profiles[j])]
    close = closeness(profiles)
    langs = np.array([p.lang for p in profiles])
    pairs: set[tuple[int, int]] = set()
    for lang in np.unique(langs):
        cols = np.flatnonzero(langs == lang)
        sub = close[:, cols]
        keep = min(partners, len(cols))
        top = np.argpartition(-sub, keep - 1, axis=1)[:, :keep] if keep < len(cols) else \
            np.broadcast_to(np.arange(len(cols)), (n, len(cols)))
        rows = np.repeat(np.arange(n), top.shape[1])
        picked = cols[top.ravel()]
        ok = close[rows, picked] >= floor
        for i, j in zip(rows[ok].tolist(), picked[ok].tolist()):
            pairs.add((min(i, j), max(i, j)))
    return sorted(pairs)
