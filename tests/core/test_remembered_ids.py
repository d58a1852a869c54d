"""The ids of a remembered line's words are looked up once (core.engine.simhash._zh_ids): every
batch's ids, and the order the lexicon learns words in, stay what looking every word up gives,
across the lexicon starting afresh between batches and within one."""

import random

import numpy as np
import pytest

from core.engine import lexicon as lexicon_module
from core.engine.lexicon import Lexicon
from core.engine.segment import Remembered, words_of
from core.engine.simhash import _zh_ids

TABLE = sorted({"研究", "生命", "起源", "学校", "家庭", "阅读", "时间", "学生"})


def _lexicon() -> Lexicon:
    return Lexicon(np.array(TABLE), np.arange(1.0, len(TABLE) + 1), 0.5)


def _batches(seed: int) -> list[list[list]]:
    """Batches of texts made of word lists and remembered lines; the lines recur across texts
    and batches, some twice in one text, some empty, and new words keep coming."""
    rng = random.Random(seed)
    vocabulary = TABLE + [f"词{i}" for i in range(60)]
    lines = [Remembered(rng.sample(vocabulary, rng.randrange(0, 6))) for _ in range(12)]
    batches = []
    for b in range(60):
        texts = []
        for _ in range(rng.randrange(0, 5)):
            pieces = [rng.choice(lines) if rng.random() < 0.6 else
                      [rng.choice(vocabulary) if rng.random() < 0.8 else f"新{b}-{rng.randrange(9)}"
                       for _ in range(rng.randrange(0, 4))]
                      for _ in range(rng.randrange(0, 7))]
            texts.append(pieces)
        batches.append(texts)
    return batches


@pytest.mark.parametrize("seed", range(4))
def test_ids_are_those_of_every_word_looked_up(seed, monkeypatch):
    monkeypatch.setattr(lexicon_module, "LEARNED_LIMIT", 40)  # starts afresh every few batches
    remembering, plain = _lexicon(), _lexicon()
    reused = afresh = 0
    for texts in _batches(seed):
        before = remembering.epoch
        known = sum(isinstance(p, Remembered) and p.looked is not None and p.looked[0] is before
                    for pieces in texts for p in pieces)
        with remembering.lock:
            got, sizes = _zh_ids(texts, remembering)
        want = plain.ids([w for pieces in texts for w in words_of(pieces)])
        assert got.dtype == want.dtype and got.tolist() == want.tolist()
        assert sizes == [len(words_of(pieces)) for pieces in texts]
        assert remembering._learned == plain._learned and len(remembering) == len(plain)
        reused += known
        afresh += known > 0 and remembering.epoch is not before
    # the test proves something: ids were reused, and the lexicon started afresh in a batch that reused some
    assert reused > 50 and afresh >= 1
