"""Groups: documents linked by flagged pairs, and which member is the likely source.

A group is a connected component of the graph whose nodes are documents and
whose edges are the flagged pairs (`core.rules.is_flagged`: similarity at or above the
display threshold, or a near-duplicate). Every member shares a flagged pair with another
member; a document without a flagged pair is in no group.

**Likely source.** Each member's *copied text* is the union of its passages with all the
other members (every pair of the report between two members counts, flagged or not).
A member c *covers* another member o by the share of o's copied text lying inside o's
passages with c. c's *score* is the least it covers any other member. The likely source is
the member with the highest score when that score is at least `SOURCE_COVER` (it holds at
least 80% of what each other member shares with the group) and beats every other member's
score by at least `SOURCE_MARGIN`. Otherwise it cannot be decided and `source` is None:
- two members only: each covers the other completely, and which one copied cannot be
  told from the texts (`reason` "pair");
- copies that took all the same text from the original cover each other as well as the
  original covers them, and so does a chain A -> B -> C ("tie");
- no member holds what the others share, e.g. each copy took from a different document
  ("none");
- the best member links the others, but they share no passage with each other: it may be
  their source, or a copy compiled from them ("hub"). A source is named only when at least
  two other members share a passage, which it holds as well.

Pairs inside a group are split into source-vs-copy pairs (one side is the source) and
copy-vs-copy pairs (neither side is); when no source is known every pair is a pair of the
group. Copy-vs-copy pairs are listed under their group, not as findings of their own.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from core.components import component_members
from core.evidence import rank_key
from core.models import Group, PairResult, Report
from core.rules import is_flagged

__all__ = [
    "SOURCE_COVER",
    "SOURCE_MARGIN",
    "GroupDetail",
    "find_groups",
    "group_details",
    "likely_source",
    "with_groups",
]

SOURCE_COVER = 0.8
SOURCE_MARGIN = 0.15
REASONS = ("source", "pair", "tie", "none", "hub")


@dataclass(frozen=True, slots=True)
class GroupDetail:
    """A group with what a reviewer reads first.

    pairs: indexes into `Report.pairs` of the flagged pairs between members, strongest first;
    strongest: the index of the strongest of them; source_pairs / copy_pairs: the same
    pairs split by whether one side is the source (all of them are source_pairs when the
    source is unknown); reason: one of `REASONS` ("source" when a source was named);
    scores: each member's score (see the module docstring), in `group.members` order.
    """

    group: Group
    pairs: tuple[int, ...]
    strongest: int
    source_pairs: tuple[int, ...]
    copy_pairs: tuple[int, ...]
    reason: str
    scores: tuple[float, ...]

    @property
    def members(self) -> tuple[int, ...]:
        return self.group.members

    @property
    def source(self) -> int | None:
        return self.group.source

    @property
    def size(self) -> int:
        return len(self.group.members)


def _flagged(report: Report) -> list[int]:
    options = report.options
    return [i for i, p in enumerate(report.pairs)
            if is_flagged(p, options.display_threshold, options.hamming)]


def find_groups(report: Report) -> tuple[Group, ...]:
    """The groups of a report: largest first (then by their strongest pair, core.evidence.rank_key), members ascending."""
    return tuple(d.group for d in group_details(report))


def with_groups(report: Report) -> Report:
    """The report with `groups` filled in (the pipeline's last step)."""
    return replace(report, groups=find_groups(report))


_recent: list[tuple[tuple[PairResult, ...], float, int, tuple[GroupDetail, ...]]] = []  # see group_details
_KEEP = 2


def group_details(report: Report) -> list[GroupDetail]:
    """Every group of the report with its pairs, strongest pair and likely source.

    They depend on the pairs and two options only, so the last few reports' are kept by their
    pairs' tuple (the same object in a report and `with_groups`' copy of it): the pipeline
    finds the groups, and the table, the review and the reports read them again."""
    global _recent  # replaced whole: a reader on another thread sees the old list or the new
    options = report.options
    for pairs, threshold, hamming, found in _recent:
        if pairs is report.pairs and (threshold, hamming) == (options.display_threshold, options.hamming):
            return list(found)
    details = _group_details(report)
    _recent = [(report.pairs, options.display_threshold, options.hamming, tuple(details)), *_recent[:_KEEP - 1]]
    return details


def _group_details(report: Report) -> list[GroupDetail]:
    flagged = _flagged(report)
    left = np.array([report.pairs[i].left for i in flagged], dtype=np.intp)
    right = np.array([report.pairs[i].right for i in flagged], dtype=np.intp)
    linked = np.unique(np.concatenate((left, right)))
    n = int(linked[-1]) + 1 if len(linked) else 0
    components = component_members(n, left, right, linked)
    member_of = {doc: g for g, members in enumerate(components) for doc in members}
    flagged_in: dict[int, list[int]] = defaultdict(list)
    for i in flagged:
        flagged_in[member_of[report.pairs[i].left]].append(i)
    all_in: dict[int, list[PairResult]] = defaultdict(list)
    for p in report.pairs:
        g = member_of.get(p.left)
        if g is not None and member_of.get(p.right) == g:
            all_in[g].append(p)
    details = []
    every = _scores([(members, all_in[g]) for g, members in enumerate(components)])
    for g, (members, scores) in enumerate(zip(components, every)):
        pairs = sorted(flagged_in[g], key=lambda i: (rank_key(report.pairs[i]), i))
        source, reason = _source(members, all_in[g], scores)
        if source is None:
            split = (tuple(pairs), ())
        else:
            split = (tuple(i for i in pairs if source in (report.pairs[i].left, report.pairs[i].right)),
                     tuple(i for i in pairs if source not in (report.pairs[i].left, report.pairs[i].right)))
        details.append(GroupDetail(Group(tuple(members), source), tuple(pairs), pairs[0],
                                   split[0], split[1], reason, tuple(scores)))
    details.sort(key=lambda d: (-d.size, rank_key(report.pairs[d.strongest]), d.members[0]))
    return details


def likely_source(members: Sequence[int], pairs: Iterable[PairResult]) -> tuple[int | None, str, list[float]]:
    """(source or None, reason, each member's score) for one group; see the module docstring."""
    members, pairs = list(members), list(pairs)
    scores = _scores([(members, pairs)])[0]
    return *_source(members, pairs, scores), scores


def _source(members: list[int], pairs: list[PairResult], scores: list[float]) -> tuple[int | None, str]:
    """(source or None, reason) of one group from its members' scores."""
    if len(members) == 2:
        return None, "pair"
    order = sorted(range(len(members)), key=lambda i: -scores[i])
    best, second = scores[order[0]], scores[order[1]]
    if best < SOURCE_COVER:
        return None, "none"
    if best - second < SOURCE_MARGIN:
        return None, "tie"
    source = members[order[0]]
    # a passage of a member with another document, neither of them the source
    inside = set(members)
    if not any(source not in (p.left, p.right) and (p.left in inside or p.right in inside)
               and any(m.attribution != "template" for m in p.matches) for p in pairs):
        return None, "hub"
    return source, "source"


def _scores(groups: Sequence[tuple[list[int], list[PairResult]]]) -> list[list[float]]:
    """Each member's score (see the module docstring) in each of many groups (its members, and
    the pairs among them and with other documents), counted together with numpy: a report's
    many small groups share the calls, a class of near copies' groups their ~20 x 20 shares."""
    # every document of every group gets an index of its own: a group's members, then any other
    # document its pairs hold; each passage side is a row: o (whose side), c (the other
    # document), its span. held[o, c] and total[o]: the characters of the union of o's passages
    # with c, and with anyone
    own, other, starts, ends = [], [], [], []
    member, group_of, size = [], [], 0  # each member's index and group
    for g, (members, pairs) in enumerate(groups):
        at = {doc: size + k for k, doc in enumerate(members)}
        member += at.values()
        group_of += [g] * len(members)
        for p in pairs:
            left = at.setdefault(p.left, size + len(at))
            right = at.setdefault(p.right, size + len(at))
            for m in p.matches:
                if m.attribution == "template":
                    continue
                own += (left, right)
                other += (right, left)
                starts += (m.left.start, m.right.start)
                ends += (m.left.end, m.right.end)
        size += len(at)
    o, c = np.array(own, dtype=np.int64), np.array(other, dtype=np.int64)
    start, end = np.array(starts, dtype=np.int64), np.array(ends, dtype=np.int64)
    total = np.zeros(size, dtype=np.int64)
    found, extent = _union_lengths(o, start, end)
    total[found] = extent
    found, held = _union_lengths(o * size + c, start, end)  # only the (o, c) that hold a passage
    by, of = found // size, found % size
    rows = np.array(member, dtype=np.int64)  # a group's members are the rows its index starts with
    is_member = np.zeros(size, dtype=bool)
    is_member[rows] = True
    kept = is_member[by] & (by != of)  # a share of a member's copied text; the scores read are members'
    by, of, held = by[kept], of[kept], held[kept]
    # c's score: the least share of another member's copied text c covers (1.0 with no other
    # member); 0.0 when another member shares no passage with c or copied nothing at all
    score = np.ones(size)
    np.minimum.at(score, of, held / np.where(total > 0, total, 1)[by])  # Python's division's double
    group = np.array(group_of, dtype=np.int64)
    many = np.bincount(group, minlength=len(groups))[group]  # members of each member's group
    empty = total[rows] == 0
    apart = np.bincount(of, minlength=size)[rows] < many - 1
    others_empty = np.bincount(group, weights=empty, minlength=len(groups))[group] - empty > 0
    scores = np.where(apart | others_empty, 0.0, score[rows]).tolist()
    bounds = np.cumsum([len(members) for members, _ in groups]).tolist()
    return [scores[stop - len(members):stop] for (members, _), stop in zip(groups, bounds)]


def _union_lengths(keys: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the keys, ascending; the characters in the union of each one's half-open spans), as
    `merge` unites them: sorted by start, a span adds what it reaches beyond the furthest end
    of its key's spans before it (an empty span adds nothing)."""
    if not len(keys):
        return keys, keys
    order = np.lexsort((starts, keys))
    keys, starts, ends = keys[order], starts[order], ends[order]
    first = np.ones(len(keys), dtype=bool)
    first[1:] = keys[1:] != keys[:-1]
    # the furthest end before each span within its key (each key's rank, shifted past any
    # offset, keeps the running maximum from reaching back into the keys before it)
    shift = (np.cumsum(first) - 1) << 32
    reach = np.maximum.accumulate(np.maximum(ends, starts) + shift) - shift
    before = np.empty_like(reach)
    before[1:] = reach[:-1]
    before[first] = starts[first]
    added = np.maximum(ends - np.maximum(starts, before), 0)
    return keys[first], np.add.reduceat(added, np.flatnonzero(first))
