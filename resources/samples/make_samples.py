#!/usr/bin/env python3
"""Build the bundled sample essays in this folder from the texts written out below.

    python resources/samples/make_samples.py

Needs python-docx and reportlab (`pip install -e .[dev]`) and, for the Chinese PDF, the
WenQuanYi Micro Hei font. The output is byte-for-byte reproducible (fixed zip timestamps,
reportlab's invariant mode), so running it again changes nothing unless a text changed.
All essays were written for Plagscope; README.md says what each one is for.
"""

from __future__ import annotations

import io
import sys
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
CJK_FONT = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
FIXED_TIME = datetime(2024, 9, 1, 8, 0, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Sample:
    """One essay: its file name (the suffix picks the format), title and paragraphs."""

    name: str
    title: str
    body: str
    encoding: str = "utf-8"

    @property
    def paragraphs(self) -> list[str]:
        return [p.strip() for p in self.body.strip().split("\n\n")]

    @property
    def text(self) -> str:
        """The essay as plain text: title, blank line, paragraphs separated by blank lines."""
        return "\n\n".join([self.title, *self.paragraphs]) + "\n"


# ---------------------------------------------------------------------------------------
# Chinese: 网络对青少年阅读习惯的影响
# ---------------------------------------------------------------------------------------

ZH_ORIGINAL = Sample("zh_original_网络阅读.txt", "网络对青少年阅读习惯的影响", """
随着智能手机和移动网络的普及，网络已经成为青少年获取信息的主要渠道。走进地铁车厢或者学校食堂，我们常常能看到同学们低头刷着手机上的短文章、短视频和各种推送。网络给青少年的阅读带来了前所未有的便利，同时也悄悄改变着他们的阅读习惯。

首先，网络拓宽了青少年阅读的范围。过去，一个住在小县城的中学生能读到的书，大多来自学校图书馆和街角的小书店；如今，只要轻点屏幕，他就可以读到世界各地的新闻、科普文章和经典名著的电子版。电子书价格低廉，有的甚至免费，这让许多家庭条件一般的孩子也能接触到丰富的读物。

然而，网络也让阅读变得越来越碎片化。许多平台为了留住用户，把内容切割成几百字的小段，配上醒目的标题和图片。青少年习惯了这种快节奏的阅读之后，往往很难再静下心来读完一本厚书。有调查显示，不少中学生一次专注阅读的时间不超过十分钟，遇到篇幅较长、需要思考的文章就会跳过。久而久之，他们的理解能力和思辨能力都会受到影响。

此外，网络上的信息良莠不齐。一些文章为了博取点击量，夸大事实甚至编造谣言，而青少年的辨别能力还不够强，很容易被误导。如果缺乏正确的引导，网络阅读不仅不能增长见识，反而可能让人形成片面的看法。

那么，我们应该如何面对网络阅读呢？我认为，关键不在于拒绝网络，而在于学会有选择地阅读。学校可以开设阅读指导课，教学生分辨信息的真伪；家长可以和孩子一起制定阅读计划，每天留出一段不看手机的时间读纸质书；我们自己也应当有意识地给自己“减速”，多读一些需要用心品味的作品。

总之，网络是一把双刃剑。只要我们善于利用它的长处，避开它的短处，网络就能成为青少年阅读路上的好帮手，而不是绊脚石。
""")

# A longer essay of the student's own with the original's third paragraph pasted in verbatim.
ZH_COPY_VERBATIM = Sample("zh_copy_verbatim.docx", "我的阅读变形记", """
小学的时候，我最喜欢的地方是外婆家的小阁楼。阁楼里堆着舅舅年轻时买的旧书，有《西游记》，有《十万个为什么》，还有几本封面已经发黄的武侠小说。每到暑假，我就搬一张小板凳坐在窗边，一读就是一下午，连外婆喊我吃饭都听不见。

上了初中以后，我有了自己的手机，阅读的方式也跟着变了。我开始在各种应用里看连载小说、看热门话题下的评论，一天下来好像读了很多字，可是晚上躺在床上回想，却说不出自己到底读了什么。

然而，网络也让阅读变得越来越碎片化。许多平台为了留住用户，把内容切割成几百字的小段，配上醒目的标题和图片。青少年习惯了这种快节奏的阅读之后，往往很难再静下心来读完一本厚书。有调查显示，不少中学生一次专注阅读的时间不超过十分钟，遇到篇幅较长、需要思考的文章就会跳过。久而久之，他们的理解能力和思辨能力都会受到影响。

这段话说的正是我自己。有一次语文老师布置我们读《朝花夕拾》，我翻了不到二十页就忍不住拿起手机，结果一个周末过去了，书签还夹在原来的地方。那一刻我有些害怕：难道我再也读不完一本完整的书了吗？

后来，我给自己定了一个小规矩：每天晚饭后把手机交给妈妈保管一个小时，这一个小时只属于纸质书。刚开始的几天很难熬，手总想去摸口袋；坚持了一个月之后，我终于又找回了在阁楼里读书的那种感觉。我想，网络本身并没有错，错的是我们放任自己被它牵着走。只要肯花一点力气管住自己，阅读的乐趣就会回来。
""")

# The whole original with synonyms swapped and a few small edits; saved in GBK.
ZH_LIGHT_EDIT = Sample("zh_light_edit_gbk.txt", "浅谈网络对青少年阅读习惯的影响", """
伴随着智能手机和移动互联网的普及，网络已经变成青少年获取信息的主要途径。走进地铁车厢或是学校食堂，我们常常能看见同学们低着头刷手机上的短文章、短视频和各类推送。网络给青少年的阅读带来了前所未有的便利，同时也在悄悄改变着他们的阅读习惯。

第一，网络拓宽了青少年阅读的范围。过去，一个住在小县城的中学生能读到的书，大都来自学校图书馆和街角的小书店；现在，只要轻点屏幕，他就能够读到世界各地的新闻、科普文章和经典名著的电子版。电子书价格便宜，有的甚至免费，这让很多家庭条件一般的孩子也能接触到丰富的读物。

但是，网络也让阅读变得越来越碎片化。许多平台为了留住用户，把内容切割成几百字的小段，再配上醒目的标题和图片。青少年习惯了这种快节奏的阅读以后，往往很难再静下心来读完一本厚书。有调查表明，不少中学生一次专注阅读的时间不超过十分钟，碰到篇幅较长、需要思考的文章就会跳过。时间长了，他们的理解能力和思辨能力都会受到影响。

另外，网络上的信息良莠不齐。一些文章为了博取点击量，夸大事实甚至编造谣言，而青少年的辨别能力还不够强，很容易被误导。如果缺少正确的引导，网络阅读不但不能增长见识，反而可能让人形成片面的看法。

那么，我们该如何面对网络阅读呢？我觉得，关键不在于拒绝网络，而在于学会有选择地阅读。学校可以开设阅读指导课，教学生辨别信息的真假；家长可以和孩子一起制定阅读计划，每天留出一段不看手机的时间读纸质书；我们自己也应该有意识地给自己“减速”，多读一些需要用心品味的作品。

总而言之，网络是一把双刃剑。只要我们善于发挥它的长处，避开它的短处，网络就能成为青少年阅读路上的好帮手，而不是绊脚石。
""", encoding="gbk")

# Most of the original's sentences, shuffled within and across paragraphs.
ZH_REORDERED = Sample("zh_reordered.pdf", "屏幕时代的阅读", """
网络给青少年的阅读带来了前所未有的便利，同时也悄悄改变着他们的阅读习惯。随着智能手机和移动网络的普及，网络已经成为青少年获取信息的主要渠道。

电子书价格低廉，有的甚至免费，这让许多家庭条件一般的孩子也能接触到丰富的读物。只要轻点屏幕，一个住在小县城的中学生就可以读到世界各地的新闻、科普文章和经典名著的电子版。网络拓宽了青少年阅读的范围。

青少年习惯了这种快节奏的阅读之后，往往很难再静下心来读完一本厚书。许多平台为了留住用户，把内容切割成几百字的小段，配上醒目的标题和图片。久而久之，他们的理解能力和思辨能力都会受到影响。有调查显示，不少中学生一次专注阅读的时间不超过十分钟，遇到篇幅较长、需要思考的文章就会跳过。

青少年的辨别能力还不够强，很容易被误导。网络上的信息良莠不齐，一些文章为了博取点击量，夸大事实甚至编造谣言。

家长可以和孩子一起制定阅读计划，每天留出一段不看手机的时间读纸质书；学校可以开设阅读指导课，教学生分辨信息的真伪。关键不在于拒绝网络，而在于学会有选择地阅读。网络是一把双刃剑，只要我们善于利用它的长处，避开它的短处，网络就能成为青少年阅读路上的好帮手。
""")

# The original's ideas in the original's order, every sentence reworded (the hard case).
ZH_PARAPHRASE = Sample("zh_paraphrase.txt", "上网与读书", """
　　如今，几乎每个中学生的口袋里都装着一部能上网的手机。无论是在公交车上还是在课间，总有人盯着屏幕浏览资讯、追看短片。对青少年来说，互联网让读书这件事变得空前方便，可它也在不知不觉中重塑了我们读书的方式。

　　从积极的一面看，上网让我们能读的东西大大增加了。从前小城镇的学生想找一本好书，只能依靠校图书室或者附近的书摊；现在手指一动，全球的时事报道、科学知识乃至古今名著的数字版本都能找到。不少电子读物花钱很少甚至不花钱，经济不宽裕的家庭的孩子同样可以读到大量好书。

　　从消极的一面看，网上的阅读正变得支离破碎。为了让人停留得更久，不少应用把文章拆成短短的片段，再加上夺人眼球的标题和配图。读惯了这种内容的年轻人，很难耐住性子啃完一部大部头。据一些调查，很多初高中学生能集中注意力读书的时间还不到一刻钟，一看到长而深的文章便直接略过。这样下去，理解和独立思考的能力难免会退化。

　　还有一个问题是网上内容质量参差。有的作者为了流量不惜添油加醋，甚至凭空捏造，而辨别力尚弱的青少年很容易信以为真。缺少引导的话，上网读书非但不能开阔眼界，还可能让人看问题越来越偏。

　　怎样才能趋利避害呢？在我看来，办法不是远离互联网，而是有选择地读。老师可以在课堂上教大家判断消息的可信度，父母可以和子女商量每天放下手机读一会儿纸书的时间，而我们自己也要主动放慢脚步，去读那些值得反复咀嚼的作品。

　　归根到底，互联网本身无所谓好坏。用得好，它就是我们读书路上的助手；用得不好，它就会成为阻碍。
""")

ZH_CLEAN_1 = Sample("zh_clean_1.txt", "屏幕那头的书香", """
去年冬天，七十岁的爷爷学会了用手机听书。每天清晨，他一边在院子里打太极，一边听评书《三国演义》，听到精彩处还会停下来跟我讲关羽过五关斩六将的故事。看到爷爷的样子，我开始重新思考一个问题：网络到底让我们读得更多了，还是更少了？

在我们班，几乎每个人都在手机上装了阅读软件。有的同学喜欢在上面追网络小说，一个学期能看完几百万字；有的同学关注了几个讲历史的公众号，每天睡前读两篇。班主任起初很担心，后来她发现，有几位平时不爱看书的男生，竟然是在网上读科幻小说读出了兴趣，进而跑去图书馆借了刘慈欣的纸质书。

当然，问题也不少。网上的小说水平高低不一，有些情节雷同、语言粗糙，读多了对写作并没有好处。更让人头疼的是，阅读软件里总是弹出各种广告和消息，读着读着就被拉去看别的东西了。

我觉得，网络阅读像一扇新开的窗户。窗外的风景有美也有丑，关键看我们把目光投向哪里。我们可以利用网络找到好书的线索，再捧着纸质书静静地读；也可以像爷爷那样，把听书变成生活的一部分。只要读书的心还在，载体是纸张还是屏幕，其实没有那么重要。
""")

ZH_CLEAN_2 = Sample("zh_clean_2.txt", "让深度阅读回到校园", """
一个周五下午，我们学校的读书社做了一次小调查：在参与调查的一百二十名初二学生中，有八十多人表示自己每天上网的时间超过两个小时，而每周读完一本纸质书的人却不到二十个。这组数字让社员们讨论了很久。

有人认为，上网也是一种阅读。刷新闻、看评论、查资料，哪一样离得开文字？这种说法有一定道理。网络让信息传播得更快，一个同学在论坛上提出的数学问题，几分钟之内就会有人给出解答，这在过去是难以想象的。

可是，浏览和阅读并不是一回事。浏览追求的是快，看过就算；阅读追求的是深，要在字里行间停下来想一想。鲁迅的文章、史铁生的散文，如果只是匆匆扫一眼，很难体会其中的味道。我们担心的并不是同学们上网，而是大家渐渐只会浏览、不会阅读。

为此，读书社提出了三条建议：一是每个班每周安排一节“无屏幕阅读课”，大家带上自己喜欢的书安安静静地读；二是在校园网上开辟书评栏目，鼓励同学把读书心得写下来，用网络为阅读服务；三是每学期评选“阅读之星”，请他们分享自己的读书方法。

网络改变了信息的来路，却不应该改变我们思考的深度。希望有一天，同学们在放下手机之后，也能捧起一本书，读得津津有味。
""")

# ---------------------------------------------------------------------------------------
# English: Should homework be abolished?
# ---------------------------------------------------------------------------------------

EN_ORIGINAL = Sample("en_original_homework.txt", "Should Homework Be Abolished?", """
Every evening, millions of students sit down at kitchen tables with a stack of worksheets, and every evening a familiar argument breaks out in many homes. Some parents and even some teachers now say that homework should be abolished altogether. I disagree. Homework is not perfect, but the answer is to make it better, not to throw it away.

The strongest case for homework is that learning needs practice. A student can follow a new method in class and still forget it by the next morning. Working through a few problems alone, without a teacher standing nearby, shows both the student and the teacher what has really been understood. In this sense homework is less a punishment than a mirror.

Homework also builds habits that school cannot teach directly. Planning an evening, breaking a long task into smaller steps and finishing something without being reminded are skills that matter long after the last exam. A teenager who learns to manage a weekly reading assignment is practising the same self-discipline that a university student or a young employee will need.

Critics are right about one thing: too much homework does real harm. When children spend three or four hours a night copying definitions, they lose sleep, time with their families and the chance to play, read for pleasure or simply rest. Exhausted students do not learn more; they learn to hate learning. Research on younger pupils in particular suggests that long assignments bring little benefit.

The solution, then, is quality rather than quantity. Teachers could set short tasks with a clear purpose, such as reading a chapter and writing three questions about it, or trying a small experiment at home. Schools could coordinate between subjects so that no student receives five large assignments on the same night. Homework could also be more creative: interviewing a grandparent about local history teaches more than filling in another worksheet.

In conclusion, abolishing homework would remove a useful tool because it is sometimes used badly. Instead of asking whether homework should exist, we should ask what kind of homework is worth a student's evening. If teachers, parents and students answer that question together, homework can become something students value rather than something they dread.
""")

# A longer essay of the student's own with the original's fourth paragraph pasted in verbatim.
EN_COPY_VERBATIM = Sample("en_copy_verbatim.pdf", "Homework: Friend or Foe?", """
When I was in primary school, homework meant colouring a map or learning five spelling words. By the time I reached secondary school, it had grown into a nightly mountain. Last term I kept a diary of my evenings and discovered that I spent, on average, two and a half hours on assignments every school day. That experience has shaped my view of the debate.

Critics are right about one thing: too much homework does real harm. When children spend three or four hours a night copying definitions, they lose sleep, time with their families and the chance to play, read for pleasure or simply rest. Exhausted students do not learn more; they learn to hate learning. Research on younger pupils in particular suggests that long assignments bring little benefit.

My own diary supports this. On the nights with the heaviest load I went to bed after midnight, and the next morning I could barely follow my maths lesson. The extra hours did not make me better at maths; they made me tired. I also noticed that much of the work repeated things I already knew and was done only because it would be checked.

Still, I do not think homework should disappear entirely. Some of my most memorable assignments were projects: building a model of a water filter, or writing a short story for an English class. These tasks asked me to use what I had learned in a new way, and I was proud of the results. A world without any homework would lose these opportunities too.

What I would like to see is a limit. Several countries already recommend a maximum amount of homework for each age group, and schools could publish a weekly timetable of assignments so that deadlines do not pile up. Teachers might also let students choose between tasks, which would make the work feel less like an obligation and more like an invitation.

Homework is a tool, and like any tool it can be used well or badly. Rather than getting rid of it, we should make sure that every assignment earns its place.
""")

# The whole original with words swapped for synonyms and a few small edits.
EN_LIGHT_EDIT = Sample("en_light_edit.docx", "Is It Time to Abolish Homework?", """
Each evening, millions of pupils sit down at kitchen tables with a pile of worksheets, and each evening a familiar argument starts in many homes. Some parents and even some teachers now claim that homework should be abolished completely. I disagree. Homework is not perfect, but the solution is to make it better, not to throw it away.

The strongest argument for homework is that learning requires practice. A pupil can follow a new method in class and still forget it by the following morning. Working through a few exercises alone, without a teacher standing nearby, shows both the pupil and the teacher what has really been understood. In this sense homework is less a punishment than a mirror.

Homework also develops habits that school cannot teach directly. Planning an evening, splitting a long task into smaller steps and finishing something without being reminded are skills that matter long after the final exam. A teenager who learns to manage a weekly reading task is practising the same self-discipline that a college student or a young worker will need.

Critics are correct about one thing: too much homework does real damage. When children spend three or four hours a night copying definitions, they lose sleep, time with their families and the opportunity to play, read for fun or simply relax. Exhausted students do not learn more; they learn to hate learning. Studies of younger pupils in particular suggest that long assignments bring little benefit.

The answer, then, is quality rather than quantity. Teachers could give short tasks with a clear aim, such as reading a chapter and writing three questions about it, or trying a simple experiment at home. Schools could coordinate between subjects so that no student gets five big assignments on the same night. Homework could also be more imaginative: interviewing a grandparent about local history teaches more than completing another worksheet.

To sum up, abolishing homework would remove a useful tool just because it is sometimes used badly. Instead of asking whether homework should exist, we should ask what kind of homework is worth a student's evening. If teachers, parents and students answer that question together, homework can become something students value rather than something they fear.
""")

# Most of the original's sentences, shuffled within and across paragraphs.
EN_REORDERED = Sample("en_reordered.txt", "Homework: Mend It, Don't End It", """
Homework is not perfect, but the answer is to make it better, not to throw it away. Some parents and even some teachers now say that homework should be abolished altogether. Every evening, millions of students sit down at kitchen tables with a stack of worksheets. I disagree with them.

Working through a few problems alone, without a teacher standing nearby, shows both the student and the teacher what has really been understood. A student can follow a new method in class and still forget it by the next morning. The strongest case for homework is that learning needs practice.

Exhausted students do not learn more; they learn to hate learning. When children spend three or four hours a night copying definitions, they lose sleep, time with their families and the chance to play, read for pleasure or simply rest. Critics are right about one thing: too much homework does real harm.

A teenager who learns to manage a weekly reading assignment is practising the same self-discipline that a university student or a young employee will need. Planning an evening, breaking a long task into smaller steps and finishing something without being reminded are skills that matter long after the last exam.

Schools could coordinate between subjects so that no student receives five large assignments on the same night. Interviewing a grandparent about local history teaches more than filling in another worksheet. Teachers could set short tasks with a clear purpose, such as reading a chapter and writing three questions about it. The solution is quality rather than quantity.

Instead of asking whether homework should exist, we should ask what kind of homework is worth a student's evening. Abolishing homework would remove a useful tool because it is sometimes used badly.
""")

# The original's ideas in the original's order, every sentence reworded (the hard case).
EN_PARAPHRASE = Sample("en_paraphrase.txt", "Keep Homework, but Change It", """
In homes across the country, the end of the school day is followed by a second shift of study, and with it comes a recurring quarrel. A growing number of families, and a few educators, would like to see take-home assignments scrapped entirely. I do not share that view: the flaws in homework call for reform rather than elimination.

The main reason to keep it is simple. Skills fade unless they are rehearsed. Pupils who seem to grasp a technique during a lesson often cannot reproduce it a day later, and tackling exercises independently reveals, to learner and teacher alike, how much has actually sunk in. Homework works less like a penalty and more like a diagnostic test.

It also trains qualities that no timetable lists. Organising one's own time, dividing a big job into manageable parts and completing work without nagging are abilities people rely on for the rest of their lives. The fourteen-year-old who keeps up with a weekly novel is rehearsing the independence that higher education and employment will later demand.

Opponents do have a point when it comes to volume. Children who sit for hours transcribing notes every night sacrifice rest, family life, games and reading for enjoyment. Fatigue does not produce better learners; it produces pupils who resent school. Studies of the primary years find that lengthy assignments add almost nothing.

What matters is the quality of the task, not its size. A teacher might ask for a few thoughtful questions about an assigned chapter, or a small kitchen-table experiment. Departments could agree on a shared calendar so that big deadlines never collide. More inventive assignments, like recording an older relative's memories of the neighbourhood, would also beat yet another fill-in-the-blanks sheet.

Scrapping homework, then, would mean discarding a valuable instrument merely because it is often misused. The better question is not whether assignments should exist but which ones deserve a young person's evening, and that is a question families, pupils and schools can settle together.
""")

EN_CLEAN_1 = Sample("en_clean_1.txt", "Why Our School Should Try a Year Without Homework", """
Imagine finishing school at four o'clock and having the rest of the day to yourself: time for football practice, for learning the guitar, for helping a younger brother fix his bike, or simply for sleeping eight hours. For most teenagers this sounds like a fantasy. I believe our school should make it real, at least for one trial year, by abolishing homework.

My first reason is fairness. Homework assumes that every student goes home to a quiet desk, a working computer and an adult who can explain fractions. Many do not. Some share a small flat with several siblings; others look after relatives while their parents work late shifts. For these students, homework does not measure what they have learned in class. It measures the conditions they live in, and it quietly rewards those who already have the most.

My second reason is health. Doctors recommend that teenagers sleep between eight and ten hours, yet surveys in many countries show that most get far less. Late-night assignments are one of the main causes. A tired student is more irritable, more likely to get sick and less able to concentrate the next day, which means the lessons themselves become less effective.

Third, the time after school is not empty time. Clubs, sports, music, volunteering and part-time jobs teach teamwork, responsibility and creativity. These activities are often where young people discover what they really care about, and a heavy homework load squeezes them out.

Supporters of homework say that without it students would fall behind. But the school day already lasts six or seven hours. If that time were used well, with practice built into lessons and teachers on hand to help, the extra hour at home would hardly be missed. Students who want to read or revise could still do so, by choice rather than by order.

A trial year would let us test these ideas instead of arguing about them. We could compare grades, attendance and well-being before and after. If the results were poor, we could bring homework back. If, as I expect, students were healthier and just as successful, we would have our answer.
""")

EN_CLEAN_2 = Sample("en_clean_2.txt", "Homework in the Age of Smart Machines", """
When my cousin was given an essay to write last month, she finished it in ten minutes. She did not type a single sentence herself; a chatbot produced the whole thing. Her teacher gave it a good mark. This small story raises a big question. If machines can do so much of a student's homework, is homework still worth setting?

For generations, homework rested on a simple idea: what is done at home is the student's own work. That idea is now under pressure. Calculators once made long division at home seem pointless; today, free software can solve equations step by step, translate paragraphs and summarise novels that were never opened. A teacher who marks such work is often marking the machine.

One response is to ban homework altogether and move all practice into the classroom, where teachers can see who is doing the thinking. This has some appeal. It would also end the quiet advantage enjoyed by students whose parents pay for private tutors or simply help a great deal.

However, I think this goes too far. Much valuable learning needs time and solitude that a busy classroom cannot offer: reading a long novel, practising a musical instrument, or revising for an exam. These activities are hard to fake, because their purpose is the change they make in the student, not a product to hand in.

Perhaps the future of homework lies in redefining it. Instead of essays and worksheets that can be generated in seconds, teachers could ask students to read, watch, observe and prepare, and then use lesson time for discussion, writing by hand and problem solving. In this "flipped" model, the work at home is preparation and the proof of learning happens at school.

Technology has not killed homework, but it has exposed the weakness of homework that only checks a finished product. The question is no longer whether students should work at home, but what kind of work still means something when a machine is always one click away.
""")

SAMPLES = [ZH_ORIGINAL, ZH_COPY_VERBATIM, ZH_LIGHT_EDIT, ZH_REORDERED, ZH_PARAPHRASE, ZH_CLEAN_1,
           ZH_CLEAN_2, EN_ORIGINAL, EN_COPY_VERBATIM, EN_LIGHT_EDIT, EN_REORDERED, EN_PARAPHRASE,
           EN_CLEAN_1, EN_CLEAN_2]


def is_chinese(sample: Sample) -> bool:
    return sample.name.startswith("zh_")


def write_txt(sample: Sample, path: Path) -> None:
    path.write_bytes(sample.text.encode(sample.encoding))


def write_docx(sample: Sample, path: Path) -> None:
    import docx
    from docx.oxml.ns import qn

    document = docx.Document()
    if is_chinese(sample):  # tell Word which font to use for the CJK characters
        document.styles["Normal"].element.get_or_add_rPr().get_or_add_rFonts().set(qn("w:eastAsia"), "宋体")
    props = document.core_properties
    props.author = props.last_modified_by = "Plagscope samples"
    props.title = sample.title
    props.created = props.modified = FIXED_TIME.replace(tzinfo=None)
    props.revision = 1
    document.add_heading(sample.title, level=1)
    for paragraph in sample.paragraphs:
        document.add_paragraph(paragraph)
    buffer = io.BytesIO()
    document.save(buffer)
    path.write_bytes(_fixed_zip_times(buffer.getvalue()))


def _fixed_zip_times(data: bytes) -> bytes:
    """The same zip with every member dated FIXED_TIME, so rebuilding gives identical bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME.timetuple()[:6])
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o644 << 16
            dst.writestr(fixed, src.read(info.filename))
    return out.getvalue()


def write_pdf(sample: Sample, path: Path) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

    if is_chinese(sample):
        if "WQYMicroHei" not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont("WQYMicroHei", str(CJK_FONT), subfontIndex=0))
        font, wrap, indent = "WQYMicroHei", "CJK", 21
    else:
        font, wrap, indent = "Times-Roman", None, 0
    title_style = ParagraphStyle("title", fontName=font, fontSize=16, leading=24, alignment=1,
                                 spaceAfter=8, wordWrap=wrap)
    body_style = ParagraphStyle("body", fontName=font, fontSize=10.5, leading=18,
                                firstLineIndent=indent, spaceAfter=6, wordWrap=wrap)
    buffer = io.BytesIO()
    pdf = SimpleDocTemplate(buffer, pagesize=A4, leftMargin=25 * mm, rightMargin=25 * mm,
                            topMargin=25 * mm, bottomMargin=25 * mm, title=sample.title,
                            author="Plagscope samples", creator="make_samples.py", invariant=1)
    story = [Paragraph(_escape(sample.title), title_style), Spacer(1, 4)]
    story += [Paragraph(_escape(p), body_style) for p in sample.paragraphs]
    pdf.build(story)
    path.write_bytes(buffer.getvalue())


def _escape(text: str) -> str:
    """reportlab Paragraphs read a little markup; essays are plain text."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


WRITERS = {".txt": write_txt, ".docx": write_docx, ".pdf": write_pdf}


def main(out: Path = HERE) -> int:
    for sample in SAMPLES:
        path = out / sample.name
        WRITERS[path.suffix](sample, path)
        print(f"{path.name:28} {path.stat().st_size:7} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE))
