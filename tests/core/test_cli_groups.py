"""`plagscope check` prints the groups before the pairs, by distinguishing short names."""

import random
import re

import pytest
from make_class import make_class, write_class

from core.cli import main
from core.cli.common import width
from core.cli.groups import LINE, _wrapped


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


def test_lists_wrap_at_the_line_width_in_terminal_columns_and_keep_every_item_in_order():
    rng = random.Random(5)
    alphabet = ["a", "Z", "7", "_", "名", "學", "é", "e\u0301", "\u200b"]  # wide, narrow, combining, zero-width
    for _ in range(300):
        prefix = rng.choice(["    members:", "    pairs (171):", "    source vs copies (3):", "x:"])
        items = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, rng.choice([8, 30, 120]))))
                 for _ in range(rng.randint(0, 40))]
        lines = _wrapped(prefix, items)
        assert lines[0].startswith(prefix)
        indent = " " * width(prefix)
        for at, line in enumerate(lines):
            if at:
                assert line.startswith(indent) and line[len(indent):][:1] not in ("", " ")
            # a line goes past LINE only when it holds one item that alone does
            if width(line) > LINE:
                head = prefix if at == 0 else indent
                assert " " not in line[len(head) + 1:] or len(items) == 0
        taken = [part for at, line in enumerate(lines) for part in
                 (line[len(prefix):] if at == 0 else line).split(" ") if part]
        assert taken == [piece for item in items for piece in item.split(" ") if piece]
        for at in range(len(lines) - 1):  # each break was needed: the next item did not fit
            nxt = lines[at + 1].lstrip(" ").split(" ")[0]
            assert width(lines[at]) + 1 + width(nxt) > LINE
