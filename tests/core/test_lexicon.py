"""core.engine.lexicon: the IDF tables derived once and cached in the data folder read back the
same; words are found by binary search in the sorted table, never by a near match."""

import numpy as np
import pytest

from core.engine import lexicon as lexicon_module
from core.engine.lexicon import Lexicon, _cached_table, _jieba_idf, _read_table


@pytest.fixture
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("PLAGSCOPE_DATA_DIR", str(tmp_path))
    return tmp_path


def _same(a, b):
    assert a[0].dtype.kind == b[0].dtype.kind == "U"
    assert a[0].tolist() == b[0].tolist() and a[1].tolist() == b[1].tolist()


def test_a_table_is_derived_once_then_read_from_the_data_folder(data_folder):
    path = _jieba_idf()
    derived = _cached_table(path)
    files = list((data_folder / "cache").iterdir())
    assert len(files) == 1 and path.name in files[0].name
    before = files[0].stat().st_mtime_ns
    _same(_cached_table(path), derived)
    assert files[0].stat().st_mtime_ns == before  # read, not written again
    _same(derived, _read_table(path))


def test_a_damaged_or_unwritable_cache_is_derived_again(data_folder, monkeypatch):
    path = _jieba_idf()
    good = _cached_table(path)
    cached = next((data_folder / "cache").iterdir())
    cached.write_bytes(b"PK\x03\x04 not a table")
    _same(_cached_table(path), good)
    _same(_cached_table(path), good)  # and written back whole
    monkeypatch.setenv("PLAGSCOPE_DATA_DIR", str(data_folder / "file"))
    (data_folder / "file").write_text("a file where the folder should be", encoding="utf-8")
    _same(_cached_table(path), good)


def test_a_word_listed_twice_keeps_its_last_value(tmp_path):
    table = tmp_path / "idf.txt"
    table.write_text("乙 2.5\n甲 1.0\n丙 3.0\n甲 7.0\n", encoding="utf-8")
    words, values = _read_table(table)
    assert words.tolist() == ["丙", "乙", "甲"] and values.tolist() == [3.0, 2.5, 7.0]


def test_only_the_very_word_is_found():
    words, values = np.array(["ab", "abc", "b"]), np.array([1.0, 2.0, 3.0])
    lex = Lexicon(words, values, 9.0)
    with lex.lock:
        queries = ["ab", "abc", "b", "a", "abcd", "ab\x00", "", "c", "b\x00\x00", "abc"]
        ids = lex.ids(queries)
        assert lex.idf(ids).tolist() == [1.0, 2.0, 3.0, 9.0, 9.0, 9.0, 9.0, 9.0, 9.0, 2.0]
        assert lex.words(ids) == queries
        assert ids[0] == lex.get("ab") and lex.get("ab\x00") == ids[5] and lex.get("zz") is None
        assert lex.lengths(ids).tolist() == [len(q) for q in queries]


def test_words_are_learned_once_in_the_order_texts_use_them(monkeypatch):
    lex = Lexicon(np.array(["b", "d"]), np.array([1.0, 2.0]), 9.0)
    with lex.lock:
        first = lex.ids(["x", "b", "y", "x", "d", "y", "z"])
        # listed words keep their table ids; the others get the next ids, first use first
        assert first.tolist() == [2, 0, 3, 2, 1, 3, 4]
        second = lex.ids(["z", "w", "b", "w", "x"])
        assert second.tolist() == [4, 5, 0, 5, 2]
        assert lex.words(np.arange(6)) == ["b", "d", "x", "y", "z", "w"]
        assert lex.idf(second).tolist() == [9.0, 9.0, 1.0, 9.0, 9.0]
        # past the limit it forgets what earlier texts taught and learns these words afresh
        monkeypatch.setattr(lexicon_module, "LEARNED_LIMIT", 5)
        third = lex.ids(["v", "u", "d", "v"])
        assert third.tolist() == [2, 3, 1, 2] and len(lex) == 4
        assert lex.words(third) == ["v", "u", "d", "v"]


def test_the_lexicons_weigh_unlisted_words_as_before(data_folder):
    lexicon_module.zh_lexicon.cache_clear()
    try:
        zh = lexicon_module.zh_lexicon()
        words, values = _read_table(_jieba_idf())
        assert zh.unlisted == float(np.median(values))
        assert len(zh) == len(words)
    finally:
        lexicon_module.zh_lexicon.cache_clear()
