"""The HTML report: one self-contained page a teacher can hand to a student or a committee.

Inline CSS only, no scripts and nothing fetched from anywhere. Every string that comes from a
document (text, names, paths, error messages) goes through `html.escape(quote=True)`.
Flagged pairs show both texts side by side, each passage in its own color on both sides and
linked to its twin: passage j of pair k starts at the element with id `pk-mj-L` (left) or
`pk-mj-R` (right), and its segments link to the twin's id.
"""

from __future__ import annotations

import html
import re
from collections import defaultdict
from datetime import datetime

from core.models import Document, Match, PairResult, Report
from core.options import LANGS
from core.reports.html_style import PALETTE, STYLE
from core.reports.json_report import simhash_hex

_CJK = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")

LABELS = {
    "en": {
        "lang": "en",
        "title": "Plagscope similarity report",
        "generated": "Generated {date}",
        "documents": "Documents",
        "pairs": "Pairs listed",
        "flagged": "Flagged",
        "file_errors": "File errors",
        "flag_rule": "similarity ≥ {threshold} or Hamming ≤ {hamming}",
        "how_to_read": "How to read this report",
        "legend": [
            ("Similarity", "How much of the two texts lies in shared passages, 0–100%."),
            ("Hamming", "Bits that differ between the two documents' simhashes (0–64); "
                        "0–3 means near-duplicate documents."),
            ("Coverage", "Share of each document (left / right) inside shared passages."),
            ("Longest", "Length of the longest shared passage, in characters."),
            ("Colors", "In the side-by-side view each passage has its own color on both sides; "
                       "click it to jump to its twin. Striped text belongs to several passages."),
        ],
        "options": "Options",
        "effective": "winnowing {lang}",
        "effective_value": "k = {k}, window = {window}: every shared run of {t} units or more is found",
        "default": "default",
        "none": "none",
        "ranked": "Pairs ranked by similarity",
        "no_pairs": "No two documents share a passage.",
        "cols": ("#", "Left document", "Right document", "Similarity", "Hamming",
                 "Left coverage", "Right coverage", "Longest passage (chars)", "Passages"),
        "errors": "Files that could not be checked",
        "checked": "Documents checked",
        "doc_cols": ("#", "Name", "Format", "Characters", "Simhash", "Path"),
        "details": "Flagged pairs side by side",
        "details_intro": "Pairs with similarity ≥ {threshold} or Hamming ≤ {hamming}.",
        "no_details": "No pair reaches the display threshold.",
        "metrics": ("Similarity {similarity} · Hamming {hamming} · coverage {left} / {right} · "
                    "longest passage {longest} chars · {count}"),
        "count_passages": ("{n} passage", "{n} passages"),
        "passage": "Passage {j}",
        "also": "also passage {others}",
        "passage_sizes": "{left} ↔ {right} chars · {units}",
        "count_units": ("{n} unit", "{n} units"),
        "to_right": "jump to the right side",
        "no_texts": "The texts of these documents are not available in this report.",
        "back": "↑ Back to the table",
        "footer": ("Made by Plagscope. Shared passages show where texts agree; they are evidence "
                   "for a person to weigh, not a verdict."),
    },
    "zh": {
        "lang": "zh-CN",
        "title": "Plagscope 相似度检测报告",
        "generated": "生成时间 {date}",
        "documents": "文档",
        "pairs": "列出的文档对",
        "flagged": "需关注",
        "file_errors": "无法读取的文件",
        "flag_rule": "相似度 ≥ {threshold} 或汉明距离 ≤ {hamming}",
        "how_to_read": "如何阅读本报告",
        "legend": [
            ("相似度", "两篇文本中落在相同片段内的比例，0–100%。"),
            ("汉明距离", "两篇文档的 simhash 不同的位数（0–64）；0–3 表示整篇近似重复。"),
            ("覆盖率", "每篇文档（左 / 右）落在相同片段内的比例。"),
            ("最长片段", "最长的一个相同片段的长度（字符）。"),
            ("颜色", "对照视图中每个片段在左右两侧使用同一种颜色；点击片段可跳到另一侧对应处。"
                     "带斜纹的文字同时属于多个片段。"),
        ],
        "options": "检测参数",
        "effective": "{lang} 指纹参数",
        "effective_value": "k = {k}，窗口 = {window}：长度不少于 {t} 个单位的相同片段一定能被找到",
        "default": "默认",
        "none": "无",
        "ranked": "按相似度排序的文档对",
        "no_pairs": "没有任何两篇文档存在相同片段。",
        "cols": ("序号", "左侧文档", "右侧文档", "相似度", "汉明距离",
                 "左侧覆盖率", "右侧覆盖率", "最长片段（字符）", "片段数"),
        "errors": "未能检测的文件",
        "checked": "已检测的文档",
        "doc_cols": ("序号", "文件名", "格式", "字符数", "Simhash", "路径"),
        "details": "需关注文档对逐段对照",
        "details_intro": "相似度 ≥ {threshold} 或汉明距离 ≤ {hamming} 的文档对。",
        "no_details": "没有文档对达到显示阈值。",
        "metrics": ("相似度 {similarity} · 汉明距离 {hamming} · 覆盖率 {left} / {right} · "
                    "最长片段 {longest} 字符 · {count}"),
        "count_passages": ("共 {n} 个片段", "共 {n} 个片段"),
        "passage": "片段 {j}",
        "also": "同时属于片段 {others}",
        "passage_sizes": "{left} ↔ {right} 字符 · {units}",
        "count_units": ("{n} 个单位", "{n} 个单位"),
        "to_right": "跳到右侧",
        "no_texts": "本报告中没有这些文档的正文。",
        "back": "↑ 返回列表",
        "footer": "由 Plagscope 生成。相同片段只说明文本在哪里一致，是供人判断的依据，而不是结论。",
    },
}


def esc(value: object) -> str:
    """Escape for HTML text and quoted attribute values alike."""
    return html.escape(str(value), quote=True)


def is_flagged(pair: PairResult, report: Report) -> bool:
    """A pair is shown side by side when it reaches the display threshold or is a near-duplicate."""
    return (pair.similarity >= report.options.display_threshold
            or pair.hamming <= report.options.hamming)


def render_html(report: Report, *, generated: datetime | None = None, language: str = "en") -> str:
    """The whole report as one HTML page.

    `generated` is the time shown in the header (now, local time, by default); `language`
    ("en" or "zh") chooses the report's own labels, not anything about the documents.
    """
    if language not in LABELS:
        raise ValueError(f"no report labels for language {language!r}; use one of {sorted(LABELS)}")
    t = LABELS[language]
    when = (generated or datetime.now().astimezone()).strftime("%Y-%m-%d %H:%M")
    flagged = [(k, pair) for k, pair in enumerate(report.pairs, 1) if is_flagged(pair, report)]
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{t["lang"]}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="generator" content="Plagscope">',
        f"<title>{esc(t['title'])} · {esc(when)}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        '<header class="top">',
        f"<h1>{esc(t['title'])}</h1>",
        f'<p class="meta">{esc(t["generated"].format(date=when))}</p>',
        "</header>",
        "<main>",
        _nav(report, t),
        _summary(report, len(flagged), t),
        _legend(t),
        _pair_table(report, {k for k, _ in flagged}, t),
        _errors(report, t),
        _details(report, flagged, t),
        _documents(report, t),
        _options(report, t),
        "</main>",
        f"<footer>{esc(t['footer'])}</footer>",
        "</body>",
        "</html>",
    ]
    return "\n".join(part for part in parts if part) + "\n"


def _percent(value: float) -> str:
    return f"{value * 100:.1f}%"


def _count(t: dict, key: str, n: int) -> str:
    one, many = t[key]
    return (one if n == 1 else many).format(n=n)


def _rule(report: Report, t: dict, key: str) -> str:
    return t[key].format(threshold=_percent(report.options.display_threshold),
                         hamming=report.options.hamming)


def _header(labels: tuple[str, ...], numeric: set[int]) -> str:
    return "".join(f'<th class="num">{esc(c)}</th>' if i in numeric else f"<th>{esc(c)}</th>"
                   for i, c in enumerate(labels))


def _summary(report: Report, flagged: int, t: dict) -> str:
    cards = [
        ("", t["documents"], len(report.documents), ""),
        ("", t["pairs"], len(report.pairs), ""),
        (' class="flag"', t["flagged"], flagged, _rule(report, t, "flag_rule")),
        ("", t["file_errors"], len(report.errors), ""),
    ]
    items = "".join(f'<li{cls}><b>{count}</b>{esc(label)}'
                    + (f'<br><small class="note">{esc(note)}</small>' if note else "") + "</li>"
                    for cls, label, count, note in cards)
    return f'<ul class="cards">{items}</ul>'


def _legend(t: dict) -> str:
    rows = "".join(f"<dt>{esc(term)}</dt><dd>{esc(text)}</dd>" for term, text in t["legend"])
    return f'<section id="legend"><h2>{esc(t["how_to_read"])}</h2><dl class="legend">{rows}</dl></section>'


def _option_value(value: object, t: dict) -> str:
    if value is None:
        return t["default"]
    if isinstance(value, (tuple, list)):
        return ", ".join(map(str, value)) if value else t["none"]
    return str(value)


def _options(report: Report, t: dict) -> str:
    options = report.options
    items = [f"<div><dt><code>{esc(name)}</code></dt><dd>{esc(_option_value(value, t))}</dd></div>"
             for name, value in options.to_dict().items()]
    effective = []
    for lang in LANGS:
        p = options.params(lang)
        value = t["effective_value"].format(k=p.k, window=p.window, t=p.guarantee)
        effective.append(f"<li>{esc(t['effective'].format(lang=lang))}: {esc(value)}</li>")
    return (f'<section id="options"><h2>{esc(t["options"])}</h2>'
            f'<dl class="options">{"".join(items)}</dl>'
            f'<ul class="effective">{"".join(effective)}</ul></section>')


def _nav(report: Report, t: dict) -> str:
    links = [("pairs", t["ranked"])]
    if report.errors:
        links.append(("errors", t["errors"]))
    links += [("details", t["details"]), ("documents", t["checked"]), ("options", t["options"])]
    if not report.documents:
        links.remove(("documents", t["checked"]))
    items = "".join(f'<a href="#{anchor}">{esc(label)}</a>' for anchor, label in links)
    return f'<nav class="toc">{items}</nav>'


def _pair_table(report: Report, flagged: set[int], t: dict) -> str:
    head = f'<h2>{esc(t["ranked"])}</h2>'
    if not report.pairs:
        return f'<section id="pairs">{head}<p class="note">{esc(t["no_pairs"])}</p></section>'
    header = _header(t["cols"], numeric={0, 3, 4, 5, 6, 7, 8})
    rows = []
    for k, pair in enumerate(report.pairs, 1):
        left, right = report.documents[pair.left], report.documents[pair.right]
        shown = k in flagged
        link = f"#pair-{k}" if shown else None
        row_class = ' class="flagged"' if shown else ""
        bar = f'<span class="bar" style="width:{round(pair.similarity * 60)}px"></span>'
        rows.append(
            f"<tr{row_class}>"
            f'<td class="num">{k}</td>{_name_cell(left, link)}{_name_cell(right, link)}'
            f'<td class="num sim">{bar}{_percent(pair.similarity)}</td>'
            f'<td class="num">{int(pair.hamming)}</td>'
            f'<td class="num">{_percent(pair.left_coverage)}</td>'
            f'<td class="num">{_percent(pair.right_coverage)}</td>'
            f'<td class="num">{int(pair.longest)}</td>'
            f'<td class="num">{len(pair.matches)}</td></tr>')
    return (f'<section id="pairs">{head}<table class="pairs"><thead><tr>{header}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></section>')


def _name_cell(doc: Document, link: str | None) -> str:
    label = esc(doc.name)
    if link:
        label = f'<a href="{link}">{label}</a>'
    return f'<td class="name" title="{esc(doc.path)}">{label}</td>'


def _errors(report: Report, t: dict) -> str:
    if not report.errors:
        return ""
    items = "".join(f'<li><span class="path">{esc(e.path)}</span>: {esc(e.message)}</li>'
                    for e in report.errors)
    return f'<section id="errors"><h2>{esc(t["errors"])}</h2><ul class="errors">{items}</ul></section>'


def _documents(report: Report, t: dict) -> str:
    if not report.documents:
        return ""
    header = _header(t["doc_cols"], numeric={0, 3})
    hashes = list(report.simhashes) + [None] * (len(report.documents) - len(report.simhashes))
    rows = "".join(
        f'<tr><td class="num">{i}</td><td class="name">{esc(doc.name)}</td><td>{esc(doc.format)}</td>'
        f'<td class="num">{doc.chars}</td>'
        f'<td><code>{simhash_hex(value) if value is not None else ""}</code></td>'
        f'<td class="name">{esc(doc.path)}</td></tr>'
        for i, (doc, value) in enumerate(zip(report.documents, hashes), 1))
    return (f'<section id="documents"><h2>{esc(t["checked"])}</h2><table class="documents">'
            f'<thead><tr>{header}</tr></thead><tbody>{rows}</tbody></table></section>')


def _details(report: Report, flagged: list[tuple[int, PairResult]], t: dict) -> str:
    head = f'<h2>{esc(t["details"])}</h2><p class="note">{esc(_rule(report, t, "details_intro"))}</p>'
    if not flagged:
        return f'<section id="details">{head}<p class="note">{esc(t["no_details"])}</p></section>'
    articles = "".join(_pair_article(report, k, pair, t) for k, pair in flagged)
    return f'<section id="details">{head}{articles}</section>'


def _pair_article(report: Report, k: int, pair: PairResult, t: dict) -> str:
    left, right = report.documents[pair.left], report.documents[pair.right]
    metrics = t["metrics"].format(
        similarity=_percent(pair.similarity), hamming=int(pair.hamming),
        left=_percent(pair.left_coverage), right=_percent(pair.right_coverage),
        longest=int(pair.longest), count=_count(t, "count_passages", len(pair.matches)))
    passages = "".join(_passage_item(k, j, m, t) for j, m in enumerate(pair.matches, 1))
    if left.text or right.text or not pair.matches:
        body = ('<div class="cols">'
                + _column(left, pair.matches, k, "L", t)
                + _column(right, pair.matches, k, "R", t)
                + "</div>")
    else:
        body = f'<p class="note">{esc(t["no_texts"])}</p>'
    return (f'<article class="pair" id="pair-{k}">'
            f'<h3>#{k} · {esc(left.name)} ↔ {esc(right.name)}</h3>'
            f'<p class="metrics">{esc(metrics)}</p>'
            + (f'<ol class="passages">{passages}</ol>' if passages else "")
            + body
            + f'<a class="back" href="#pairs">{esc(t["back"])}</a></article>')


def _passage_item(k: int, j: int, match: Match, t: dict) -> str:
    """Passage j in the pair's legend: its color (linking to the left side), sizes, a link right."""
    sizes = t["passage_sizes"].format(left=len(match.left), right=len(match.right),
                                      units=_count(t, "count_units", match.units))
    return (f'<li><a class="sw {_color(j)}" href="#p{k}-m{j}-L" title="{esc(t["passage"].format(j=j))}">'
            f'{j}</a> {esc(sizes)} <a href="#p{k}-m{j}-R" title="{esc(t["to_right"])}">→</a></li>')


def _column(doc: Document, matches: tuple[Match, ...], k: int, side: str, t: dict) -> str:
    spans = [(j, m.left.start, m.left.end) if side == "L" else (j, m.right.start, m.right.end)
             for j, m in enumerate(matches, 1)]
    lang = ' lang="zh"' if _CJK.search(doc.text) else ""
    return (f'<section class="col"><h4 title="{esc(doc.path)}">{esc(doc.name)}</h4>'
            f'<div class="text"{lang}>{marked_text(doc.text, spans, k, side, t)}</div></section>')


def _color(j: int) -> str:
    return f"c{(j - 1) % len(PALETTE)}"


def marked_text(text: str, spans: list[tuple[int, int, int]], k: int, side: str,
                t: dict | None = None) -> str:
    """`text` escaped, with passages (number j, start, end) of pair k marked as linked segments.

    The text is cut at every passage boundary; a segment inside passages gets one `<a>` with
    class `m`, a class `mj` per passage covering it, the color of its innermost passage (the
    one starting last), class `ov` when several passages cover it, and a link to that
    passage's twin on the other side. Passage j's id sits on the first segment it starts,
    or on an empty anchor span when another passage starting there already holds that
    segment's id, so every id exists exactly once, even for empty or clipped spans.
    """
    t = t or LABELS["en"]
    other = "R" if side == "L" else "L"
    n = len(text)
    clipped = []
    for j, start, end in spans:
        start = min(max(start, 0), n)
        clipped.append((j, start, min(max(end, start), n)))
    bounds = sorted({0, n, *(s for _, s, _ in clipped), *(e for _, _, e in clipped)})
    starting: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for passage in sorted(clipped):
        starting[passage[1]].append(passage)

    def anchor(j: int) -> str:
        return f'<span class="anchor" id="p{k}-m{j}-{side}"></span>'

    out: list[str] = []
    active: dict[int, tuple[int, int]] = {}
    for index, a in enumerate(bounds):
        for j in [j for j, (_, e) in active.items() if e <= a]:
            del active[j]
        new = starting.get(a, [])
        for j, s, e in new:
            if e > a:
                active[j] = (s, e)
        if a >= n:
            out.extend(anchor(j) for j, _, _ in new)
            break
        piece = esc(text[a:bounds[index + 1]])
        if not active:
            out.extend(anchor(j) for j, _, _ in new)
            out.append(piece)
            continue
        primary = max(active, key=lambda j: (active[j][0], -active[j][1], -j))
        owns_id = active[primary][0] == a
        out.extend(anchor(j) for j, _, _ in new if not (owns_id and j == primary))
        covering = sorted(active)
        classes = " ".join(["m", *(f"m{j}" for j in covering), _color(primary)]
                           + (["ov"] if len(covering) > 1 else []))
        title = t["passage"].format(j=primary)
        if len(covering) > 1:
            others = ", ".join(str(j) for j in covering if j != primary)
            title += " (" + t["also"].format(others=others) + ")"
        id_attr = f' id="p{k}-m{primary}-{side}"' if owns_id else ""
        out.append(f'<a class="{classes}"{id_attr} href="#p{k}-m{primary}-{other}" '
                   f'title="{esc(title)}">{piece}</a>')
    return "".join(out)
