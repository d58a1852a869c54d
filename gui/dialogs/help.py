"""Help > Keyboard Shortcuts (every action of the window with a shortcut, read from the actions
themselves, and the keys of the lists and the compare view) and Help > Reading the Figures
(the reports' own legend, then what the window adds)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from core import reports

from ..i18n import core_language


class HelpPage(QObject):
    """Words of the help pages (a QObject for `tr`)."""

    def titles(self) -> dict[str, str]:
        return {"commands": self.tr("Commands"), "keys": self.tr("In lists and views"),
                "shortcuts": self.tr("Keyboard Shortcuts"), "figures": self.tr("Reading the Figures")}

    def keys(self) -> list[tuple[str, str]]:
        """Keys that are not menu shortcuts: (keys, what they do)."""
        return [
            (self.tr("Alt + underlined letter"), self.tr("Open a menu, or choose its entry")),
            (self.tr("Tab / Shift+Tab"), self.tr("Move between the document list, the view's controls and its table")),
            (self.tr("Arrows, Home, End, Page Up/Down"), self.tr("Move in a list or table")),
            (self.tr("Enter"), self.tr("Open the current pair (Pairs, Groups, Student sources)")),
            (self.tr("F3 / Shift+F3"), self.tr("Next / previous passage in an open pair")),
            (self.tr("Del"), self.tr("Remove the selected documents (document list)")),
            (self.tr("Esc"), self.tr("Stop the running check, or close a dialog")),
        ]

    def window_terms(self) -> list[tuple[str, str]]:
        """What the window shows beyond the reports' legend: (term, explanation)."""
        return [
            (self.tr("% covered"), self.tr("In an open pair, above each text: the share of that document's "
                                           "text inside the passages it shares with the other.")),
            (self.tr("Meaning"), self.tr("What the meaning layer found for the pair (translation or "
                                         "paraphrase) and its own figure; empty when it found nothing or "
                                         "was off.")),
            (self.tr("Group"), self.tr("Flagged pairs link documents into groups G1, G2, …; the likely "
                                       "source is named only where the evidence points to one, and a pair of "
                                       "two copies is marked copy vs copy.")),
            (self.tr("Student view"), self.tr("The share of one document's text found in any other "
                                              "document, each character counted once; its sources ranked by "
                                              "how much of the text each holds, each in its own color, the "
                                              "same colors in its text.")),
            (self.tr("Heat Map"), self.tr("One cell per pair of documents, from pale to dark red as the "
                                          "similarity rises (the scale beside it); rows in group order, each "
                                          "group outlined on the diagonal.")),
            (self.tr("Verdict"), self.tr("The reviewers' decision on a pair or a document, with a note: "
                                         "kept with the saved check and written into every export.")),
        ]


def shortcuts_html(actions: list[QAction], page: HelpPage) -> str:
    rows = []
    seen = set()
    for action in actions:
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())
        text = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()
        if keys and text and (text, keys) not in seen:
            seen.add((text, keys))
            rows.append((keys, text))
    rows.sort(key=lambda r: r[1].casefold())
    table = "".join(f"<tr><td><b>{escape(k)}</b></td><td>{escape(t)}</td></tr>" for k, t in rows)
    keys = "".join(f"<tr><td><b>{escape(k)}</b></td><td>{escape(t)}</td></tr>" for k, t in page.keys())  # noqa: SIM118 (page.keys() is the help page's list of shortcuts, not a dict)
    titles = page.titles()
    return (f"<h3>{escape(titles['commands'])}</h3><table cellpadding='3'>{table}</table>"
            f"<h3>{escape(titles['keys'])}</h3><table cellpadding='3'>{keys}</table>")


def figures_html(page: HelpPage) -> str:
    terms = [*reports.legend("zh_CN" if core_language() == "zh" else "en"), *page.window_terms()]
    body = "".join(f"<dt><b>{escape(term)}</b></dt><dd>{escape(text)}</dd>" for term, text in terms)
    return f"<h3>{escape(page.titles()['figures'])}</h3><dl>{body}</dl>"


class HelpDialog(QDialog):
    """A help page in a browser; rewritten in the current language whenever it changes."""

    def __init__(self, html, title, parent: QWidget | None = None):
        super().__init__(parent)
        self._html, self._title = html, title
        self.page = HelpPage(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(560, 520)
        self.setWindowFlag(Qt.WindowType.WindowContextHelpButtonHint, False)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self._title(self.page))
        self.browser.setHtml(self._html(self.page))

    def text(self) -> str:
        return self.browser.toPlainText()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def showEvent(self, event) -> None:
        self.retranslate()  # the shortcuts as they are now
        super().showEvent(event)


def shortcuts_dialog(window: QWidget) -> HelpDialog:
    """Help > Keyboard Shortcuts: the window's actions (and those of its lists) with their keys."""
    def actions() -> list[QAction]:
        found = list(QWidget.actions(window))  # (the main window names its Actions `actions`)
        for widget in window.findChildren(QWidget):
            found += [a for a in widget.actions() if a not in found]
        return found

    return HelpDialog(lambda page: shortcuts_html(actions(), page),
                      lambda page: page.titles()["shortcuts"], window)


def figures_dialog(window: QWidget) -> HelpDialog:
    """Help > Reading the Figures."""
    return HelpDialog(figures_html, lambda page: page.titles()["figures"], window)
