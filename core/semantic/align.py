"""Sentence alignment inside one document pair: which sentences render which, and whether that
makes a finding.

Two sentences are linked when each is the other's nearest sentence (cosine of their vectors)
and their score clears LINK (two sentences with nearly the same words are a copy, never
linked). Links in order on both sides (a run of MIN_RUN or more) are trusted at that score
when their scores add up to RUN_EVIDENCE; a run of two when both reach PAIR; a link
standing alone when its score reaches SOLO (a strong sentence pair: single-sentence findings);
a finding of one or two links needs sentences that are not SHORT. Minor sentences (greetings,
headings) never take part: the caller's profiles hold only the sentences a check compares
(embed.comparable).
"""

from __future__ import annotations

import math

import numpy as np

from core.lazy import LazyPattern
from core.models import SemanticMatch, SentencePair, Span
from core.semantic.embed import SemanticProfile, as_float32, without
from core.semantic.score import pair_score
from core.semantic.sentences import count_units

# A link's score: the cosine across languages; in one language, score.pair_score (the MSRP
# fit where the two sentences share enough words for it to judge them, their resemblance where
# they are reworded). A reworded essay keeps its source's order: a run of links in order on
# both sides is evidence even when each link is weak (the bundled paraphrases score 0.2-0.6 per
# sentence, independent essays on the same topic make no runs); the fewer links, the stronger
# each must be, and a finding of one or two links needs sentences long enough to say something
# of their own (a version line, a date or a one-word swap in a short sentence says nothing).
LINK = {"translation": 0.45, "paraphrase": 0.25}  # each link of a run of MIN_RUN or more...
RUN_EVIDENCE = 1.5  # ...whose scores add up to this (three links at 0.5, six at 0.25)
PAIR = {"translation": 0.55, "paraphrase": 0.90}  # each link of a run of two
SOLO = {"translation": 0.70, "paraphrase": 0.97}  # a link standing alone (in one language, with
# PAIR and score.SAME: at most 1 % of MSRP's non-paraphrase documents, development part, scored
# by fits that never saw them, get a finding)
SOLO_COSINE = 0.80  # ...whose cosine reaches this too (in one language: the encoder agrees;
# 95 % of MSRP's development pairs scoring SOLO have a cosine of 0.8 or more)
SHORT = (20, 10)  # a sentence with fewer Han characters and fewer words is too short to be a
# finding of one or two links (it can be part of a longer run)
MIN_RUN = 3
RUN_GAP = 3  # links whose positions differ by at most this on both sides continue a run (on
# the longer document's side, this times how many of its sentences there are per sentence of the other)
EDITED = 0.8  # shared units (Jaccard) from which two sentences are a copy, not a paraphrase
_WORDS = LazyPattern(r"[^\W_]+")
_HAN = LazyPattern(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def _jaccard(a: set, b: set) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


def _verbatim(left: str, right: str) -> bool:
    """Sentences sharing EDITED of their units: a verbatim or edited copy (too short for a
    passage when the verbatim engine did not report it), never a paraphrase."""
    return _jaccard(_units(left), _units(right)) >= EDITED


def _short(sentence: str) -> bool:
    han, words = count_units(sentence)
    return han < SHORT[0] and words < SHORT[1]


def _units(sentence: str) -> set[str]:
    """Case-folded words, Han characters one by one (what the verbatim engine compares)."""
    return set(_HAN.findall(sentence)) | {w.casefold() for w in _WORDS.findall(_HAN.sub(" ", sentence))}


def _runs(links: list[tuple[int, int]], gaps: tuple[int, int] = (RUN_GAP, RUN_GAP)) -> list[list[int]]:
    """Indexes of `links` ((left, right) sentence positions, sorted by left) grouped into
    in-order runs: the next link at most `gaps` sentences further on each side."""
    runs: list[list[int]] = []
    for n, (i, j) in enumerate(links):
        for run in runs:
            pi, pj = links[run[-1]]
            if 0 < i - pi <= gaps[0] and 0 < j - pj <= gaps[1]:
                run.append(n)
                break
        else:
            runs.append([n])
    return runs


def _components(left: np.ndarray, right: np.ndarray, gaps: tuple[int, int]) -> np.ndarray:
    """For links at (left, right) sentence positions, a label per link: links with the same
    label could join one run (`_runs`: each next link at most `gaps` further on both sides);
    links with different labels never meet in a run, whatever their scores."""
    da = left[:, None] - left[None, :]
    db = right[:, None] - right[None, :]
    near = (da > 0) & (da <= gaps[0]) & (db > 0) & (db <= gaps[1])
    near |= near.T
    label = np.arange(len(left))
    while True:  # each link takes the smallest label among its neighbours until none changes
        lowest = np.minimum(label, np.where(near, label[None, :], len(left)).min(axis=1, initial=len(left)))
        if (lowest == label).all():
            break
        label = lowest
    return label


def align(a_text: str, a: SemanticProfile, b_text: str, b: SemanticProfile,
          copied: tuple = ((), ())) -> SemanticMatch | None:
    """What `b` renders of `a` (or the reverse), or None when there is no finding.

    Only the profiles' sentences take part (a check's comparable ones), less those mostly
    inside `copied` (the pair's verbatim passages: spans in a, spans in b), which are never a
    meaning finding of the pair. Runs are counted in the documents' own sentence positions,
    so a run goes on across a sentence left out. The share is of all the document's sentences."""
    kind = "paraphrase" if a.lang == b.lang else "translation"
    a, b = without(a, len(a_text), copied[0]), without(b, len(b_text), copied[1])
    if not len(a) or not len(b):
        return None
    a_vectors, b_vectors = as_float32(a.vectors), as_float32(b.vectors)
    sims = a_vectors @ b_vectors.T
    best_j = sims.argmax(axis=1)
    best_i = sims.argmax(axis=0)
    rows = np.flatnonzero(best_i[best_j] == np.arange(len(a)))
    same = kind == "paraphrase"
    if not same:  # in one language pair_score decides (a cosine alone says little there)
        rows = rows[sims[rows, best_j[rows]] >= LINK[kind]]
    if not len(rows):
        return None
    # a summary keeps its source's order but skips more of the longer side's sentences
    na, nb = a.all_sentences, b.all_sentences
    gaps = (math.ceil(RUN_GAP * max(1.0, na / max(1, nb))), math.ceil(RUN_GAP * max(1.0, nb / max(1, na))))
    a_index, b_index = a.index, b.index
    a_starts, a_ends = a.sentences.starts.tolist(), a.sentences.ends.tolist()
    b_starts, b_ends = b.sentences.starts.tolist(), b.sentences.ends.tolist()
    a_pos, b_pos = a_index.tolist(), b_index.tolist()
    rows_l = rows.tolist()
    pairs_of = [(i, int(best_j[i])) for i in rows_l]
    cosines = [float(sims[i, j]) for i, j in pairs_of]
    solo_cos = min(SOLO_COSINE, SOLO[kind])

    def texts(n: int) -> tuple[str, str]:
        i, j = pairs_of[n]
        return a_text[a_starts[i]:a_ends[i]], b_text[b_starts[j]:b_ends[j]]

    def link(n: int) -> float | None:
        """The score of candidate link n, or None when it is no link."""
        left, right = texts(n)
        i, j = pairs_of[n]
        score = min(1.0, pair_score(cosines[n], left, right, (a_vectors[i], b_vectors[j])) if same else cosines[n])
        # (float16 vectors: an identical sentence's cosine may be 1.0003)
        return score if score >= LINK[kind] and not (same and _verbatim(left, right)) else None

    def short(n: int) -> bool:
        left, right = texts(n)
        return _short(left) or _short(right)

    # Only links a finding could use are scored (the findings are the same): a link that can
    # meet no other in a run only by standing alone (SOLO, with the cosine too); of two that
    # can meet only each other, the second only when the first reaches PAIR or the second
    # could stand alone (a run of two needs both at PAIR and neither short).
    label = _components(a_index[rows], b_index[best_j[rows]], gaps)
    members: dict[int, list[int]] = {}
    for n, group in enumerate(label.tolist()):
        members.setdefault(group, []).append(n)
    scored: dict[int, float] = {}

    def score(n: int) -> float | None:
        value = link(n)
        if value is not None:
            scored[n] = value
        return value

    for group in members.values():
        if len(group) > 2 or not same:
            for n in group:
                score(n)
            continue
        could_stand = [n for n in group if cosines[n] >= solo_cos and not short(n)]
        if len(group) == 2 and not any(short(n) for n in group):
            first, second = sorted(group, key=lambda n: cosines[n])
            value = score(first)
            if value is not None and value >= PAIR[kind] or second in could_stand:
                score(second)
        else:
            for n in could_stand:
                score(n)
    order = sorted(scored)
    links = [pairs_of[n] for n in order]
    scores = [scored[n] for n in order]
    short_of = [short(n) for n in order]
    kept: list[int] = []
    for run in _runs([(a_pos[i], b_pos[j]) for i, j in links], gaps):
        if (len(run) >= MIN_RUN and sum(scores[n] for n in run) >= RUN_EVIDENCE
                or len(run) == 2 and min(scores[n] for n in run) >= PAIR[kind] and not any(short_of[n] for n in run)):
            kept += run
        else:
            kept += [n for n in run if scores[n] >= SOLO[kind] and not short_of[n]
                     and float(sims[links[n]]) >= solo_cos]
    if not kept:
        return None
    kept.sort()
    share = max(len(kept) / a.all_sentences, len(kept) / b.all_sentences)
    pairs = tuple(
        SentencePair(Span(a_starts[links[n][0]], a_ends[links[n][0]]),
                     Span(b_starts[links[n][1]], b_ends[links[n][1]]), round(scores[n], 4))
        for n in kept)
    return SemanticMatch(kind=kind, share=round(share, 4), sentences=pairs)
