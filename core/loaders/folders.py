"""Turning the paths a user picked into the document files to check, with reasons for the rest."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from core.loaders.reasons import CONVERT, mode_reason, os_reason, unsupported
from core.models import FileError

SUPPORTED = (".txt", ".docx", ".pdf")

# The English words of two reasons, for readers that compare messages.
LOCK_FILE = "is a lock file Word keeps while a document is open, not a document"
BROKEN_LINK = "is a broken link (the file it points to is missing)"


def expand_paths(paths) -> tuple[list[Path], list[FileError]]:
    """The supported files among `paths`, folders expanded recursively, and a FileError per problem.

    Explicit files keep the order given; a folder contributes its files sorted by their path
    inside it. A path that does not exist is "no such file or folder". Inside folders, hidden
    files and folders and Office lock files (~$name.docx) are skipped, as are files of no
    document type (pictures, programs); documents Plagscope cannot read (.doc, .rtf, .odt,
    .wps, .pages), named pipes, sockets, devices, links to themselves and broken links are
    listed with a reason. A folder that yields no document says so (empty, or no .txt/.docx/
    .pdf in it). An explicit unsupported file is an error. A file reached twice (named
    twice, or through a link) is listed once; folder links that loop are followed once.
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
            errors.append(_error(path, os_reason(exc)))
            continue
        if is_dir:
            found, problems, skipped, entries = _walk(path)
            for file in found:
                add(file)
            errors.extend(problems)
            if not found and not problems:
                if not entries:
                    errors.append(FileError.of(str(path), "folder.empty"))
                elif skipped:
                    errors.append(FileError.of(str(path), "folder.no_documents_others", count=skipped))
                else:
                    errors.append(FileError.of(str(path), "folder.no_documents"))
            continue
        reason = _explicit_file_problem(path)
        if reason:
            errors.append(_error(path, reason))
        else:
            add(path)
    return files, _once(errors)


def _once(errors: list[FileError]) -> list[FileError]:
    """Each problem file listed once, however many times it was reached."""
    seen: set[str] = set()
    kept = []
    for error in errors:
        try:
            key = os.path.realpath(error.path) if error.code != "file.link_loop" else error.path
        except (OSError, ValueError):
            key = error.path
        if key not in seen:
            seen.add(key)
            kept.append(error)
    return kept


def _error(path, reason: tuple[str, dict]) -> FileError:
    code, values = reason
    return FileError.of(str(path), code, **values)


def _explicit_file_problem(path: Path) -> tuple[str, dict] | None:
    """Why a file the user named cannot be checked (code, values), or None."""
    try:
        info = path.stat()
    except OSError as exc:
        if isinstance(exc, FileNotFoundError):
            if path.is_symlink():
                return "file.broken_link", {}
            return "path.missing", {}
        return os_reason(exc)
    if path.suffix.lower() not in SUPPORTED:
        return unsupported(path.suffix)
    if path.name.startswith("~$"):
        return "file.lock", {}
    return mode_reason(info.st_mode)


def _walk(root: Path) -> tuple[list[Path], list[FileError], int, int]:
    """Under `root`: supported files (sorted), problems, files skipped silently, entries seen.

    Each real folder is listed once, so link loops end.
    """
    found: list[Path] = []
    errors: list[FileError] = []
    skipped = 0
    seen_entries = 0
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
            code, values = os_reason(exc)
            errors.append(FileError.of(str(folder), "folder.unopenable", cause=code, **values))
            continue
        for entry in entries:
            if _hidden(entry):
                continue
            seen_entries += 1
            path = folder / entry.name
            suffix = os.path.splitext(entry.name)[1].lower()
            try:
                if entry.is_dir():
                    stack.append(path)
                    continue
                mode = entry.stat().st_mode
            except OSError as exc:
                if exc.errno == errno.ELOOP:
                    errors.append(FileError.of(str(path), "file.link_loop"))
                elif isinstance(exc, FileNotFoundError) and (suffix in SUPPORTED or suffix in CONVERT):
                    errors.append(FileError.of(str(path), "file.broken_link"))
                elif not isinstance(exc, FileNotFoundError):
                    errors.append(_error(path, os_reason(exc)))
                continue
            special = mode_reason(mode)
            if special:  # named pipes, sockets, devices: never opened, always said
                errors.append(_error(path, special))
            elif suffix in SUPPORTED:
                found.append(path)
            elif suffix in CONVERT:
                errors.append(FileError.of(str(path), CONVERT[suffix]))
            else:
                skipped += 1
    key = lambda p: [(part.casefold(), part) for part in p.relative_to(root).parts]
    found.sort(key=key)
    errors.sort(key=lambda e: key(Path(e.path)) if Path(e.path).is_relative_to(root) else [])
    return found, errors, skipped, seen_entries


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
