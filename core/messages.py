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
STAGES = ("loading", "fingerprinting", "indexing", "comparing", "embedding", "aligning")

#: code -> {language: template}; templates use {name} placeholders (str.format syntax).
MESSAGES: dict[str, dict[str, str]] = {
    # progress stages (Progress.stage holds the code after "stage.")
    "stage.loading": {"en": "loading", "zh": "正在读取文件"},
    "stage.fingerprinting": {"en": "fingerprinting", "zh": "正在计算指纹"},
    "stage.indexing": {"en": "indexing", "zh": "正在建立索引"},
    "stage.comparing": {"en": "comparing", "zh": "正在比对"},
    # the semantic layer (core/semantic), when switched on
    "stage.embedding": {"en": "reading sentences for meaning", "zh": "正在理解句子"},
    "stage.aligning": {"en": "finding translations and paraphrases", "zh": "正在查找翻译和改写"},
    # why a group's likely source was or was not named (core/review/groups.py REASONS)
    "group.source": {"en": "likely source: holds at least {cover} of what each other member shares",
                     "zh": "可能的来源：其他每个成员共有的文字，至少 {cover} 在它里面"},
    "group.pair": {"en": "two documents: which one copied cannot be told from the texts",
                   "zh": "只有两篇：无法从文字判断谁抄了谁"},
    "group.tie": {"en": "source undecided: several members hold what the others share equally "
                        "well (e.g. whole copies)",
                  "zh": "无法判断来源：多个成员同样包含其他成员共有的文字（例如整篇照抄）"},
    "group.none": {"en": "source undecided: no member holds what the others share",
                   "zh": "无法判断来源：没有一个成员包含其他成员共有的文字"},
    "group.hub": {"en": "source undecided: one member links the others, who share nothing with "
                        "each other (their source, or a copy compiled from them)",
                  "zh": "无法判断来源：一个成员连接其他成员，而它们之间没有共同文字（它可能是来源，"
                        "也可能拼凑了它们）"},
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
