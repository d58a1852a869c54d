import numpy as np

from core.engine.normalize import units
from core.engine.simhash import hamming, hamming_matrix, keywords, simhash, vocabulary

ESSAY = (
    "网络改变了青少年的阅读习惯。手机屏幕上的短文章和视频占据了大量时间，"
    "许多学生很少完整地读完一本书。碎片化阅读带来了信息，却削弱了专注和思考。"
    "学校和家庭应当引导学生安排整块的阅读时间，让经典作品重新回到他们的书桌上。"
) * 3


def fingerprint(text, top=64):
    return simhash(keywords(vocabulary(text, units(text)), top))


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


def test_keywords_are_weighted_and_deterministic():
    vocab = vocabulary(ESSAY, units(ESSAY))
    top = keywords(vocab, 5)
    assert top == keywords(vocabulary(ESSAY, units(ESSAY)), 5)
    assert all(len(w) > 1 for w, _ in top)
    weights = [x for _, x in top]
    assert weights == sorted(weights, reverse=True)
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
