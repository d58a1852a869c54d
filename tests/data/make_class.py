"""A generated class of essays with planted copy groups, for the review tests and benches.

Every essay is made of random sentences (Chinese from 600 common characters, English from
3,000 made-up words), so two independent essays share no passage. A planted group is one
original and its copies; each copy takes a different subset of the original's paragraphs
(verbatim, lightly edited or with its sentences shuffled) and adds paragraphs of its own,
so the original holds everything the copies share and no copy holds all of it: the source
is unambiguous. Two kinds of group are planted where it is not:
- "whole": every copy takes the whole original verbatim (copies equal the original);
- size 2: one original, one copy (which of two copied cannot be told).

File names look like a teacher's folder (`student_017_zh_reordered.txt`), student numbers
shuffled so that no group sits in consecutive rows.

    python tests/data/make_class.py OUT_DIR [--docs 200] [--groups 14] [--seed 1]

writes a class of `--docs` essays to OUT_DIR (plus truth.json: the planted groups by file
name and their sources). Tests call `make_class()` and get Documents in memory.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

_ZH = ("的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可也你"
       "对生能而子那得于着下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当"
       "没动面起看定天分还进好小部其些主样理心她本前开但因只从想实日军者意无力它与长把"
       "机十民第公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体"
       "政美相见被利什二等产或新己制身果加西斯月话合回特代内信表化老给世位次度门任常先"
       "海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活尔更别打女变四神"
       "总何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保"
       "至队形社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象完设式色路"
       "记南品住告类求据程北边死张该交规万取拉格望觉术领共确传师观清今切院让识候带导争"
       "运笑飞风步改收根干造言联持组每济车亲极林服快办议往元英士证近失转夫令准布始怎呢"
       "存未远叫台单影具罗字爱击流备兵连调深商算质团集百需价花党华城石级整府离况亚请技"
       "际约示复病息究线似官火断精满支视消越器容照须九增研写称企八功吗包片史委乎查轻易"
       "早曾除农找装广显吧阿李标谈吃图念六引历首医局突专费号尽另周较注语仅考落青随选列"
       "武红响虽推势参希古众构房半节土投某案黑维革划敌致陈律足态护七兴派孩验责营星够章"
       "音跟志底站严巴例防族供效续施留讲型料终答紧黄绝奇察母京段依批群项故按河米围江织")
_SYLLABLES = [c + v for c in "bcdfghjklmnprstvwz" for v in ("a", "e", "i", "o", "u", "ai", "ou")]
KINDS = ("copy", "edit", "reordered")


@dataclass(frozen=True)
class PlantedGroup:
    """A planted group: the file names of its members and of its source (None: undecidable)."""

    members: tuple[str, ...]
    source: str | None
    lang: str
    kind: str  # "subsets", "whole" or "pair"


@dataclass(frozen=True)
class ClassCorpus:
    """The essays (file name -> text) in the order they are listed, and the planted groups."""

    texts: dict[str, str]
    groups: tuple[PlantedGroup, ...]

    def documents(self):
        """The essays as core Documents (ids in listing order)."""
        from core.models import Document

        return [Document(i, name, f"/class/{name}", "txt", text)
                for i, (name, text) in enumerate(self.texts.items())]


class _Writer:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.words = sorted({"".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(1, 3)))
                             for _ in range(4000)})[:3000]

    def sentence(self, lang: str) -> str:
        r = self.rng
        if lang == "zh":
            return "".join(r.choice(_ZH) for _ in range(r.randint(10, 26))) + r.choice("。。。，；！？")
        words = [r.choice(self.words) for _ in range(r.randint(7, 16))]
        return " ".join(words).capitalize() + r.choice("...,;!?")

    def paragraph(self, lang: str) -> list[str]:
        return [self.sentence(lang) for _ in range(self.rng.randint(4, 7))]

    def essay(self, lang: str, paragraphs: int) -> list[list[str]]:
        return [self.paragraph(lang) for _ in range(paragraphs)]

    def edit(self, sentence: str, lang: str) -> str:
        """Replace about one unit in fifteen (a character, or an English word)."""
        r = self.rng
        if lang == "zh":
            return "".join(r.choice(_ZH) if r.random() < 1 / 15 and ch in _ZH else ch for ch in sentence)
        return " ".join(r.choice(self.words) if r.random() < 1 / 15 else w for w in sentence.split(" "))


def _join(paragraphs: list[list[str]], lang: str) -> str:
    sep = "" if lang == "zh" else " "
    return "\n\n".join(sep.join(p) for p in paragraphs) + "\n"


def make_class(docs: int = 60, group_sizes: tuple[int, ...] = (8, 6, 5, 4, 3, 2),
               whole: tuple[int, ...] = (4,), english: tuple[int, ...] = (2, 5),
               seed: int = 1, paragraphs: int = 12, overlap: bool = False) -> ClassCorpus:
    """A class of `docs` essays with planted groups of `group_sizes` (the rest independent).

    whole: indexes of groups whose copies take the whole original (no source can be
    named); english: indexes of groups written in English (independent essays alternate);
    overlap: each copy takes a run of consecutive paragraphs (60-80% of the original), the runs
    overlapping each other and together covering it, instead of scattered subsets.
    """
    if sum(group_sizes) > docs:
        raise ValueError("the groups hold more essays than the class")
    rng = random.Random(seed)
    w = _Writer(rng)
    numbers = list(range(1, docs + 1))
    rng.shuffle(numbers)
    texts: dict[int, tuple[str, str]] = {}  # student number -> (name, text)
    planted = []
    at = 0

    def name(kind: str, lang: str) -> tuple[int, str]:
        nonlocal at
        number = numbers[at]
        at += 1
        return number, f"student_{number:03d}_{lang}_{kind}.txt"

    for g, size in enumerate(group_sizes):
        lang = "en" if g in english else "zh"
        original = w.essay(lang, paragraphs)
        number, source_name = name("original", lang)
        texts[number] = (source_name, _join(original, lang))
        members = [source_name]
        subsets = (_runs if overlap else _subsets)(rng, paragraphs, size - 1)
        for c in range(size - 1):
            kind = KINDS[c % len(KINDS)] if g not in whole else "copy"
            taken = list(range(paragraphs)) if g in whole else subsets[c]
            body = [list(original[i]) for i in taken]
            if kind == "edit":
                body = [[w.edit(s, lang) for s in p] for p in body]
            elif kind == "reordered":
                for p in body:
                    rng.shuffle(p)
            if g not in whole:
                own = w.essay(lang, rng.randint(3, 5))
                for p in own:
                    body.insert(rng.randint(0, len(body)), p)
            number, copy_name = name(kind, lang)
            texts[number] = (copy_name, _join(body, lang))
            members.append(copy_name)
        kind = "whole" if g in whole else "pair" if size == 2 else "subsets"
        planted.append(PlantedGroup(tuple(members), source_name if kind == "subsets" else None,
                                    lang, kind))
    for i in range(docs - at):
        lang = "en" if i % 3 == 2 else "zh"
        number, essay_name = name("essay", lang)
        texts[number] = (essay_name, _join(w.essay(lang, rng.randint(8, 12)), lang))
    ordered = {texts[n][0]: texts[n][1] for n in sorted(texts)}
    return ClassCorpus(ordered, tuple(planted))


def _subsets(rng: random.Random, n: int, count: int) -> list[list[int]]:
    """`count` different subsets of range(n), each 40-60% of it, none inside another."""
    out: list[list[int]] = []
    while len(out) < count:
        pick = sorted(rng.sample(range(n), rng.randint(int(n * 0.4), int(n * 0.6))))
        if any(set(pick) <= set(o) or set(o) <= set(pick) for o in out):
            continue
        out.append(pick)
    return out


def _runs(rng: random.Random, n: int, count: int) -> list[list[int]]:
    """`count` different runs of consecutive paragraphs of range(n), each at least half of it,
    none inside another (starts and ends both rising), each overlapping the next, the first from
    the start and the last to the end: the original holds exactly their union."""
    shortest = n // 2
    count = min(count, n - shortest + 1)
    starts = sorted([0] + rng.sample(range(1, n - shortest + 1), count - 1))
    runs, end = [], 0
    for k, start in enumerate(starts):
        room = n - (count - 1 - k)  # later runs still need ends of their own
        lo = max(end + 1, start + shortest, starts[k + 1] + 1 if k + 1 < count else 0)  # overlaps the next
        end = n if k == count - 1 else rng.randint(min(lo, room), min(room, max(lo, start + n * 4 // 5)))
        runs.append(list(range(start, end)))
    return runs


def write_class(corpus: ClassCorpus, out: Path) -> None:
    """The essays as UTF-8 files in `out`, and truth.json with the planted groups."""
    out.mkdir(parents=True, exist_ok=True)
    for name, text in corpus.texts.items():
        (out / name).write_text(text, encoding="utf-8")
    truth = [{"members": list(g.members), "source": g.source, "lang": g.lang, "kind": g.kind}
             for g in corpus.groups]
    (out / "truth.json").write_text(json.dumps({"groups": truth}, ensure_ascii=False, indent=1),
                                    encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--docs", type=int, default=200)
    parser.add_argument("--groups", type=int, default=14, help="planted groups (sizes 2-9)")
    parser.add_argument("--size", type=int, default=0, help="every group this size (default: 2-9)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--overlap", action="store_true",
                        help="copies take overlapping runs of the original's paragraphs")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    sizes = tuple(args.size or rng.randint(3, 9) for _ in range(args.groups))
    if not args.size and args.groups > 1:
        sizes = sizes[:-1] + (2,)
    corpus = make_class(args.docs, sizes, whole=(1,), english=tuple(range(2, args.groups, 4)),
                        seed=args.seed, overlap=args.overlap)
    write_class(corpus, args.out)
    print(f"{len(corpus.texts)} essays, {len(corpus.groups)} planted groups "
          f"({sum(sizes)} essays in groups) -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
