"""Regenerate en_idf.tsv.gz: -ln(frequency) of the 40,000 commonest English words (wordfreq).

Run by hand (pip install wordfreq); the output is committed so the app needs no wordfreq.
Frequencies stand in for document frequencies: an IDF that depends only on the word, never on
which other documents happen to be loaded, keeps every fingerprint reproducible.
"""

import gzip
import math
import re
from pathlib import Path

import wordfreq

WORD = re.compile(r"^[a-z][a-z0-9]*$")


def main() -> None:
    rows = []
    for word, freq in wordfreq.get_frequency_dict("en").items():
        if WORD.match(word):
            rows.append(f"{word}\t{-math.log(freq):.2f}")
        if len(rows) == 40_000:
            break
    out = Path(__file__).with_name("en_idf.tsv.gz")
    with gzip.GzipFile(out, "wb", mtime=0) as f:
        f.write(("\n".join(rows) + "\n").encode("utf-8"))
    print(f"wrote {len(rows)} words to {out}")


if __name__ == "__main__":
    main()
