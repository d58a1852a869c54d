"""`plagscope check` prints the groups before the pairs, by distinguishing short names."""

import re

import pytest
from make_class import make_class, write_class

from core.cli import main


@pytest.fixture(scope="module")
def class_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    corpus = make_class()
    write_class(corpus, folder)
    (folder / "truth.json").unlink()
    return folder, corpus


def test_groups_come_before_the_pairs_with_sources_by_short_name(class_folder, capsys):
    folder, corpus = class_folder
    assert main(["check", str(folder), "--quiet", "--workers", "1", "--top", "500", "--no-semantic"]) == 0  # verbatim: faster
    printed = capsys.readouterr().out
    groups_at, table_at = printed.index("6 group(s)"), printed.index("  #  left")
    assert groups_at < table_at
    groups = printed[groups_at:table_at]
    for planted in corpus.groups:
        if planted.source:
            number = planted.source.split("_")[1]  # student_035_zh_original.txt -> 035
            assert f"source: {number} (" in groups
    assert groups.count("two documents: which one copied cannot be told") == 1
    assert groups.count("several members hold what the others share") == 1
    assert "copy vs copy:" in groups


def test_table_rows_use_short_names_and_never_read_the_same(class_folder, capsys):
    folder, _corpus = class_folder
    main(["check", str(folder), "--quiet", "--workers", "1", "--top", "500", "--no-semantic"])
    printed = capsys.readouterr().out
    table = printed[printed.index("  #  left"):].splitlines()[2:]
    rows = [line.split()[1:3] for line in table if re.match(r" *\d+  \S", line)]
    assert rows and all(len(n) == 3 and n.isdigit() for row in rows for n in row)
    assert len({tuple(r) for r in rows}) == len(rows)
    assert "student_" not in "\n".join(table)
    # copy-vs-copy pairs are counted under their groups, not ranked as findings
    assert "copy-vs-copy pair(s) are counted under their groups above" in printed
