"""Markdown extension: every page's reading time under its title (``12 min read``), and
``<!-- pages graph -->``, ``<!-- minutes graph backward -->`` and ``<!-- min graph -->`` become
``6 pages``, ``1 hour 32 minutes``, ``55 min``, counted from the pages' sources when the page is
converted (:mod:`fieldguide.reading_time`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from fieldguide.reading_time import MARKER, fill, under_title


class _Figures(Preprocessor):  # type: ignore[misc]  # markdown has no type hints
    def __init__(self, md: Markdown, extension: ReadingTimeExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, lines: list[str]) -> list[str]:
        language = self.extension.getConfig("language")
        text = under_title("\n".join(lines), language)
        if MARKER.search(text):
            text = fill(text, Path(self.extension.getConfig("docs_dir")), language)
        return text.split("\n")


class ReadingTimeExtension(Extension):  # type: ignore[misc]
    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "docs_dir": ["docs", "The folder whose pages are counted"],
            "language": ["en", "The edition counted: en or zh"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - the Markdown API's name
        # Before raw HTML is stashed (20): the markers are HTML comments.
        md.preprocessors.register(_Figures(md, self), "fieldguide_reading_time", 27)


def makeExtension(**kwargs: Any) -> ReadingTimeExtension:  # noqa: N802 - the Markdown API's name
    return ReadingTimeExtension(**kwargs)
