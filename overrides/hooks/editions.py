"""Files that both editions write at the site's root: each edition keeps its own.

mkdocs-static-i18n builds the Chinese edition after the English one, into the same site
folder: its pages go under ``zh/``, but files written at the root by the theme or a plugin
(the theme's ``404.html``, the ``llms.txt`` of mkdocs-llmstxt) are written again, so the last
edition built (Chinese) won, and ``/404.html`` was the Chinese page. This hook, run at the end
of each edition's build (before the language plugin starts the next one):

* English build: keeps a copy of the root ``404.html`` and ``llms.txt``;
* any other edition: moves the copies it just wrote into its folder (``zh/404.html``,
  ``zh/llms.txt``) and puts the English ones back at the root.

The 404 page is served at any missing address, so its language switch must not point at the
page the edition happened to build last: each edition's 404 links to each edition's home page.

mkdocs-llmstxt lists the pages named in ``mkdocs.yml`` (the English sources). In another
edition's build those pages are that edition's translations (``graph/index.zh.md``): the list
is pointed at them, under the section titles the language plugin translates, so that
``zh/llms.txt`` lists the Chinese pages.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT_FILES = ("404.html", "llms.txt")
_kept: dict[str, bytes] = {}


def _language(config: Any) -> tuple[str, str, list[str]]:
    """(this build's language, the default language, every language built)."""
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return "", "", []
    locales = [lang.locale for lang in i18n.config.languages if lang.build]
    return i18n.current_language, i18n.default_language, locales


def _switch_to_homes(page: str, root: str, default: str, locales: list[str]) -> str:
    """The language switch of a 404 page pointed at each edition's home page."""
    for locale in locales:
        home = root if locale == default else f"{root}{locale}/"
        page = re.sub(
            rf'<a href="[^"]*" hreflang="{re.escape(locale)}"',
            f'<a href="{home}" hreflang="{locale}"',
            page,
        )
    return page


def on_files(files: Any, config: Any) -> Any:
    current, default, _ = _language(config)
    llms = config.plugins.get("llmstxt")
    if not current or current == default or llms is None:
        return files
    uris = set(files.src_uris)
    i18n = config.plugins["i18n"]
    language = next(lang for lang in i18n.config.languages if lang.locale == current)
    titles = dict(language.nav_translations or {})

    def translated(uri: str) -> str:
        stem, dot, suffix = uri.rpartition(".")
        local = f"{stem}.{current}.{suffix}" if dot else uri
        return local if local in uris else uri

    # mkdocs-llmstxt 0.5 keeps the expanded sections here (set in its own on_files)
    llms._sections = {
        titles.get(section, section): {translated(uri): text for uri, text in pages.items()}
        for section, pages in llms._sections.items()
    }
    llms._file_uris = {uri for pages in llms._sections.values() for uri in pages}
    return files


def on_post_build(config: Any) -> None:
    current, default, locales = _language(config)
    if not current:
        return
    site = Path(config.site_dir)
    root = urlparse(config.site_url or "/").path or "/"
    root = root if root.endswith("/") else root + "/"
    not_found = site / "404.html"
    if not_found.is_file():
        text = not_found.read_text(encoding="utf-8")
        not_found.write_text(_switch_to_homes(text, root, default, locales), encoding="utf-8")
    if current == default:
        _kept.clear()
        _kept.update({n: (site / n).read_bytes() for n in ROOT_FILES if (site / n).is_file()})
        return
    for name in ROOT_FILES:
        written = site / name
        if written.is_file():
            (site / current).mkdir(parents=True, exist_ok=True)
            written.replace(site / current / name)
        if name in _kept:
            written.write_bytes(_kept[name])
