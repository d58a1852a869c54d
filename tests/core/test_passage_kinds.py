"""Every passage says its kind in the JSON report (`plagscope check --json`): a copy taken word
for word `verbatim`, one with words changed `edited`, a copied paragraph with its citation
`cited`, the uncredited paragraph before it `verbatim` (cut at the paragraph)."""

from __future__ import annotations

import json

from test_citation_split import EN_CITED, EN_COPIED, _essays

from core.cli import main

OWN = ("My own first paragraph talks about my neighbourhood and the way the summer "
       "evenings felt when I was a child walking home from school along the river.")
EDITED = (EN_COPIED.replace("asphalt", "tarmac").replace("several degrees", "a few degrees")
          .replace("forty cities", "forty towns"))


def test_each_passage_of_the_json_report_has_its_kind(tmp_path):
    source, copy = _essays(EN_COPIED, EN_CITED, OWN, "en")
    folder = tmp_path / "essays"
    folder.mkdir()
    (folder / "source.txt").write_text(source.text, encoding="utf-8")
    (folder / "copy.txt").write_text(copy.text, encoding="utf-8")
    (folder / "edited.txt").write_text("Somebody else's opening line, written for this essay.\n\n"
                                       + EDITED, encoding="utf-8")
    out = tmp_path / "r.json"
    assert main(["check", str(folder), "--no-semantic", "--json", str(out), "--quiet"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    names = [d["name"] for d in data["documents"]]
    pairs = {frozenset((names[p["left"]], names[p["right"]])): p for p in data["pairs"]}

    def kinds(a: str, b: str) -> list[str]:
        pair = pairs[frozenset((a, b))]
        return [m["kind"] for m in sorted(pair["matches"], key=lambda m: m["left"])]

    assert kinds("source.txt", "copy.txt") == ["verbatim", "cited"]
    assert kinds("source.txt", "edited.txt") == ["edited"]
    for pair in data["pairs"]:  # the kind agrees with the passage's class and its changes
        for m in pair["matches"]:
            changed = m["left_changes"] or m["right_changes"]
            want = ("edited" if changed else "verbatim") if m["class"] == "unattributed" else m["class"]
            assert m["kind"] == want
