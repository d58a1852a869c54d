"""A citation credits only what it cites: a passage across an uncredited paragraph and a cited
one is cut at the paragraph into an uncredited passage and a cited one, so the uncredited copy
counts (APA and GB/T 7714 essays); text without a citation is never cut."""

from __future__ import annotations

from core.academic.figures import document_figures
from core.models import Document
from core.options import CheckOptions
from core.pipeline import check_documents, run

EN_COPIED = ("Urban heat islands form where asphalt and concrete store the afternoon sun and "
             "release it through the night, so a city centre can stay several degrees warmer "
             "than the farmland around it, and the gap is widest on calm, clear evenings. Measurements "
             "taken in more than forty cities show the same pattern year after year.")
EN_CITED = ("Street trees reduce this effect because their shade keeps surfaces cool and their "
            "leaves release water vapour, which lowers the air temperature at pedestrian level "
            "by as much as two degrees on summer afternoons (Bowler et al., 2010).")
ZH_COPIED = ("城市热岛的形成与下垫面性质密切相关，沥青和混凝土白天吸收大量太阳辐射，夜间缓慢释放，"
             "使城市中心的气温明显高于周边农田，这种差异在晴朗无风的夜晚最为显著。城市规模越大，"
             "人口越密集，热岛强度往往越高，对居民健康和能源消耗都有不利影响。")
ZH_CITED = ("行道树能够有效缓解热岛效应，树冠遮荫降低地表温度，叶片蒸腾作用增加空气湿度，"
            "可使行人高度的气温在夏季午后下降约两摄氏度[1]。")


def _essays(copied: str, cited: str, own: str, lang: str):
    sep = "\n\n"
    source = (("The city is a machine for living, and its climate is one of its products." if lang == "en"
               else "城市是人类生活的机器，它的气候也是它的产物之一，值得我们认真研究。") + sep + copied + sep
              + cited.replace(" (Bowler et al., 2010)", "").replace("[1]", ""))
    copy = own + sep + copied + sep + cited + sep + (
        "References\n\nBowler, D. E., Buyung-Ali, L., Knight, T. M., & Pullin, A. S. (2010). Urban "
        "greening to cool towns and cities. Landscape and Urban Planning, 97(3), 147-155."
        if lang == "en" else "参考文献\n\n[1] 张明, 李华. 城市绿化的降温效应[J]. 生态学报, 2010, 30(5): 1-9.")
    return [Document(0, "source.txt", "source.txt", "txt", source),
            Document(1, "copy.txt", "copy.txt", "txt", copy)]


def _check(lang: str):
    if lang == "en":
        own = ("My own first paragraph talks about my neighbourhood and the way the summer "
               "evenings felt when I was a child walking home from school along the river.")
        docs = _essays(EN_COPIED, EN_CITED, own, "en")
    else:
        own = "我的家乡在江南的一个小镇，夏天傍晚常常和伙伴们在河边乘凉，听老人讲过去的故事。"
        docs = _essays(ZH_COPIED, ZH_CITED, own, "zh")
    report = run(check_documents(docs, CheckOptions(semantic=False)))
    [pair] = report.pairs
    return report, pair, docs


def _passages(pair, docs):
    """(class, the copy's text) of each passage, in order."""
    side = "right" if pair.right == 1 else "left"
    return [(m.attribution, docs[1].text[getattr(m, side).start:getattr(m, side).end]) for m in pair.matches]


def _split(lang: str, copied: str, cited: str):
    report, pair, docs = _check(lang)
    [(first, text1), (second, text2)] = _passages(pair, docs)
    assert (first, second) == ("unattributed", "cited")  # cut at the paragraph, each classed
    assert text1.strip() == copied.strip() and text2.strip().rstrip("。.") in cited  # the whole paragraphs
    other = "left" if pair.right == 1 else "right"
    source = docs[0].text
    assert source[getattr(pair.matches[0], other).start:getattr(pair.matches[0], other).end] == text1
    assert "\n" not in source[getattr(pair.matches[1], other).start:getattr(pair.matches[1], other).end]
    assert document_figures(report)[1].sources > 0  # the uncredited characters count
    return report, pair


def test_an_uncredited_paragraph_before_a_cited_one_is_cut_apa():
    assert len("".join(EN_COPIED.split())) >= 240
    _split("en", EN_COPIED, EN_CITED)


def test_an_uncredited_paragraph_before_a_cited_one_is_cut_gbt7714():
    assert len(ZH_COPIED) >= 100
    _split("zh", ZH_COPIED, ZH_CITED)


def test_a_passage_cited_in_every_paragraph_stays_cited():
    text = EN_COPIED[:-1] + " (Oke, 1982)." + "\n\n" + EN_CITED
    docs = [Document(0, "a.txt", "a.txt", "txt", text), Document(1, "b.txt", "b.txt", "txt", text)]
    report = run(check_documents(docs, CheckOptions(semantic=False)))
    [pair] = report.pairs
    assert len(pair.matches) == 1 and pair.matches[0].attribution == "cited"


def test_text_without_a_citation_is_never_cut():
    # paragraphs, one of them quoted: one passage, as the verbatim engine found it
    text = EN_COPIED + "\n\n" + "“" + EN_CITED.replace(" (Bowler et al., 2010)", "") + "”" + "\n\n" + EN_COPIED
    docs = [Document(0, "a.txt", "a.txt", "txt", "Mine.\n\n" + text),
            Document(1, "b.txt", "b.txt", "txt", text + "\n\nMy own ending.")]
    report = run(check_documents(docs, CheckOptions(semantic=False)))
    [pair] = report.pairs
    assert len(pair.matches) == 1 and pair.matches[0].attribution == "unattributed"
