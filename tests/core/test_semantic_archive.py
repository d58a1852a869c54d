"""Sentence vectors in the archive: stored by `archive add`, read by a check against the archive
(never embedded again), embedded and stored once when missing, removed with the document."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest
from test_semantic import loaded, tatoeba, translated_pair  # noqa: F401  (fixture)

from core.models import Document
from core.options import CheckOptions
from core.pipeline import CheckRequest, ProfileCache, run, run_check
from core.semantic import model
from core.semantic.embed import profile_id
from core.semantic.sentences import split
from core.store import open_store
from core.store.archive import add_documents


def check_against_archive(documents, options, store, label=None, cache=None):
    """`documents` checked with the archive `store` (core.pipeline.run_check): the report."""
    request = CheckRequest(documents=tuple(documents), archive=store, search_archive=True, archive_label=label)
    return (yield from run_check(request, options, cache)).report


def doc(i: int, name: str, text: str) -> Document:
    return Document(i, name, "/" + name, "txt",
                    text, sha256=hashlib.sha256(text.encode()).hexdigest())


def archive_docs() -> list[Document]:
    zh, _, unrelated = translated_pair()
    pairs = tatoeba()
    other_zh = "".join(z for _, z in pairs[21:30])  # not in the essay
    return [doc(0, "source_zh.txt", zh), doc(1, "other_en.txt", unrelated),
            doc(2, "other_zh.txt", other_zh)]


@pytest.fixture(autouse=True)
def own_vector_store(tmp_path, monkeypatch):
    """A sentence-vector store of this test's own (what it encodes is not known yet)."""
    monkeypatch.setenv("PLAGSCOPE_DATA_DIR", str(tmp_path / "data"))


def compared(text: str) -> set[str]:
    """The sentences a check compares when nothing is left out: all but the minor ones."""
    s = split(text)
    return {t for t, minor in zip(s.texts(text), s.minor.tolist()) if not minor}


def encoded_texts(monkeypatch) -> list[str]:
    """Every sentence the model is asked to embed from now on."""
    seen: list[str] = []
    real = model.encode

    def spy(texts):
        seen.extend(texts)
        return real(texts)

    monkeypatch.setattr(model, "encode", spy)
    return seen


def check(store, query: Document, cache=None):
    return run(check_against_archive([query], CheckOptions(semantic=True), store,
                                     cache=cache if cache is not None else ProfileCache()))


def translation_of(report):
    [pair] = [p for p in report.pairs if p.semantic is not None]
    assert report.documents[pair.right].name == "source_zh.txt" or \
        report.documents[pair.left].name == "source_zh.txt"
    assert pair.semantic.kind == "translation"
    return pair.semantic


@pytest.mark.usefixtures("loaded")
def test_add_stores_vectors_and_the_check_never_embeds_archived_documents(store_location,
                                                                            monkeypatch):
    docs = archive_docs()
    _, en, _ = translated_pair()
    with open_store(store_location) as store:
        result = run(add_documents(store, docs, "2025", semantic=True))
        stored = store.sentence_vectors(result.added, profile_id())
        assert set(stored) == set(result.added)
        for d, doc_id in zip(docs, result.added):
            s = split(d.text)
            assert np.array_equal(stored[doc_id].starts, s.starts)
            assert np.array_equal(stored[doc_id].minor, s.minor)
            assert stored[doc_id].vectors.shape == (len(s), model.DIM)
        seen = encoded_texts(monkeypatch)
        report = check(store, doc(0, "essay_en.txt", en))
        assert set(seen) == compared(en)  # only the new essay's sentences
        assert translation_of(report).share > 0.4


@pytest.mark.usefixtures("loaded")
def test_missing_vectors_are_embedded_once_by_a_check_and_give_the_same_figures(store_location,
                                                                              monkeypatch):
    docs = archive_docs()
    zh, en, _ = translated_pair()
    # a few sentences copied verbatim too: found by fingerprints without stored vectors
    query = doc(0, "essay_en.txt", en + "\n\n" + zh[:60])
    with open_store(store_location) as store:
        result = run(add_documents(store, docs, "2025", semantic=False))
        assert store.sentence_vectors(result.added, profile_id()) == {}
        seen = encoded_texts(monkeypatch)
        first = check(store, query)
        source = docs[0]
        assert set(split(source.text).texts(source.text)) <= set(seen)  # embedded now...
        assert result.added[0] in store.sentence_vectors(result.added, profile_id())  # ...and kept
        seen.clear()
        second = check(store, query)
        assert seen == []  # the query's sentence vectors were kept too (core.semantic.vector_store)
        assert translation_of(second) == translation_of(first)
        # the same figures as when the vectors were stored by the add
        store.remove(result.added)
        assert store.sentence_vectors(result.added, profile_id()) == {}
        run(add_documents(store, docs, "2025", semantic=True))
        assert translation_of(check(store, query)) == translation_of(first)


@pytest.mark.usefixtures("loaded")
def test_layer_off_neither_embeds_nor_stores(store_location, monkeypatch):
    docs = archive_docs()
    _, en, _ = translated_pair()
    with open_store(store_location) as store:
        result = run(add_documents(store, docs, "2025"  # default option, layer off here
                                   , semantic=False))
        seen = encoded_texts(monkeypatch)
        report = run(check_against_archive([doc(0, "e.txt", en)], CheckOptions(semantic=False),
                                           store))
        assert seen == [] and all(p.semantic is None for p in report.pairs)
        assert store.stats()["sentence_vectors"] == {}
        assert len(result.added) == 3


@pytest.mark.usefixtures("loaded")
def test_cli_archive_add_stores_vectors_only_when_asked(tmp_path, capsys):
    """Off by default (an add stays fast at 100,000 essays); `--semantic` stores them."""
    from core.cli import main

    folder = tmp_path / "in"
    folder.mkdir()
    for d in archive_docs():
        (folder / d.name).write_text(d.text, encoding="utf-8")
    db = tmp_path / "a.sqlite3"
    assert main(["archive", "add", str(folder), "--quiet", "--db", str(db)]) == 0
    with open_store(str(db)) as store:
        assert store.stats()["sentence_vectors"] == {}
        store.remove([m.id for m in store.documents()])
    assert main(["archive", "add", str(folder), "--quiet", "--semantic", "--db", str(db)]) == 0
    with open_store(str(db)) as store:
        assert store.stats()["sentence_vectors"] == {profile_id(): 3}
    capsys.readouterr()
    assert main(["archive", "stats", "--db", str(db)]) == 0
    assert f"sentence vectors ({profile_id()}, for translations and paraphrases): 3 document(s)" \
        in capsys.readouterr().out
