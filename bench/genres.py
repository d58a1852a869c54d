"""Genre corpora for the accuracy benchmark, built from public text you give it (never committed).

    python bench/genres.py news-zh   RAW OUT_DIR   # RAW: THUCNews-style lines "category<TAB>text"
    python bench/genres.py archaic-en RAW OUT_DIR  # RAW: a verse-per-line text "[c:v] ...", "### Book"

Each writes OUT_DIR/*.txt, texts of 1,500-5,000 characters that `../shared/eval/make_benchmark.py
--source-dir OUT_DIR` turns into a PAN-style benchmark (`bench/accuracy.py --genre NAME=OUT_DIR`
does both and scores it).

- **news-zh**: Chinese news-agency reports. Articles of the news categories (current affairs,
  finance, education, property, technology) are grouped into reports of 1,500-4,000
  characters; each article gets the genre's furniture, the set phrases that recur in every
  report of a news agency: a dateline (agency, city, date, reporters: 新华社北京３月５日电
  （记者…）), official titles before the people it quotes (中共中央政治局委员, 外交部发言人, ...),
  a closing (完) and an editor's line; digits are full-width in half of the reports. Every
  phrase is shorter than make_benchmark's 12-character shared-run limit, so unrelated reports
  share them without being copies, and two of them close together are what must not become a
  passage.
- **archaic-en**: an archaic English text full of repeated formulas (e.g. Tyndale's 1526
  translation: "and lyued after he had begot ... and begat sonnes and doughters"): consecutive
  chapters joined into texts of 2,000-5,000 characters, verse numbers removed.

Deterministic: the same input gives the same files.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

NEWS_CATEGORIES = ("时政", "财经", "教育", "房产", "科技")
AGENCIES = ("新华社", "新华社", "中新社", "新华网")
CITIES = ("北京", "上海", "天津", "重庆", "广州", "深圳", "南京", "杭州", "武汉", "成都", "西安",
          "沈阳", "长沙", "郑州", "济南", "福州", "昆明", "拉萨", "乌鲁木齐", "哈尔滨", "长春",
          "石家庄", "太原", "合肥", "南昌", "南宁", "贵阳", "兰州", "西宁", "银川", "海口", "香港",
          "华盛顿", "东京", "伦敦", "巴黎", "莫斯科", "联合国")
TITLES = ("中共中央政治局委员", "中共中央政治局常委", "国务院副总理", "国务委员", "外交部发言人",
          "全国政协副主席", "全国人大常委会副委员长", "国家发展改革委主任", "财政部部长", "教育部部长",
          "商务部部长", "国务院新闻办公室", "中国人民银行行长", "国家统计局局长", "住房城乡建设部部长")
VERBS = ("表示", "指出", "强调", "说", "介绍", "在会上说")
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红娥玲芬建国文斌宇浩凯健俊帆帅旭宁晨辉鹏立志东海波飞雪梅琳莉兰凤洁琴云莲真环颖露瑶怡婷雯雅嘉鑫"
FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")


def _name(rng: random.Random) -> str:
    return rng.choice(SURNAMES) + "".join(rng.choice(GIVEN) for _ in range(rng.randint(1, 2)))


def _dress(article: str, rng: random.Random) -> str:
    """One article with a news agency's set phrases."""
    reporters = "、".join(_name(rng) for _ in range(rng.randint(1, 2)))
    month, day = rng.randint(1, 12), rng.randint(1, 28)
    dateline = f"{rng.choice(AGENCIES)}{rng.choice(CITIES)}{month}月{day}日电（记者{reporters}）"
    sentences = re.split(r"(?<=。)", article)
    for i in range(1, len(sentences) - 1):
        if rng.random() < 0.25 and sentences[i]:
            sentences[i] = f"{rng.choice(TITLES)}{_name(rng)}{rng.choice(VERBS)}，" + sentences[i]
    ending = f"（完）\n责任编辑：{_name(rng)}"
    return dateline + "".join(sentences) + ending


def news_zh(raw: Path, out: Path, seed: int = 1) -> int:
    rng = random.Random(seed)
    articles = []
    seen: set[str] = set()  # news sites reprint paragraphs: each sentence is kept once
    for line in raw.read_text(encoding="utf-8").splitlines():
        category, _, text = line.partition("\t")
        if category in NEWS_CATEGORIES and len(text) >= 200:
            # drop the source site's own dateline so every report gets one of the genre's
            text = re.sub(r"^.{0,40}?\d{1,2}月\d{1,2}日电\s*(（[^）]{0,30}）)?", "", text)
            kept = []
            for sentence in re.split(r"(?<=[。！？])", text.strip()):
                key = re.sub(r"\W", "", sentence)
                if len(key) < 12 or key not in seen:
                    seen.add(key)
                    kept.append(sentence)
            if sum(map(len, kept)) >= 200:
                articles.append("".join(kept))
    count, report, size = 0, [], 0
    target = rng.randint(1500, 4000)
    for article in articles:
        report.append(_dress(article[:3500], rng))
        size += len(report[-1])
        if size >= target:
            text = "\n\n".join(report)
            if rng.random() < 0.5:
                text = text.translate(FULL_WIDTH)
            count += 1
            (out / f"report-{count:04d}.txt").write_text(text, encoding="utf-8")
            report, size, target = [], 0, rng.randint(1500, 4000)
    return count


def archaic_en(raw: Path, out: Path) -> int:
    chapters: list[str] = []
    verses: list[str] = []
    last = None
    for line in raw.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\[(\d+):(\d+)\]\s*(.*)", line)
        if line.startswith("###") or (match and match.group(1) != last and verses):
            if verses:
                chapters.append(" ".join(verses))
            verses = []
        if match:
            last = match.group(1)
            if match.group(3).strip():
                verses.append(match.group(3).strip())
    if verses:
        chapters.append(" ".join(verses))
    count, text = 0, ""
    for chapter in chapters:
        text = f"{text}\n\n{chapter}" if text else chapter
        if len(text) >= 2000:
            count += 1
            (out / f"chapters-{count:04d}.txt").write_text(text[:5000], encoding="utf-8")
            text = ""
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("genre", choices=("news-zh", "archaic-en"))
    parser.add_argument("raw", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("*.txt"):
        old.unlink()
    count = news_zh(args.raw, args.out) if args.genre == "news-zh" else archaic_en(args.raw, args.out)
    if not count:
        sys.exit(f"genres.py: no {args.genre} text found in {args.raw}")
    print(f"wrote {count} texts to {args.out}")


if __name__ == "__main__":
    main()
