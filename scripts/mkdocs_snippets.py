"""MkDocs adapter for the snippet engine (loaded through ``hooks:`` in ``mkdocs.yml``).

The only file that knows MkDocs. Per build it: scans every page for snippet references and
unmarked Python blocks, asks the engine for all results in one batch (cache hits cost a file
read; misses run in parallel), replaces references with the source fence and an output block,
publishes the referenced snippet files so output blocks can link to them, and fails the build
(exit code 1, strict or not) listing every problem. Under ``mkdocs serve`` problems are shown in
the page and the terminal instead, and only changed snippets run again.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mkdocs.utils  # noqa: E402
from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.plugins import event_priority  # noqa: E402
from mkdocs.structure.files import File, Files  # noqa: E402
from mkdocs.structure.pages import Page  # noqa: E402
from mkdocs.utils import get_relative_url  # noqa: E402
from snippet_engine import Engine, Outcome, render  # noqa: E402
from snippet_engine.engine import untranslated  # noqa: E402
from snippet_engine.labels import label  # noqa: E402
from snippet_engine.pages import Problem, Reference, rewrite, scan  # noqa: E402
from snippet_engine.spec import SnippetError, load  # noqa: E402

# Notebook pages count as documentation pages from the start, so that plugins which rebuild the
# file list (mkdocs-static-i18n) keep them; mkdocs-jupyter renders them.
if ".ipynb" not in mkdocs.utils.markdown_extensions:
    mkdocs.utils.markdown_extensions = (*mkdocs.utils.markdown_extensions, ".ipynb")  # type: ignore[assignment]

log = logging.getLogger("mkdocs.hooks.snippets")
PLACEHOLDER = "SNIPPETOUTPUTPLACEHOLDER{:05d}"


class _State:
    """What one process remembers between hooks (and between rebuilds under serve)."""

    serving = False
    engine: Engine | None = None
    outcomes: dict[str, Outcome] = {}
    problems: list[str] = []
    users: dict[str, list[str]] = {}
    blocks: dict[str, str] = {}


def on_startup(command: str, dirty: bool) -> None:
    _State.serving = command == "serve"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    root = Path(config.config_file_path).resolve().parent
    if _State.engine is None or _State.engine.root != root:
        execute = os.environ.get("SNIPPETS_EXECUTE", "1") != "0"
        cache = os.environ.get("SNIPPETS_CACHE_DIR")
        _State.engine = Engine(root, execute=execute, cache_dir=Path(cache) if cache else None)
    return config


@event_priority(-110)  # after plugins that rebuild the file list (mkdocs-static-i18n: -100)
def on_files(files: Files, config: MkDocsConfig) -> Files:
    engine = _State.engine
    assert engine is not None
    problems: list[Problem | str] = []
    users: dict[str, list[str]] = {}
    notebooks: dict[str, list[File]] = {}
    for snapshot in [f for f in files if f.src_uri.endswith(".out")]:
        if files.get_file_from_path(snapshot.src_uri[: -len(".out")] + ".ipynb"):
            files.remove(snapshot)  # a notebook's snapshot is for review, not for the site
    for page in files.documentation_pages():
        page_name = f"{Path(config.docs_dir).name}/{page.src_uri}"
        if page.src_uri.endswith(".ipynb"):  # executed by the engine, rendered by mkdocs-jupyter
            rel = str(Path(page.abs_src_path or "").resolve().relative_to(engine.root))
            original = untranslated(engine.root, rel)  # a translation shares one execution
            notebooks.setdefault(original, []).append(page)
            users.setdefault(original, []).append(page_name)
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
            if ref.show != "source":  # a source-only reference runs nothing (it may be a module)
                users.setdefault(ref.snippet, []).append(page_name)
    _State.outcomes = engine.results(users)
    _State.users = users
    for outcome in _State.outcomes.values():
        used_by = ", ".join(dict.fromkeys(users[outcome.rel]))
        if outcome.error:
            problems.append(f"{outcome.error} (used by {used_by})")
        elif outcome.drift:
            problems.append(f"{outcome.rel}: output differs from the committed snapshot (used by "
                            f"{used_by}); run `make snapshots` if the change is deliberate\n"
                            f"{outcome.drift}")
        if outcome.rel in notebooks:
            for page in notebooks[outcome.rel]:
                _use_executed_notebook(page, outcome, engine)
            continue
        source = str(engine.root / outcome.rel)
        files.append(File.generated(config, outcome.rel, abs_src_path=source))
    _State.problems = [str(p) for p in problems]
    return files


def _use_executed_notebook(page: File, outcome: Outcome, engine: Engine) -> None:
    """Point a notebook page at an executed copy, so it renders with real outputs.

    A translated notebook gets the outputs of the original's run, cell by cell: its code cells
    are the same (a test checks), only its Markdown cells differ.
    """
    if outcome.notebook is None:
        return
    text = outcome.notebook
    own = Path(page.abs_src_path or "")
    if own.resolve() != (engine.root / outcome.rel).resolve():
        text = _with_outputs(own.read_text(encoding="utf-8"), outcome.notebook)
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    executed = engine.cache.folder / "notebooks" / digest / own.name  # the download keeps its name
    if not executed.is_file():
        executed.parent.mkdir(parents=True, exist_ok=True)
        executed.write_text(text, encoding="utf-8")
    page.abs_src_path = str(executed)


def _with_outputs(notebook: str, executed: str) -> str:
    """``notebook`` with the outputs of ``executed`` copied into its code cells, in order."""
    mine, ran = json.loads(notebook), json.loads(executed)
    ran_cells = [cell for cell in ran["cells"] if cell["cell_type"] == "code"]
    my_cells = [cell for cell in mine["cells"] if cell["cell_type"] == "code"]
    for cell, source in zip(my_cells, ran_cells, strict=False):
        cell["outputs"] = source.get("outputs", [])
        cell["execution_count"] = source.get("execution_count")
    return json.dumps(mine, indent=1, sort_keys=True, ensure_ascii=False)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    engine = _State.engine
    assert engine is not None
    page_name = f"{Path(config.docs_dir).name}/{page.file.src_uri}"
    language = str(config.theme.get("language") or "en")  # set per edition by the i18n plugin

    def replace(ref: Reference) -> str:
        outcome = _State.outcomes.get(ref.snippet)
        token = PLACEHOLDER.format(len(_State.blocks))
        if outcome is None and ref.show != "source":
            message = f"{page_name}:{ref.line}: snippet not found: {ref.snippet}"
            _State.blocks[token] = render.error_html(message, language=language)
            return ref.indent + token
        parts = []
        if ref.show in ("source", "both"):
            try:
                parts.append(render.source_fence(load(engine.root, ref.snippet), ref))
            except SnippetError as exc:  # e.g. no such region: shown here, and fails the build
                parts.append(ref.indent + token + "0")
                _State.blocks[token + "0"] = render.error_html(f"{page_name}:{ref.line}: {exc}",
                                                               language=language)
                _State.problems.append(f"{page_name}:{ref.line}: {exc}")
        if outcome is not None and ref.show != "source":
            href = get_relative_url(outcome.rel, page.file.url)
            if outcome.error:
                _State.blocks[token] = render.error_html(outcome.error, outcome.details, language)
            else:
                _State.blocks[token] = render.output_html(outcome, ref.show, href, language)
            parts.append(ref.indent + token)
        # Blank lines around every block, so references on consecutive lines stay separate.
        return "\n" + "\n\n".join(parts) + "\n"

    return rewrite(page_name, markdown, replace, label("illustrative", language))


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    for token in [t for t in _State.blocks if t in html]:
        html = html.replace(f"<p>{token}</p>", _State.blocks.pop(token))
    # Python listings (snippets, illustrative fragments) stay out of the search index, which every
    # page loads: the prose around them names every API they use.
    return html.replace('<div class="language-python highlight">',
                        '<div class="language-python highlight" data-search-exclude>')


def on_post_build(config: MkDocsConfig) -> None:
    outcomes = _State.outcomes.values()
    ran = sorted((o for o in outcomes if not o.cached), key=lambda o: o.duration, reverse=True)
    log.info(f"snippets: {len(_State.outcomes)} referenced, {len(ran)} executed")
    for outcome in ran[:5]:
        log.info(f"  {outcome.duration:6.2f} s  {outcome.rel}")
    if not _State.problems:
        return
    summary = "\n".join(_State.problems)
    if _State.serving:
        log.error(f"{len(_State.problems)} snippet problem(s):\n{summary}")
        return
    raise PluginError(f"{len(_State.problems)} snippet problem(s):\n{summary}")


def on_serve(server: Any, config: MkDocsConfig, builder: Any) -> Any:
    engine = _State.engine
    assert engine is not None
    server.watch(str(engine.snippets_root))
    engine.prewarm()
    return server
