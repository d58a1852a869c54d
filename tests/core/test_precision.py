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
