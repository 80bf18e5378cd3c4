"""A page's meta description from its opening: the first paragraph of prose (or of its "In 30
seconds" box), as plain text, cut at a word (a character, in Chinese) to fit a search result."""

from __future__ import annotations

import re

LIMIT = {"en": 160, "zh": 90}  # characters a search result shows
MARKUP = [
    (re.compile(r"!\[[^\]]*\]\([^)]*\)"), ""),  # images
    (re.compile(r"\[([^\]]+)\]\([^)]*\)"), r"\1"),  # links: their text
    (re.compile(r"\[([^\]]+)\]\[[^\]]*\]"), r"\1"),
    (re.compile(r"\{[:#.][^}]*\}"), ""),  # attribute lists
    (re.compile(r"<[^>]+>"), ""),  # tags
    (re.compile(r"[*`]+"), ""),  # emphasis, code
    (re.compile(r"\\[()\[\]]"), ""),  # math delimiters
]
SKIPPED = re.compile(r"^\s*(#|\{\*|!!!|\?\?\?|===|///|\||<!--|---|```|~~~|-\s|\*\s|\d+\.\s|:::)")


def plain(text: str) -> str:
    """Markdown inline text as plain text."""
    for pattern, replacement in MARKUP:
        text = pattern.sub(replacement, text)
    return " ".join(text.split())


def opening(markdown: str) -> str:
    """The first paragraph of prose: lines of text (or of an admonition's body) up to a blank
    line, skipping headings, references, code, lists and front matter."""
    markdown = re.sub(r"\A---\n.*?\n---\n", "", markdown, flags=re.S)
    paragraph: list[str] = []
    fence = False
    for line in markdown.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
            continue
        if fence:
            continue
        if not line.strip():
            if paragraph:
                break
            continue
        if SKIPPED.match(line):
            if paragraph:
                break
            continue
        paragraph.append(line.strip())
    return plain(_joined(paragraph))


WIDE = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


def _joined(lines: list[str]) -> str:
    """Lines of one paragraph as one: a break inside Chinese text is no space."""
    text = ""
    for line in lines:
        wide = bool(text) and (WIDE.match(text[-1]) or WIDE.match(line[0]))
        text += ("" if wide or not text else " ") + line
    return text


def description(markdown: str, language: str = "en") -> str:
    """The page's description, at most :data:`LIMIT` characters."""
    text = opening(markdown)
    limit = LIMIT.get(language, LIMIT["en"])
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if language != "zh" and " " in cut:
        cut = cut.rsplit(" ", 1)[0]
    cut = cut.rstrip(" ,;:，、；：")
    return cut if cut.endswith((".", "。")) else cut + "…"
