"""A generated class whose essays all hold one assignment paragraph (issue 12's shared text),
the first two also a copied paragraph: random CJK characters, so nothing else is shared."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

#: (essay index, han(n) -> n random characters, assignment, copy) -> the essay's text
Essay = Callable[[int, Callable[[int], str], str, str], str]


def han(rng: random.Random, n: int) -> str:
    """`n` random characters of the first 3,000 code points of the CJK block."""
    return "".join(chr(rng.randrange(0x4E00, 0x4E00 + 3000)) for _ in range(n))


def class_texts(essay: Essay, size: int = 16, seed: int = 1) -> tuple[list[str], str, str]:
    """(texts, assignment, copy): a 240-character assignment and a 200-character copy, and
    `size` essays laid out by `essay`."""
    rng = random.Random(seed)
    assignment, copy = han(rng, 240), han(rng, 200)
    return [essay(i, lambda n: han(rng, n), assignment, copy) for i in range(size)], assignment, copy


def write_class(folder: Path, essay: Essay, size: int = 16, seed: int = 1) -> tuple[list[Path], str, str]:
    """The class written to `folder` (created) as s00.txt, s01.txt, ...: (paths, assignment, copy)."""
    texts, assignment, copy = class_texts(essay, size, seed)
    folder.mkdir()
    paths = []
    for i, text in enumerate(texts):
        path = folder / f"s{i:02d}.txt"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths, assignment, copy
