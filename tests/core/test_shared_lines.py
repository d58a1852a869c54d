"""Lines several texts hold are segmented once (core.engine.segment.shared_lines): every text's
words, and so its simhash, vocabulary and IDF, stay what the text gets alone."""

import random
from pathlib import Path

import pytest

import core.engine.profile as profile_module
from core.engine import segment
from core.engine.profile import profiles
from core.engine.segment import content_words, shared_lines, words_of
from core.engine.simhash import cut_prose, vocabulary
from core.loaders import load_document
from core.models import Document
from core.options import CheckOptions
from core.pipeline import run

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"
OPTIONS = CheckOptions()

# lines with no Han run, runs up to a "\r\n" and a lone "\r", a paragraph twice in one text,
# Latin text and digits, empty and blank lines, a long run, words that form across line ends
# (研 / 究), other line breaks Python's splitlines knows, markup joining lines (a comment and
# a code fence over several lines)
PARAGRAPH = "网络改变了青少年的阅读习惯，学校和家庭应当引导学生安排整块的阅读时间。"
LONG = "我们研究生命起源的时候发现学校和家庭应当引导学生安排整块的阅读时间让经典作品重新回到书桌上"
LINES = [
    PARAGRAPH, "", "   ", "plain English line, 42 numbers and more words", PARAGRAPH + "\r",
    "他说：研究生命起源。\r\n我们 use 研究 tools 42 次", LONG, "研", "究生命起源的问题很重要", "\u3000\u3000" + PARAGRAPH,
    "第一段\u2028第二段的内容也在这一行里面", "分页\x0c之后的段落还在同一行里面", "研究\r研究生命起源的问题",
    "<!-- 注释从这里开始", "到这里结束 --> 然后是正文的内容，研究生命起源", "```", "代码块里面的内容不算正文", "```",
    "他在\u3400\u3401中写了\uf900字和\U00020000\U00020001", PARAGRAPH,
]


def _texts(seed: int, count: int) -> list[str]:
    """Texts made of the stressed lines, each drawn many times, in random orders and joins."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        lines = [rng.choice(LINES) for _ in range(rng.randrange(0, 12))]
        out.append(rng.choice(["\n", "\r\n", "\n\n"]).join(lines) + rng.choice(["", "\n", "。"]))
    return out


def _near_copies() -> list[str]:
    """The class shapes, small: copies of the sample essays with one character changed, with a
    name line on top, with blank lines after, and the essays as they are."""
    rng = random.Random(7)
    bodies = [load_document(p, 0).text for p in sorted(SAMPLES.glob("zh_*")) if p.suffix == ".txt"]
    out = []
    for i in range(40):
        text = bodies[i % len(bodies)]
        at = rng.randrange(len(text))
        out += [text[:at] + "鑫" + text[at + 1:], f"姓名：张{i}  学号：{20240000 + i}\n\n" + text,
                text + "\n" * (i % 3), text]
    return out


@pytest.fixture
def fresh_memory(monkeypatch):
    """content_words' memory, empty for the test and left as it was after."""
    monkeypatch.setattr(segment, "_remembered", {})
    monkeypatch.setattr(segment, "_held", [0])
    return segment._remembered


def test_shared_lines_are_the_long_lines_held_more_than_once():
    texts = [PARAGRAPH + "\n短行\n" + LONG, "短行\n" + LONG + "\n" + LONG, "其他的一行文字，谁也没有写过的内容\n短行", ""]
    assert shared_lines(texts) == [(2,), (1, 2), (), ()]
    assert shared_lines([PARAGRAPH, LONG]) == [(), ()]  # nothing repeats: nothing to remember


@pytest.mark.parametrize("shortest", [segment.SHARED_LINE, 1, 3])
def test_each_text_gets_the_words_it_gets_alone(shortest, monkeypatch, fresh_memory):
    # every text twice: the second time every shared line's words come from memory
    monkeypatch.setattr(segment, "SHARED_LINE", shortest)
    texts = _texts(1, 150) + _near_copies()
    shared = shared_lines(texts)
    assert sum(map(len, shared)) > 200
    for text, lines in zip(texts + texts, shared + shared):
        (clean, pieces), (alone, words) = cut_prose(text, lines), cut_prose(text)
        assert clean == alone and words_of(pieces) == words_of(words)
        assert content_words(text, lines) == content_words(text)
    assert PARAGRAPH in fresh_memory, "no shared line was remembered: the test proves nothing"


def test_across_the_memory_limit(monkeypatch, fresh_memory):
    monkeypatch.setattr(segment, "SHARED_LINE", 1)
    monkeypatch.setattr(segment, "REMEMBERED_CHARS", 3 * len(LONG))
    texts = _texts(2, 100)
    for text, lines in zip(texts, shared_lines(texts)):
        assert content_words(text, lines) == content_words(text)
        assert segment._held[0] <= 3 * len(LONG)


def _same_profile(p, alone):
    assert (p.lang, p.params, p.simhash) == (alone.lang, alone.params, alone.simhash)
    for field in ("fp_hashes", "fp_units", "vocab", "vocab_idf"):
        assert getattr(p, field).dtype == getattr(alone, field).dtype
        assert (getattr(p, field) == getattr(alone, field)).all()


def test_profiles_with_shared_lines_are_each_texts_own(monkeypatch, fresh_memory):
    monkeypatch.setattr(segment, "SHARED_LINE", 3)
    texts = _texts(3, 60) + _near_copies()[:60]
    got = profiles(texts, OPTIONS, shared=shared_lines(texts))
    for text, p in zip(texts, got, strict=True):
        _same_profile(p, profiles([text], OPTIONS)[0])
    assert vocabulary(texts[0], got[0].units) == vocabulary(texts[0], profiles([texts[0]], OPTIONS)[0].units)


@pytest.mark.parametrize("workers", [1, 2])
def test_the_stage_remembers_shared_lines_and_gives_each_document_its_own_profile(monkeypatch, workers):
    """One process (its segmenting thread ahead) and two (a worker's own memory): each near copy
    gets the profile its text gets alone, the shared lines are remembered while the stage runs
    and let go of when it ends."""
    monkeypatch.setattr(segment, "_remembered", {})
    monkeypatch.setattr(segment, "_held", [0])
    texts = _near_copies() + _texts(4, 40)
    docs = [Document(i, f"d{i}", "", "txt", t) for i, t in enumerate(texts)]
    monkeypatch.setattr(profile_module, "CHUNK_CHARS", sum(map(len, texts)) // 10)
    remembered = []
    real = segment._remembered_words
    monkeypatch.setattr(segment, "_remembered_words", lambda piece, *a: remembered.append(piece) or real(piece, *a))
    received = []
    real_received = profile_module._received
    monkeypatch.setattr(profile_module, "_received", lambda *a: received.append(1) or real_received(*a))
    got = run(profile_module.profile_documents(docs, CheckOptions(workers=workers)))
    # this process takes jobs too (all of them with one process)
    assert len(remembered) > (100 if workers == 1 else 0), "no shared line was looked up: the test proves nothing"
    assert bool(received) == (workers == 2), "no worker profiled a job: the test proves nothing"
    assert not segment._remembered and segment._held[0] == 0
    for d, p in zip(docs, got, strict=True):
        _same_profile(p, profiles([d.text], OPTIONS)[0])
