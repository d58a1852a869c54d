"""Hostile saved checks and archives, made from a good one (for tests/hostile and
bench/hostile_rss.py): each function takes the path of a good `.plagscope` file (or archive)
and changes it in place the way an adversary would.

    python tests/data/make_hostile.py OUT_DIR     # writes every hostile check into OUT_DIR
"""

from __future__ import annotations

import shutil
import sqlite3
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "resources" / "samples"


def bomb(inflated: int) -> bytes:
    """A complete zlib stream that inflates to `inflated` zero bytes (a multiple of 64 MiB
    when large), made in milliseconds: one fully flushed deflate piece repeated, then an empty
    final block and the right Adler-32."""
    piece_size = min(inflated, 64 << 20)
    count = max(1, inflated // piece_size)
    z = zlib.compressobj(9)
    head = z.compress(bytes(piece_size)) + z.flush(zlib.Z_FULL_FLUSH)
    body = z.compress(bytes(piece_size)) + z.flush(zlib.Z_FULL_FLUSH)  # no header: repeatable
    total = piece_size * count
    adler = ((total % 65521) << 16) | 1  # Adler-32 of zeros: a stays 1, b counts the bytes
    return head + body * (count - 1) + b"\x03\x00" + struct.pack(">I", adler)


def good_check(path: Path) -> Path:
    """A saved check of four sample essays (two pairs share passages)."""
    from core.options import CheckOptions
    from core.pipeline import check, run
    from core.store.saved import save_check

    names = ["zh_original_网络阅读.txt", "zh_light_edit_gbk.txt", "en_original_homework.txt", "en_reordered.txt"]
    report = run(check([SAMPLES / n for n in names], CheckOptions(workers=1, semantic=False)))
    return save_check(path, report)


def _edit(path: Path, *statements: str, params: tuple = ()) -> Path:
    conn = sqlite3.connect(path)
    try:
        for s in statements:
            conn.execute(s, params) if params and "?" in s else conn.execute(s)
        conn.commit()
        conn.execute("PRAGMA journal_mode = DELETE")
    finally:
        conn.close()
    return path


def text_bomb(path: Path, inflated: int = 3 << 30) -> Path:
    """The first document's text: a zlib stream of `inflated` bytes (3 GB by default)."""
    return _edit(path, "UPDATE documents SET text = ? WHERE id = (SELECT MIN(id) FROM documents)",
                 params=(bomb(inflated),))


def bad_zlib(path: Path) -> Path:
    return _edit(path, "UPDATE documents SET text = ? WHERE id = (SELECT MIN(id) FROM documents)",
                 params=(b"this is not a zlib stream",))


def bad_utf8(path: Path) -> Path:
    raw = b"caf\xc3 \xff\xfe not UTF-8"
    return _edit(path, f"UPDATE documents SET chars = {len(raw)}, text = ? "
                       "WHERE id = (SELECT MIN(id) FROM documents)", params=(zlib.compress(raw),))


def deep_json(path: Path, depth: int = 200_000) -> Path:
    return _edit(path, "UPDATE check_pairs SET data = ? WHERE position = 0",
                 params=("[" * depth + "]" * depth,))


def version_abc(path: Path) -> Path:
    return _edit(path, "UPDATE schema_version SET version = 'abc'")


def negative_spans(path: Path) -> Path:
    import json

    conn = sqlite3.connect(path)
    data = json.loads(conn.execute("SELECT data FROM check_pairs WHERE position = 0").fetchone()[0])
    conn.close()
    data["matches"][0]["left"] = [-50, -10]
    return _edit(path, "UPDATE check_pairs SET data = ? WHERE position = 0", params=(json.dumps(data),))


def pair_to_9999(path: Path) -> Path:
    import json

    conn = sqlite3.connect(path)
    data = json.loads(conn.execute("SELECT data FROM check_pairs WHERE position = 0").fetchone()[0])
    conn.close()
    data["right"] = 9999
    return _edit(path, "UPDATE check_pairs SET data = ? WHERE position = 0", params=(json.dumps(data),))


def endless_view(path: Path) -> Path:
    """check_pairs replaced by a view over a recursive CTE that never ends (and never grows)."""
    return _edit(path, "DROP TABLE check_pairs",
                 "CREATE VIEW check_pairs AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL "
                 "SELECT x + 1 FROM c) SELECT x AS position, '{}' AS data FROM c WHERE x < 0")


def renaming_trigger(path: Path) -> Path:
    """An older check (schema 4) whose migration on open would fire a trigger renaming every
    document."""
    return _edit(path, "DROP TABLE semantic_vectors", "UPDATE schema_version SET version = 4",
                 "CREATE TRIGGER rename AFTER INSERT ON schema_version BEGIN "
                 "UPDATE check_documents SET name = 'renamed-by-trigger.txt'; END")


def older_schema(path: Path) -> Path:
    """A good check of schema version 4 (before the semantic layer's table)."""
    return _edit(path, "DROP TABLE semantic_vectors", "UPDATE schema_version SET version = 4")


#: name -> (how to make it, what the one-line message must say)
HOSTILE_CHECKS = {
    "text_bomb": (text_bomb, "inflates past"),
    "bad_zlib": (bad_zlib, "not a valid zlib stream"),
    "bad_utf8": (bad_utf8, "not UTF-8"),
    "deep_json": (deep_json, "nested too deeply"),
    "version_abc": (version_abc, "schema version 'abc'"),
    "negative_spans": (negative_spans, "outside its document"),
    "pair_to_9999": (pair_to_9999, "9999"),
    "endless_view": (endless_view, "view 'check_pairs'"),
    "renaming_trigger": (renaming_trigger, "trigger 'rename'"),
}


def write_all(folder: Path) -> dict[str, Path]:
    """A good check and every hostile one in `folder`, by name."""
    folder.mkdir(parents=True, exist_ok=True)
    good = good_check(folder / "good.plagscope")
    out = {"good": good}
    for name, (make, _) in HOSTILE_CHECKS.items():
        target = folder / f"{name}.plagscope"
        shutil.copyfile(good, target)
        out[name] = make(target)
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    for name, path in write_all(Path(sys.argv[1])).items():
        print(name, path)
