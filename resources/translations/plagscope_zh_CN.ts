<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>ArchiveBrowser</name>
        <message>
            <source>Archive — %1</source>
            <translation>档案库 — %1</translation>
        </message>
        <message>
            <source>Search names and labels</source>
            <translation>搜索名称和标签</translation>
        </message>
        <message>
            <source>Open Text</source>
            <translation>打开正文</translation>
        </message>
        <message>
            <source>Remove…</source>
            <translation>删除…</translation>
        </message>
        <message numerus="yes">
            <source>%n document(s)</source>
            <translation>
                <numerusform>%n 篇文档</numerusform>
            </translation>
        </message>
        <message>
            <source>Reading %1…</source>
            <translation>正在读取 %1…</translation>
        </message>
        <message>
            <source>Archive</source>
            <translation>档案库</translation>
        </message>
        <message>
            <source>%1 is no longer in the archive.</source>
            <translation>%1 已不在档案库中。</translation>
        </message>
        <message>
            <source>Remove from the archive</source>
            <translation>从档案库中删除</translation>
        </message>
        <message numerus="yes">
            <source>Delete %n document(s) from the archive, with their text and fingerprints? This cannot be undone.</source>
            <translation>
                <numerusform>要从档案库中删除这 %n 篇文档及其正文和指纹吗？此操作无法撤销。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Removing %n document(s)…</source>
            <translation>
                <numerusform>正在删除 %n 个文档…</numerusform>
            </translation>
        </message>
        <message>
            <source>Listing the archive…</source>
            <translation>正在列出档案库…</translation>
        </message>
    </context>
    <context>
        <name>ArchiveController</name>
        <message>
            <source>&amp;Save Check…</source>
            <extracomment>A verdict is autosaved this long after it was set (more verdicts meanwhile: one save).</extracomment>
            <translation>保存检测结果(&amp;S)…</translation>
        </message>
        <message>
            <source>Save the documents, results and verdicts in one .plagscope file</source>
            <translation>将文档、结果和审阅结论保存到一个 .plagscope 文件中</translation>
        </message>
        <message>
            <source>Open &amp;Check…</source>
            <translation>打开检测结果(&amp;C)…</translation>
        </message>
        <message>
            <source>Open a saved check (no original files needed)</source>
            <translation>打开已保存的检测结果（无需原始文件）</translation>
        </message>
        <message>
            <source>&amp;Add Loaded Documents…</source>
            <translation>将已载入的文档加入档案库(&amp;A)…</translation>
        </message>
        <message>
            <source>Keep the loaded documents in the archive, with a label</source>
            <translation>给已载入的文档加上标签，存入档案库</translation>
        </message>
        <message>
            <source>Check Against &amp;Archive</source>
            <translation>与档案库比对(&amp;A)</translation>
        </message>
        <message>
            <source>Also compare with every archived document</source>
            <translation>同时与档案库中的每篇文档比对</translation>
        </message>
        <message>
            <source>&amp;Browse Archive…</source>
            <translation>浏览档案库(&amp;B)…</translation>
        </message>
        <message>
            <source>Search, open and remove archived documents</source>
            <translation>搜索、打开和删除档案库中的文档</translation>
        </message>
        <message>
            <source>Archive &amp;Location…</source>
            <translation>档案库位置(&amp;L)…</translation>
        </message>
        <message>
            <source>An SQLite file or a postgresql:// address</source>
            <translation>SQLite 文件或 postgresql:// 地址</translation>
        </message>
        <message>
            <source>&amp;Archive</source>
            <translation>档案库(&amp;A)</translation>
        </message>
        <message>
            <source>Archive</source>
            <translation>档案库</translation>
        </message>
        <message>
            <source>There are no loaded documents to add.</source>
            <translation>没有可加入的已载入文档。</translation>
        </message>
        <message>
            <source>Add to Archive</source>
            <translation>加入档案库</translation>
        </message>
        <message numerus="yes">
            <source>Label for these %n document(s) (e.g. class and term):</source>
            <translation>
                <numerusform>这 %n 篇文档的标签（例如班级和学期）：</numerusform>
            </translation>
        </message>
        <message>
            <source>Adding to the archive…</source>
            <translation>正在加入档案库…</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Give the documents a label, such as the class and term, to find and remove them later.</source>
            <translation>请为这些文档填写标签（例如班级和学期），以便日后查找和删除。</translation>
        </message>
        <message>
            <source>Archive: %1 added, %2 already there</source>
            <translation>档案库：新加入 %1 篇，%2 篇已在库中</translation>
        </message>
        <message>
            <source>The documents could not be added.</source>
            <translation>无法将这些文档加入档案库。</translation>
        </message>
        <message>
            <source>Adding to the archive was cancelled; the documents added so far stay.</source>
            <translation>已取消加入档案库；已经加入的文档仍保留在库中。</translation>
        </message>
        <message>
            <source>Archive Location</source>
            <translation>档案库位置</translation>
        </message>
        <message>
            <source>SQLite file or postgresql://user@host/database (empty: the default)</source>
            <translation>SQLite 文件或 postgresql://user@host/database（留空：使用默认位置）</translation>
        </message>
        <message>
            <source>Save Check</source>
            <translation>保存检测结果</translation>
        </message>
        <message>
            <source>There are no results to save. Run a check first.</source>
            <translation>没有可保存的结果。请先运行检测。</translation>
        </message>
        <message>
            <source>Plagscope checks (*.plagscope)</source>
            <translation>Plagscope 检测结果 (*.plagscope)</translation>
        </message>
        <message>
            <source>Saving the check to %1…</source>
            <translation>正在将检测结果保存到 %1…</translation>
        </message>
        <message>
            <source>The check could not be saved to %1.</source>
            <translation>无法将检测结果保存到 %1。</translation>
        </message>
        <message>
            <source>Opening %1…</source>
            <translation>正在打开 %1…</translation>
        </message>
        <message>
            <source>%1 cannot be opened as a check.</source>
            <translation>%1 不是可以打开的检测结果。</translation>
        </message>
        <message>
            <source>Check saved to %1</source>
            <translation>检测结果已保存到 %1</translation>
        </message>
        <message>
            <source>Listing the archive…</source>
            <translation>正在列出档案库…</translation>
        </message>
        <message>
            <source>The archive %1 cannot be used.</source>
            <translation>无法使用档案库 %1。</translation>
        </message>
        <message>
            <source>Open Check</source>
            <translation>打开检测结果</translation>
        </message>
        <message>
            <source>Recover unsaved work</source>
            <translation>恢复未保存的工作</translation>
        </message>
        <message>
            <source>Plagscope did not close normally last time. Restore the check it was showing?</source>
            <translation>Plagscope 上次没有正常关闭。要恢复当时显示的检测结果吗？</translation>
        </message>
    </context>
    <context>
        <name>ArchivedModel</name>
        <message>
            <source>ID</source>
            <translation>编号</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>Label</source>
            <translation>标签</translation>
        </message>
        <message>
            <source>Added</source>
            <translation>加入时间</translation>
        </message>
        <message>
            <source>Characters</source>
            <translation>字符数</translation>
        </message>
    </context>
    <context>
        <name>CompareView</name>
        <message>
            <source>The Hamming distance of the two keyword fingerprints is at most %1, so the documents are near-duplicates as a whole.</source>
            <extracomment>Character-format property listing the passages (0-based) that cover a character, shortest first. Character-format property set on characters that differ from the other side (an edit mark). (light, strong) per attribution class (core.models.ATTRIBUTIONS); the reports use the same. "Use as template" on a passage most documents hold: its text (left side), to become the template</extracomment>
            <translation>两篇文档关键词指纹的汉明距离不超过 %1，整体上属于近似重复。</translation>
        </message>
        <message>
            <source>Next passage</source>
            <translation>下一个片段</translation>
        </message>
        <message>
            <source>Previous passage</source>
            <translation>上一个片段</translation>
        </message>
        <message>
            <source>Synchronized scrolling</source>
            <translation>同步滚动</translation>
        </message>
        <message>
            <source>%1 covered</source>
            <translation>覆盖 %1</translation>
        </message>
        <message numerus="yes">
            <source>%n passage(s)</source>
            <translation>
                <numerusform>%n 个片段</numerusform>
            </translation>
        </message>
        <message>
            <source> · near-duplicate</source>
            <translation> · 近似重复</translation>
        </message>
        <message>
            <source>Use as template</source>
            <translation>用作模板</translation>
        </message>
        <message>
            <source>Make this passage's text the template (the assignment's own text) and check again: text shared with the template is then ignored</source>
            <translation>将此段文字设为模板（作业题目本身的文字）并重新检测：与模板相同的文字将被忽略</translation>
        </message>
        <message numerus="yes">
            <source>Hamming distance %1 · similarity %2 · %n passage(s), longest %3 characters</source>
            <translation>
                <numerusform>汉明距离 %1 · 相似度 %2 · %n 个片段，最长 %3 个字符</numerusform>
            </translation>
        </message>
        <message>
            <source>Copied %1 (%2) · </source>
            <translation>复制比 %1（%2） · </translation>
        </message>
        <message numerus="yes">
            <source> · translation: %1 of the sentences, %n sentence pair(s)</source>
            <translation>
                <numerusform> · 翻译：%1 的句子与另一篇意思相同，共 %n 对句子</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source> · paraphrase: %1 of the sentences, %n sentence pair(s)</source>
            <translation>
                <numerusform> · 改写：%1 的句子与另一篇意思相同，共 %n 对句子</numerusform>
            </translation>
        </message>
        <message>
            <source>unattributed</source>
            <translation>未标注引用</translation>
        </message>
        <message>
            <source>cited, not quoted</source>
            <translation>注明出处（未加引号）</translation>
        </message>
        <message>
            <source>quoted, not cited</source>
            <translation>引号引用（未注出处）</translation>
        </message>
        <message>
            <source>quoted and cited</source>
            <translation>引用并注明出处</translation>
        </message>
        <message>
            <source>reference list</source>
            <translation>参考文献</translation>
        </message>
        <message>
            <source>template</source>
            <translation>模板文字</translation>
        </message>
        <message>
            <source>same meaning (sentence pairs, with their scores)</source>
            <translation>意思相同（句子对及其得分）</translation>
        </message>
        <message>
            <source>same words</source>
            <translation>相同字词</translation>
        </message>
        <message>
            <source>changed words</source>
            <translation>改动的字词</translation>
        </message>
        <message>
            <source>Passage %1</source>
            <translation>片段 %1</translation>
        </message>
        <message>
            <source>Same meaning: score %1</source>
            <translation>意思相同：得分 %1</translation>
        </message>
        <message>
            <source>Passage %1: %2</source>
            <translation>片段 %1：%2</translation>
        </message>
        <message>
            <source>No matched passages</source>
            <translation>没有相同片段</translation>
        </message>
        <message>
            <source>Passage %1 of %2</source>
            <translation>第 %1 个片段，共 %2 个</translation>
        </message>
    </context>
    <context>
        <name>DocumentList</name>
        <message>
            <source>Documents (%1)</source>
            <extracomment>The longest texts of a column that are measured: its cells are figures, formats and short words, and the widest is among the longest (measuring each text shapes it, not cheap).</extracomment>
            <translation>文档（%1）</translation>
        </message>
        <message>
            <source>%1 unreadable</source>
            <translation>%1 个无法读取</translation>
        </message>
    </context>
    <context>
        <name>DocumentModel</name>
        <message>
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>Format</source>
            <translation>格式</translation>
        </message>
        <message>
            <source>Length</source>
            <translation>长度</translation>
        </message>
        <message>
            <source>Highest</source>
            <translation>最高相似度</translation>
        </message>
        <message>
            <source>File name</source>
            <translation>文件名</translation>
        </message>
        <message>
            <source>File format</source>
            <translation>文件格式</translation>
        </message>
        <message>
            <source>Length in characters</source>
            <translation>字符数</translation>
        </message>
        <message>
            <source>Highest similarity to any other document in the last check</source>
            <translation>上次检测中与其他任一文档的最高相似度</translation>
        </message>
        <message>
            <source>Verdict</source>
            <translation>审阅结论</translation>
        </message>
        <message>
            <source>The reviewer's verdict on the document</source>
            <translation>审阅者对该文档的结论</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>复制比</translation>
        </message>
        <message>
            <source>Similarity index (总文字复制比): the share of the document's characters inside matched passages; the tooltip has all figures</source>
            <translation>总文字复制比：文档中处于相同片段内的字符比例；提示中有全部数据</translation>
        </message>
        <message>
            <source>%1 (template)</source>
            <translation>%1（模板）</translation>
        </message>
        <message>
            <source>loading…</source>
            <translation>正在读取…</translation>
        </message>
        <message>
            <source>unreadable</source>
            <translation>无法读取</translation>
        </message>
        <message>
            <source>Could not read %1:
%2</source>
            <translation>无法读取 %1：
%2</translation>
        </message>
        <message>
            <source>Loading %1…</source>
            <translation>正在读取 %1…</translation>
        </message>
        <message>
            <source>%1
Template: text shared with it is ignored</source>
            <translation>%1
模板：与其相同的文字不计入比对</translation>
        </message>
    </context>
    <context>
        <name>ExceptionDialog</name>
        <message>
            <source>Something went wrong, but your documents and results are safe. You can keep working.</source>
            <translation>出现了意外错误，但您的文档和结果都完好无损，可以继续工作。</translation>
        </message>
        <message>
            <source>Details were written to the log: %1</source>
            <translation>详细信息已写入日志：%1</translation>
        </message>
        <message>
            <source>Unexpected error</source>
            <translation>意外错误</translation>
        </message>
    </context>
    <context>
        <name>Exporter</name>
        <message>
            <source>Export Report</source>
            <translation>导出报告</translation>
        </message>
        <message>
            <source>Replace File?</source>
            <translation>替换文件？</translation>
        </message>
        <message>
            <source>%1 already exists.
Do you want to replace it?</source>
            <translation>%1 已存在。
要替换它吗？</translation>
        </message>
        <message>
            <source>Writing %1…</source>
            <translation>正在写入 %1…</translation>
        </message>
        <message>
            <source>The report could not be saved to %1.</source>
            <translation>无法将报告保存到 %1。</translation>
        </message>
        <message>
            <source>There are no results to export. Run a check first.</source>
            <translation>没有可导出的结果。请先运行检测。</translation>
        </message>
        <message>
            <source>plagscope-report</source>
            <translation>plagscope-报告</translation>
        </message>
        <message>
            <source>Export failed</source>
            <translation>导出失败</translation>
        </message>
        <message>
            <source>The report could not be saved.</source>
            <translation>报告无法保存。</translation>
        </message>
        <message>
            <source>Report saved to %1</source>
            <translation>报告已保存到 %1</translation>
        </message>
    </context>
    <context>
        <name>FileChooser</name>
        <message>
            <source>Open Essays</source>
            <translation>打开作文</translation>
        </message>
        <message>
            <source>Essays (%1);;All files (*)</source>
            <translation>作文 (%1);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Add Folder</source>
            <translation>添加文件夹</translation>
        </message>
    </context>
    <context>
        <name>FileTask</name>
        <message>
            <source>Cancel</source>
            <extracomment>The progress dialog appears only for work that takes longer than this (ms): a second, as desktop guidelines ask of progress indicators. Its appearance blocks the window, which then repaints all of it, longer while a save writes beside it, so a dialog that appears sooner stalls the quick saves it was meant to report (bench/review_bench.py).</extracomment>
            <translation>取消</translation>
        </message>
        <message>
            <source>Cancelling…</source>
            <translation>正在取消…</translation>
        </message>
    </context>
    <context>
        <name>GraphView</name>
        <message>
            <source>Documents linked by flagged pairs; thicker, darker edges are more similar. Large ringed nodes are likely sources. Ctrl+wheel zooms, double-click a document to open it.</source>
            <translation>由需关注的文档对连在一起的文档；边越粗越深表示越相似。带圈的大节点是可能的来源。Ctrl+滚轮缩放，双击文档打开。</translation>
        </message>
        <message>
            <source>found elsewhere</source>
            <translation>在别处找到</translation>
        </message>
        <message>
            <source>likely source of its group</source>
            <translation>本组可能的来源</translation>
        </message>
    </context>
    <context>
        <name>GroupsView</name>
        <message>
            <source>Group</source>
            <translation>组</translation>
        </message>
        <message>
            <source>Size / similarity</source>
            <translation>大小 / 相似度</translation>
        </message>
        <message>
            <source>Likely source</source>
            <translation>可能的来源</translation>
        </message>
        <message>
            <source>Strongest pair</source>
            <translation>最相似的一对</translation>
        </message>
        <message>
            <source>Reviewed</source>
            <translation>已审阅</translation>
        </message>
        <message>
            <source>Run a check to see the groups of documents that share text.</source>
            <translation>运行检测后，这里显示有共同文字的文档组。</translation>
        </message>
        <message>
            <source>%1 group(s): %2 of %3 documents share a flagged pair (similarity at least %4 or a near-duplicate). The likely source is the member holding at least %5 of what each other member shares; pairs of two copies are listed under their group.</source>
            <translation>%1 个组：%3 篇文档中有 %2 篇属于需关注的文档对（相似度至少 %4 或近似重复）。可能的来源是包含其他每个成员共有文字至少 %5 的成员；两篇抄件之间的文档对列在所属组下。</translation>
        </message>
        <message numerus="yes">
            <source>%n document(s)</source>
            <translation>
                <numerusform>%n 篇文档</numerusform>
            </translation>
        </message>
        <message>
            <source>undecided</source>
            <translation>无法判断</translation>
        </message>
        <message>
            <source>%1 of %2 pairs</source>
            <translation>%1 / %2 对</translation>
        </message>
        <message>
            <source>Members (%1)</source>
            <translation>成员（%1）</translation>
        </message>
        <message>
            <source>Source vs copies (%1)</source>
            <translation>来源与抄件（%1）</translation>
        </message>
        <message>
            <source>Pairs (%1)</source>
            <translation>文档对（%1）</translation>
        </message>
        <message>
            <source>Copy vs copy (%1)</source>
            <translation>抄件之间（%1）</translation>
        </message>
        <message>
            <source>Pairs of two copies of the same source: listed here, not as findings of their own</source>
            <translation>同一来源的两篇抄件之间的文档对：列在这里，不单独作为发现</translation>
        </message>
        <message>
            <source>%1 found elsewhere</source>
            <translation>%1 在别处找到</translation>
        </message>
        <message>
            <source>likely source</source>
            <translation>可能的来源</translation>
        </message>
        <message>
            <source>copy vs copy</source>
            <translation>抄件之间</translation>
        </message>
        <message>
            <source>Hamming %1</source>
            <translation>汉明距离 %1</translation>
        </message>
        <message>
            <source>Compare</source>
            <translation>对比</translation>
        </message>
        <message>
            <source>Open Student View</source>
            <translation>打开单个学生视图</translation>
        </message>
    </context>
    <context>
        <name>HeatMap</name>
        <message>
            <source>Run a check to see the similarity of every pair here.</source>
            <translation>运行检测后，这里会显示每两篇文档之间的相似度。</translation>
        </message>
        <message>
            <source>T</source>
            <translation>译</translation>
        </message>
        <message>
            <source>P</source>
            <translation>改</translation>
        </message>
        <message>
            <source>Similarity: %1</source>
            <translation>相似度：%1</translation>
        </message>
        <message>
            <source>Hamming distance: %1</source>
            <translation>汉明距离：%1</translation>
        </message>
        <message>
            <source>Near-duplicate</source>
            <translation>近似重复</translation>
        </message>
        <message>
            <source>Translation: %1 of the sentences</source>
            <translation>翻译：%1 的句子与另一篇意思相同</translation>
        </message>
        <message>
            <source>Paraphrase: %1 of the sentences</source>
            <translation>改写：%1 的句子与另一篇意思相同</translation>
        </message>
        <message>
            <source>Click to compare</source>
            <translation>点击进行对比</translation>
        </message>
    </context>
    <context>
        <name>HelpPage</name>
        <message>
            <source>Commands</source>
            <translation>命令</translation>
        </message>
        <message>
            <source>In lists and views</source>
            <translation>在列表和视图中</translation>
        </message>
        <message>
            <source>Keyboard Shortcuts</source>
            <translation>键盘快捷键</translation>
        </message>
        <message>
            <source>Reading the Figures</source>
            <translation>如何解读数值</translation>
        </message>
        <message>
            <source>Alt + underlined letter</source>
            <translation>Alt + 带下划线的字母</translation>
        </message>
        <message>
            <source>Open a menu, or choose its entry</source>
            <translation>打开菜单，或选择其中的项</translation>
        </message>
        <message>
            <source>Tab / Shift+Tab</source>
            <translation>Tab / Shift+Tab</translation>
        </message>
        <message>
            <source>Move between the document list, the view's controls and its table</source>
            <translation>在文档列表、视图的控件和表格之间移动</translation>
        </message>
        <message>
            <source>Arrows, Home, End, Page Up/Down</source>
            <translation>方向键、Home、End、Page Up/Down</translation>
        </message>
        <message>
            <source>Move in a list or table</source>
            <translation>在列表或表格中移动</translation>
        </message>
        <message>
            <source>Enter</source>
            <translation>Enter</translation>
        </message>
        <message>
            <source>Open the current pair (Pairs, Groups, Student sources)</source>
            <translation>打开当前文档对（文档对、分组、学生视图的来源）</translation>
        </message>
        <message>
            <source>F3 / Shift+F3</source>
            <translation>F3 / Shift+F3</translation>
        </message>
        <message>
            <source>Next / previous passage in an open pair</source>
            <translation>在打开的文档对中跳到下一个 / 上一个片段</translation>
        </message>
        <message>
            <source>Del</source>
            <translation>Del</translation>
        </message>
        <message>
            <source>Remove the selected documents (document list)</source>
            <translation>移除选中的文档（文档列表）</translation>
        </message>
        <message>
            <source>Esc</source>
            <translation>Esc</translation>
        </message>
        <message>
            <source>Stop the running check, or close a dialog</source>
            <translation>停止正在进行的检测，或关闭对话框</translation>
        </message>
        <message>
            <source>% covered</source>
            <translation>覆盖率</translation>
        </message>
        <message>
            <source>In an open pair, above each text: the share of that document's text inside the passages it shares with the other.</source>
            <translation>在打开的文档对中，每篇正文上方：该文档落在与另一篇相同的片段内的文字比例。</translation>
        </message>
        <message>
            <source>Meaning</source>
            <translation>语义</translation>
        </message>
        <message>
            <source>What the meaning layer found for the pair (translation or paraphrase) and its own figure; empty when it found nothing or was off.</source>
            <translation>语义层对该文档对的发现（翻译或改写）及其自身的数值；没有发现或语义层未开启时为空。</translation>
        </message>
        <message>
            <source>Group</source>
            <translation>组</translation>
        </message>
        <message>
            <source>Flagged pairs link documents into groups G1, G2, …; the likely source is named only where the evidence points to one, and a pair of two copies is marked copy vs copy.</source>
            <translation>需关注的文档对把文档连成分组 G1、G2……；只有证据指向某篇文档时才标出可能的来源，两篇都是抄本的文档对标为“抄本对抄本”。</translation>
        </message>
        <message>
            <source>Student view</source>
            <translation>学生视图</translation>
        </message>
        <message>
            <source>The share of one document's text found in any other document, each character counted once; its sources ranked by how much of the text each holds, each in its own color, the same colors in its text.</source>
            <translation>一篇文档的文字在任何其他文档中出现的比例，每个字符只计一次；其来源按各自包含的文字多少排序，每个来源一种颜色，正文中用同样的颜色标出。</translation>
        </message>
        <message>
            <source>Heat Map</source>
            <translation>热力图</translation>
        </message>
        <message>
            <source>One cell per pair of documents, from pale to dark red as the similarity rises (the scale beside it); rows in group order, each group outlined on the diagonal.</source>
            <translation>每对文档一个格子，相似度越高颜色越深（从浅色到深红，见旁边的色标）；行按分组排列，每个分组在对角线上加框。</translation>
        </message>
        <message>
            <source>Verdict</source>
            <translation>审阅结论</translation>
        </message>
        <message>
            <source>The reviewers' decision on a pair or a document, with a note: kept with the saved check and written into every export.</source>
            <translation>审阅者对文档对或文档的结论及备注：随检测结果一起保存，并写入每一种导出文件。</translation>
        </message>
    </context>
    <context>
        <name>Keyboard</name>
        <message>
            <source>&amp;Documents</source>
            <extracomment>The views of the View menu: (name, shortcut) in menu order; Pairs and Heat Map keep theirs. Verdicts on the pair in hand: status -&gt; shortcut ("" clears the verdict).</extracomment>
            <translation>文档(&amp;D)</translation>
        </message>
        <message>
            <source>Move to the document list</source>
            <translation>转到文档列表</translation>
        </message>
        <message>
            <source>&amp;Next View</source>
            <translation>下一个视图(&amp;N)</translation>
        </message>
        <message>
            <source>P&amp;revious View</source>
            <translation>上一个视图(&amp;R)</translation>
        </message>
        <message>
            <source>The verdict on the pair in hand</source>
            <translation>对当前文档对的结论</translation>
        </message>
        <message>
            <source>Edit &amp;Note…</source>
            <translation>编辑备注(&amp;N)…</translation>
        </message>
        <message>
            <source>A note on the pair in hand, for the reviewers</source>
            <translation>给审阅者看的、关于当前文档对的备注</translation>
        </message>
        <message>
            <source>&amp;Review</source>
            <translation>审阅(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Keyboard Shortcuts</source>
            <translation>键盘快捷键(&amp;K)</translation>
        </message>
        <message>
            <source>&amp;Reading the Figures</source>
            <translation>如何解读数值(&amp;R)</translation>
        </message>
        <message>
            <source>What each figure and color means</source>
            <translation>每个数值和颜色的含义</translation>
        </message>
        <message>
            <source>&amp;Pairs</source>
            <translation>文档对(&amp;P)</translation>
        </message>
        <message>
            <source>&amp;Heat Map</source>
            <translation>热力图(&amp;H)</translation>
        </message>
        <message>
            <source>&amp;Groups</source>
            <translation>分组(&amp;G)</translation>
        </message>
        <message>
            <source>G&amp;raph</source>
            <translation>关系图(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Student</source>
            <translation>学生(&amp;S)</translation>
        </message>
        <message>
            <source>Shared &amp;Text</source>
            <translation>共有文字(&amp;T)</translation>
        </message>
        <message>
            <source>Not Yet &amp;Reviewed</source>
            <translation>尚未审阅(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Confirmed</source>
            <translation>确认抄袭(&amp;C)</translation>
        </message>
        <message>
            <source>&amp;Suspicious</source>
            <translation>可疑(&amp;S)</translation>
        </message>
        <message>
            <source>Not &amp;Plagiarism</source>
            <translation>不是抄袭(&amp;P)</translation>
        </message>
        <message>
            <source>Verdict</source>
            <translation>审阅结论</translation>
        </message>
        <message>
            <source>Pick a pair first: a row of the Pairs list, a source in the Student view, or an open pair.</source>
            <translation>请先选择一个文档对：文档对列表中的一行、学生视图中的一个来源，或一个已打开的文档对。</translation>
        </message>
    </context>
    <context>
        <name>MainMenus</name>
        <message>
            <source>&amp;Open Files…</source>
            <translation>打开文件(&amp;O)…</translation>
        </message>
        <message>
            <source>Add essays (txt, docx, pdf)</source>
            <translation>添加作文（txt、docx、pdf）</translation>
        </message>
        <message>
            <source>Add &amp;Folder…</source>
            <translation>添加文件夹(&amp;F)…</translation>
        </message>
        <message>
            <source>Add every essay in a folder and its subfolders</source>
            <translation>添加文件夹及其子文件夹中的所有作文</translation>
        </message>
        <message>
            <source>&amp;Remove</source>
            <translation>移除(&amp;R)</translation>
        </message>
        <message>
            <source>Remove the selected documents (Del)</source>
            <translation>移除选中的文档（Del）</translation>
        </message>
        <message>
            <source>Use as &amp;Template</source>
            <translation>设为模板(&amp;T)</translation>
        </message>
        <message>
            <source>Treat the selected document as the assignment text: passages shared with it are ignored</source>
            <translation>将选中的文档作为作业题目文本（模板）：与它相同的片段不计为抄袭</translation>
        </message>
        <message>
            <source>&amp;Check</source>
            <translation>检测(&amp;C)</translation>
        </message>
        <message>
            <source>Compare every pair of documents (Ctrl+R)</source>
            <translation>两两比对所有文档（Ctrl+R）</translation>
        </message>
        <message>
            <source>C&amp;ancel</source>
            <translation>取消(&amp;A)</translation>
        </message>
        <message>
            <source>Stop the running check (Esc)</source>
            <translation>停止正在进行的检测（Esc）</translation>
        </message>
        <message>
            <source>&amp;Export Report…</source>
            <translation>导出报告(&amp;E)…</translation>
        </message>
        <message>
            <source>Save the results as HTML, PDF, JSON or CSV</source>
            <translation>将结果保存为 HTML、PDF、JSON 或 CSV</translation>
        </message>
        <message>
            <source>&amp;Options…</source>
            <translation>选项(&amp;O)…</translation>
        </message>
        <message>
            <source>Tune the check</source>
            <translation>调整检测参数</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <source>&amp;About Plagscope</source>
            <translation>关于 Plagscope(&amp;A)</translation>
        </message>
        <message>
            <source>About &amp;Qt</source>
            <translation>关于 &amp;Qt</translation>
        </message>
        <message>
            <source>&amp;Clear List</source>
            <translation>清空列表(&amp;C)</translation>
        </message>
        <message>
            <source>Close &amp;Tab</source>
            <translation>关闭标签页(&amp;T)</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <source>Find &amp;Translations and Paraphrases</source>
            <translation>查找翻译和改写(&amp;T)</translation>
        </message>
        <message>
            <source>Also find essays that translate (Chinese and English) or paraphrase each other, sentence by sentence; the check takes longer</source>
            <translation>同时逐句查找互为翻译（中英文之间）或互为改写的作文；检测耗时更长</translation>
        </message>
        <message>
            <source>Needs the semantic layer, which is not installed: %1</source>
            <translation>需要语义层，但它尚未安装：%1</translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>语言(&amp;L)</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <source>Recent &amp;Files</source>
            <translation>最近使用(&amp;F)</translation>
        </message>
        <message>
            <source>Check</source>
            <translation>检测</translation>
        </message>
        <message>
            <source>Main toolbar</source>
            <translation>主工具栏</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>语言</translation>
        </message>
        <message>
            <source>The translation for %1 could not be loaded.</source>
            <translation>无法加载 %1 的翻译。</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <source>Plagscope — essay similarity checker</source>
            <translation>Plagscope — 作文相似度检测</translation>
        </message>
        <message>
            <source>Pairs</source>
            <extracomment>Smallest window that still lays out well (menus, toolbar overflow, both panes readable).</extracomment>
            <translation>文档对</translation>
        </message>
        <message>
            <source>Heat Map</source>
            <translation>热力图</translation>
        </message>
        <message>
            <source>Shared Text</source>
            <translation>共有文字</translation>
        </message>
        <message numerus="yes">
            <source>Removed %n document(s)</source>
            <translation>
                <numerusform>已移除 %n 篇文档</numerusform>
            </translation>
        </message>
        <message>
            <source>Use as template</source>
            <translation>用作模板</translation>
        </message>
        <message>
            <source>The template could not be saved.</source>
            <translation>无法保存模板。</translation>
        </message>
        <message numerus="yes">
            <source>%n document(s) ready to check</source>
            <translation>
                <numerusform>%n 篇文档可以检测</numerusform>
            </translation>
        </message>
        <message>
            <source>Cannot check yet</source>
            <translation>暂时无法检测</translation>
        </message>
        <message>
            <source>Cancelling…</source>
            <translation>正在取消…</translation>
        </message>
        <message>
            <source>Checking…</source>
            <translation>正在检测…</translation>
        </message>
        <message>
            <source>The check failed</source>
            <translation>检测失败</translation>
        </message>
        <message>
            <source>Check failed</source>
            <translation>检测失败</translation>
        </message>
        <message>
            <source>The check could not be completed.</source>
            <translation>检测未能完成。</translation>
        </message>
        <message>
            <source>Check cancelled</source>
            <translation>检测已取消</translation>
        </message>
        <message>
            <source>Compare</source>
            <translation>对比</translation>
        </message>
        <message>
            <source>Cannot open the pair</source>
            <translation>无法打开该文档对</translation>
        </message>
        <message>
            <source>The compare view is not available in this installation.</source>
            <translation>此安装中没有对比视图。</translation>
        </message>
    </context>
    <context>
        <name>Messages</name>
        <message>
            <source>… and %1 more (see Show Details)</source>
            <translation>……另有 %1 个（见“显示详情”）</translation>
        </message>
        <message>
            <source>Some files could not be read</source>
            <translation>部分文件无法读取</translation>
        </message>
        <message numerus="yes">
            <source>%n file(s) could not be read and will be left out of the check. The other documents are not affected.</source>
            <translation>
                <numerusform>%n 个文件无法读取，将不参与检测。其他文档不受影响。</numerusform>
            </translation>
        </message>
        <message>
            <source>&lt;h3&gt;Plagscope %1&lt;/h3&gt;&lt;p&gt;Finds copied passages between Chinese and English essays (txt, docx, pdf) with winnowing fingerprints, and near-duplicate essays with simhash.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;Plagscope %1&lt;/h3&gt;&lt;p&gt;使用 winnowing 指纹查找中英文作文（txt、docx、pdf）之间的相同片段，并用 simhash 发现近似重复的作文。&lt;/p&gt;</translation>
        </message>
        <message>
            <source>Python %1, Qt %2, PySide6 %3</source>
            <translation>Python %1，Qt %2，PySide6 %3</translation>
        </message>
        <message>
            <source>About Plagscope</source>
            <translation>关于 Plagscope</translation>
        </message>
    </context>
    <context>
        <name>OptionsDialog</name>
        <message>
            <source>Check Options</source>
            <translation>检测选项</translation>
        </message>
        <message>
            <source>Automatic</source>
            <translation>自动</translation>
        </message>
        <message>
            <source> characters</source>
            <translation> 个字符</translation>
        </message>
        <message>
            <source> bits</source>
            <translation> 位</translation>
        </message>
        <message>
            <source>Copied passages (winnowing)</source>
            <translation>相同片段（winnowing）</translation>
        </message>
        <message>
            <source>&amp;k-gram length (units):</source>
            <translation>&amp;k-gram 长度（单位）：</translation>
        </message>
        <message>
            <source>&amp;Window (fingerprints):</source>
            <translation>窗口大小（指纹）(&amp;W)：</translation>
        </message>
        <message>
            <source>&amp;Minimum passage length:</source>
            <translation>最短片段长度(&amp;M)：</translation>
        </message>
        <message>
            <source>Shared runs shorter than k units (Chinese characters or English words) are never reported. Automatic: 6 for Chinese, 4 for English.</source>
            <translation>短于 k 个单位（汉字或英文单词）的相同片段不会被报告。自动：中文 6，英文 4。</translation>
        </message>
        <message>
            <source>Guarantee threshold t = k + window - 1: any shared run of at least t units is always found.</source>
            <translation>保证阈值 t = k + 窗口 - 1：至少 t 个单位的相同片段一定会被找到。</translation>
        </message>
        <message>
            <source>Whole documents (simhash)</source>
            <translation>整篇文档（simhash）</translation>
        </message>
        <message>
            <source>&amp;Near-duplicate Hamming threshold:</source>
            <translation>近似重复汉明距离阈值(&amp;N)：</translation>
        </message>
        <message>
            <source>Simhash &amp;keywords:</source>
            <translation>Simhash 关键词数(&amp;K)：</translation>
        </message>
        <message>
            <source>Pairs whose simhash fingerprints differ in at most this many of 64 bits are flagged as near-duplicates.</source>
            <translation>simhash 指纹（64 位）相差不超过此位数的文档对会被标记为近似重复。</translation>
        </message>
        <message>
            <source>Display and limits</source>
            <translation>显示与限制</translation>
        </message>
        <message>
            <source>&amp;Display pairs from similarity:</source>
            <translation>显示相似度不低于(&amp;D)：</translation>
        </message>
        <message>
            <source>Maximum file &amp;size:</source>
            <translation>最大文件大小(&amp;S)：</translation>
        </message>
        <message>
            <source>Maximum &amp;characters per document:</source>
            <translation>每篇文档最多字符数(&amp;C)：</translation>
        </message>
        <message>
            <source>Leave &amp;quotations out of the copy ratio</source>
            <translation>复制比不计引用(&amp;Q)</translation>
        </message>
        <message>
            <source>Leave the &amp;reference list out of the copy ratio</source>
            <translation>复制比不计参考文献(&amp;R)</translation>
        </message>
        <message>
            <source>Match the &amp;template's text too (shown, and counted)</source>
            <translation>模板中的文字也参与匹配（显示并计入复制比）(&amp;T)</translation>
        </message>
        <message>
            <source> words</source>
            <translation> 个词</translation>
        </message>
        <message>
            <source>Figures (总文字复制比 / Similarity Index)</source>
            <translation>复制比指标（总文字复制比等）</translation>
        </message>
        <message>
            <source>Count Chinese passages from:</source>
            <translation>中文片段计入的最短长度：</translation>
        </message>
        <message>
            <source>Count other passages from:</source>
            <translation>其他片段计入的最短长度：</translation>
        </message>
        <message>
            <source>CNKI counts 13 consecutive characters; shorter passages are shown but not counted in the figures.</source>
            <translation>知网（CNKI）以连续 13 个字为准；更短的片段会显示，但不计入复制比。</translation>
        </message>
        <message>
            <source>WCopyfind's default is 6 words.</source>
            <translation>WCopyfind 的默认值是 6 个词。</translation>
        </message>
        <message>
            <source>Any shared run this long is always found: Chinese %1 characters (k=%2, window %3), English %4 words (k=%5, window %6).</source>
            <translation>达到以下长度的相同片段一定会被找到：中文 %1 个字（k=%2，窗口 %3），英文 %4 个词（k=%5，窗口 %6）。</translation>
        </message>
        <message>
            <source>Invalid options</source>
            <translation>选项无效</translation>
        </message>
    </context>
    <context>
        <name>PairModel</name>
        <message>
            <source>Left</source>
            <translation>左侧</translation>
        </message>
        <message>
            <source>Right</source>
            <translation>右侧</translation>
        </message>
        <message>
            <source>Similarity</source>
            <translation>相似度</translation>
        </message>
        <message>
            <source>Hamming</source>
            <translation>汉明距离</translation>
        </message>
        <message>
            <source>Left coverage</source>
            <translation>左侧覆盖率</translation>
        </message>
        <message>
            <source>Right coverage</source>
            <translation>右侧覆盖率</translation>
        </message>
        <message>
            <source>Longest passage</source>
            <translation>最长片段</translation>
        </message>
        <message>
            <source>First document of the pair</source>
            <translation>文档对中的第一篇</translation>
        </message>
        <message>
            <source>Second document of the pair</source>
            <translation>文档对中的第二篇</translation>
        </message>
        <message>
            <source>Bits in which the two documents' simhash fingerprints differ (0 = same topic words; small = near-duplicate)</source>
            <translation>两篇文档 simhash 指纹不同的位数（0 = 关键词相同；越小越可能是近似重复）</translation>
        </message>
        <message>
            <source>Share of the left document inside matched passages</source>
            <translation>左侧文档处于相同片段中的比例</translation>
        </message>
        <message>
            <source>Share of the right document inside matched passages</source>
            <translation>右侧文档处于相同片段中的比例</translation>
        </message>
        <message>
            <source>Characters in the longest matched passage</source>
            <translation>最长相同片段的字符数</translation>
        </message>
        <message>
            <source>Meaning</source>
            <translation>语义</translation>
        </message>
        <message>
            <source>Group</source>
            <translation>组</translation>
        </message>
        <message>
            <source>The group of documents the pair belongs to; pairs of two copies are not findings of their own (see the Groups view)</source>
            <translation>该文档对所属的文档组；两篇抄件之间的文档对不单独作为发现（见“文档组”视图）</translation>
        </message>
        <message>
            <source>Verdict</source>
            <translation>审阅结论</translation>
        </message>
        <message>
            <source>The reviewer's verdict on the pair (right-click to set)</source>
            <translation>审阅者对该文档对的结论（右键设置）</translation>
        </message>
        <message>
            <source>Translation</source>
            <translation>翻译</translation>
        </message>
        <message>
            <source>Verbatim</source>
            <translation>原文照抄</translation>
        </message>
        <message>
            <source>Edited copy</source>
            <translation>改动复制</translation>
        </message>
        <message>
            <source>Paraphrase</source>
            <translation>改写</translation>
        </message>
        <message>
            <source>Quoted</source>
            <translation>引号引用</translation>
        </message>
        <message>
            <source>Cited</source>
            <translation>注明出处</translation>
        </message>
        <message>
            <source>Quoted and cited</source>
            <translation>引用并注明出处</translation>
        </message>
        <message>
            <source>References</source>
            <translation>参考文献</translation>
        </message>
        <message>
            <source>Template</source>
            <translation>模板文字</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>复制比</translation>
        </message>
        <message>
            <source>Text taken in any form (verbatim, edited, translated, paraphrased), each character once: the share of the more-copied document; the pairs are ranked by it</source>
            <translation>以任何方式拿走的文字（照抄、改动、翻译、改写），每个字符只计一次：被复制较多的一篇中所占的比例；文档对按它排序</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <source>How the text was taken: verbatim, edited copy, translation or paraphrase (or quoted, cited, references, template when all of it is credited)</source>
            <translation>文字是怎样拿走的：原文照抄、改动复制、翻译或改写（全部注明来源时为引号引用、注明出处、参考文献或模板文字）</translation>
        </message>
        <message>
            <source>The verbatim engine's figure: how much of one document is found word for word in the other</source>
            <translation>逐字比对的数值：一篇文档有多少逐字出现在另一篇中</translation>
        </message>
        <message>
            <source>Found by meaning (Check &gt; Find Translations and Paraphrases): a translation (different languages) or a paraphrase, and the share of a document's sentences that render the other's where no verbatim passage covers them</source>
            <translation>按语义发现（检测 &gt; 查找翻译和改写）：翻译（不同语言）或改写，以及一篇文档中转述另一篇、且未被逐字片段覆盖的句子所占比例</translation>
        </message>
        <message>
            <source>copy vs copy</source>
            <translation>抄件之间</translation>
        </message>
        <message>
            <source>Near-duplicate: the simhash fingerprints differ in only %1 bits (threshold %2)</source>
            <translation>近似重复：simhash 指纹仅相差 %1 位（阈值 %2）</translation>
        </message>
        <message numerus="yes">
            <source>%n matched passage(s)</source>
            <translation>
                <numerusform>%n 个相同片段</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n sentence pair(s) aligned by meaning</source>
            <translation>
                <numerusform>按语义对齐了 %n 对句子</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>PairTable</name>
        <message>
            <source>Reading the documents…</source>
            <translation>正在读取文档……</translation>
        </message>
        <message numerus="yes">
            <source>%n document(s) loaded and not checked yet. Press Check (Ctrl+R) to find copied passages.</source>
            <translation>
                <numerusform>已载入 %n 篇文档，尚未检测。按“检测”（Ctrl+R）查找相同片段。</numerusform>
            </translation>
        </message>
        <message>
            <source>1 document loaded. Add at least one more essay (Ctrl+O, Ctrl+Shift+O or drag and drop), then press Check (Ctrl+R).</source>
            <translation>已载入 1 篇文档。请再添加至少一篇作文（Ctrl+O、Ctrl+Shift+O 或拖放），然后按“检测”（Ctrl+R）。</translation>
        </message>
        <message>
            <source>Compare</source>
            <translation>对比</translation>
        </message>
        <message>
            <source>%1 of %2 pairs shown</source>
            <translation>显示 %1 / %2 对</translation>
        </message>
        <message>
            <source>Show pairs from &amp;similarity:</source>
            <translation>显示相似度不低于(&amp;S)：</translation>
        </message>
        <message>
            <source>S&amp;how:</source>
            <translation>显示(&amp;H)：</translation>
        </message>
        <message>
            <source>All pairs</source>
            <translation>全部文档对</translation>
        </message>
        <message>
            <source>Findings (no copy vs copy)</source>
            <translation>发现（不含抄件之间）</translation>
        </message>
        <message>
            <source>Not yet reviewed</source>
            <translation>尚未审阅</translation>
        </message>
        <message>
            <source>Confirmed</source>
            <translation>确认抄袭</translation>
        </message>
        <message>
            <source>Suspicious</source>
            <translation>可疑</translation>
        </message>
        <message>
            <source>Not plagiarism</source>
            <translation>不是抄袭</translation>
        </message>
        <message>
            <source>Pairs below this similarity are hidden; near-duplicates are always shown.</source>
            <translation>低于此相似度的文档对会被隐藏；近似重复的文档对始终显示。</translation>
        </message>
        <message>
            <source>Add essays (Ctrl+O, Ctrl+Shift+O or drag and drop), then press Check (Ctrl+R) to find copied passages.</source>
            <translation>添加作文（Ctrl+O、Ctrl+Shift+O 或直接拖放），然后按“检测”（Ctrl+R）查找相同片段。</translation>
        </message>
    </context>
    <context>
        <name>PassageListModel</name>
        <message>
            <source>#</source>
            <translation>#</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <source>How the passage was taken: verbatim, edited copy, paraphrase or translation; or how it is credited</source>
            <translation>这段文字是如何得来的：原文照抄、改动复制、改写或翻译；或者它是如何注明出处的</translation>
        </message>
        <message>
            <source>Left</source>
            <translation>左侧</translation>
        </message>
        <message>
            <source>Right</source>
            <translation>右侧</translation>
        </message>
        <message>
            <source>Excerpt</source>
            <translation>摘录</translation>
        </message>
        <message>
            <source>The start of the passage; for sentences aligned by meaning, their score, then both sentences side by side</source>
            <translation>片段的开头；按语义对齐的句子先显示得分，再并排显示两侧的句子</translation>
        </message>
        <message>
            <source>in %1 of %2 documents</source>
            <translation>见于 %2 篇中的 %1 篇</translation>
        </message>
        <message>
            <source>Passage number</source>
            <translation>片段编号</translation>
        </message>
        <message>
            <source>Length in the left document, in characters</source>
            <translation>在左侧文档中的长度（字符）</translation>
        </message>
        <message>
            <source>Length in the right document, in characters</source>
            <translation>在右侧文档中的长度（字符）</translation>
        </message>
    </context>
    <context>
        <name>QAbstractFileIconProvider</name>
        <message>
            <source>Folder</source>
            <translation>文件夹</translation>
        </message>
        <message>
            <source>Drive</source>
            <translation>驱动器</translation>
        </message>
    </context>
    <context>
        <name>QFileDialog</name>
        <message>
            <source>&amp;Look in:</source>
            <translation>查找范围(&amp;L)：</translation>
        </message>
        <message>
            <source>Files of &amp;type:</source>
            <translation>文件类型(&amp;T)：</translation>
        </message>
    </context>
    <context>
        <name>Review</name>
        <message>
            <source>Not yet reviewed</source>
            <translation>尚未审阅</translation>
        </message>
        <message>
            <source>Confirmed</source>
            <translation>确认抄袭</translation>
        </message>
        <message>
            <source>Suspicious</source>
            <translation>可疑</translation>
        </message>
        <message>
            <source>Not plagiarism</source>
            <translation>不是抄袭</translation>
        </message>
        <message>
            <source>Edit Note…</source>
            <translation>编辑备注…</translation>
        </message>
        <message>
            <source>Note</source>
            <translation>备注</translation>
        </message>
        <message>
            <source>Note for the reviewers:</source>
            <translation>给审阅者的备注：</translation>
        </message>
    </context>
    <context>
        <name>ReviewPanes</name>
        <message>
            <source>Groups</source>
            <translation>文档组</translation>
        </message>
        <message>
            <source>Graph</source>
            <translation>关系图</translation>
        </message>
        <message>
            <source>Student</source>
            <translation>单个学生</translation>
        </message>
        <message>
            <source>&amp;Verdict</source>
            <translation>审阅结论(&amp;V)</translation>
        </message>
        <message>
            <source>Mark the selected document as confirmed, suspicious or not plagiarism, with a note</source>
            <translation>将选中的文档标记为“确认抄袭”“可疑”或“不是抄袭”，并可附备注</translation>
        </message>
    </context>
    <context>
        <name>Session</name>
        <message>
            <source>A check is already running.</source>
            <extracomment>Option fields that only change what is shown, not what a check computes. A check of at least this many documents runs in a child process (core.pipeline. CheckRequest.in_child): checking a class is seconds of Python, and on a thread of this process it made every table paint wait for the interpreter lock (the pairs table froze while a 500-essay class was checked again, bench/review_bench.py). Smaller checks end sooner than the child's start (and, for the semantic layer, its model's load) would save. Saves stay on a thread: sending a report to a child takes as much of this process's interpreter as writing it here, and the save took three times longer. While files load, the views hear of new documents at most this often (ms). None, or a callable giving the archive's location to check against (gui/archive.py) how long the last report's check took (s), kept in saved checks; None when not known</extracomment>
            <translation>已有检测正在进行。</translation>
        </message>
        <message>
            <source>Documents are still loading; please wait until they are read.</source>
            <translation>文档仍在读取中，请等待读取完成。</translation>
        </message>
        <message>
            <source>There are no documents to check. Add files or a folder first.</source>
            <translation>没有可检测的文档。请先添加文件或文件夹。</translation>
        </message>
        <message numerus="yes">
            <source>At least two readable documents are needed for a check (the template does not count); %n readable now.</source>
            <translation>
                <numerusform>检测至少需要两篇可读取的文档（模板不计在内）；目前有 %n 篇。</numerusform>
            </translation>
        </message>
        <message>
            <source>There are no results yet. Run a check first.</source>
            <translation>还没有结果。请先运行检测。</translation>
        </message>
        <message>
            <source>There are no results to export. Run a check first.</source>
            <translation>没有可导出的结果。请先运行检测。</translation>
        </message>
    </context>
    <context>
        <name>SharedTextView</name>
        <message>
            <source>in %1 of %2 documents</source>
            <extracomment>the text to make the template</extracomment>
            <translation>见于 %2 篇中的 %1 篇</translation>
        </message>
        <message numerus="yes">
            <source>and %n more</source>
            <translation>
                <numerusform>等另外 %n 篇</numerusform>
            </translation>
        </message>
        <message>
            <source>Held by: %1</source>
            <translation>出现在：%1</translation>
        </message>
        <message>
            <source>Check the documents to see the text most of them share.</source>
            <translation>检测后，这里显示大多数文档共有的文字。</translation>
        </message>
        <message>
            <source>No text is shared by most of the documents.</source>
            <translation>没有大多数文档共有的文字。</translation>
        </message>
        <message>
            <source>Text most of the documents share, likely the assignment itself. It is not evidence of copying; make it the template to leave it out of the check.</source>
            <translation>大多数文档共有的文字，很可能就是作业题目本身。它不是抄袭的证据；将它设为模板，即可在检测中排除。</translation>
        </message>
        <message>
            <source>Use as template</source>
            <translation>用作模板</translation>
        </message>
        <message>
            <source>Leave this text out of the check and check again</source>
            <translation>在检测中排除这段文字，并重新检测</translation>
        </message>
    </context>
    <context>
        <name>StaleBanner</name>
        <message>
            <source>Results are out of date: documents or options changed since the last check. Press Check (Ctrl+R) to update them.</source>
            <translation>结果已过期：自上次检测以来文档或选项有所变化。请按“检测”（Ctrl+R）更新。</translation>
        </message>
    </context>
    <context>
        <name>StatusArea</name>
        <message>
            <source>Starting…</source>
            <translation>正在开始…</translation>
        </message>
        <message>
            <source>%1 documents checked: %3 pairs share passages, %4 near-duplicates</source>
            <translation>已检测 %1 篇文档：%3 对有相同片段，%4 对近似重复</translation>
        </message>
        <message>
            <source>Checked %1 documents in %2 s: %3 pairs share passages, %4 near-duplicates</source>
            <translation>已检测 %1 篇文档，用时 %2 秒：%3 对有相同片段，%4 对近似重复</translation>
        </message>
        <message numerus="yes">
            <source>%n document(s)</source>
            <translation>
                <numerusform>%n 篇文档</numerusform>
            </translation>
        </message>
        <message>
            <source>1 template</source>
            <translation>1 个模板</translation>
        </message>
        <message numerus="yes">
            <source>%n unreadable</source>
            <translation>
                <numerusform>%n 个无法读取</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>StudentReport</name>
        <message>
            <source>Export &amp;Student Report…</source>
            <translation>导出学生报告(&amp;S)…</translation>
        </message>
        <message>
            <source>Save the selected document's report: its figures, sources and text colored by attribution (HTML or PDF)</source>
            <translation>保存所选文档的报告：复制比、相似来源，以及按引用标注着色的全文（HTML 或 PDF）</translation>
        </message>
        <message>
            <source>Export Student Report</source>
            <translation>导出学生报告</translation>
        </message>
        <message>
            <source>Select a checked document first.</source>
            <translation>请先选择一篇已检测的文档。</translation>
        </message>
        <message>
            <source>PDF (*.pdf);;HTML (*.html)</source>
            <translation>PDF 报告 (*.pdf);;HTML 报告 (*.html)</translation>
        </message>
        <message>
            <source>Export failed</source>
            <translation>导出失败</translation>
        </message>
        <message>
            <source>The report could not be saved.</source>
            <translation>报告无法保存。</translation>
        </message>
    </context>
    <context>
        <name>StudentView</name>
        <message>
            <source>group G%1</source>
            <translation>第 G%1 组</translation>
        </message>
        <message>
            <source>likely source of its group</source>
            <translation>本组可能的来源</translation>
        </message>
        <message>
            <source>of its text is found in %1 other document(s) (each character counted once)</source>
            <translation>的文字在其他 %1 篇文档中找到（每个字符只计一次）</translation>
        </message>
        <message>
            <source>Share of this document's text found in the source</source>
            <translation>本文在该来源中找到的文字比例</translation>
        </message>
        <message>
            <source>(not flagged)</source>
            <translation>（未达到需关注标准）</translation>
        </message>
        <message>
            <source>Run a check, then pick a document to see where its text is found.</source>
            <translation>运行检测后，选择一篇文档，查看它的文字在哪里找到。</translation>
        </message>
        <message>
            <source>Compare</source>
            <translation>对比</translation>
        </message>
        <message>
            <source>Edit Note…</source>
            <translation>编辑备注…</translation>
        </message>
        <message>
            <source>Add Note…</source>
            <translation>添加备注…</translation>
        </message>
        <message>
            <source>&amp;Document:</source>
            <translation>文档(&amp;D)：</translation>
        </message>
        <message>
            <source>Verdict:</source>
            <translation>审阅结论：</translation>
        </message>
        <message>
            <source>Compare Side by Side</source>
            <translation>并排对照</translation>
        </message>
        <message>
            <source>Source</source>
            <translation>来源</translation>
        </message>
        <message>
            <source>Share of this text</source>
            <translation>占本文比例</translation>
        </message>
        <message>
            <source>Similarity</source>
            <translation>相似度</translation>
        </message>
        <message>
            <source>Verdict</source>
            <translation>审阅结论</translation>
        </message>
    </context>
</TS>
