"""Which document pairs get sentence alignment: nearest documents by document vector.

A document's vector is the mean of its sentences' vectors (minor sentences left out when it has
others), less the mean of its language's documents (the model puts every Chinese text a
little closer to every other Chinese text), unit length. Each document keeps its PARTNERS
nearest documents of its own language and of each other language; sentence work is done only
inside those pairs, never between all sentences of all documents.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from core.semantic.embed import SemanticProfile

PARTNERS = 8  # nearest documents per document and language
_BLOCK = 1024  # rows of the document similarity matrix computed at once


def document_vectors(profiles: Sequence[SemanticProfile]) -> np.ndarray:
    """One centered unit vector per document (zeros for a document without sentences)."""
    dim = profiles[0].vectors.shape[1] if profiles else 0
    out = np.zeros((len(profiles), dim), dtype=np.float32)
    for n, p in enumerate(profiles):
        if not len(p):
            continue
        major = ~p.sentences.minor
        rows = p.vectors[major] if major.any() else p.vectors
        out[n] = rows.mean(axis=0)
    langs = np.array([p.lang for p in profiles])
    for lang in np.unique(langs):
        members = (langs == lang) & np.any(out != 0, axis=1)
        if members.sum() >= 3:
            out[members] -= out[members].mean(axis=0)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return out / np.maximum(norms, 1e-12)


def candidate_pairs(profiles: Sequence[SemanticProfile], partners: int = PARTNERS) -> list[tuple[int, int]]:
    """Pairs (i < j) worth aligning: each document with its nearest documents per language."""
    n = len(profiles)
    if n < 2:
        return []
    vectors = document_vectors(profiles)
    langs = np.array([p.lang for p in profiles])
    empty = np.array([not len(p) for p in profiles])
    pairs: set[tuple[int, int]] = set()
    for lang in np.unique(langs):
        cols = np.flatnonzero((langs == lang) & ~empty)
        if not len(cols):
            continue
        keep = min(partners, len(cols))
        for lo in range(0, n, _BLOCK):
            rows = np.arange(lo, min(n, lo + _BLOCK))
            sims = vectors[rows] @ vectors[cols].T
            sims[rows[:, None] == cols[None, :]] = -np.inf  # never a document with itself
            if keep < len(cols):
                top = np.argpartition(-sims, keep - 1, axis=1)[:, :keep]
            else:
                top = np.broadcast_to(np.arange(len(cols)), (len(rows), len(cols)))
            for r, row_top in zip(rows.tolist(), top.tolist()):
                if empty[r]:
                    continue
                for c in row_top:
                    j = int(cols[c])
                    if j != r:
                        pairs.add((min(r, j), max(r, j)))
    return sorted(pairs)
