"""What a pair's evidence says, decided once from both engines: the kind of each passage and
of the pair, the meaning evidence that counts, and the copied share that ranks the pair.

The rules (docs/figures.md states them for users, with a worked example):

- A verbatim passage (a `Match`) is **verbatim** when its in-passage alignment found no
  change, else an **edited copy** ("edited").
- A sentence pair the meaning layer aligned counts only where the verbatim engine did not
  match that text: it is dropped when at least half of either sentence's characters lie in
  one of the pair's passages (text the verbatim engine matched is never "paraphrase"). The
  meaning share counts only the sentence pairs left; a finding left with none is no finding.
  What counts is a **translation** (the two languages differ) or a **paraphrase**.
- The **copied share** of a pair: on each side, the characters a passage took unchanged
  (inside a passage other than the template's, outside its changes) or inside a counted
  sentence, each character once, over the document's characters; the larger side's figure. Characters are code points that are not white space.
  It ranks the pairs (then the verbatim similarity), so a 97 % translation ranks above a 20 %
  verbatim copy.
- The **kind of a pair** is the kind holding most of the copied characters on that side among
  the uncredited evidence (verbatim, edited, translation, paraphrase) when that evidence holds
  at least a quarter of them; otherwise (say, a shared heading beside a shared reference list)
  the class holding most of them, credited ones (quoted, cited, quoted_cited, references,
  template) included; a pair with no passage and no counted sentence has no kind ("").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np

from core.academic.text import Counter, merge
from core.models import Match, PairResult, SemanticMatch, Span

PASSAGE_KINDS = ("verbatim", "edited", "translation", "paraphrase")
CREDITED = ("quoted", "cited", "quoted_cited", "references", "template")
PAIR_KINDS = PASSAGE_KINDS + CREDITED  # in the order a tie is settled
# what a reader sees for each kind (the GUI translates the English ones with Qt)
LABELS = {
    "en": {"verbatim": "verbatim", "edited": "edited copy", "translation": "translation",
           "paraphrase": "paraphrase", "quoted": "quoted", "cited": "cited",
           "quoted_cited": "quoted and cited", "references": "references", "template": "template"},
    "zh": {"verbatim": "原文照抄", "edited": "改动复制", "translation": "翻译", "paraphrase": "改写",
           "quoted": "引号引用", "cited": "注明出处", "quoted_cited": "引用并注明出处",
           "references": "参考文献", "template": "模板文字"},
}
UNCREDITED = 0.25  # share of the copied characters uncredited evidence needs to name the pair
COVERED = 0.5  # share of a sentence's characters inside passages that makes it the verbatim engine's


def label(kind: str, lang: str = "en") -> str:
    """A kind as a reader sees it ("" stays "")."""
    return LABELS["zh" if lang == "zh" else "en"].get(kind, kind)


def passage_kind(match: Match) -> str:
    """"verbatim" for a passage without a change inside, else "edited"."""
    return "edited" if match.left_changes or match.right_changes else "verbatim"


def match_kind(match: Match) -> str:
    """The kind of a verbatim passage as a reader sees it: its copy kind (verbatim, edited)
    when uncredited, else its class (quoted, cited, quoted_cited, references, template)."""
    return passage_kind(match) if match.attribution == "unattributed" else match.attribution


def counted_meaning(pair: PairResult, left: Counter, right: Counter) -> SemanticMatch | None:
    """The pair's meaning finding with only the sentence pairs the verbatim engine did not
    match (see the module docstring); None when none is left."""
    found = pair.semantic
    if found is None or not found.sentences:
        return found
    spans_l = merge((m.left.start, m.left.end) for m in pair.matches)
    spans_r = merge((m.right.start, m.right.end) for m in pair.matches)
    kept = tuple(s for s in found.sentences
                 if not _covered(s.left, spans_l, left) and not _covered(s.right, spans_r, right))
    if len(kept) == len(found.sentences):
        return found
    if not kept:
        return None
    # share = aligned sentences over the shorter document's sentences: it scales with them
    return replace(found, share=round(found.share * len(kept) / len(found.sentences), 4),
                   sentences=kept)


def _covered(span: Span, spans: list[tuple[int, int]], count: Counter) -> bool:
    total = count(span.start, span.end)
    if not total or not spans:
        return False
    inside = sum(count(max(s, span.start), min(e, span.end))
                 for s, e in spans if s < span.end and e > span.start)
    return inside >= COVERED * total


def _side(pair: PairResult, side: str, count: Counter) -> tuple[float, str, int, int]:
    """(copied share, kind, characters in passages, characters in counted sentences) of one side."""
    if pair.semantic is None:
        kinds = {match_kind(m) for m in pair.matches if m.attribution != "template"}
        if len(kinds) <= 1:
            return _one_kind(pair, side, count, kinds.pop() if kinds else "")
    return _any_kinds(pair, side, count)


def _any_kinds(pair: PairResult, side: str, count: Counter) -> tuple[float, str, int, int]:
    """`_side` worked out kind by kind (what `_one_kind` shortens)."""
    by_class: dict[str, list[tuple[int, int]]] = {}
    for m in pair.matches:
        if m.attribution == "template":
            continue
        span, changes = getattr(m, side), getattr(m, side + "_changes")
        by_class.setdefault(match_kind(m), []).extend(_minus(span, changes))
    passages = merge(s for spans in by_class.values() for s in spans)
    sentences: list[tuple[int, int]] = []
    if pair.semantic is not None:
        sentences = merge((getattr(s, side).start, getattr(s, side).end) for s in pair.semantic.sentences)
        by_class[pair.semantic.kind] = sentences
    every = merge(passages + sentences)
    chars = count(0, len(count.prefix) - 1)
    copied = sum(count(s, e) for s, e in every)
    in_passages = sum(count(s, e) for s, e in passages)
    held: dict[str, int] = {}
    taken: list[tuple[int, int]] = []  # characters already given to a kind (each counted once)
    for kind in PAIR_KINDS:
        spans = merge(by_class.get(kind, ()))
        if not spans:
            continue
        own = sum(count(s, e) for s, e in spans) - _inside(spans, taken, count)
        held[kind] = own
        taken = merge(taken + spans)
    uncredited = {k: v for k, v in held.items() if k in PASSAGE_KINDS and v > 0}
    if sum(uncredited.values()) < UNCREDITED * sum(held.values()):
        uncredited = {}  # a shared heading beside a shared reference list: the list names the pair
    pool = uncredited or {k: v for k, v in held.items() if v > 0}
    kind = max(pool, key=lambda k: (pool[k], -PAIR_KINDS.index(k))) if pool else ""
    return (copied / chars if chars else 0.0), kind, in_passages, copied - in_passages


def _one_kind(pair: PairResult, side: str, count: Counter, kind: str) -> tuple[float, str, int, int]:
    """`_side` of a pair without meaning evidence whose passages (the template's aside) are
    all of one `kind`: that kind holds every copied character, so it names the side when it
    holds any (uncredited or credited alike), and nothing is in counted sentences."""
    kept = [m for m in pair.matches if m.attribution != "template"]
    spans = [s for m in kept for s in _minus(getattr(m, side), getattr(m, side + "_changes"))]
    # one passage's parts are disjoint already: their characters add up as their union's
    copied = sum(count(s, e) for s, e in (spans if len(kept) == 1 else merge(spans)))
    chars = count(0, len(count.prefix) - 1)
    return (copied / chars if chars else 0.0), (kind if copied > 0 else ""), copied, 0


def _minus(span: Span, changes: tuple[Span, ...]) -> list[tuple[int, int]]:
    """The parts of a passage's span outside its changes (what was taken unchanged)."""
    out, at = [], span.start
    for c in sorted(changes, key=lambda c: c.start):
        if c.start > at:
            out.append((at, min(c.start, span.end)))
        at = max(at, c.end)
    if at < span.end:
        out.append((at, span.end))
    return out


def _inside(spans: list[tuple[int, int]], others: list[tuple[int, int]], count: Counter) -> int:
    """Characters of the (merged) `spans` that also lie in the (merged) `others`."""
    return sum(count(max(s, a), min(e, b)) for s, e in spans for a, b in others if a < e and b > s)


def judge(pair: PairResult, left: Counter, right: Counter) -> PairResult:
    """The pair with its counted meaning finding, `copied` share and `kind` set (`left` and
    `right` count the two documents' characters: core.academic.text.Counter of their texts)."""
    meaning = counted_meaning(pair, left, right)
    pair = replace(pair, semantic=meaning) if meaning is not pair.semantic else pair
    return _with_verdict(pair, *_verdict(pair, left, right))


def _verdict(pair: PairResult, left: Counter, right: Counter) -> tuple[float, str]:
    """(copied share, kind) of a pair whose meaning finding is already the counted one."""
    share_l, kind_l, _, _ = _side(pair, "left", left)
    share_r, kind_r, _, _ = _side(pair, "right", right)
    copied, kind = (share_l, kind_l) if share_l >= share_r else (share_r, kind_r)
    return round(copied, 6), kind


def _with_verdict(p: PairResult, copied: float, kind: str) -> PairResult:
    """`replace(p, copied=copied, kind=kind)`, built directly (a check judges every pair)."""
    return PairResult(p.left, p.right, p.hamming, p.similarity, p.left_coverage, p.right_coverage,
                      p.longest, p.matches, p.semantic, copied, kind)


def rank_key(pair: PairResult) -> tuple:
    """The order of a report's pairs: copied share, then verbatim similarity, then Hamming."""
    return (-pair.copied, -pair.similarity, pair.hamming, pair.left, pair.right)


def judged(texts: Sequence[str], pairs: Sequence[PairResult],
           counters: Callable[[int], Counter] | None = None) -> list[PairResult]:
    """Every pair judged (`judged_each`) and ranked (`rank_key`)."""
    return sorted(judged_each(texts, pairs, counters), key=rank_key)


def judged_each(texts: Sequence[str], pairs: Sequence[PairResult],
                counters: Callable[[int], Counter] | None = None) -> list[PairResult]:
    """Every pair judged (`judge`), in the pairs' order; `texts` are the documents' texts
    by index, `counters` the Counter of document i's text where the caller has them (the
    attribution's; a copy's that differs only in white space at its end counts alike), else
    one is made per text. Pairs with the same counters and the same passages' tuple (copies:
    copies.spread) are judged once. A pair whose documents' texts are missing
    ("", a report read back without them) keeps the figures it has."""
    made: dict[str, Counter] = {}  # by text: identical documents share one
    held: dict[int, Counter] = {}  # by document, kept while judging: a counter's id names it
    judgements: dict[tuple, tuple[float, str]] = {}  # copies of a pair are judged once

    def counter(i: int) -> Counter:
        found = held.get(i)
        if found is None:
            if counters is not None:
                found = counters(i)
            else:
                found = made.get(texts[i])
                if found is None:
                    found = made[texts[i]] = Counter(texts[i])
            held[i] = found
        return found

    def judged_once(p: PairResult) -> PairResult:
        if p.semantic is not None:
            return judge(p, counter(p.left), counter(p.right))
        key = _copies_key(p, counter)
        if key not in judgements:
            judgements[key] = _verdict(p, counter(p.left), counter(p.right))
        return _with_verdict(p, *judgements[key])

    plain = _one_passage_verdicts(texts, pairs, counter)
    return [_with_verdict(p, *v) if v is not None else judged_once(p) if texts[p.left] and texts[p.right] else p
            for p, v in zip(pairs, plain)]


def _copies_key(p: PairResult, counter: Callable[[int], Counter]) -> tuple[int, int, int]:
    """What the copies of a pair share, so that they are judged once: their documents'
    counters (one for copies that read alike) and their passages' tuple (copies.spread)."""
    return id(counter(p.left)), id(counter(p.right)), id(p.matches)


def _one_passage_verdicts(texts: Sequence[str], pairs: Sequence[PairResult], counter) -> list[tuple[float, str] | None]:
    """`_verdict` of every pair without meaning evidence and with at most one passage, not the
    template's, counted for all of them at once (a class of near copies reports thousands);
    None for the other pairs, by the pairs' order. A side's copied characters are its
    passage's outside the changes (`_minus`): with the changes sorted by start, the part
    before each change runs from the furthest end so far (or the passage's start) to that
    change's start, and the last part from there to the passage's end (a part that ends where
    it starts counts nothing)."""
    done: list[tuple[float, str] | None] = [None] * len(pairs)
    # copies of a pair share their passages' tuple and, where they read alike, their counters:
    # such a pair is counted once
    first: dict[tuple[int, int, int], int] = {}
    same_as: list[tuple[int, int]] = []
    counted: list[int] = []  # the pairs counted here, by index
    for k, p in enumerate(pairs):
        matches = p.matches
        if len(matches) > 1 or p.semantic is not None or not (texts[p.left] and texts[p.right]):
            continue
        if not matches:
            done[k] = (0.0, "")
        elif matches[0].attribution != "template":
            seen = first.setdefault(_copies_key(p, counter), k)
            if seen == k:
                counted.append(k)
            else:
                same_as.append((k, seen))
    if counted:
        for k, verdict in zip(counted, _counted_sides([pairs[k] for k in counted], counter)):
            done[k] = verdict
    for k, seen in same_as:
        done[k] = done[seen]
    return done


def _counted_sides(chosen: list[PairResult], counter) -> list[tuple[float, str]]:
    """`_one_passage_verdicts`' count of the pairs chosen, in their order: their sides, left
    then right, each its passage's span less its changes, counted with numpy."""
    matches = [p.matches[0] for p in chosen]
    # flat lists of numbers (one array each, not an array of tuples)
    docs = np.array([d for p in chosen for d in (p.left, p.right)], dtype=np.int64)
    spans = np.array([x for m in matches for x in (m.left.start, m.left.end, m.right.start, m.right.end)],
                     dtype=np.int64).reshape(-1, 2)
    span_start, span_end = spans[:, 0], spans[:, 1]
    start = span_start.copy()  # where each side's last part starts: the furthest change end so far
    part_owner, part_start, part_end = [np.arange(len(docs))], [start], [span_end]
    sides = [side for m in matches for side in (m.left_changes, m.right_changes)]
    bounds = np.array([x for side in sides for c in side for x in (c.start, c.end)], dtype=np.int64)
    if len(bounds):
        who = np.repeat(np.arange(len(sides)), [len(side) for side in sides])
        c_start, c_end = bounds[0::2], bounds[1::2]
        order = np.lexsort((c_start, who))
        who, c_start, c_end = who[order], c_start[order], c_end[order]
        first = np.ones(len(who), dtype=bool)
        first[1:] = who[1:] != who[:-1]
        # the furthest change end up to each change within its side (a side's offset keeps the
        # running maximum from reaching back into the sides before it), then before each
        reach = np.maximum.accumulate(c_end + (who << 32)) - (who << 32)
        reach = np.concatenate(([0], reach[:-1]))
        reach[first] = 0
        before = np.maximum(span_start[who], reach)
        part_owner.insert(0, who)
        part_start.insert(0, before)
        part_end.insert(0, np.minimum(c_start, span_end[who]))
        np.maximum.at(start, who, c_end)
    owner, lo, hi = (np.concatenate(x) for x in (part_owner, part_start, part_end))
    counts, chars = _counts(docs[owner], lo, hi, counter)
    copied = np.bincount(owner, weights=counts, minlength=len(docs)).astype(np.int64)
    chars = chars[-len(docs):]  # the last parts are the sides', in order
    # each side's share as Python divides (the same double), 0.0 for a text of no character
    share = np.divide(copied, chars, out=np.zeros(len(docs)), where=chars > 0).reshape(-1, 2)
    took = (copied > 0).reshape(-1, 2)
    right = share[:, 0] < share[:, 1]  # the larger side's figure, the left one on a tie
    side = right.astype(np.int64)
    rows = np.arange(len(chosen))
    best, named = share[rows, side].tolist(), took[rows, side].tolist()
    return [(round(x, 6), match_kind(m) if n else "") for x, n, m in zip(best, named, matches)]


def _counts(docs: np.ndarray, starts: np.ndarray, ends: np.ndarray, counter) -> tuple[np.ndarray, np.ndarray]:
    """(`counter(doc)(start, end)` of each (doc, start, end), the characters of each doc's text),
    document by document."""
    used, which = np.unique(docs, return_inverse=True)
    prefixes = [counter(d).prefix for d in used.tolist()]
    last = np.array([len(p) - 1 for p in prefixes], dtype=np.int64)
    chars = np.array([p[-1] for p in prefixes], dtype=np.int64)[which]
    bound = last[which]  # a span is read as Counter reads it: clipped to the text
    lo, hi = np.minimum(np.maximum(starts, 0), bound), np.minimum(np.maximum(ends, 0), bound)
    out = np.zeros(len(docs), dtype=np.int64)
    order = np.argsort(which, kind="stable")
    for n, rows in enumerate(np.split(order, np.flatnonzero(np.diff(which[order])) + 1)):
        prefix = prefixes[n]
        out[rows] = prefix.take(hi[rows]) - prefix.take(lo[rows])
    return np.maximum(out, 0), chars
