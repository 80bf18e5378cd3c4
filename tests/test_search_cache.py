"""``overrides/hooks/search_cache.py``: a page's search entries are made once per content, and
the index a build writes is the one the theme's plugin would write."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import jieba
import pytest
from fixtures.small_site import build_site, calls_to, small_site
from material.plugins.search.plugin import Parser

CONFIG = """\
theme:
  name: material
  font: false
plugins:
  - search
"""
PAGES = {
    "index.md": "# Home\n\nThe first page.\n\n## A section\n\nIts text.\n",
    "other.md": "---\nsearch:\n  boost: 2\n---\n# Other\n\nThe second page.\n",
}


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The HTML the search plugin parses from now on."""
    return calls_to(monkeypatch, Parser, "feed", str)


def _index(site: Path) -> str:
    return (site / "search" / "search_index.json").read_text(encoding="utf-8")


def test_an_unchanged_page_is_not_parsed_again(tmp_path: Path, parsed: list[str]) -> None:
    root = small_site(tmp_path, PAGES, CONFIG, ["search_cache.py"])
    first = _index(build_site(root))
    assert len(parsed) == 2
    parsed.clear()
    second = _index(build_site(root))
    assert parsed == []
    assert second == first
    assert '"boost":2' in second.replace(" ", "")  # front matter the plugin reads is kept


def test_the_cached_index_is_the_plugins_own(tmp_path: Path) -> None:
    with_hook = small_site(tmp_path / "a", PAGES, CONFIG, ["search_cache.py"])
    build_site(with_hook)
    plain = small_site(tmp_path / "b", PAGES, CONFIG, [])
    assert _index(build_site(with_hook)) == _index(build_site(plain))


def test_an_edited_page_alone_is_parsed_again(tmp_path: Path, parsed: list[str]) -> None:
    root = small_site(tmp_path, PAGES, CONFIG, ["search_cache.py"])
    build_site(root)
    parsed.clear()
    (root / "docs" / "other.md").write_text("# Other\n\nA new sentence.\n", encoding="utf-8")
    index = _index(build_site(root))
    assert len(parsed) == 1 and "A new sentence." in parsed[0]
    assert "A new sentence." in index and "The second page." not in index


def test_a_dirty_rebuild_indexes_every_page(tmp_path: Path) -> None:
    """``make serve`` rebuilds dirty: the index still holds every page once, the rebuilt one
    as it is now (the theme's own merge would keep only the pages built again)."""
    pages = {**PAGES, "third.md": "# Third\n\nThe third page.\n"}
    root = small_site(tmp_path, pages, CONFIG, ["search_cache.py"])
    build_site(root, strict=False, dirty=True)
    time.sleep(0.05)  # past the clock tick of the pages just written
    (root / "docs" / "index.md").write_text("# Home\n\nA new sentence.\n", encoding="utf-8")
    index = json.loads(_index(build_site(root, strict=False, dirty=True)))["docs"]
    locations = [entry["location"] for entry in index]
    assert sorted(locations) == ["", "other/", "third/"]
    assert [e["text"] for e in index if e["location"] == ""] == ["<p>A new sentence.</p>"]


CHINESE_CONFIG = """\
theme:
  name: material
  font: false
plugins:
  - search:
      lang: zh
      jieba_dict_user: words.txt
"""
CHINESE_PAGES = {"index.md": "# 首页\n\n反向传播沿计算图求出叶子张量的梯度。\n"}


def _chinese_site(root: Path, hooks: list[str]) -> Path:
    site = small_site(root, CHINESE_PAGES, CHINESE_CONFIG, hooks)
    (site / "words.txt").write_text("叶子张量 100 n\n计算图 100 n\n", encoding="utf-8")
    return site


def test_jieba_loads_its_dictionaries_only_to_segment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The user dictionary is loaded when a page is segmented, not at configuration: a build
    whose entries all come from the cache loads none; the index is the plugin's own."""
    root = _chinese_site(tmp_path / "a", ["search_cache.py"])
    monkeypatch.chdir(root)  # the theme reads the dictionary's path from the working folder
    added = calls_to(monkeypatch, jieba.Tokenizer, "add_word", str)
    first = _index(build_site(root))
    assert "叶子张量" in added and "\u200b叶子张量\u200b" in first.encode().decode("unicode_escape")
    added.clear()
    assert _index(build_site(root)) == first
    assert added == []
    # the theme's own index, from a process where jieba loads at configuration as it always did
    plain = _chinese_site(tmp_path / "b", [])
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(plain / "site")],
        cwd=plain, check=True, capture_output=True,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
    )  # fmt: skip
    assert _index(plain / "site") == first
