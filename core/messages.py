"""What core tells a user, as codes with values; the words, in Chinese and English, live here once.

Core returns codes (a progress stage, the reason a file could not be read) with their values;
whoever shows them picks the language:

    from core import messages
    messages.text("stage.loading", "zh")                         # "正在读取文件"
    messages.text(error.code, "zh", **error.values)              # a FileError's reason in Chinese

`text` never raises: an unknown code comes back as itself, a missing value leaves its
placeholder, an unknown language falls back to English.
"""

from __future__ import annotations

import string

__all__ = ["LANGUAGES", "MESSAGES", "STAGES", "text", "stage_code"]

LANGUAGES = ("en", "zh")

#: Progress stages, in the order a check passes through them.
STAGES = ("loading", "fingerprinting", "indexing", "comparing")

#: code -> {language: template}; templates use {name} placeholders (str.format syntax).
MESSAGES: dict[str, dict[str, str]] = {
    # progress stages (Progress.stage holds the code after "stage.")
    "stage.loading": {"en": "loading", "zh": "正在读取文件"},
    "stage.fingerprinting": {"en": "fingerprinting", "zh": "正在计算指纹"},
    "stage.indexing": {"en": "indexing", "zh": "正在建立索引"},
    "stage.comparing": {"en": "comparing", "zh": "正在比对"},
}


class _Lenient(string.Formatter):
    def get_value(self, key, args, kwargs):
        if isinstance(key, str) and key not in kwargs:
            return "{" + key + "}"
        return super().get_value(key, args, kwargs)


_FORMATTER = _Lenient()


def stage_code(stage: str) -> str:
    """The message code of a progress stage ("loading" -> "stage.loading")."""
    return stage if stage.startswith("stage.") else f"stage.{stage}"


def text(code: str, lang: str = "en", **values) -> str:
    """The words for `code` in `lang` ("en" or "zh"), with `values` filled in."""
    entry = MESSAGES.get(code)
    if entry is None and not code.startswith("stage."):
        entry = MESSAGES.get(stage_code(code)) if code in STAGES else None
    if entry is None:
        return code
    template = entry.get(lang) or entry["en"]
    try:
        return _FORMATTER.format(template, **values)
    except (IndexError, ValueError, AttributeError, KeyError):
        return template
