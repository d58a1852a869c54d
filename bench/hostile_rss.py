"""Peak memory of `plagscope check` on a folder of hostile inputs; prints one table.

    python bench/hostile_rss.py

Builds the submissions folder of tests/data/make_fixtures.py (every bad input, a 20 MB .txt,
zip bombs, looping PDFs, a symlink loop, two good essays) and runs `plagscope check` on it in
a child process, next to a run on the two good essays alone, reading each child's peak RSS.
The zip bombs must not inflate: the hostile run may only cost a fixed amount more.
"""

from __future__ import annotations

import importlib.util
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOUND_MB = 400  # the fixed bound the hostile run must stay under


def fixtures():
    spec = importlib.util.spec_from_file_location("make_fixtures", ROOT / "tests/data/make_fixtures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_check(paths: list[Path]) -> tuple[float, float, int]:
    """(peak RSS in MB, seconds, exit status) of one `plagscope check` child process."""
    code = "import sys; from core.cli import main; sys.exit(main(sys.argv[1:]))"
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code, "check", *map(str, paths), "--quiet",
                           "--workers", "1", "--top", "0"], cwd=ROOT, capture_output=True)
    seconds = time.perf_counter() - start
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return peak_kb / 1024, seconds, proc.returncode


def main() -> None:
    mf = fixtures()
    with tempfile.TemporaryDirectory() as tmp:
        folder = mf.make_hostile_folder(Path(tmp))
        files = sorted(p.name for p in folder.iterdir())
        good = [folder / "essay_a.txt", folder / "essay_b.txt"]
        # RUSAGE_CHILDREN keeps the maximum over all children so far: run the small job first
        good_mb, good_s, good_rc = run_check(good)
        bad_mb, bad_s, bad_rc = run_check([folder])
    print(f"hostile folder: {len(files)} entries (bad inputs, 20 MB txt, zip bombs, loops)")
    print(f"{'run':28} {'peak RSS MB':>11} {'seconds':>8} {'exit':>5}")
    print(f"{'two good essays':28} {good_mb:11.0f} {good_s:8.2f} {good_rc:>5}")
    print(f"{'hostile folder + the two':28} {bad_mb:11.0f} {bad_s:8.2f} {bad_rc:>5}")
    verdict = "within" if bad_mb <= BOUND_MB and bad_rc == 0 else "OVER"
    print(f"bound {BOUND_MB} MB: {verdict}")


if __name__ == "__main__":
    main()
