"""Markdown extension: the Questions pages, generated from ``questions/*.yml``.

A line ``<!-- questions family=<family> -->`` becomes that family's questions, each under a
heading of its own (the question as it was asked, with the entry's id as the heading id, so
search finds it by its words and a link can point at it), followed by the answer in the page's
language, a link to the section whose executed output supports it and the threads where it was
asked. ``family=all`` gives every family under a heading of its own, and
``<!-- questions families -->`` a table of the families with their counts and links to their
pages. The data is read with :mod:`fieldguide.questions` (which validates it) each time a page
holds such a line.

Loaded by name in ``mkdocs.yml``::

    markdown_extensions:
      - fieldguide.extensions.questions:
          lang: en        # the language of a marker that names none
          base: "../"     # from the page to docs/ (the Questions pages live in docs/questions/)

A marker may name its language (``lang=zh``): the Chinese pages do, since one configuration
serves both editions.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from fieldguide import questions as data

MARKER = re.compile(r"^\s*<!--\s*questions\b(?P<options>.*?)-->\s*$")
LANGS = ("en", "zh")
WORDS = {
    "en": {
        "evidence": "Shown on",
        "asked": "Asked in",
        "unanswered": "No section of this guide shows the answer to this question yet.",
        "family": "Family",
        "questions": "Questions",
        "answered": "Answered here",
        "colon": ": ",
        "comma": ", ",
    },
    "zh": {
        "evidence": "运行结果见",
        "asked": "提问出处",
        "unanswered": "本指南还没有哪个小节展示这个问题的答案。",
        "family": "主题",
        "questions": "问题数",
        "answered": "已解答",
        "colon": "：",
        "comma": "、",
    },
}
ESCAPED = re.compile(r"([\\*_\[\]{}#|])")


class QuestionsMarkerError(ValueError):
    """A ``<!-- questions ... -->`` line that cannot be expanded."""


def escape(text: str) -> str:
    """``text`` as literal Markdown: code spans kept, every other character meant as itself."""
    parts = re.split(r"(`+[^`]*?`+)", text)
    out = []
    for n, part in enumerate(parts):
        if n % 2:  # a code span
            out.append(part)
        else:
            out.append(ESCAPED.sub(r"\\\1", part).replace("<", "&lt;").replace(">", "&gt;"))
    return "".join(out)


def source_label(url: str) -> str:
    """A short name for a thread: ``pytorch/pytorch#1234``, or the site's name."""
    parts = urlsplit(url)
    host = (parts.hostname or "").removeprefix("www.")
    path = [p for p in parts.path.split("/") if p]
    if host == "github.com" and len(path) >= 4 and path[2] in ("issues", "pull", "discussions"):
        return f"{path[0]}/{path[1]}#{path[3]}"
    names = {
        "discuss.pytorch.org": "PyTorch Forums",
        "stackoverflow.com": "Stack Overflow",
        "discuss.huggingface.co": "Hugging Face Forums",
    }
    return names.get(host, host)


class _Pages:
    """Titles of the guide's pages and sections, read once per conversion."""

    def __init__(self, docs: Path) -> None:
        self.docs = docs

    def title(self, page: str) -> str:
        found = data._page(self.docs / page)[1]
        first = next((h for h in found if h.level == 1), None)
        return first.title if first else page

    def section_title(self, page: str, anchor: str) -> str:
        located = data.section(self.docs / page, anchor)
        if located is None:
            raise QuestionsMarkerError(f"docs/{page} has no heading #{anchor}")
        return located[0].title


def render_question(q: data.Question, lang: str, level: int, base: str, pages: _Pages) -> str:
    words = WORDS[lang]
    lines = [f"{'#' * level} {escape(q.question)} {{ #{q.id} }}", ""]
    if q.answer is None:
        lines += [f"*{words['unanswered']}*", ""]
    else:
        page = q.answer.page_file(lang)
        where = f"{pages.title(page)} › {pages.section_title(page, q.answer.anchor)}"
        lines += [q.answer.text(lang), ""]
        target = f"{base}{q.answer.page}#{q.answer.anchor}"
        lines += [f"{words['evidence']}{words['colon']}[{where}]({target})", ""]
    asked = words["comma"].join(f"[{source_label(url)}]({url})" for url in q.sources)
    lines += [f"{words['asked']}{words['colon']}{asked}", ""]
    return "\n".join(lines)


def render_family(family: data.Family, lang: str, level: int, base: str, pages: _Pages) -> str:
    return "\n".join(render_question(q, lang, level, base, pages) for q in family.questions)


def render_table(families: list[data.Family], lang: str) -> str:
    words = WORDS[lang]
    lines = [
        f"| {words['family']} | {words['questions']} | {words['answered']} |",
        "| --- | ---: | ---: |",
    ]
    for family in families:
        title = escape(family.title(lang))
        lines.append(
            f"| [{title}]({family.id}.md) | {len(family.questions)} | {len(family.answered)} |"
        )
    total = sum(len(f.questions) for f in families)
    answered = sum(len(f.answered) for f in families)
    lines.append(f"| **{'All' if lang == 'en' else '合计'}** | **{total}** | **{answered}** |")
    return "\n".join(lines) + "\n"


def expand(options: str, default_lang: str, base: str, folder: Path, docs: Path) -> str:
    """The Markdown that replaces one marker line, given the text after ``questions``."""
    try:
        words = shlex.split(options)
    except ValueError as exc:
        raise QuestionsMarkerError(f"cannot read <!-- questions{options}-->: {exc}") from None
    settings: dict[str, str] = {}
    flags = set()
    for word in words:
        key, sep, value = word.partition("=")
        if sep:
            settings[key] = value
        else:
            flags.add(key)
    unknown = (set(settings) - {"family", "lang"}) | (flags - {"families"})
    if unknown:
        raise QuestionsMarkerError(f"unknown option(s) in <!-- questions{options}-->: {unknown}")
    lang = settings.get("lang", default_lang)
    if lang not in LANGS:
        raise QuestionsMarkerError(f"lang={lang!r} must be one of {LANGS}")
    wanted = settings.get("family")
    if wanted is None and "families" not in flags:
        raise QuestionsMarkerError(f"<!-- questions{options}--> names no family (or families)")
    one = wanted if wanted in data.FAMILIES and "families" not in flags else None
    families = data.load(folder, docs, only=one)  # a family's page reads its own file
    pages = _Pages(docs)
    if "families" in flags:
        return render_table(families, lang)
    if wanted == "all":
        blocks = []
        for family in families:
            blocks.append(f"## {escape(family.title(lang))} {{ #family-{family.id} }}\n")
            blocks.append(render_family(family, lang, 3, base, pages))
        return "\n".join(blocks)
    chosen = [f for f in families if f.id == wanted]
    if not chosen:
        raise QuestionsMarkerError(f"no family {wanted!r}; the families are {list(data.FAMILIES)}")
    return render_family(chosen[0], lang, 2, base, pages)


class QuestionsPreprocessor(Preprocessor):  # type: ignore[misc]  # markdown has no type hints
    def __init__(self, md: Markdown, lang: str, base: str, folder: Path, docs: Path) -> None:
        super().__init__(md)
        self.lang, self.base, self.folder, self.docs = lang, base, folder, docs

    def run(self, lines: list[str]) -> list[str]:
        if not any(MARKER.match(line) for line in lines):
            return lines
        data._page.cache_clear()  # pages may have changed since the last conversion
        out: list[str] = []
        for line in lines:
            match = MARKER.match(line)
            if match:
                text = expand(match["options"], self.lang, self.base, self.folder, self.docs)
                out.extend(["", *text.splitlines(), ""])
            else:
                out.append(line)
        return out


class QuestionsExtension(Extension):  # type: ignore[misc]
    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "lang": ["en", "Language of a marker that names none: en or zh"],
            "base": ["../", "Path from the page to docs/, put before each linked page"],
            "folder": [str(data.QUESTIONS), "Folder of the questions/<family>.yml files"],
            "docs": [str(data.DOCS), "The docs/ folder, where the linked pages are read"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802  # the name markdown calls
        lang = self.getConfig("lang")
        if lang not in LANGS:
            raise QuestionsMarkerError(f"questions extension: lang={lang!r} must be one of {LANGS}")
        processor = QuestionsPreprocessor(
            md,
            lang,
            self.getConfig("base"),
            Path(self.getConfig("folder")),
            Path(self.getConfig("docs")),
        )
        # before the HTML block preprocessor (priority 20) stashes the comment away
        md.preprocessors.register(processor, "questions", 25)


def makeExtension(**kwargs: Any) -> QuestionsExtension:  # noqa: N802  # markdown's entry point
    return QuestionsExtension(**kwargs)
