"""The site's MkDocs plugin (``plugins: [fieldguide]``): what only MkDocs can do.

The pages' work is done by Markdown extensions that run under any generator
(:mod:`fieldguide.extensions.snippets`, :mod:`fieldguide.extensions.reading_time`); this plugin
adds them with a :class:`~fieldguide.extensions.snippets.Session` per build, and:

* starts each build's batch of snippets, from the references of the edition's pages, and
  publishes each snippet that runs (and the repository modules it imports) beside the pages;
* points a notebook page at its executed copy, and trims the notebook HTML mkdocs-jupyter makes;
* builds the self-test and mock-interview pages (``practice:`` in the front matter) and writes
  the Anki deck;
* under ``mkdocs serve --dirty``, builds a page again when a file it shows changed;
* keeps each edition's ``404.html`` in its own folder, and writes its ``llms.txt`` (deploy only);
* once the last edition is written, indexes the whole site for search
  (:mod:`fieldguide.search_index`, Pagefind, one index per edition);
* fails the build, naming file and line, when a snippet failed or drifted, or a page is wrong
  (under ``serve`` the problems are shown in the page and the terminal instead).

mkdocs-static-i18n builds each further edition inside the first one's
``on_post_build``; each edition gets a session of its own, and the problems of all are reported
after the last.
"""

from __future__ import annotations

import html
import json
import logging
import os
import posixpath
import re
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from mkdocs.config import base
from mkdocs.config import config_options as opt
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs_jupyter.plugin import NotebookFile

from fieldguide import llms_txt, search_index
from fieldguide.descriptions import description
from fieldguide.engine import Engine, progress, snapshots
from fieldguide.engine.notebooks import untranslated
from fieldguide.engine.settings import SettingsError
from fieldguide.engine.spec import load
from fieldguide.extensions.reading_time import ReadingTimeExtension
from fieldguide.extensions.snippets import PageInfo, Session, SnippetsExtension, problems_of
from fieldguide.practice import anki, answers
from fieldguide.practice import render as practice_render
from fieldguide.practice.cards import CardError
from fieldguide.practice.cards import build as build_deck
from fieldguide.reading_time import MARKER as READING_TIME

log = logging.getLogger("mkdocs.plugins.fieldguide")
REQUIRED_EXTENSIONS = ("pymdownx.superfences", "pymdownx.highlight")
PRACTICE = "<!-- practice -->"
ROOT_FILES = ("404.html",)  # written at the site's root by every edition's build
TRANSLATED = re.compile(r"\.[a-z]{2}(?:_[A-Za-z]+)?\.ipynb$")  # name.zh.ipynb
DOCSTRINGS = re.compile(r"^(#{1,6} *|)::: ?(\S+)", re.MULTILINE)  # mkdocstrings' ``::: module``


class FieldGuideConfig(base.Config):  # type: ignore[no-untyped-call]
    cards = opt.Type(str, default="cards")  # the self-test's card files, under the repository
    llms_txt = opt.Type(bool, default=False)  # write /llms.txt and each page's Markdown copy
    llms_description = opt.Type(str, default="")  # the paragraph under llms.txt's title
    search_index = opt.Type(bool, default=True)  # Pagefind's index of every edition, at the end


class FieldGuidePlugin(BasePlugin[FieldGuideConfig]):  # type: ignore[no-untyped-call]
    supports_multiple_instances = False

    def __init__(self) -> None:
        self.serving = False
        self.dirty = False
        self.engine: Engine | None = None  # kept across rebuilds under serve
        self.snippets = SnippetsExtension()
        self.reading_time = ReadingTimeExtension()
        self.session: Session | None = None
        self.helpers: dict[str, list[str]] = {}  # each snippet's modules, found once per build
        self.shown: dict[str, set[Path]] = {}  # page -> the files it showed at its last build
        self.notebooks: dict[str, str] = {}  # a notebook page's source -> the notebook that ran
        self.decks: dict[str, tuple[Any, Path]] = {}  # page -> (deck, where its .apkg goes)
        self.kept: dict[str, bytes] = {}  # the default edition's root files
        self.built: list[Session] = []  # the editions built so far, reported after the last
        self.nav: Navigation | None = None
        self.markdown: dict[str, str] = {}  # page -> its Markdown, for its llms.txt copy
        self.indexer: ThreadPoolExecutor | None = None  # under serve: the search index, behind

    # -- the build ---------------------------------------------------------------------------
    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving, self.dirty = command == "serve", dirty

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        names = [e for e in config.markdown_extensions if isinstance(e, str)]
        missing = [name for name in REQUIRED_EXTENSIONS if name not in names]
        if missing:
            raise PluginError(f"the fieldguide plugin needs markdown_extensions: {missing}")
        root = Path(config.config_file_path).resolve().parent
        docs = Path(config.docs_dir).resolve()
        if self.engine is None or (self.engine.root, self.engine.settings.docs_dir) != (root, docs):
            try:
                self.engine = Engine(root, docs_dir=docs)  # the rest from the environment
            except SettingsError as exc:  # a bad SNIPPETS_* value: one line, no traceback
                raise PluginError(str(exc)) from None
        self.reading_time.setConfig("docs_dir", str(docs))
        for extension in (self.snippets, self.reading_time):
            if extension not in config.markdown_extensions:
                config.markdown_extensions.append(extension)
        return config

    @event_priority(-110)  # after mkdocs-static-i18n (-100) has made the edition's file list
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        """Notebooks are pages. mkdocs-jupyter makes each one its ``NotebookFile`` in its own
        step, which the language plugin's new file list undoes (to it a notebook is no page, so
        it does not pick each edition's translation either): each notebook page is made again
        in that list (kept as it is: it resolves the edition's links), from the edition's own
        notebook (``name.zh.ipynb`` beside ``name.ipynb``), at the edition's address."""
        jupyter = config.plugins.get("mkdocs-jupyter")
        if jupyter is None:
            return files
        i18n = config.plugins.get("i18n")
        current = getattr(i18n, "current_language", None)
        prefix = "" if current in (None, getattr(i18n, "default_language", None)) else f"{current}/"
        pages: dict[str, list[File]] = {}
        notebooks = [f for f in files if f.src_uri.endswith(".ipynb") and jupyter.should_include(f)]
        for file in [f for f in notebooks if not isinstance(f, NotebookFile)]:
            files.remove(file)
            pages.setdefault(TRANSLATED.sub(".ipynb", file.src_uri), []).append(file)
        for uri, found in pages.items():
            named = {Path(f.abs_src_path or "").name: f for f in found}
            own = Path(uri).stem + f".{current}.ipynb"
            source = named.get(own) or named.get(Path(uri).name) or found[0]
            page = File.generated(config, uri, abs_src_path=source.abs_src_path or "")
            notebook = NotebookFile(page, **config)
            notebook.abs_src_path = page.abs_src_path  # its own, not one derived from uri
            notebook.dest_path = prefix + notebook.dest_path
            notebook.abs_dest_path = str(Path(config.site_dir) / notebook.dest_path)
            notebook.url = prefix + notebook.url
            files.append(notebook)
        return files

    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation:
        """Once every plugin has settled the edition's files: start its snippets, publish them."""
        engine = self._engine()
        self.nav, self.markdown = nav, {}
        for snapshot in [f for f in files if f.src_uri.endswith(".out")]:
            if files.get_file_from_path(snapshot.src_uri[: -len(".out")] + ".ipynb"):
                files.remove(snapshot)  # a notebook's snapshot is for review, not for the site
        docs_name = Path(config.docs_dir).name
        texts: dict[str, str] = {}
        self.notebooks = {}
        for page in files.documentation_pages():
            path = Path(page.abs_src_path or "")
            if page.src_uri.endswith(".ipynb"):  # executed by the engine, rendered by jupyter
                original = untranslated(engine.root, str(path.resolve().relative_to(engine.root)))
                self.notebooks[page.src_uri] = original
            elif page.src_uri.endswith(".md"):
                texts[f"{docs_name}/{page.src_uri}"] = path.read_text(encoding="utf-8")
        earlier = self.session if self.session is not None and self._nested(config) else None
        self.session = Session.for_pages(engine, texts, earlier, self.notebooks.values())
        self.session.log_problems = False  # reported together once the last edition is built
        language = str(config.theme.get("language") or "en")  # set per edition by i18n
        self.session.language = language
        self.reading_time.setConfig("language", "zh" if language.startswith("zh") else "en")
        self.snippets.current = self.session
        progress.watch(self.session.batch, log.info)  # a line every few seconds while runs last
        for orphan in [] if earlier else snapshots.orphans(engine.root):
            self.session.problem(
                f"{orphan.relative_to(engine.root)}: snapshot of a snippet that no longer "
                "exists (`make snapshots` removes it)"
            )
        published = {f.src_uri for f in files}
        if earlier is None:  # a further edition takes the modules the first one found
            self.helpers = {}
        for rel in self.session.batch.rels:
            shown = [] if rel in self.notebooks.values() else [rel]
            for copy in [p for p in shown + self._helpers(rel) if p not in published]:
                files.append(File.generated(config, copy, abs_src_path=str(engine.root / copy)))
                published.add(copy)
        self._use_executed_notebooks(config, files)
        if self.dirty:
            self._mark_changed_pages(config, files, texts)
        return nav

    def _helpers(self, rel: str) -> list[str]:
        """The repository modules snippet ``rel`` imports, looked up once per build."""
        if rel not in self.helpers:
            self.helpers[rel] = self._engine().helpers(rel)
        return self.helpers[rel]

    def _nested(self, config: MkDocsConfig) -> bool:
        """Whether this is a further edition, built inside the first one (mkdocs-static-i18n):
        it takes the outcomes of the snippets both show from the first one's batch."""
        i18n = config.plugins.get("i18n")
        current = getattr(i18n, "current_language", None)
        return i18n is not None and current != getattr(i18n, "default_language", current)

    def _editions_to_come(self, config: MkDocsConfig) -> bool:
        """Whether mkdocs-static-i18n builds another edition after this one (it builds the
        default one first, then the others in the order listed)."""
        i18n = config.plugins.get("i18n")
        if i18n is None:
            return False
        default = i18n.default_language
        order = [
            default,
            *(x.locale for x in i18n.config.languages if x.build and x.locale != default),
        ]
        return bool(i18n.current_language != order[-1])

    def _use_executed_notebooks(self, config: MkDocsConfig, files: Files) -> None:
        """Point each notebook page at its executed copy (it renders with real outputs), before
        mkdocs-jupyter reads it, and give each edition a cache folder of its own (each deletes
        the entries it did not use)."""
        engine = self._engine()
        for page in files.documentation_pages():
            original = self.notebooks.get(page.src_uri)
            if original is None:
                continue
            outcome = self._session().batch.get(original)  # notebooks run first
            if outcome.notebook is not None:
                own = Path(page.abs_src_path or "")
                copy = engine.notebook_copy(own, outcome.notebook, engine.root / outcome.rel)
                page.abs_src_path = str(copy)
        jupyter = config.plugins.get("mkdocs-jupyter")
        if jupyter is not None and self.notebooks:
            edition = str(config.theme.get("language") or "en")
            folder = engine.cache.folder.parent / "mkdocs-jupyter" / edition
            jupyter.config["cache_dir"] = str(folder)

    def on_page_markdown(
        self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        session = self._session()
        session.page = PageInfo(f"{Path(config.docs_dir).name}/{page.file.src_uri}", page.file.url)
        if "description" not in page.meta:  # each page its own, from its opening
            language = "zh" if page.file.src_uri.endswith(".zh.md") else "en"
            page.meta["description"] = description(markdown, language)
        if self.config.llms_txt and page.file.src_uri.endswith(".md"):
            self.markdown[page.file.src_uri] = markdown
        mode = page.meta.get("practice")
        if not mode:
            return markdown
        if PRACTICE not in markdown:
            raise PluginError(f"{page.file.src_uri}: a practice page needs the line {PRACTICE}")
        language = "zh" if page.file.src_uri.endswith(".zh.md") else "en"
        docs = Path(config.docs_dir).resolve()
        if mode == "cards":
            generated = self._cards(page, config, docs, language)
        elif mode == "mock":
            generated = _mock(page, docs, language)
        else:
            raise PluginError(f"{page.file.src_uri}: practice: {mode!r} is neither cards nor mock")
        return markdown.replace(PRACTICE, generated)

    def _cards(self, page: Page, config: MkDocsConfig, docs: Path, language: str) -> str:
        """The self-test cards, from the very runs the pages embed; the deck is written later."""
        session, engine = self._session(), self._engine()
        if not engine.execute:
            return PREVIEW[language]

        def outcome(rel: str) -> Any:
            if rel not in session.batch.rels:
                raise PluginError(f"{rel}: no page of this edition shows its output")
            found = session.batch.get(rel)
            if found.error:
                raise PluginError(f"{rel} failed, so its card cannot be built:\n{found.error}")
            return found

        def message(rel: str) -> str:
            raised = outcome(rel).raised
            if not raised:
                raise PluginError(f"{rel}: an explain-this-error card needs it to raise")
            return str(raised)

        try:
            deck = build_deck(engine.root, docs, language, lambda r: outcome(r).display, message)
        except (CardError, PluginError) as error:
            if not self.serving:
                raise PluginError(f"self-test card: {error}") from None
            indented = "\n".join("    " + line for line in f"self-test card: {error}".splitlines())
            return f'!!! failure "Self-test"\n{indented}\n'
        dest = Path(page.file.abs_dest_path).parent / anki.deck_file(language)
        self.decks[page.file.src_uri] = (deck, dest)
        return practice_render.cards_page(deck, docs, anki.deck_file(language))

    def on_page_content(
        self, html_text: str, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        if page.file.src_uri.endswith(".ipynb"):
            return _notebook_html(html_text, Path(page.file.abs_src_path or ""))
        # Python listings stay out of the search index, which every page loads: the prose around
        # them names every API they use.
        return html_text.replace(
            '<div class="language-python highlight">',
            '<div class="language-python highlight" data-search-exclude>',
        )

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        made = self.decks.pop(page.file.src_uri, None)
        if made is not None:
            anki.write(made[0], made[1], str(config.site_url or ""))
        return output

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Once the last edition is built: report every edition's problems together."""
        self._keep_root_files(config)
        if self.config.llms_txt:
            self._write_llms_txt(config)
        self.built.append(self._session())
        if self._editions_to_come(config):
            return
        built, self.built = self.built, []
        if self.config.search_index:
            self._index_for_search(config)
        outcomes = {rel: o for s in built for rel, o in s.batch.wait().items()}
        ran = sum(1 for o in outcomes.values() if o.ran)
        log.info("snippets: %d referenced, %d executed", len(outcomes), ran)
        problems = problems_of(built)
        if not problems:
            return
        summary = f"{len(problems)} problem(s):\n" + "\n".join(problems)
        if self.serving:
            log.error(summary)
            return
        raise PluginError(summary)

    def on_build_error(self, *, error: Exception) -> None:
        self.session = None  # a failed build's outcomes must not reach the next one (serve)
        self.built = []

    def on_serve(self, server: Any, *, config: MkDocsConfig, builder: Any) -> Any:
        engine = self._engine()
        server.watch(str(engine.snippets_root))
        engine.prewarm()
        return server

    def on_shutdown(self) -> None:
        self.session = None
        if self.indexer is not None:
            self.indexer.shutdown(wait=False, cancel_futures=True)

    # -- helpers -----------------------------------------------------------------------------
    def _index_for_search(self, config: MkDocsConfig) -> None:
        """Pagefind over the built site (every edition is in it now). Under ``serve`` in a
        thread of its own, one run after another, so that a rebuilt page is served at once and
        its search follows a few seconds later."""
        site = Path(config.site_dir)
        if not self.serving:
            try:
                self._index(site)
            except search_index.SearchIndexError as error:
                raise PluginError(str(error)) from error
            return
        if self.indexer is None:
            self.indexer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="search-index")
        self.indexer.submit(self._index, site).add_done_callback(_log_failure)

    @staticmethod
    def _index(site: Path) -> None:
        started = time.perf_counter()
        report = search_index.index_site(site)
        counts = ", ".join(f"{n} {language}" for language, n in sorted(report.pages.items()))
        log.info("search: indexed %s pages in %.1f s", counts, time.perf_counter() - started)

    def _engine(self) -> Engine:
        if self.engine is None:
            raise PluginError("the fieldguide plugin was not configured")
        return self.engine

    def _session(self) -> Session:
        if self.session is None:
            raise PluginError("no snippet session: on_nav did not run for this build")
        return self.session

    def _mark_changed_pages(
        self, config: MkDocsConfig, files: Files, texts: dict[str, str]
    ) -> None:
        """For ``serve --dirty``: a page is built again when a file it shows is newer than the
        page it wrote (MkDocs rebuilds a page whose output is older than its source, so the
        output's time is set back). It shows: its snippets, the modules they import and their
        snapshots; what every page shows (``mkdocs.yml``, the theme overrides); the Python a
        page renders docstrings from; every page (reading times); the cards (self-test)."""
        engine, session = self._engine(), self._session()
        root = engine.root
        every = [Path(config.config_file_path)]
        if config.theme.custom_dir:
            every += [p for p in Path(config.theme.custom_dir).rglob("*") if p.is_file()]
        all_pages = [Path(f.abs_src_path) for f in files.documentation_pages() if f.abs_src_path]
        cards = sorted((root / self.config.cards).glob("*.yml"))
        known = session.batch.known()  # a snippet that runs again changes its pages' output
        docs_name = Path(config.docs_dir).name
        shows: dict[str, set[Path]] = {}  # snippet -> its files, for the pages that show it
        for page in files.documentation_pages():
            text = texts.get(f"{docs_name}/{page.src_uri}", "")
            rels = {m.group(1) for m in re.finditer(r"\{\*\s*(\S+)", text)}
            inputs = set(every) | {Path(page.abs_src_path or "")}
            for rel in rels:
                if rel not in shows:
                    shows[rel] = {root / p for p in [rel, *self._helpers(rel)]}
                    shows[rel] |= set(snapshots.existing(root, rel))
                inputs |= shows[rel]
            if READING_TIME.search(text):
                inputs |= set(all_pages)
            if "\npractice:" in text[:300]:
                inputs |= set(cards) | set(all_pages)
            inputs |= set(_docstring_sources(text, root))
            before, self.shown[page.src_uri] = self.shown.get(page.src_uri, set()), inputs
            gone = bool(before - inputs) or any(
                r in session.batch.rels and r not in known for r in rels
            )
            rebuild_if_newer(page, sorted(inputs), force=gone)

    def _write_llms_txt(self, config: MkDocsConfig) -> None:
        """This edition's ``llms.txt`` (at the root, or in its folder) and each page's Markdown
        copy beside the page (:mod:`fieldguide.llms_txt`)."""
        session, engine, site = self._session(), self._engine(), Path(config.site_dir)
        base = (config.site_url or "/").rstrip("/") + "/"
        sections: list[llms_txt.Section] = []
        for item in self.nav.items if self.nav else []:
            pages = [p for p in ([item] if item.is_page else item.children or []) if p.is_page]
            links = []
            for page in pages:
                assert isinstance(page, Page)
                folder = posixpath.dirname(page.file.dest_uri)
                markdown = self.markdown.get(page.file.src_uri)
                if markdown is None:  # a notebook page: the notebook itself, published beside it
                    notebook = posixpath.join(folder, posixpath.basename(page.file.src_uri))
                    links.append(llms_txt.Link(str(page.title), base + notebook))
                    continue
                copy = llms_txt.page_copy(
                    page.file.src_uri,
                    markdown,
                    lambda rel: load(engine.root, rel),
                    session.batch.get,
                )
                target = site / folder / "index.md"
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(copy, encoding="utf-8")
                links.append(
                    llms_txt.Link(str(page.title), base + posixpath.join(folder, "index.md"))
                )
            if links:
                sections.append(llms_txt.Section(str(item.title), links))
        prefix = (
            posixpath.dirname(self.nav.homepage.file.dest_uri)
            if self.nav and self.nav.homepage
            else ""
        )
        text = llms_txt.index(
            config.site_name,
            str(config.site_description or ""),
            self.config.llms_description,
            sections,
        )
        (site / prefix / "llms.txt").write_text(text, encoding="utf-8")

    def _keep_root_files(self, config: MkDocsConfig) -> None:
        """Each edition's ``404.html`` in its own folder; the default edition's at the root. A
        404 page's language switch points at each edition's home page."""
        i18n = config.plugins.get("i18n")
        if i18n is None:
            return
        current, default = i18n.current_language, i18n.default_language
        locales = [lang.locale for lang in i18n.config.languages if lang.build]
        site = Path(config.site_dir)
        root = urlparse(config.site_url or "/").path or "/"
        root = root if root.endswith("/") else root + "/"
        not_found = site / "404.html"
        if not_found.is_file():
            text = not_found.read_text(encoding="utf-8")
            for locale in locales:
                home = root if locale == default else f"{root}{locale}/"
                text = re.sub(
                    rf'<a href="[^"]*" hreflang="{re.escape(locale)}"',
                    f'<a href="{home}" hreflang="{locale}"',
                    text,
                )
            not_found.write_text(text, encoding="utf-8")
        if current == default:
            self.kept = {n: (site / n).read_bytes() for n in ROOT_FILES if (site / n).is_file()}
            return
        for name in ROOT_FILES:
            written = site / name
            if written.is_file():
                (site / current).mkdir(parents=True, exist_ok=True)
                written.replace(site / current / name)
            if name in self.kept:
                written.write_bytes(self.kept[name])


def _log_failure(future: Future[None]) -> None:
    """A search index that failed under ``serve``: said in the terminal, the server goes on."""
    error = future.exception() if not future.cancelled() else None
    if error is not None:
        log.error("search: the index was not written: %s", error)


PREVIEW = {
    "en": '!!! info "Preview"\n    The cards are built from the snippets\' outputs, '
    "and this build ran none.",
    "zh": '!!! info "预览"\n    卡片由代码片段的实际输出生成，而这次构建没有运行任何代码片段。',
}


def _mock(page: Page, docs: Path, language: str) -> str:
    """The mock interview: each main question with its chain of follow-ups, as the interview
    pages write them (``practice.answers.chains``)."""
    try:
        found = answers.chains(docs, language)
    except ValueError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from error
    if not found:
        raise PluginError(
            f"{page.file.src_uri}: the interview pages gave no main question with follow-ups "
            '(a `??? question "Follow-ups"` block under a question with answers)'
        )
    return practice_render.mock_page(found, language)


def rebuild_if_newer(page: File, inputs: list[Path], *, force: bool = False) -> bool:
    """Have a dirty build build ``page`` again if one of ``inputs`` is newer than what it wrote
    (or is gone), by setting the written page's time back; return whether it will be."""
    try:
        built = os.stat(page.abs_dest_path).st_mtime_ns
    except OSError:
        return False  # never written: it is built anyway
    for path in inputs:
        try:
            force = force or os.stat(path).st_mtime_ns > built
        except OSError:
            force = True
        if force:
            os.utime(page.abs_dest_path, ns=(0, 0))
            return True
    return False


def _docstring_sources(text: str, root: Path) -> list[Path]:
    """The Python files of the packages a page renders docstrings from (``::: minigrad``)."""
    tops = {m.group(2).split(".")[0] for m in DOCSTRINGS.finditer(text)}
    found = [p for top in sorted(tops) for p in sorted((root / "snippets" / top).rglob("*.py"))]
    return found


# mkdocs-jupyter inlines JupyterLab's stylesheet (575 kB) and theme variables into every notebook
# page: dropped (the few notebook classes used are styled in site.css, code by the theme).
_STYLE = re.compile(r"<style[^>]*>(.*?)</style>\s*", re.S)
_DROP = (
    '@charset "UTF-8";.jupyter-wrapper{',
    ".jupyter-wrapper{--jp-shadow-base-lightness",
    ".jp-Mermaid:not(.jp-RenderedMermaid)",
    "pre { line-height: 125%; }",
    "['pre { line-height: 125%; }",
)
_EMPTY_SCRIPT = re.compile(r'<script src="">\s*</script>\s*')
NO_ALT = 'alt="No description has been provided for this image"'


def _notebook_html(text: str, notebook: Path) -> str:
    """A notebook page without the inlined stylesheets, each image's alt text from its code
    cell's ``metadata.alt`` (in the language of the notebook the page renders)."""
    text = _STYLE.sub(lambda m: "" if m.group(1).lstrip().startswith(_DROP) else m.group(0), text)
    text = _EMPTY_SCRIPT.sub("", text)
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError):
        cells = []
    for cell in cells:
        for output in cell.get("outputs", []):
            alt = str(cell.get("metadata", {}).get("alt", ""))
            if any(k.startswith("image/") for k in output.get("data", {})) and alt:
                text = text.replace(NO_ALT, f'alt="{html.escape(alt)}"', 1)
    return text
