"""MkDocs hook: each page's Markdown is converted to HTML once per content, not once per build.

Converting Markdown (parsing, highlighting every code block) is the largest part of a build that
runs no snippet, and it is done again for every page on every build, in both editions, though
one edit changes one page. A conversion depends only on its inputs, so this hook keeps each
result under ``.cache/render/``, named by a hash of them:

- the page's Markdown as the earlier hooks left it, its path and its URL;
- every file of the build, by path, URL and inclusion (a link resolves, or warns, against them);
- the Markdown configuration: ``mkdocs.yml``, the source of a Markdown extension that lives in
  this repository, the versions of the packages that convert, and the log level;
- this file.

What a conversion leaves on the page is kept: the HTML, the table of contents, the title, the
ids present and the links to other pages' anchors (MkDocs checks those after every build, cached
or not), and the headings mkdocs-autorefs registered, which are registered again on a hit.

The theme's templates are compiled once per source too: Jinja's own bytecode cache, under
``.cache/jinja/``, checks each template's source before it uses the compiled copy.

A running ``mkdocs serve`` keeps the code it imported: once a file of the converting code
changes on disk (this hook, a Markdown extension of the repository, an upgraded package), that
process converts every page without the cache until it is restarted.

A page rendered from docstrings (``::: package``) depends on Python sources as well: its key
also holds every source file of each package it documents, as mkdocstrings' Python handler finds
them (its ``paths``), and the versions of that handler and of griffe, which reads them. Its entries
in mkdocstrings' inventory (``objects.inv``) are kept with it and registered again on a hit.

Not kept: a conversion that logged anything (a broken link warns on every build), and a page
documenting something whose sources are not found under the handler's paths.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import os
import re
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import jinja2
from build_caches import FirstRead, installed_version, write_atomically
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink, TableOfContents

# The packages whose code turns a page's Markdown into HTML.
CONVERTERS = (
    "mkdocs",
    "markdown",
    "pymdown-extensions",
    "pygments",
    "mkdocs-material",
    "mkdocs-autorefs",  # its markup is in the HTML kept
    "mkdocstrings",  # its tree processors run on every page
)
# What else turns a docstring page (``::: package``) into HTML.
# (griffe's code is published under either name; this environment has griffelib)
DOCSTRING_CONVERTERS = ("mkdocstrings-python", "griffelib", "griffe")
try:  # mkdocstrings' own pattern for a ``::: identifier`` block
    from mkdocstrings._internal.extension import AutoDocProcessor

    DOCSTRING_PAGE = re.compile(AutoDocProcessor.regex.pattern, re.MULTILINE)
except (ImportError, AttributeError):
    DOCSTRING_PAGE = re.compile(r"^(#{1,6} *|)::: ?(?P<name>.+?) *$", re.MULTILINE)

# The site this hook was configured for: Page.render is patched for the whole process, and
# another site built in it (a test's) converts as usual.
_state: dict[str, Any] = {"site": None, "folder": None, "config_digest": "", "files": None}


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    root = Path(config.config_file_path).resolve().parent
    _state["site"] = config.config_file_path
    _state["folder"] = root / ".cache" / "render"
    _state["config_digest"] = _config_digest(config, root)
    _state["files"] = None
    # Installed again by every configuration: MkDocs loads a hook file afresh each time it
    # reads mkdocs.yml (each rebuild under serve), and the newest copy's state must be used.
    original = getattr(Page.render, "__wrapped__", Page.render)

    def render(page: Page, config: MkDocsConfig, files: Files) -> None:
        _render(original, page, config, files)

    render.__wrapped__ = original  # type: ignore[attr-defined]
    Page.render = render  # type: ignore[method-assign]
    return config


def on_env(env: jinja2.Environment, config: MkDocsConfig, files: Files) -> jinja2.Environment:
    if config.config_file_path == _state["site"]:
        folder = _state["folder"].parent / "jinja"
        folder.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(folder))
    return env


# The converting code as this process first read it: a running server keeps what it imported.
_loaded = FirstRead()


def _config_digest(config: MkDocsConfig, root: Path) -> str:
    """What every page's conversion shares: the configuration and the converting code."""
    parts: list[Any] = [_loaded(__file__, Path(__file__).read_text(encoding="utf-8"))]
    parts.append(Path(config.config_file_path).read_text(encoding="utf-8"))
    versions = [metadata.version(name) for name in CONVERTERS] + [sys.version]
    parts.append(_loaded("versions", json.dumps(versions)))
    parts.append([config.use_directory_urls, str(config.validation)])
    for extension in config.markdown_extensions:
        if not isinstance(extension, str):  # an instance a plugin added: its class names it
            parts.append(f"{type(extension).__module__}.{type(extension).__qualname__}")
            continue
        parts.append(extension)
        found = importlib.util.find_spec(extension) if "." not in extension else None
        origin = Path(found.origin).resolve() if found and found.origin else None
        if origin and origin.is_relative_to(root):  # the repository's own extension
            parts.append(_loaded(str(origin), origin.read_text(encoding="utf-8")))
    parts.append(json.dumps(config.mdx_configs, sort_keys=True, default=repr))
    return _hash(parts)


def _files_digest(files: Files) -> str:
    """Every file by path, URL and inclusion, computed once per build (per edition)."""
    if _state["files"] is not files:
        rows = sorted((f.src_uri, f.url, f.dest_uri, f.inclusion.name) for f in files)
        _state["files"], _state["files_digest"] = files, _hash(rows)
    return str(_state["files_digest"])


def _hash(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, ensure_ascii=False).encode()).hexdigest()


def _render(original: Any, page: Page, config: MkDocsConfig, files: Files) -> None:
    markdown = page.markdown or ""
    folder: Path = _state["folder"]
    documented = _documented_sources(markdown, config)
    stale = _loaded.changed  # converting code changed on disk since this process loaded it
    if config.config_file_path != _state["site"] or stale or documented is None:
        original(page, config, files)
        return
    level = logging.getLogger("mkdocs").getEffectiveLevel()
    key = _hash(
        [
            _state["config_digest"],
            _files_digest(files),
            level,
            page.file.src_uri,
            page.file.url,
            markdown,
            documented,
        ]
    )
    path = folder / f"{key}.json"
    autorefs = _autorefs(config)
    inventory = _inventory(config)
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        stored = None
    if stored is not None:
        _restore(page, stored, files, autorefs, inventory, level)
        return
    registered: list[list[Any]] = []
    listed: list[list[Any]] = []
    with (
        _Recording() as logged,
        _recording_anchors(autorefs, page, registered),
        _recording_inventory(inventory, listed),
    ):
        original(page, config, files)
    if logged.records:
        return  # a warning or a notice must show again on the next build
    if documented and _documented_sources(markdown, config) != documented:
        return  # a documented source was saved while the page converted: either version
    write_atomically(path, json.dumps(_stored(page, registered, listed), ensure_ascii=False))


def _documented_sources(markdown: str, config: MkDocsConfig) -> list[Any] | None:
    """For a page rendered from docstrings, what its HTML is made from beyond its Markdown:
    the converters' versions and every source file (path and text) of each package it
    documents; ``[]`` for any other page; ``None`` when a documented package's sources are not
    found, and the page is converted afresh."""
    names = {m.group("name").split(".")[0] for m in DOCSTRING_PAGE.finditer(markdown)}
    if not names:
        return []
    root = Path(config.config_file_path).resolve().parent
    handler = (_plugin_config(config, "mkdocstrings").get("handlers") or {}).get("python") or {}
    folders = [root / folder for folder in handler.get("paths") or ["."]]
    versions = json.dumps([installed_version(name) for name in DOCSTRING_CONVERTERS])
    # the versions this process loaded; and the folder it runs in, which the "Source code in"
    # line of each entry is relative to
    sources: list[Any] = [_loaded("docstring versions", versions), os.getcwd()]
    for name in sorted(names):
        found = [f / name for f in folders if (f / name / "__init__.py").is_file()]
        found += [f / f"{name}.py" for f in folders if (f / f"{name}.py").is_file()]
        if not found:
            return None
        top = found[0]
        files = sorted(top.rglob("*.py*")) if top.is_dir() else [top]
        for file in files:
            if file.suffix in (".py", ".pyi"):
                sources.append([file.relative_to(root).as_posix(), file.read_text("utf-8")])
    return sources


def _plugin_config(config: MkDocsConfig, name: str) -> Any:
    plugin = config.plugins.get(name)
    return plugin.config if plugin is not None else {}


def _stored(
    page: Page, registered: list[list[Any]], listed: list[list[Any]]
) -> dict[str, Any]:
    links = page.links_to_anchors or {}
    return {
        "content": page.content,
        "toc": [_link_record(item) for item in page.toc.items],
        "title": page._title_from_render,
        "anchors": sorted(page.present_anchor_ids or ()),
        "links": {target.src_uri: anchors for target, anchors in links.items()},
        "autorefs": registered,
        "inventory": listed,
    }


def _restore(
    page: Page, stored: dict[str, Any], files: Files, autorefs: Any, inventory: Any, level: int
) -> None:
    page.content = stored["content"]
    items = [_link(record) for record in stored["toc"]]
    if items:
        items[0].active = True  # type: ignore[attr-defined]  # as mkdocs.structure.toc.get_toc
    page.toc = TableOfContents(items)
    page._title_from_render = stored["title"]
    page.present_anchor_ids = set(stored["anchors"])
    if level > logging.DEBUG:  # as Page.render
        page.links_to_anchors = {
            files.get_file_from_path(src): anchors for src, anchors in stored["links"].items()
        }
    for identifier, anchor, title, primary in stored["autorefs"]:
        autorefs.register_anchor(page, identifier, anchor, title=title, primary=primary)
    for args, options in stored["inventory"] if inventory is not None else ():
        inventory.register(*args, **options)


def _link_record(item: AnchorLink) -> dict[str, Any]:
    return {
        "title": item.title,
        "id": item.id,
        "level": item.level,
        "children": [_link_record(child) for child in item.children],
    }


def _link(record: dict[str, Any]) -> AnchorLink:
    item = AnchorLink(record["title"], record["id"], record["level"])
    item.children = [_link(child) for child in record["children"]]
    return item


def _autorefs(config: MkDocsConfig) -> Any:
    return config.plugins.get("autorefs")


def _inventory(config: MkDocsConfig) -> Any:
    """mkdocstrings' inventory of documented objects, written to ``objects.inv``."""
    plugin = config.plugins.get("mkdocstrings")
    try:
        return plugin.handlers.inventory if plugin is not None else None
    except (AttributeError, RuntimeError):  # not configured (yet)
        return None


class _recording_inventory:
    """Records what a conversion adds to mkdocstrings' inventory."""

    def __init__(self, inventory: Any, into: list[list[Any]]) -> None:
        self.inventory, self.into = inventory, into

    def __enter__(self) -> None:
        if self.inventory is None:
            return
        original = self.inventory.register

        def register(*args: Any, **options: Any) -> None:
            self.into.append([list(args), options])
            original(*args, **options)

        self.inventory.register = register

    def __exit__(self, *exc: object) -> None:
        if self.inventory is not None:
            del self.inventory.register  # the class's method again


class _recording_anchors:
    """Records the anchors mkdocs-autorefs registers for ``page`` while it is converted."""

    def __init__(self, autorefs: Any, page: Page, into: list[list[Any]]) -> None:
        self.autorefs, self.page, self.into = autorefs, page, into

    def __enter__(self) -> None:
        if self.autorefs is None:
            return
        original = self.autorefs.register_anchor

        def register_anchor(
            page: Any, identifier: str, anchor: str | None = None, **options: Any
        ) -> None:
            if page is self.page:
                title, primary = options.get("title"), options.get("primary", True)
                self.into.append([identifier, anchor, title, primary])
            original(page, identifier, anchor, **options)

        self.autorefs.register_anchor = register_anchor

    def __exit__(self, *exc: object) -> None:
        if self.autorefs is not None:
            del self.autorefs.register_anchor  # the class's method again


class _Recording(logging.Handler):
    """Collects what is logged while a page converts (MkDocs' logger does not propagate)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []
        self.loggers = [logging.getLogger(), logging.getLogger("mkdocs")]

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def __enter__(self) -> _Recording:
        for logger in self.loggers:
            logger.addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        for logger in self.loggers:
            logger.removeHandler(self)
