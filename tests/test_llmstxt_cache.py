"""``overrides/hooks/llmstxt_cache.py``: under a dirty rebuild, the pages not built again keep
their Markdown from the builds before, so llms.txt still lists every page."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _hook() -> Any:
    spec = importlib.util.spec_from_file_location(
        "llmstxt_cache", ROOT / "overrides/hooks/llmstxt_cache.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _config(pages: dict[str, str], listed: tuple[str, ...] = ("a.md", "b.md")) -> Any:
    plugin = SimpleNamespace(_md_pages=dict(pages), _file_uris=set(listed))
    config = SimpleNamespace(plugins={"llmstxt": plugin}, theme={"language": "en"})
    return config, plugin


def test_a_dirty_rebuild_keeps_every_page() -> None:
    hook = _hook()
    hook.on_startup(command="serve", dirty=True)
    config, plugin = _config({"a.md": "A", "b.md": "B"})
    hook.on_post_build(config)
    config, plugin = _config({"b.md": "B, edited"})  # only b.md was built again
    hook.on_post_build(config)
    assert plugin._md_pages == {"a.md": "A", "b.md": "B, edited"}


def test_a_clean_build_lists_what_it_built() -> None:
    hook = _hook()
    hook.on_startup(command="build", dirty=False)
    config, _ = _config({"a.md": "A", "b.md": "B"})
    hook.on_post_build(config)
    config, plugin = _config({"b.md": "B"})
    hook.on_post_build(config)
    assert plugin._md_pages == {"b.md": "B"}


def test_a_removed_page_is_not_listed_again() -> None:
    hook = _hook()
    hook.on_startup(command="serve", dirty=True)
    config, _ = _config({"a.md": "A", "b.md": "B"})
    hook.on_post_build(config)
    config, plugin = _config({"b.md": "B"}, listed=("b.md",))  # a.md is gone
    hook.on_post_build(config)
    assert plugin._md_pages == {"b.md": "B"}


def test_each_edition_keeps_its_own_pages() -> None:
    hook = _hook()
    hook.on_startup(command="serve", dirty=True)
    config, _ = _config({"a.md": "A"})
    hook.on_post_build(config)
    config, _ = _config({"a.md": "A, in Chinese"})  # a page not translated yet
    config.theme["language"] = "zh"
    hook.on_post_build(config)
    config, plugin = _config({})
    hook.on_post_build(config)
    assert plugin._md_pages == {"a.md": "A"}
