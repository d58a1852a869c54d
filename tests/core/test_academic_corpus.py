"""The academic corpus (tests/data/make_academic.py): every planted copy is found with its
class, and every figure equals what the planted spans give, worked out here independently."""

import make_academic
import pytest

from core.academic.figures import document_figures
from core.options import CheckOptions
from core.pipeline import check, run

QUOTED = {"quoted", "quoted_cited", "references"}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("academic")
    docs = {d.name: d for d in make_academic.write(folder)}
    report = run(check([folder], CheckOptions(workers=1)))
    return docs, report


def solid(text: str) -> int:
    return sum(not ch.isspace() for ch in text)


def lang(name: str) -> str:
    return name[:2]


def planted_sources(docs, name, p) -> set[str]:
    """The documents a planted copy is shared with: its source, and for a reference list every
    other document of the language that has the same list."""
    if p.key != "references":
        return {p.source}
    return {other for other, d in docs.items() if other != name and lang(other) == lang(name)
            and any(q.key == "references" for q in d.planted)}


def test_every_planted_copy_is_one_passage_with_its_class(corpus):
    docs, report = corpus
    names = [d.name for d in report.documents]
    found = {}
    for pair in report.pairs:
        for m in pair.matches:
            found[(names[pair.left], m.left.start, m.left.end, names[pair.right])] = m.attribution
            found[(names[pair.right], m.right.start, m.right.end, names[pair.left])] = m.attribution
    expected = {}
    for name, doc in docs.items():
        for p in doc.planted:
            if p.cls:  # an essay's copy: its class in the essay is the passage's class
                expected[(name, p.start, p.end, p.source)] = p.cls
    assert {k: found.get(k) for k in expected} == expected
    classes = {p.cls for d in docs.values() for p in d.planted if p.cls}
    assert classes == {"unattributed", "quoted", "cited", "quoted_cited", "references"}
    # nothing but the planted copies (and the shared reference lists) is found
    planted = {(name, p.start, p.end) for name, d in docs.items() for p in d.planted}
    assert {(k[0], k[1], k[2]) for k in found} == planted


def expected_figures(docs, name, options: CheckOptions):
    doc = docs[name]
    text = doc.text
    total = solid(text)
    essay = [p for p in doc.planted if p.cls]
    def counted(p):
        return not ((options.exclude_quotes and p.cls in ("quoted", "quoted_cited"))
                    or (options.exclude_references and p.cls == "references"))
    kept = [p for p in essay if counted(p)]
    by_source = {}
    for p in kept:
        for other in planted_sources(docs, name, p):
            by_source[other] = by_source.get(other, 0) + solid(text[p.start:p.end])
    copied = sum(solid(text[p.start:p.end]) for p in kept)
    return {
        "copied_chars": copied,
        "total_copy_ratio": copied / total,
        "copy_ratio_excluding_quotes": sum(solid(text[p.start:p.end]) for p in kept
                                           if p.cls not in QUOTED) / total,
        "largest_source_ratio": max(by_source.values(), default=0) / total,
        "sources": len({p.source for p in kept if p.cls == "unattributed"}),
    }


def expected_sections(docs, name, planted_kept):
    doc = docs[name]
    text = doc.text
    starts, at = [], 0
    for title in doc.headings:
        at = text.index(title, at)
        starts.append(at)
    bounds = list(zip(starts, starts[1:] + [len(text)]))
    out = []
    for title, (s, e) in zip(doc.headings, bounds):
        inside = sum(solid(text[max(s, p.start):min(e, p.end)]) for p in planted_kept if p.start < e and p.end > s)
        out.append((title, s, e, inside / solid(text[s:e])))
    return out


ESSAYS = ["zh_essay.txt", "zh_combined.txt", "zh_essay.docx", "en_essay.txt", "en_combined.txt"]


@pytest.mark.parametrize("options", [
    CheckOptions(), CheckOptions(exclude_quotes=True), CheckOptions(exclude_references=True),
    CheckOptions(exclude_quotes=True, exclude_references=True),
], ids=["defaults", "exclude_quotes", "exclude_references", "exclude_both"])
def test_figures_equal_the_planted_spans(corpus, options):
    docs, report = corpus
    figures = dict(zip([d.name for d in report.documents], document_figures(report, options)))
    for name in ESSAYS:
        f = figures[name]
        got = {key: getattr(f, key) for key in ("copied_chars", "total_copy_ratio",
                                                "copy_ratio_excluding_quotes", "largest_source_ratio", "sources")}
        assert got == expected_figures(docs, name, options), name
        if docs[name].headings:
            kept = [p for p in docs[name].planted if p.cls and
                    not ((options.exclude_quotes and p.cls in ("quoted", "quoted_cited"))
                         or (options.exclude_references and p.cls == "references"))]
            assert [(s.title, s.start, s.end, s.copy_ratio) for s in f.sections] == \
                expected_sections(docs, name, kept), name


def test_a_document_without_headings_is_one_block_when_short(corpus):
    docs, report = corpus
    index = [d.name for d in report.documents].index("zh_essay.docx")
    f = document_figures(report)[index]
    text = docs["zh_essay.docx"].text
    assert [(s.start, s.end, s.copy_ratio) for s in f.sections] == [(0, len(text), f.total_copy_ratio)]


def test_minimum_match_length_drops_shorter_passages(corpus):
    docs, report = corpus
    names = [d.name for d in report.documents]
    essay = docs["zh_essay.txt"]
    a4 = next(p for p in essay.planted if p.key == "A4")  # 18 characters, the shortest copy
    assert len(make_academic.ZH["A4"]) == 18
    base = document_figures(report, CheckOptions(min_match_chars=18))[names.index("zh_essay.txt")]
    fewer = document_figures(report, CheckOptions(min_match_chars=19))[names.index("zh_essay.txt")]
    assert base.copied_chars - fewer.copied_chars == solid(essay.text[a4.start:a4.end])
    en = docs["en_essay.txt"]
    e4 = next(p for p in en.planted if p.key == "E4")
    words = len(en.text[e4.start:e4.end].split())
    i = names.index("en_essay.txt")
    assert document_figures(report, CheckOptions(min_match_words=words))[i].copied_chars == \
        document_figures(report)[i].copied_chars
    assert document_figures(report, CheckOptions(min_match_words=words + 1))[i].copied_chars == \
        document_figures(report)[i].copied_chars - solid(en.text[e4.start:e4.end])


def test_the_sources_rank_by_their_ratio(corpus):
    _docs, report = corpus
    names = [d.name for d in report.documents]
    f = document_figures(report)[names.index("zh_essay.txt")]
    assert [names[i] for i, _ in f.ranked] == ["zh_source_a.txt", "zh_source_b.txt", "zh_combined.txt"]
    assert f.ranked[0][1] == f.largest_source_ratio
