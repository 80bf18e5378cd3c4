"""MkDocs hook: mkdocs-llmstxt converts each page to Markdown once per content, not once per build.

The plugin turns every listed page's HTML into Markdown (parse, clean, convert, format) on every
build, in both editions: more than half of a build's time. The conversion depends only on its
inputs, so this hook keeps each result under ``.cache/llmstxt/`` named by a hash of them (the
HTML, the options, the plugin's version); a page that did not change costs one hash, whatever
folder the site is built into.

Under ``mkdocs serve --dirty`` (``make serve``) a rebuild converts only the pages it built
again; the others' Markdown is carried over from the builds before, so ``llms.txt`` still lists
every page.
"""

from __future__ import annotations

import hashlib
import json
from importlib import metadata
from pathlib import Path
from typing import Any

from build_caches import write_atomically
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority

CONVERTERS = ("mkdocs-llmstxt", "mdformat", "mdformat-tables", "markdownify", "beautifulsoup4")
_folder: Path | None = None
_dirty = False
# edition -> page source -> the plugin's record of it, across dirty builds
_converted: dict[str, dict[str, Any]] = {}


def on_startup(command: str, dirty: bool) -> None:
    global _dirty
    _dirty = dirty


@event_priority(10)  # before mkdocs-llmstxt lists the pages in llms.txt
def on_post_build(config: MkDocsConfig) -> None:
    plugin = config.plugins.get("llmstxt")
    if not _dirty or plugin is None:
        return
    # Per edition: a page not translated yet has the same source in both
    edition = _converted.setdefault(str(config.theme.get("language") or ""), {})
    pages, listed = plugin._md_pages, plugin._file_uris
    for src_uri, record in edition.items():
        if src_uri in listed:  # a page removed since is not listed again
            pages.setdefault(src_uri, record)  # not built again: as the last build converted it
    edition.clear()
    edition.update(pages)


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    global _folder
    try:
        from mkdocs_llmstxt._internal import plugin
    except ImportError:  # the plugin is not installed: nothing to cache
        return config
    _folder = Path(config.config_file_path).resolve().parent / ".cache" / "llmstxt"
    convert = getattr(plugin._generate_page_markdown, "__wrapped__", plugin._generate_page_markdown)
    # The plugin and the packages its conversion runs through
    version = [metadata.version(name) for name in CONVERTERS]

    def cached(html: str, **options: Any) -> str:
        # Without a ``preprocess`` module, the output path reaches nothing: the same page
        # built into another folder (a test's, a benchmark's) is the same conversion.
        if options.get("preprocess"):  # a module of the site's own, which sees the path
            return str(convert(html, **options))
        keyed = {**options, "path": None}
        key = hashlib.sha256(json.dumps([version, html, keyed], sort_keys=True).encode())
        assert _folder is not None
        path = _folder / f"{key.hexdigest()}.md"
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            pass
        text: str = convert(html, **options)
        write_atomically(path, text)
        return text

    cached.__wrapped__ = convert  # type: ignore[attr-defined]
    plugin._generate_page_markdown = cached
    return config
