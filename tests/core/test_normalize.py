from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine.normalize import (
    fold_text,
    split_units,
    unit_batches,
    unit_texts,
    units,
)


def spans(text):
    u = units(text)
    return list(zip(u.starts.tolist(), u.ends.tolist()))


def test_units_spans_and_folding():
    text = "Hello, ＷＯＲＬＤ! 中文 café 42"
    u = units(text)
    assert spans(text) == [(0, 5), (7, 12), (14, 15), (15, 16), (17, 21), (22, 24)]
    assert unit_texts(text, u) == ["hello", "world", "中", "文", "café", "42"]
    assert u.single.tolist() == [False, False, True, True, False, False]


def test_full_width_and_case_fold_to_the_same_hash():
    a, b = units("ＷＯＲＬＤ"), units("world")
    assert a.hashes.tolist() == b.hashes.tolist()
    assert units("Straße").hashes[0] == units("STRASSE".lower().replace("ss", "ß")).hashes[0]


def test_punctuation_space_and_emoji_are_no_units():
    assert spans("，。！？ ... \n\t😀 ") == []
    assert spans("") == []


def test_astral_cjk_is_one_unit_with_code_point_span():
    text = "😀𠀀a\r\nb"
    assert spans(text) == [(1, 2), (2, 3), (5, 6)]


def test_word_hash_is_position_independent():
    u = units("abc xyz abc")
    assert u.hashes[0] == u.hashes[2] != u.hashes[1]


def test_fold_text():
    assert fold_text("ＡＢＣ１２") == "abc12"


def _definition(text):
    """Units written out one character at a time: (start, end, folded text, single)."""
    from core.engine.normalize import SINGLE, SKIP, _fold_of, _kind_of

    out, i = [], 0
    kinds = [SKIP if 0xD800 <= ord(c) < 0xE000 else _kind_of(c) for c in text]
    while i < len(text):
        if kinds[i] == SINGLE:
            out.append((i, i + 1, chr(_fold_of(text[i])), True))
            i += 1
        elif kinds[i] == SKIP:
            i += 1
        else:
            j = i
            while j < len(text) and kinds[j] not in (SINGLE, SKIP):
                j += 1
            out.append((i, j, "".join(chr(_fold_of(c)) for c in text[i:j]), False))
            i = j
    return out


TEXTS = st.text(alphabet=st.sampled_from(
    list("abZ09 ,.\n\r\t中文字，。ＡＢ１ﬁéß") + ["\u0301", "\u093f", "\u3042", "\U00020000",
                                           "\U0001F600", "\ud800", "\U0001D400", "\u0130"]),
    max_size=40)


@settings(max_examples=300, deadline=None)
@given(text=TEXTS)
def test_units_match_their_definition(text):
    u = units(text)
    expected = _definition(text)
    assert list(zip(u.starts.tolist(), u.ends.tolist(), u.single.tolist())) == [
        (s, e, single) for s, e, _, single in expected]
    # equal folded text <=> equal hash, whatever the position
    by_text = {}
    for (_, _, folded, _), h in zip(expected, u.hashes.tolist()):
        assert by_text.setdefault(folded, h) == h
    assert len(set(by_text.values())) == len(by_text)


@settings(max_examples=100, deadline=None)
@given(texts=st.lists(TEXTS, max_size=8), limit=st.sampled_from([1, 8, 30, 1 << 15]))
def test_units_of_a_batch_equal_one_text_at_a_time(texts, limit):
    import core.engine.batches

    saved = core.engine.batches.BATCH_UNITS
    core.engine.batches.BATCH_UNITS = limit
    try:
        batched = [u for joined, offsets in unit_batches(texts) for u in split_units(joined, offsets)]
    finally:
        core.engine.batches.BATCH_UNITS = saved
    for text, b in zip(texts, batched, strict=True):
        alone = units(text)
        for field in ("starts", "ends", "hashes", "single"):
            assert getattr(b, field).tolist() == getattr(alone, field).tolist()
            assert getattr(b, field).dtype == getattr(alone, field).dtype


def test_code_point_tables_read_back_from_the_data_folder_are_the_derived_ones(tmp_path, monkeypatch):
    from core.engine import normalize

    monkeypatch.setenv("PLAGSCOPE_DATA_DIR", str(tmp_path))
    normalize.code_tables.cache_clear()
    try:
        first = normalize.code_tables()  # derived and written
        normalize.code_tables.cache_clear()
        again = normalize.code_tables()  # read back
        assert len(list((tmp_path / "cache").iterdir())) == 1
        derived = normalize._derive_tables()
        for a, b in zip(first, again, strict=True):
            assert a.dtype == b.dtype and (a == b).all()
        assert (again[0] == derived["kind"]).all() and (again[1] == derived["fold"]).all()
        # other rules for the tables: another name, so never the tables of the old rules; the
        # old rules' file is removed when the new one is written
        name = normalize._tables_source()
        monkeypatch.setattr(normalize, "_SINGLE_RANGES", normalize._SINGLE_RANGES[:-1])
        assert normalize._tables_source() != name
        normalize.code_tables.cache_clear()
        normalize.code_tables()
        [kept] = (tmp_path / "cache").iterdir()
        assert normalize._tables_source() in kept.name
    finally:
        normalize.code_tables.cache_clear()


def test_the_code_point_tables_have_one_name_in_every_process():
    """Processes with other string hashes (PYTHONHASHSEED) name the tables alike, so each
    reads the file the first wrote instead of deriving and writing one of its own."""
    import os
    import subprocess
    import sys

    names = set()
    program = "from core.engine.normalize import _tables_source; print(_tables_source())"
    for seed in ("1", "2", "3", "random"):
        out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": seed})
        names.add(out.stdout.strip())
    assert len(names) == 1, names
