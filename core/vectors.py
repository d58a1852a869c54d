"""Sentence vectors, a value two layers share: the meaning layer makes them (core.semantic), the
archive keeps them (core.store). Beside core.models, which stays free of numpy."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, slots=True)
class SentenceVectors:
    """One document's sentences and their vectors as the semantic layer made them with `model`
    (a row of the archive's `semantic_vectors`; made by core.semantic, stored by core.store): spans into the document's text, units, minor flags and one
    float16 vector per sentence."""

    model: str
    lang: str
    starts: np.ndarray  # int64
    ends: np.ndarray  # int64
    units: np.ndarray  # int32
    minor: np.ndarray  # bool
    vectors: np.ndarray  # float16 (sentences, dim)

    def __len__(self) -> int:
        return len(self.starts)

    @classmethod
    def of(cls, model: str, lang: str, starts, ends, units, minor, vectors) -> SentenceVectors:
        vectors = np.asarray(vectors)
        n = len(starts)
        if vectors.ndim != 2 or not (len(ends) == len(units) == len(minor) == len(vectors) == n):
            raise ValueError("sentence spans, flags and vectors (sentences x dim) differ in length")
        return cls(model, lang, np.asarray(starts, np.int64), np.asarray(ends, np.int64),
                   np.asarray(units, np.int32), np.asarray(minor, bool),
                   vectors.astype(np.float16))

    def row(self) -> tuple:
        """(lang, sentences, dim, starts, ends, units, minor, vectors) as stored."""
        return (self.lang, len(self), int(self.vectors.shape[1]),
                self.starts.astype("<i4").tobytes(), self.ends.astype("<i4").tobytes(),
                self.units.astype("<i4").tobytes(), self.minor.astype(np.uint8).tobytes(),
                self.vectors.astype("<f2").tobytes())

    @classmethod
    def from_row(cls, model: str, lang: str, sentences: int, dim: int, starts, ends, units, minor,
                 vectors) -> SentenceVectors:
        n = int(sentences)
        return cls(model, lang,
                   np.frombuffer(bytes(starts), "<i4").astype(np.int64),
                   np.frombuffer(bytes(ends), "<i4").astype(np.int64),
                   np.frombuffer(bytes(units), "<i4").astype(np.int32),
                   np.frombuffer(bytes(minor), np.uint8).astype(bool),
                   np.frombuffer(bytes(vectors), "<f2").astype(np.float16).reshape(n, int(dim)))
