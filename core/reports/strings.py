"""Every word a report says, in English and Simplified Chinese: the one dictionary for reports.

The HTML and PDF renderers, the report builder and the GUI's export dialog (its format
names) all read `strings(language)`; no other module holds report wording. A value is a
`str.format` template, or a (one, many) pair for counts (see `Strings.count`).
Option fields are named by `OPTION_LABELS`, never by their internal names.
"""

from __future__ import annotations

LANGUAGES = ("en", "zh")

_EN = {
    # per-student pages (core/reports/student_pages.py)
    "student_report": "Similarity report for {name}",
    "student_report_intro": ("Similarity Index counts every matched passage; the second figure leaves out "
                             "quotations and the bibliography. Sources are ranked by how much of this text they "
                             "share. In the text each source's passages are in that source's color (the legend "
                             "names them, as the app's Student view does); underlined words differ from the "
                             "source."),
    "col_student_source": "Source",
    "col_share": "Share of this text",
    "no_sources": "No source shares a counted passage with this text.",
    "other_sources": "Other sources",
    "verdict_label": "Verdict",
    "html_lang": "en",
    "title": "Plagscope similarity report",
    "generated": "Generated {date}",
    "documents": "Documents",
    "pairs": "Pairs listed",
    "flagged": "Flagged pairs",
    "file_errors": "File errors",
    "flag_rule": "similarity ≥ {threshold}, or near-duplicates (Hamming ≤ {hamming})",
    "how_to_read": "How to read this report",
    "legend": (
        ("Similarity", "How much of the more-copied document lies in shared passages, 0–100%."),
        ("Hamming", ("Bits that differ between the two documents' simhashes (0–64); at or below "
                    "the threshold the whole documents are near-duplicates.")),
        ("Coverage", "Share of each document (left / right) inside shared passages."),
        ("Longest", "Length of the longest shared passage, in characters."),
        ("Flagged", ("A pair at or above the display threshold, or a near-duplicate. Only flagged "
                    "pairs are shown passage by passage.")),
        ("Colors", ("Each passage is colored by its class in each document's own text: red "
                   "unattributed, amber cited only, blue quoted only, green quoted and cited, grey "
                   "bibliography, purple template (the legend above each pair). Passages are "
                   "numbered; in the HTML report click one to jump to its twin. Striped text "
                   "belongs to several passages.")),
        ("Underlined", ("Inside a passage, the words that differ from the other side (inserted, "
                       "deleted or replaced): a light edit shows as such, not as one solid block.")),
    ),
    "options": "Options",
    "option": "Option",
    "setting": "Setting",
    "effective": "Fingerprints ({lang})",
    "effective_value": "k = {k}, window = {window}: every shared run of {t} {unit} or more is found",
    "unit_zh": "Chinese characters",
    "unit_en": "words",
    "lang_zh": "Chinese",
    "lang_en": "English",
    "default_k": "default (Chinese {zh}, English {en})",
    "none": "none",
    "all_cores": "all cores",
    "yes": "yes",
    "no": "no",
    "ranked": "Pairs ranked by similarity",
    "no_pairs": "No two documents share a passage.",
    "more_below": "{n} more pairs below the display threshold are in the JSON and CSV reports.",
    "more_flagged": ("{n} more flagged pair, weaker than those above, is in the JSON and CSV reports.",
                     "{n} more flagged pairs, weaker than those above, are in the JSON and CSV reports."),
    "col_rank": "#",
    "col_left": "Left document",
    "col_right": "Right document",
    "col_similarity": "Similarity",
    "col_hamming": "Hamming",
    "col_left_coverage": "Left coverage",
    "col_right_coverage": "Right coverage",
    "col_longest": "Longest passage (chars)",
    "col_passages": "Passages",
    "col_name": "Name",
    "col_shown_as": "Shown as",
    "col_format": "Format",
    "col_chars": "Characters",
    "col_simhash": "Simhash",
    "col_sha256": "SHA-256",
    "col_path": "Path",
    "col_file": "File",
    "col_reason": "Why it could not be checked",
    "col_members": "Members",
    "col_source": "Likely source",
    "col_size": "Size",
    "errors": "Files that could not be checked",
    "checked": "Documents checked",
    "documents_key": "The tables and pair details call each document by the shortest part of its name that no other document's name has (\"Shown as\"); this table is the key to the full names and paths.",
    "groups": "Groups",
    "groups_intro": "Documents linked by flagged pairs.",
    # text most documents share, found once for the class (Report.shared_texts)
    "shared_texts": "Text most documents share",
    "shared_intro": ("Text held by most of the documents (more than half, and more than ten), "
                     "likely the assignment itself. It is no evidence of copying and does not "
                     "count in the figures of pairs that share more; make it the template to "
                     "leave it out of the check."),
    "col_held": "In",
    "held": "{n} of {m} documents",
    "col_text": "Text",
    "col_documents": "Documents",
    "and_more": "and {n} more",
    "group": "Group {n}",
    "unknown_source": "cannot tell",
    # review: the groups with their strongest pair, the per-student summary, verdicts
    "col_strongest": "Strongest pair",
    "col_copy_pairs": "Copy vs copy",
    "col_verdict": "Verdict",
    "students": "One student at a time",
    "students_intro": "Each document's share of text found in any other document (each character "
                      "counted once) and its main sources, most copied first. Short names keep "
                      "the part of the file name that differs; hover for the full name.",
    "col_student": "Document",
    "col_overall": "Found elsewhere",
    "col_sources": "Main sources (share of this text)",
    "more_students": "{n} documents with nothing found elsewhere are not listed.",
    "verdict_confirmed": "Confirmed",
    "verdict_suspicious": "Suspicious",
    "verdict_not_plagiarism": "Not plagiarism",
    "details": "Flagged pairs passage by passage",
    "details_intro": "Pairs with {rule}.",
    "no_details": "No pair reaches the display threshold.",
    "details_limited": (("{n} more flagged pair is listed in the table only: to keep the report "
                        "readable, pairs are shown passage by passage up to a size limit, each "
                        "document's strongest pair first. The app and the JSON report have them all."),
                        ("{n} more flagged pairs are listed in the table only: to keep the report "
                        "readable, pairs are shown passage by passage up to a size limit, each "
                        "document's strongest pair first. The app and the JSON report have them all.")),
    "col_copied": "Copied",
    "col_kind": "Kind",
    "metrics": ("Copied {copied} ({kind}) · verbatim similarity {similarity} · Hamming {hamming} · coverage {left} / {right} · "
                "longest passage {longest} chars · {count}"),
    "count_passages": ("{n} passage", "{n} passages"),
    "passage": "Passage {j}",
    "also": "also passage {others}",
    "passage_sizes": "{left} ↔ {right} characters",
    "where": "{name}, characters {start}–{end}",
    "same_text": "{left} and {right}: the same text",
    # the semantic layer: its own figure, never mixed into the similarity
    "col_meaning": "Found by meaning",
    "kind_translation": "translation",
    "kind_paraphrase": "paraphrase",
    "semantic_metrics": ("Found by meaning: {kind}, {share} of the sentences render the other document "
                         "({count} sentence pairs, each with its score; kept apart from the similarity)"),
    "col_score": "Score",
    "col_left_sentence": "Sentence (left)",
    "col_right_sentence": "Sentence (right)",
    "no_passages_semantic": "No passage in common: the pair was found by the meaning of its sentences.",
    "no_passages": "No passage in common: flagged as near-duplicate documents by their simhashes.",
    "to_right": "jump to the right side",
    "no_texts": "The texts of these documents are not available in this report.",
    "back": "↑ Back to the table",
    "footer": ("Made by Plagscope. Shared passages show where texts agree; they are evidence "
               "for a person to weigh, not a verdict."),
    "page": "Page {n}",
    # format names, as the export dialog offers them
    "format_html": "HTML report",
    "format_pdf": "PDF report",
    "format_json": "JSON data",
    "format_csv": "CSV table",
}

_ZH = {
    # 每位学生一页（core/reports/student_pages.py）
    "student_report": "{name} 的相似度检测报告",
    "student_report_intro": ("总文字复制比计入全部相同片段；去除引用文献复制比不计引用和参考文献。相似来源按与本文共有的比例排序。"
                             "全文中各来源的片段用该来源的颜色标出（图例列出各来源，与程序的学生视图相同），带下划线的字词与来源不同。"),
    "col_student_source": "相似来源",
    "col_share": "占本文比例",
    "no_sources": "没有来源与本文共有计入的片段。",
    "other_sources": "其他来源",
    "verdict_label": "结论",
    "html_lang": "zh-CN",
    "title": "Plagscope 相似度检测报告",
    "generated": "生成时间 {date}",
    "documents": "文档",
    "pairs": "列出的文档对",
    "flagged": "需关注的文档对",
    "file_errors": "无法读取的文件",
    "flag_rule": "相似度 ≥ {threshold}，或整篇近似重复（汉明距离 ≤ {hamming}）",
    "how_to_read": "如何阅读本报告",
    "legend": (
        ("相似度", "被抄袭较多的一篇文档中落在相同片段内的比例，0–100%。"),
        ("汉明距离", "两篇文档的 simhash 不同的位数（0–64）；不超过阈值即整篇近似重复。"),
        ("覆盖率", "每篇文档（左 / 右）落在相同片段内的比例。"),
        ("最长片段", "最长的一个相同片段的长度（字符）。"),
        ("需关注", "相似度达到显示阈值或整篇近似重复的文档对。只有需关注的文档对逐段列出。"),
        ("颜色", ("每个片段按其在各自文档中的引用类别着色：红色为未标注引用，橙色为仅注明出处，蓝色为仅加引号，"
                 "绿色为引用并注明出处，灰色为参考文献，紫色为模板文字（每个文档对上方有图例）。片段带编号；"
                 "在 HTML 报告中点击片段可跳到另一侧对应处。带斜纹的文字同时属于多个片段。")),
        ("下划线", "片段中与另一侧不同的文字（插入、删除或替换），因此轻度改写显示为改写，而不是一整块相同文字。"),
    ),
    "options": "检测参数",
    "option": "参数",
    "setting": "取值",
    "effective": "指纹参数（{lang}）",
    "effective_value": "k = {k}，窗口 = {window}：长度不少于 {t} {unit}的相同片段一定能被找到",
    "unit_zh": "个汉字",
    "unit_en": "个英文单词",
    "lang_zh": "中文",
    "lang_en": "英文",
    "default_k": "默认（中文 {zh}，英文 {en}）",
    "none": "无",
    "all_cores": "全部处理器核心",
    "yes": "是",
    "no": "否",
    "ranked": "按相似度排序的文档对",
    "no_pairs": "没有任何两篇文档存在相同片段。",
    "more_below": "另有 {n} 个低于显示阈值的文档对，见 JSON 和 CSV 报告。",
    "more_flagged": ("另有 {n} 个相似度较低的需关注文档对，见 JSON 和 CSV 报告。",
                     "另有 {n} 个相似度较低的需关注文档对，见 JSON 和 CSV 报告。"),
    "col_rank": "序号",
    "col_left": "左侧文档",
    "col_right": "右侧文档",
    "col_similarity": "相似度",
    "col_hamming": "汉明距离",
    "col_left_coverage": "左侧覆盖率",
    "col_right_coverage": "右侧覆盖率",
    "col_longest": "最长片段（字符）",
    "col_passages": "片段数",
    "col_name": "文件名",
    "col_shown_as": "简称",
    "col_format": "格式",
    "col_chars": "字符数",
    "col_simhash": "Simhash",
    "col_sha256": "SHA-256",
    "col_path": "路径",
    "col_file": "文件",
    "col_reason": "未能检测的原因",
    "col_members": "成员",
    "col_source": "可能的来源",
    "col_size": "篇数",
    "errors": "未能检测的文件",
    "checked": "已检测的文档",
    "documents_key": "报告中的表格和配对详情用文件名中与其他文档不同的最短部分（“简称”）称呼每篇文档；本表列出对应的完整文件名和路径。",
    "groups": "相似文档组",
    "groups_intro": "由需关注的文档对连在一起的文档。",
    "shared_texts": "多数文档共有的文本",
    "shared_intro": ("超过半数（且多于十篇）文档共有的文本，很可能是作业题目本身。它不是抄袭的证据，"
                     "也不计入共有更多内容的文档对的数字；将其设为模板即可在检查中排除。"),
    "col_held": "见于",
    "held": "{m} 篇中的 {n} 篇",
    "col_text": "文本",
    "col_documents": "文档",
    "and_more": "等另外 {n} 篇",
    "group": "第 {n} 组",
    "unknown_source": "无法判断",
    "col_strongest": "最相似的一对",
    "col_copy_pairs": "抄件之间",
    "col_verdict": "审阅结论",
    "students": "逐个学生",
    "students_intro": "每篇文档在其他任一文档中找到的文字比例（每个字符只计一次）及其主要来源，"
                      "按抄得最多的排列。简称保留文件名中各不相同的部分；悬停可见完整文件名。",
    "col_student": "文档",
    "col_overall": "在别处找到",
    "col_sources": "主要来源（占本文比例）",
    "more_students": "另有 {n} 篇文档在别处没有找到相同文字，未列出。",
    "verdict_confirmed": "确认抄袭",
    "verdict_suspicious": "可疑",
    "verdict_not_plagiarism": "不是抄袭",
    "details": "需关注文档对逐段对照",
    "details_intro": "{rule}的文档对。",
    "no_details": "没有文档对达到显示阈值。",
    "details_limited": (("另有 {n} 个需关注的文档对只列在上面的表中：为使报告便于阅读，逐段对照有篇幅上限，"
                        "优先列出每篇文档最相似的一对。程序和 JSON 报告中有全部文档对。"),
                        ("另有 {n} 个需关注的文档对只列在上面的表中：为使报告便于阅读，逐段对照有篇幅上限，"
                        "优先列出每篇文档最相似的一对。程序和 JSON 报告中有全部文档对。")),
    "col_copied": "复制比",
    "col_kind": "类型",
    "metrics": ("复制比 {copied}（{kind}） · 逐字相似度 {similarity} · 汉明距离 {hamming} · 覆盖率 {left} / {right} · "
                "最长片段 {longest} 字符 · {count}"),
    "count_passages": ("共 {n} 个片段", "共 {n} 个片段"),
    "passage": "片段 {j}",
    "also": "同时属于片段 {others}",
    "passage_sizes": "{left} ↔ {right} 字符",
    "where": "{name}，第 {start}–{end} 字符",
    "same_text": "{left} 与 {right}：文字相同",
    # 语义层：单独的指标，不计入相似度
    "col_meaning": "按语义发现",
    "kind_translation": "翻译",
    "kind_paraphrase": "改写",
    "semantic_metrics": "按语义发现：{kind}，{share} 的句子与另一篇意思相同（{count} 对句子，各有得分；不计入相似度）",
    "col_score": "得分",
    "col_left_sentence": "句子（左）",
    "col_right_sentence": "句子（右）",
    "no_passages_semantic": "没有相同片段：这对文档是按句子的语义发现的。",
    "no_passages": "没有相同片段：两篇文档的 simhash 表明整篇近似重复。",
    "to_right": "跳到右侧",
    "no_texts": "本报告中没有这些文档的正文。",
    "back": "↑ 返回列表",
    "footer": "由 Plagscope 生成。相同片段只说明文本在哪里一致，是供人判断的依据，而不是结论。",
    "page": "第 {n} 页",
    "format_html": "HTML 报告",
    "format_pdf": "PDF 报告",
    "format_json": "JSON 数据",
    "format_csv": "CSV 表格",
}

#: CheckOptions field -> its label, per language. A report never shows a field's own name.
OPTION_LABELS = {
    "en": {
        "k": "k-gram length (units)",
        "window": "Winnowing window",
        "hamming": "Near-duplicate threshold (Hamming bits)",
        "keywords": "Keywords per document (simhash)",
        "min_passage": "Shortest passage kept (characters)",
        "max_share": "Ignore fingerprints in more than this share of documents",
        "min_common": "Ignore them only when in more than this many documents",
        "max_repeats": "Ignore fingerprints repeated more often in one document",
        "template": "Assignment text (template)",
        "exclude": "Excluded files",
        "display_threshold": "Display threshold (similarity)",
        "max_file_mb": "Largest file read (MB)",
        "max_chars": "Longest document read (characters)",
        "workers": "Worker processes",
        "exclude_quotes": "Leave quotations out of the copy ratio",
        "exclude_references": "Leave the reference list out of the copy ratio",
        "exclude_template": "Leave the template out of the copy ratio",
        "min_match_chars": "Shortest match counted (Chinese characters)",
        "min_match_words": "Shortest match counted (English words)",
        "semantic": "Find translations and paraphrases",
    },
    "zh": {
        "k": "k 元组长度（单位）",
        "window": "取指纹窗口",
        "hamming": "近似重复阈值（汉明距离位数）",
        "keywords": "每篇文档的关键词数（simhash）",
        "min_passage": "保留的最短片段（字符）",
        "max_share": "忽略出现在超过此比例文档中的指纹",
        "min_common": "且仅当出现在超过此数量的文档中时忽略",
        "max_repeats": "忽略在一篇文档中重复超过此次数的指纹",
        "template": "作业题目文本（模板）",
        "exclude": "排除的文件",
        "display_threshold": "显示阈值（相似度）",
        "max_file_mb": "读取的最大文件（MB）",
        "max_chars": "读取的最长文档（字符）",
        "workers": "工作进程数",
        "exclude_quotes": "复制比不计引用",
        "exclude_references": "复制比不计参考文献",
        "exclude_template": "复制比不计模板",
        "min_match_chars": "计入的最短相同片段（汉字）",
        "min_match_words": "计入的最短相同片段（英文单词）",
        "semantic": "查找翻译和改写",
    },
}

_TABLES = {"en": _EN, "zh": _ZH}


class Strings:
    """The report wording in one language: `s("key", name=value)` formats, `s.count(key, n)` picks the plural."""

    def __init__(self, language: str):
        if language not in _TABLES:
            raise ValueError(f"no report labels for language {language!r}; use one of {sorted(_TABLES)}")
        self.language = language
        self._table = _TABLES[language]
        self.options = OPTION_LABELS[language]

    def __call__(self, key: str, **values: object) -> str:
        return self._table[key].format(**values) if values else self._table[key]

    def raw(self, key: str):
        """The entry as stored (a tuple for legends and counts)."""
        return self._table[key]

    def count(self, key: str, n: int, **values: object) -> str:
        one, many = self._table[key]
        return (one if n == 1 else many).format(n=n, **values)


def strings(language: str) -> Strings:
    """The report wording for "en" or "zh" (ValueError for any other)."""
    return Strings(language)


def report_language(ui_language: str) -> str:
    """The report language for a UI language name ("zh_CN", "zh", "en_US" ...): zh or en."""
    return "zh" if str(ui_language).lower().startswith("zh") else "en"
