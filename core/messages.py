"""What core tells a user, as codes with values; the words, in English and Chinese, live here once.

Core hands out codes (a progress stage, why a file could not be used) with their values;
whoever shows them picks the language:

    from core import messages
    messages.text("loading", "zh")                          # a Progress.stage -> "正在读取"
    messages.text(error.code, "zh", **error.values)         # a FileError's reason in Chinese
    error.text("zh")                                        # the same, shorter

`text` never raises: an unknown code comes back as itself, a missing value keeps its
{placeholder}, an unknown language falls back to English. A value named `cause` is itself a
code (an inner reason, e.g. why a folder or the template could not be read) and is put into
words with the same values. English texts are what `FileError.message` and `LoadError.reason`
hold, so existing readers of those see the same sentences as before.
"""

from __future__ import annotations

import string

__all__ = ["LANGUAGES", "MESSAGES", "STAGES", "SUPPORTED_NOTE", "is_code", "text"]

LANGUAGES = ("en", "zh")

#: Progress.stage values, in the order a check passes through them (each is a code below).
STAGES = ("loading", "fingerprinting", "indexing", "comparing", "archiving", "archive_search",
          "embedding", "aligning", "reviewing", "saving", "opening", "writing_report")

SUPPORTED_NOTE = "Plagscope reads .txt, .docx and .pdf"
_SUPPORTED_ZH = "Plagscope 可读取 .txt、.docx 和 .pdf"
_OPTIONS = "(change it in the options)"
_OPTIONS_ZH = "（可在选项中修改）"

#: code -> {language: template}; templates use {name} placeholders (str.format syntax).
MESSAGES: dict[str, dict[str, str]] = {
    # --- progress stages (Progress.stage) --------------------------------------------------
    "loading": {"en": "loading", "zh": "正在读取"},
    "fingerprinting": {"en": "fingerprinting", "zh": "正在计算指纹"},
    "indexing": {"en": "indexing", "zh": "正在建立索引"},
    "comparing": {"en": "comparing", "zh": "正在比对"},
    "archiving": {"en": "adding to the archive", "zh": "正在加入档案库"},
    "archive_search": {"en": "searching the archive", "zh": "正在检索档案库"},
    # the semantic layer (core/semantic), when switched on
    "embedding": {"en": "reading sentences for meaning", "zh": "正在理解句子"},
    "aligning": {"en": "finding translations and paraphrases", "zh": "正在查找翻译和改写"},
    "reviewing": {"en": "grouping and computing figures", "zh": "正在分组并计算复制比"},
    # saved checks and exports (core/store/saved.py, core/reports)
    "saving": {"en": "saving the check", "zh": "正在保存检测"},
    "opening": {"en": "opening the check", "zh": "正在打开检测"},
    "writing_report": {"en": "writing the report", "zh": "正在生成报告"},
    # --- finding the files (core.loaders.folders, core.loaders.reasons) --------------------
    "path.missing": {"en": "no such file or folder", "zh": "没有这个文件或文件夹"},
    "file.not_found": {"en": "file not found", "zh": "找不到文件"},
    "file.permission": {"en": "permission denied", "zh": "没有读取权限"},
    "file.is_folder": {"en": "is a folder, not a file", "zh": "是文件夹，不是文件"},
    "file.link_loop": {"en": "is a link that points back to itself", "zh": "是指向自身的链接"},
    "file.broken_link": {"en": "is a broken link (the file it points to is missing)",
                         "zh": "是失效的链接（它指向的文件不存在）"},
    "file.name_too_long": {"en": "the file name is too long", "zh": "文件名太长"},
    "file.io_error": {"en": "the disk reported a read error", "zh": "磁盘报告读取错误"},
    "file.os_error": {"en": "could not be read: {detail}", "zh": "无法读取：{detail}"},
    "file.fifo": {"en": "is a named pipe (FIFO), not a document file; it was not opened",
                  "zh": "是命名管道（FIFO），不是文档文件；未打开"},
    "file.socket": {"en": "is a socket, not a document file", "zh": "是套接字，不是文档文件"},
    "file.device": {"en": "is a device, not a document file", "zh": "是设备文件，不是文档文件"},
    "file.not_regular": {"en": "is not a regular file", "zh": "不是普通文件"},
    "file.lock": {"en": "is a lock file Word keeps while a document is open, not a document",
                  "zh": "是 Word 在文档打开时保留的锁定文件，不是文档"},
    "file.unsupported": {"en": "unsupported file type {suffix} (" + SUPPORTED_NOTE + ")",
                         "zh": "不支持的文件类型 {suffix}（" + _SUPPORTED_ZH + "）"},
    "file.no_extension": {"en": "has no file extension (" + SUPPORTED_NOTE + ")",
                          "zh": "没有文件扩展名（" + _SUPPORTED_ZH + "）"},
    "convert.doc": {"en": "is an old Word 97-2003 document (.doc), which Plagscope cannot read: "
                          "open it in Word, WPS or LibreOffice and save it as .docx",
                    "zh": "是旧版 Word 97-2003 文档（.doc），Plagscope 无法读取："
                          "请用 Word、WPS 或 LibreOffice 打开并另存为 .docx"},
    "convert.rtf": {"en": "is a Rich Text (.rtf) document, which Plagscope cannot read: "
                          "open it in Word, WPS or LibreOffice and save it as .docx",
                    "zh": "是 RTF 富文本文档（.rtf），Plagscope 无法读取："
                          "请用 Word、WPS 或 LibreOffice 打开并另存为 .docx"},
    "convert.odt": {"en": "is an OpenDocument text (.odt), which Plagscope cannot read: "
                          "open it in LibreOffice or Word and save it as .docx",
                    "zh": "是 OpenDocument 文档（.odt），Plagscope 无法读取："
                          "请用 LibreOffice 或 Word 打开并另存为 .docx"},
    "convert.wps": {"en": "is a WPS / Works document (.wps), which Plagscope cannot read: "
                          "open it in WPS Office or Word and save it as .docx",
                    "zh": "是 WPS 文字文档（.wps），Plagscope 无法读取："
                          "请用 WPS Office 或 Word 打开并另存为 .docx"},
    "convert.pages": {"en": "is an Apple Pages document (.pages), which Plagscope cannot read: "
                            "in Pages choose File > Export To > Word and check the .docx",
                      "zh": "是 Apple Pages 文档（.pages），Plagscope 无法读取："
                            "请在 Pages 中选择“文件 > 导出为 > Word”，再检测导出的 .docx"},
    "folder.unopenable": {"en": "folder could not be opened: {cause}", "zh": "无法打开文件夹：{cause}"},
    "folder.empty": {"en": "is an empty folder: there is nothing to check in it",
                     "zh": "是空文件夹，其中没有可检测的内容"},
    "folder.no_documents": {"en": "has no .txt, .docx or .pdf file to check",
                            "zh": "没有可检测的 .txt、.docx 或 .pdf 文件"},
    "folder.no_documents_others": {
        "en": "has no .txt, .docx or .pdf file to check ({count} other file(s) left out)",
        "zh": "没有可检测的 .txt、.docx 或 .pdf 文件（另有 {count} 个其他文件未检测）"},
    "template.unreadable": {"en": "template: {cause}", "zh": "模板：{cause}"},
    # --- reading a file (core.loaders) ------------------------------------------------------
    "file.empty": {"en": "is empty", "zh": "是空文件"},
    "file.no_words": {"en": "contains no words to compare", "zh": "没有可比对的文字"},
    "file.too_big": {"en": "is {size}, larger than the {limit} limit " + _OPTIONS,
                     "zh": "大小为 {size}，超过 {limit} 的上限" + _OPTIONS_ZH},
    "file.too_long": {"en": "has {chars} characters, more than the {limit} limit " + _OPTIONS,
                      "zh": "有 {chars} 个字符，超过 {limit} 的上限" + _OPTIONS_ZH},
    "file.too_deep": {"en": "could not be read: its structure is nested too deeply",
                      "zh": "无法读取：其内部结构嵌套过深"},
    "file.too_slow": {"en": "took longer than {seconds} s to read and was left out "
                            "(it may be damaged, or built to stall a reader)",
                      "zh": "读取超过 {seconds} 秒，已跳过（文件可能已损坏，或被特意构造来拖住读取程序）"},
    "file.out_of_memory": {"en": "is too large to read with the memory available",
                           "zh": "文件太大，可用内存不足以读取"},
    "file.unexpected": {"en": "could not be read: {detail}", "zh": "无法读取：{detail}"},
    "txt.binary": {"en": "looks like a binary file, not text", "zh": "看起来是二进制文件，不是文本"},
    "txt.bad_bom": {"en": "is not valid {encoding} text although it is marked as such (it may be damaged)",
                    "zh": "标记为 {encoding} 文本，但内容不是有效的 {encoding}（文件可能已损坏）"},
    "docx.not_zip": {"en": "is not a Word document (not a valid .docx/zip file)",
                     "zh": "不是 Word 文档（不是有效的 .docx/zip 文件）"},
    "docx.truncated": {"en": "is incomplete or damaged (the .docx file seems cut off; copy or download it again)",
                       "zh": "不完整或已损坏（.docx 文件似乎被截断；请重新复制或下载）"},
    "docx.unpack_damaged": {"en": "is damaged (the .docx file cannot be unpacked; open it in Word and save it again)",
                            "zh": "已损坏（.docx 文件无法解压；请在 Word 中打开并重新保存）"},
    "docx.damaged": {"en": "is damaged (its content cannot be read; open it in Word and save it again)",
                     "zh": "已损坏（内容无法读取；请在 Word 中打开并重新保存）"},
    "docx.password": {"en": "is password-protected; save a copy without a password and try again",
                      "zh": "受密码保护；请另存一份不带密码的副本后再试"},
    "docx.bomb": {"en": "is not a safe Word document: it would unpack to {size} (a 'zip bomb')",
                  "zh": "不是安全的 Word 文档：解压后将达到 {size}（“zip 炸弹”）"},
    "docx.bomb_ratio": {"en": "is not a safe Word document: it would unpack to {size} from {packed} (a 'zip bomb')",
                        "zh": "不是安全的 Word 文档：将从 {packed} 解压为 {size}（“zip 炸弹”）"},
    "docx.bomb_lies": {"en": "is not a safe Word document: it would unpack to far more than it declares (a 'zip bomb')",
                       "zh": "不是安全的 Word 文档：解压后的数据远多于它声明的大小（“zip 炸弹”）"},
    "docx.too_many_parts": {"en": "is not a usable Word document: it holds {count} parts",
                            "zh": "不是可用的 Word 文档：其中有 {count} 个部件"},
    "docx.compression": {"en": "is not a standard Word document (it uses an unusual compression method)",
                         "zh": "不是标准的 Word 文档（使用了不常见的压缩方式）"},
    "docx.old_doc": {"en": "is an old Word 97-2003 document (.doc) named .docx; "
                           "open it in Word and save it as .docx",
                     "zh": "是改名为 .docx 的旧版 Word 97-2003 文档（.doc）；请在 Word 中打开并另存为 .docx"},
    "docx.not_word_zip": {"en": "is a zip file but not a Word document", "zh": "是 zip 文件，但不是 Word 文档"},
    "docx.other_office": {"en": "is not a Word document (it seems to be another Office file renamed to .docx)",
                          "zh": "不是 Word 文档（似乎是改名为 .docx 的其他 Office 文件）"},
    "docx.too_complex": {"en": "is too complex to read within the memory limit ({size} of Word markup); "
                               "open it in Word and save it again, or split it",
                         "zh": "结构过于复杂，无法在内存限制内读取（Word 标记达 {size}）；"
                               "请在 Word 中打开并重新保存，或拆分文档"},
    "pdf.not_pdf": {"en": "is not a PDF file (its content is something else)",
                    "zh": "不是 PDF 文件（其内容是别的格式）"},
    "pdf.truncated": {"en": "is incomplete (the PDF file seems cut off; copy or download it again)",
                      "zh": "不完整（PDF 文件似乎被截断；请重新复制或下载）"},
    "pdf.encrypted": {"en": "is an encrypted/password-protected PDF; save a copy without a password and try again",
                      "zh": "是加密或受密码保护的 PDF；请另存一份不带密码的副本后再试"},
    "pdf.no_text": {"en": "has no text layer (it may be a scanned image); run OCR on it first",
                    "zh": "没有文字层（可能是扫描图片）；请先进行 OCR 文字识别"},
    "pdf.damaged": {"en": "is a damaged PDF (its content cannot be read; try saving it again as PDF)",
                    "zh": "是已损坏的 PDF（内容无法读取；请尝试重新另存为 PDF）"},
    "pdf.no_cmap": {"en": "has text whose fonts carry no character map, so it cannot be read; run OCR on it first",
                    "zh": "其中文字的字体没有字符映射，无法读取；请先进行 OCR 文字识别"},
    "pdf.loops": {"en": "is a damaged PDF (its internal structure loops or is nested too deeply)",
                  "zh": "是已损坏的 PDF（内部结构循环或嵌套过深）"},
    "pdf.bomb": {"en": "is not a safe PDF: it would unpack to far too much data (a 'zip bomb')",
                 "zh": "不是安全的 PDF：解压后数据量过大（“zip 炸弹”）"},
    "pdf.no_pages": {"en": "has no pages", "zh": "没有页面"},
    "pdf.content_repeated": {"en": "is not a usable PDF: its pages make the reader go through {size} of "
                                   "drawing instructions, far more than its {packed} hold; it was left out",
                             "zh": "不是可用的 PDF：其页面要求读取 {size} 的绘制指令，远超文件本身的 {packed}；已跳过"},
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
    # --- the semantic layer's notes on a check (core.matching.sources.semantic) ---------------
    "semantic_unavailable": {"en": "the meaning layer could not run ({reason}); the check ran "
                                   "without it (verbatim copies only)",
                             "zh": "语义层无法运行（{reason}）；本次检测未使用语义层（只查逐字复制）"},
    "semantic_budget": {"en": "only its first {sentences} sentences were compared for meaning "
                              "(translations and paraphrases); verbatim copies were checked in all of it",
                        "zh": "语义比对只比较了前 {sentences} 个句子（翻译和改写）；逐字复制已检查全文"},
}


class _Lenient(string.Formatter):
    """str.format that leaves a placeholder without a value as it is."""

    def get_value(self, key, args, kwargs):
        if isinstance(key, str) and key not in kwargs:
            return "{" + key + "}"
        return super().get_value(key, args, kwargs)


_FORMATTER = _Lenient()


def is_code(code: str) -> bool:
    """True when `code` is a message code known here."""
    return code in MESSAGES


def text(code: str, lang: str = "en", **values) -> str:
    """The words for `code` in `lang` ("en" or "zh"; "zh_CN" and the like count as "zh")."""
    entry = MESSAGES.get(code)
    if entry is None and code.startswith("stage."):  # "stage.loading" spells the stage "loading"
        entry = MESSAGES.get(code[len("stage."):])
    if entry is None:
        return code
    lang = "zh" if str(lang).lower().startswith("zh") else lang
    template = entry.get(lang) or entry["en"]
    cause = values.get("cause")
    if isinstance(cause, str) and cause in MESSAGES:
        inner = {k: v for k, v in values.items() if k != "cause"}
        values = {**values, "cause": text(cause, lang, **inner)}
    try:
        return _FORMATTER.format(template, **values)
    except (IndexError, ValueError, AttributeError, KeyError):
        return template
