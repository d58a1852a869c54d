"""Edit the check options; Restore Defaults puts back CheckOptions()' values."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QMessageBox,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from core.options import CheckOptions


class OptionsDialog(QDialog):
    """A form over the user-facing fields of CheckOptions; other fields are kept as they were."""

    def __init__(self, options: CheckOptions, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Check Options"))
        self._base = options

        def spin(low: int, high: int, auto: bool = False, suffix: str = "") -> QSpinBox:
            box = QSpinBox()
            box.setRange(low, high)
            box.setSuffix(suffix)
            box.setGroupSeparatorShown(True)
            if auto:
                box.setSpecialValueText(self.tr("Automatic"))
            return box

        self.k = spin(0, 64, auto=True)
        self.window = spin(0, 256, auto=True)
        self.guarantee = QLabel()
        self.guarantee.setWordWrap(True)
        self.min_passage = spin(0, 1_000_000, suffix=self.tr(" characters"))
        self.hamming = spin(0, 64, suffix=self.tr(" bits"))
        self.keywords = spin(1, 10_000)
        self.display = QDoubleSpinBox()
        self.display.setRange(0.0, 100.0)
        self.display.setDecimals(1)
        self.display.setSuffix(" %")
        self.max_mb = QDoubleSpinBox()
        self.max_mb.setRange(0.1, 100_000.0)
        self.max_mb.setDecimals(1)
        self.max_mb.setSuffix(" MB")
        self.max_chars = spin(1, 2_000_000_000)

        passages = QGroupBox(self.tr("Copied passages (winnowing)"))
        form = QFormLayout(passages)
        form.addRow(self.tr("&k-gram length (units):"), self.k)
        form.addRow(self.tr("&Window (fingerprints):"), self.window)
        form.addRow("", self.guarantee)
        form.addRow(self.tr("&Minimum passage length:"), self.min_passage)
        self.k.setToolTip(self.tr("Shared runs shorter than k units (Chinese characters or English "
                                  "words) are never reported. Automatic: 6 for Chinese, 4 for English."))
        self.window.setToolTip(self.tr("Guarantee threshold t = k + window - 1: any shared run of at "
                                       "least t units is always found."))

        whole = QGroupBox(self.tr("Whole documents (simhash)"))
        form2 = QFormLayout(whole)
        form2.addRow(self.tr("&Near-duplicate Hamming threshold:"), self.hamming)
        form2.addRow(self.tr("Simhash &keywords:"), self.keywords)
        self.hamming.setToolTip(self.tr("Pairs whose simhash fingerprints differ in at most this "
                                        "many of 64 bits are flagged as near-duplicates."))

        other = QGroupBox(self.tr("Display and limits"))
        form3 = QFormLayout(other)
        form3.addRow(self.tr("&Display pairs from similarity:"), self.display)
        form3.addRow(self.tr("Maximum file &size:"), self.max_mb)
        form3.addRow(self.tr("Maximum &characters per document:"), self.max_chars)

        # what the academic figures count (docs/academic.md)
        self.exclude_quotes = QCheckBox(self.tr("Leave &quotations out of the copy ratio"))
        self.exclude_references = QCheckBox(self.tr("Leave the &reference list out of the copy ratio"))
        self.include_template = QCheckBox(self.tr("Match the &template's text too (shown, and counted)"))
        self.min_chars = spin(0, 100_000, suffix=self.tr(" characters"))
        self.min_words = spin(0, 100_000, suffix=self.tr(" words"))
        figures = QGroupBox(self.tr("Figures (总文字复制比 / Similarity Index)"))
        form4 = QFormLayout(figures)
        for box in (self.exclude_quotes, self.exclude_references, self.include_template):
            form4.addRow(box)
        form4.addRow(self.tr("Count Chinese passages from:"), self.min_chars)
        form4.addRow(self.tr("Count other passages from:"), self.min_words)
        self.min_chars.setToolTip(self.tr("CNKI counts 13 consecutive characters; shorter passages "
                                          "are shown but not counted in the figures."))
        self.min_words.setToolTip(self.tr("WCopyfind's default is 6 words."))

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(
            self.restore_defaults)

        layout = QVBoxLayout(self)
        for box in (passages, whole, other, figures):
            layout.addWidget(box)
        layout.addWidget(self.buttons)

        self.k.valueChanged.connect(self._update_guarantee)
        self.window.valueChanged.connect(self._update_guarantee)
        self.set_options(options)

    def set_options(self, options: CheckOptions) -> None:
        self.k.setValue(options.k or 0)
        self.window.setValue(options.window or 0)
        self.min_passage.setValue(options.min_passage)
        self.hamming.setValue(options.hamming)
        self.keywords.setValue(options.keywords)
        self.display.setValue(options.display_threshold * 100)
        self.max_mb.setValue(options.max_file_mb)
        self.max_chars.setValue(options.max_chars)
        self.exclude_quotes.setChecked(options.exclude_quotes)
        self.exclude_references.setChecked(options.exclude_references)
        self.include_template.setChecked(not options.exclude_template)
        self.min_chars.setValue(options.min_match_chars)
        self.min_words.setValue(options.min_match_words)
        self._update_guarantee()

    def restore_defaults(self) -> None:
        self.set_options(CheckOptions())

    def options(self) -> CheckOptions:
        """The options shown (ValueError if they are not valid together)."""
        return self._base.with_changes(
            k=self.k.value() or None,
            window=self.window.value() or None,
            min_passage=self.min_passage.value(),
            hamming=self.hamming.value(),
            keywords=self.keywords.value(),
            display_threshold=round(self.display.value() / 100, 4),
            max_file_mb=self.max_mb.value(),
            max_chars=self.max_chars.value(),
            exclude_quotes=self.exclude_quotes.isChecked(),
            exclude_references=self.exclude_references.isChecked(),
            exclude_template=not self.include_template.isChecked(),
            min_match_chars=self.min_chars.value(),
            min_match_words=self.min_words.value(),
        )

    def _update_guarantee(self) -> None:
        probe = CheckOptions(k=self.k.value() or None, window=self.window.value() or None)
        zh, en = probe.params("zh"), probe.params("en")
        self.guarantee.setText(
            self.tr("Any shared run this long is always found: Chinese %1 characters (k=%2, "
                    "window %3), English %4 words (k=%5, window %6).")
            .replace("%1", str(zh.guarantee)).replace("%2", str(zh.k)).replace("%3", str(zh.window))
            .replace("%4", str(en.guarantee)).replace("%5", str(en.k)).replace("%6", str(en.window))
        )

    def accept(self) -> None:
        try:
            self.options()
        except ValueError as e:
            QMessageBox.warning(self, self.tr("Invalid options"), str(e))
            return
        super().accept()
