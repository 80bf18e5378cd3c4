"""MkDocs hook: a page's search entries are made once per content, not once per build.

The theme's search plugin parses every page's HTML into sections, and segments Chinese text
with jieba, on every build: about a fifth of a build that runs no snippet. The entries depend
only on what the plugin reads (the page's HTML, table of contents, URL, title, and the
``title``, ``search`` and ``tags`` of its front matter) and on the plugin's configuration, so
this hook keeps them under ``.cache/search/``, named by a hash of all of that, of the jieba user
dictionary, of the versions of the theme and jieba, and of this file.

Under ``mkdocs serve --dirty`` (``make serve``) a rebuild indexes only the pages it built again,
and the theme's way of merging them into the last index drops every entry whose location starts
with the first rebuilt page's (the home page's is empty: all of them). So in a dirty build this
hook writes the index itself, after the editions are built: every page of the build with the
entries last made for it in this process.

jieba reads its dictionary (a second's work) as soon as the plugin hands it the site's user
dictionary, at configuration. A build whose every entry comes from this cache segments nothing,
so the hook defers that load until the first text is segmented: the loads and segmentations
happen in the same order as before, and the index is the same.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from pathlib import Path
from typing import Any

from build_caches import FirstRead, installed_version, write_atomically
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.pages import Page

PACKAGES = ("mkdocs-material", "jieba", "backrefs")
META = ("title", "search", "tags")  # the front matter the plugin reads

_state: dict[str, Any] = {"site": None, "folder": None, "digest": ""}
_dirty = False
_depth = 0  # builds under way: an edition's build runs inside the first edition's
_latest: dict[str, list[Any]] = {}  # page (File.url) -> its entries, as last made in this process
_pages: set[str] = set()  # the URLs of the pages of the build under way, every edition


def on_startup(command: str, dirty: bool) -> None:
    global _dirty
    _dirty = dirty


def on_pre_build(config: MkDocsConfig) -> None:
    global _depth
    if _depth == 0:
        _pages.clear()
    _depth += 1


@event_priority(-120)  # after mkdocs-static-i18n (-100) has made the edition's file list
def on_files(files: Any, config: MkDocsConfig) -> Any:
    _pages.update(f.url for f in files.documentation_pages())
    return files


@event_priority(-250)  # after mkdocs-static-i18n (-100) wrote the index of every edition
def on_post_build(config: MkDocsConfig) -> None:
    global _depth
    _depth -= 1
    written = Path(config.site_dir) / "search" / "search_index.json"
    if not _dirty or _depth > 0 or not written.is_file():
        return
    index = json.loads(written.read_text(encoding="utf-8"))
    docs = [dict(entry) for url, entries in _latest.items() if url in _pages for entry in entries]
    i18n = config.plugins.get("i18n")
    if i18n is not None and i18n.config.get("reconfigure_search"):
        i18n.reconfigure_search_duplicates(docs)  # as it does for a full build's index
    index["docs"] = docs
    written.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), "utf-8")


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    try:
        from material.plugins.search.plugin import SearchIndex
    except ImportError:  # no theme search: nothing to cache
        return config
    root = Path(config.config_file_path).resolve().parent
    search = config.plugins.get("material/search") or config.plugins.get("search")
    settings = dict(search.config) if search is not None else {}
    parts: list[Any] = [_loaded(__file__, Path(__file__).read_text(encoding="utf-8"))]
    parts.append(_loaded("versions", json.dumps([installed_version(name) for name in PACKAGES])))
    parts.append(json.dumps(settings, sort_keys=True, default=repr))
    dictionary = settings.get("jieba_dict_user")
    if dictionary and (root / dictionary).is_file():  # jieba loads it once per process
        parts.append(_loaded("jieba", (root / dictionary).read_text(encoding="utf-8")))
    _state.update(site=config.config_file_path, folder=root / ".cache" / "search")
    _state["digest"] = _hash(parts)
    # Installed again by every configuration: MkDocs loads a hook file afresh each time it
    # reads mkdocs.yml (each rebuild under serve), and the newest copy's state must be used.
    original = getattr(SearchIndex.add_entry_from_context, "__wrapped__", None)
    original = original or SearchIndex.add_entry_from_context

    def add_entry_from_context(index: Any, page: Page) -> None:
        _add_entries(original, index, page)

    add_entry_from_context.__wrapped__ = original  # type: ignore[attr-defined]
    SearchIndex.add_entry_from_context = add_entry_from_context  # type: ignore[method-assign]
    return config


def _defer_jieba_dictionaries() -> None:
    """Make ``jieba.load_userdict`` wait for the next ``jieba.cut`` (what the theme's plugin
    calls), once per process: the deferred loads run first, in the order they were asked for."""
    try:
        import jieba
    except ImportError:
        return
    if getattr(jieba.cut, "loads_deferred", None) is not None:
        return
    load, cut = jieba.load_userdict, jieba.cut
    deferred: list[Any] = []

    def load_userdict(f: Any) -> None:
        if isinstance(f, (str, os.PathLike)):  # read now, as jieba would: the file as it is
            with open(f, "rb") as handle:  # now, from the folder the plugin asked from
                f = io.BytesIO(handle.read())
        deferred.append(f)

    def cut_after_loading(*args: Any, **kwargs: Any) -> Any:
        while deferred:
            load(deferred.pop(0))
        return cut(*args, **kwargs)

    cut_after_loading.loads_deferred = deferred  # type: ignore[attr-defined]
    jieba.load_userdict, jieba.cut = load_userdict, cut_after_loading


# When MkDocs loads this file, before any plugin's on_config (the theme's search plugin hands
# jieba the user dictionary in its own).
_defer_jieba_dictionaries()


# What this process indexes with, as first read: a running server keeps the modules and the
# jieba dictionary it loaded.
_loaded = FirstRead()


def _hash(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, ensure_ascii=False, default=str).encode()).hexdigest()


def _toc(items: Any) -> list[Any]:
    return [[item.title, item.id, item.level, _toc(item.children)] for item in items]


def _add_entries(original: Any, index: Any, page: Page) -> None:
    folder: Path | None = _state["folder"]
    site = getattr(page.file, "_search_cache_site", None)  # set by on_page_context below
    if folder is None or site != _state["site"]:
        original(index, page)
        return
    before = len(index.entries)
    if _loaded.changed:  # indexed with code that changed on disk: not kept
        original(index, page)
    else:
        meta = {key: page.meta.get(key) for key in META}
        key = _hash([_state["digest"], page.url, page.title, meta, _toc(page.toc), page.content])
        path = folder / f"{key}.json"
        try:
            index.entries.extend(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            original(index, page)
            write_atomically(path, json.dumps(index.entries[before:], ensure_ascii=False))
    _latest[page.file.url] = index.entries[before:]


@event_priority(100)  # before the search plugin indexes the page
def on_page_context(context: Any, page: Page, config: MkDocsConfig, nav: Any) -> Any:
    # Marks the pages of the site this hook was configured for: SearchIndex is patched for the
    # whole process, and another site built in it (a test's) indexes as usual.
    page.file._search_cache_site = config.config_file_path  # type: ignore[attr-defined]
    return context
