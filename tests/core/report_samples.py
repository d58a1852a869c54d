"""Reports built by hand for the report tests: a small mixed one and a class of 200 essays."""

from __future__ import annotations

import random

from core.models import Document, Match, PairResult, Report, Span
from core.options import CheckOptions

ZH_SENTENCES = ("网络改变了青少年的阅读习惯，短视频和碎片化的信息让他们很难静下心来读完一本书。",
                "老师和家长应当引导学生合理安排时间，在课外多读经典作品，培养独立思考的能力。",
                "调查表明，不少中学生一次专注阅读的时间不超过十分钟，碰到篇幅较长的文章就会跳过。",
                "图书馆延长了开放时间，并且每周举办读书分享会，鼓励同学们交流自己的阅读体会。")
EN_WORDS = ("homework", "students", "internationalization", "responsibility", "practice",
            "teachers", "evening", "understanding", "independently", "comprehension")


def zh_text(rng: random.Random, chars: int) -> str:
    parts, n = [], 0
    while n < chars:
        s = rng.choice(ZH_SENTENCES)
        parts.append(s)
        n += len(s)
        if rng.random() < 0.2:
            parts.append("\n")
    return "".join(parts)[:chars]


def en_text(rng: random.Random, words: int) -> str:
    out = []
    for i in range(words):
        out.append(rng.choice(EN_WORDS))
        if i % 12 == 11:
            out[-1] += "."
    return " ".join(out)


def class_report(n_docs: int = 200, groups: int = 14, chars: int = 3000, seed: int = 7) -> Report:
    """`groups` planted groups (every pair inside a group flagged, most of the text shared)
    among `n_docs` Chinese essays of `chars` characters; the rest independent."""
    rng = random.Random(seed)
    docs = tuple(Document(i, f"student_{i:03d}_zh_essay_final_version.txt",
                          f"/class/2026/student_{i:03d}_zh_essay_final_version.txt", "txt",
                          zh_text(rng, chars), sha256=f"{i:064x}") for i in range(n_docs))
    members = list(range(n_docs))
    rng.shuffle(members)
    size = n_docs // (groups + 1)
    pairs = []
    for g in range(groups):
        group = sorted(members[g * size:(g + 1) * size])
        for a_i, a in enumerate(group):
            for b in group[a_i + 1:]:
                length = rng.randrange(chars // 2, chars - 100)
                start = rng.randrange(0, chars - length)
                matches = (Match(Span(start, start + length), Span(start, start + length), length),)
                sim = round(rng.uniform(0.5, 0.99), 4)
                pairs.append(PairResult(a, b, rng.randrange(0, 20), sim, sim, sim, length, matches))
    pairs.sort(key=lambda p: -p.similarity)
    return Report(CheckOptions(), docs, tuple(rng.getrandbits(64) for _ in docs), tuple(pairs))
