"""Groups of documents linked by flagged pairs, their likely source, and the JSON `groups`."""

import json

import pytest

from core.evidence import rank_key
from core.models import Document, Match, PairResult, Report, Span
from core.options import CheckOptions
from core.reports import render_json, to_json
from core.review.groups import _scores, find_groups, group_details, likely_source


def _names(report, members):
    return {report.documents[m].name for m in members}


def test_the_groups_found_are_exactly_the_planted_ones(planted_class):
    corpus, report = planted_class
    found = sorted(sorted(_names(report, g.members)) for g in report.groups)
    planted = sorted(sorted(g.members) for g in corpus.groups)
    assert found == planted


def test_the_source_is_named_where_unambiguous_and_not_elsewhere(planted_class):
    corpus, report = planted_class
    by_members = {frozenset(_names(report, g.members)): g for g in report.groups}
    for planted in corpus.groups:
        group = by_members[frozenset(planted.members)]
        named = None if group.source is None else report.documents[group.source].name
        assert named == planted.source, planted.kind
    reasons = {frozenset(_names(report, d.members)): d.reason for d in group_details(report)}
    kinds = {g.kind: reasons[frozenset(g.members)] for g in corpus.groups}
    assert kinds == {"subsets": "source", "whole": "tie", "pair": "pair"}


def test_every_member_shares_a_flagged_pair_and_copy_pairs_sit_under_their_group(planted_class):
    _, report = planted_class
    for d in group_details(report):
        linked = {m for k in d.pairs for m in (report.pairs[k].left, report.pairs[k].right)}
        assert linked == set(d.members)
        assert d.strongest == min(d.pairs, key=lambda k: rank_key(report.pairs[k]))  # ranked first
        assert sorted(d.source_pairs + d.copy_pairs) == sorted(d.pairs)
        if d.source is not None:
            assert all(d.source not in (report.pairs[k].left, report.pairs[k].right)
                       for k in d.copy_pairs)
            assert d.copy_pairs  # the planted copies share paragraphs with each other


def _doc(i, n=100):
    return Document(i, f"d{i}.txt", f"/d{i}.txt", "txt", "x" * n)


def _report(pairs, n=4, **options):
    return Report(CheckOptions(**options), tuple(_doc(i) for i in range(n)), (0,) * n, tuple(pairs))


def test_flagged_means_threshold_or_near_duplicate():
    pairs = [PairResult(0, 1, 30, 0.09, 0, 0, 0), PairResult(2, 3, 2, 0.01, 0, 0, 0)]
    assert [g.members for g in find_groups(_report(pairs))] == [(2, 3)]
    assert [g.members for g in find_groups(_report(pairs, display_threshold=0.05))] == [(0, 1), (2, 3)]


def _pair(a, b, spans_a, spans_b, sim=0.5):
    matches = tuple(Match(Span(*x), Span(*y), y[1] - y[0]) for x, y in zip(spans_a, spans_b))
    return PairResult(a, b, 30, sim, 0, 0, 0, matches)


def test_a_chain_has_no_source_and_a_star_has_one():
    # 0 holds [0, 60); 1 took [0, 40), 2 took [20, 60), and so they share [20, 40)
    star = [_pair(0, 1, [(0, 40)], [(0, 40)]), _pair(0, 2, [(20, 60)], [(10, 50)]),
            _pair(1, 2, [(20, 40)], [(10, 30)])]
    assert likely_source([0, 1, 2], star)[:2] == (0, "source")
    # took disjoint halves: 0 may be the source, or a copy compiled from 1 and 2
    assert likely_source([0, 1, 2], star[:1] + [_pair(0, 2, [(40, 60)], [(10, 30)])])[:2] == (
        None, "hub")
    # chain 0 -> 1 -> 2, all of the same text: every member covers the others
    chain = [_pair(0, 1, [(0, 50)], [(0, 50)]), _pair(1, 2, [(0, 50)], [(0, 50)]),
             _pair(0, 2, [(0, 50)], [(0, 50)])]
    assert likely_source([0, 1, 2], chain)[:2] == (None, "tie")
    # each copy took from somewhere else: nobody holds what the others share
    apart = [_pair(0, 1, [(0, 30)], [(0, 30)]), _pair(1, 2, [(50, 80)], [(0, 30)]),
             _pair(0, 2, [(60, 80)], [(60, 80)])]
    assert likely_source([0, 1, 2], apart)[:2] == (None, "none")
    assert likely_source([0, 1], star[:1])[:2] == (None, "pair")


def test_json_report_lists_groups_with_indexes_and_reads_them_back(planted_class):
    from core.reports import from_json

    _, report = planted_class
    data = json.loads(render_json(report))
    assert data["groups"] == [{"members": list(g.members), "source": g.source} for g in report.groups]
    assert len(data["groups"]) == 6
    assert sum(g["source"] is not None for g in data["groups"]) == 4
    assert from_json(data).groups == report.groups
    with pytest.raises(ValueError, match="groups"):
        from_json(dict(data, groups=[{"members": [0, 1], "source": 5}]))


def test_json_groups_are_found_when_a_report_carries_none():
    report = _report([PairResult(0, 1, 30, 0.5, 0, 0, 0)])
    assert to_json(report)["groups"] == [{"members": [0, 1], "source": None}]
    assert to_json(_report([]))["groups"] == []


@pytest.mark.slow
@pytest.mark.parametrize("seed", [21, 22])
def test_the_source_is_named_when_copies_take_overlapping_parts_of_it(seed):
    """A class where each copy takes a run of the original's paragraphs overlapping the others'
    (tests/data/make_class.py --overlap), on seeds nothing was tuned on: every source named."""
    from make_class import make_class

    from core.pipeline import check_documents, run

    corpus = make_class(60, (8, 7, 6, 5, 4, 3), whole=(), english=(2, 5), seed=seed, overlap=True)
    report = run(check_documents(corpus.documents(), CheckOptions(semantic=False, workers=1)))
    named = {frozenset(_names(report, d.members)): d.source for d in group_details(report)}
    for planted in corpus.groups:
        source = named[frozenset(planted.members)]
        assert source is not None and report.documents[source].name == planted.source


def test_an_undecided_source_says_why_in_the_report(planted_class):
    """The class report's groups table gives the reason in the cell (a PDF shows no hover)."""
    from core.reports.builder import build_document

    _, report = planted_class
    doc = build_document(report)
    groups = next(s for s in doc.sections if s.anchor == "groups")
    texts = [c.text for block in groups.blocks if hasattr(block, "rows") for row in block.rows
             for c in row.cells]
    assert any("cannot tell (two documents: which one copied cannot be told" in t for t in texts)
    assert any("cannot tell (source undecided: several members hold" in t for t in texts)


def test_the_union_of_each_keys_spans_is_counted_at_once():
    """`_union_lengths` gives each key the characters of the union of its spans, many keys at
    once: empty and reversed spans add nothing, a span held many times counts once."""
    import random

    import numpy as np

    from core.review.groups import _union_lengths

    rng = random.Random(4)
    for _ in range(300):
        spans = [(rng.randrange(5), a, a + rng.randrange(-3, 12))
                 for a in (rng.randrange(40) for _ in range(rng.randrange(1, 12)))]
        spans += rng.sample(spans, rng.randrange(len(spans)))  # a span a member shares with many
        keys, lengths = _union_lengths(*(np.array(x, dtype=np.int64) for x in zip(*spans)))
        want = {k: len(set().union(*(range(s, e) for j, s, e in spans if j == k))) for k, _, _ in spans}
        assert dict(zip(keys.tolist(), lengths.tolist())) == want


def _source_one_by_one(members, pairs):
    """(source, reason, scores) as the module docstring states them, member by member."""
    spans = {}
    for p in pairs:
        for m in p.matches:
            if m.attribution != "template":
                spans.setdefault(p.left, {}).setdefault(p.right, []).append(m.left)
                spans.setdefault(p.right, {}).setdefault(p.left, []).append(m.right)

    def chars(found):
        return len(set().union(*(range(s.start, s.end) for s in found)))

    total = {o: chars([s for by in spans.get(o, {}).values() for s in by]) for o in members}
    scores = []
    for c in members:
        score = 1.0
        for o in members:
            if o != c:
                if not total[o]:
                    score = 0.0
                    break
                score = min(score, chars(spans.get(o, {}).get(c, [])) / total[o])
        scores.append(score)
    if len(members) == 2:
        return None, "pair", scores
    best = max(range(len(members)), key=lambda i: (scores[i], -i))
    second = max(x for i, x in enumerate(scores) if i != best)
    if scores[best] < 0.8:
        return None, "none", scores
    if scores[best] - second < 0.15:
        return None, "tie", scores
    source = members[best]
    if not any(spans[o][c] for o in members for c in spans.get(o, {}) if source not in (o, c)):
        return None, "hub", scores
    return source, "source", scores


def test_likely_source_scores_each_member_as_the_rule_does_one_by_one():
    """The scores, the source and its reason, on random groups, of few members and of many, one
    group at a time and all of them at once: several passages a pair, overlapping and empty
    spans, template passages, members without a passage and pairs with a document outside the
    group."""
    import random

    rng = random.Random(7)
    reasons = set()
    groups = []
    for _ in range(400):
        n = rng.randrange(2, 12)
        members = sorted(rng.sample(range(16), n))
        others = [16, 17]  # documents outside the group
        pairs = []
        for a in range(n):
            for b in range(a + 1, n):
                if rng.random() < 0.8:
                    k = rng.randrange(0, 3)
                    left = [(x, x + rng.randrange(-2, 30)) for x in (rng.randrange(60) for _ in range(k))]
                    right = [(x, x + rng.randrange(-2, 30)) for x in (rng.randrange(60) for _ in range(k))]
                    pair = _pair(members[a], members[b], left, right)
                    if k and rng.random() < 0.1:
                        pair = PairResult(pair.left, pair.right, 30, 0.5, 0, 0, 0,
                                          (Match(Span(0, 50), Span(0, 50), 50, attribution="template"),) + pair.matches)
                    pairs.append(pair)
        if rng.random() < 0.2:
            pairs.append(_pair(rng.choice(members), rng.choice(others), [(0, 80)], [(0, 80)]))
        shape = rng.random()
        if shape < 0.3:  # a star: the first member holds what each other shares with it
            pairs = [_pair(members[0], m, [(0, 100)], [(0, 100)]) for m in members[1:]] + [
                _pair(members[1], m, [(0, 40)], [(0, 40)]) for m in members[2:]]
        elif shape < 0.45:  # copies of one text: each covers the others alike
            pairs = [_pair(a, b, [(0, 100)], [(0, 100)]) for a in members for b in members if a < b]
        elif shape < 0.6:  # a hub: the others share nothing with each other
            pairs = [_pair(members[0], m, [(0, 100)], [(0, 100)]) for m in members[1:]]
        if rng.random() < 0.3:  # a pair of two documents outside the group
            pairs.append(_pair(others[0], others[1], [(0, 80)], [(0, 80)]))
        found = likely_source(members, pairs)
        assert found == _source_one_by_one(members, pairs)
        groups.append((members, pairs, found[2]))
        reasons.add(found[1])
    assert reasons == {"source", "pair", "tie", "none", "hub"}
    # all at once, as a report's groups are counted: documents held by several groups apart
    assert _scores([(members, pairs) for members, pairs, _ in groups]) == [scores for *_, scores in groups]


def test_groups_are_the_components_of_the_flagged_pairs_members_ascending():
    """On random reports (documents in no flagged pair, pairs below the threshold, chains and
    repeated documents), the groups are the components a walk of the flagged pairs finds,
    each member list ascending (its scores follow it), in the order the module states."""
    import random

    rng = random.Random(5)
    for _ in range(150):
        n = rng.randrange(2, 30)
        keys = {tuple(sorted(rng.sample(range(n), 2))) for _ in range(rng.randrange(1, 2 * n))}
        pairs = [PairResult(a, b, 30, rng.choice((0.01, 0.3, 0.5, 0.9)), 0, 0, 0) for a, b in sorted(keys)]
        rng.shuffle(pairs)
        report = _report(pairs, n=n)
        flagged = [(p.left, p.right) for p in pairs if p.similarity >= report.options.display_threshold]
        reach = {x: {x} for edge in flagged for x in edge}
        for a, b in flagged:  # merge the two sets wherever either is held
            merged = reach[a] | reach[b]
            for x in merged:
                reach[x] = merged
        details = group_details(report)
        assert sorted(d.members for d in details) == sorted({tuple(sorted(m)) for m in reach.values()})
        assert all(list(d.members) == sorted(d.members) for d in details)
        assert details == sorted(details, key=lambda d: (-d.size, rank_key(report.pairs[d.strongest]), d.members[0]))
        for d in details:
            inside = [i for i, p in enumerate(report.pairs) if p.left in d.members and p.right in d.members
                      and p.similarity >= report.options.display_threshold]
            assert d.pairs == tuple(sorted(inside, key=lambda i: (rank_key(report.pairs[i]), i)))
