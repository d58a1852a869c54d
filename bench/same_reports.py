"""Whether this tree writes the same JSON reports as another, byte for byte, folder by folder.

    python bench/same_reports.py --old TREE FOLDER [FOLDER ...] [--args "--exclude-quotes ..."]

TREE is a checkout of another commit (e.g. `git worktree add /tmp/old <commit>`). Each folder
is checked by `plagscope check FOLDER --json` in a process of its own under each tree (the
other tree's code on PYTHONPATH, this interpreter and its packages), once plainly and once
per `--args` string; the reports are compared byte for byte. Prints one line per check and
exits 1 when any differs. A speed change that keeps every figure passes this on the samples,
the academic corpus (tests/data/make_academic.py), Clough-Stevenson and the bench corpora.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def report(tree: Path, folder: Path, extra: list[str], out: Path) -> tuple[bytes, str]:
    """The JSON report of `folder` under `tree` and what the check printed to stderr."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out.unlink(missing_ok=True)
    done = subprocess.run([sys.executable, "-m", "core.cli", "check", str(folder), "--quiet",
                           "--json", str(out), *extra], env=env, cwd=tempfile.gettempdir(),
                          capture_output=True, text=True, check=False)
    return (out.read_bytes() if out.exists() else b""), f"exit {done.returncode} {done.stderr[-300:]}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--old", type=Path, required=True, help="a checkout of the other tree")
    parser.add_argument("--args", action="append", default=[],
                        help="check options to run each folder with too (one string per run)")
    args = parser.parse_args()
    runs = [[]] + [shlex.split(a) for a in args.args]
    differs = 0
    with tempfile.TemporaryDirectory() as tmp:
        for folder in args.folders:
            for extra in runs:
                old, old_log = report(args.old.resolve(), folder.resolve(), extra, Path(tmp) / "old.json")
                new, new_log = report(ROOT, folder.resolve(), extra, Path(tmp) / "new.json")
                same = bool(old) and old == new
                differs += not same
                label = " ".join([str(folder), *extra])
                digest = hashlib.sha256(new).hexdigest()[:12]
                print(f"{'same' if same else 'DIFFERS'}  {label}  ({len(new):,} bytes, {digest})"
                      + ("" if same else f"\n  old: {old_log}\n  new: {new_log}"), flush=True)
    return 1 if differs else 0


if __name__ == "__main__":
    sys.exit(main())
