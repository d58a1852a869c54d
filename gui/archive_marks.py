"""How archived sources are marked wherever a document is named (pairs table, heat map,
compare view): "[A] " before the name in the narrow places (tables, heat map: short enough to
survive eliding), "[archived, LABEL] " in the compare view's header, and a tooltip saying
where the document came from (archive id, label, date added)."""

from __future__ import annotations

from core.display import safe_name
from core.models import Document

MARK = "[A] "


def archive_mark(document: Document) -> str:
    """The prefix that marks an archived source, or ""."""
    return MARK if document.archive is not None else ""


def shown_name(document: Document) -> str:
    """A document's name for tables, the heat map and the compare view: archived sources marked."""
    return archive_mark(document) + safe_name(document.name)


def long_name(document: Document) -> str:
    """The compare view's header name: "[archived, LABEL] name" for an archived source."""
    if document.archive is None:
        return safe_name(document.name)
    label = f", {safe_name(document.archive.label)}" if document.archive.label else ""
    return f"[archived{label}] {safe_name(document.name)}"


def archive_tooltip(document: Document) -> str:
    """Where an archived source came from (or the path of a loaded document)."""
    if document.archive is None:
        return safe_name(document.path)
    e = document.archive
    return (f"archived document #{e.id} ({safe_name(e.label) or 'no label'}), added "
            f"{e.added[:10]}; originally {safe_name(document.path)}")
