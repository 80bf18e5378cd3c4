"""How long each section of the site takes to read, counted from the pages' sources when the
site is built, so the home page's figures follow the pages instead of going stale.

What counts is the prose: paragraphs, lists, tables, headings, admonitions and collapsed answers,
with their inline code and link texts. Code blocks, snippet references (outputs and figures),
math, HTML tags, link targets and front matter do not. English reads at 200 words a minute;
Chinese at 300 汉字 a minute, with each English word or code name in it at 200 a minute. Each
page is rounded up to the minute, then a section's pages are summed.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

WORDS_PER_MINUTE = 200
HANZI_PER_MINUTE = 300
HANZI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
WORD = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
MATH = re.compile(r"\\\(.*?\\\)|\\\[.*?\\\]|\$\$.*?\$\$", re.S)


def outside_code(lines: list[str]) -> Iterator[tuple[int, str]]:
    """(number, line) of each line outside fenced code blocks, fence lines left out."""
    fence: str | None = None
    for number, line in enumerate(lines):
        match = FENCE.match(line)
        if fence is not None:
            if match and match[1][0] == fence[0] and len(match[1]) >= len(fence):
                fence = None
            continue
        if match:
            fence = match[1]
            continue
        yield number, line


def prose(markdown: str) -> str:
    """The readable text of a Markdown page."""
    text = re.sub(r"\A---\n.*?\n---\n", "", markdown, flags=re.S)
    kept = [
        line for _, line in outside_code(text.splitlines()) if not line.strip().startswith("{*")
    ]
    text = "\n".join(kept)
    text = MATH.sub(" ", text)
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", text)  # images
    text = re.sub(r"\]\([^)]*\)", "]", text)  # link targets
    text = re.sub(r"\{[:.#][^}]*\}|\{\s*#[^}]*\}", " ", text)  # attribute lists, heading ids
    text = re.sub(r"<script\b.*?</script>", " ", text, flags=re.S)  # data, not text
    text = re.sub(r"<!--.*?-->|<[^>]+>", " ", text, flags=re.S)
    return text


def minutes(text: str, language: str) -> float:
    """Reading time of prose, unrounded."""
    if language == "zh":
        hanzi = len(HANZI.findall(text))
        words = len(WORD.findall(HANZI.sub(" ", text)))
        return hanzi / HANZI_PER_MINUTE + words / WORDS_PER_MINUTE
    return len(WORD.findall(text)) / WORDS_PER_MINUTE


def page_text(path: Path) -> str:
    """A page's Markdown; for a notebook, its Markdown cells."""
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return path.read_text(encoding="utf-8")


@dataclass(frozen=True)
class Section:
    pages: int
    minutes: int


def section(docs: Path, folder: str, language: str) -> Section:
    """The pages of ``docs/folder`` in one edition, and their reading time."""
    found = []
    for path in sorted((docs / folder).glob("*")):
        if path.suffix not in (".md", ".ipynb"):
            continue
        translated = path.name.endswith((".zh.md", ".zh.ipynb"))
        if translated != (language == "zh"):
            continue
        found.append(path)
    total = sum(math.ceil(minutes(prose(page_text(p)), language)) for p in found)
    return Section(len(found), total)


def duration(total: int, language: str, *, short: bool = False) -> str:
    """``50 minutes``, ``2 hours 10 minutes`` (``2 h 10 min`` when short); in Chinese
    ``58 分钟``, ``2 小时 35 分钟``."""
    hours, rest = divmod(total, 60)
    if language == "zh":
        return (f"{hours} 小时" + (f" {rest} 分钟" if rest else "")) if hours else f"{rest} 分钟"
    if short:
        return (f"{hours} h" + (f" {rest} min" if rest else "")) if hours else f"{rest} min"
    hour_word = "hour" if hours == 1 else "hours"
    minute_word = "minute" if rest == 1 else "minutes"
    if not hours:
        return f"{rest} {minute_word}"
    return f"{hours} {hour_word}" + (f" {rest} {minute_word}" if rest else "")


MARKER = re.compile(r"<!-- (?P<kind>pages|minutes|min) (?P<folders>[a-z0-9 -]+?) -->")


def fill(markdown: str, docs: Path, language: str) -> str:
    """Replace each ``<!-- pages graph -->`` (``6 pages``), ``<!-- minutes graph backward -->``
    (the sum, in words) and ``<!-- min graph -->`` (short) with its figure."""

    def figure(match: re.Match[str]) -> str:
        sections = [section(docs, f, language) for f in match["folders"].split()]
        for name, found in zip(match["folders"].split(), sections, strict=True):
            if not found.pages:
                raise ValueError(f"reading time: no pages in docs/{name}/")
        if match["kind"] == "pages":
            count = sum(s.pages for s in sections)
            if language == "zh":
                return f"{count} 页"
            return "1 page" if count == 1 else f"{count} pages"
        total = sum(s.minutes for s in sections)
        return duration(total, language, short=match["kind"] == "min")

    return MARKER.sub(figure, markdown)


H1 = re.compile(r"^# \S")


def reading_line(markdown: str, language: str) -> str:
    """The line under a page's title: ``12 min read`` / ``阅读约 12 分钟``, at the pace of
    :func:`minutes` (the home page's section figures add up the same per-page times)."""
    total = max(1, math.ceil(minutes(prose(markdown), language)))
    text = (
        f"阅读约 {duration(total, 'zh')}"
        if language == "zh"
        else f"{duration(total, 'en', short=True)} read"
    )
    return f'<p class="reading-time" data-search-exclude>{text}</p>'


def under_title(markdown: str, language: str) -> str:
    """``markdown`` with its reading time on a line of its own under its title (the first
    ``# `` heading outside code); unchanged if it has none."""
    lines = markdown.split("\n")
    for number, line in outside_code(lines):
        if H1.match(line):
            lines[number + 1 : number + 1] = ["", reading_line(markdown, language), ""]
            return "\n".join(lines)
    return markdown
