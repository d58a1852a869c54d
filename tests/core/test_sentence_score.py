"""The sentence score of the meaning layer: its features, where the MSRP fit judges a pair, and
what it does to a document pair telling the same story with other facts (en and zh)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from core.semantic import model
from core.semantic import score as S
from core.semantic.align import LINK

needs_model = pytest.mark.skipif(not model.available(), reason=model.INSTALL_HINT)

COUNCIL = ("The city council approved a budget of 4.2 million dollars for the new library on Monday, "
           "after a debate that lasted three hours.")
OTHER_FACTS = ("On Tuesday the city council rejected a proposal to spend 6.5 million dollars on the new "
               "library, following a short debate.")
SAME_FACTS = ("On Monday, after a debate of three hours, the city council approved a budget of 4.2 million "
              "dollars for the new library.")
REWORDED = ("Councillors voted through funding for a fresh public reading room at the start of the week "
            "once a lengthy discussion had ended.")
ZH_COUNCIL = "市议会周一批准了四百二十万元的新图书馆预算，此前的讨论持续了三个小时。"
ZH_OTHER_FACTS = "市议会周二否决了花费六百五十万元建设新图书馆的提案，此前的讨论十分简短。"
ZH_SAME_FACTS = "经过三个小时的讨论，市议会在周一批准了新图书馆四百二十万元的预算。"


def test_longest_common_subsequence_known_answers():
    assert S.lcs_length(tuple("ABCBDAB"), tuple("BDCABA")) == 4  # BCBA
    assert S.lcs_length(tuple("abc"), tuple("abc")) == 3
    assert S.lcs_length(tuple("abc"), tuple("xyz")) == 0
    assert S.lcs_length((), tuple("abc")) == 0
    words = ("the", "cat", "sat", "on", "the", "mat")
    assert S.lcs_length(words, ("on", "the", "mat", "the", "cat", "sat")) == 3


def test_chinese_features_read_characters_words_and_numbers():
    f = dict(zip(S.FEATURES, S.features(0.9, "销售额增长了5%。", "销售额增长了7%。")))
    assert f["cosine"] == 0.9
    # words: 销售 售额 额增 增长 长了 and a number each side: 5 of 7 shared
    assert f["shared words"] == pytest.approx(5 / 7)
    assert f["numbers that differ"] == 1.0 and f["names that differ"] == 0.0
    # in order: 销 售 额 增 长 了 of 销 售 额 增 长 了 5
    assert f["in-order words of the shorter"] == pytest.approx(6 / 7)
    assert f["length ratio"] == 1.0
    assert 0 < f["shared IDF weight"] < 1  # jieba's words: 销售额 增长 shared, 5 / 7 not


def _encoded(*sentences: str) -> dict:
    """Each sentence's vector as the layer holds it (float16, computed in float32)."""
    vectors = model.encode(list(sentences)).astype(np.float16).astype(np.float32)
    return dict(zip(sentences, vectors))


def _judge(vectors: dict, left: str, right: str, score=None) -> float:
    """`score` (S.pair_score by default) of two sentences with their cosine and vectors."""
    u, v = vectors[left], vectors[right]
    return (score or S.pair_score)(float(u @ v), left, right, (u, v))


@needs_model
def test_the_same_story_with_other_facts_is_no_link_where_the_old_score_made_one():
    v = _encoded(COUNCIL, OTHER_FACTS, SAME_FACTS, REWORDED, ZH_COUNCIL, ZH_OTHER_FACTS, ZH_SAME_FACTS)
    # the score shipped before (now `resemblance`) links it: a run of such sentences was "paraphrase"
    assert S.resemblance(0.82, COUNCIL, OTHER_FACTS) >= LINK["paraphrase"]
    assert S.shared_weight(COUNCIL, OTHER_FACTS) >= S.JUDGED  # MSRP's range: the fit judges it
    assert _judge(v, COUNCIL, OTHER_FACTS, S.same_meaning) < S.SAME
    assert _judge(v, COUNCIL, OTHER_FACTS) == 0.0
    assert _judge(v, ZH_COUNCIL, ZH_OTHER_FACTS) == 0.0  # and in Chinese
    # the same facts in other order and words: a link, scored by the fit
    assert _judge(v, COUNCIL, SAME_FACTS) == _judge(v, COUNCIL, SAME_FACTS, S.same_meaning) >= S.SAME
    assert _judge(v, ZH_COUNCIL, ZH_SAME_FACTS) >= S.SAME
    # a sentence reworded with few words in common is outside MSRP's range: its resemblance counts
    assert S.shared_weight(COUNCIL, REWORDED) < S.JUDGED
    assert _judge(v, COUNCIL, REWORDED) == _judge(v, COUNCIL, REWORDED, lambda c, x, y, _: S.resemblance(c, x, y)) > 0
    assert S.pair_score(0.7) == 0.7  # across languages: the cosine


@needs_model
def test_other_numbers_and_names_lower_the_fit():
    other_number = SAME_FACTS.replace("4.2", "7.9")
    other_clause = SAME_FACTS.replace("three hours", "three hours, Mayor Ortiz said")
    v = _encoded(COUNCIL, SAME_FACTS, other_number, other_clause)
    same = _judge(v, COUNCIL, SAME_FACTS, S.same_meaning)
    assert _judge(v, COUNCIL, other_number, S.same_meaning) < same
    assert _judge(v, COUNCIL, other_clause, S.same_meaning) < same


def test_shared_runs_of_tokens_counted_as_bleu_counts_them():
    # stemmed: "reports" and "reported" are one word; Han characters one by one
    a, b = S._tokens("The mayor reports the rise"), S._tokens("The mayor reported a rise")
    # tokens: the mayor report the rise / the mayor report a rise: 4 of 5 each side
    # pairs: (the mayor) (mayor report) shared of 4; triples: (the mayor report) of 3; 4-grams: 0 of 2
    assert S._ordered(a, b) == pytest.approx((0.8, 0.8, 0.5, 0.5, 1 / 3, 1 / 3, 0.0, 0.0))
    assert S._ordered(S._tokens("销售额增长"), S._tokens("销售额增长了")) == pytest.approx(
        (5 / 6, 1.0, 4 / 5, 1.0, 3 / 4, 1.0, 2 / 3, 1.0))
    assert S._stem("reported") == S._stem("reports") == "report" and S._stem("bus") == "bus"


def test_vector_features_are_products_then_differences():
    u, v = np.array([1.0, 2.0], np.float32), np.array([3.0, 5.0], np.float32)
    assert S.vector_features(u, v).tolist() == [3.0, 10.0, 2.0, 3.0]
    assert S.vector_weights().shape == (2 * model.DIM,) and len(S.WEIGHTS) == 1 + len(S.FEATURES)


STORY = (
    ("The city council approved a budget of 4.2 million dollars for the new library on Monday, after a "
    "debate that lasted three hours. Mayor Helen Ortiz said the building would open in the spring of 2026 "
    "and employ twelve librarians. The plan was opposed by two council members, who argued that the money "
    "should go to repairing roads in the eastern district. Construction will be carried out by Baxter and "
    "Sons, a local firm that built the town hall in 1998. Residents will be able to borrow e-books from the "
    "library's website starting next January.\n"),
    ("On Tuesday the city council rejected a proposal to spend 6.5 million dollars on the new library, "
    "following a short debate. Council member David Chen said the building might not open before 2028 and "
    "would need at least twenty staff. The plan was supported by most council members, who said that the "
    "money spent on roads in the eastern district had been wasted. Construction was offered to Miller "
    "Brothers, a company from the capital that built the stadium in 2004. Residents have been able to "
    "borrow printed books from the old library's branch on Main Street since last March.\n"))
ZH_STORY = (
    ("市议会周一批准了四百二十万元的新图书馆预算，此前的讨论持续了三个小时。市长欧海伦表示，新馆将在二〇二六年春天开放，"
    "并聘用十二名图书管理员。两名议员反对这项计划，认为这笔钱应该用来修理东区的道路。工程将由本地的贝克斯公司承建，"
    "这家公司在一九九八年建造了市政厅。从明年一月起，居民可以在图书馆的网站上借阅电子书。\n"),
    ("市议会周二否决了花费六百五十万元建设新图书馆的提案，此前的讨论十分简短。议员陈大卫表示，新馆在二〇二八年之前"
    "恐怕无法开放，而且至少需要二十名工作人员。大多数议员支持这项计划，认为过去花在东区道路上的钱都被浪费了。"
    "工程交给了首都的米勒兄弟公司，这家公司在二〇〇四年建造了体育场。从去年三月起，居民就可以在主街的旧图书馆分馆"
    "借阅纸质书。\n"))


@needs_model
@pytest.mark.slow
@pytest.mark.parametrize("story", [STORY, ZH_STORY], ids=["en", "zh"])
def test_two_reports_of_one_story_with_other_facts_get_no_meaning_finding(story, tmp_path, monkeypatch):
    """Sentence by sentence the same story, in the same order, with other facts: no paraphrase
    (the score shipped before called these "paraphrase 60 %" (en) and "80 %" (zh))."""
    from core.cli import main

    monkeypatch.setenv("PLAGSCOPE_DATA_DIR", str(tmp_path / "data"))
    for name, text in zip(("first.txt", "second.txt"), story):
        (tmp_path / name).write_text(text, encoding="utf-8")
    out = tmp_path / "r.json"
    assert main(["check", str(tmp_path / "first.txt"), str(tmp_path / "second.txt"), "--semantic",
                 "--json", str(out), "--quiet"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["options"]["semantic"] is True
    assert all("semantic" not in p for p in data["pairs"])


def test_links_that_cannot_make_a_run_are_not_scored_unless_they_could_stand_alone(monkeypatch):
    """align scores a link only where a finding could use it: in a possible run (next links
    at most RUN_GAP on, on both sides), or alone with a cosine a single link needs."""
    import numpy as np

    from core.semantic import align as A
    from core.semantic.embed import SemanticProfile
    from core.semantic.sentences import split

    labels = A._components(np.array([0, 1, 10, 20, 21, 4, 12]), np.array([0, 2, 10, 30, 25, 5, 12]), (3, 3))
    # 0-1-4 may make a run (each at most 3 on), 10-12 too; 20/21 go backwards on the right
    assert labels.tolist() == [0, 0, 2, 3, 4, 0, 2]
    sentences = [f"Sentence number {n} says something of its own here, in twelve words." for n in range(20)]
    text = " ".join(sentences)
    s = split(text)
    assert len(s) == 20
    # left sentence i is nearest to right sentence i: 0-2 in order (a possible run), 6 alone
    # (4 or more from any other) and weak, 11 alone and strong, 16-17 only each other's;
    # the others have no partner
    cos = {0: 0.6, 1: 0.6, 2: 0.6, 6: 0.6, 11: 0.9, 16: 0.6, 17: 0.62}
    left = np.zeros((20, 32), np.float32)
    right = np.zeros((20, 32), np.float32)
    for i in range(20):
        right[i, i] = 1.0
        c = cos.get(i, 0.0)
        left[i, i] = c
        left[i, 20 + i % 5] = np.sqrt(1 - c * c)
    right[:, 31] += 0.01  # one faint shared direction: every row has a nearest column
    right /= np.linalg.norm(right, axis=1, keepdims=True)
    a = SemanticProfile("en", s, left, "m")
    b = SemanticProfile("en", s, right, "m")
    scored = []
    monkeypatch.setattr(A, "pair_score", lambda c, x, y, vectors: scored.append(x) or 0.0)
    assert A.align(text, a, text, b) is None
    texts = s.texts(text)
    # 17 is not scored: 16 is no link, so 17 could only stand alone, which its cosine cannot
    assert set(scored) == {texts[0], texts[1], texts[2], texts[11], texts[16]}
