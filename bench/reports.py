"""Report size and time for a class: HTML and PDF of 200 essays (issue 13's bound), zh and en.

    python bench/reports.py [--docs 200] [--groups 14 2]

The class is synthetic (tests/core/report_samples.py): `groups` planted groups in which every
pair is flagged and shares most of its text, the other essays independent. Each side of a
passage is a different random text (a heavy edit), the worst case for the PDF, which prints
a passage once when both sides read the same. Times are wall clock on a shared machine: noisy.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "core")]

from pdfminer.pdfpage import PDFPage
from report_samples import class_report

from core.reports import render


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=200)
    parser.add_argument("--groups", type=int, nargs="+", default=[14, 2])
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} (2 shared cores: times are noisy)")
    print("| documents | groups | flagged pairs | documents in groups | language | HTML MB | HTML s | PDF MB "
          "| PDF pages | pages per grouped document | PDF s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for groups in args.groups:
        report = class_report(n_docs=args.docs, groups=groups)
        for language in ("zh", "en"):
            t = time.perf_counter()
            html = render(report, "html", language=language)
            t_html = time.perf_counter() - t
            t = time.perf_counter()
            pdf = render(report, "pdf", language=language)
            t_pdf = time.perf_counter() - t
            n = sum(1 for _ in PDFPage.get_pages(io.BytesIO(pdf)))
            grouped = len({i for p in report.pairs for i in (p.left, p.right)})
            print(f"| {args.docs} | {groups} | {len(report.pairs)} | {grouped} | {language} | "
                  f"{len(html) / 1e6:.2f} | {t_html:.2f} | {len(pdf) / 1e6:.2f} | {n} | {n / max(1, grouped):.2f} | "
                  f"{t_pdf:.1f} |")


if __name__ == "__main__":
    main()
