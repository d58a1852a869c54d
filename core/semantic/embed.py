"""Each document's sentences and their vectors.

Vectors are looked up by sentence text in the sentence-vector store (vector_store.py, kept
between checks) and only the missing ones are encoded, each distinct sentence once. A check
compares only a document's *comparable* sentences: not minor (headings, greetings, short
lines), not mostly inside text the caller leaves out (quotations, reference lists, the
template, text most documents share, text another document holds verbatim and is compared
there), and no more than BUDGET of them (the first ones): the others are neither encoded
nor aligned.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, replace

import numpy as np

from core.models import Document, Progress
from core.semantic import model
from core.semantic import sentences as _sentences
from core.semantic.sentences import Sentences, count_units, split
from core.semantic.vector_store import VectorStore, default_path
from core.vectors import SentenceVectors

STAGE = "embedding"
_BATCH = 1024  # sentences per call to the model between two progress reports
BUDGET = 500  # comparable sentences per document (an essay has 20-100): the first ones count
EXCLUDED_SHARE = 0.5  # a sentence with at least this share of its characters left out is not compared


@dataclass(frozen=True, slots=True)
class SemanticProfile:
    """A document's sentences, one unit-length vector each, and the document's language."""

    lang: str  # "zh" when most units are Han characters, else "en"
    sentences: Sentences
    # (sentences, model.DIM), float16 as the store and the archive keep them (half the memory);
    # computed with in float32 (`as_float32`)
    vectors: np.ndarray
    model: str  # profile_id() that made the sentences and vectors
    # for a check's comparable sentences (restrict()): each one's index among all the
    # document's sentences, how many sentences it has, and whether BUDGET cut it short
    positions: np.ndarray | None = None
    total: int = -1
    cut: bool = False

    def __len__(self) -> int:
        return len(self.sentences)

    @property
    def index(self) -> np.ndarray:
        """Each sentence's position among all the document's sentences."""
        return np.arange(len(self)) if self.positions is None else self.positions

    @property
    def all_sentences(self) -> int:
        """How many sentences the whole document has."""
        return len(self) if self.total < 0 else self.total


def as_float32(vectors: np.ndarray) -> np.ndarray:
    """Vectors to compute with (float16 products are not done by BLAS: many times slower)."""
    return vectors.astype(np.float32, copy=False)


def inside(sentences: Sentences, text_length: int, spans) -> np.ndarray:
    """Which sentences have at least EXCLUDED_SHARE of their characters inside `spans`."""
    if not len(spans) or not len(sentences):
        return np.zeros(len(sentences), dtype=bool)
    marks = np.zeros(text_length + 1, dtype=np.int32)
    for start, end in spans:
        start, end = max(0, start), min(text_length, end)
        if end > start:
            marks[start] += 1
            marks[end] -= 1
    left_out = np.cumsum(marks[:-1]) > 0
    count = np.concatenate(([0], np.cumsum(left_out, dtype=np.int64)))
    covered = count[sentences.ends] - count[sentences.starts]
    return covered >= EXCLUDED_SHARE * (sentences.ends - sentences.starts)


def comparable(sentences: Sentences, text_length: int, excluded=(), budget: int | None = None
               ) -> tuple[np.ndarray, bool]:
    """Which sentences a check compares (see the module docstring), and whether the budget
    (None: BUDGET) left some out. `excluded`: (start, end) spans of the text."""
    budget = BUDGET if budget is None else budget
    keep = ~sentences.minor & ~inside(sentences, text_length, excluded)
    cut = False
    if keep.sum() > budget:
        keep[np.flatnonzero(keep)[budget]:] = False
        cut = True
    return keep, cut


def restrict(profile: SemanticProfile, keep: np.ndarray, cut: bool = False,
             vectors: np.ndarray | None = None) -> SemanticProfile:
    """The profile of only the sentences in `keep` (a mask over all of them); `vectors`: the
    kept sentences' vectors when the profile has none yet."""
    s = profile.sentences
    rows = np.flatnonzero(keep)
    return SemanticProfile(profile.lang, Sentences(s.starts[rows], s.ends[rows], s.units[rows],
                                                   s.minor[rows]),
                           profile.vectors[rows] if vectors is None else vectors, profile.model,
                           rows, len(s), cut)


def profile_id() -> str:
    """What cached and stored profiles are keyed by: the model and the sentence rules (another
    model, version or splitter means new profiles)."""
    return f"{model.model_id()}/sentences-{_sentences.VERSION}"


def cache_key(document: Document) -> tuple:
    """Where a document's semantic profile lives in the profile cache (beside its fingerprints)."""
    return ("semantic", profile_id(), document.key)


def to_stored(profile: SemanticProfile):
    """The profile as the archive stores it (SentenceVectors, float16)."""
    s = profile.sentences
    return SentenceVectors.of(profile.model, profile.lang, s.starts, s.ends, s.units, s.minor,
                              profile.vectors)


def from_stored(stored) -> SemanticProfile:
    """A profile from the archive's SentenceVectors."""
    sentences = Sentences(stored.starts.astype(np.int64), stored.ends.astype(np.int64),
                          stored.units.astype(np.int32), stored.minor.astype(bool))
    vectors = stored.vectors.astype(np.float16, copy=False).reshape(len(sentences), model.DIM)
    return SemanticProfile(stored.lang, sentences, vectors, stored.model)


def as_archived(profile: SemanticProfile) -> SemanticProfile:
    """The profile exactly as it comes back from the archive (vectors rounded to float16: those
    semantic_profiles makes already are, so this changes nothing but a foreign profile)."""
    return from_stored(to_stored(profile))


def _language(text: str, sentences: Sentences) -> str:
    han = words = 0
    for s, e in zip(sentences.starts.tolist(), sentences.ends.tolist()):
        h, w = count_units(text[s:e])
        han, words = han + h, words + w
    return "zh" if han >= words and han else "en"


def without(profile: SemanticProfile, text_length: int, spans) -> SemanticProfile:
    """The profile without the sentences mostly inside `spans`."""
    drop = inside(profile.sentences, text_length, spans)
    if not drop.any():
        return profile
    rows = np.flatnonzero(~drop)
    s = profile.sentences
    return SemanticProfile(profile.lang, Sentences(s.starts[rows], s.ends[rows], s.units[rows],
                                                   s.minor[rows]),
                           profile.vectors[rows], profile.model, profile.index[rows],
                           profile.all_sentences, profile.cut)


def _pack(lang: str, sentences: Sentences) -> bytes:
    """A document's language and sentences as the vector store keeps them."""
    head = np.array([len(sentences), lang == "zh"], dtype=np.int64)
    return b"".join((head.tobytes(), sentences.starts.astype(np.int64).tobytes(),
                     sentences.ends.astype(np.int64).tobytes(), sentences.units.astype(np.int32).tobytes(),
                     sentences.minor.astype(np.uint8).tobytes()))


def _unpack(blob: bytes, text_length: int) -> tuple[str, Sentences] | None:
    """What _pack made for a text of `text_length` (None for anything else: made again)."""
    try:
        n, zh = np.frombuffer(blob, dtype=np.int64, count=2).tolist()
        if n < 0 or len(blob) != 16 + 21 * n:
            return None
        at = 16
        starts = np.frombuffer(blob, np.int64, n, at).copy()
        ends = np.frombuffer(blob, np.int64, n, at + 8 * n).copy()
        units = np.frombuffer(blob, np.int32, n, at + 16 * n).copy()
        minor = np.frombuffer(blob, np.uint8, n, at + 20 * n).astype(bool)
    except (ValueError, TypeError):
        return None
    if n and not (0 <= starts.min() and (starts <= ends).all() and ends.max() <= text_length):
        return None
    return ("zh" if zh else "en"), Sentences(starts, ends, units, minor)


def _store(store):
    if store is None:
        return VectorStore(default_path())
    return store


def semantic_profiles(
    documents: Sequence[Document], cache=None, excluded: Sequence | None = None, store=None,
    represented: Sequence | None = None,
) -> Generator[Progress, None, list[SemanticProfile]]:
    """Sentences and vectors of each document (profiles in `cache` reused, the missing
    vectors encoded in batches of all documents' sentences together, each distinct sentence
    once).

    Without `excluded`, every sentence of each document, and new profiles go into `cache`
    (what the archive stores). With `excluded` (one sequence of (start, end) spans per
    document), only the comparable sentences (`comparable`), nothing put in `cache`.
    `represented` (spans per document): text another document holds too (a verbatim passage),
    compared there and so left out here. `store`: the VectorStore (None: the user's)."""
    keys = [cache_key(d) for d in documents]
    name = profile_id()
    wanted: dict[str, int] = {}  # sentence text -> row of `texts`
    texts: list[str] = []
    bases: list[SemanticProfile | None] = [cache.get(k) if cache is not None else None for k in keys]
    new = [i for i, found in enumerate(bases) if found is None]
    store = _store(store)
    kept = store.get_documents(name, [documents[i].text for i in new]) if new else {}
    made: list[int] = []
    for at, i in enumerate(new):
        unpacked = _unpack(kept[at], len(documents[i].text)) if at in kept else None
        if unpacked is None:
            sentences = split(documents[i].text)
            unpacked = _language(documents[i].text, sentences), sentences
            made.append(i)
        bases[i] = SemanticProfile(unpacked[0], unpacked[1], np.zeros((0, model.DIM), dtype=np.float16), name)
    if made:
        store.put_documents(name, [documents[i].text for i in made],
                            [_pack(bases[i].lang, bases[i].sentences) for i in made])
    out: list[SemanticProfile] = []
    rows_of: dict[int, np.ndarray] = {}
    for i, (document, base) in enumerate(zip(documents, bases)):
        sentences, length = base.sentences, len(document.text)
        if excluded is None:
            keep, cut = np.ones(len(sentences), dtype=bool), False
        else:
            keep, cut = comparable(sentences, length, excluded[i])
        if represented is not None:
            keep &= ~inside(sentences, length, represented[i])
        if len(base.vectors) == len(sentences) and (len(sentences) or base.total < 0):
            out.append(base if excluded is None else restrict(base, keep, cut))
            continue
        rows = []
        for s, e in zip(sentences.starts[keep].tolist(), sentences.ends[keep].tolist()):
            piece = document.text[s:e]
            at = wanted.get(piece)
            if at is None:
                at = wanted[piece] = len(texts)
                texts.append(piece)
            rows.append(at)
        rows_of[i] = np.array(rows, dtype=np.int64)
        out.append(restrict(base, keep, cut, np.zeros((0, model.DIM), np.float16)))
    vectors = np.zeros((len(texts), model.DIM), dtype=np.float16)
    known = store.get(name, texts, model.DIM) if texts else {}
    for at, vector in known.items():
        vectors[at] = vector
    missing = [at for at in range(len(texts)) if at not in known]
    total = len(missing)
    yield Progress(STAGE, 0, total)
    for lo in range(0, total, _BATCH):
        rows = missing[lo:lo + _BATCH]
        # rounded to float16 as the archive and the store keep them: a document's figures are
        # the same whether its vectors were just made or read back
        made = model.encode([texts[r] for r in rows]).astype(np.float16)
        vectors[rows] = made
        store.put(name, [texts[r] for r in rows], made)
        yield Progress(STAGE, min(total, lo + _BATCH), total)
    for i, rows in rows_of.items():
        # a view of the one matrix where a document's rows follow each other (the usual
        # case), so the vectors are held once
        whole = len(rows) and rows[-1] - rows[0] + 1 == len(rows) and bool((np.diff(rows) == 1).all())
        prof = replace(out[i], vectors=vectors[rows[0]:rows[-1] + 1] if whole else vectors[rows])
        if excluded is None:
            prof = replace(bases[i], vectors=prof.vectors)
            if cache is not None:
                cache.put(keys[i], prof)
        out[i] = prof
    return out
