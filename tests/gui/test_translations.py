"""Every string the GUI translates has a finished Simplified Chinese translation, and the shipped
catalogs are what the .ts files compile to.

The sources are read the way Qt looks strings up at run time (resources/translations/build.py
`untranslated`): `self.tr` under its class, `QCoreApplication.translate` under its context, tr()
inside f-strings too (which lupdate skips). No Qt needed; runs in well under a second.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "resources" / "translations"


def _build():
    spec = importlib.util.spec_from_file_location("translations_build", TRANSLATIONS / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _build()


def test_every_gui_string_has_a_chinese_translation():
    missing = build.untranslated("zh_CN")
    assert missing == [], (
        "GUI strings that would show in English in the Chinese interface (translate them: "
        "python resources/translations/build.py --update, then fill plagscope_zh_CN.ts):\n"
        + "\n".join(missing))


def test_the_check_finds_an_untranslated_string(tmp_path):
    """The check above can fail: a dummy string, one inside an f-string, a non-literal text and a
    subclass whose lookups miss their base class's context are all reported."""
    (tmp_path / "gui").mkdir()
    (tmp_path / "resources" / "translations").mkdir(parents=True)
    shutil.copy(TRANSLATIONS / "plagscope_zh_CN.ts", tmp_path / "resources" / "translations")
    (tmp_path / "gui" / "dummy.py").write_text(
        "from PySide6.QtCore import QCoreApplication, QObject\n"
        "class PairModel(QObject):\n"
        "    def title(self):\n"
        "        return self.tr('Similarity')\n"              # translated: not reported
        "class Dummy(QObject):\n"
        "    def texts(self, name):\n"
        "        a = self.tr('An untranslated dummy string')\n"
        "        b = f\"<b>{self.tr('Inside an f-string')}</b>\"\n"
        "        c = self.tr(f'Hello {name}')\n"
        "        d = QCoreApplication.translate('PairModel', 'Similarity')\n"
        "        return a, b, c, d\n"
        "class Base(QObject):\n"
        "    def label(self):\n"
        "        return self.tr('Similarity')\n"
        "class Child(Base):\n"
        "    pass\n",
        encoding="utf-8")
    missing = build.untranslated("zh_CN", root=tmp_path)
    text = "\n".join(missing)
    assert "gui/dummy.py:7: Dummy: 'An untranslated dummy string'" in text
    assert "gui/dummy.py:8: Dummy: 'Inside an f-string'" in text
    assert "gui/dummy.py:9: the text given to tr()/translate() is not a literal string" in text
    assert "looked up as Child's at run time" in text
    assert "PairModel" not in text
    assert len(missing) == 5  # the three above, Base's 'Similarity' (no Base context) and the subclass


def test_translations_keep_placeholders_and_accelerators():
    """%1, %n and {name} survive translation, and a menu accelerator (&) stays exactly one."""
    placeholder = re.compile(r"%(?:\d+|n)|\{\w*\}")
    accelerator = re.compile(r"&(?=[^&\s;])")
    wrong = []
    for context in ET.parse(TRANSLATIONS / "plagscope_zh_CN.ts").getroot().iter("context"):
        for message in context.iter("message"):
            source = message.findtext("source")
            translation = message.find("translation")
            for text in [f.text for f in translation.findall("numerusform")] or [translation.text]:
                text = text or ""
                if sorted(set(placeholder.findall(source))) != sorted(set(placeholder.findall(text))):
                    wrong.append(f"placeholders: {source!r} -> {text!r}")
                if len(accelerator.findall(source)) != len(accelerator.findall(text)):
                    wrong.append(f"accelerator: {source!r} -> {text!r}")
    assert wrong == []


@pytest.mark.parametrize("language", build.LANGUAGES)
def test_the_shipped_catalog_is_the_compiled_ts(tmp_path, language):
    """Whoever edits a .ts also rebuilds its .qm (build.py), or the app would show the old texts."""
    ts = build.ts_file(language)
    compiled = tmp_path / "fresh.qm"
    subprocess.run([build.tool("lrelease"), "-silent", "-removeidentical", str(ts), "-qm", str(compiled)],
                   check=True)
    assert compiled.read_bytes() == ts.with_suffix(".qm").read_bytes(), (
        f"{ts.with_suffix('.qm').name} is not the compiled {ts.name}: run python "
        "resources/translations/build.py")

