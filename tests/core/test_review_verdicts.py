"""Verdicts keyed by document key and (key, key); carried into the JSON report."""

import json

import pytest

from core.models import Verdict
from core.reports import render_json
from core.review.verdicts import UNREVIEWED, Verdicts, pair_key


def test_verdicts_are_keyed_by_text_and_pair_order_does_not_matter(planted_class):
    _, report = planted_class
    pair = report.pairs[0]
    key = pair_key(report, pair)
    assert key == tuple(sorted((report.documents[pair.left].key, report.documents[pair.right].key)))
    v = Verdicts().set_pair(key[::-1], Verdict("confirmed", "copied §2"))
    assert v.pair(report, pair) == Verdict("confirmed", "copied §2")
    assert v.pairs == {key: Verdict("confirmed", "copied §2")}
    v2 = v.set_document(report.documents[3].key, Verdict("suspicious"))
    assert v.document(report, 3) == UNREVIEWED and v2.document(report, 3).status == "suspicious"
    assert v2.set_pair(key, UNREVIEWED).pairs == {}  # clearing removes the entry
    with pytest.raises(ValueError):
        Verdict("guilty")


def test_json_carries_verdict_and_note_where_present(planted_class):
    _, report = planted_class
    # (copies equal to their original share its key, and so its verdicts: pick distinct pairs)
    one, other = [k for k, p in enumerate(report.pairs)
                  if report.documents[p.left].key != report.documents[p.right].key][:2]
    verdicts = (Verdicts()
                .set_pair(pair_key(report, report.pairs[one]), Verdict("not_plagiarism", "shared quote"))
                .set_document(report.documents[2].key, Verdict("", "ask the student")))
    data = json.loads(render_json(report, verdicts))
    assert data["pairs"][one]["verdict"] == "not_plagiarism"
    assert data["pairs"][one]["note"] == "shared quote"
    assert "verdict" not in data["pairs"][other] and "note" not in data["pairs"][other]
    assert data["documents"][2] == {**data["documents"][2], "note": "ask the student"}
    assert "verdict" not in data["documents"][2]
    assert "verdict" not in json.loads(render_json(report))["pairs"][one]
