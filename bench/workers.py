"""Where worker processes pay off: the same check with one process and with the pool, side by side.

    python bench/workers.py [--docs 200 1000 3000 10000] [--lang zh] [--runs 2] [--folder DIR ...]

For each class size, `bench/run_check.py` (a fresh process per run) checks the corpus with
`--workers 1` and with `--workers` every core (the pool, whatever the threshold says), alternating, and prints the median wall time
and the stages where the pool works (loading, fingerprinting) beside the whole check. The
pool's threshold in core (`core.engine.profile.PARALLEL_CHARS`) is set from this table
(bench/README, docs/decisions/022). `--folder` measures those folders instead (a class with
many pairs: the comparing stage's column shows where scoring pairs in a forked worker pays,
`core.matching.compare.PARALLEL_PAIRS`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from corpus import SHARED, cached


def run(folder: Path, workers: int | None) -> dict:
    args = [sys.executable, str(ROOT / "bench" / "run_check.py"), str(folder)]
    if workers:
        args += ["--workers", str(workers)]
    out = subprocess.run(args, capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--docs", type=int, nargs="+", default=[200, 1000, 3000, 10000])
    parser.add_argument("--lang", choices=("zh", "en"), default="zh")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--shared", type=Path, default=SHARED, help="the shared corpora (bench/corpus.py)")
    parser.add_argument("--folder", type=Path, action="append", default=[], help="measure this folder (repeatable)")
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores")
    print("| essays | chars | pairs | workers=1 s | pool s | pool/1 | fingerprinting 1 / pool s | comparing 1 / pool s "
          "| loading 1 / pool s | CPU s 1 / pool (with its workers) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    folders = args.folder or [cached(args.lang, docs, shared=args.shared) for docs in args.docs]
    for folder in folders:
        docs = sum(1 for _ in folder.rglob("*.txt"))
        chars = sum(len(p.read_text(encoding="utf-8")) for p in folder.rglob("*.txt"))
        one, pool = [], []
        for _ in range(args.runs):
            one.append(run(folder, 1))
            pool.append(run(folder, os.cpu_count() or 2))

        def med(runs, key=None):
            return statistics.median(r["stages"].get(key, 0.0) if key else r["wall"] for r in runs)

        def cpu(runs):
            return statistics.median(r["cpu"] + r.get("workers_cpu", 0.0) for r in runs)

        print(f"| {docs:,} | {chars:,} | {one[0]['pairs']:,} | {med(one):.2f} | {med(pool):.2f} | "
              f"{med(pool) / med(one):.2f} | "
              f"{med(one, 'fingerprinting'):.2f} / {med(pool, 'fingerprinting'):.2f} | "
              f"{med(one, 'comparing'):.2f} / {med(pool, 'comparing'):.2f} | "
              f"{med(one, 'loading'):.2f} / {med(pool, 'loading'):.2f} | {cpu(one):.2f} / {cpu(pool):.2f} |", flush=True)


if __name__ == "__main__":
    main()
