"""Every `# noqa` names its rules and says why: `# noqa: BLE001 (the reason)`."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("core", "gui", "tests", "bench", "resources", "packaging", ".ci")
NOQA = re.compile(r"#\s*noqa\b(?P<rest>.*)$")
WITH_REASON = re.compile(r"^:\s*[A-Z]+[0-9]+(\s*,\s*[A-Z]+[0-9]+)*\s+\(.+\)\s*$")


def unexplained(line: str) -> bool:
    """True when `line` has a noqa without codes or without a reason after them."""
    found = NOQA.search(line)
    return found is not None and not WITH_REASON.match(found.group("rest"))


def test_the_checker_tells_a_reason_from_none():
    assert unexplained("x = 1  # noqa")
    assert unexplained("x = 1  # noqa: BLE001")
    assert unexplained("x = 1  # noqa: BLE001, S110")
    assert not unexplained("x = 1  # noqa: BLE001, S110 (the layout is a hint)")
    assert not unexplained("x = 1  # a comment")


def test_every_noqa_in_the_repository_says_why():
    bad = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "__pycache__" in path.parts or path == Path(__file__).resolve():  # its examples
                continue
            if path.is_relative_to(ROOT / "bench" / "out"):  # the benches' output (the peers' venv)
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if unexplained(line):
                    bad.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert bad == []
