"""The main window's commands: its actions, menus, toolbar, Language menu and recent files.

To add a command or a menu, add a line to `build_actions` / `build_menus` (or call
`window.actions.add` and `window.menus.add` from your own module, see `gui.actions`). The
commands call the window's slots through the small `Commands` protocol; nothing else of the
window is reached.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu, QMenuBar, QMessageBox, QToolBar, QWidget

from core.display import safe_name

from .actions import Actions, Menus, fill, on_triggered
from .i18n import LANGUAGES


class Commands(Protocol):
    """The window's slots the menus and the toolbar call (gui.main_window.MainWindow has them)."""

    def open_files(self) -> None: ...
    def add_folder(self) -> None: ...
    def add_paths(self, paths: list[str]) -> None: ...
    def remove_selected(self) -> None: ...
    def toggle_template(self, on: bool) -> None: ...
    def run_check(self) -> None: ...
    def set_semantic(self, on: bool) -> None: ...
    def cancel(self) -> None: ...
    def export_report(self) -> object: ...
    def edit_options(self) -> None: ...
    def show_about(self) -> None: ...
    def close(self) -> bool: ...


class MainMenus(QObject):
    """Creates the window's actions, menus and toolbar and keeps their texts translated."""

    def __init__(self, commands: Commands, menu_bar: QMenuBar, documents_view: QWidget,
                 close_tab: Callable[[], object], session: QObject, settings, translations, messages,
                 parent: QWidget):
        """`parent`: the widget whose window-wide shortcuts the actions are (the main window);
        `documents_view`: the document list's view, where Del and the template switch work;
        the toolbar is made here, the window places it (`toolbar`)."""
        super().__init__(parent)
        self.commands, self.documents_view, self.close_tab = commands, documents_view, close_tab
        self.session, self.settings, self.translations, self.messages = session, settings, translations, messages
        self.parent_widget = parent
        self.actions = Actions(parent)
        self.menus = Menus(menu_bar)
        self.build_actions()
        self.build_menus()
        self.build_toolbar()

    def build_actions(self) -> None:
        w, add = self.commands, self.actions.add
        add("open", w.open_files, icon="open", shortcut="Ctrl+O",
            texts=lambda: (self.tr("&Open Files…"), self.tr("Add essays (txt, docx, pdf)")))
        add("add_folder", w.add_folder, icon="add_folder", shortcut="Ctrl+Shift+O",
            texts=lambda: (self.tr("Add &Folder…"), self.tr("Add every essay in a folder and its subfolders")))
        # Del removes documents, and the template toggles, only while the document list has the focus
        add("remove", w.remove_selected, icon="remove", shortcut=QKeySequence(Qt.Key.Key_Delete),
            widget=self.documents_view,
            texts=lambda: (self.tr("&Remove"), self.tr("Remove the selected documents (Del)")))
        add("template", w.toggle_template, icon="template", checkable=True, widget=self.documents_view,
            texts=lambda: (self.tr("Use as &Template"), self.tr("Treat the selected document as the assignment "
                                                      "text: passages shared with it are ignored")))
        add("check", w.run_check, icon="check", shortcut="Ctrl+R",
            texts=lambda: (self.tr("&Check"), self.tr("Compare every pair of documents (Ctrl+R)")))
        # the semantic layer's switch, next to Check; off (and disabled) without its model
        add("semantic", w.set_semantic, checkable=True, texts=self._semantic_texts)
        add("cancel", w.cancel, icon="cancel", shortcut=QKeySequence(Qt.Key.Key_Escape),
            texts=lambda: (self.tr("C&ancel"), self.tr("Stop the running check (Esc)")))
        add("export", w.export_report, icon="export", shortcut="Ctrl+E",
            texts=lambda: (self.tr("&Export Report…"), self.tr("Save the results as HTML, PDF, JSON or CSV")))
        add("options", w.edit_options, icon="options", texts=lambda: (self.tr("&Options…"), self.tr("Tune the check")))
        add("quit", w.close, icon="quit", shortcut="Ctrl+Q", texts=lambda: (self.tr("&Quit"), ""))
        add("about", w.show_about, icon="about", texts=lambda: (self.tr("&About Plagscope"), ""))
        add("about_qt", QApplication.aboutQt, texts=lambda: (self.tr("About &Qt"), ""))
        add("clear_recent", self._clear_recent, texts=lambda: (self.tr("&Clear List"), ""))
        add("close_tab", self.close_tab, shortcut="Ctrl+W", texts=lambda: (self.tr("Close &Tab"), ""))

        self.language_group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for code, name in LANGUAGES.items():  # each language's name in that language: never translated
            action = QAction(name, self.language_group)
            action.setCheckable(True)
            action.setData(code)
            on_triggered(action, lambda _on, code=code: self.set_language(code))
            self.language_actions[code] = action

    def build_menus(self) -> None:
        a = self.actions
        self.recent_menu = QMenu(self.parent_widget)
        self.recent_menu.aboutToShow.connect(self.fill_recent_menu)
        self.menus.add("file", lambda: self.tr("&File"), [a.open, a.add_folder, self.recent_menu, None, a.remove,
                                                    a.template, None, a.export, None, a.quit])
        self.menus.add("check", lambda: self.tr("&Check"), [a.check, a.semantic, a.cancel, None, a.options])
        # View > Language, where the README and most applications put it; each language is
        # named in itself, so it can be found in a language one cannot read
        self.language_menu = QMenu(self.parent_widget)
        self.language_menu.setObjectName("menu_language")
        fill(self.language_menu, self.language_actions.values())
        self.menus.add("view", lambda: self.tr("&View"),
                       [a.close_tab, None, self.language_menu])  # the views: gui/keyboard.py
        self.menus.add("help", lambda: self.tr("&Help"), [a.about, a.about_qt])
        self.fill_recent_menu()

    def build_toolbar(self) -> None:
        a = self.actions
        self.toolbar = QToolBar("main", self.parent_widget)
        self.toolbar.setObjectName("mainToolbar")
        self.toolbar.setMovable(False)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        fill(self.toolbar, [a.open, a.add_folder, a.remove, a.template, None, a.check, a.semantic, a.cancel, None,
                            a.export, a.options])

    def _semantic_texts(self) -> tuple[str, str]:
        text = self.tr("Find &Translations and Paraphrases")
        if self.session.semantic_available():
            return text, self.tr("Also find essays that translate (Chinese and English) or paraphrase "
                                 "each other, sentence by sentence; the check takes longer")
        return text, self.tr("Needs the semantic layer, which is not installed: %1").replace(
            "%1", self.session.semantic_install_hint())

    def show_semantic(self, on: bool) -> None:
        """Show the switch as the options say (disabled when the layer is not installed)."""
        action = self.actions.semantic
        available = self.session.semantic_available()
        action.setEnabled(available)
        action.blockSignals(True)
        action.setChecked(bool(on) and available)
        action.blockSignals(False)

    def retranslate(self) -> None:
        self.actions.retranslate()
        self.menus.retranslate()
        self.recent_menu.setTitle(self.tr("Recent &Files"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.actions.check.setIconText(self.tr("Check"))
        self.toolbar.setWindowTitle(self.tr("Main toolbar"))
        self.fill_recent_menu()

    def set_language(self, code: str) -> None:
        if not self.translations.set_language(code):
            self.messages.show(QMessageBox.Icon.Warning, self.tr("Language"),
                            self.tr("The translation for %1 could not be loaded.").replace(
                                "%1", LANGUAGES.get(code, code)))
        else:
            self.settings.set_language(code)
        self.check_language(self.translations.language)

    def check_language(self, code: str) -> None:
        self.language_actions.get(code, self.language_actions["en"]).setChecked(True)

    # ----- recent files ----------------------------------------------------------------------
    def fill_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        recent = self.settings.recent_files()
        for i, path in enumerate(recent, 1):
            shown = safe_name(path)
            label = f"&{i} {shown}" if i < 10 else f"{i} {shown}"
            action = menu.addAction(label.replace("&&", "&"))
            action.setData(path)
            on_triggered(action, lambda path=path: self.commands.add_paths([path]))
        if recent:
            menu.addSeparator()
        menu.addAction(self.actions.clear_recent)
        self.actions.clear_recent.setEnabled(bool(recent))

    def _clear_recent(self) -> None:
        self.settings.clear_recent()
        self.fill_recent_menu()
