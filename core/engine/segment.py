"""Chinese word segmentation (jieba's, via rjieba), loaded lazily once per process."""

from __future__ import annotations

import re

from core.engine.lexicon import en_lexicon, zh_lexicon
from core.engine.normalize import code_tables

_HAN_RUN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]+")


def han_words(text: str) -> list[str]:
    """jieba's words (precise mode, no HMM) of the Chinese runs of `text`; Latin text never
    reaches the segmenter.

    Segmented by rjieba (jieba-rs: jieba's dictionary and algorithm in Rust), much faster than
    jieba itself and word-for-word the same on real text (tests/core/test_segment.py); the two
    differ only in how they break exact ties such as 人人人. HMM is off: new-word discovery
    adds nothing to a fingerprint and costs a third of the time.
    """
    runs = _HAN_RUN.findall(text)
    if not runs:
        return []
    import rjieba

    return rjieba.cut("\n".join(runs), hmm=False)


def warm_up() -> None:
    """Load the segmenter's dictionary, the IDF tables and the code-point tables now (once per
    process).

    The desktop app calls this on a thread at start-up, so that the first check does not:
    rjieba builds its dictionary holding the GIL, which would freeze the window.
    """
    han_words("预热")
    code_tables()
    zh_lexicon()
    en_lexicon()
