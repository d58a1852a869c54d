"""Short names that keep the part that differs between documents visible, and never repeat.

Among `student_001_zh_copy.txt` ... `student_200_en_clean.txt`, eliding the middle of every
name gives `stu…txt` two hundred times. What tells the documents apart is the part that
differs, so a short name is the shortest run of whole tokens (digits, Latin letters, a CJK
run; separators in between) that no other document's name contains: `004` for
`student_004_zh_reordered.txt` among its siblings.

How a document's label is chosen before shortening, so that labels differ:
1. the file name without its extension;
2. if two documents share that, the file name with its extension;
3. if two still share it, as many of the parent folders as tell them apart (`classA/essay.txt`);
4. if two still share it (the same text added twice, or no path), ` (2)`, ` (3)` ... by order.

A file name short enough to read (at most `KEEP_WHOLE` columns) is shown whole, extension
and all; so is a label of at most `KEEP_WHOLE` columns, and one whose tokens all occur
together in another label (`final_essay` beside `final_essay_v2`: it has no run of its own). Two short names are never equal (see `short_names`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from pathlib import PurePath, PurePosixPath, PureWindowsPath

__all__ = ["KEEP_WHOLE", "labels", "short_names", "tokens", "width"]

KEEP_WHOLE = 12  # a name or label this many columns wide or narrower is shown as it is

# a token: a run of digits, of Latin letters, or of CJK (and other non-Latin) letters
_TOKEN = re.compile(r"\d+|[^\W\d_]+", re.UNICODE)
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")


def width(text: str) -> int:
    """Terminal / table columns of a string (wide CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def tokens(label: str) -> list[tuple[int, int]]:
    """(start, end) of each token of `label`: digit runs, Latin letter runs, other letter runs
    (a lone Latin letter right before digits joins them)."""
    out = []
    for m in _TOKEN.finditer(label):
        # a run of letters is split where the script changes (Latin 'zh' vs '网络阅读')
        start = m.start()
        text = m.group()
        for i in range(1, len(text)):
            if bool(_LATIN.match(text[i])) != bool(_LATIN.match(text[i - 1])):
                out.append((start, m.start() + i))
                start = m.start() + i
        out.append((start, m.end()))
    # a single Latin letter glued to the digits after it stays with them ('v2', 'A07')
    merged: list[tuple[int, int]] = []
    for a, b in out:
        if (merged and merged[-1][1] == a and label[a].isdigit()
                and merged[-1][1] - merged[-1][0] == 1 and _LATIN.match(label[merged[-1][0]])):
            merged[-1] = (merged[-1][0], b)
        else:
            merged.append((a, b))
    return merged


def _parts(path: str) -> tuple[str, ...]:
    """The folders of a path, innermost last (Windows or POSIX separators)."""
    pure: PurePath = PureWindowsPath(path) if "\\" in path else PurePosixPath(path)
    return tuple(p for p in pure.parent.parts if p not in ("/", "\\", "."))


def labels(names: Sequence[str], paths: Sequence[str] | None = None) -> list[str]:
    """A distinct label per document (steps 1-4 of the module docstring)."""
    paths = list(paths) if paths is not None else [""] * len(names)
    stems = [_stem(n) for n in names]
    out = list(stems)
    fold = [s.casefold() for s in stems]
    counts = Counter(fold)
    clash = [i for i in range(len(names)) if counts[fold[i]] > 1]
    if clash:
        for i in clash:
            out[i] = names[i]
        _by_folders(out, clash, paths)
    # last resort: order within the remaining equal labels
    seen: Counter = Counter()
    counts = Counter(label.casefold() for label in out)
    for i, label in enumerate(out):
        key = label.casefold()
        if counts[key] > 1:
            seen[key] += 1
            if seen[key] > 1:
                out[i] = f"{label} ({seen[key]})"
    return out


def _by_folders(out: list[str], clash: list[int], paths: list[str]) -> None:
    """Prefix equal labels with as many parent folders as tell them apart."""
    groups: dict[str, list[int]] = {}
    for i in clash:
        groups.setdefault(out[i].casefold(), []).append(i)
    for members in groups.values():
        if len(members) < 2:
            continue
        folders = {i: _parts(paths[i]) for i in members}
        depth = max(len(f) for f in folders.values())
        tails = {i: "" for i in members}
        for d in range(1, depth + 1):
            tried = {i: "/".join(folders[i][-d:]) for i in members}
            if len({t.casefold() for t in tried.values()}) == len(members):
                tails = tried
                break
        for i in members:
            if tails[i]:
                out[i] = f"{tails[i]}/{out[i]}"


def _stem(name: str) -> str:
    base = name.rsplit("/", 1)[-1].rsplit("\\", 1)[-1]
    stem, dot, ext = base.rpartition(".")
    return stem if dot and stem and " " not in ext and len(ext) <= 5 else base


def short_names(names: Sequence[str], paths: Sequence[str] | None = None) -> list[str]:
    """One short name per document, all different (compared case-insensitively).

    names: the documents' file names; paths: their paths (used only when names repeat).
    """
    full = labels(names, paths)
    if len(full) < 2:
        return full
    spans = [tokens(label) for label in full]
    words = [[label[a:b].casefold() for a, b in toks] for label, toks in zip(full, spans)]
    # how many labels contain each run of consecutive tokens
    counts: Counter = Counter()
    for ws in words:
        counts.update({tuple(ws[i:j]) for i in range(len(ws)) for j in range(i + 1, len(ws) + 1)})
    out = []
    for name, label, toks, ws in zip(names, full, spans, words):
        if label == _stem(name) and width(name) <= KEEP_WHOLE:
            out.append(name)  # short already: the whole file name, extension and all
        else:
            out.append(_shorten(label, toks, ws, counts))
    return _distinct(out, full)


def _shorten(label, toks, ws, counts) -> str:
    if not toks or width(label) <= KEEP_WHOLE:
        return label
    best = None
    for i in range(len(toks)):
        for j in range(i + 1, len(toks) + 1):
            if counts[tuple(ws[i:j])] != 1:
                continue
            text = label[toks[i][0]:toks[j - 1][1]]
            if best is None or width(text) < width(best):
                best = text
            break  # longer runs from i are longer still
    return best if best is not None else label


def _distinct(short: list[str], full: list[str]) -> list[str]:
    """Safety net: a short name equal to another (e.g. a run read differently) takes its label."""
    counts = Counter(s.casefold() for s in short)
    out = [s if counts[s.casefold()] == 1 else f for s, f in zip(short, full)]
    seen: Counter = Counter()
    counts = Counter(s.casefold() for s in out)
    for i, s in enumerate(out):
        if counts[s.casefold()] > 1:
            seen[s.casefold()] += 1
            out[i] = f"{s} #{i + 1}"
    return out
