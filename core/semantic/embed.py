"""Each document's sentences and their vectors, computed once and cached by Document.key."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

import numpy as np

from core.models import Document, Progress, SentenceVectors
from core.semantic import model
from core.semantic import sentences as _sentences
from core.semantic.sentences import Sentences, split

STAGE = "embedding"
_BATCH = 1024  # sentences per call to the model between two progress reports


@dataclass(frozen=True, slots=True)
class SemanticProfile:
    """A document's sentences, one unit-length vector each, and the document's language."""

    lang: str  # "zh" when most units are Han characters, else "en"
    sentences: Sentences
    vectors: np.ndarray  # float32 (sentences, model.DIM), values rounded to float16 (stored so)
    model: str  # profile_id() that made the sentences and vectors

    def __len__(self) -> int:
        return len(self.sentences)


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
    """A profile from the archive's SentenceVectors (vectors back to float32)."""
    sentences = Sentences(stored.starts.astype(np.int64), stored.ends.astype(np.int64),
                          stored.units.astype(np.int32), stored.minor.astype(bool))
    vectors = stored.vectors.astype(np.float32).reshape(len(sentences), model.DIM)
    return SemanticProfile(stored.lang, sentences, vectors, stored.model)


def as_archived(profile: SemanticProfile) -> SemanticProfile:
    """The profile exactly as it comes back from the archive (vectors rounded to float16: those
    semantic_profiles makes already are, so this changes nothing but a foreign profile)."""
    return from_stored(to_stored(profile))


def _language(text: str, sentences: Sentences) -> str:
    from core.semantic.sentences import count_units

    han = words = 0
    for s, e in zip(sentences.starts.tolist(), sentences.ends.tolist()):
        h, w = count_units(text[s:e])
        han, words = han + h, words + w
    return "zh" if han >= words and han else "en"


def semantic_profiles(
    documents: Sequence[Document], cache=None
) -> Generator[Progress, None, list[SemanticProfile]]:
    """Sentences and vectors of each document: cached ones reused, the rest embedded in batches
    (all documents' sentences together, so short documents cost no more per sentence)."""
    keys = [cache_key(d) for d in documents]
    found: list[SemanticProfile | None] = [cache.get(k) if cache is not None else None for k in keys]
    missing = [i for i, p in enumerate(found) if p is None]
    split_docs = {i: split(documents[i].text) for i in missing}
    texts: list[str] = []
    owners: list[int] = []
    for i in missing:
        pieces = split_docs[i].texts(documents[i].text)
        texts += pieces
        owners += [i] * len(pieces)
    total = len(texts)
    yield Progress(STAGE, 0, total)
    vectors = np.zeros((total, model.DIM), dtype=np.float32)
    for at in range(0, total, _BATCH):
        # rounded to float16 as the archive stores them: a document's figures are the same
        # whether its vectors were just made or read from the archive
        vectors[at:at + _BATCH] = model.encode(texts[at:at + _BATCH]).astype(np.float16)
        yield Progress(STAGE, min(total, at + _BATCH), total)
    at = 0
    name = profile_id()
    for i in missing:
        sentences = split_docs[i]
        n = len(sentences)
        prof = SemanticProfile(_language(documents[i].text, sentences), sentences,
                               vectors[at:at + n].copy(), name)
        at += n
        found[i] = prof
        if cache is not None:
            cache.put(keys[i], prof)
    return found  # type: ignore[return-value]
