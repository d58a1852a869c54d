"""The academic test corpus: zh and en essays with known quoted, cited, quoted-and-cited,
reference-list and unattributed copies of two sources, and the traps (quotation marks for
emphasis, a citation far from its quote, a reference list in the middle of a combined
document, a docx block quote and superscript citation).

    python tests/data/make_academic.py OUT_DIR     # writes the files and truth.json

`build()` returns the documents in memory with, for every planted copy, its exact span in
the essay (with its closing mark when both documents have it: a passage takes in the marks
both texts share, core/matching/alignment._marks), its class there, and the source it came from; tests/core/test_academic_corpus.py
checks Plagscope's passages, classes and figures against it. Filler text is drawn from
character (zh) and syllable (en) pools that differ between essays and sources, so no passage
can grow past a planted copy by chance; the output is the same on every run.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

ZH_ESSAY_POOL = "春夏秋冬风花雪月山水云天江河湖海林木草石光影星辰朝暮晴雨雷霜露虹桥亭台楼阁"
ZH_SOURCE_POOL = "东西南北金银铜铁琴棋书画诗酒茶米盐衣食住行车马舟船刀剑弓箭门窗灯烛笔墨纸砚"
ZH_OTHER_POOL = "红黄蓝绿青紫黑白甲乙丙丁子丑寅卯辰巳午未申酉戌亥鼠牛虎兔龙蛇羊猴鸡狗猪"
EN_ESSAY_SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "ta", "vo", "zi"]
EN_SOURCE_SYLLABLES = ["be", "do", "fu", "gi", "ha", "ju", "pe", "sa"]
EN_OTHER_SYLLABLES = ["co", "le", "mo", "nu", "pi", "se", "tu", "wa"]

ZH = {
    "A1": "如今人们常说的“内卷”其实是一种资源有限时的过度竞争，每个人都付出更多却得到更少",
    "A2": "城市的发展离不开每一个普通劳动者的双手，他们用汗水浇灌了这片土地上的高楼大厦",
    "A3": "乡村的教育资源长期不足，许多孩子不得不离开父母到县城里去读书和生活",
    "A4": "网络改变了年轻人获取知识的方式与习惯",
    "A5": "一座城市真正的魅力不在于它的高楼有多高，而在于生活在其中的人是否感到安心和自在",
    "A6": "传统节日承载着一个民族共同的记忆和情感，是文化传承的重要纽带",
    "B1": "交通网络的完善让城乡之间的距离越来越短，人员和物资的流动也越来越频繁",
    "B2": "保护环境不仅是政府的责任，也需要每一位公民从身边的小事做起",
}
ZH_REFERENCES = ("参考文献\n[1] 鲁迅. 故乡[M]. 北京: 人民文学出版社, 1921.\n"
                 "[2] 费孝通. 乡土中国[M]. 上海: 观察社, 1948.\n[3] 张三. 城乡发展研究[J]. 社会学刊, 2020")
EN = {
    "E1": "the so-called 'smart city' promises efficiency but often forgets the people who actually walk its streets every day",
    "E2": "cities are built by the many hands of those who live in them and not by the plans of distant officials",
    "E3": "public libraries remain one of the few places where anyone can sit for hours without being asked to buy anything",
    "E4": "cheap public transport widens the labour market for workers who cannot afford a car",
    "E5": ("a neighbourhood is not a collection of buildings but a web of small daily encounters\n"
           "    between people who slowly learn to trust one another"),
    "E6": "green spaces in dense districts lower summer temperatures and give children somewhere safe to play",
}
EN_REFERENCES = ("References\nJacobs, J. (1961). The death and life of great American cities. Random House.\n"
                 "Smith, A. (2020). Streets for people. Urban Studies, 12, 1-20.\n"
                 "Brown, K., & Green, L. (2019). Moving workers. Transport Review, 7, 33-41")


@dataclass
class Planted:
    key: str  # the copied text's key (A1, E2, references ...)
    cls: str  # its class in this essay
    source: str  # the document it was copied from
    start: int
    end: int


@dataclass
class Doc:
    name: str
    text: str = ""
    planted: list[Planted] = field(default_factory=list)
    headings: list[str] = field(default_factory=list)
    docx_styles: dict[int, str] = field(default_factory=dict)  # paragraph index -> style, for .docx
    docx_superscripts: list[tuple[int, int]] = field(default_factory=list)  # text spans set superscript

    def add(self, text: str, key: str | None = None, cls: str = "", source: str = "") -> Doc:
        if key:
            self.planted.append(Planted(key, cls, source, len(self.text), len(self.text) + len(text)))
        self.text += text
        return self

    def heading(self, title: str) -> Doc:
        self.headings.append(title)
        return self.add(title + "\n")

    def span(self, key: str) -> tuple[int, int]:
        p = next(p for p in self.planted if p.key == key)
        return p.start, p.end


class Filler:
    """Sentence-like text no other document shares."""

    def __init__(self, pool, seed: int, lang: str):
        self.pool = pool
        self.random = random.Random(seed)
        self.lang = lang

    def zh(self, n: int) -> str:
        out = []
        while n > 0:
            size = min(n, self.random.randint(8, 16))
            out.append("".join(self.random.choice(self.pool) for _ in range(size)))
            n -= size
        return "，".join(out) + "。"

    def en(self, n: int) -> str:
        words = ["".join(self.random.choice(self.pool) for _ in range(self.random.randint(2, 3)))
                 for _ in range(n)]
        words[0] = words[0].capitalize()
        return " ".join(words) + "."

    def __call__(self, n: int) -> str:
        return self.zh(n) if self.lang == "zh" else self.en(n)


def zh_documents() -> list[Doc]:
    src, ess, other = (Filler(ZH_SOURCE_POOL, 1, "zh"), Filler(ZH_ESSAY_POOL, 2, "zh"),
                       Filler(ZH_OTHER_POOL, 3, "zh"))
    source_a = Doc("zh_source_a.txt")
    for key in ("A1", "A2", "A3", "A4", "A5", "A6"):
        # a copy's closing mark is part of the passage when the essay has it too (A4, A6 are cited)
        mark = "" if key in ("A4", "A6") else "。"
        plain = ZH[key].replace("“", "").replace("”", "")
        source_a.add(src(60)).add(plain + mark, key).add("。"[len(mark):]).add(src(60) + "\n")
    source_b = Doc("zh_source_b.txt")
    for key in ("B1", "B2"):
        source_b.add(src(70)).add(ZH[key] + "。", key).add(src(70) + "\n")
    source_b.add("\n").add(ZH_REFERENCES + ".", "references").add("\n")

    essay = Doc("zh_essay.txt")
    essay.heading("论城市与乡村").add("\n")
    essay.heading("一、引言")
    essay.add(ess(60)).add(ZH["A1"] + "。", "A1", "unattributed", "zh_source_a.txt").add(ess(60))
    essay.add("张三（2020）指出：“").add(ZH["A2"] + "。", "A2", "quoted_cited", "zh_source_a.txt").add("”")
    essay.add(ess(60) + "\n\n")
    essay.heading("二、正文")
    essay.add(ess(60)).add("正如一位老师所说：“").add(ZH["A3"] + "。", "A3", "quoted", "zh_source_a.txt").add("”")
    essay.add(ess(20)).add(ess(20)).add("李四（2019）的研究也说明了这一点。").add(ess(60))  # far citation
    essay.add(ZH["A4"], "A4", "cited", "zh_source_a.txt").add("[1]。").add(ess(60))
    essay.add(ZH["B1"] + "。", "B1", "unattributed", "zh_source_b.txt").add(ess(60) + "\n\n")
    essay.headings.append("参考文献")
    essay.add(ZH_REFERENCES + ".", "references", "references", "zh_source_b.txt").add("\n")

    combined = Doc("zh_combined.txt")  # two essays in one file: a reference list in the middle
    combined.heading("第一篇　山与水").add(other(120) + "\n\n")
    combined.headings.append("参考文献")
    combined.add(ZH_REFERENCES + ".", "references", "references", "zh_source_b.txt").add("\n\n")
    combined.heading("第二篇　春天的故事")
    combined.add(other(60)).add(ZH["B2"] + "。", "B2", "unattributed", "zh_source_b.txt").add(other(60) + "\n")

    docx_essay = Doc("zh_essay.docx")  # paragraphs joined by one line break, as the docx loader does
    docx_essay.add(other(60) + "\n").add(ZH["A5"] + "。", "A5", "quoted", "zh_source_a.txt").add("\n")
    docx_essay.add(other(50)).add(ZH["A6"], "A6", "cited", "zh_source_a.txt").add("1。").add(other(40))
    docx_essay.docx_styles = {1: "Quote"}  # paragraph 1 is set off as a quotation
    sup = docx_essay.text.index("1。")
    docx_essay.docx_superscripts = [(sup, sup + 1)]  # the "1" after A6 is a superscript citation
    return [source_a, source_b, essay, combined, docx_essay]


def en_documents() -> list[Doc]:
    src, ess, other = (Filler(EN_SOURCE_SYLLABLES, 4, "en"), Filler(EN_ESSAY_SYLLABLES, 5, "en"),
                       Filler(EN_OTHER_SYLLABLES, 6, "en"))
    source = Doc("en_source.txt")
    for key in ("E1", "E2", "E3", "E4", "E5", "E6"):
        plain = EN[key].replace("'", "").replace("\n    ", " ")
        mark = "" if key in ("E4", "E5") else "."  # E4, E5 are followed by a citation in the essay
        source.add(src(30) + " ").add(plain[0].upper() + plain[1:] + mark, key).add(". "[len(mark):])
        source.add(src(30) + "\n\n")
    source.add(EN_REFERENCES + ".", "references").add("\n")

    essay = Doc("en_essay.txt")
    essay.heading("The Cities We Share").add("\n")
    essay.heading("Introduction")
    essay.add(ess(30) + " Today ").add(EN["E1"] + ".", "E1", "unattributed", "en_source.txt").add(" ")
    essay.add(ess(30) + " Smith (2020) argues that \"").add(EN["E2"] + ".", "E2", "quoted_cited", "en_source.txt")
    essay.add("\" " + ess(30) + "\n\n")
    essay.heading("Discussion")
    essay.add(ess(30) + " A librarian once told me: \"").add(EN["E3"] + ".", "E3", "quoted", "en_source.txt")
    essay.add("\" " + ess(12) + " " + ess(12) + " This is also what Jones (2018) found. ")  # far citation
    essay.add(ess(30) + " It is clear that ").add(EN["E4"], "E4", "cited", "en_source.txt")
    essay.add(" (Brown & Green, 2019, p. 5). " + ess(30) + " Orwell put it this way:\n\n    ")
    essay.add(EN["E5"], "E5", "quoted_cited", "en_source.txt").add(" (Orwell, 1946, p. 12).\n\n")
    essay.add(ess(30) + "\n\n")
    essay.headings.append("References")
    essay.add(EN_REFERENCES + ".", "references", "references", "en_source.txt").add("\n")

    combined = Doc("en_combined.txt")  # the reference list ends at the first paragraph that is no entry
    combined.heading("Rivers").add(other(60) + "\n\n")
    combined.headings.append("References")
    combined.add(EN_REFERENCES + ".", "references", "references", "en_source.txt").add("\n\n")
    combined.add(other(30) + " ").add(EN["E6"] + ".", "E6", "unattributed", "en_source.txt").add(" ")
    combined.add(other(30) + "\n")
    return [source, essay, combined]


def build() -> list[Doc]:
    """Every document of the corpus with its planted copies (sources have their keys too)."""
    return zh_documents() + en_documents()


def write_docx(doc: Doc, path: Path) -> None:
    """One paragraph per line of `doc.text`, with its styles and superscript runs."""
    import docx

    document = docx.Document()
    at = 0
    for index, line in enumerate(doc.text.split("\n")):
        p = document.add_paragraph(style=doc.docx_styles.get(index))
        cuts = sorted({0, len(line)} | {min(max(x - at, 0), len(line))
                                        for s, e in doc.docx_superscripts for x in (s, e)})
        for a, b in itertools.pairwise(cuts):
            run = p.add_run(line[a:b])
            run.font.superscript = any(s <= at + a and at + b <= e for s, e in doc.docx_superscripts)
        at += len(line) + 1
    document.save(str(path))


def write(out: Path) -> list[Doc]:
    """Write the corpus to `out` (txt files, the docx, truth.json) and return it."""
    out.mkdir(parents=True, exist_ok=True)
    docs = build()
    for doc in docs:
        if doc.name.endswith(".docx"):
            write_docx(doc, out / doc.name)
        else:
            (out / doc.name).write_text(doc.text, encoding="utf-8", newline="")
    truth = {doc.name: {"planted": [asdict(p) for p in doc.planted], "headings": doc.headings}
             for doc in docs}
    (out / "truth.json").write_text(json.dumps(truth, ensure_ascii=False, indent=1), encoding="utf-8")
    return docs


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make_academic.py OUT_DIR")
    for doc in write(Path(sys.argv[1])):
        print(f"{doc.name}: {len(doc.text)} characters, {len(doc.planted)} planted")
