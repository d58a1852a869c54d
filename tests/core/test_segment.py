"""core.engine.segment: rjieba gives jieba's own words, and only Chinese runs are segmented."""

import logging
from pathlib import Path

import jieba
import numpy as np
import pytest

from core.engine import segment
from core.engine.lexicon import en_lexicon, zh_lexicon
from core.engine.segment import _HAN_RUN, content_words, han_words
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


# a long unpunctuated run (as in a class of near copies), words that form across the points
# where the runs end (研究 in 研, 究), Latin text and digits between runs, rare characters
LONG = "我们研究生命起源的时候发现学校和家庭应当引导学生安排整块的阅读时间让经典作品重新回到书桌上"
CASES = [
    LONG,  # the whole text one long run, no punctuation
    LONG + "。他说：研究生命起源。",  # a long run at the start
    "他说：研究生命起源。" + LONG,  # at the end
    "他说，" + LONG + "，我们 use 研究 tools 42 次" + LONG + "研究",  # twice, with Latin and digits around
    "研,究生命起源" + LONG[:-1] + "\n" + LONG[-1] + "究",  # words across the ends of runs
    "网络改变了青少年的阅读习惯" * 4,  # a long run repeating a sentence
    "他在\u3400\u3401中写了\uf900字和\U00020000\U00020001" + LONG + "\U00020000研究",
    "plain English, 42 numbers!",
    "",
]


def _weighed(text):
    return [w for w in han_words(text) if len(w) > 1]


@pytest.fixture
def fresh_memory(monkeypatch):
    """content_words' memory of long runs, empty for the test and left as it was after."""
    monkeypatch.setattr(segment, "_remembered", {})
    monkeypatch.setattr(segment, "_held", [0])
    return segment._remembered


@pytest.mark.parametrize("long_run", [segment.LONG_RUN, 2, 5])
def test_content_words_are_the_weighed_words_of_han_words(long_run, monkeypatch, fresh_memory):
    # every text twice: the second time the long runs' words come from memory
    monkeypatch.setattr(segment, "LONG_RUN", long_run)
    samples = [load_document(p, 0).text for p in sorted(SAMPLES.glob("zh_*")) if p.suffix != ".py"]
    for text in CASES + samples + CASES:
        assert content_words(text) == _weighed(text)
    assert LONG in fresh_memory  # the long runs were remembered, and read back the second time
    assert len(fresh_memory[LONG].words()) == len(_weighed(LONG)) > 10


def test_a_remembered_run_gives_its_own_words_wherever_it_stands(fresh_memory):
    first = content_words(LONG + "，研究")
    assert first == _weighed(LONG) + ["研究"]
    # a longer run beginning with the remembered one is another run: 到书桌上 ends in 上课
    assert content_words(LONG + "课") == _weighed(LONG + "课") != _weighed(LONG)
    # the returned words are the caller's own: changing them changes nothing remembered
    first.clear()
    assert content_words("研究：" + LONG) == ["研究"] + _weighed(LONG)


def test_long_runs_are_forgotten_past_the_limit(monkeypatch, fresh_memory):
    monkeypatch.setattr(segment, "REMEMBERED_CHARS", 2 * len(LONG))
    other = LONG[::-1]
    third = LONG[1:] + LONG[0]
    for text in (LONG, other, third, LONG):
        assert content_words(text) == _weighed(text)
        assert segment._held[0] == sum(map(len, fresh_memory)) <= 2 * len(LONG)
    assert set(fresh_memory) == {third, LONG}  # started afresh at the third


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
