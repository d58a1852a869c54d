import numpy as np

from core.engine.vocabulary import WEIGHT as VOCABULARY_WEIGHT
from core.matching.compare import near_duplicates
from core.models import Span
from core.options import CheckOptions
from core.pipeline import check_documents, run

SOURCE = "春眠不觉晓处处闻啼鸟夜来风雨声花落知多少床前明月光疑是地上霜举头望明月低头思故乡"
OTHER = "白日依山尽黄河入海流欲穷千里目更上一层楼"


def options(**kw):
    return CheckOptions(**kw)


def test_identical_documents_score_one(docs):
    report = run(check_documents(docs(SOURCE, SOURCE), options()))
    [pair] = report.pairs
    assert (pair.similarity, pair.left_coverage, pair.right_coverage, pair.hamming) == (1.0, 1.0, 1.0, 0)
    assert pair.longest == len(SOURCE)
    assert [(m.left, m.right) for m in pair.matches] == [(Span(0, 40), Span(0, 40))]


def test_copied_passage_inside_an_essay(docs):
    host = "甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉"
    report = run(check_documents(docs(SOURCE, host + SOURCE[:20] + host, OTHER), options()))
    top = report.pairs[0]
    assert (top.left, top.right) == (0, 1)
    [m] = top.matches
    assert m.left == Span(0, 20) and m.right == Span(20, 40)
    assert top.left_coverage == 0.5  # 20 of 40 units
    assert top.right_coverage == 20 / 60
    # exact and verbatim both cover 20 units of the source's 40 -> 0.5, plus the word share
    assert 0.5 <= top.similarity <= 0.5 + 0.5 * VOCABULARY_WEIGHT
    assert all(p.matches == () for p in report.pairs if 2 in (p.left, p.right))


def test_comparison_is_symmetric(docs):
    a, b = SOURCE + OTHER, OTHER + "一二三四五六七八九十" + SOURCE[:25]
    ab = run(check_documents(docs(a, b), options())).pairs[0]
    ba = run(check_documents(docs(b, a), options())).pairs[0]
    assert ab.similarity == ba.similarity and ab.hamming == ba.hamming
    assert (ab.left_coverage, ab.right_coverage) == (ba.right_coverage, ba.left_coverage)
    assert sorted((m.left, m.right) for m in ab.matches) == sorted((m.right, m.left) for m in ba.matches)


def test_template_text_is_ignored(docs):
    template = docs(SOURCE)[0]
    report = run(check_documents(docs(SOURCE + OTHER, SOURCE + "一二三四五六七八九十"), options(),
                                 template=template))
    assert all(not p.matches for p in report.pairs)


def test_min_passage_drops_short_passages(docs):
    report = run(check_documents(docs(SOURCE, "一二三四五" + SOURCE[:15]), options(min_passage=16)))
    assert all(not p.matches for p in report.pairs)


def test_near_duplicates_by_hand():
    fps = np.array([0b0000, 0b0111, 0b1111, 0b1000], dtype=np.uint64)
    assert near_duplicates(fps, 1, block=2) == {(1, 2), (0, 3)}
