"""The MkDocs plugin, driven through MkDocs' own ``build``: problems fail a build and show in the
page under serve; a fixed problem is forgotten on the next rebuild."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from fixtures.snippet_repo import ADAPTER_SETTINGS, Repo
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, PluginError


@pytest.fixture(autouse=True)
def _no_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ADAPTER_SETTINGS:
        monkeypatch.delenv(name, raising=False)


def configured(repo: Repo, command: str = "build") -> MkDocsConfig:
    config = load_config(str(repo.root / "mkdocs.yml"), site_dir=str(repo.root / "site"))
    config.plugins.on_startup(command=command, dirty=False)
    return config


def page(repo: Repo) -> str:
    return (repo.root / "site" / "index.html").read_text(encoding="utf-8")


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


def test_a_build_fails_on_problems_naming_file_and_line(
    failing: Repo, caplog: pytest.LogCaptureFixture
) -> None:
    with pytest.raises(Abort), caplog.at_level(logging.ERROR):
        build(configured(failing))
    message = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR)
    assert "2 problem(s):" in message
    assert "snippets/t/fails.py:2: ValueError: broken (used by docs/index.md)" in message
    assert "docs/index.md:5: snippets/t/fine.py:1: no region named 'missing'" in message


def test_serve_shows_problems_in_the_page(failing: Repo, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="mkdocs.plugins.fieldguide"):
        build(configured(failing, "serve"))
    html = page(failing)
    assert html.count('<div class="admonition failure">') == 2
    assert "snippets/t/fails.py:2: ValueError: broken" in html
    assert "docs/index.md:5: snippets/t/fine.py:1: no region named &#x27;missing&#x27;" in html
    assert '<pre class="snippet-text"><code>fine\n</code></pre>' in html  # its output still shows
    logged = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR)
    assert "2 problem(s)" in logged


def test_serve_rebuild_forgets_fixed_problems(failing: Repo) -> None:
    config = configured(failing, "serve")
    build(config)
    failing.write("snippets/t/fails.py", 'print("fixed")\n')
    failing.record("snippets/t/fails.py")
    failing.page("index.md", "# Page\n\n{* snippets/t/fails.py *}\n")
    again = load_config(str(failing.root / "mkdocs.yml"), site_dir=str(failing.root / "site"))
    again.plugins = config.plugins  # MkDocs keeps a plugin with on_startup across rebuilds
    build(again)
    html = page(failing)
    assert "admonition failure" not in html
    assert '<pre class="snippet-text"><code>fixed\n</code></pre>' in html


def test_a_clean_build_publishes_the_snippet_beside_the_page(repo: Repo) -> None:
    rel = repo.write("snippets/t/fine.py", 'print("fine")\n')
    repo.record(rel)
    repo.page("index.md", f"# Page\n\n{{* {rel} show=output *}}\n")
    build(configured(repo))
    assert '<pre class="snippet-text"><code>fine\n</code></pre>' in page(repo)
    assert (repo.root / "site" / rel).read_text(encoding="utf-8") == 'print("fine")\n'


def test_a_site_without_the_fence_extensions_is_refused(repo: Repo) -> None:
    (repo.root / "mkdocs.yml").write_text(
        "site_name: Bare\nplugins:\n  - fieldguide\nmarkdown_extensions:\n  - attr_list\n",
        encoding="utf-8",
    )
    with pytest.raises(PluginError, match="pymdownx.superfences"):
        configured(repo).plugins.on_config(configured(repo))


def test_a_bad_engine_setting_is_a_plugin_error_naming_it(
    repo: Repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SNIPPETS_TIMEOUT", "soon")
    config = configured(repo)
    with pytest.raises(PluginError, match=r"^SNIPPETS_TIMEOUT='soon': expected a positive number$"):
        config.plugins.on_config(config)


def test_mkdocs_yml_uses_the_plugin_and_no_hooks() -> None:
    """The site's build runs through the plugin and the extensions, with no hook files."""
    root = Path(__file__).resolve().parents[1]
    config = load_config(str(root / "mkdocs.yml"))
    assert "fieldguide" in config.plugins
    assert not config.hooks
    assert "search" not in config.plugins  # the search index is Pagefind's, built by the plugin


ARTICLE = (
    '<!doctype html><html lang="en"><head><title>T</title></head><body>'
    '<article class="md-content__inner"><h1 id="t">Leaves</h1><p>A leaf has no grad_fn.</p>'
    "</article></body></html>"
)


def test_the_search_index_is_written_at_build_and_behind_serve(tmp_path: Path) -> None:
    """A build writes the index before it ends; under serve a thread writes it after each
    build, and a failure there is logged, not raised."""
    from types import SimpleNamespace

    from fieldguide.plugin import FieldGuidePlugin

    (tmp_path / "index.html").write_text(ARTICLE, encoding="utf-8")
    config = SimpleNamespace(site_dir=str(tmp_path))
    plugin = FieldGuidePlugin()
    plugin._index_for_search(config)  # type: ignore[arg-type]
    assert (tmp_path / "pagefind" / "pagefind-entry.json").is_file()

    (tmp_path / "pagefind" / "pagefind-entry.json").unlink()
    plugin.serving = True
    plugin._index_for_search(config)  # type: ignore[arg-type]
    assert plugin.indexer is not None
    plugin.indexer.shutdown(wait=True)
    assert (tmp_path / "pagefind" / "pagefind-entry.json").is_file()
    plugin.on_shutdown()


def test_a_search_index_that_fails_under_serve_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from types import SimpleNamespace

    from fieldguide import search_index
    from fieldguide.plugin import FieldGuidePlugin

    def fail(site: Path) -> None:
        raise search_index.SearchIndexError(f"Pagefind failed on {site}: no")

    monkeypatch.setattr(search_index, "index_site", fail)
    plugin = FieldGuidePlugin()
    plugin.serving = True
    plugin._index_for_search(SimpleNamespace(site_dir=str(tmp_path)))  # type: ignore[arg-type]
    assert plugin.indexer is not None
    plugin.indexer.shutdown(wait=True)
    assert "search: the index was not written: Pagefind failed on" in caplog.text
