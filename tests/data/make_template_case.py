"""Three essays written to one assignment: each quotes the assignment's text (the template) in
full, then says something of its own. With the template the essays share nothing; a check that
forgets the template finds half of each essay copied and a false group of three."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("essay_a.txt", "essay_b.txt", "essay_c.txt")


_SYLLABLES = [c + v for c in "bcdfghjklmnprstvwz" for v in ("a", "e", "i", "o", "u", "ai", "ou")]


def _words(rng: random.Random, n: int) -> str:
    """`n` made-up words in sentences of twelve (no two texts share a passage by chance)."""
    words = ["".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3))) for _ in range(n)]
    return " ".join(w + ("." if i % 12 == 11 else "") for i, w in enumerate(words)) + "."


def write(folder: Path) -> tuple[list[Path], Path]:
    """(the essays, the template) written into `folder`."""
    rng = random.Random(22)
    assignment = _words(rng, 250)
    folder.mkdir(parents=True, exist_ok=True)
    template = folder / "assignment.txt"
    template.write_text(assignment, encoding="utf-8")
    essays = []
    for name in NAMES:
        path = folder / name
        path.write_text(assignment + "\n\n" + _words(rng, 300), encoding="utf-8")
        essays.append(path)
    return essays, template


def run_cli(*args, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """`python -m core.cli ARGS` in a fresh process, as a person runs the command."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "core.cli", *map(str, args)], cwd=cwd or ROOT,  # noqa: PLW1510 (the return code is asserted below)
                          env=env, capture_output=True, text=True, timeout=300)


def figures(pairs, names) -> list[tuple]:
    """Every pair's figures, by document name, in a fixed order (report or JSON pairs)."""
    out = []
    for p in pairs:
        get = p.get if isinstance(p, dict) else lambda k, p=p: getattr(p, k)
        left, right = sorted((names[get("left")], names[get("right")]))
        out.append((left, right, round(get("similarity"), 6), round(get("hamming"), 6),
                    round(max(get("left_coverage"), get("right_coverage")), 6), get("longest")))
    return sorted(out)


def json_figures(path: Path) -> tuple[list[tuple], int]:
    """(the pairs' figures, the number of groups) of a JSON report."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    names = [d["name"] for d in data["documents"]]
    return figures(data["pairs"], names), len(data["groups"])
