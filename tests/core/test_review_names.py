"""Short names: the part that differs stays visible, and no two rows read the same."""

from core.review.names import labels, short_names, tokens


def test_the_issue_example_keeps_the_student_number():
    names = [f"student_{i:03d}_{lang}_{kind}.txt" for i, (lang, kind) in
             enumerate([("zh", "reordered"), ("zh", "copy"), ("en", "clean")] * 4, 1)]
    short = short_names(names)
    assert short[3] == "004"  # student_004_zh_reordered.txt among its siblings
    assert short == [f"{i:03d}" for i in range(1, 13)]


def test_the_part_that_differs_is_kept_for_chinese_names():
    assert short_names(["张三_期末论文_第一稿.docx", "李四_期末论文_第一稿.docx",
                        "王五_期末论文_终稿.docx"]) == ["张三", "李四", "王五"]


def test_short_labels_are_shown_whole():
    assert short_names(["essay.txt", "essay_v2.txt", "notes.pdf"]) == ["essay.txt", "essay_v2.txt",
                                                                      "notes.pdf"]
    assert short_names(["essay_v2_new.txt", "essay_v3_new.txt"]) == ["essay_v2_new", "essay_v3_new"]


def test_a_name_contained_in_another_stays_whole():
    short = short_names(["final_essay_draft.txt", "final_essay_draft_v2_revised.txt"])
    assert short == ["final_essay_draft", "v2"]


def test_same_names_are_told_apart_by_extension_then_folder_then_order():
    assert labels(["essay.txt", "essay.pdf"]) == ["essay.txt", "essay.pdf"]
    assert labels(["essay.txt", "essay.txt"], ["/a/classA/essay.txt", "/a/classB/essay.txt"]) == [
        "classA/essay.txt", "classB/essay.txt"]
    assert labels(["essay.txt", "essay.txt"], ["/x/essay.txt", "/x/essay.txt"]) == [
        "essay.txt", "essay.txt (2)"]
    assert short_names(["essay.txt", "essay.txt"], ["C:\\a\\one\\essay.txt", "C:\\a\\two\\essay.txt"]) == [
        "one", "two"]


def test_tokens_split_scripts_digits_and_separators():
    label = "zh原创_v12abc_x_9"
    assert [label[a:b] for a, b in tokens(label)] == ["zh", "原创", "v12", "abc", "x", "9"]


def test_short_names_are_unique_whatever_the_names(planted_class):
    import random

    rng = random.Random(3)
    parts = ["a", "b", "ab", "1", "01", "x_y", "论文", "草稿", ".", "_", "-", " "]
    for _ in range(300):
        names = ["".join(rng.choice(parts) for _ in range(rng.randint(1, 6))) + ".txt"
                 for _ in range(rng.randint(1, 12))]
        short = short_names(names)
        assert len({s.casefold() for s in short}) == len(names), (names, short)
    _corpus, report = planted_class
    short = short_names([d.name for d in report.documents])
    assert len(set(short)) == len(short) == 60


def test_one_document_keeps_its_name():
    assert short_names(["student_004_zh_reordered.txt"]) == ["student_004_zh_reordered"]
    assert short_names([]) == []
