"""Two copies each with an edit of their own, one with units inserted or deleted (`alignment.
_one_shift`), cut a unit apart (`_shifted_by_one`), or each with a unit changed in a text that
repeats a phrase more often than the told bound allows (`_two_changes_counted`), are aligned
without `_fill`: what the general path gives, on stressed inputs."""

from collections import Counter

import numpy as np
import pytest
from unit_texts import stressed_units

from core.engine.hashing import kgram_hashes
from core.matching import alignment
from core.matching.alignment import _from, _in_line, _one_shift, align_units
from core.matching.kgram_counts import KgramCounts


def _general(monkeypatch, cases):
    """align_units of each case with no shortcut at all: every region to `_lcs` or `_anchors`."""
    for name in ("_two_changes", "_two_changes_counted", "_one_shift", "_shifted_by_one"):
        monkeypatch.setattr(alignment, name, lambda *_: False)
    for name in ("_in_line", "_one_diagonal"):
        monkeypatch.setattr(alignment, name, lambda *_: None)
    return [align_units(x, y, k, lambda m=most: m) for x, y, k, most in cases]


def _in_a_document(x: np.ndarray, k: int):
    """x's k-grams counted off a document holding x between pieces of itself (so its k-grams
    occur more often in the document than in x), as `aligned_matches` gives them."""
    counts = KgramCounts.of(np.concatenate((x[len(x) // 3:], x, x[:len(x) // 2])), k, alignment.MAX_OCCURRENCES)
    return _from(lambda: counts, len(x) - len(x) // 3)


def _aligned_as_the_general_path(monkeypatch, cases) -> None:
    """align_units of each case (with the shortcuts and any spies set; x's k-grams counted off
    a document holding it) is what `_general` gives."""
    fast = [align_units(x, y, k, lambda m=most: m, _in_a_document(x, k)) for x, y, k, most in cases]
    slow = _general(monkeypatch, cases)
    for f, s in zip(fast, slow):
        assert f.left.tolist() == s.left.tolist() and f.right.tolist() == s.right.tolist()


def _spy(monkeypatch, name: str) -> Counter:
    """Count the answers of alignment.`name` (its last positional argument's kind, if a bool)."""
    seen: Counter = Counter()
    real = getattr(alignment, name)

    def spy(*args):
        answer = real(*args)
        seen[answer, args[5] if isinstance(args[5], bool) else None] += 1
        if answer and isinstance(args[6], bool):
            seen["both"] += args[6]
        return answer

    monkeypatch.setattr(alignment, name, spy)
    return seen


def _spy_counted(monkeypatch) -> Counter:
    """Count the answers of `_counted_alone`, and where it answers, check its claim: `_anchors`
    on the region takes its stretch alone. Told x's k-grams counted off its document, it
    answers as it does hashing the region."""
    seen: Counter = Counter()
    real = alignment._counted_alone

    def spy(x, y, a0, a1, b0, b1, sy, count, ox, oy, d, k, counts=None):
        answer = real(x, y, a0, a1, b0, b1, sy, count, ox, oy, d, k)
        if counts is not None:
            assert real(x, y, a0, a1, b0, b1, sy, count, ox, oy, d, k, counts) == answer
            seen["read"] += 1
        if answer:
            tx, ty = np.zeros(len(x), bool), np.zeros(len(y), bool)
            got = alignment._anchors(kgram_hashes(x[a0:a1], k), kgram_hashes(y[b0:b1], k), a0, b0, k, tx, ty)
            assert got == [(a0 + sy - d, b0 + sy, count + k - 1)]
        seen[answer] += 1
        return answer

    monkeypatch.setattr(alignment, "_counted_alone", spy)
    return seen


def _shifted(rng: np.random.Generator, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Two copies of one text: one with a unit changed, the other with one to k + 1 units
    inserted or deleted (maybe next to the change, near an end, or a unit of the text), maybe
    the unit next to them changed (a unit replaced by several) or another unit changed too;
    either copy first."""
    x = stressed_units(rng, int(rng.integers(k + 4, 150)), k, 13)
    y = x.copy()
    p = int(rng.integers(0, len(x)))
    x[p] = 5000 + int(rng.integers(0, 2))
    q = min(len(y) - 1, p + int(rng.integers(-2, 3))) if rng.integers(0, 4) == 0 else int(rng.integers(0, len(y)))
    many = 1 if rng.integers(0, 2) else int(rng.integers(2, k + 2))
    if rng.integers(0, 2):
        y = np.insert(y, q, rng.choice([6000, 6001, int(y[q - 1])], many))
    else:
        y = np.delete(y, range(q, min(len(y), q + many)))
    if rng.integers(0, 2) and q < len(y):  # the unit next to them changed: a unit replaced by more or fewer
        y[q if rng.integers(0, 2) else max(0, q - 1)] = 6002
    if rng.integers(0, 4) == 0:
        y[int(rng.integers(0, len(y)))] = 5000
    x, y = x.astype(np.uint64), y.astype(np.uint64)
    return (x, y) if rng.integers(0, 2) else (y, x)


def _told(rng: np.random.Generator, x: np.ndarray, k: int) -> int:
    """A count told as x's most repeated k-gram's: the true one, one more, or far too many
    (real prose repeating a phrase 9-24 times: the counted path)."""
    hx = kgram_hashes(x, max(k, alignment.K_MIN))
    true = int(np.unique(hx, return_counts=True)[1].max()) if len(hx) else 0
    return true + int(rng.choice([0, 1, int(rng.integers(7, 24))]))


@pytest.mark.parametrize("seed", range(2))
def test_shifted_copies_are_aligned_as_the_general_path_aligns_them(seed, monkeypatch):
    """align_units with the shortcuts == with none (`_anchors` and `_lcs` alone), on copies of
    random, few-unit, periodic and phrase-repeating text of every length around DP_CELLS, k 1-8,
    the count told true or far too high; the shortcut answers on both diagonals, told and
    counted, and hands over often."""
    rng = np.random.default_rng(1940 + seed)
    cases = []
    for _ in range(900):
        k = int(rng.integers(1, 9))
        x, y = _shifted(rng, k)
        cases.append((x, y, k, _told(rng, x, k)))
    seen = _spy(monkeypatch, "_one_shift")
    counted = _spy_counted(monkeypatch)
    _aligned_as_the_general_path(monkeypatch, cases)
    assert seen[True, True] > 30 and seen[True, False] > 30 and seen[False, True] + seen[False, False] > 30, seen
    assert seen["both"] > 5, seen
    assert counted[True] > 15 and counted[False] > 15 and counted["read"] == counted[True] + counted[False], counted


def _units(rng: np.random.Generator, size: int, alphabet: int) -> np.ndarray:
    """`size` units from `alphabet` units, or (alphabet 0) periodic with a period of 1-8."""
    if alphabet:
        return rng.integers(0, alphabet, size)
    return np.resize(rng.integers(0, 1000, int(rng.integers(1, 9))), size)


def _with_shift(rng: np.random.Generator, la: int, d: int, k: int, start: bool, both: bool, alphabet: int):
    """A region of la units against la + d (its first and last units differing), equal on the
    diagonal through its start but its first unit (`start`) or through its end but its last,
    and (`both`) but the other end of that diagonal's overlap too (a unit replaced by 1 + |d|
    units, maybe one of them the unit it replaced), between common ends; the region's head
    and tail."""
    short = min(la, la + d)
    text = _units(rng, short - 1 - both, alphabet)
    ux, uy = 8000, 8001
    extra = rng.choice([7000, 7001, 7002, ux if d < 0 else uy], abs(d)) if both else rng.integers(7000, 7100, abs(d))
    rx, ry = [np.uint64(9000)], [np.uint64(9001)]  # the changed units
    ox, oy = ([ux], [uy]) if both else ([], [])
    if start:
        x = np.concatenate((rx, text, ox, extra if d < 0 else []))
        y = np.concatenate((ry, text, oy, extra if d > 0 else []))
    else:
        x = np.concatenate((extra if d < 0 else [], ox, text, rx))
        y = np.concatenate((extra if d > 0 else [], oy, text, ry))
    head, tail = int(rng.integers(0, 3)), int(rng.integers(0, 3))
    ends = rng.integers(20000, 20100, head + tail)
    x = np.concatenate((ends[:head], x, ends[head:])).astype(np.uint64)
    y = np.concatenate((ends[:head], y, ends[head:])).astype(np.uint64)
    return x, y, head, tail


@pytest.mark.parametrize("k", range(2, 9))
def test_told_it_answers_where_in_line_answers(k, monkeypatch):
    """Told the count, `_one_shift` answers where `_in_line` (on the region `_fill` gets) does,
    with its stretch: every region length around DP_CELLS and the bounds, every told count,
    a unit to k + 1 more on either side (around the bounds), either diagonal, differing at its
    other end or not.
    Over a few units `_in_line` may
    take a diagonal the shortcut leaves (it then hands over), never the other way round; on
    periodic text `_in_line` may take another diagonal first."""
    monkeypatch.setattr(alignment, "_counted_alone", lambda *_: False)
    rng = np.random.default_rng(k)
    answered = declined = 0
    shifts = sorted({-k - 1, -k, 1 - k, 2 - k, -1, 1, 2, k + 1} - {0})  # around the bounds on d
    for la in range(k + 1, 50):
        for most in range(1, alignment.MAX_OCCURRENCES + 1):
            for d in rng.choice(shifts, 2, replace=False).tolist():
                if la + d < 2:
                    continue
                start, both = bool(rng.integers(0, 2)), bool(rng.integers(0, 2))
                alphabet = 100000 if rng.integers(0, 4) else int(rng.integers(0, 5))
                if la + d - 1 - both < 1:
                    continue
                x, y, head, tail = _with_shift(rng, la, d, k, start, both, alphabet)
                tx, ty = np.zeros(len(x), bool), np.zeros(len(y), bool)
                anchors = _in_line(x, y, head, len(x) - tail, head, len(y) - tail, k, tx, ty,
                                   lambda m=most: m)
                if la * (la + d) <= alignment.DP_CELLS:
                    anchors = None  # the region is `_lcs`'s
                fast = _one_shift(x, y, head, tail, k, start, both, lambda m=most: m)
                if fast:
                    short = min(la, la + d)
                    at = (1, 1) if start else (max(0, -d) + both, max(0, d) + both)
                    assert anchors == [(head + at[0], head + at[1], short - 1 - both)], (la, d, most, start, both)
                    answered += 1
                else:
                    assert anchors is None or alphabet < 100000, (la, d, most, start, anchors)
                    declined += 1
    assert answered > 60 and declined > 60, (answered, declined)


def _two_changed(rng: np.random.Generator, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Two equally long copies each with a unit changed, in text repeating a phrase 6-12 times;
    sometimes the change in y completes one more copy of the phrase (its count in y one more
    than in x: at 9, the phrase's k-grams stop anchoring)."""
    size = int(rng.integers(2 * k + 14, 120))
    x = rng.integers(100, 100 + int(rng.integers(5, 300)), size)
    phrase = rng.integers(0, 50, k + int(rng.integers(0, 3)))
    times = min((size - 2) // (len(phrase) + 1), int(rng.integers(6, 13)))
    starts = sorted(rng.choice(range(0, size - len(phrase), len(phrase) + 1), times, replace=False).tolist())
    for at in starts:
        x[at:at + len(phrase)] = phrase
    y = x.copy()
    p = int(rng.integers(0, size))
    x[p] = 5000
    if rng.integers(0, 2):  # y's change completes a copy of the phrase, or comes near p
        free = [at for at in range(size - len(phrase)) if all(abs(at - s) > len(phrase) for s in starts)]
        at = int(rng.choice(free)) if free else 0
        y[at:at + len(phrase) - 1] = x[at:at + len(phrase) - 1] = phrase[:-1]
        y[at + len(phrase) - 1] = phrase[-1]
    else:
        y[min(size - 1, p + int(rng.integers(k + 2, 60)))] = 5001
    x, y = x.astype(np.uint64), y.astype(np.uint64)
    return (x, y) if rng.integers(0, 2) else (y, x)


@pytest.mark.parametrize("seed", range(1))
def test_two_changes_counted_gives_what_the_general_path_gives(seed, monkeypatch):
    """Told a count too high for `_two_changes`, the region's own count answers where the
    phrase's k-grams stay under MAX_OCCURRENCES (also counted with y's change) and hands over
    where not; either way align_units gives what it gives with no shortcut."""
    rng = np.random.default_rng(1950 + seed)
    cases = []
    for _ in range(500):
        k = int(rng.integers(2, 7))
        x, y = _two_changed(rng, k)
        cases.append((x, y, k, int(rng.integers(alignment.MAX_OCCURRENCES - 1, 25))))
    seen = _spy_counted(monkeypatch)
    _aligned_as_the_general_path(monkeypatch, cases)
    assert seen[True] > 40 and seen[False] > 40 and seen["read"] == seen[True] + seen[False], seen


def _completing(rng: np.random.Generator, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Two copies of a text holding a k-unit phrase 6-8 times and once more but for its first
    (near the text's start) or last unit (near its end): one copy completes it (its changed
    unit, the region's first or last: the phrase then one more time in it than in the other),
    the other has a unit changed, or one or two inserted or deleted, near the other end."""
    size = int(rng.integers(11 * k + 30, 200))
    text = rng.integers(100, 400, size)
    phrase = rng.integers(0, 50, k)
    spots = sorted(rng.choice(range(k + 3, size - 2 * k - 3, k + 1), int(rng.integers(7, 10)), replace=False).tolist())
    for at in spots:
        text[at:at + k] = phrase
    first = bool(rng.integers(0, 2))  # the phrase completed at the region's start, or its end
    near = spots[0] if first else spots[-1]
    end = near if first else near + k - 1
    text[end] = 60
    changed = text.copy()
    changed[end] = phrase[end - near]
    other = text.copy()
    q = size - 1 - int(rng.integers(0, 3)) if first else int(rng.integers(0, 3))
    edit = int(rng.integers(0, 3))
    if edit == 0:
        other[q] = 6000
    elif edit == 1:
        other = np.insert(other, q, [6000] * int(rng.integers(1, 3)))
    else:
        other = np.delete(other, range(q, min(size, q + int(rng.integers(1, 3)))))
    changed, other = changed.astype(np.uint64), other.astype(np.uint64)
    return (changed, other) if rng.integers(0, 2) else (other, changed)


def test_a_change_completing_a_phrase_is_counted(monkeypatch):
    """Where the changed unit of y completes a phrase x holds eight times, the phrase's k-grams
    stop anchoring in the general path; the counted shortcuts (sides equally long or not)
    count y's k-grams off the stretch with x's and hand over there (and answer where the
    phrase stays under)."""
    rng = np.random.default_rng(1960)
    cases = []
    for _ in range(400):
        k = int(rng.integers(2, 7))
        x, y = _completing(rng, k)
        cases.append((x, y, k, int(rng.integers(alignment.MAX_OCCURRENCES, 25))))
    seen = _spy_counted(monkeypatch)
    _aligned_as_the_general_path(monkeypatch, cases)
    assert seen[True] > 40 and seen[False] > 40 and seen["read"] == seen[True] + seen[False], seen


def _cut_apart(rng: np.random.Generator, la: int, alphabet: int, d: int) -> tuple[np.ndarray, np.ndarray, int, int]:
    """Two copies of one text cut a unit apart (y[i + d] = x[i]), each with a unit more at its
    other end, between common ends; the region's head and tail."""
    text = _units(rng, la - 1, alphabet)
    ex, ey = [np.uint64(9000)], [np.uint64(9001)]
    x, y = (np.concatenate((text, ex)), np.concatenate((ey, text))) if d > 0 else \
        (np.concatenate((ex, text)), np.concatenate((text, ey)))
    head, tail = int(rng.integers(0, 3)), int(rng.integers(0, 3))
    ends = rng.integers(20000, 20100, head + tail)
    return (np.concatenate((ends[:head], x, ends[head:])).astype(np.uint64),
            np.concatenate((ends[:head], y, ends[head:])).astype(np.uint64), head, tail)


@pytest.mark.parametrize("k", range(2, 9))
def test_cut_apart_told_it_answers_where_in_line_answers(k, monkeypatch):
    """Told the count, `_shifted_by_one` answers where `_in_line` (on the region `_fill` gets,
    its differing units known) does, with its stretch, for every region length around
    DP_CELLS and the bounds, every told count, either diagonal; over a few units or periodic
    `_in_line` may answer where the shortcut hands over, never the other way round."""
    monkeypatch.setattr(alignment, "_counted_alone", lambda *_: False)
    rng = np.random.default_rng(20 + k)
    answered = declined = 0
    for la in range(k + 1, 60):
        for d in (-1, 1):
            for most in range(1, alignment.MAX_OCCURRENCES + 1):
                alphabet = 100000 if rng.integers(0, 4) else int(rng.integers(0, 5))
                x, y, head, tail = _cut_apart(rng, la, alphabet, d)
                differ = np.flatnonzero(x != y)
                tx, ty = np.zeros(len(x), bool), np.zeros(len(y), bool)
                anchors = _in_line(x, y, head, len(x) - tail, head, len(y) - tail, k, tx, ty,
                                   lambda m=most: m, differ)
                if la * la <= alignment.DP_CELLS or len(differ) <= 2 * k - 2:
                    anchors = None  # the region is `_lcs`'s, or left to the general path
                fast = alignment._shifted_by_one(x, y, head, tail, k, lambda m=most: m)
                if fast:
                    assert fast == d and len(differ) > 2 * k - 2
                    assert anchors == [(head + max(0, -d), head + max(0, d), la - 1)], (la, d, most)
                    answered += 1
                else:
                    assert anchors is None or alphabet < 100000, (la, d, most, anchors)
                    declined += 1
    assert answered > 100 and declined > 100, (answered, declined)


@pytest.mark.parametrize("seed", range(1))
def test_copies_cut_apart_are_aligned_as_the_general_path_aligns_them(seed, monkeypatch):
    """align_units with the shortcuts == with none on copies cut a unit apart (random,
    few-unit, periodic and phrase-repeating text, k 1-8, maybe a unit changed too, the count
    told true or far too high): the shortcut answers on both diagonals, told and counted."""
    rng = np.random.default_rng(1970 + seed)
    cases = []
    for _ in range(400):
        k = int(rng.integers(1, 9))
        text = stressed_units(rng, int(rng.integers(k + 4, 150)), k, 13)
        x, y = text[:-1].copy(), text[1:].copy()
        if rng.integers(0, 4) == 0:
            x[int(rng.integers(0, len(x)))] = 5000
        x, y = x.astype(np.uint64), y.astype(np.uint64)
        if rng.integers(0, 2):
            x, y = y, x
        cases.append((x, y, k, _told(rng, x, k)))
    seen = Counter()
    real = alignment._shifted_by_one

    def spy(*args):
        d = real(*args)
        seen[d] += 1
        return d

    monkeypatch.setattr(alignment, "_shifted_by_one", spy)
    counted = _spy_counted(monkeypatch)
    _aligned_as_the_general_path(monkeypatch, cases)
    assert seen[1] > 30 and seen[-1] > 30 and seen[0] > 30, seen
    assert counted[True] > 15 and counted[False] > 15 and counted["read"] == counted[True] + counted[False], counted
