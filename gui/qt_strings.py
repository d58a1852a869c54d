"""Chinese for the Qt file dialog's words that Qt's own catalog misses.

qtbase_zh_CN.qm, shipped with PySide6, is older than its Qt: it translates "Look in:" while the
dialog asks for "&Look in:", so the non-native file dialog (Linux without a desktop portal)
showed these in English in the Chinese interface. Listed here, lupdate collects them into
plagscope_zh_CN.ts; our translator answers where Qt's does not. Nothing imports this module.
Found by logging every lookup no catalog answered while walking the window in Chinese.
"""

from PySide6.QtCore import QT_TRANSLATE_NOOP

QT_STRINGS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
    QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Folder"),
    QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Drive"),
)
