"""The text most of the class shares (likely the assignment): found once for all documents.

The k-grams in more than the cap of the documents are never evidence of copying between two
of them (index.shared_kgram_arrays leaves them out and hands them here). Their occurrences
make runs in each document; runs that share a k-gram are one shared text (a connected component
of the runs); a text held by more than the cap of the documents becomes one `SharedText` of the
Report, "in N of M documents", with its span in each. The cost grows with the common k-grams,
never with the number of pairs. Pairs reported anyway get a passage over it, marked
`Match.shared_by` (`mark`); it does not count in their figures.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import numpy as np

from core.components import component_members
from core.matching.sources import COMMON, Corpus
from core.models import Match, PairResult, SharedText, Span


def _runs(covered: np.ndarray, join: int) -> list[tuple[int, int]]:
    """Runs [lo, hi) of True units, runs at most `join` units apart made one."""
    edges = np.flatnonzero(np.diff(np.concatenate(([0], covered.view(np.int8), [0]))))
    out: list[tuple[int, int]] = []
    for lo, hi in zip(edges[0::2].tolist(), edges[1::2].tolist()):
        if out and lo - out[-1][1] <= join:
            out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return out


def shared_texts(corpus: Corpus) -> list[SharedText]:
    """The texts held by more than `corpus.cap` documents, most widely held first (needs the
    fingerprint source's COMMON evidence and the documents' texts)."""
    found = corpus.evidence.get(COMMON)
    if found is None or not len(found[0]) or not corpus.texts:
        return []
    hashes, docs, positions = found
    # the runs of common k-grams in each document, each at least t units long
    run_doc: list[int] = []
    run_span: list[tuple[int, int]] = []
    run_of = np.full(len(hashes), -1, dtype=np.int64)
    order = np.lexsort((positions, docs))
    bounds = np.flatnonzero(np.diff(np.concatenate(([-1], docs[order], [-1])))) if len(order) else []
    for lo, hi in itertools.pairwise(bounds):
        at = order[lo:hi]
        d = int(docs[at[0]])
        p = corpus.profiles[d]
        k, n = p.params.k, len(p.units)
        covered = np.zeros(n, dtype=bool)
        for s in positions[at].tolist():
            covered[s:s + k] = True
        for a0, a1 in _runs(covered, p.params.short_gap):
            if int(covered[a0:a1].sum()) < p.params.guarantee:
                continue
            inside = at[(positions[at] >= a0) & (positions[at] < a1)]
            run_of[inside] = len(run_doc)
            run_doc.append(d)
            run_span.append((a0, a1))
    if not run_doc:
        return []
    # runs sharing a k-gram hold the same text
    keep = run_of >= 0
    h, r = hashes[keep], run_of[keep]
    o = np.lexsort((r, h))
    h, r = h[o], r[o]
    same = np.flatnonzero((h[1:] == h[:-1]) & (r[1:] != r[:-1]))
    out = []
    for runs in component_members(len(run_doc), r[same], r[same + 1]):
        per_doc: dict[int, tuple[int, int]] = {}
        for run in runs:  # one span a document: from its first run to its last
            d, (a0, a1) = run_doc[run], run_span[run]
            lo, hi = per_doc.get(d, (a0, a1))
            per_doc[d] = (min(lo, a0), max(hi, a1))
        if len(per_doc) <= corpus.cap:
            continue
        documents = tuple(sorted(per_doc))
        spans = []
        for d in documents:
            u = corpus.profiles[d].units
            a0, a1 = per_doc[d]
            spans.append(Span(int(u.starts[a0]), int(u.ends[a1 - 1])))
        at = max(range(len(documents)), key=lambda i: (per_doc[documents[i]][1] - per_doc[documents[i]][0], -i))
        text = corpus.texts[documents[at]][spans[at].start:spans[at].end]
        out.append(SharedText(text, documents, tuple(spans), at))
    out.sort(key=lambda s: (-len(s.documents), -len(s.text), s.documents))
    return out


def mark(corpus: Corpus, pairs: list[PairResult], shared: list[SharedText]) -> list[PairResult]:
    """Each pair whose two documents both hold a shared text gets a passage over it, marked
    `shared_by` = N (unless one of its passages already covers most of it there). The pair's
    figures stay those of its own passages: the class's common text is no evidence of copying
    between two of its members."""
    if not shared:
        return pairs
    where = [{d: s for d, s in zip(t.documents, t.spans)} for t in shared]
    out = []
    for pair in pairs:
        extra = []
        for t, places in zip(shared, where):
            left, right = places.get(pair.left), places.get(pair.right)
            if left is None or right is None:
                continue
            if any(2 * _overlap(m.left, left) > len(left) for m in pair.matches):
                continue  # already shown (joined by the scoring step, marked there)
            u = corpus.profiles[pair.left].units
            units = int(np.searchsorted(u.ends, left.end, "right") - np.searchsorted(u.starts, left.start))
            extra.append(Match(left, right, units, shared_by=len(t.documents)))
        if extra:
            matches = sorted(pair.matches + tuple(extra), key=lambda m: (m.left.start, m.right.start))
            pair = replace(pair, matches=tuple(matches))
        out.append(pair)
    return out


def _overlap(a: Span, b: Span) -> int:
    return max(0, min(a.end, b.end) - max(a.start, b.start))
