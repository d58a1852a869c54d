"""The same input gives the same fingerprints in every process, whatever PYTHONHASHSEED is."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
import json
from core.options import CheckOptions
from core.engine.profile import profile
text = "网络改变了青少年的阅读习惯。Homework should not be abolished, because practice builds skill. 碎片化阅读带来了信息，却削弱了专注。" * 4
p = profile(text, CheckOptions())
print(json.dumps({"simhash": p.simhash, "fps": [int(h) for h in p.fp_hashes],
                  "units": [int(h) for h in p.units.hashes]}))
"""


def fingerprints_with_seed(seed: str) -> dict:
    env = dict(os.environ, PYTHONHASHSEED=seed)
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)


def test_fingerprints_identical_across_processes():
    a, b = fingerprints_with_seed("1"), fingerprints_with_seed("12345")
    assert a == b
    assert a["simhash"] != 0 and len(a["fps"]) > 5
