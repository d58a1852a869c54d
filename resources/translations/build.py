"""Compile the interface translations (.ts -> .qm) with the lrelease shipped in the PySide6 wheel.

    python resources/translations/build.py            # recompile the committed .ts files
    python resources/translations/build.py --update   # first re-scan gui/**/*.py for new strings

--update runs lupdate, which keeps existing translations and marks new strings unfinished
(translate them in Qt Linguist: `pyside6-linguist plagscope_zh_CN.ts`). A string whose code
moved to another class (another translation context) keeps its translation: --update carries
finished translations over by source text. The English catalog only
holds plural forms (lupdate -pluralonly), filled in here from the "(s)" in the source text.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
LANGUAGES = ("zh_CN", "en")


def tool(name: str) -> str:
    """pyside6-<name> on PATH or next to this Python, else the binary inside the PySide6 package."""
    for candidate in (shutil.which(f"pyside6-{name}"), Path(sys.executable).with_name(f"pyside6-{name}")):
        if candidate and Path(candidate).exists():
            return str(candidate)
    import PySide6

    binary = Path(PySide6.__file__).with_name(name)
    if binary.exists():
        return str(binary)
    raise SystemExit(f"cannot find {name}: install PySide6 (it ships pyside6-{name})")


def ts_file(language: str) -> Path:
    return HERE / f"plagscope_{language}.ts"


def update() -> None:
    """Re-scan the GUI sources into the .ts files, keeping the translations already made."""
    sources = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "gui").rglob("*.py"))
    for language in LANGUAGES:
        known = finished_translations(ts_file(language))
        extra = ["-pluralonly"] if language == "en" else []
        subprocess.run([tool("lupdate"), *extra, "-no-obsolete", "-locations", "none", *sources,
                        "-ts", str(ts_file(language).relative_to(ROOT))], cwd=ROOT, check=True)
        carry_over(ts_file(language), known)
    fill_english_plurals(ts_file("en"))


def _key(message: ET.Element) -> tuple[str, str, bool]:
    return (message.findtext("source"), message.findtext("comment") or "", message.get("numerus") == "yes")


def finished_translations(path: Path) -> dict[tuple[str, str, bool], ET.Element]:
    """(source, comment, plural) -> its finished <translation>, whatever the context."""
    known: dict[tuple[str, str, bool], ET.Element] = {}
    if not path.exists():
        return known
    for message in ET.parse(path).iter("message"):
        translation = message.find("translation")
        if translation is None or translation.get("type") in ("unfinished", "obsolete", "vanished"):
            continue
        if (translation.text or "").strip() or len(translation):
            known.setdefault(_key(message), translation)
    return known


def carry_over(path: Path, known: dict[tuple[str, str, bool], ET.Element]) -> None:
    """Fill unfinished messages whose source text was translated before (code moved context)."""
    tree = ET.parse(path)
    changed = False
    for message in tree.iter("message"):
        translation = message.find("translation")
        forms = [] if translation is None else translation.findall("numerusform")
        if forms and message.get("numerus") != "yes":
            # lupdate's same-text heuristic copies a plural translation into a message that is
            # not plural ("%n" replaced by the caller), which lrelease refuses: keep its text
            text = forms[0].text
            for form in forms:
                translation.remove(form)
            translation.text = text
            changed = True
        if translation is None or translation.get("type") != "unfinished":
            continue
        old = known.get(_key(message))
        if old is None:
            continue
        message.remove(translation)
        message.append(old)
        changed = True
    if changed:
        write_ts(tree, path)


def english_plurals(source: str) -> tuple[str, str]:
    """'%n file(s) were read' -> ('%n file were read', '%n files were read')."""
    return re.sub(r"\(s\)", "", source), re.sub(r"\(s\)", "s", source)


def fill_english_plurals(path: Path) -> None:
    tree = ET.parse(path)
    for message in tree.iter("message"):
        if message.get("numerus") != "yes":
            continue
        translation = message.find("translation")
        forms = translation.findall("numerusform")
        if all((f.text or "").strip() for f in forms) and translation.get("type") != "unfinished":
            continue
        for form in forms:
            translation.remove(form)
        for text in english_plurals(message.findtext("source")):
            ET.SubElement(translation, "numerusform").text = text
        translation.attrib.pop("type", None)
    write_ts(tree, path)


def write_ts(tree: ET.ElementTree, path: Path) -> None:
    ET.indent(tree, "    ")
    with open(path, "wb") as f:
        f.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(f, encoding="utf-8", xml_declaration=False)
        f.write(b"\n")


def release() -> None:
    for language in LANGUAGES:
        ts = ts_file(language)
        subprocess.run([tool("lrelease"), "-removeidentical", str(ts), "-qm", str(ts.with_suffix(".qm"))],
                       check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="re-scan gui/**/*.py before compiling")
    args = parser.parse_args(argv)
    if args.update:
        update()
    release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
