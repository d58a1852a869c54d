"""Simhash looks at prose: markup, addresses, code and numbers do not make pages alike (issue 12)."""

from core.engine.profile import profile
from core.engine.simhash import prose
from core.options import CheckOptions
from core.rules import hamming, is_near_duplicate

SKELETON = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>{title}</title>
<link rel="stylesheet" href="https://cdn.example.org/assets/bootstrap.min.css">
<script src="https://analytics.example.com/tracker.js"></script></head>
<body><div class="container"><nav class="navbar navbar-expand"><a class="nav-link" href="https://www.example.org/index.html">Home</a>
<a class="nav-link" href="https://www.example.org/about.html">About</a></nav>
<article class="post-content">
{body}
</article>
```python
def render(template, context):
    return template.format(**context)
```
See [the docs](https://docs.example.org/v2/reference/index.html) or `pip install renderer==2.4.1`.
<footer class="footer">Copyright 2024 &copy; webmaster@example.org 2024-05-01 10:00:00</footer>
</div></body></html>
"""
ZH = "春天到了，河边的柳树发出了嫩绿的新芽。孩子们在田野里奔跑，放起了五颜六色的风筝。老农扛着锄头走向田间，开始一年的耕作。"
EN = "The committee met on Tuesday to review the budget for the new library, and agreed that the reading rooms should open in spring."


def test_a_chinese_and_an_english_page_sharing_only_markup_are_far_apart():
    options = CheckOptions()
    zh = profile(SKELETON.format(title="春天", body=ZH), options)
    en = profile(SKELETON.format(title="Library", body=EN), options)
    distance = hamming(zh.simhash, en.simhash)
    assert not is_near_duplicate(distance, options.hamming)
    assert distance >= 16


def test_the_same_prose_in_different_markup_stays_near():
    options = CheckOptions()
    plain = profile(EN * 3, options)
    marked = profile(SKELETON.format(title="Library", body=EN * 3), options)
    assert is_near_duplicate(hamming(plain.simhash, marked.simhash), options.hamming)


def test_prose_blanks_markup_and_keeps_offsets():
    page = SKELETON.format(title="T", body=EN)
    clean = prose(page)
    assert len(clean) == len(page)
    assert "committee" in clean and "href" not in clean and "example.org" not in clean
    assert "def render" not in clean
