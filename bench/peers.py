"""The peer tools, in a virtual environment of their own, timed on the same documents.

    python bench/peers.py setup        # create bench/out/venv-peers and pip-install the peers

The peers are never project dependencies: on first use `ensure()` creates the venv under
bench/out/ (git-ignored) with the interpreter running this file and installs them from PyPI
with pip, at the versions below (numpy pinned to the project's, so both sides measure the
same numpy). `call(task, payload)` runs one measurement in that venv (`python peers.py
worker`, JSON in on stdin, JSON out on stdout); the worker never imports Plagscope.

Peer recipes, each at its default settings:
- `winnowing` 0.2.1: `winnow(text)` (k=5 characters, sha1, pure Python).
- copydetect 0.5.0: `CodeFingerprint` on the text with filter=False (its code filter turns
  a .txt file into an empty string, so filtering must be off for plain text;
  noise_t = guarantee_t = 25 characters, so window 1: every k-gram is kept, nothing is
  winnowed), also with window 10 (guarantee_t 34: its robust winnowing, which this wheel
  runs in pure Python), and `CopyDetector` for all pairs, a pair reported when either side's
  similarity exceeds display_t = 0.33.
- `simhash` 2.1.2: `Simhash(text)` (character 4-grams of \\w runs) and `SimhashIndex` (k=3).
- the seed recipe: jieba `analyse.extract_tags(topK=20, withWeight=True)` and a per-bit
  Python loop over md5 feature hashes, Hamming <= 3.
- datasketch: `MinHash(num_perm=128).update_batch` over 5-shingles (characters for zh,
  words for en) and `MinHashLSH` at its default threshold 0.9.
- floors: `jieba.lcut` alone (HMM off, as Plagscope segments), xxhash `xxh64` and
  `hashlib.blake2b` over the UTF-8 bytes.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / "bench" / "out" / "venv-peers"


def requirements() -> list[str]:
    """The peers at the versions the tables name; numpy as in the project's environment."""
    import numpy

    return ["winnowing==0.2.1", "copydetect==0.5.0", "simhash==2.1.2", "datasketch==2.0.0",
            "jieba==0.42.1", "xxhash==4.1.0", f"numpy=={numpy.__version__}"]


def python() -> Path:
    return VENV / "bin" / "python"


def ensure(quiet: bool = False) -> Path:
    """The peers' interpreter, creating the venv and installing the peers on first use."""
    stamp = VENV / "peers.json"
    wanted = requirements()
    if stamp.exists() and python().exists():
        try:
            if json.loads(stamp.read_text()) == wanted:
                return python()
        except ValueError:
            pass
    if not quiet:
        print(f"setting up the peers in {VENV} (pip, once) ...", file=sys.stderr)
    venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    subprocess.run([str(python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    *wanted], check=True)
    stamp.write_text(json.dumps(wanted))
    return python()


def call(task: str, payload: dict, timeout: float | None = None) -> dict:
    """Run one worker task in the peers' venv; raises subprocess.TimeoutExpired on timeout."""
    proc = subprocess.run([str(ensure()), str(Path(__file__).resolve()), "worker"],  # noqa: PLW1510 (the return code is read below)
                          input=json.dumps({"task": task, **payload}), capture_output=True,
                          text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"peers worker {task} failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


# ---- everything below runs inside the peers' venv ----------------------------------------

def _texts(folder: str, limit: int | None = None) -> list[tuple[str, str]]:
    paths = sorted(Path(folder).glob("*.txt"))[:limit]
    return [(p.name, p.read_bytes().decode("utf-8")) for p in paths]


def _jieba():
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba


def _seed_simhash(text: str) -> int:
    """The seed recipe: top-20 TF-IDF keywords, md5 feature hashes, a per-bit Python loop."""
    import hashlib

    import jieba.analyse

    votes = [0.0] * 64
    for word, weight in jieba.analyse.extract_tags(text, topK=20, withWeight=True):
        h = int.from_bytes(hashlib.md5(word.encode("utf-8")).digest()[:8], "little")
        for bit in range(64):
            votes[bit] += weight if (h >> bit) & 1 else -weight
    return sum(1 << bit for bit in range(64) if votes[bit] > 0)


def _shingles(text: str, lang: str) -> list[bytes]:
    import re

    if lang == "zh":
        chars = "".join(re.findall(r"\w", text.lower()))
        return [chars[i:i + 5].encode("utf-8") for i in range(max(1, len(chars) - 4))]
    words = re.findall(r"\w+", text.lower())
    return [" ".join(words[i:i + 5]).encode("utf-8") for i in range(max(1, len(words) - 4))]


def _minhash(text: str, lang: str):
    from datasketch import MinHash

    m = MinHash(num_perm=128)
    m.update_batch(_shingles(text, lang))
    return m


def _copydetect_fingerprint(name: str, text: str, window: int):
    import io

    from copydetect import CodeFingerprint

    # filter=False: its code filter reduces a .txt file to an empty string (TextLexer tokens
    # all count as white space), so copydetect would compare nothing
    return CodeFingerprint(name, 25, window, filter=False, fp=io.StringIO(text))


def _recipes(lang: str) -> dict:
    """Per-document functions of each peer, by the row names of the fingerprinting table."""
    import hashlib

    import xxhash
    from simhash import Simhash
    from winnowing import winnow

    jieba = _jieba()
    return {
        "winnowing": lambda name, text: winnow(text),
        "copydetect": lambda name, text: _copydetect_fingerprint(name, text, 1),
        "copydetect w=10": lambda name, text: _copydetect_fingerprint(name, text, 10),
        "simhash": lambda name, text: Simhash(text).value,
        "seed recipe": lambda name, text: _seed_simhash(text),
        "datasketch": lambda name, text: _minhash(text, lang),
        "jieba lcut": lambda name, text: jieba.lcut(text, HMM=False),
        "xxh64": lambda name, text: xxhash.xxh64_intdigest(text.encode("utf-8")),
        "blake2b": lambda name, text: hashlib.blake2b(text.encode("utf-8")).digest(),
    }


def task_fingerprint(p: dict) -> dict:
    """Seconds of each peer over all documents, `runs` times (a warm-up document first)."""
    import logging

    logging.disable(logging.WARNING)  # copydetect warns once per plain-text file
    docs = _texts(p["folder"], p.get("limit"))
    recipes = _recipes(p["lang"])
    out = {}
    for tool in p["tools"]:
        f = recipes[tool]
        f(*docs[0])
        times = []
        for _ in range(p["runs"]):
            start = time.perf_counter()
            for name, text in docs:
                f(name, text)
            times.append(time.perf_counter() - start)
        out[tool] = times
    return out


def task_simhash_index(p: dict) -> dict:
    """Build SimhashIndex over the fingerprints, query each of `queries`; times and results."""
    import logging

    from simhash import Simhash, SimhashIndex

    logging.getLogger("simhash").setLevel(logging.ERROR)
    fps = [int(x, 16) for x in p["fps"]]
    queries = [int(x, 16) for x in p["queries"]]
    builds, lookups, result = [], [], None
    for _ in range(p["runs"]):
        start = time.perf_counter()
        index = SimhashIndex([(str(i), Simhash(v)) for i, v in enumerate(fps)], k=p["k"])
        builds.append(time.perf_counter() - start)
        objects = [Simhash(v) for v in queries]
        start = time.perf_counter()
        found = [index.get_near_dups(q) for q in objects]
        lookups.append(time.perf_counter() - start)
        result = [sorted(int(i) for i in ids) for ids in found]
    return {"build": builds, "query": lookups, "result": result}


def peak_rss() -> int:
    """This process's peak RSS in bytes (VmHWM). Not getrusage's ru_maxrss: Linux carries that
    over exec from the parent, so a child of a large benchmark process would report its size."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return 0


def task_copydetect_allpairs(p: dict) -> dict:
    """copydetect's own all-pairs run over the folder; pairs above display_t (either side)."""
    import logging

    import numpy as np
    from copydetect import CopyDetector

    logging.disable(logging.WARNING)
    start, cpu = time.perf_counter(), time.process_time()
    detector = CopyDetector(test_dirs=[p["folder"]], ref_dirs=[p["folder"]], extensions=["txt"],
                            disable_filtering=True, silent=True, autoopen=False)
    detector.run()
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    names = [Path(f).name for f in detector.test_files]
    sims = detector.similarity_matrix[:, :, 0]
    x, y = np.nonzero(sims > detector.conf.display_t)
    pairs = sorted({tuple(sorted((names[i], names[j]))) for i, j in zip(x.tolist(), y.tolist())})
    return {"wall": wall, "cpu": cpu, "rss": peak_rss(), "pairs": [list(q) for q in pairs]}


def task_near_pairs(p: dict) -> dict:
    """Pairs each whole-document recipe reports at its defaults: simhash and the seed recipe
    (Hamming <= 3 through SimhashIndex), datasketch MinHashLSH (threshold 0.9)."""
    import logging

    from datasketch import MinHashLSH
    from simhash import Simhash, SimhashIndex

    logging.getLogger("simhash").setLevel(logging.ERROR)
    docs = _texts(p["folder"])
    _jieba()
    out = {}
    for tool, value in (("simhash", lambda t: Simhash(t)),
                        ("seed recipe", lambda t: Simhash(_seed_simhash(t)))):
        hashes = [value(text) for _, text in docs]
        index = SimhashIndex([(str(i), h) for i, h in enumerate(hashes)], k=3)
        found = set()
        for i, h in enumerate(hashes):
            for j in index.get_near_dups(h):
                if int(j) != i:
                    found.add(tuple(sorted((docs[i][0], docs[int(j)][0]))))
        out[tool] = sorted(found)
    lsh = MinHashLSH(num_perm=128)
    hashes = [_minhash(text, p["lang"]) for _, text in docs]
    for i, m in enumerate(hashes):
        lsh.insert(str(i), m)
    found = set()
    for i, m in enumerate(hashes):
        for j in lsh.query(m):
            if int(j) != i:
                found.add(tuple(sorted((docs[i][0], docs[int(j)][0]))))
    out["datasketch"] = sorted(found)
    return {tool: [list(q) for q in pairs] for tool, pairs in out.items()}


def worker() -> None:
    payload = json.loads(sys.stdin.read())
    task = globals()[f"task_{payload['task']}"]
    print(json.dumps(task(payload)))


def task_versions(p: dict) -> dict:
    """Installed versions of the peers."""
    from importlib.metadata import version

    return {name: version(name) for name in
            ("winnowing", "copydetect", "simhash", "datasketch", "jieba", "xxhash", "numpy")}


def main() -> None:
    if sys.argv[1:] == ["worker"]:
        worker()
    elif sys.argv[1:] == ["setup"]:
        print(ensure())
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
