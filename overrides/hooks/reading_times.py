"""The home page's reading times and page counts, computed from the pages as the site is built
(``reading_time``): ``<!-- pages graph -->``, ``<!-- minutes graph backward -->``,
``<!-- min graph -->`` become ``6 pages``, ``1 hour 32 minutes``, ``55 min``."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from reading_time import MARKER, fill


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    if not MARKER.search(markdown):
        return markdown
    language = "zh" if page.file.src_uri.endswith(".zh.md") else "en"
    try:
        return fill(markdown, Path(config.docs_dir), language)
    except ValueError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from None
