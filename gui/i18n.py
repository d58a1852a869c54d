"""Interface languages: pick one from the system locale, install Qt translators, switch at runtime.

Installing or removing a translator makes Qt send a LanguageChange event to every widget;
widgets retranslate their texts in `changeEvent`.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from . import RESOURCES

TRANSLATIONS = RESOURCES / "translations"

#: Language code -> its name in that language (shown in the Language menu untranslated).
LANGUAGES = {"en": "English", "zh_CN": "简体中文"}


def system_language(locale: QLocale | None = None) -> str:
    """The supported language closest to `locale` (the system's by default)."""
    locale = locale or QLocale.system()
    if locale.language() == QLocale.Language.Chinese:
        return "zh_CN"
    return "en"


class Translations:
    """The translators installed on the application for the current language."""

    def __init__(self, app: QCoreApplication):
        self._app = app
        self._installed: list[QTranslator] = []
        self.language = "en"

    def set_language(self, language: str) -> bool:
        """Switch to `language` (a key of LANGUAGES); False if its catalog is missing."""
        if language not in LANGUAGES:
            return False
        translators = []
        ours = QTranslator(self._app)
        if ours.load(str(TRANSLATIONS / f"plagscope_{language}.qm")):
            translators.append(ours)
        elif language != "en":  # English needs its catalog only for plural forms
            return False
        if language != "en":
            qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            qtbase = QTranslator(self._app)
            if qtbase.load(f"qtbase_{language}", qt_dir):  # standard buttons and dialogs
                translators.append(qtbase)
        for old in self._installed:
            self._app.removeTranslator(old)
        for new in translators:
            self._app.installTranslator(new)
        self._installed = translators
        self.language = language
        QLocale.setDefault(QLocale("zh_CN" if language == "zh_CN" else "en_US"))
        return True


def core_language() -> str:
    """The interface language as `core.messages` names it: "zh" or "en" (Translations sets the
    default locale with the language)."""
    return "zh" if QLocale().language() == QLocale.Language.Chinese else "en"


def plural(translated: str, n: int) -> str:
    """English plural of a `tr(..."(s)"..., n)` result when no catalog resolved it (no translator
    installed, as in a widget used on its own): "1 passage(s)" -> "1 passage", "2 passages"."""
    return translated.replace("(s)", "" if n == 1 else "s")
