"""core.messages: every code has English and Chinese words with the same placeholders."""

import re
import string
from pathlib import Path

from core import messages
from core.models import FileError

ROOT = Path(__file__).resolve().parents[2]


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_code_reads_in_both_languages_with_the_same_values():
    for code, entry in messages.MESSAGES.items():
        assert set(entry) == {"en", "zh"}, code
        assert re.search(r"[\u4e00-\u9fff]", entry["zh"]), code
        assert _fields(entry["en"]) == _fields(entry["zh"]), code


def test_stages_are_codes():
    for stage in messages.STAGES:
        assert messages.text(stage, "en") != messages.text(stage, "zh") != stage
        assert messages.text("stage." + stage, "zh") == messages.text(stage, "zh")


def test_every_code_the_loaders_use_exists():
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "core" / "loaders").glob("*.py"))
    used = set(re.findall(r'"((?:file|path|folder|convert|txt|docx|pdf|template)\.[a-z_]+)"', source))
    assert used and used <= set(messages.MESSAGES), used - set(messages.MESSAGES)


def test_text_never_raises():
    assert messages.text("file.too_big", "zh") == "大小为 {size}，超过 {limit} 的上限（可在选项中修改）"
    assert messages.text("file.empty", "fr") == "is empty"
    assert messages.text("file.empty", "zh_CN") == "是空文件"
    assert messages.text("folder.unopenable", "zh", cause="file.permission") == "无法打开文件夹：没有读取权限"


def test_file_errors_from_old_reports_still_read():
    old = FileError("/a.txt", "is empty")
    assert old.text("zh") == "is empty" and old.code == ""
    new = FileError.of("/a.txt", "file.empty")
    assert new.message == "is empty" and new.text("zh") == "是空文件"
    assert hash(new) == hash(FileError.of("/a.txt", "file.empty"))
