"""Stock phrases are not passages; a copy still is (issue 12, "precision on genres you have not seen")."""

import random

from core.engine.normalize import units
from core.engine.profile import language
from core.options import CheckOptions
from core.pipeline import check_documents, run

PHRASES = ["中共中央政治局委员", "新华社北京电记者", "国务院新闻办公室", "外交部发言人表示"]


def han(rng: random.Random, n: int) -> str:
    return "".join(chr(rng.randrange(0x4E00, 0x4E00 + 3000)) for _ in range(n))


def with_phrases(rng: random.Random) -> str:
    """Unrelated text with the genre's set phrases 20 characters apart (inside the 45-unit
    gap that joins the pieces of one passage)."""
    return han(rng, 100) + "".join(p + han(rng, 20) for p in PHRASES) + han(rng, 100)


def test_set_phrases_a_few_characters_apart_are_no_passage(docs):
    rng = random.Random(1)
    a, b = with_phrases(rng), with_phrases(rng)
    report = run(check_documents(docs(a, b), CheckOptions()))
    assert all(not p.matches for p in report.pairs)


def test_a_verbatim_run_of_t_units_is_still_a_passage(docs):
    rng = random.Random(2)
    shared = han(rng, CheckOptions().params("zh").guarantee)
    report = run(check_documents(docs(han(rng, 80) + shared + han(rng, 80),
                                      han(rng, 60) + shared + han(rng, 60)), CheckOptions()))
    [pair] = report.pairs
    assert [len(m.left) for m in pair.matches] == [len(shared)]


def test_set_phrases_beside_a_real_copy_do_not_stretch_it(docs):
    rng = random.Random(3)
    copy = han(rng, 200)
    a = with_phrases(rng) + copy
    b = copy + han(rng, 50) + with_phrases(rng)
    [pair] = run(check_documents(docs(a, b), CheckOptions())).pairs
    [m] = pair.matches
    assert a[m.left.start:m.left.end] == copy


def test_a_chinese_report_full_of_figures_is_chinese():
    figures = "、".join(f"{m}月{m + 10}.{m}％" for m in range(1, 13)).translate(
        str.maketrans("0123456789", "０１２３４５６７８９"))
    text = f"新华社北京电 全国规模以上工业增加值同比增长，各月：{figures}。"
    u = units(text)
    assert language(u) == "en"  # counted by units alone, the figures outnumber the characters
    assert language(u, text) == "zh"


def test_the_thinning_end_of_a_heavily_edited_copy_stays_in_the_passage(docs):
    """A copy whose last part is heavily edited: its shared k-grams there are pieces too thin
    to be solid, more than short_gap apart, but in line with the copy (issue 12: the solid-piece
    rule cut them and zh recall fell)."""
    rng = random.Random(4)
    core, tail = han(rng, 150), [han(rng, 8) for _ in range(3)]
    left = core + "".join(han(rng, 20) + piece for piece in tail)
    right = core + "".join(han(rng, 20) + piece for piece in tail)
    a, b = han(rng, 100) + left + han(rng, 100), han(rng, 60) + right + han(rng, 60)
    assert 20 > CheckOptions().params("zh").short_gap  # the tail's pieces are pieces of their own
    [pair] = run(check_documents(docs(a, b), CheckOptions(semantic=False))).pairs
    [m] = pair.matches
    assert a[m.left.start:m.left.end] == left and b[m.right.start:m.right.end] == right


def test_thin_pieces_never_make_a_passage_dense(docs):
    """Stock phrases in line with a piece that is solid but not dense stay no passage."""
    rng = random.Random(5)
    x, y = han(rng, 8), han(rng, 8)  # 16 units in shared k-grams: solid (t = 14), but no
    # verbatim run of t and under `dense` (28): not dense; two set phrases in line before it
    phrases = lambda: PHRASES[0] + han(rng, 20) + PHRASES[2] + han(rng, 20)
    a = han(rng, 80) + phrases() + x + "甲" + y + han(rng, 80)
    b = han(rng, 50) + phrases() + x + "乙" + y + han(rng, 50)
    report = run(check_documents(docs(a, b), CheckOptions(semantic=False)))
    assert all(not p.matches for p in report.pairs)


def test_a_passage_takes_in_the_marks_both_texts_share(docs):
    """The closing mark of a copied sentence (and an opening quote before it) belongs to the
    passage when both texts have it; a mark only one side has does not."""
    rng = random.Random(6)
    copy = han(rng, 60)
    a = han(rng, 40) + "。“" + copy + "。”" + han(rng, 40)
    b = han(rng, 30) + "：“" + copy + "。" + han(rng, 30)
    [pair] = run(check_documents(docs(a, b), CheckOptions(semantic=False))).pairs
    [m] = pair.matches
    assert a[m.left.start:m.left.end] == "“" + copy + "。"
    assert b[m.right.start:m.right.end] == "“" + copy + "。"
    c = han(rng, 30) + copy + "，" + han(rng, 30)  # a comma where a has a full stop
    [pair] = run(check_documents(docs(a, c), CheckOptions(semantic=False))).pairs
    assert [a[m.left.start:m.left.end] for m in pair.matches] == [copy]
