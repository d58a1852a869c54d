"""The text most of the class shares is found once for the whole class (issue 12): its spans in
each document, "in N of M documents", kept by JSON and saved checks; pairs reported anyway
show a passage over it, marked, that does not count in their figures."""

import random
from dataclasses import replace

import make_shared_class
import pytest
from make_shared_class import han

from core.models import Document
from core.options import CheckOptions
from core.pipeline import check_documents, run

OPTIONS = CheckOptions(semantic=False, workers=1)


def a_class(size: int = 16, seed: int = 1):
    """`size` essays that all contain one 240-character assignment paragraph (at different
    places), the first two also one copied paragraph."""
    def essay(i, han, assignment, copy):
        text = han(100 + 20 * i) + "。" + assignment + "。" + han(500)
        return text + "。" + copy + "。" if i < 2 else text

    texts, assignment, copy = make_shared_class.class_texts(essay, size, seed)
    docs = [Document(i, f"s{i:02d}.txt", f"s{i:02d}.txt", "txt", t) for i, t in enumerate(texts)]
    return docs, assignment, copy


@pytest.fixture(scope="module")
def checked():
    docs, assignment, copy = a_class()
    return run(check_documents(docs, OPTIONS)), docs, assignment, copy


def test_the_assignment_is_one_shared_text_in_16_of_16_documents(checked):
    report, docs, assignment, _ = checked
    [shared] = report.shared_texts
    assert shared.documents == tuple(range(16)) and shared.text == assignment
    for d, span in zip(shared.documents, shared.spans):
        assert docs[d].text[span.start:span.end] == assignment


def test_a_pair_with_a_real_copy_keeps_the_assignment_passage_marked_and_uncounted(checked):
    report, docs, assignment, copy = checked
    [pair] = [p for p in report.pairs if (p.left, p.right) == (0, 1)]
    shown = {docs[0].text[m.left.start:m.left.end].strip("。"): m.shared_by for m in pair.matches}
    assert shown == {assignment: 16, copy: 0}
    # its figures are those of the copy alone: the same as with the assignment as template
    template = Document(99, "t.txt", "t.txt", "txt", assignment)
    alone = run(check_documents(docs[:2] + [Document(2, "x.txt", "x.txt", "txt", "无关")], OPTIONS,
                                template=template))
    [same] = [p for p in alone.pairs if (p.left, p.right) == (0, 1)]
    assert pair.similarity == pytest.approx(same.similarity)
    assert pair.left_coverage == pytest.approx(same.left_coverage)


def test_no_shared_text_when_nothing_is_in_most_documents():
    docs, _, _ = a_class(size=16)
    report = run(check_documents(docs[:10] + [Document(10, "y.txt", "y.txt", "txt", "无关的文字")],
                                 OPTIONS))
    assert report.shared_texts == ()  # 10 of 11: not more than the cap (min_common = 10)


def test_identical_copies_in_most_documents_are_one_shared_text():
    rng = random.Random(3)
    essay = han(rng, 300)
    texts = [essay] * 12 + [han(rng, 300) for _ in range(5)]  # the 12 of 17
    docs = [Document(i, f"d{i}.txt", f"d{i}.txt", "txt", t) for i, t in enumerate(texts)]
    report = run(check_documents(docs, OPTIONS))
    [shared] = report.shared_texts
    assert shared.documents == tuple(range(12)) and shared.text == essay
    copies = [p for p in report.pairs if p.right < 12]
    assert len(copies) == 66 and all(p.similarity == 1.0 for p in copies)


def test_json_and_a_saved_check_keep_the_shared_text(checked, tmp_path):
    from core.reports import from_json, to_json
    from core.store.saved import open_check, save_check

    report, docs, _, _ = checked
    texts = [d.text for d in docs]
    assert from_json(to_json(report), texts).shared_texts == report.shared_texts
    assert from_json(to_json(report, version=1), texts).shared_texts == report.shared_texts
    path = save_check(tmp_path / "class.plagscope", report)
    assert open_check(path).report.shared_texts == report.shared_texts


def test_a_malformed_shared_text_is_refused_naming_the_field(checked):
    from core.reports import from_json, to_json

    report, docs, _, _ = checked
    data = to_json(report)
    data["shared_texts"][0]["spans"][0] = [0, 10 ** 6]
    with pytest.raises(ValueError, match="shared_texts"):
        from_json(data, [d.text for d in docs])


@pytest.mark.parametrize("language, held", [("en", "16 of 16 documents"), ("zh", "16 篇中的 16 篇")])
def test_the_html_report_has_a_shared_text_section(checked, language, held):
    from core.reports import render

    report, _, assignment, _ = checked
    html = render(report, "html", language=language).decode("utf-8")
    section = html[html.index('id="shared"'):]
    assert held in section and assignment[:40] in section and "s15.txt" in section
    plain = render(replace(report, shared_texts=()), "html", language=language).decode("utf-8")
    assert 'id="shared"' not in plain


def test_two_shared_texts_alike_in_size_and_holders_come_in_the_first_documents_order():
    """Two texts of one length in the same documents tie in the order's keys; the text found
    first (the first document's first run) comes first, as in every earlier report, though
    every other document holds them the other way round."""
    rng = random.Random(8)
    first, second = han(rng, 240), han(rng, 240)

    def essay(i):
        one, two = (first, second) if i == 0 else (second, first)
        return "。".join((han(rng, 100), one, han(rng, 100), two, han(rng, 100)))

    texts = [essay(i) for i in range(12)]
    docs = [Document(i, f"d{i}.txt", f"d{i}.txt", "txt", t) for i, t in enumerate(texts)]
    report = run(check_documents(docs, OPTIONS))
    assert [s.text for s in report.shared_texts] == [first, second]
    assert [s.documents for s in report.shared_texts] == [tuple(range(12))] * 2
