"""Sentence alignment inside one document pair: which sentences render which, and whether that
makes a finding.

Two sentences are linked when each is the other's nearest sentence (cosine of their vectors)
and their score clears a threshold. Links in order on both sides (a run) are trusted at a
lower score than links standing alone; a finding needs a run of several links with
at least two that are not minor sentences, so one shared sentence, a greeting or a heading
never make one.
"""

from __future__ import annotations

import re
import unicodedata

import numpy as np

from core.models import SemanticMatch, SentencePair, Span
from core.semantic.embed import SemanticProfile

# cosine thresholds; measured on bench/semantic.py (tatoeba translations, MSRP training
# split, Clough-Stevenson): see README
LINK = {"translation": 0.45, "paraphrase": 0.62}  # a link inside a run
SOLO = {"translation": 0.62, "paraphrase": 0.80}  # a link outside any run
MIN_RUN = 3  # links in one run that make a finding
MIN_MAJOR = 2  # of them, sentences that are not minor (on both sides)
RUN_GAP = 3  # links whose positions differ by at most this on both sides continue a run
LEXICAL = 0.3  # same language: the weight of shared words in a sentence pair's score
NUMBERS = 0.03  # same language: taken off when the numbers the sentences write all differ

_WORDS = re.compile(r"[^\W_]+")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def words(sentence: str) -> set[str]:
    """Case-folded words (Han characters one by one) of a sentence."""
    han = set(_HAN.findall(sentence))
    return han | {w.casefold() for w in _WORDS.findall(_HAN.sub(" ", sentence))}


def numbers(sentence: str) -> set[str]:
    """The numbers written with digits (full-width too), thousands separators dropped."""
    folded = unicodedata.normalize("NFKC", sentence)
    return {n.replace(",", "") for n in _NUMBER.findall(folded)}


def _jaccard(a: set, b: set) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


def pair_score(cosine: float, left: str | None = None, right: str | None = None) -> float:
    """A sentence pair's score: the cosine across languages; in one language, blended with the
    share of words the two have in common, less a little when the numbers they write differ (a
    sentence with other figures states other facts; the model hardly sees digits). MSRP
    training split: cosine 0.771, with shared words 0.7815, and numbers 0.783. Tried and not
    kept: function words left out of the shared words (0.779-0.782 depending on the list) and
    a penalty for differing capitalised names (0.764-0.779)."""
    if left is None or right is None:
        return float(cosine)
    score = (1 - LEXICAL) * cosine + LEXICAL * _jaccard(words(left), words(right))
    a, b = numbers(left), numbers(right)
    if a or b:
        score -= NUMBERS * (1 - _jaccard(a, b))
    return float(score)


def _runs(links: list[tuple[int, int]]) -> list[list[int]]:
    """Indexes of `links` (sorted by left position) grouped into in-order runs."""
    runs: list[list[int]] = []
    for n, (i, j) in enumerate(links):
        for run in runs:
            pi, pj = links[run[-1]]
            if 0 < i - pi <= RUN_GAP and 0 < j - pj <= RUN_GAP:
                run.append(n)
                break
        else:
            runs.append([n])
    return runs


def align(a_text: str, a: SemanticProfile, b_text: str, b: SemanticProfile) -> SemanticMatch | None:
    """What `b` renders of `a` (or the reverse), or None when there is no finding."""
    if not len(a) or not len(b):
        return None
    kind = "paraphrase" if a.lang == b.lang else "translation"
    sims = a.vectors @ b.vectors.T
    best_j = sims.argmax(axis=1)
    best_i = sims.argmax(axis=0)
    rows = np.flatnonzero(best_i[best_j] == np.arange(len(a)))
    same = kind == "paraphrase"
    # the lowest cosine that can still score LINK (shared words add at most LEXICAL)
    floor = (LINK[kind] - LEXICAL) / (1 - LEXICAL) if same else LINK[kind]
    rows = rows[sims[rows, best_j[rows]] >= floor]
    if len(rows) < MIN_RUN:
        return None
    a_starts, a_ends = a.sentences.starts.tolist(), a.sentences.ends.tolist()
    b_starts, b_ends = b.sentences.starts.tolist(), b.sentences.ends.tolist()
    links: list[tuple[int, int]] = []
    scores: list[float] = []
    for i in rows.tolist():
        j = int(best_j[i])
        cos = float(sims[i, j])
        score = (pair_score(cos, a_text[a_starts[i]:a_ends[i]], b_text[b_starts[j]:b_ends[j]])
                 if same else cos)
        score = min(1.0, score)  # float16 vectors: an identical sentence's cosine may be 1.0003
        if score >= LINK[kind]:
            links.append((i, j))
            scores.append(score)
    kept: list[int] = []
    finding = False
    for run in _runs(links):
        if len(run) >= 2:
            kept += run
            major = sum(1 for n in run
                        if not a.sentences.minor[links[n][0]] and not b.sentences.minor[links[n][1]])
            finding |= len(run) >= MIN_RUN and major >= MIN_MAJOR
        elif scores[run[0]] >= SOLO[kind]:
            kept += run
    if not finding:
        return None
    kept.sort()
    share = max(len(kept) / len(a), len(kept) / len(b))
    pairs = tuple(
        SentencePair(Span(a_starts[links[n][0]], a_ends[links[n][0]]),
                     Span(b_starts[links[n][1]], b_ends[links[n][1]]), round(scores[n], 4))
        for n in kept)
    return SemanticMatch(kind=kind, share=round(share, 4), sentences=pairs)
