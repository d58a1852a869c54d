from core.normalize import fold_text, unit_texts, units


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
