"""The MkDocs adapter's hooks, called directly: a build fails on a snippet problem, while
``mkdocs serve`` shows it in the page and keeps serving."""

from __future__ import annotations

import logging
from pathlib import Path

import mkdocs_snippets as hooks
import pytest
from fixtures.snippet_repo import ADAPTER_SETTINGS, Repo
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import get_files
from mkdocs.structure.pages import Page


@pytest.fixture
def state(monkeypatch: pytest.MonkeyPatch) -> type[hooks._State]:
    """The adapter's process-wide state, restored after the test."""
    for name, empty in (("engine", None), ("serving", False), ("builds", []), ("problems", [])):
        monkeypatch.setattr(hooks._State, name, empty)
    for name in ADAPTER_SETTINGS:
        monkeypatch.delenv(name, raising=False)
    return hooks._State


def render_page(repo: Repo, command: str, page_name: str = "index.md") -> tuple[MkDocsConfig, Path]:
    """Run the hooks of one build (or serve) over one page, as MkDocs calls them, up to writing
    the page; return the config and the written page (its outputs are filled in by the
    ``on_post_build`` hook, which the test calls)."""
    hooks.on_startup(command=command, dirty=False)
    config = load_config(str(repo.root / "mkdocs.yml"), site_dir=str(repo.root / "site"))
    config = hooks.on_config(config)
    config.plugins._current_plugin = "hooks"  # set by MkDocs while it dispatches an event
    files = hooks.on_files(get_files(config), config=config)
    file = files.get_file_from_path(page_name)
    assert file is not None
    page = hooks.on_pre_page(Page(None, file, config), config=config, files=files)
    page.markdown = hooks.on_page_markdown(
        file.content_string, page=page, config=config, files=files
    )
    page.render(config, files)
    assert page.content is not None
    html = hooks.on_page_content(page.content, page=page, config=config, files=files)
    written = Path(file.abs_dest_path)
    written.parent.mkdir(parents=True, exist_ok=True)
    written.write_text(hooks.on_post_page(html, page=page, config=config), encoding="utf-8")
    return config, written


@pytest.fixture
def failing(repo: Repo) -> Repo:
    repo.write("snippets/t/fails.py", 'print("partial output")\nraise ValueError("broken")\n')
    repo.write("snippets/t/fine.py", 'print("fine")\n')
    repo.record("snippets/t/fine.py")
    repo.page(
        "index.md",
        """
        # Page

        {* snippets/t/fails.py *}

        {* snippets/t/fine.py region=missing *}
    """,
    )
    return repo


def test_serve_shows_problems_in_the_page(
    failing: Repo, state: type[hooks._State], caplog: pytest.LogCaptureFixture
) -> None:
    config, page = render_page(failing, "serve")
    assert state.serving
    with caplog.at_level(logging.ERROR, logger="mkdocs.hooks.snippets"):
        hooks.on_post_build(config=config)
    html = page.read_text(encoding="utf-8")
    assert html.count('<div class="admonition failure">') == 2
    assert "snippets/t/fails.py:2: ValueError: broken" in html
    assert "docs/index.md:5: snippets/t/fine.py:1: no region named &#x27;missing&#x27;" in html
    assert '<pre class="snippet-text"><code>fine\n</code></pre>' in html  # its output still shows
    logged = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR)
    assert "2 snippet problem(s)" in logged
    assert "snippets/t/fails.py:2: ValueError: broken (used by docs/index.md)" in logged


def test_a_build_raises_on_problems(failing: Repo, state: type[hooks._State]) -> None:
    config, page = render_page(failing, "build")
    assert not state.serving
    with pytest.raises(PluginError) as caught:
        hooks.on_post_build(config=config)
    message = str(caught.value)
    assert "2 snippet problem(s)" in message
    assert "snippets/t/fails.py:2: ValueError: broken (used by docs/index.md)" in message
    assert "docs/index.md:5: snippets/t/fine.py:1: no region named 'missing'" in message
    assert "snippets/t/fails.py:2: ValueError: broken" in page.read_text(encoding="utf-8")


def test_a_clean_build_does_not_raise(repo: Repo, state: type[hooks._State]) -> None:
    repo.write("snippets/t/fine.py", 'print("fine")\n')
    repo.record("snippets/t/fine.py")
    repo.page("index.md", "# Page\n\n{* snippets/t/fine.py show=output *}\n")
    config, page = render_page(repo, "build")
    hooks.on_post_build(config=config)
    html = page.read_text(encoding="utf-8")
    assert state.problems == []
    assert "SNIPPETOUTPUTPLACEHOLDER" not in html
    assert '<pre class="snippet-text"><code>fine\n</code></pre>' in html


def test_pages_render_while_snippets_run(
    repo: Repo, state: type[hooks._State], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The snippet cannot finish before the page is written: rendering must not wait for it."""
    repo.write(
        "snippets/t/waits.py",
        """
        # snippet: timeout=30
        import pathlib
        import time

        while not pathlib.Path("page-written").exists():
            time.sleep(0.01)
        print("ran while the page rendered")
    """,
    )
    flag = repo.root / "page-written"
    flag.touch()
    repo.record("snippets/t/waits.py")  # the snapshot
    flag.unlink()
    monkeypatch.setenv("SNIPPETS_CACHE_DIR", str(tmp_path / "empty-cache"))  # so the build runs it
    repo.page("index.md", "# Page\n\n{* snippets/t/waits.py show=output *}\n")
    config, page = render_page(repo, "build")
    pending = page.read_text(encoding="utf-8")
    assert hooks.MARKERS.search(pending)  # "<!-- snippet output SNIPPETOUTPUTPLACEHOLDER… -->"
    assert "ran while" not in pending
    flag.touch()
    hooks.on_post_build(config=config)
    html = page.read_text(encoding="utf-8")
    assert '<pre class="snippet-text"><code>ran while the page rendered\n</code></pre>' in html
    assert "snippet output" not in html


def test_serve_rebuild_forgets_fixed_problems(failing: Repo, state: type[hooks._State]) -> None:
    config, _ = render_page(failing, "serve")
    hooks.on_post_build(config=config)
    assert len(state.problems) == 2
    failing.write("snippets/t/fails.py", 'print("fixed")\n')
    failing.record("snippets/t/fails.py")
    failing.page("index.md", "# Page\n\n{* snippets/t/fails.py *}\n")
    config, page = render_page(failing, "serve")
    hooks.on_post_build(config=config)
    html = page.read_text(encoding="utf-8")
    assert state.problems == []
    assert "admonition failure" not in html
    assert '<pre class="snippet-text"><code>fixed\n</code></pre>' in html


def test_a_warm_build_writes_every_output_with_its_page(
    repo: Repo, state: type[hooks._State]
) -> None:
    rel = repo.write("snippets/t/fine.py", 'print("fine")\n')
    new = repo.write("snippets/t/new.py", 'print("new")\n')
    repo.record(rel)  # cached: known before the page is written
    repo.page("index.md", f"# Page\n\n{{* {rel} *}}\n\n{{* {new} *}}\n")
    config, page = render_page(repo, "build")
    written = page.read_text(encoding="utf-8")
    assert written.count('<div class="snippet-output"') == 1 and "fine\n" in written
    assert written.count(hooks.MARKER.format("")[:-4]) == 1  # the snippet that had to run
    with pytest.raises(PluginError):  # new.py has no snapshot yet
        hooks.on_post_build(config=config)
    assert page.read_text(encoding="utf-8").count('<div class="snippet-output"') == 2


def test_a_site_without_the_fence_extensions_is_refused(
    repo: Repo, state: type[hooks._State]
) -> None:
    (repo.root / "mkdocs.yml").write_text(
        f"site_name: Bare\nhooks:\n  - {hooks.__file__}\nmarkdown_extensions:\n  - attr_list\n",
        encoding="utf-8",
    )
    config = load_config(str(repo.root / "mkdocs.yml"))
    with pytest.raises(PluginError, match="pymdownx.superfences, pymdownx.highlight"):
        hooks.on_config(config)


def test_outcome_of_refuses_a_snippet_no_page_shows(state: type[hooks._State]) -> None:
    state.builds = [hooks._Build(batch=None, users={"a.py": ["docs/index.md"]}, notebooks={},
                                 problems=[])]  # type: ignore[arg-type]  # fmt: skip
    with pytest.raises(PluginError, match="b.py: no page of this edition shows its output"):
        hooks.outcome_of("b.py")
