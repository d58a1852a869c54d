"""Named icons for the application; the only place icon file names appear."""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QIcon

from . import RESOURCES

_DIR = RESOURCES / "icons"

_FILES = {
    "app": "app.svg",
    "open": "open.svg",
    "add_folder": "folder.svg",
    "remove": "remove.svg",
    "template": "template.svg",
    "check": "check.svg",
    "cancel": "cancel.svg",
    "export": "export.svg",
    "options": "options.svg",
    "about": "about.svg",
    "quit": "quit.svg",
    "language": "language.svg",
    "doc_ready": "doc_ready.svg",
    "doc_failed": "doc_error.svg",
    "doc_loading": "doc_loading.svg",
    "doc_template": "doc_template.svg",
    "near_duplicate": "near_duplicate.svg",
    "archive": "archive.svg",
}

NAMES = tuple(_FILES)


def path(name: str) -> str:
    """The file of a named icon (KeyError for an unknown name)."""
    return str(_DIR / _FILES[name])


@cache
def icon(name: str) -> QIcon:
    """The named icon, loaded once (needs a QGuiApplication)."""
    return QIcon(path(name))
