"""The work a `Session` starts, as progress generators for its workers: loading, checking,
exports, the archive and saved checks. These are the GUI's calls into core's work (the check
orchestrator `core.pipeline.run_check`, the store, the reports); only the session imports
this module, on its first job, so the window shows before numpy, the engines, the store
drivers and the report renderers are loaded (pyproject lists it as imported inside functions).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import replace
from typing import TypeVar

from core import pipeline, reports
from core.atomic import write_text_atomic
from core.child_process import lower_children
from core.data_dir import data_dir
from core.engine import warm_up
from core.models import Document, FileError, Progress, Report, text_key
from core.options import CheckOptions
from core.reports import student_pages
from core.reports.html_report import html_page
from core.store import Store, open_store, resolve_location, shown_location
from core.store import saved as saved_checks
from core.store.archive import add_documents, file_facts

__all__ = ["add_to_archive", "archive_location", "check", "export", "export_steps", "load",
           "on_archive", "open_check", "profile_cache", "save_check", "save_verdicts", "shown_location",
           "student_export_steps", "template_file", "warm_up"]



T = TypeVar("T")

#: Nice levels below the window at which the processes its work starts run (a check, an
#: opened saved check, a report's layout, and their workers): on a busy machine they leave
#: the cores to the window's threads first, on an idle one they still take them all.
CHILD_NICE = 10
lower_children(CHILD_NICE)  # every child of the window is started through this module's calls


def profile_cache() -> pipeline.ProfileCache:
    return pipeline.ProfileCache()


def load(paths: Sequence[str], options: CheckOptions, skip: Iterable[str]):
    """Loading as a check loads (core.pipeline.load_stream): Expanded, Progress and Loaded items."""
    return pipeline.load_stream(paths, options, skip)


def template_file(text: str) -> str:
    """`text` kept as a template file in the user's data folder (templates/, named by its
    digest, written atomically); its path."""
    folder = data_dir() / "templates"
    folder.mkdir(parents=True, exist_ok=True)
    return str(write_text_atomic(folder / f"template-{text_key(text)[:12]}.txt", text, encoding="utf-8"))


def check(documents: Sequence[Document], template: Document | None, errors: Iterable[FileError],
          archive: str | None, in_child: bool, options: CheckOptions,
          cache: pipeline.ProfileCache) -> Generator[Progress, None, tuple]:
    """The session's check through the one orchestrator: (report, analysis), the review and
    figures coming with the report."""
    request = pipeline.CheckRequest(documents=tuple(documents), template=template, errors=tuple(errors),
                                    archive=archive, search_archive=archive is not None,
                                    review=True, in_child=in_child)
    checked = yield from pipeline.run_check(request, options, cache)
    return checked.report, checked.analysis


def export_steps(report: Report, path: str, fmt: str, language: str, threshold: float, verdicts):
    return reports.write_report_steps(report, path, fmt, language=language, threshold=threshold,
                                      verdicts=verdicts)


def export(report: Report, path: str, fmt: str, language: str, threshold: float, verdicts) -> None:
    reports.write_report(report, path, fmt, language=language, threshold=threshold, verdicts=verdicts)


def student_export_steps(path: str, report: Report, index: int, fmt: str, ui_language: str, verdicts, table):
    """One document's per-student page, built and rendered off the GUI thread (HTML or PDF),
    written atomically at the end."""
    language = reports.report_language(ui_language)

    def work(tell) -> bytes:
        page = student_pages.student_document(report, index, language=language, verdicts=verdicts, table=table)
        if fmt == "html":
            return html_page(page).encode("utf-8", "replace")
        from core.reports.pdf_report import pdf_bytes

        return pdf_bytes(page, progress=tell)

    return reports.write_rendered_steps(path, work)


def archive_location(chosen: str | None) -> str:
    """The archive the user chose (a file or a postgresql:// address), else the default one."""
    return resolve_location(chosen or None)


def on_archive(location: str, work: Callable[[Store], T]) -> Generator[Progress, None, T]:
    """`work(store)` on the archive at `location`, opened for it and closed after it, as a
    generator for a worker (StoreError with a plain message when it cannot be opened)."""
    yield from ()
    with open_store(location) as store:
        return work(store)


def add_to_archive(location: str, documents: Sequence[Document], label: str, *, semantic: bool,
                   cache: pipeline.ProfileCache):
    """Keep `documents` in the archive under `label` (their sentence vectors too with the
    meaning layer on); the session's profiles are reused. Returns core's AddResult."""
    with open_store(location) as store:
        ready, sizes = [], []
        for d in documents:
            try:
                sha, size = file_facts(d.path)
            except OSError:
                sha, size = d.sha256, 0
            ready.append(replace(d, sha256=d.sha256 or sha))
            sizes.append(size)
        return (yield from add_documents(store, ready, label, sizes, semantic=semantic, cache=cache))


def save_check(path, report: Report, verdicts, seconds: float | None):
    """The report and verdicts into a .plagscope file, atomically (core.store.saved)."""
    return (yield from saved_checks.save_check_steps(path, report, verdicts, seconds))


def save_verdicts(path, verdicts):
    """Only the verdicts of a saved check replaced (its report is the one already in it)."""
    yield Progress("saving", 0, 1)
    return saved_checks.save_verdicts(path, verdicts)


def open_check(path: str, threshold: float):
    """A saved check with its review and figures at `threshold`, read from a child process."""
    return (yield from saved_checks.open_analysed(path, threshold))
