"""Every code example in the README and docs/ runs as written.

A fenced block is an example when its language is `sh` or `python` (a `text` block is a
synopsis or output and is not run). An `sh` block runs in bash (`set -euo pipefail`) with the
project's `plagscope` on PATH, in an empty folder that holds `resources/` (so the bundled
samples are where the docs say), with a private data directory and archive. A `python` block
runs in a fresh interpreter in the same kind of folder. Words after the language in the
fence's info string: `slow` marks the example slow, `exit=N` expects that exit status.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUN = ("sh", "python")
NOT_RUN = ("text", "json", "csv", "toml", "ini")
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```[ \t]*$", re.DOTALL | re.MULTILINE)


@dataclass(frozen=True)
class Block:
    path: Path
    line: int
    language: str
    flags: tuple[str, ...]
    code: str

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"

    def expected_status(self) -> int:
        for flag in self.flags:
            if flag.startswith("exit="):
                return int(flag.split("=", 1)[1])
        return 0


def markdown_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def blocks(path: Path) -> list[Block]:
    text = path.read_text(encoding="utf-8")
    found = []
    for m in FENCE.finditer(text):
        language, *flags = m.group(1).split() or [""]
        line = text.count("\n", 0, m.start()) + 1
        found.append(Block(path, line, language, tuple(flags), m.group(2)))
    return found


ALL = [b for path in markdown_files() for b in blocks(path)]
EXAMPLES = [b for b in ALL if b.language in RUN]


def _params() -> list:
    return [pytest.param(b, id=b.name, marks=[pytest.mark.slow] if "slow" in b.flags else [])
            for b in EXAMPLES]


@pytest.fixture
def workdir(tmp_path) -> Path:
    (tmp_path / "resources").symlink_to(ROOT / "resources", target_is_directory=True)
    return tmp_path


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["HOME"] = str(tmp_path / "home")
    env["PLAGSCOPE_DATA_DIR"] = str(tmp_path / "data")
    env["PYTHONPATH"] = str(ROOT)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env.pop("PLAGSCOPE_DB", None)
    return env


def test_every_code_block_is_an_example_or_plain_text():
    """A shell or Python block that is not run would be an example nobody checks."""
    unknown = [f"{b.name} ({b.language!r})" for b in ALL
               if b.language not in RUN and b.language not in NOT_RUN]
    assert not unknown, "fences need a language: sh/python (run) or text/json (not run): " + \
        ", ".join(unknown)
    assert len(EXAMPLES) >= 10, "the docs lost their examples"


@pytest.mark.parametrize("block", _params())
def test_example_runs(block: Block, workdir: Path):
    (workdir / "home").mkdir()
    if block.language == "sh":
        command = ["bash", "-c", "set -euo pipefail\n" + block.code]
    else:
        command = [sys.executable, "-c", block.code]
    done = subprocess.run(command, cwd=workdir, env=_env(workdir), capture_output=True,  # noqa: PLW1510 (the return code is asserted below)
                          text=True, timeout=600)
    assert done.returncode == block.expected_status(), (
        f"{block.name} exited {done.returncode}\n--- code\n{block.code}\n"
        f"--- stdout\n{done.stdout[-3000:]}\n--- stderr\n{done.stderr[-3000:]}")


# ----- the README's two commands -------------------------------------------------------------

def _readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_test_command_is_the_one_ci_runs():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".venv/bin/python -m pytest -q" in _readme()
    assert re.search(r"^\.venv/bin/python -m pytest -q$", ci, re.MULTILINE)


@pytest.mark.slow
def test_the_readme_install_command_checks_the_samples(workdir: Path):
    """The install command's last steps (after apt-get, venv and pip) run as written, with the
    project's environment standing in for `.venv`."""
    install = next(line.strip() for line in _readme().splitlines()
                   if "apt-get install" in line and "pip install" in line)
    steps = [s.strip() for s in install.split("&&")]
    runs = [s for s in steps if s.startswith(".venv/bin/plagscope ")]
    assert runs, install
    for step in runs:
        command = step.replace(".venv/bin/", "", 1)
        done = subprocess.run(["bash", "-c", command], cwd=workdir, env=_env(workdir),  # noqa: PLW1510 (the return code is asserted below)
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, (command, done.stderr[-3000:])
    for flag in re.findall(r"--(?:html|json|csv|pdf) (\S+)", " ".join(runs)):
        assert (workdir / flag).stat().st_size > 0, flag
