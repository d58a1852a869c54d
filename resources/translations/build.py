"""Compile the interface translations (.ts -> .qm) with the lrelease shipped in the PySide6 wheel.

    python resources/translations/build.py            # recompile the committed .ts files
    python resources/translations/build.py --update   # first re-scan gui/**/*.py for new strings
    python resources/translations/build.py --check    # list GUI strings without a Chinese translation

--update runs lupdate, which keeps existing translations and marks new strings unfinished
(translate them in Qt Linguist: `pyside6-linguist plagscope_zh_CN.ts`). A string whose code
moved to another class (another translation context) keeps its translation: --update carries
finished translations over by source text. The English catalog only
holds plural forms (lupdate -pluralonly), filled in here from the "(s)" in the source text.
"""

from __future__ import annotations

import argparse
import ast
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
        if translation is None or translation.get("type") != "unfinished":
            continue
        old = known.get(_key(message))
        if old is None:
            continue
        message.remove(translation)
        message.append(old)
    write_ts(tree, path)  # always: one layout whoever wrote last (lupdate or this script), small diffs


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


# ----- which GUI strings have no translation ----------------------------------------------------
#: How Qt looks a string up at run time: (context, source text, disambiguation comment).
Message = tuple[str, str, str]


def _literal(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


class _Finder(ast.NodeVisitor):
    """The translatable strings of one module, found the way Qt will look them up at run time.

    `self.tr("text")` (or `Class.tr`) is looked up in the context of the object's own class, so it
    is counted under the class that contains the call; `QCoreApplication.translate("Context",
    "text")` under its literal context. A call whose text is not a literal (an f-string, a
    variable) is a problem of its own: lupdate cannot collect it, so it can never be translated.
    Unlike lupdate, this also sees calls inside f-strings (which lupdate skips)."""

    def __init__(self, path: str):
        self.path = path
        self.classes: list[str] = []
        self.found: list[tuple[Message, str]] = []   # (message, "path:line")
        self.problems: list[str] = []
        self.bases: dict[str, list[str]] = {}

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.bases[node.name] = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases]
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def visit_Call(self, node: ast.Call) -> None:
        func, where = node.func, f"{self.path}:{node.lineno}"
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name == "tr" and isinstance(func, ast.Attribute) and node.args:
            owner = func.value
            context = (owner.id if isinstance(owner, ast.Name) and owner.id not in ("self", "cls")
                       else self.classes[-1] if self.classes else "")
            self._add(context, node.args[0], node.args[1] if len(node.args) > 1 else None, where)
        elif name in ("translate", "QT_TRANSLATE_NOOP") and len(node.args) >= 2 and _literal(node.args[0]) is not None:
            self._add(_literal(node.args[0]), node.args[1], node.args[2] if len(node.args) > 2 else None, where)
        self.generic_visit(node)

    def _add(self, context: str, text: ast.AST, comment: ast.AST | None, where: str) -> None:
        source = _literal(text)
        if source is None:
            self.problems.append(f"{where}: the text given to tr()/translate() is not a literal string, "
                                 "so it cannot be translated")
        elif not context:
            self.problems.append(f"{where}: tr({source!r}) outside a class has no translation context")
        else:
            self.found.append(((context, source, _literal(comment) or ""), where))


def gui_messages(root: Path = ROOT) -> tuple[list[tuple[Message, str]], list[str]]:
    """Every translatable string in gui/**/*.py with where it is, and calls that cannot be translated."""
    found, problems, bases = [], [], {}
    for path in sorted((root / "gui").rglob("*.py")):
        finder = _Finder(str(path.relative_to(root)))
        finder.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        found += finder.found
        problems += finder.problems
        bases.update(finder.bases)
    # self.tr in a class looks up the context of the instance's class: a GUI subclass of a class
    # that calls self.tr would look its strings up under its own name, where lupdate never puts them
    for (context, source, _), where in found:
        for sub, its_bases in bases.items():
            if context in its_bases:
                problems.append(f"{where}: {source!r} is looked up as {sub}'s at run time (subclass of "
                                f"{context}); use QCoreApplication.translate({context!r}, ...) there")
    return found, problems


def translated(path: Path) -> set[Message]:
    """The (context, source, comment) messages with a finished, non-empty translation in a .ts."""
    done = set()
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None or translation.get("type") in ("unfinished", "obsolete", "vanished"):
                continue
            forms = translation.findall("numerusform")
            texts = [f.text for f in forms] if forms else [translation.text]
            if all((t or "").strip() for t in texts):
                done.add((name, message.findtext("source"), message.findtext("comment") or ""))
    return done


def untranslated(language: str = "zh_CN", root: Path = ROOT) -> list[str]:
    """What the GUI would show untranslated in `language`: one line per string or call, sorted."""
    found, problems = gui_messages(root)
    done = translated(root / "resources" / "translations" / f"plagscope_{language}.ts")
    missing = {f"{where}: {context}: {source!r} has no finished {language} translation"
               for (context, source, comment), where in found if (context, source, comment) not in done}
    return sorted(missing) + sorted(set(problems))


def release() -> None:
    for language in LANGUAGES:
        ts = ts_file(language)
        subprocess.run([tool("lrelease"), "-removeidentical", str(ts), "-qm", str(ts.with_suffix(".qm"))],
                       check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="re-scan gui/**/*.py before compiling")
    parser.add_argument("--check", action="store_true",
                        help="only list GUI strings without a finished Chinese translation (exit 1 if any)")
    args = parser.parse_args(argv)
    if args.check:
        problems = untranslated("zh_CN")
        print("\n".join(problems) or "every GUI string has a Chinese translation")
        return 1 if problems else 0
    if args.update:
        update()
    release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
