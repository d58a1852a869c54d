"""No copy vanishes: N identical copies among M documents all show at 100% (issue 12)."""

import random

import pytest

from core.options import CheckOptions
from core.pipeline import check_documents, run

M = 60


def class_with_copies(n: int) -> list[str]:
    rng = random.Random(n)
    han = lambda size: "".join(chr(rng.randrange(0x4E00, 0x4E00 + 3000)) for _ in range(size))
    essay = han(300)
    return [essay] * n + [han(300) for _ in range(M - n)]


@pytest.mark.parametrize("n", [2, 30, 31, 60])  # the cap is 30 of 60: on either side of it
def test_every_copy_pair_reads_100_percent(docs, n):
    report = run(check_documents(docs(*class_with_copies(n)), CheckOptions()))
    copies = [p for p in report.pairs if p.left < n and p.right < n]
    assert len(copies) == n * (n - 1) // 2
    assert all(p.similarity == 1.0 and len(p.matches) == 1 for p in copies)
    marks = {m.shared_by for p in copies for m in p.matches}
    # text in more than the cap (half) of the documents is marked "in N of M documents"
    assert marks == ({n} if n > CheckOptions().max_share * M else {0})


def test_text_in_most_documents_still_tops_the_ranking_marked_as_common(docs):
    texts = class_with_copies(40)
    report = run(check_documents(docs(*texts), CheckOptions()))
    assert report.pairs[0].similarity == 1.0 and report.pairs[0].matches[0].shared_by == 40


def test_the_mark_survives_json_and_a_saved_check(docs, tmp_path):
    from core.reports import from_json, to_json
    from core.store.saved import open_check, save_check

    texts = class_with_copies(14)[:16]  # 14 copies among 16 documents (the cap is 10)
    report = run(check_documents(docs(*texts), CheckOptions()))
    assert report.pairs[0].matches[0].shared_by == 14
    data = to_json(report)
    assert data["pairs"][0]["matches"][0]["shared_by"] == 14
    back = from_json(data, [d.text for d in report.documents])
    assert back.pairs[0].matches[0].shared_by == 14 and back == report
    saved = open_check(save_check(tmp_path / "c.plagscope", report))
    assert saved.report.pairs[0].matches[0].shared_by == 14


def test_json_leaves_shared_by_out_when_zero_and_refuses_a_bad_one(docs):
    from core.reports import from_json, to_json

    report = run(check_documents(docs(*class_with_copies(2)[:4]), CheckOptions()))
    data = to_json(report)
    match = data["pairs"][0]["matches"][0]
    assert "shared_by" not in match
    match["shared_by"] = -1
    with pytest.raises(ValueError, match="shared_by"):
        from_json(data, [d.text for d in report.documents])
