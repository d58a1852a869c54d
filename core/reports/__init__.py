"""Report writers, one module per format (JSON, HTML, CSV), and `write_report` to save one.

The modules are named `json_report` etc. so that nothing in this package can shadow the
standard library's `json`, `html` or `csv`.
"""

from __future__ import annotations

import os
from pathlib import Path

from core.atomic import write_text_atomic
from core.models import Report
from core.reports.csv_report import ENCODING as CSV_ENCODING
from core.reports.csv_report import render_csv
from core.reports.html_report import render_html
from core.reports.json_report import from_json, render_json, to_json

__all__ = ["FORMATS", "format_for", "from_json", "render_csv", "render_html", "render_json",
           "to_json", "write_report"]

# Format name -> file suffixes it is recognised by (the first is the one to offer when saving).
FORMATS = {"json": (".json",), "html": (".html", ".htm"), "csv": (".csv",)}


def format_for(path: str | os.PathLike) -> str:
    """The report format a file name asks for, from its suffix; ValueError if none fits."""
    suffix = Path(path).suffix.lower()
    for fmt, suffixes in FORMATS.items():
        if suffix in suffixes:
            return fmt
    raise ValueError(f"cannot tell the report format of {os.fspath(path)!r}: "
                     f"name it .json, .html or .csv, or give the format")


def write_report(report: Report, path: str | os.PathLike, fmt: str | None = None, *,
                 language: str = "en", verdicts=None) -> Path:
    """Save `report` to `path` atomically as JSON, HTML or CSV and return the path written.

    `fmt` ("json", "html" or "csv") defaults to the one the suffix names; `language` ("en"
    or "zh") is the HTML report's label language. JSON and HTML are
    UTF-8; CSV is UTF-8 with a BOM so Excel shows Chinese correctly. Characters that cannot
    be encoded (lone surrogates from undecodable file names) are written as "?".
    `verdicts` (core/review/verdicts.Verdicts) add the reviewers' decisions to the JSON.
    Raises ValueError for an unknown format and OSError when the file cannot be written.
    """
    fmt = format_for(path) if fmt is None else fmt.lower()
    if fmt == "json":
        text, encoding = render_json(report, verdicts), "utf-8"
    elif fmt == "html":
        text, encoding = render_html(report, language=language), "utf-8"
    elif fmt == "csv":
        text, encoding = render_csv(report), CSV_ENCODING
    else:
        raise ValueError(f"unknown report format {fmt!r}; use one of {', '.join(FORMATS)}")
    return write_text_atomic(path, text, encoding=encoding, errors="replace")
