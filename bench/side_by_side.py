"""The speed targets in one run: Plagscope against copydetect on the same folders, the growth
from 1,000 to 10,000 essays, and start-up; optionally an older tree of Plagscope beside it.

    python bench/side_by_side.py --news-raw RAW [RAW ...] [--old DIR] [--runs 1]

Rows (each tool in a fresh process, taking turns on each folder so a change in the machine's
load hits them alike): all pairs of 1,000 Chinese and 1,000 English essays (corpus.py), 1,000
Chinese news reports whose stock phrases thousands of pairs share (news.py), 10,000 Chinese
essays (Plagscope only: copydetect's time grows with N^2; the growth exponent is
log(t10000 / t1000) / log 10), and the seconds from launch to the window shown (startup.py).
`--old DIR`: the same Plagscope runs with the code of DIR, measured by this tree's bench/run_check.py (a worktree of an older
commit), so before and after are measured under the same load. Prints one Markdown table,
with CPU seconds beside the wall seconds (the check's, every thread and its worker processes; and
the whole process's, imports included) and the ratio to copydetect in both (copydetect runs on one thread).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import corpus
import news
import peers
import startup

STAGES = ("loading", "fingerprinting", "indexing", "comparing")


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def plagscope(tree: Path, folder: Path) -> dict:
    """One check of `folder` by the Plagscope in `tree`, measured by this tree's
    bench/run_check.py (so an older tree is measured the same way)."""
    env = {**os.environ, "PLAGSCOPE_BENCH_TREE": str(tree)}
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "run_check.py"), str(folder)],
                         cwd=tree, env=env, capture_output=True, text=True, check=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    result["load"] = load()
    return result


def copydetect(folder: Path) -> dict:
    result = peers.call("copydetect_allpairs", {"folder": str(folder)})
    result["load"] = load()
    return result


def check_cpu(r: dict) -> float:
    """CPU seconds of the check: its process's and its worker processes'."""
    return r["cpu"] + r.get("workers_cpu", 0.0)


def cpu(r: dict) -> str:
    """CPU seconds of the check (with its workers) and of its whole process."""
    return f"{check_cpu(r):.2f}; {r['process_cpu']:.2f}"


def by_cpu(copydetect_cpu: float, r: dict) -> str:
    """"; Nx": copydetect's CPU seconds over the check's."""
    return f"; {copydetect_cpu / check_cpu(r):.1f}x"


def stages(r: dict) -> str:
    return " / ".join(f"{r['stages'].get(s, 0):.1f}" for s in STAGES)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--news-raw", type=Path, nargs="+", required=True)
    parser.add_argument("--old", type=Path, help="an older Plagscope tree to run beside this one")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--skip-10k", action="store_true")
    parser.add_argument("--sets", nargs="+", default=["zh", "news-zh", "en"],
                        choices=["zh", "news-zh", "en"], help="the 1,000-document sets, in this order")
    args = parser.parse_args()
    peers.ensure()
    trees = [("Plagscope", ROOT)] + ([(f"Plagscope {args.old.name}", args.old)] if args.old else [])
    every = {"zh": lambda: corpus.cached("zh", 1000) / "docs", "en": lambda: corpus.cached("en", 1000) / "docs",
             "news-zh": lambda: news.cached(args.news_raw, 1000)}
    folders = [(name, every[name]()) for name in args.sets]
    head = ("| set | documents | tool | wall s | CPU s (check with its workers; whole process) | load / fingerprint / index / compare s | "
            "pairs (with passages) | x copydetect (wall; CPU) | load average |")
    rows = [head, "|---|---|---|---|---|---|---|---|---|"]
    walls: dict[tuple[str, str], float] = {}
    for name, folder in folders:
        results: dict[str, list[dict]] = {}
        for _ in range(args.runs):  # the tools take turns
            for label, tree in trees:
                results.setdefault(label, []).append(plagscope(tree, folder))
            results.setdefault("copydetect", []).append(copydetect(folder))
        cd = statistics.median(r["wall"] for r in results["copydetect"])
        cd_cpu = statistics.median(r.get("cpu", math.nan) for r in results["copydetect"])
        for label, _ in trees:
            rs = sorted(results[label], key=lambda r: r["wall"])
            mid = rs[len(rs) // 2]
            walls[(label, name)] = mid["wall"]
            rows.append(f"| {name} | 1,000 | {label} | {mid['wall']:.2f} | {cpu(mid)} | {stages(mid)} | "
                        f"{mid['pairs']:,} ({mid['with_passage']:,}) | {cd / mid['wall']:.1f}x{by_cpu(cd_cpu, mid)} | "
                        f"{mid['load']} |")
        c = results["copydetect"][-1]
        rows.append(f"| {name} | 1,000 | copydetect | {cd:.1f} | {cd_cpu:.1f} | | {len(c['pairs']):,} | 1x | {c['load']} |")
        print("\n".join(rows[-len(trees) - 1:]), flush=True)
    if not args.skip_10k and "zh" in args.sets:
        folder = corpus.cached("zh", 10000) / "docs"
        for label, tree in trees:
            r = plagscope(tree, folder)
            exponent = math.log(r["wall"] / walls[(label, "zh")]) / math.log(10)
            share = r["stages"].get("comparing", 0) / r["wall"]
            rows.append(f"| zh | 10,000 | {label} | {r['wall']:.2f} | {cpu(r)} | {stages(r)} | "
                        f"{r['pairs']:,} ({r['with_passage']:,}) | growth exponent from 1,000: "
                        f"{exponent:.2f}; comparing {share:.0%} of the check | {r['load']} |")
            print(rows[-1], flush=True)
    s = startup.measure(5)
    rows.append(f"| start-up | | Plagscope | {s['median']:.3f} (window shown after launch) | | "
                f"{s['min']:.3f}-{s['max']:.3f} | heavy modules by then: {', '.join(s['heavy']) or 'none'} | | {load()} |")
    print("\n" + "\n".join(rows))


if __name__ == "__main__":
    main()
