"""`Document.key` is hashed once per document and is always the digest of its own text."""

import pickle
from dataclasses import replace

from core import models
from core.models import Document, text_key

TEXTS = ["", "hello", "第一章 绪论\n\n本文研究……", "a\ud800b", " 尾部空白 \n\n", "x" * 10_000]


def _doc(text: str, n: int = 0) -> Document:
    return Document(n, f"d{n}", f"/tmp/d{n}.txt", "txt", text, sha256="ab" * 32)


def test_the_key_is_its_texts_digest_however_often_and_whenever_read(monkeypatch):
    hashed = []
    monkeypatch.setattr(models, "text_key", lambda text: hashed.append(text) or text_key(text))
    for n, text in enumerate(TEXTS):
        doc = _doc(text, n)
        assert [doc.key, doc.key, doc.key] == [text_key(text)] * 3
    assert hashed == TEXTS  # once each, on first reading


def test_a_read_key_is_no_part_of_a_documents_identity():
    for text in TEXTS:
        read, fresh = _doc(text), _doc(text)
        assert read.key == text_key(text)  # read: kept on it
        assert read == fresh and hash(read) == hash(fresh) and repr(read) == repr(fresh)
        assert read != _doc(text + "!")


def test_a_changed_or_carried_document_has_its_own_texts_key():
    for text in TEXTS:
        doc = _doc(text)
        assert doc.key == text_key(text)
        other = replace(doc, text=text + "。")
        assert other.key == text_key(text + "。") != doc.key
        for sent in (doc, _doc(text)):  # read before it is sent, or only after
            back = pickle.loads(pickle.dumps(sent))
            assert back == sent and back.key == text_key(text)
