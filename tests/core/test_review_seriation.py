"""The heat map order: every group in contiguous rows, neighbours similar."""

from core.models import Document, PairResult, Report
from core.options import CheckOptions
from core.review.groups import group_details
from core.review.seriation import order_documents, order_group


def test_each_planted_group_fills_contiguous_rows(planted_class):
    corpus, report = planted_class
    order = order_documents(report)
    assert sorted(order) == list(range(len(report.documents)))
    row = {doc: r for r, doc in enumerate(order)}
    index = {d.name: i for i, d in enumerate(report.documents)}
    for planted in corpus.groups:
        rows = sorted(row[index[name]] for name in planted.members)
        assert rows == list(range(rows[0], rows[0] + len(rows))), planted.members
    # the document order itself scatters the groups (so the test can fail)
    first = corpus.groups[0].members
    indexes = sorted(index[n] for n in first)
    assert indexes != list(range(indexes[0], indexes[0] + len(indexes)))


def test_groups_come_first_largest_first_source_leading():
    docs = tuple(Document(i, f"d{i}", "", "txt", "x") for i in range(7))
    pairs = (PairResult(5, 6, 30, 0.9, 0, 0, 0), PairResult(1, 3, 30, 0.5, 0, 0, 0),
             PairResult(3, 4, 30, 0.8, 0, 0, 0))
    report = Report(CheckOptions(), docs, (0,) * 7, pairs)
    assert order_documents(report) == [3, 4, 1, 5, 6, 0, 2]
    assert order_documents(report, group_details(report)) == [3, 4, 1, 5, 6, 0, 2]


def test_order_group_follows_the_strongest_links():
    weights = {0: {1: 0.2, 2: 0.9}, 1: {0: 0.2, 3: 0.7}, 2: {0: 0.9}, 3: {1: 0.7}}
    assert order_group([0, 1, 2, 3], weights, first=0) == [0, 2, 1, 3]
    assert order_group([0, 1, 2, 3], weights)[0] == 0  # the best connected member leads
