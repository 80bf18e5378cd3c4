"""MkDocs adapter for the snippet engine (loaded through ``hooks:`` in ``mkdocs.yml``).

The only file that knows MkDocs; the engine (``snippet_engine``) does the work. Per build:

1. ``on_config``: one :class:`~snippet_engine.Engine` per repository, kept across rebuilds under
   ``mkdocs serve`` (so only changed snippets run again); its settings come from the MkDocs
   config (the docs folder) and the environment (``settings``).
2. ``on_files``: every page is scanned for snippet references and unmarked Python blocks; the
   engine starts resolving every referenced snippet in the background (cache hits cost a file
   read; misses run in parallel) while MkDocs renders; each snippet and the repository modules
   it imports are published beside the pages, so output blocks can link to them.
3. ``on_pre_page``: a notebook page is pointed at its executed copy (``notebooks``).
4. ``on_page_markdown``: each reference becomes its source fence and a placeholder for its
   output; a ``show=message`` reference waits for its snippet and becomes the raised message,
   as text the search index reads.
5. ``on_page_content``: every output already known (on a warm build, all of them) replaces its
   placeholder; the others become a marker.
6. ``on_post_build``: once every snippet has run, the markers left in written pages are filled,
   and the build fails (exit code 1, strict or not) listing every problem. An edition's build
   (mkdocs-static-i18n builds each language inside the first one's ``on_post_build``) reports
   through the outer one. Under ``mkdocs serve`` problems are shown in the page and the
   terminal instead.
"""

from __future__ import annotations

import hashlib
import itertools
import logging
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import mkdocs.utils
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url
from mkdocs_rebuilds import rebuild_if_newer
from snippet_engine import Engine, Outcome, render, report, snapshots
from snippet_engine.engine import Batch
from snippet_engine.labels import label
from snippet_engine.notebooks import untranslated
from snippet_engine.pages import Problem, Reference, output_anchor, rewrite, scan
from snippet_engine.spec import SnippetError, load

# Notebook pages count as documentation pages from the start, so that plugins which rebuild the
# file list (mkdocs-static-i18n) keep them; mkdocs-jupyter renders them.
if ".ipynb" not in mkdocs.utils.markdown_extensions:
    mkdocs.utils.markdown_extensions = (*mkdocs.utils.markdown_extensions, ".ipynb")  # type: ignore[assignment]

log = logging.getLogger("mkdocs.hooks.snippets")
# A page's placeholders are numbered from a hash of its path, not from a count over the build:
# a page's Markdown is then the same from build to build whatever the other pages hold, so its
# conversion can be cached (overrides/hooks/render_cache.py).
PLACEHOLDER = "SNIPPETOUTPUTPLACEHOLDER{page:010d}{n:03d}"
# Where an output block goes in a rendered page until its snippet has run. An HTML comment: the
# search index skips it, and printed text cannot forge one (output is escaped).
MARKER = "<!-- snippet output {} -->"
MARKERS = re.compile(r"<!-- snippet output (SNIPPETOUTPUTPLACEHOLDER\d{13}) -->")
# The paragraph Markdown makes of a placeholder: with attr_list it carries the anchor, without it
# the attribute text stays.
OUTPUT_PARAGRAPH = re.compile(
    r'<p(?: id="[^"]*")?>(SNIPPETOUTPUTPLACEHOLDER\d{13})(?:\s*\{: #[^}]*\})?</p>'
)


@dataclass(frozen=True)
class _Output:
    """An output block to render once the snippet's outcome is known."""

    ref: Reference
    href: str
    language: str
    anchor: str | None = None  # the id of a page's first output of this snippet
    page_url: str = ""  # to link the published copies of the helpers it imports


@dataclass
class _Build:
    """One build (one edition) in progress."""

    batch: Batch
    users: dict[str, list[str]]  # snippet -> the pages that show its output
    notebooks: dict[str, str]  # a notebook page's source path -> the notebook that runs
    problems: list[str]
    page_numbers: dict[int, str] = field(default_factory=dict)  # number -> the page it marks
    blocks: dict[str, str] = field(default_factory=dict)  # token -> HTML known while rendering
    pending: dict[str, _Output] = field(default_factory=dict)  # token -> block known once run
    written: list[str] = field(default_factory=list)  # pages written with markers in them


class _State:
    """What one process remembers between hooks (and between rebuilds under serve)."""

    serving = False
    dirty = False  # mkdocs serve --dirty (make serve): only what changed is built again
    inputs: dict[str, set[Path]] = {}  # page -> the files it showed at the last build
    engine: Engine | None = None
    builds: list[_Build] = []  # the current build last: an edition's build runs inside another's
    problems: list[str] = []  # of the last finished build


def on_startup(command: str, dirty: bool) -> None:
    _State.serving = command == "serve"
    _State.dirty = dirty
    _State.builds = []


# Source fences carry a title and highlighted lines, and sit inside tabs and admonitions.
REQUIRED_EXTENSIONS = ("pymdownx.superfences", "pymdownx.highlight")


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    missing = [name for name in REQUIRED_EXTENSIONS if name not in config.markdown_extensions]
    if missing:
        raise PluginError(f"the snippet hooks need these markdown_extensions: {', '.join(missing)}")
    root = Path(config.config_file_path).resolve().parent
    docs = Path(config.docs_dir).resolve()
    engine = _State.engine
    if engine is None or engine.root != root or engine.settings.docs_dir != docs:
        _State.engine = Engine(root, docs_dir=docs)  # the rest from the environment (settings)
    return config


@event_priority(-110)  # after plugins that rebuild the file list (mkdocs-static-i18n: -100)
def on_files(files: Files, config: MkDocsConfig) -> Files:
    engine = _State.engine
    assert engine is not None
    problems: list[Problem | str] = []
    users: dict[str, list[str]] = {}
    notebooks: dict[str, str] = {}
    shown: dict[File, set[str]] = {}  # page -> the snippets whose source or output it shows
    for snapshot in [f for f in files if f.src_uri.endswith(".out")]:
        if files.get_file_from_path(snapshot.src_uri[: -len(".out")] + ".ipynb"):
            files.remove(snapshot)  # a notebook's snapshot is for review, not for the site
    for page in files.documentation_pages():
        page_name = f"{Path(config.docs_dir).name}/{page.src_uri}"
        if page.src_uri.endswith(".ipynb"):  # executed by the engine, rendered by mkdocs-jupyter
            rel = str(Path(page.abs_src_path or "").resolve().relative_to(engine.root))
            original = untranslated(engine.root, rel)  # a translation shares one execution
            notebooks[page.src_uri] = original
            users.setdefault(original, []).append(page_name)
            shown.setdefault(page, set()).add(original)
            continue
        if not page.src_uri.endswith(".md"):
            continue
        text = Path(page.abs_src_path or "").read_text(encoding="utf-8")
        references, page_problems = scan(page_name, text)
        problems.extend(page_problems)
        for ref in references:
            if not (engine.root / ref.snippet).is_file():
                problems.append(Problem(page_name, ref.line, f"snippet not found: {ref.snippet}"))
                continue
            shown.setdefault(page, set()).add(ref.snippet)
            if ref.show != "source":  # a source-only reference runs nothing (it may be a module)
                users.setdefault(ref.snippet, []).append(page_name)
    if not _State.builds:  # the outermost build checks the repository once
        problems.extend(
            f"{path.relative_to(engine.root)}: snapshot of a snippet that no longer "
            "exists (`make snapshots` removes it)"
            for path in snapshots.orphans(engine.root)
        )
    # Resolved while the pages render; an edition built inside another (mkdocs-static-i18n)
    # takes the outcomes of the snippets both show from the outer build's batch.
    batch = engine.start(users, earlier=_State.builds[-1].batch if _State.builds else None)
    _State.builds.append(_Build(batch, users, notebooks, [str(p) for p in problems]))
    published = {f.src_uri for f in files}
    for rel in users:
        # A published copy of each snippet and of the repository modules it imports, so a
        # reader can download and run it as the page shows.
        for path in ([] if rel in notebooks.values() else [rel]) + engine.helpers(rel):
            if path not in published:
                files.append(File.generated(config, path, abs_src_path=str(engine.root / path)))
                published.add(path)
    if _State.dirty:  # a full build builds every page anyway
        _rebuild_what_changed(engine, batch, shown)
    return files


def _rebuild_what_changed(engine: Engine, batch: Batch, shown: dict[File, set[str]]) -> None:
    """For a dirty rebuild (``make serve``): mark the pages to build again. A page is, when a
    snippet it shows, a helper the snippet imports or one of its snapshots is newer than the
    page or gone since the last build, or when a snippet it shows is not a cache hit (it ran
    again: a file it read at run time changed, or it failed last time)."""
    for page, rels in shown.items():
        inputs = {engine.root / p for rel in rels for p in [rel, *engine.helpers(rel)]}
        inputs |= {p for rel in rels for p in snapshots.existing(engine.root, rel)}
        key = page.abs_src_path or page.src_uri
        before, _State.inputs[key] = _State.inputs.get(key, set()), inputs
        rebuild_if_newer(page, sorted(p for p in inputs if p.is_file()) + sorted(before - inputs))
    if engine.execute:
        known, running = batch.known(), set(batch.rels)  # the cache lookup: a fraction of a second
        for page, rels in shown.items():
            if any(rel in running and rel not in known for rel in rels):
                page.is_modified = lambda: True  # type: ignore[method-assign]


@event_priority(100)  # before mkdocs-jupyter reads the notebook's path
def on_pre_page(page: Page, config: MkDocsConfig, files: Files) -> Page:
    build = _State.builds[-1]
    original = build.notebooks.get(page.file.src_uri)
    if original is not None and _State.engine is not None:
        _use_executed_notebook(page.file, build.batch.get(original), _State.engine)
    return page


def _use_executed_notebook(page: File, outcome: Outcome, engine: Engine) -> None:
    """Point a notebook page at an executed copy, so it renders with real outputs (a
    translation gets the original's outputs, cell by cell)."""
    if outcome.notebook is None:
        return
    own, original = Path(page.abs_src_path or ""), engine.root / outcome.rel
    page.abs_src_path = str(engine.notebook_copy(own, outcome.notebook, original))


def serving() -> bool:
    """Whether this is ``mkdocs serve``, which shows a problem in the page and keeps serving."""
    return _State.serving


def executes() -> bool:
    """Whether this build runs snippets (``SNIPPETS_EXECUTE=0`` previews pages without)."""
    return _State.engine is not None and _State.engine.execute


def outcome_of(rel: str) -> Outcome:
    """The outcome of a snippet a page of the current build shows, once it has run: for hooks
    that build on outputs (the self-test cards), so that they use the very run the pages embed."""
    build = _State.builds[-1]
    if rel not in build.users:
        raise PluginError(f"{rel}: no page of this edition shows its output, so nothing ran it")
    return build.batch.get(rel)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    engine = _State.engine
    assert engine is not None
    build = _State.builds[-1]
    page_name = f"{Path(config.docs_dir).name}/{page.file.src_uri}"
    language = str(config.theme.get("language") or "en")  # set per edition by the i18n plugin

    shown: set[str] = set()  # snippets whose output this page already embeds
    number = _page_number(build, page.file.src_uri)
    tokens = itertools.count()

    def replace(ref: Reference) -> str:
        token = PLACEHOLDER.format(page=number, n=next(tokens))
        runs = ref.show != "source"
        if runs and ref.snippet not in build.users:
            message = f"{page_name}:{ref.line}: snippet not found: {ref.snippet}"
            build.blocks[token] = render.error_html(message, language=language)
            return ref.indent + token
        if ref.show == "message":  # indexed text: needed while the page renders
            build.blocks[token] = _message_block(engine, build, ref, page, page_name, language)
            return "\n" + ref.indent + token + "\n"
        parts = []
        if ref.show in ("source", "both"):
            try:
                parts.append(render.source_fence(load(engine.root, ref.snippet), ref))
            except SnippetError as exc:  # e.g. no such region: shown here, and fails the build
                parts.append(ref.indent + token + "0")
                build.blocks[token + "0"] = render.error_html(
                    f"{page_name}:{ref.line}: {exc}", language=language
                )
                build.problems.append(f"{page_name}:{ref.line}: {exc}")
        if runs:
            href = get_relative_url(ref.snippet, page.file.url)
            anchor = output_anchor(ref.snippet) if ref.snippet not in shown else None
            shown.add(ref.snippet)
            build.pending[token] = _Output(ref, href, language, anchor, page.file.url)
            # The id goes on the placeholder paragraph (attr_list), where MkDocs' anchor
            # validation sees it; the output block takes it over when it is filled in.
            parts.append(ref.indent + token + (f"\n{ref.indent}{{: #{anchor} }}" if anchor else ""))
        # Blank lines around every block, so references on consecutive lines stay separate.
        return "\n" + "\n\n".join(parts) + "\n"

    return rewrite(page_name, markdown, replace, label("illustrative", language))


def _page_number(build: _Build, src_uri: str) -> int:
    """The number in the placeholders of page ``src_uri``: from a hash of its path, moved on in
    the unlikely case that another page of the build has it."""
    number = int(hashlib.sha256(src_uri.encode()).hexdigest()[:12], 16) % 10**10
    while build.page_numbers.setdefault(number, src_uri) != src_uri:
        number = (number + 1) % 10**10
    return number


def _message_block(
    engine: Engine, build: _Build, ref: Reference, page: Page, page_name: str, language: str
) -> str:
    """The exception message of ``ref``'s snippet, waiting for its outcome (a cache read once it
    has run): unlike output blocks it goes into the page before the search index reads it."""
    outcome = build.batch.get(ref.snippet)
    if outcome.error:  # reported with the other outcomes once the build ends
        return render.error_html(outcome.error, outcome.details, language)
    if outcome.raised is None and not engine.execute:  # a preview without execution
        return render.message_html(replace(outcome, raised=outcome.output.strip()), "", language)
    if outcome.raised is None:
        problem = f"{page_name}:{ref.line}: " + label("no-message", "en").format(
            snippet=ref.snippet
        )
        build.problems.append(problem)
        return render.error_html(problem, language=language)
    return render.message_html(outcome, get_relative_url(ref.snippet, page.file.url), language)


@event_priority(50)  # before the plugins that read a page's HTML (mkdocs-llmstxt, search)
def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    build = _State.builds[-1]
    for token in [t for t in build.blocks if t in html]:
        html = html.replace(f"<p>{token}</p>", build.blocks.pop(token))
    waiting = [t for t in build.pending if t in html]
    known = build.batch.known() if waiting else {}  # cache hits: all of them on a warm build
    # Another plugin reads this page's HTML next (mkdocs-llmstxt turns it into Markdown), so
    # it must hold every output: the page waits for its snippets.
    read_later = _content_read_later(config)
    blocks: dict[str, str] = {}
    for token in waiting:
        snippet = build.pending[token].ref.snippet
        outcome = known.get(snippet) or (build.batch.get(snippet) if read_later else None)
        # Known outputs go in now; the others get a marker, filled in once their snippet ran.
        blocks[token] = (
            _output_block(build.pending.pop(token), outcome) if outcome else MARKER.format(token)
        )
    if blocks:  # every placeholder paragraph in one pass over the page
        html = OUTPUT_PARAGRAPH.sub(lambda m: blocks.get(m[1], m[0]), html)
    # Python listings (snippets, illustrative fragments) stay out of the search index, which every
    # page loads: the prose around them names every API they use.
    return html.replace(
        '<div class="language-python highlight">',
        '<div class="language-python highlight" data-search-exclude>',
    )


def _content_read_later(config: MkDocsConfig) -> bool:
    """Whether a plugin's ``on_page_content`` runs after this hook's."""
    handlers = config.plugins.events["page_content"]
    mine = [i for i, h in enumerate(handlers) if getattr(h, "__module__", "") == __name__]
    return bool(mine) and mine[-1] < len(handlers) - 1


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    if MARKERS.search(output):
        _State.builds[-1].written.append(page.file.abs_dest_path)
    return output


@event_priority(-200)  # after mkdocs-static-i18n (-100) has built the other editions
def on_post_build(config: MkDocsConfig) -> None:
    build = _State.builds.pop()
    outer = _State.builds[-1] if _State.builds else None  # this edition is built inside it
    outcomes = build.batch.wait()
    for outcome in outcomes.values():
        if outer is not None and outcome.rel in outer.users:  # reported there, for all pages
            outer.users[outcome.rel].extend(build.users[outcome.rel])
            continue
        problem = report.problem(outcome, build.users[outcome.rel])
        if problem:
            build.problems.append(problem)
    _fill_outputs(build, outcomes)
    _State.problems = build.problems
    if outer is not None:  # the outer build reports (a page without translation is built in
        # both editions from one source: its problems are reported once)
        outer.problems.extend(p for p in build.problems if p not in outer.problems)
        return
    ran = sum(1 for o in outcomes.values() if not o.cached)
    log.info("snippets: %d referenced, %d executed", len(outcomes), ran)
    for line in report.slowest(outcomes.values()):
        log.info(line)
    if not build.problems:
        return
    summary = "\n".join(build.problems)
    if _State.serving:
        log.error("%d snippet problem(s):\n%s", len(build.problems), summary)
        return
    raise PluginError(f"{len(build.problems)} snippet problem(s):\n{summary}")


def on_build_error(error: Exception) -> None:
    _State.builds = []  # a failed build's state must not leak into the next one (serve)


def _output_block(wanted: _Output, outcome: Outcome) -> str:
    """The HTML that takes the place of an output reference."""
    if outcome.error:
        return render.error_html(outcome.error, outcome.details, wanted.language)
    helper_hrefs = {h.rel: get_relative_url(h.rel, wanted.page_url) for h in outcome.helpers}
    return render.output_html(
        outcome, wanted.ref.show, wanted.href, wanted.language, wanted.anchor, helper_hrefs
    )


def _fill_outputs(build: _Build, outcomes: dict[str, Outcome]) -> None:
    """Replace every marker left in the build's written pages (outputs of snippets that had to
    run) with its snippet's output block."""

    def block(match: re.Match[str]) -> str:
        wanted = build.pending[match.group(1)]
        return _output_block(wanted, outcomes[wanted.ref.snippet])

    for path in dict.fromkeys(build.written):
        page = Path(path)
        page.write_text(MARKERS.sub(block, page.read_text(encoding="utf-8")), encoding="utf-8")


def on_serve(server: Any, config: MkDocsConfig, builder: Any) -> Any:
    engine = _State.engine
    assert engine is not None
    server.watch(str(engine.snippets_root))
    engine.prewarm()
    return server
