"""The comparing stage's parts in CPU seconds, for this tree and optionally an older one.

    python bench/comparing_stage.py FOLDER [FOLDER ...] [--old TREE] [--runs 2]

Each folder is profiled once per process (one worker), then timed part by part on the main
thread: indexing (the candidate sources), scoring every proposed pair, attribution (every
passage's class), judging (kinds, copied shares, rank), and what a JSON report adds on top:
every document's figures. CPU seconds of this process, so the figures hold on a loaded machine
(the wall seconds beside them do not). `--old TREE`: the same in a process running TREE's
code (a checkout of an older commit), the two taking turns. Prints one Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("indexing", "scoring", "attribution", "judging", "figures")


def measure(folder: str) -> dict:
    """The parts' CPU seconds for one folder, with this process's `core` (whichever tree)."""
    from dataclasses import replace

    from core.academic.classify import attribute
    from core.academic.figures import document_figures
    from core.engine.profile import profile_documents
    from core.evidence import judged
    from core.matching.compare import Corpus, _propose, _score, mark, shared_texts, template_kgrams
    from core.matching.copies import copies, spread
    from core.matching.index import document_frequency_cap
    from core.matching.sources import default_sources
    from core.models import Report
    from core.options import CheckOptions
    from core.pipeline import load_paths, run

    options = CheckOptions(workers=1, semantic=False)
    documents, _ = run(load_paths([folder], options))
    documents = tuple(replace(d, id=i) for i, d in enumerate(documents))
    profiles = run(profile_documents(documents, options))
    texts = tuple(d.text for d in documents)
    cpu: dict[str, float] = {}
    clock = [time.process_time()]

    def lap(name: str) -> None:
        now = time.process_time()
        cpu[name] = round(now - clock[0], 3)
        clock[0] = now

    n = len(profiles)
    corpus = Corpus(list(profiles), options, template_kgrams(profiles, None),
                    document_frequency_cap(n, options.max_share, options.min_common),
                    tuple(d.key for d in documents), texts)
    work, groups = corpus, copies(corpus.profiles, corpus.texts)
    if groups.reduces:
        kept = groups.kept.tolist()
        work = Corpus([corpus.profiles[d] for d in kept], options, corpus.ignored, corpus.cap,
                      tuple(corpus.keys[d] for d in kept), tuple(corpus.texts[d] for d in kept),
                      weights=groups.weights)
    found = run(_propose(work, default_sources(options, None)))
    lap("indexing")
    results = run(_score(work, found))
    if work is not corpus:
        results = spread(results, groups)
    results = mark(corpus, results, shared_texts(corpus))
    lap("scoring")
    pairs = attribute(documents, results, options, None)
    lap("attribution")
    pairs = judged(list(texts), pairs)
    lap("judging")
    report = Report(options=options, documents=documents, simhashes=tuple(p.simhash for p in profiles),
                    pairs=tuple(pairs), errors=(), shared_texts=())
    document_figures(report)
    lap("figures")
    return {"cpu": cpu, "pairs": len(pairs), "load": os.getloadavg()[0]}


def in_process(tree: Path, folder: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, __file__, "--one", folder], env=env, cwd="/",
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--old", type=Path, help="an older tree to time beside this one")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.folders[0])))
        return
    trees = [("this tree", ROOT)] + ([(f"old ({args.old.name})", args.old.resolve())] if args.old else [])
    print("| folder | tree | " + " | ".join(PARTS) + " | comparing (scoring to judging) | pairs | load |")
    print("|---|---|" + "---|" * (len(PARTS) + 3))
    for folder in args.folders:
        for _ in range(args.runs):
            for label, tree in trees:
                got = in_process(tree, str(Path(folder).resolve()))
                cpu = got["cpu"]
                comparing = cpu["scoring"] + cpu["attribution"] + cpu["judging"]
                print(f"| {Path(folder).name} | {label} | " + " | ".join(f"{cpu[p]:.2f}" for p in PARTS)
                      + f" | {comparing:.2f} | {got['pairs']:,} | {got['load']:.1f} |", flush=True)


if __name__ == "__main__":
    main()
