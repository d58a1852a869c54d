"""Turning the paths a user picked into the document files to check, with reasons for the rest."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from core.models import FileError
from core.loaders.reasons import os_reason, unsupported

SUPPORTED = (".txt", ".docx", ".pdf")

LOCK_FILE = "is a lock file Word keeps while a document is open, not a document"
BROKEN_LINK = "is a broken link (the file it points to is missing)"


def expand_paths(paths) -> tuple[list[Path], list[FileError]]:
    """The supported files among `paths`, folders expanded recursively, and a FileError per problem.

    Explicit files keep the order given; a folder contributes its files sorted by their path
    inside it. Hidden files and folders and Office lock files (~$name.docx) inside folders are
    skipped, as are unsupported files there; an explicit unsupported file is an error. A file
    reached twice (named twice, or through a link) is listed once; folder links that loop are
    followed once.
    """
    files: list[Path] = []
    errors: list[FileError] = []
    seen: set[str] = set()

    def add(path: Path) -> None:
        key = os.path.realpath(path)
        if key not in seen:
            seen.add(key)
            files.append(path)

    for raw in paths:
        path = Path(raw)
        try:
            is_dir = path.is_dir()
        except OSError as exc:
            errors.append(FileError(str(path), os_reason(exc)))
            continue
        if is_dir:
            found, problems = _walk(path)
            for file in found:
                add(file)
            errors.extend(problems)
            continue
        reason = _explicit_file_problem(path)
        if reason:
            errors.append(FileError(str(path), reason))
        else:
            add(path)
    return files, errors


def _explicit_file_problem(path: Path) -> str | None:
    """Why a file the user named cannot be checked, or None."""
    if path.suffix.lower() not in SUPPORTED:
        return unsupported(path.suffix)
    if path.name.startswith("~$"):
        return LOCK_FILE
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        return BROKEN_LINK if isinstance(exc, FileNotFoundError) and path.is_symlink() else os_reason(exc)
    if not stat.S_ISREG(mode):
        return "is not a regular file"
    return None


def _walk(root: Path) -> tuple[list[Path], list[FileError]]:
    """Supported files under `root`, sorted; each real folder is listed once, so link loops end."""
    found: list[Path] = []
    errors: list[FileError] = []
    visited: set[tuple[int, int]] = set()
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            info = folder.stat()
            if (info.st_dev, info.st_ino) in visited:
                continue
            visited.add((info.st_dev, info.st_ino))
            with os.scandir(folder) as listing:
                entries = list(listing)
        except OSError as exc:
            errors.append(FileError(str(folder), f"folder could not be opened: {os_reason(exc)}"))
            continue
        for entry in entries:
            if _hidden(entry):
                continue
            path = folder / entry.name
            try:
                if entry.is_dir():
                    stack.append(path)
                    continue
                is_file = entry.is_file()
                is_link = entry.is_symlink()
            except OSError:
                continue  # e.g. a link that points to itself: nothing to read
            if os.path.splitext(entry.name)[1].lower() not in SUPPORTED:
                continue
            if is_file:
                found.append(path)
            elif is_link:
                errors.append(FileError(str(path), BROKEN_LINK))
    found.sort(key=lambda p: [(part.casefold(), part) for part in p.relative_to(root).parts])
    return found, errors


def _hidden(entry: os.DirEntry) -> bool:
    """Dot files, Office lock files, and on Windows files marked hidden."""
    if entry.name.startswith((".", "~$")):
        return True
    if os.name != "nt":
        return False
    try:
        return bool(entry.stat(follow_symlinks=False).st_file_attributes & stat.FILE_ATTRIBUTE_HIDDEN)
    except OSError:
        return False
