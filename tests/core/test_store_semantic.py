"""The semantic layer's sentence vectors in the archive (schema step 5), on both backends."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from core.models import Document
from core.store import open_store, schema
from core.store.records import SentenceVectors, compress, prepare


def vectors_of(n: int, seed: int, model: str = "m1", dim: int = 8) -> SentenceVectors:
    rng = np.random.default_rng(seed)
    v = rng.normal(size=(n, dim)).astype(np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    starts = np.arange(n) * 10
    return SentenceVectors.of(model, "zh" if seed % 2 else "en", starts, starts + 7 + seed,
                              np.full(n, 5 + seed), np.arange(n) % 3 == 0, v)


def same(a: SentenceVectors, b: SentenceVectors) -> None:
    assert (a.model, a.lang, len(a)) == (b.model, b.lang, len(b))
    for name in ("starts", "ends", "units", "minor"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert a.vectors.dtype == b.vectors.dtype == np.float16
    assert np.array_equal(a.vectors, b.vectors)


def add_text(store, text: str, name: str, semantic=None) -> int:
    doc = Document(0, name, "/" + name, "txt", text, sha256=None)
    record = replace(prepare(doc, None), semantic=semantic)
    doc_id, added = store.add(record)
    assert added
    return doc_id


def test_round_trip_per_model_replace_and_remove(store_location):
    with open_store(store_location) as store:
        a = add_text(store, "first text", "a.txt")
        b = add_text(store, "second text", "b.txt", semantic=vectors_of(4, 2))
        assert set(store.sentence_vectors([a, b], "m1")) == {b}  # stored with the add
        same(store.sentence_vectors([b], "m1")[b], vectors_of(4, 2))
        assert store.put_sentence_vectors({a: vectors_of(3, 1), 999_999: vectors_of(2, 5)}) == 1
        assert store.put_sentence_vectors({a: vectors_of(0, 3, model="m2")}) == 1
        got = store.sentence_vectors([a, b, 999_999], "m1")
        assert set(got) == {a, b}
        same(got[a], vectors_of(3, 1))
        empty = store.sentence_vectors([a], "m2")[a]
        assert len(empty) == 0 and empty.vectors.shape == (0, 8)
        store.put_sentence_vectors({a: vectors_of(5, 7)})  # replaced, not doubled
        same(store.sentence_vectors([a], "m1")[a], vectors_of(5, 7))
        assert store.stats()["sentence_vectors"] == {"m1": 2, "m2": 1}
        assert store.embedded_ids("m1") == sorted([a, b]) and store.embedded_ids("m2") == [a]
        assert store.remove([a]) == 1
        assert store.sentence_vectors([a], "m1") == {} and store.sentence_vectors([a], "m2") == {}
        assert set(store.sentence_vectors([b], "m1")) == {b}
        assert store.stats()["sentence_vectors"] == {"m1": 1}


def test_float16_keeps_unit_vectors_close():
    item = vectors_of(50, 4, dim=512)
    exact = np.random.default_rng(4)  # the same draw, in float32
    v = exact.normal(size=(50, 512)).astype(np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    assert np.abs(item.vectors.astype(np.float32) - v).max() < 1e-3
    with pytest.raises(ValueError):
        SentenceVectors.of("m", "en", [0, 1], [1, 2], [1, 1], [False, False], v[:3])


def test_migrates_a_version_4_archive(store_location):
    if "://" in store_location:
        from core.store.postgres import PostgresStore as Impl
    else:
        from core.store.sqlite import SQLiteStore as Impl

    class Old(Impl):
        def _apply(self, first, last):  # the Plagscope before the semantic vectors
            super()._apply(first, 4)

    old = Old(store_location)
    assert old.version() == 4 and "semantic_vectors" not in old._table_names()
    old._execute("INSERT INTO documents (sha256, name, path, size, format, label, added, chars, "
                 "text_key, lang, text, simhash, b0, b1, b2, b3, fp_hashes, fp_units) VALUES "
                 "(?, 'old.txt', '/old.txt', 3, 'txt', 'L', '2020-01-01', 3, 'k', 'en', ?, 0, "
                 "0, 0, 0, 0, ?, ?)", ("cd" * 32, compress("old"), b"", b""))
    old.conn.commit()
    old.close()
    with open_store(store_location) as store:
        assert store.version() == schema.LATEST >= 5
        assert "semantic_vectors" in store._table_names()
        [meta] = store.documents()
        assert meta.name == "old.txt" and store.sentence_vectors([meta.id], "m1") == {}
        store.put_sentence_vectors({meta.id: vectors_of(2, 1)})
        same(store.sentence_vectors([meta.id], "m1")[meta.id], vectors_of(2, 1))
        assert store.remove([meta.id]) == 1
