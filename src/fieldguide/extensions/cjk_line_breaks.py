"""Markdown extension: a line break inside a paragraph of Chinese text is not a space.

Markdown keeps a paragraph's soft line breaks as newlines, and Chromium and WebKit render a
newline between two Chinese characters, or after full-width punctuation, as a visible space
(Firefox drops it). Hard-wrapped Chinese paragraphs would show a gap at every wrap. This
extension removes such a newline from the rendered HTML, together with the indentation after
it; a newline between Chinese and Latin text stays a space, as the text would be written on one
line. Code blocks are untouched: they are still stashed away when this runs.

It also removes the space written after a bold or italic lead-in that ends in full-width
punctuation, or in a Chinese closing quotation mark, and is followed by Chinese text
(``**原因。** 打开…``, ``**“只是警告。”** 它…``): the punctuation already carries its own white
space, and the extra space renders as a visibly wider gap.

Loaded by name in ``mkdocs.yml`` (``fieldguide.extensions.cjk_line_breaks``); it has no effect
on text without CJK characters.
"""

from __future__ import annotations

import re

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor

HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # CJK ideographs
FULL_WIDTH = "\u3000-\u303f\uff00-\uffef"  # 。，、：；（）「」 and full-width forms
TAGS = r"(?:</?[a-zA-Z][^<>]*>)*"  # inline tags that may sit at either end of the break
BREAK = re.compile(
    rf"(?:(?<=[{HAN}{FULL_WIDTH}])({TAGS})\n[ \t]*({TAGS})(?=[{HAN}{FULL_WIDTH}])"
    rf"|(?<=[{FULL_WIDTH}])({TAGS})\n[ \t]*({TAGS})(?=\S))"
)


# Quotation marks Chinese text writes with the general-punctuation code points: ‘ ’ “ ”. Only the
# lead-in rule uses them; a line break after ” in English text must stay a space.
QUOTES = "\u2018\u2019\u201c\u201d"

# A space after full-width punctuation (or a quotation mark) that closes an emphasis, before a
# Chinese character.
LEAD_IN_SPACE = re.compile(rf"(?<=[{FULL_WIDTH}{QUOTES}])(</strong>|</em>|</b>) (?=[{HAN}])")


def join_breaks(html: str) -> str:
    """``html`` without the newlines (and the spaces after a bold lead-in ending in full-width
    punctuation) that would render as gaps in Chinese text."""
    html = BREAK.sub(lambda m: "".join(part or "" for part in m.groups()), html)
    return LEAD_IN_SPACE.sub(r"\1", html)


class _JoinBreaks(Postprocessor):  # type: ignore[misc]  # markdown has no type hints
    def run(self, text: str) -> str:
        return join_breaks(text)


class CjkLineBreaks(Extension):  # type: ignore[misc]
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - the Markdown API's name
        # Before raw HTML and code blocks come back from the stash (priority 30).
        md.postprocessors.register(_JoinBreaks(md), "cjk_line_breaks", 35)


def makeExtension(**kwargs: object) -> CjkLineBreaks:  # noqa: N802 - the Markdown API's name
    return CjkLineBreaks(**kwargs)
