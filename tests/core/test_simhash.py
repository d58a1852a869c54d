from pathlib import Path

import numpy as np
import pytest

from core.engine.hashing import hash_strings
from core.engine.lexicon import en_lexicon, zh_lexicon
from core.engine.normalize import units
from core.engine.simhash import hamming, hamming_matrix, simhash, vocabulary, word_features
from core.loaders import load_document

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"
IDF_FLOOR = 6.0

ESSAY = (
    "网络改变了青少年的阅读习惯。手机屏幕上的短文章和视频占据了大量时间，"
    "许多学生很少完整地读完一本书。碎片化阅读带来了信息，却削弱了专注和思考。"
    "学校和家庭应当引导学生安排整块的阅读时间，让经典作品重新回到他们的书桌上。"
) * 3


def fingerprint(text, top=64):
    return word_features([text], [units(text)], top)[0][0]


def keywords(vocab, top):
    """The rule word_features follows, one text at a time: the `top` words by TF-IDF weight,
    heaviest first, ties by word."""
    best = sorted((-n * idf, w) for w, (n, idf) in vocab.items())[:top]
    return [(w, -negative) for negative, w in best]


def test_hamming_by_hand():
    assert hamming(0b1011, 0b0001) == 2
    assert hamming(0, (1 << 64) - 1) == 64
    m = hamming_matrix(np.array([0b1011, 0b0001, 0], dtype=np.uint64))
    assert m.tolist() == [[0, 2, 3], [2, 0, 1], [3, 1, 0]]


def test_simhash_by_hand_with_two_features():
    # one feature: the fingerprint is its hash; a heavier feature wins every bit it votes on
    from core.engine.hashing import hash_strings

    h = int(hash_strings(["alpha"])[0])
    assert simhash([("alpha", 1.0)]) == h
    assert simhash([("alpha", 3.0), ("beta", 1.0)]) == h
    assert simhash([]) == 0


def test_vocabulary_counts_content_words():
    vocab = vocabulary(ESSAY, units(ESSAY))
    assert all(len(w) > 1 for w in vocab)
    assert vocab["阅读"][0] == 9  # 阅读习惯, 碎片化阅读, 阅读时间: 3 times per copy


def test_english_words_use_the_shipped_idf():
    text = "The homework debate: homework helps students practise. Homework!"
    vocab = vocabulary(text, units(text))
    assert vocab["homework"][0] == 3
    assert vocab["the"][1] < vocab["homework"][1]  # a common word weighs less


def test_near_duplicate_is_close_and_unrelated_is_far():
    edited = ESSAY.replace("许多学生", "不少学生", 1)
    other = "Homework should not be abolished, because practice builds skill and habit." * 5
    assert hamming(fingerprint(ESSAY), fingerprint(edited)) <= 3
    assert hamming(fingerprint(ESSAY), fingerprint(other)) > 10


# ties of weight (words the IDF table does not list, each used once) at the cut of the top
# words, Latin words, markup, numbers, a full-width Latin word, an empty text
TEXTS = [
    ESSAY,
    "甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥" * 2 + "。鲁迅先生写道：我们研究生命起源。",
    ("The homework debate: homework helps students practise. Homework! 作业 and 练习 <b>粗体</b> "
     "https://example.org/作业 42 4th ＨＯＭＥＷＯＲＫ"),
    "",
    "孔乙己是站着喝酒而穿长衫的唯一的人。" * 4 + " ".join(f"zq{chr(0x7A - i % 26)}{chr(0x61 + i // 26)}x" for i in range(90)),
]


@pytest.mark.parametrize("top", [1, 5, 64])
def test_word_features_follow_the_keyword_rule_text_by_text(top):
    samples = [load_document(p, 0).text for p in sorted(SAMPLES.glob("*")) if p.suffix != ".py" and p.name != "README.md"]
    texts = TEXTS + samples
    got = word_features(texts, [units(t) for t in texts], top)
    for text, (fingerprint_, vocab, idf) in zip(texts, got):
        words = vocabulary(text, units(text))
        assert fingerprint_ == simhash(keywords(words, top))
        content = sorted((int(hash_strings([w])[0]), x) for w, (_, x) in words.items() if x >= IDF_FLOOR)
        assert vocab.tolist() == [h for h, _ in content]
        assert idf.tolist() == np.array([x for _, x in content], dtype=np.float32).tolist()
    assert got[3][0] == 0 and not len(got[3][1])
    assert len(keywords(vocabulary(TEXTS[4], units(TEXTS[4])), 200)) > 64  # invented words, all as heavy: ties across the cut


def test_vocabulary_as_one_dictionary_built_word_by_word():
    # the rule in plain Python: jieba words of two or more characters with the zh table's IDF,
    # then Latin words (NFKC, case-folded, not numbers) with the en table's, the later winning
    import unicodedata
    from collections import Counter

    from core.engine.segment import han_words
    from core.engine.simhash import prose

    zh, en = zh_lexicon(), en_lexicon()

    def idf(lexicon, w):
        with lexicon.lock:
            return float(lexicon.idf(lexicon.ids([w]))[0])

    for text in TEXTS:
        u = units(text)
        clean = prose(text)
        want = {w: (n, idf(zh, w)) for w, n in Counter(han_words(clean)).items() if len(w) > 1}
        latin = Counter(unicodedata.normalize("NFKC", clean[s:e]).casefold()
                        for s, e in zip(u.starts[~u.single].tolist(), u.ends[~u.single].tolist()))
        for w, n in latin.items():
            w = w.strip()
            if len(w) > 1 and not w.isdigit() and not w[0].isdigit():
                want[w] = (n, idf(en, w))
        assert vocabulary(text, u) == want
