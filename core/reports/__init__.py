"""Reports: one report document (`model`, built by `builder` in the reader's language from the
one string table `strings`), rendered as HTML (`html_report`) and PDF (`pdf_report`); the
machine-readable JSON (`json_report`) and CSV (`csv_report`); `write_report` saves any of them.

`FORMATS` is the one table of report formats: the CLI, the app's export dialog and
`write_report` all read it. Modules are named `json_report` etc. so that nothing in this
package can shadow the standard library's `json`, `html` or `csv`.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Generator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from core.atomic import write_bytes_atomic
from core.models import Progress, Report
from core.reports.csv_report import ENCODING as CSV_ENCODING
from core.reports.csv_report import render_csv
from core.reports.html_report import render_html
from core.reports.json_report import from_json, render_json, to_json
from core.reports.process import PROCESS_FORMATS, Unpicklable, render_in_process
from core.reports.strings import Strings, report_language
from core.steps import from_callback

__all__ = ["FORMATS", "ReportFormat", "format_for", "from_json", "legend", "render", "render_csv", "render_html",
           "render_json", "render_pdf", "report_language", "to_json", "write_rendered_steps", "write_report",
           "write_report_steps"]


def legend(ui_language: str) -> tuple[tuple[str, str], ...]:
    """The reports' "how to read" terms as (term, explanation) in the UI language: the window's
    help page shows the same words as the reports."""
    return Strings(report_language(ui_language)).raw("legend")


@dataclass(frozen=True)
class ReportFormat:
    """A report format: its name, the suffixes it is known by (the first is offered when
    saving), whether it is for people (then it has a language and a display threshold)."""

    name: str
    suffixes: tuple[str, ...]
    for_people: bool

    def label(self, language: str) -> str:
        """The format's name for a file dialog, e.g. "PDF report" / "PDF 报告"."""
        return Strings(report_language(language))(f"format_{self.name}")

    @property
    def suffix(self) -> str:
        return self.suffixes[0]


#: Every report format, in the order a Save dialog offers them.
FORMATS: dict[str, ReportFormat] = {
    "html": ReportFormat("html", (".html", ".htm"), True),
    "pdf": ReportFormat("pdf", (".pdf",), True),
    "json": ReportFormat("json", (".json",), False),
    "csv": ReportFormat("csv", (".csv",), False),
}


def format_for(path: str | os.PathLike) -> str:
    """The report format a file name asks for, from its suffix; ValueError if none fits."""
    suffix = Path(path).suffix.lower()
    for fmt in FORMATS.values():
        if suffix in fmt.suffixes:
            return fmt.name
    raise ValueError(f"cannot tell the report format of {os.fspath(path)!r}: "
                     f"name it {', '.join(f.suffix for f in FORMATS.values())}, or give the format")


def render_pdf(report: Report, **kwargs) -> bytes:
    """The PDF report (reportlab loads only when a PDF is made)."""
    from core.reports.pdf_report import render_pdf

    return render_pdf(report, **kwargs)


def _html(report: Report, **kw) -> bytes:
    return render_html(report, **kw).encode("utf-8", "replace")


# Format -> renderer: (report, language=, threshold=, generated=, verdicts=) -> bytes. JSON and
# HTML are UTF-8; CSV is UTF-8 with a BOM so Excel shows Chinese correctly. Characters that
# cannot be encoded (lone surrogates from undecodable file names) are written as "?".
_RENDERERS: dict[str, Callable[..., bytes]] = {
    "html": _html,
    "pdf": render_pdf,
    "json": lambda report, verdicts=None, json_version=None, **kw: render_json(
        report, verdicts, **({} if json_version is None else {"version": json_version})).encode("utf-8", "replace"),
    "csv": lambda report, verdicts=None, **kw: render_csv(report, verdicts).encode(CSV_ENCODING, "replace"),
}


def render(report: Report, fmt: str, *, language: str = "en", threshold: float | None = None,
           generated: datetime | None = None, verdicts=None, json_version: int | None = None) -> bytes:
    """The report in format `fmt` as the bytes of its file.

    `language` ("en" or "zh", or a UI language like "zh_CN") and `threshold` (the display
    threshold that flags pairs; the report's own by default) matter for HTML and PDF only;
    `verdicts` (core.review.verdicts.Verdicts) are the reviewers' decisions; `json_version`
    None writes every field labelled version 1 (see core/reports/json_report.py), 1 or 2
    that schema with that label.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown report format {fmt!r}; use one of {', '.join(FORMATS)}")
    extra = {"json_version": json_version} if fmt == "json" else {}
    return _RENDERERS[fmt](report, language=report_language(language), threshold=threshold,
                           generated=generated, verdicts=verdicts, **extra)


def write_report(report: Report, path: str | os.PathLike, fmt: str | None = None, *,
                 language: str = "en", threshold: float | None = None, verdicts=None,
                 json_version: int | None = None) -> Path:
    """Save `report` to `path` atomically in any of `FORMATS` and return the path written.

    `fmt` defaults to the one the suffix names; see `render` for the rest. Raises ValueError
    for an unknown format, OSError when the file cannot be written (or, for PDF, when no
    Chinese font is found).
    """
    fmt = format_for(path) if fmt is None else fmt.lower()
    return write_bytes_atomic(path, render(report, fmt, language=language, threshold=threshold,
                                           verdicts=verdicts, json_version=json_version))


def write_report_steps(report: Report, path: str | os.PathLike, fmt: str | None = None, *,
                       language: str = "en", threshold: float | None = None, verdicts=None,
                       json_version: int | None = None) -> Generator[Progress, None, Path]:
    """`write_report` as a progress generator (stage "writing_report"; the PDF's layout reports
    as it goes): the report is rendered on a helper thread and written atomically at the end,
    so stopping the generator leaves no file and an existing one as it was."""
    fmt = format_for(path) if fmt is None else fmt.lower()
    if fmt not in FORMATS:
        raise ValueError(f"unknown report format {fmt!r}; use one of {', '.join(FORMATS)}")

    def work(tell: Callable[[int, int], None]) -> bytes:
        if fmt in PROCESS_FORMATS:  # seconds of layout: in a child process, the caller stays free
            try:
                return render_in_process(report, fmt, language=report_language(language), threshold=threshold,
                                         verdicts=verdicts, tell=tell)
            except Unpicklable:
                logging.getLogger(__name__).warning("rendering the %s report here", fmt, exc_info=True)
        if fmt == "pdf":
            return render_pdf(report, language=report_language(language), threshold=threshold,
                              verdicts=verdicts, progress=tell)
        return render(report, fmt, language=language, threshold=threshold, verdicts=verdicts,
                      json_version=json_version)

    return (yield from write_rendered_steps(path, work))


def write_rendered_steps(path: str | os.PathLike,
                         work: Callable[[Callable[[int, int], None]], bytes]) -> Generator[Progress, None, Path]:
    """The writing part every report export shares (the class report above, a student's report
    in core/reports/student_pages.py): `work(tell)` renders the file's bytes on a helper thread,
    reporting through `tell(done, total)`, while this generator yields Progress("writing_report");
    the bytes are written to `path` atomically at the end, so stopping the generator leaves no
    file and an existing one as it was. A last step comes between the rendering and the writing:
    work that ends within one poll yields nothing while it runs, and a stop asked for meanwhile
    must still leave no file."""
    data = yield from from_callback(work, "writing_report")
    yield Progress("writing_report", 1, 1)
    return write_bytes_atomic(path, data)
