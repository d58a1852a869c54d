"""`aligned_matches` reads off one passage whose equally long sides are equal or one or two
units apart (`_equal_sides`): its matches, changes, marks and figures must be those of the general
path (`align_units` and the masks), and every other passage must go the general way."""

import random

import numpy as np

from core.engine.hashing import kgram_hashes
from core.engine.normalize import Units
from core.engine.profile import profiles
from core.matching import alignment
from core.matching.compare import compare
from core.matching.passages import UnitMatch
from core.options import CheckOptions
from core.pipeline import run

_MARKS = ["", "", " ", "。", "，", "“", "(", "「", ".", "」", "”"]


def _side(hashes: list[int], marks: list[str]) -> tuple[Units, str]:
    """Units of the given hashes, one or two characters each, with the marks between them."""
    text, starts, ends = [], [], []
    at = 0
    for h, mark in zip(hashes, marks):
        text.append(mark)
        at += len(mark)
        word = chr(0x4E00 + h % 3000) * (1 + h % 2)
        starts.append(at)
        text.append(word)
        at += len(word)
        ends.append(at)
    text.append(marks[len(hashes)] if len(marks) > len(hashes) else "")
    return (Units(np.array(starts, np.int32), np.array(ends, np.int32), np.array(hashes, np.uint64),
                  np.ones(len(hashes), bool)), "".join(text))


def _case(rng: random.Random):
    """Two documents holding one passage of equally long sides: a copy with no, one, two
    (next to each other, one apart, at either end) or three units changed, in text of few or
    many distinct units that may repeat a phrase, between units and marks of their own; the
    marks around the passage changed on one side now and then."""
    k = rng.randint(1, 6)
    n = rng.choice([rng.randint(2, 30), rng.randint(20, 200), rng.randint(20, 200)])
    alphabet = rng.choice([3, 30, 3000])
    core = [rng.randrange(alphabet) for _ in range(n)]
    if rng.random() < 0.3 and n > 2 * k + 2:  # a phrase repeated
        phrase = [rng.randrange(4) for _ in range(k + 1)]
        for _ in range(rng.randint(2, 6)):
            at = rng.randrange(n - len(phrase))
            core[at:at + len(phrase)] = phrase
    copy = list(core)
    changes = rng.choice([0, 0, 1, 2, 2, 2, 2, 2, 2, 3])
    spots = rng.choice(["any", "any", "ends", "next", "apart", "around DP_CELLS"])
    if changes == 2 and spots != "any":
        p = {"ends": 0, "next": rng.randrange(n - 1), "apart": rng.randrange(max(1, n - 2)),
             "around DP_CELLS": rng.randrange(max(1, n - 21))}[spots]
        q = {"ends": n - 1, "next": p + 1, "apart": min(n - 1, p + 2),
             "around DP_CELLS": min(n - 1, p + rng.randint(18, 21))}[spots]
        places = sorted({p, q})
    else:
        places = rng.sample(range(n), min(n, changes))
    for at in places:  # a new unit, or the one next to it doubled (the alignment may pair it instead)
        copy[at] = rng.choice([5000 + rng.randrange(3), core[max(0, at - 1)], core[min(n - 1, at + 1)]])
    pre_a, pre_b = rng.randint(0, 4), rng.randint(0, 4)
    x = [9000 + rng.randrange(50) for _ in range(pre_a)] + core + [9100 + rng.randrange(50) for _ in range(rng.randint(0, 4))]
    y = [9200 + rng.randrange(50) for _ in range(pre_b)] + copy + [9300 + rng.randrange(50) for _ in range(rng.randint(0, 4))]
    marks_x = [rng.choice(_MARKS) for _ in range(len(x) + 1)]
    marks_y = [rng.choice(_MARKS) for _ in range(len(y) + 1)]
    for i in range(n + 1):  # the marks inside and around the passage mostly shared
        if rng.random() < 0.8:
            marks_y[pre_b + i] = marks_x[pre_a + i]
    (a, ta), (b, tb) = _side(x, marks_x), _side(y, marks_y)
    passages = [UnitMatch(pre_a, pre_a + n, pre_b, pre_b + n, n)]
    if rng.random() < 0.1:  # two passages, or sides unequally long: the general path
        passages.append(UnitMatch(pre_a, pre_a + n // 2, pre_b, pre_b + n // 2)) if rng.random() < 0.5 else (
            passages.__setitem__(0, UnitMatch(pre_a, pre_a + n, pre_b, pre_b + n - 1)))
    # the guarantee t and `taken` (LangParams.dense) around the passage's figures, --min-passage now and then
    t = rng.choice([2, n - 2, n - 1, n, max(1, n // 2), n // 2 + 1, 30])
    taken = rng.choice([n - 3, n - 2, n - 1, n, n + 1, 28])
    min_chars = rng.choice([0, 0, 0, 1, len(ta) // 3, 2 * n, 3 * n])
    hx = kgram_hashes(a.hashes[pre_a:pre_a + n], k) if n >= k else np.zeros(0, np.uint64)
    most = int(np.unique(hx, return_counts=True)[1].max()) if len(hx) else 0
    repeats = rng.choice([None, most, most, most, rng.randint(1, 9)])
    texts = (ta, tb) if rng.random() < 0.8 else None
    return a, b, passages, k, min_chars, t, taken, texts, (None if repeats is None else (lambda r=repeats: r))


def _answered(monkeypatch) -> list[str]:
    """Wrap `_equal_sides` to record what each call answered."""
    seen, real = [], alignment._equal_sides

    def counted(a, b, m, *args):
        got = real(a, b, m, *args)
        seen.append("general" if got is None else "dropped" if not got[0] else
                    "verbatim" if not got[1].changed_left else f"{got[1].changed_left} changed")
        return got

    monkeypatch.setattr(alignment, "_equal_sides", counted)
    return seen


def test_one_passage_of_equal_sides_is_read_off_as_the_general_path_aligns_it(monkeypatch):
    rng = random.Random(193)
    cases = [_case(rng) for _ in range(3000)]
    seen = _answered(monkeypatch)
    fast = [repr(alignment.aligned_matches(*c)) for c in cases]  # repr: numbers of the same types too
    monkeypatch.setattr(alignment, "_equal_sides", lambda *args: None)
    slow = [repr(alignment.aligned_matches(*c)) for c in cases]
    for c, f, s in zip(cases, fast, slow):
        assert f == s, c
    counts = {kind: seen.count(kind) for kind in ("general", "dropped", "verbatim", "1 changed", "2 changed")}
    assert counts["2 changed"] > 80 and counts["1 changed"] > 150 and counts["verbatim"] > 300, counts
    assert counts["dropped"] > 200, counts
    assert counts["general"] > 600, counts


def _texts(rng: random.Random, english: bool) -> list[str]:
    """Near copies of a few essays: handed in as they are, with one character or word changed
    (at either end too), with punctuation changed, or with a name line on top; all of them
    open with the same assignment text (a template)."""
    words = ["the", "of", "river", "stone", "said", "and", "was", "light", "north", "a", "morning", "field"]
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]
    phrases = [" ".join(rng.choice(words) for _ in range(5)) if english else
               "".join(rng.choice("甲乙丙丁戊己庚辛") for _ in range(7)) for _ in range(4)]
    assignment = ("Write about a place you know well. " if english else "请写一篇关于你熟悉的地方的文章。")

    def essay() -> str:
        out = []
        while sum(map(len, out)) < 700:
            out.append(rng.choice(phrases) if rng.random() < 0.05 else
                       " ".join(rng.choice(words) for _ in range(rng.randint(4, 12))) if english else
                       "".join(rng.choice(alphabet) for _ in range(rng.randint(4, 12))))
            out.append(rng.choice([". ", ", ", "; "]) if english else rng.choice("，。；"))
        return assignment + "".join(out)

    texts = []
    for base in (essay() for _ in range(3)):
        for how in ("same", 1, 2, 3, 4, "first", "last", "mark", "name"):
            chars = list(base)
            if how not in ("same", "mark", "name"):  # a unit changed a fifth of the way in, ..., or at an end
                at = {"first": len(assignment), "last": len(chars) - 3}.get(how) or how * len(chars) // 5
                if english:
                    while at < len(chars) and not chars[at].isalpha():
                        at += 1
                    chars[at:at + 1] = "Q"
                else:
                    chars[at] = "鑫"
            elif how == "mark":
                at = [i for i, c in enumerate(chars) if c in ".,;，。；"][rng.randrange(5)]
                chars[at] = "!" if english else "！"
            elif how == "name":
                chars[:0] = f"Name: {rng.choice(['Ann Lee', 'Bo Wu'])}\n\n" if english else f"姓名：{rng.choice('张王李')}\n\n"
            texts.append("".join(chars))
    return texts


def test_a_check_of_near_copies_finds_the_same_with_passages_read_off(monkeypatch):
    """Whole checks of near copies in both languages, with and without --min-passage: the
    reports' pairs are those found when every passage is aligned by `align_units`."""
    rng = random.Random(24)
    seen = _answered(monkeypatch)
    checks = []
    for english in (False, True):
        texts = _texts(rng, english)
        for min_passage in (0, 60):
            options = CheckOptions(semantic=False, min_passage=min_passage)
            checks.append((texts, options))
    together = [repr(run(compare(profiles(texts, o), o, texts=texts))) for texts, o in checks]
    assert seen.count("2 changed") >= 40 and seen.count("1 changed") >= 40 and seen.count("verbatim") >= 20, seen
    monkeypatch.setattr(alignment, "_equal_sides", lambda *args: None)
    alone = [repr(run(compare(profiles(texts, o), o, texts=texts))) for texts, o in checks]
    assert together == alone
