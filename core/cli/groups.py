"""The groups section `plagscope check` prints before the pairs.

One block per group: size, likely source (or why none is named), strongest pair, members,
the source-vs-copy pairs, and the copy-vs-copy pairs counted under their group rather than
listed as findings of their own. Names are the distinguishing short names of core/review.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.cli.common import show, width
from core.messages import text
from core.models import Report
from core.review.groups import SOURCE_COVER, GroupDetail
from core.review.names import short_names

__all__ = ["LINE", "format_groups"]

LINE = 100  # wrap member lists at this many columns
_LISTED = 6  # source-vs-copy pairs listed per group


def _pair(report: Report, k: int, names: Sequence[str]) -> str:
    p = report.pairs[k]
    return f"{names[p.left]} ~ {names[p.right]} {100 * p.copied:.1f}%"  # the copied share: what ranks


def _wrapped(prefix: str, items: list[str]) -> list[str]:
    lines, line, used = [], prefix, width(prefix)  # used: the line's width, kept as it grows
    indent = " " * used
    for item in items:
        wide = width(item)
        if used + 1 + wide > LINE and line.strip():
            lines.append(line)
            line = indent
            used = len(indent)
        gap = "" if line.endswith(" ") else " "
        line += gap + item
        used += len(gap) + wide
    lines.append(line)
    return lines


def format_groups(report: Report, details: Sequence[GroupDetail], names: Sequence[str]) -> str:
    """The groups as plain text; `names` are the (safe) short names, one per document."""
    options = report.options
    if not details:
        return "no groups: no pair is flagged"
    in_groups = sum(d.size for d in details)
    lines = [(f"{len(details)} group(s) of documents linked by flagged pairs "
              f"(similarity or copied share >= {100 * options.display_threshold:g}% or Hamming <= "
              f"{options.hamming}); {in_groups} of {len(report.documents)} documents")]
    for g, d in enumerate(details, 1):
        if d.source is not None:
            why = text("group.source", "en", cover=f"{100 * SOURCE_COVER:.0f}%")
            head = f"G{g}  {d.size} documents  source: {names[d.source]} ({why.split(': ', 1)[1]})"
        else:
            head = f"G{g}  {d.size} documents  {text('group.' + d.reason, 'en')}"
        lines.append(head)
        lines.extend(_wrapped("    members:", [names[m] for m in d.members]))
        lines.append(f"    strongest: {_pair(report, d.strongest, names)}")
        label = "source vs copies" if d.source is not None else "pairs"
        shown = [_pair(report, k, names) for k in d.source_pairs[:_LISTED]]
        more = len(d.source_pairs) - len(shown)
        lines.extend(_wrapped(f"    {label} ({len(d.source_pairs)}):",
                              [s + "," for s in shown] + [f"... {more} more"] if more
                              else [s + "," for s in shown[:-1]] + shown[-1:]))
        if d.copy_pairs:
            lines.append(f"    copy vs copy: {len(d.copy_pairs)} pair(s), strongest "
                         f"{_pair(report, d.copy_pairs[0], names)} (not listed as findings)")
    return "\n".join(lines)


def short_names_for(report: Report) -> list[str]:
    """The distinguishing short names of the report's documents, safe to print."""
    return [show(n) for n in short_names([d.name for d in report.documents],
                                          [d.path for d in report.documents])]
