"""Report -> ReportDocument: what every report says, once, in the reader's language.

`build_document(report, language=..., threshold=...)` assembles the sections listed in
`PARTS`, in order; each part is a function of the `Context` that returns a `Section`, or
None when it has nothing to say. A new part of the report (the groups view, the
per-student summary, the per-student pages) is one more function in `PARTS`, and both the
HTML and the PDF show it.

"Flagged" is `core.rules.is_flagged` at the display threshold (the report's own, or the
one the reader chose in the app). Only flagged pairs are shown passage by passage, in rank
order while the texts shown stay within `DETAIL_BUDGET` characters; beyond it, a flagged
pair is still shown when it is the strongest flagged pair of a document not yet shown, so
every flagged document has its best evidence in the report and the size stays bounded
(about one pair per document).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from core import messages
from core.academic.classify import Analyses, side_classes
from core.academic.figures import CLASS_LABELS
from core.display import safe_name
from core.evidence import label as kind_label
from core.models import ATTRIBUTIONS, Document, PairResult, Report
from core.options import DEFAULTS, LANGS, CheckOptions
from core.reports.colors import class_color
from core.reports.json_report import simhash_hex
from core.reports.model import (
    Article,
    Cell,
    Column,
    Comparison,
    Figure,
    Figures,
    Mark,
    MarkedText,
    Paragraph,
    Passage,
    ReportDocument,
    Row,
    Section,
    Table,
)
from core.reports.strings import Strings, strings
from core.review import at_threshold, group_details, short_names, student_summaries
from core.rules import is_flagged

#: Characters of document text shown side by side (both sides count): 80 pairs of 3,000-character essays.
DETAIL_BUDGET = 500_000
#: The ranked table lists the flagged pairs up to this rank (and every pair shown in detail),
#: then at most MAX_UNFLAGGED_ROWS pairs below the display threshold; the JSON and CSV list all.
MAX_FLAGGED_ROWS = 500
MAX_UNFLAGGED_ROWS = 50

_CJK = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")


@dataclass
class Context:
    """What every part of the report needs: the report, its wording, and who is flagged."""

    report: Report
    s: Strings
    threshold: float
    generated: datetime
    verdicts: object = None  # core.review.verdicts.Verdicts, or None
    flagged: list[tuple[int, PairResult]] = field(default_factory=list)  # (rank, pair), rank 1-based
    detailed: list[tuple[int, PairResult]] = field(default_factory=list)  # the flagged pairs shown in full

    @property
    def hamming(self) -> int:
        return self.report.options.hamming

    def name(self, index: int) -> str:
        """A document's name as the report shows it (controls escaped, right-to-left isolated)."""
        return safe_name(self.report.documents[index].name)

    def path(self, index: int) -> str:
        return safe_name(self.report.documents[index].path)

    def label(self, index: int) -> str:
        """A document's distinguishing short name (core/review/names.py: `004` for
        student_004_zh_reordered.txt among its siblings), as every table and pair detail shows
        it; the full name and path are in `hint` (HTML: on hover) and the documents table (the
        key, in the PDF too)."""
        labels = self.__dict__.get("_labels")
        if labels is None:
            docs = self.report.documents
            labels = [safe_name(n) for n in short_names([d.name for d in docs], [d.path for d in docs])]
            self.__dict__["_labels"] = labels
        return labels[index]

    def hint(self, index: int) -> str:
        """The full name and path of a document, for hover text."""
        return f"{self.name(index)} — {self.path(index)}"

    def percent(self, value: float) -> str:
        return f"{value * 100:.1f}%"

    def rule(self) -> str:
        return self.s("flag_rule", threshold=self.percent(self.threshold), hamming=self.hamming)


def build_document(report: Report, *, language: str = "en", threshold: float | None = None,
                   generated: datetime | None = None, verdicts=None) -> ReportDocument:
    """The report as a document in `language` ("en" or "zh"), flagging at `threshold`.

    `threshold` defaults to the report's own display threshold; `generated` (now, local
    time, by default) is the time the header shows; `verdicts` (core.review.verdicts) are
    the reviewers' decisions, for the parts that show them.
    """
    s = strings(language)
    when = generated or datetime.now().astimezone()
    ctx = Context(report, s, report.options.display_threshold if threshold is None else threshold, when,
                  verdicts=verdicts)
    ctx.flagged = [(k, pair) for k, pair in enumerate(report.pairs, 1)
                   if is_flagged(pair, ctx.threshold, ctx.hamming)]
    ctx.detailed = detailed_pairs(report.documents, ctx.flagged)
    sections = []
    for part in PARTS:
        section = part(ctx)
        if section is not None:
            sections.append(section)
    return ReportDocument(
        title=s("title"), subtitle=s("generated", date=when.strftime("%Y-%m-%d %H:%M")),
        language=language, html_language=s("html_lang"), sections=tuple(sections),
        footer=s("footer"), back=s("back"))


# ----- the parts, in report order --------------------------------------------------------

def summary(ctx: Context) -> Section:
    s, report = ctx.s, ctx.report
    cards = Figures((
        Figure(s("documents"), str(len(report.documents))),
        Figure(s("pairs"), str(len(report.pairs))),
        Figure(s("flagged"), str(len(ctx.flagged)), note=ctx.rule(), emphasis=True),
        Figure(s("file_errors"), str(len(report.errors))),
    ), kind="cards")
    return Section("summary", "", (cards,), nav=False)


def legend(ctx: Context) -> Section:
    terms = Figures(tuple(Figure(term, text) for term, text in ctx.s.raw("legend")), kind="terms")
    return Section("legend", ctx.s("how_to_read"), (terms,), nav=False)


def groups(ctx: Context) -> Section | None:
    """Documents linked by flagged pairs (Report.groups), with the likely source when known:
    short names, strongest pair, copy-vs-copy pairs."""
    return review_groups(ctx) if ctx.report.groups or ctx.flagged else None


#: Characters of a shared text and names of the documents holding it shown in the report
SHARED_CHARS = 400
SHARED_NAMES = 30


def shared_texts(ctx: Context) -> Section | None:
    """Text most documents share (Report.shared_texts): in how many, and which."""
    s, report = ctx.s, ctx.report
    if not report.shared_texts:
        return None
    columns = (Column(s("col_rank"), "number"), Column(s("col_held"), "number"),
               Column(s("col_text"), "text", 3.0), Column(s("col_documents"), "name", 1.5))
    rows = []
    for n, shared in enumerate(report.shared_texts, 1):
        text = " ".join(shared.text.split())
        text = text if len(text) <= SHARED_CHARS else text[:SHARED_CHARS] + "…"
        names = ", ".join(ctx.name(d) for d in shared.documents[:SHARED_NAMES])
        if len(shared.documents) > SHARED_NAMES:
            names += " " + s("and_more", n=len(shared.documents) - SHARED_NAMES)
        rows.append(Row((Cell(str(n)), Cell(s("held", n=len(shared.documents), m=len(report.documents))),
                         Cell(text), Cell(names))))
    return Section("shared", s("shared_texts"), (Paragraph(s("shared_intro"), "note"),
                                                 Table(columns, tuple(rows), kind="shared")))


def ranked_pairs(ctx: Context) -> Section:
    s, report = ctx.s, ctx.report
    columns = (
        Column(s("col_rank"), "number"), Column(s("col_left"), "name"), Column(s("col_right"), "name"),
        Column(s("col_copied"), "number"), Column(s("col_kind"), "text"),
        Column(s("col_similarity"), "number"),
    ) + ((Column(s("col_meaning"), "text"),) if _semantic(report) else ()) + (
        Column(s("col_hamming"), "number"),
        Column(s("col_left_coverage"), "number"), Column(s("col_right_coverage"), "number"),
        Column(s("col_longest"), "number"), Column(s("col_passages"), "number"),
    )
    with_verdicts = bool(ctx.verdicts and ctx.verdicts.pairs)
    if with_verdicts:
        columns += (Column(s("col_verdict"), "text", 1.0),)
    detailed = {k for k, _ in ctx.detailed}
    flagged = {k for k, _ in ctx.flagged}
    rows, unflagged, left_out = [], 0, 0
    for k, pair in enumerate(report.pairs, 1):
        if k not in flagged:
            unflagged += 1
            if unflagged > MAX_UNFLAGGED_ROWS:
                continue
        elif k not in detailed and k > MAX_FLAGGED_ROWS:
            left_out += 1
            continue
        link = f"pair-{k}" if k in detailed else ""
        rows.append(Row((
            Cell(str(k)),
            Cell(ctx.label(pair.left), link=link, hint=ctx.hint(pair.left)),
            Cell(ctx.label(pair.right), link=link, hint=ctx.hint(pair.right)),
            Cell(ctx.percent(pair.copied), bar=pair.copied),
            Cell(kind_label(pair.kind, ctx.s.language)),
            Cell(ctx.percent(pair.similarity)),
        ) + ((Cell(semantic_cell(ctx, pair)),) if _semantic(report) else ()) + (
            Cell(str(int(pair.hamming))),
            Cell(ctx.percent(pair.left_coverage)), Cell(ctx.percent(pair.right_coverage)),
            Cell(str(int(pair.longest))), Cell(str(len(pair.matches))),
        ) + ((Cell(_verdict(ctx, "pair", pair)),) if with_verdicts else ()), flagged=k in flagged))
    blocks: list = [Table(columns, tuple(rows), empty=s("no_pairs"), kind="pairs")]
    if left_out:
        blocks.append(Paragraph(s.count("more_flagged", left_out), "note"))
    if unflagged > MAX_UNFLAGGED_ROWS:
        blocks.append(Paragraph(s("more_below", n=unflagged - MAX_UNFLAGGED_ROWS), "note"))
    return Section("pairs", s("ranked"), tuple(blocks))


def file_errors(ctx: Context) -> Section | None:
    s, report = ctx.s, ctx.report
    if not report.errors:
        return None
    columns = (Column(s("col_file"), "path", 1.0), Column(s("col_reason"), "text", 1.2))
    rows = tuple(Row((Cell(safe_name(e.path)), Cell(e.text(s.language)))) for e in report.errors)
    return Section("errors", s("errors"), (Table(columns, rows, kind="errors"),))


def pair_details(ctx: Context) -> Section:
    s = ctx.s
    blocks: list = [Paragraph(s("details_intro", rule=ctx.rule()), "note")]
    shown = ctx.detailed
    if not ctx.flagged:
        blocks.append(Paragraph(s("no_details"), "note"))
    blocks.extend(pair_article(ctx, k, pair) for k, pair in shown)
    if len(shown) < len(ctx.flagged):
        blocks.append(Paragraph(s.count("details_limited", len(ctx.flagged) - len(shown)), "note"))
    return Section("details", s("details"), tuple(blocks))


def documents(ctx: Context) -> Section | None:
    s, report = ctx.s, ctx.report
    if not report.documents:
        return None
    with_sha = any(doc.sha256 for doc in report.documents)
    columns = [Column(s("col_rank"), "number"), Column(s("col_shown_as"), "name", 0.6),
               Column(s("col_name"), "name", 1.2),
               Column(s("col_format"), "number"), Column(s("col_chars"), "number"),
               Column(s("col_simhash"), "code", 0.6)]
    if with_sha:
        columns.append(Column(s("col_sha256"), "code", 0.8))
    columns.append(Column(s("col_path"), "path", 1.4))
    hashes = list(report.simhashes) + [None] * (len(report.documents) - len(report.simhashes))
    rows = []
    for i, (doc, value) in enumerate(zip(report.documents, hashes)):
        cells = [Cell(str(i + 1)), Cell(ctx.label(i)), Cell(ctx.name(i)), Cell(doc.format), Cell(str(doc.chars)),
                 Cell(simhash_hex(value) if value is not None else "")]
        if with_sha:
            cells.append(Cell(doc.sha256))
        cells.append(Cell(ctx.path(i)))
        rows.append(Row(tuple(cells)))
    return Section("documents", s("checked"), (Table(tuple(columns), tuple(rows), kind="documents"),
                                               Paragraph(s("documents_key"), "note")))


def options(ctx: Context) -> Section:
    s, opts = ctx.s, ctx.report.options
    rows = tuple(Row((Cell(s.options.get(name, name)), Cell(option_value(name, value, opts, s))))
                 for name, value in opts.to_dict().items())
    table = Table((Column(s("option"), "text", 2.0), Column(s("setting"), "path", 1.0)), rows,
                  kind="options")
    effective = []
    for lang in LANGS:
        p = opts.params(lang)
        effective.append(Paragraph(s("effective", lang=s(f"lang_{lang}")) + ": "
                                   + s("effective_value", k=p.k, window=p.window, t=p.guarantee,
                                       unit=s(f"unit_{lang}")), "note"))
    return Section("options", s("options"), (table, *effective))


# ----- review: groups and the per-student summary lead the report -------------

def _review(ctx: Context):
    """(group details, short names, per-student summaries) at the report's threshold, once."""
    cached = getattr(ctx, "_review_cache", None)
    if cached is None:
        report = at_threshold(ctx.report, ctx.threshold)
        names = [ctx.label(i) for i in range(len(report.documents))]
        cached = (group_details(report), names, student_summaries(report))
        ctx._review_cache = cached
    return cached


def _verdict(ctx: Context, kind: str, key) -> str:
    verdicts = ctx.verdicts
    if not verdicts:
        return ""
    verdict = verdicts.pair(ctx.report, key) if kind == "pair" else verdicts.document(ctx.report, key)
    text = ctx.s(f"verdict_{verdict.status}") if verdict.status else ""
    return f"{text} ({verdict.note})" if verdict.note else text


def review_groups(ctx: Context) -> Section | None:
    """Each group: size, likely source (or why none), strongest pair, members, copy-vs-copy pairs."""
    s, report = ctx.s, ctx.report
    details, names, _ = _review(ctx)
    if not details:
        return None
    columns = (Column(s("col_rank"), "number"), Column(s("col_size"), "number"),
               Column(s("col_source"), "name", 1.2), Column(s("col_strongest"), "name", 1.2),
               Column(s("col_members"), "name", 2.5), Column(s("col_copy_pairs"), "number"))
    rows = []
    for n, d in enumerate(details, 1):
        if d.source is not None:
            source = Cell(names[d.source], hint=ctx.name(d.source))
        else:
            # the reason in the cell itself: a PDF shows no hover hint
            reason = messages.text(f"group.{d.reason}", s.language)
            source = Cell(f"{s('unknown_source')} ({reason})", hint=reason)
        p = report.pairs[d.strongest]
        strongest = Cell(f"{names[p.left]} ~ {names[p.right]} {ctx.percent(p.copied)}",
                         hint=f"{ctx.name(p.left)} ~ {ctx.name(p.right)}")
        members = ", ".join(names[i] for i in d.members)
        rows.append(Row((Cell(str(n)), Cell(str(d.size)), source, strongest,
                         Cell(members, hint=", ".join(ctx.name(i) for i in d.members)),
                         Cell(str(len(d.copy_pairs)))), flagged=True))
    return Section("groups", s("groups"), (Paragraph(s("groups_intro"), "note"),
                                           Table(columns, tuple(rows), kind="groups")))


def students(ctx: Context) -> Section | None:
    """The per-student summary: each document found elsewhere, its main sources and verdict."""
    s, report = ctx.s, ctx.report
    _, names, summaries = _review(ctx)
    found = sorted((x for x in summaries if x.covered), key=lambda x: (-x.overall, x.document))
    if not found:
        return None
    with_verdicts = bool(ctx.verdicts)
    columns = [Column(s("col_student"), "name", 1.0), Column(s("col_overall"), "number"),
               Column(s("col_sources"), "name", 3.0)]
    if with_verdicts:
        columns.append(Column(s("col_verdict"), "text", 1.0))
    rows = []
    for x in found:
        sources = ", ".join(f"{names[src.other]} {ctx.percent(src.share)}" for src in x.sources[:5]
                            if src.share > 0)
        cells = [Cell(names[x.document], hint=f"{ctx.name(x.document)} — {ctx.path(x.document)}"),
                 Cell(ctx.percent(x.overall), bar=x.overall), Cell(sources)]
        if with_verdicts:
            cells.append(Cell(_verdict(ctx, "document", x.document)))
        rows.append(Row(tuple(cells), flagged=any(src.flagged for src in x.sources)))
    blocks: list = [Paragraph(s("students_intro"), "note"), Table(tuple(columns), tuple(rows), kind="students")]
    if len(found) < len(report.documents):
        blocks.append(Paragraph(s("more_students", n=len(report.documents) - len(found)), "note"))
    return Section("students", s("students"), tuple(blocks))


#: The report's parts in order. Each takes the Context and returns a Section or None.
PARTS: tuple[Callable[[Context], Section | None], ...] = (
    summary, legend, groups, shared_texts, students, ranked_pairs, file_errors, pair_details,
    documents, options,
)


# ----- pieces the parts share -------------------------------------------------------------

def option_value(name: str, value: object, opts: CheckOptions, s: Strings) -> str:
    """An option's setting as a reader reads it (defaults spelled out, shares as percents)."""
    if name in ("k", "window") and value is None:
        return s("default_k", zh=getattr(DEFAULTS["zh"], name), en=getattr(DEFAULTS["en"], name))
    if name == "workers" and value is None:
        return s("all_cores")
    if isinstance(value, bool):
        return s("yes") if value else s("no")
    if name in ("display_threshold", "max_share"):
        return f"{float(value) * 100:g}%"
    if value is None or value == () or value == []:
        return s("none")
    if name in ("template", "exclude"):  # file names and patterns: shown safely
        return ", ".join(safe_name(str(v)) for v in (value if isinstance(value, (tuple, list)) else [value]))
    if isinstance(value, (tuple, list)):
        return ", ".join(map(str, value))
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def pair_article(ctx: Context, k: int, pair: PairResult) -> Article:
    """One flagged pair: its figures and the two texts with their passages."""
    s = ctx.s
    metrics = s("metrics", copied=ctx.percent(pair.copied), kind=kind_label(pair.kind, ctx.s.language) or "–",
                similarity=ctx.percent(pair.similarity), hamming=int(pair.hamming),
                left=ctx.percent(pair.left_coverage), right=ctx.percent(pair.right_coverage),
                longest=int(pair.longest), count=s.count("count_passages", len(pair.matches)))
    blocks: list = [Paragraph(metrics, "metrics")]
    verdict = _verdict(ctx, "pair", pair)
    if verdict:
        blocks.append(Paragraph(f"{s('verdict_label')}: {verdict}", "metrics"))
    if not pair.matches:
        blocks.append(Paragraph(s("no_passages_semantic" if pair.semantic else "no_passages"), "note"))
    else:
        blocks.append(comparison(ctx, k, pair))
    blocks += semantic_blocks(ctx, pair)
    title = f"#{k} · {ctx.label(pair.left)} ↔ {ctx.label(pair.right)}"
    return Article(f"pair-{k}", title, tuple(blocks), hint=f"{ctx.hint(pair.left)} ↔ {ctx.hint(pair.right)}",
                   back="pairs")


def _semantic(report: Report) -> bool:
    """Whether the report has a semantic column (the layer was on, or a pair carries a finding)."""
    return bool(getattr(report.options, "semantic", False)) or any(p.semantic for p in report.pairs)


def semantic_cell(ctx: Context, pair: PairResult) -> str:
    """"translation 78%": the semantic layer's kind and its own figure, or ""."""
    found = pair.semantic
    if found is None:
        return ""
    return f"{ctx.s('kind_' + found.kind)} {ctx.percent(found.share)}"


def semantic_blocks(ctx: Context, pair: PairResult) -> list:
    """A pair found by meaning: its figure, and the aligned sentence pairs with their scores."""
    found = pair.semantic
    if found is None:
        return []
    s, docs = ctx.s, ctx.report.documents
    left, right = docs[pair.left].text, docs[pair.right].text
    columns = (Column(s("col_rank"), "number"), Column(s("col_score"), "number"),
               Column(s("col_left_sentence"), "text", 2.0), Column(s("col_right_sentence"), "text", 2.0))
    rows = tuple(Row((Cell(str(n)), Cell(f"{sp.score:.2f}"),
                      Cell(left[sp.left.start:sp.left.end]), Cell(right[sp.right.start:sp.right.end])))
                 for n, sp in enumerate(found.sentences, 1))
    text = s("semantic_metrics", kind=s("kind_" + found.kind), share=ctx.percent(found.share),
             count=len(found.sentences))
    return [Paragraph(text, "metrics"), Table(columns, rows, kind="sentences")]


def _analyses(ctx: Context):
    """Each document's attribution (quotations, citations, references), analysed once per report."""
    cached = getattr(ctx, "_analyses_cache", None)
    if cached is None:
        cached = ctx._analyses_cache = Analyses.of(ctx.report.documents)
    return cached


def comparison(ctx: Context, k: int, pair: PairResult) -> Comparison:
    """The pair's passages, each painted in its attribution class's color in each document's own
    text (the same colors as the app's compare view and the per-student pages), with
    the changed words underlined and a legend of the classes shown."""
    s, docs = ctx.s, ctx.report.documents
    left, right = docs[pair.left], docs[pair.right]
    names = CLASS_LABELS[s.language]
    analyses = _analyses(ctx)
    passages, left_marks, right_marks, left_changes, right_changes = [], [], [], [], []
    seen: set[str] = set()
    lname, rname = ctx.label(pair.left), ctx.label(pair.right)
    for j, m in enumerate(pair.matches, 1):
        lcls, rcls = side_classes(m, pair.left, pair.right, analyses)
        seen.update((lcls, rcls))
        label = s("passage", j=j)
        llabel, rlabel = f"{label} · {names[lcls]}", f"{label} · {names[rcls]}"
        left_marks.append(Mark(m.left.start, m.left.end, j, class_color(lcls), llabel))
        right_marks.append(Mark(m.right.start, m.right.end, j, class_color(rcls), rlabel))
        left_changes += [(c.start, c.end) for c in m.left_changes]
        right_changes += [(c.start, c.end) for c in m.right_changes]
        kind = names[lcls] if lcls == rcls else f"{names[lcls]} ↔ {names[rcls]}"
        passages.append(Passage(
            j, (m.left.start, m.left.end), (m.right.start, m.right.end), class_color(m.attribution), label,
            description=f"{kind} · " + s("passage_sizes", left=len(m.left), right=len(m.right)),
            left_caption=s("where", name=lname, start=m.left.start, end=m.left.end) + f" · {names[lcls]}",
            right_caption=s("where", name=rname, start=m.right.start, end=m.right.end) + f" · {names[rcls]}",
            same_caption=s("same_text", left=s("where", name=lname, start=m.left.start, end=m.left.end),
                           right=s("where", name=rname, start=m.right.start, end=m.right.end)),
            left_color=class_color(lcls), right_color=class_color(rcls), left_label=names[lcls],
            right_label=names[rcls]))
    unavailable = "" if (left.text or right.text) else s("no_texts")
    legend = tuple(Figure(names[c], class_color(c)) for c in ATTRIBUTIONS if c in seen)
    return Comparison(
        marked(ctx, left, pair.left, tuple(left_marks), tuple(left_changes), f"p{k}", "L"),
        marked(ctx, right, pair.right, tuple(right_marks), tuple(right_changes), f"p{k}", "R"),
        tuple(passages), unavailable, legend=legend)


def marked(ctx: Context, doc: Document, index: int, marks: tuple[Mark, ...],
           changes: tuple[tuple[int, int], ...] = (), link: str = "", side: str = "L") -> MarkedText:
    """A document's text with colored marks (and change spans), titled with its name."""
    return MarkedText(doc.text, marks, changes, title=ctx.label(index), hint=ctx.hint(index), link=link,
                      side=side, language="zh" if _CJK.search(doc.text) else "")


def detailed_pairs(docs, flagged: list[tuple[int, PairResult]],
                   budget: int = DETAIL_BUDGET) -> list[tuple[int, PairResult]]:
    """The flagged pairs shown passage by passage (see the module docstring), in rank order.

    First each document's strongest flagged pair, strongest first, then the other flagged
    pairs in rank order, while the texts shown (both sides) stay within `budget` characters.
    A pair without passages costs nothing (it shows figures only).
    """
    def cost(pair: PairResult) -> int:
        return docs[pair.left].chars + docs[pair.right].chars if pair.matches else 0

    best: dict[int, int] = {}  # document -> rank of its strongest flagged pair
    for k, pair in flagged:
        best.setdefault(pair.left, k)
        best.setdefault(pair.right, k)
    strongest = set(best.values())
    chosen, used = set(), 0
    for first in (True, False):
        for k, pair in flagged:
            if k in chosen or (first and k not in strongest):
                continue
            if used + cost(pair) <= budget:
                chosen.add(k)
                used += cost(pair)
    return [(k, pair) for k, pair in flagged if k in chosen]
