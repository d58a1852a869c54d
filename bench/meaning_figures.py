"""The meaning layer's figures for a list of small checks, from the code under `--root` (this
checkout by default; bench/accuracy.py runs it on an older checkout too, for its "old" column).

    python bench/meaning_figures.py CHECKS.json [--root DIR]

CHECKS.json: a list of checks, each a list of [name, text] documents. Prints one JSON list:
per check, every reported pair as {left, right, similarity, passages, kind, share, sentences,
score, copied} (kind "" and share 0 without a meaning finding; score: the mean of its sentence
pairs' scores; copied: the pair's copied share, the figure the pairs are ranked by
(core.evidence), or on a checkout older than it the share of the more-copied side's characters
in a passage or an aligned sentence of the pair, each character once). The layer is on; a ProfileCache is shared by
the checks (the old code kept vectors there).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def covered(text: str, spans) -> float:
    """The share of the text's non-space characters inside any of the spans (each once)."""
    marks = bytearray(len(text))
    for start, end in spans:
        marks[start:end] = b"\1" * (end - start)
    chars = [not c.isspace() for c in text]
    inside = sum(1 for flag, mark in zip(chars, marks) if flag and mark)
    return inside / max(1, sum(chars))


def copied_share(docs, pair) -> float:
    """Copied text in any form, each character once: the larger side's share of characters in
    a verbatim passage or an aligned sentence of the pair."""
    sentences = pair.semantic.sentences if pair.semantic else ()
    left = [(m.left.start, m.left.end) for m in pair.matches] + [(s.left.start, s.left.end) for s in sentences]
    right = [(m.right.start, m.right.end) for m in pair.matches] + [(s.right.start, s.right.end) for s in sentences]
    return max(covered(docs[pair.left].text, left), covered(docs[pair.right].text, right))


def verbatim_copied(docs, pair) -> float:
    """The pair's copied share from its verbatim passages alone (the layer off); an older
    checkout without core.evidence gets `copied_share` of its passages."""
    from dataclasses import replace

    try:
        from core.academic.text import Counter
        from core.evidence import judge
    except ImportError:
        return copied_share(docs, replace(pair, semantic=None))
    bare = replace(pair, semantic=None)
    return float(judge(bare, Counter(docs[pair.left].text), Counter(docs[pair.right].text)).copied)


def figures(checks: list[list[list[str]]]) -> list[list[dict]]:
    from core.models import Document
    from core.options import CheckOptions
    from core.pipeline import ProfileCache, check_documents, run

    cache = ProfileCache()
    out = []
    for documents in checks:
        docs = [Document(i, name, name, "txt", text) for i, (name, text) in enumerate(documents)]
        report = run(check_documents(docs, CheckOptions(semantic=True), cache=cache))
        out.append([{"left": p.left, "right": p.right, "similarity": p.similarity,
                     "passages": len(p.matches),
                     "kind": p.semantic.kind if p.semantic else "",
                     "share": p.semantic.share if p.semantic else 0.0,
                     "sentences": len(p.semantic.sentences) if p.semantic else 0,
                     # the figure the pairs are ranked by (core.evidence); an older checkout
                     # without it gets the same idea measured here
                     "copied": float(p.copied) if hasattr(p, "copied") else copied_share(docs, p),
                     # ... and what it is with the meaning layer off (the default)
                     "copied_verbatim": verbatim_copied(docs, p),
                     "score": (sum(s.score for s in p.semantic.sentences) / len(p.semantic.sentences)
                               if p.semantic and p.semantic.sentences else 0.0)}
                    for p in report.pairs])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("checks", type=Path)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    args = parser.parse_args()
    sys.path.insert(0, str(args.root.resolve()))
    checks = json.loads(args.checks.read_text(encoding="utf-8"))
    print(json.dumps(figures(checks)))


if __name__ == "__main__":
    main()
