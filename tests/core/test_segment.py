"""core.engine.segment: rjieba gives jieba's own words, and only Chinese runs are segmented."""

import logging
from pathlib import Path

import jieba
import numpy as np
import pytest

from core.engine.lexicon import en_lexicon, zh_lexicon
from core.engine.segment import _HAN_RUN, han_words
from core.loaders import load_document

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


def _jieba_words(text: str) -> list[str]:
    jieba.setLogLevel(logging.WARNING)
    return jieba.lcut("\n".join(_HAN_RUN.findall(text)), HMM=False)


@pytest.mark.parametrize("name", sorted(p.name for p in SAMPLES.glob("zh_*") if p.suffix != ".py"))
def test_same_words_as_jieba_on_the_sample_essays(name):
    text = load_document(SAMPLES / name, 0).text
    words = han_words(text)
    assert len(words) > 200
    assert words == _jieba_words(text)


def test_same_words_as_jieba_on_rare_characters():
    # extension A, compatibility ideographs and extension B are Han runs too; jieba passes
    # characters outside its dictionary through one by one
    text = "他在\u3400\u3401中写了\uf900字和\U00020000\U00020001，然后说：我们的研究生命起源。"
    assert han_words(text) == _jieba_words(text)
    assert "\U00020000" in han_words(text)


def test_only_chinese_runs_reach_the_segmenter():
    assert han_words("plain English, 42 numbers!") == []
    assert han_words("我们 use 研究 tools") == ["我们", "\n", "研究"]


def _idf(lexicon, word):
    with lexicon.lock:
        return float(lexicon.idf(lexicon.ids([word]))[0])


def test_idf_tables_rank_common_words_below_rare_ones():
    zh, en = zh_lexicon(), en_lexicon()
    assert _idf(zh, "的") < _idf(zh, "我们") < _idf(zh, "鲁迅") < zh.unlisted  # most listed words are rare
    assert _idf(en, "the") < _idf(en, "plagiarism") < en.unlisted


def test_idf_tables_hold_every_line_of_their_files():
    # read with one split, not line by line: the same words and values as line by line
    path = Path(jieba.__file__).parent / "analyse" / "idf.txt"
    table = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        word, _, value = line.partition(" ")
        table[word] = float(value)
    zh = zh_lexicon()
    sample = list(table)[::997] + ["没有的词语"]
    assert [_idf(zh, w) for w in sample] == [table.get(w, zh.unlisted) for w in sample]
    assert zh.unlisted == float(np.median(list(table.values())))
