"""How archived sources are marked wherever a document is named (pairs table, heat map,
compare view): the name plus "[archived, LABEL]", and a tooltip saying where it came from."""

from __future__ import annotations

from core.display import safe_name
from core.models import Document


def archive_mark(document: Document) -> str:
    """" [archived, LABEL]" for an archived source, else ""."""
    if document.archive is None:
        return ""
    label = f", {safe_name(document.archive.label)}" if document.archive.label else ""
    return f" [archived{label}]"


def shown_name(document: Document) -> str:
    """A document's name for tables, the heat map and the compare view: archived sources marked."""
    return safe_name(document.name) + archive_mark(document)


def archive_tooltip(document: Document) -> str:
    """Where an archived source came from (or the path of a loaded document)."""
    if document.archive is None:
        return safe_name(document.path)
    e = document.archive
    return (f"archived document #{e.id} ({safe_name(e.label) or 'no label'}), added "
            f"{e.added[:10]}; originally {safe_name(document.path)}")
