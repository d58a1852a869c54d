"""Reasons made in core reach the Chinese interface in Chinese (through core.messages codes)."""

import pytest

from core import messages
from gui.session import CheckError


def test_a_template_that_cannot_be_used_is_explained_in_chinese(window, translations):
    """A reason made in core (a LoadError) reaches the Chinese interface in Chinese."""
    translations.set_language("zh_CN")
    with pytest.raises(CheckError) as raised:
        window.session.use_text_as_template("，。！…… ")
    assert str(raised.value) == messages.text("file.no_words", "zh")
