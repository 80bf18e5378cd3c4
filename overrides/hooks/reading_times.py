"""The home page's reading times and page counts, computed from the pages as the site is built
(``reading_time``): ``<!-- pages graph -->``, ``<!-- minutes graph backward -->``,
``<!-- min graph -->`` become ``6 pages``, ``1 hour 32 minutes``, ``55 min``."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs_rebuilds import rebuild_if_newer
from reading_time import MARKER, fill


@event_priority(-120)  # after mkdocs-static-i18n (-100) has made the edition's file list
def on_files(files: Files, config: MkDocsConfig) -> Files:
    # A page with reading times counts every page: a dirty rebuild (make serve) builds it
    # again whenever a page changed.
    pages = [Path(f.abs_src_path) for f in files.documentation_pages() if f.abs_src_path]
    for file in files.documentation_pages():
        if file.src_uri.endswith(".md") and MARKER.search(
            Path(file.abs_src_path).read_text("utf-8")
        ):
            rebuild_if_newer(file, pages)
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    if not MARKER.search(markdown):
        return markdown
    language = "zh" if page.file.src_uri.endswith(".zh.md") else "en"
    try:
        return fill(markdown, Path(config.docs_dir), language)
    except ValueError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from None
