"""A profile never reads the white space at the end of its text (`read_text`): every field of
it (units and their offsets, language, fingerprints, simhash and its keywords, vocabulary and
IDF) is the same with any white space there, so copies saved with different white space at the
end are profiled once, and every report stays what profiling each copy gives."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core.engine.profile as profile_module
from core.engine.profile import profiles, read_text
from core.engine.segment import words_of
from core.engine.simhash import cut_prose, vocabulary
from core.loaders import load_document
from core.models import Document
from core.options import CheckOptions
from core.pipeline import CheckRequest, check_documents, run, run_check
from core.reports import render_json
from core.store import open_store
from core.store.archive import add_documents

OPTIONS = CheckOptions(workers=1)
SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"
#: every character `str.isspace` calls white space (what `read_text` leaves out)
WHITE = "".join(chr(c) for c in range(0x110000) if chr(c).isspace())

ZH = "我们今天讨论网络阅读对学生的影响以及它带来的问题和机会。老师认为学生应当多读纸质书籍"
EN = "Students read online every day and the habit changes how they write their essays"
BODIES = {
    "zh, a Han character last": ZH,
    "zh, a stop last": ZH + "。",
    "en, a word last": EN,
    "en, a number last": EN + " in 2024",
    "zh, full-width digits last": ZH + "２０２４",
    "mixed": f"{ZH} {EN} 第3章",
    "a combining mark last": EN + " cafe\u0301",
    "astral Han last": ZH + "\U00020000\U00020001",
    "kana and hangul": "ひらがなカタカナ한국어" + ZH,
    "white space first": "\u3000\u3000" + ZH,
    "an open code fence": f"{EN}\n```python\nprint(1)",
    "an open tag": f"{ZH} <a href='x'",
    "an address": f"{EN} see https://example.com/page",
    "an e-mail": f"{ZH} a.b@example.com",
    "an entity": f"{EN} &amp",
    "inline code, open": f"{EN} `code",
    "a link target, open": f"{EN} [a](http://x.y",
    "an open comment": f"{ZH} <!-- note",
    "white space only": " \n",
    "empty": "",
}
SUFFIXES = [" ", "\n", "\r\n", "\u3000", "\xa0", "\t", "\n\n  \n", WHITE, "\x1c\x1f\x85\u2028\u2029\u202f"]


def _fields(p) -> tuple:
    """Every field of a profile, as plain values (numpy arrays with their dtype)."""
    arrays = (p.units.starts, p.units.ends, p.units.hashes, p.units.single, p.fp_hashes, p.fp_units,
              p.vocab, p.vocab_idf)
    return (p.lang, p.params, p.simhash) + tuple((str(a.dtype), a.tolist()) for a in arrays)


def _words(text: str, p) -> tuple:
    """What the simhash and the vocabulary are weighed from: the segmenter's words of the
    text's prose, and every content word with its count and IDF."""
    clean, words = cut_prose(text)
    return clean.rstrip(), words_of(words), vocabulary(text, p.units)


@pytest.mark.parametrize("name", list(BODIES))
def test_white_space_at_the_end_changes_no_field_of_a_profile(name):
    body = BODIES[name]
    texts = [body] + [body + s for s in SUFFIXES]
    alone = [profiles([t], OPTIONS)[0] for t in texts]
    together = profiles(texts, OPTIONS)  # one batch, as the profile stage does
    for text, a, b in zip(texts, alone, together, strict=True):
        assert _fields(a) == _fields(b) == _fields(alone[0]), repr(text[-12:])
        assert _words(text, a) == _words(body, alone[0])
        assert read_text(text) == body.rstrip()
    if body.strip():
        assert len(alone[0].units) and alone[0].units.ends.max() <= len(body.rstrip())


_PIECES = st.sampled_from(["网络", "阅读", "学生", "的", "。", "，", "read", "Essay", "2024", "２０",
                           "<a ", ">", "`", "```", "&amp;", "&", "@", "a.b", "](", "http://x", "www.",
                           "<!--", "-->", "e\u0301", "\U00020000", " ", "\n", "\u3000", "\xa0", "\t"])


@settings(max_examples=80, deadline=None)
@given(body=st.lists(_PIECES, max_size=30).map("".join),
       suffix=st.lists(st.sampled_from(WHITE), min_size=1, max_size=6).map("".join))
def test_any_text_profiles_as_it_does_without_the_white_space_at_its_end(body, suffix):
    text = body + suffix
    a, b = profiles([text, body], OPTIONS)
    stripped = profiles([read_text(text)], OPTIONS)[0]
    assert _fields(a) == _fields(b) == _fields(stripped)
    assert _words(text, a) == _words(read_text(text), stripped)


def _variants() -> list[str]:
    base = f"{ZH}\n\n{EN} 2024。\n\n{ZH}"
    return [
        base, base + "\n", base + "\r\n\u3000 ", base + "\n\n\t",  # one reading
        "  " + base,  # white space first: other offsets
        base.replace("\n\n", " ", 1),  # white space inside
        base[:-1], base[:-1] + "\n",  # another text, and its copy
        ZH * 3, ZH * 3 + "\xa0",
    ]


@pytest.mark.parametrize("workers", [1, 2])
def test_copies_that_read_alike_are_profiled_once_and_cached_under_each_text(monkeypatch, workers):
    texts = _variants() * 3
    docs = [Document(i, f"d{i}", "", "txt", t) for i, t in enumerate(texts)]
    cache = profile_module.ProfileCache()
    cache.put(profile_module.cache_key(docs[1], OPTIONS), profiles([docs[1].text], OPTIONS)[0])
    sized = []  # the sizes of the texts the stage profiles
    real = profile_module.batches
    monkeypatch.setattr(profile_module, "batches", lambda sizes, *a: sized.extend(sizes) or real(sizes, *a))
    monkeypatch.setattr(profile_module, "CHUNK_CHARS", 200)
    got = run(profile_module.profile_documents(docs, CheckOptions(workers=workers), cache))
    readings = {read_text(t) for t in texts}
    assert len(sized) == len(readings) == 5  # each reading once; the cached text's reading too
    for d, p in zip(docs, got, strict=True):
        assert _fields(p) == _fields(profiles([d.text], OPTIONS)[0])
        if d.text != docs[1].text:
            first = next(i for i, t in enumerate(texts) if t != docs[1].text and read_text(t) == read_text(d.text))
            assert p is got[first]
    assert got[1] is got[1 + len(_variants())] is cache.get(profile_module.cache_key(docs[1], OPTIONS))
    # every text is cached under its own key, so a check in another process finds it
    for d, p in zip(docs, got, strict=True):
        assert cache.get(profile_module.cache_key(d, OPTIONS)) is p
        assert any(value is p for _, value in cache.about([d.key]))
    sized.clear()
    again = run(profile_module.profile_documents(docs, CheckOptions(workers=workers), cache))
    assert not sized and all(a is b for a, b in zip(again, got, strict=True))


def _each_profiled_alone(monkeypatch):
    """The profile stage with no two texts sharing a profile (as before `read_text`)."""
    monkeypatch.setattr(profile_module, "read_text", lambda text: text)


@pytest.mark.parametrize("version", [None, 2])
def test_a_check_of_copies_with_white_space_at_the_end_reports_what_profiling_each_gives(monkeypatch, version):
    texts = _variants() + [f"{ZH}[1]\n", f"{ZH}[1]", f"“{ZH}”\n\n  "]
    docs = [Document(i, f"d{i}.txt", f"/virtual/d{i}.txt", "txt", t) for i, t in enumerate(texts)]
    written = render_json(run(check_documents(docs, OPTIONS)), version=version)
    _each_profiled_alone(monkeypatch)
    assert render_json(run(check_documents(docs, OPTIONS)), version=version) == written


def _load(names, first: int = 0) -> list[Document]:
    out = []
    for i, name in enumerate(names, first):
        d = load_document(SAMPLES / name, i)
        out.append(replace(d, sha256=hashlib.sha256((SAMPLES / name).read_bytes()).hexdigest()))
    return out


def _with_trailing(d: Document, white: str, i: int) -> Document:
    text = d.text + white
    return replace(d, id=i, name=f"ws{i}-{d.name}", text=text, sha256=hashlib.sha256(text.encode()).hexdigest())


def test_a_check_against_an_archive_of_such_copies_reports_what_profiling_each_gives(monkeypatch, store_location):
    archived = _load(["zh_original_网络阅读.txt", "en_original_homework.txt"])
    archived += [_with_trailing(d, w, 2 + n) for n, (d, w) in enumerate(zip(archived, ["\n\n", "\u3000\r\n"]))]
    new = _load(["zh_copy_verbatim.docx", "en_reordered.txt"])
    new += [_with_trailing(new[0], " \n", 2), _with_trailing(archived[0], "\t", 3)]
    with open_store(store_location) as store:
        run(add_documents(store, archived, label="2024"))
    request = CheckRequest(documents=tuple(new), archive=store_location, search_archive=True)
    report = run(run_check(request, OPTIONS)).report
    assert len(report.documents) > len(new)  # archived copies came in as sources
    written = render_json(report)
    _each_profiled_alone(monkeypatch)
    assert render_json(run(run_check(request, OPTIONS)).report) == written
