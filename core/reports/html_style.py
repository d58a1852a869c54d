"""The HTML report's inline style sheet: screen and print, no external resources."""

from __future__ import annotations

from core.reports.colors import CHANGE_COLOR, COLORS

FONTS = ('-apple-system, "Segoe UI", "Helvetica Neue", Arial, "Noto Sans CJK SC", '
         '"WenQuanYi Micro Hei", "Microsoft YaHei", "PingFang SC", sans-serif')

_COLORS = "\n".join(f".{key} {{ background-color: {color}; }}" for key, color in COLORS.items())

STYLE = f"""
:root {{ --ink: #1f2328; --muted: #59636e; --line: #d0d7de; --soft: #f6f8fa;
        --accent: #0b57d0; --flag: #b3261e; }}
* {{ box-sizing: border-box; }}
body {{ margin: 0; color: var(--ink); background: #fff; font: 15px/1.6 {FONTS}; }}
header.top {{ padding: 24px 32px 18px; background: var(--soft); border-bottom: 1px solid var(--line); }}
header.top h1 {{ margin: 0 0 4px; font-size: 1.6rem; font-weight: 600; }}
.meta, .note {{ color: var(--muted); margin: 0; }}
main {{ max-width: 1400px; margin: 0 auto; padding: 4px 32px 24px; }}
h2 {{ font-size: 1.2rem; margin: 32px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }}
h3 {{ font-size: 1.05rem; margin: 0 0 6px; overflow-wrap: anywhere; }}
code {{ font-family: ui-monospace, "DejaVu Sans Mono", Consolas, monospace; font-size: .9em; }}
.cards {{ display: flex; flex-wrap: wrap; gap: 12px; list-style: none; margin: 20px 0 4px; padding: 0; }}
.cards li {{ border: 1px solid var(--line); border-radius: 8px; padding: 8px 18px; min-width: 140px; }}
.cards b {{ display: block; font-size: 1.6rem; font-weight: 600; font-variant-numeric: tabular-nums; }}
.cards .flag b {{ color: var(--flag); }}
dl.legend {{ display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }}
dl.legend dt {{ font-weight: 600; }}
dl.legend dd {{ margin: 0; color: var(--muted); }}
table {{ border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }}
th, td {{ padding: 6px 10px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }}
th {{ background: var(--soft); font-size: .88em; font-weight: 600; }}
.num {{ text-align: right; white-space: nowrap; }}
td.name {{ overflow-wrap: anywhere; }}
tr.flagged td:first-child {{ box-shadow: inset 3px 0 0 var(--flag); }}
tr.flagged .sim {{ color: var(--flag); font-weight: 600; }}
.bar {{ display: inline-block; height: .55em; margin-right: 6px; border-radius: 2px;
        background: var(--flag); opacity: .7; vertical-align: middle; }}
dl.options {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: 2px 24px;
              margin: 0 0 8px; }}
dl.options div {{ display: flex; justify-content: space-between; gap: 8px; padding: 3px 0;
                  border-bottom: 1px dotted var(--line); }}
dl.options dt, dl.options dd {{ margin: 0; }}
ul.effective {{ margin: 8px 0 0; padding-left: 18px; color: var(--muted); }}
nav.toc {{ display: flex; flex-wrap: wrap; gap: 6px 20px; margin: 14px 0 0; font-size: .92em; }}
nav.toc a, table.pairs a {{ color: var(--accent); text-decoration: none; }}
nav.toc a:hover, table.pairs a:hover {{ text-decoration: underline; }}
ul.errors li {{ margin: 4px 0; overflow-wrap: anywhere; }}
ul.errors .path {{ font-weight: 600; }}
article.pair {{ margin: 28px 0 36px; }}
.metrics {{ margin: 0 0 10px; color: var(--muted); }}
ol.passages {{ display: flex; flex-wrap: wrap; gap: 6px 14px; list-style: none; padding: 0; margin: 0 0 12px;
               font-size: .9em; color: var(--muted); }}
a.sw {{ display: inline-block; min-width: 1.8em; padding: 0 6px; border-radius: 4px; text-align: center;
        color: var(--ink); text-decoration: none; border: 1px solid rgba(0, 0, 0, .15); }}
.cols {{ display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }}
.col {{ min-width: 0; border: 1px solid var(--line); border-radius: 8px; overflow: hidden; }}
.col h4 {{ margin: 0; padding: 8px 14px; background: var(--soft); border-bottom: 1px solid var(--line);
           font-size: .95em; overflow-wrap: anywhere; }}
.text {{ white-space: pre-wrap; overflow-wrap: anywhere; padding: 12px 16px; margin: 0;
         max-height: 75vh; overflow-y: auto; line-height: 1.85; }}
a.m {{ color: inherit; text-decoration: none; border-radius: 2px; }}
a.m:hover {{ outline: 2px solid var(--accent); }}
a.m:target, .anchor:target + a.m {{ outline: 2px solid var(--accent); outline-offset: 1px; }}
.ov {{ background-image: repeating-linear-gradient(135deg, rgba(0, 0, 0, .13) 0 2px, transparent 2px 7px); }}
{_COLORS}
.chg {{ text-decoration: underline wavy {CHANGE_COLOR}; text-decoration-skip-ink: none; }}
dl.marks {{ display: flex; flex-wrap: wrap; gap: 4px 14px; margin: 0 0 8px; font-size: .9em; }}
dl.marks dt {{ display: inline-block; min-width: 1.8em; border-radius: 4px; }}
dl.marks dd {{ margin: 0; color: var(--muted); }}
table.options td:last-child {{ overflow-wrap: anywhere; }}
td.code {{ font-family: ui-monospace, "DejaVu Sans Mono", Consolas, monospace; font-size: .85em;
           overflow-wrap: anywhere; }}
a.back {{ display: inline-block; margin-top: 8px; font-size: .9em; color: var(--accent); }}
footer {{ max-width: 1400px; margin: 0 auto; padding: 12px 32px 32px; color: var(--muted); font-size: .88em;
          border-top: 1px solid var(--line); }}
@media (max-width: 800px) {{
  .cols {{ grid-template-columns: 1fr; }}
  main, header.top, footer {{ padding-left: 14px; padding-right: 14px; }}
}}
@media print {{
  @page {{ margin: 14mm; }}
  * {{ -webkit-print-color-adjust: exact; print-color-adjust: exact; }}
  body {{ font-size: 10.5pt; }}
  header.top {{ background: none; padding: 0 0 8px; }}
  main, footer {{ max-width: none; padding: 0; }}
  .text {{ max-height: none; overflow: visible; }}
  article.pair {{ break-before: page; }}
  .page-break {{ break-before: page; }}
  tr, ol.passages li {{ break-inside: avoid; }}
  a {{ color: inherit; text-decoration: none; }}
  a.back, nav.toc {{ display: none; }}
}}
"""
